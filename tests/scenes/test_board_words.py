"""What a player reads of the kit's own lines on every board (issue 23 "Words"): the undo line and
the Suggest line name the action as the rules' `action_text` says it, never in engine syntax
("Blue takes back: buy wood.", "Suggestion: end: it keeps our hit points up"), as sentences."""

from __future__ import annotations

import pytest

from game import registry as rules_registry
from game.core import Rng
from game.core.match import Match
from scenes import registry
from scenes.board import Seat
from scenes.widgets.handoff import HandOffScene
from tests.scenes.helpers import click_widget, settle
from tests.texts import text_problems

BOARDS = {
    "krosmaster": ("scenes.krosmaster.board:KrosmasterBoard", lambda r: r.Setup()),
    "krom": ("scenes.krom.board:KromBoard", lambda r: r.Setup(players=2)),
    "khrysos": ("scenes.khrysos.board:KhrysosBoard", lambda r: r.Setup(players=2)),
}
NAMES = ("Ann", "Bob")


def _table(app, game_id):
    """A board of two human seats, at a position where the seat to move can take back what it plays:
    seeded random play goes on until an action whose words differ from its text form can be undone."""
    target, make_setup = BOARDS[game_id]
    rules = rules_registry.load(game_id)
    match = Match.new(rules, make_setup(rules), 3)
    match.table = {"seats": [{"name": n} for n in NAMES]}
    rng = Rng(11)
    for _ in range(3000):
        legal = match.legal_actions()
        assert legal, "the game ended before an undoable action came"
        worded = [a for a in legal if match.text("action_text", match.state, a) != str(a)] or legal
        action = worded[rng.below(len(worded))]
        words = match.text("action_text", match.state, action)
        match.play(action)
        if words != str(action) and match.why_no_undo() is None:
            match.undo()
            break
    app.settings.animation_speed = "instant"
    board = registry.resolve(target)(app, match, [Seat(n, (200, 60 + 60 * i, 60)) for i, n in enumerate(NAMES)])
    board.autosave = False
    app.push(board)
    settle(app)
    _claim(app, board)
    return board, action, words


def _claim(app, board) -> None:
    for _ in range(40):
        if isinstance(app.stack.top, HandOffScene):
            click_widget(app, app.stack.top.ready)
        if app.stack.top is board and not board.busy:
            return
        app.run_frames(2)


@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_the_undo_line_names_the_action_in_words(app, monkeypatch, game_id):
    from scenes import saves

    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    board, action, words = _table(app, game_id)
    seat = board.match.state.to_move
    assert board.act(action), board.flash_text
    _claim(app, board)
    assert board.undo(), board.flash_text
    settle(app)
    line = board.log.lines[-1]
    line = line[0] if isinstance(line, tuple) else line
    said = words if words.split()[0] in NAMES else words[0].lower() + words[1:]  # no capital after the colon
    assert line == f"{NAMES[seat]} takes back: {said}.", (str(action), line)
    assert str(action) not in line and not text_problems(line, sentence=True), (line, text_problems(line, sentence=True))


@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_the_suggestion_names_the_action_in_words(app, monkeypatch, game_id):
    from scenes import saves

    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    board, _, _ = _table(app, game_id)
    board.suggest()
    for _ in range(600):
        app.run_frames(2)
        if board.suggested is not None:
            break
    suggested = board.suggested
    assert suggested is not None, "the computer gave no suggestion"
    text = board.suggestion_text
    words = board.action_words(suggested)
    assert text.startswith(f"Suggestion: {words}"), (str(suggested), text)
    assert not text_problems(text, sentence=True), (text, text_problems(text, sentence=True))
    if words != str(suggested):
        assert f": {suggested}" not in text and not text[len("Suggestion: "):].startswith(str(suggested)), text


# Boards whose every tip, greyed reason and log line is read here through a game: all three.
READ_THROUGH_A_GAME = ("khrysos.board", "krom.board", "krosmaster.board")


def _texts_on_screen(board) -> list[tuple[str, str]]:
    spots = board.spots
    out = []
    for spot in spots:
        if spot.widget is not None and not spot.widget.visible:
            continue
        out += [(f"tip of {spot.key}", line) for line in spots.tip_of(spot)]
        if not spots.is_enabled(spot):
            out.append((f"reason of {spot.key}", spots.reason_of(spot)))
    out += [("log", line if isinstance(line, str) else line[0]) for line in board.log.lines]
    if board.flash_text:
        out.append(("flash", board.flash_text))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", READ_THROUGH_A_GAME)
def test_every_tip_reason_and_log_line_of_a_board_reads_as_a_player_would(app, name):
    """Fifteen settled positions of a hot-seat game, moves chosen at random among the legal ones:
    no raw coordinates or internal ids, right articles and plurals, capitals, no stray stops."""
    from tests.scenes.kitcheck import hot_seat_positions

    problems: dict[str, str] = {}
    checked = 0
    for board in hot_seat_positions(app, name, 15):
        for where, text in _texts_on_screen(board):
            for problem in text_problems(text) if text else ():
                problems.setdefault(f"{where}: {problem}", text)
        checked += 1
    assert checked >= 10, f"only {checked} positions of {name} were reached"
    assert not problems, "\n".join(f"{p} in {t!r}" for p, t in list(problems.items())[:20])
