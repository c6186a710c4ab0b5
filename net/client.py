"""The client side of remote play: `AsyncClient` (asyncio), `TableClient` (a thread for the app) and `RemoteMatch`.

The contract the app's lobby and boards build on
------------------------------------------------

`TableClient(host, port)` starts a background thread with its own asyncio loop and connects
(`ws://host:port`). Every call below blocks the caller for at most `timeout` seconds (default 10)
and raises `NetError` with a sentence a player can read when the server refuses or cannot be
reached. It never imports pygame.

- `client.create(game, setup_dict, seats) -> RemoteMatch`: open a table. `seats` is one dict per
  seat: `{"kind": "remote"|"host"|"computer", "name": str, "level": "random"|"easy"|"normal"|"hard"}`
  (level only for "computer"). The returned match holds every "host" seat (hot-seat at the host's
  screen) and is the table's host: `match.code` is the short code to share (6 letters/digits),
  `match.tokens` {seat: token} and `match.host_token` are the secrets to keep in user data.
- `client.join(code, seat=None, name="") -> RemoteMatch`: take an open remote seat (the first
  one when `seat` is None); `match.tokens` holds the new seat's token.
- `client.rejoin(code, token) -> RemoteMatch`: come back to a seat (or to the host's seats, with
  the host token) at any time, e.g. after the program was closed.
- `client.spectate(code) -> RemoteMatch`: watch; `match.seats` is empty, the view is a spectator's.
- `client.close()`.

The connection reconnects by itself after a drop (backoff 0.1 s doubling to 5 s) and rejoins
every table with its tokens; an action sent just before the drop is neither lost nor applied
twice (each action carries the number of actions it was chosen after, and the server refuses a
stale one).

`RemoteMatch` has the face of `game.core.match.Match` that the board kit reads, for the seats
this screen holds (`seats`, a tuple; `viewer` is the one shown, settable among them; None for a
spectator):

- `rules`, `setup` (the Setup object), `players`, `over`, `names`, `table` ({"seats": [{"name",
  "bot"?}...]} as `scenes.board.seats` reads it), `progress()`, `text(function, *args)`.
- `state` / `view(seat)`: the last view the server sent for `seat` (a held seat; any other seat or
  None gives the viewer's view: this screen sees nothing more). Never the full state.
- `decision()`: as the viewer's view tells it; `legal_actions()`: the legal actions of the viewer
  when it decides, else []; `outcome()`; `why_illegal(action)`.
- `actions`: a list as long as the number of actions played. The viewer's own actions are real;
  the others are `Action("hidden")` until the game is over and the server sends the record.
- `play(action) -> list[Event]`: sends the action text for the viewer and waits for the server
  (a round trip): returns that action's events redacted for the viewer, or raises
  `IllegalAction` with the rules' reason (or why the server could not be reached).
- `poll() -> list[Event]`: call it every frame while no animation plays. It takes in everything
  the server sent since the last call (other seats' and computer seats' actions, an accepted
  undo, a reconnect) and returns the viewer's redacted events of actions not played by `play`,
  in order, for the board to animate; `revision` grows by one each time anything changed (state,
  seats, away flags, chat, an undo request), so a board resyncs its snapshot when it moves.
- `history()`, `events_of(n)`: (action number, event) of every action, redacted for the viewer.
  `state_after(n)`, `truncated(n)`: the viewer's view after n actions, for replays.
- `save() -> Save`: game, rules version and setup as any save, with `table["online"] =
  {"host", "port", "code", "seats", "tokens"}` to come back to the table; seed and actions are
  the real ones only once the game is over (the server's `record`), so a finished online game
  is saved and replayed like any other.
- Undo is a request: `why_no_undo()` (None when the viewer may ask), `request_undo()`;
  `undo_request` is {"by": seat} while another seat asks, answered with `answer_undo(accept)`;
  an accepted undo arrives through `poll()` (the view goes back, `revision` moves).
  `undo()`, `redo()`, `can_redo()` keep Match's names: `undo()` sends the request and returns
  None, `can_redo()` is False.
- Online only: `code`, `host` (this screen is the host), `seat_info` (per seat: name, kind,
  level, open, away), `connected` and `status_text` ("Reconnecting…"), `chat` (list of
  {"seat", "name", "text"}), `send_chat(text)`, `handover(seat, level)` (host: an away seat to a
  computer), `leave()`, `end()` (host), `close()`.
"""

from __future__ import annotations
