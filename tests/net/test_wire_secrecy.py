"""Wire secrecy (issue 32): every byte a seat is sent depends only on what that seat may see.

Two tables are started from two positions that differ only in one seat's hidden information (a
card of its hand swapped with one of the deck, a different secret destination, another deck
order) and played with the same random legal actions, every seat a recording client over the
loopback. As long as the full states still differ only in that secret (checked on the states
themselves, not on any view), every frame sent to every other seat and to a spectator must be
identical, byte for byte; the seat with the secret must have seen the difference (the variant is
real). And no frame of any game holds the seed, any RNG state the game went through, or a token
other than the receiver's own.
"""

import asyncio
import copy

import pytest

from game import registry
from game.core.match import Match
from game.core.rng import Rng
from net.connection import NetError
from tests.net.harness import Recorder, fixed_secrets, start, stop, until

SEED = 4_611_686_018_427_388_039  # fixed_secrets' seed: 19 digits, never found in a frame by chance


def setup_of(rules, players):
    d = rules.bench_setup().to_dict()
    if "players" in d:
        d["players"] = players
    return rules.Setup.from_dict(d)


# -- the secrets each game keeps, as paths into the state's plain data ------------------------------

def hand_path(game, seat):
    return ("players", seat, "hand") if game == "krom" else ("hands", seat)


DECK = {"krom": ("bonus_deck",), "khrysos": ("deck",), "krosmaster": ("pile",)}


def get(d, path):
    for p in path:
        d = d[p]
    return d


def put(d, path, value):
    for p in path[:-1]:
        d = d[p]
    d[path[-1]] = value


def stripped(state, paths):
    d = copy.deepcopy(state.to_dict())
    for path in paths:
        put(d, path, None)
    return d


def swap_hand_card(rules, game, state, seat):
    """The state with one card of `seat`'s hand swapped with a different card of the deck (None if impossible)."""
    d = copy.deepcopy(state.to_dict())
    hand, deck = list(get(d, hand_path(game, seat))), list(get(d, DECK[game]))
    for j, card in enumerate(deck):
        if card not in hand and hand:
            deck[j], hand[0] = hand[0], card
            put(d, hand_path(game, seat), sorted(hand) if list(get(d, hand_path(game, seat))) == sorted(get(d, hand_path(game, seat))) else hand)
            put(d, DECK[game], deck)
            other = rules.State.from_dict(d)
            rules.check_invariants(other)
            return other
    return None


def reorder_deck(rules, game, state):
    d = copy.deepcopy(state.to_dict())
    deck = list(get(d, DECK[game]))
    i = len(deck) // 2  # the middle of the deck: drawn last from either end
    if len(deck) < 3 or deck[i] == deck[i - 1]:
        return None
    deck[i], deck[i - 1] = deck[i - 1], deck[i]
    put(d, DECK[game], deck)
    other = rules.State.from_dict(d)
    rules.check_invariants(other)
    return other


def positions(game, players, variant, seed):
    """(rules, setup, state 1, state 2, the seat holding the secret or None, secret paths, first actions differ)."""
    rules = registry.load(game)
    setup = setup_of(rules, players)
    match = Match.new(rules, setup, seed)
    rng = Rng(seed)
    for _ in range(400):
        if not match.over and match.actions:
            state = match.state
            if variant == "hand":
                for seat in range(match.players):
                    other = swap_hand_card(rules, game, state, seat) if get(state.to_dict(), hand_path(game, seat)) else None
                    if other is not None:
                        return rules, setup, state, other, seat, [hand_path(game, seat), DECK[game]], False
            elif variant == "deck":
                other = reorder_deck(rules, game, state)
                if other is not None:
                    return rules, setup, state, other, None, [DECK[game]], False
            elif (variant == "pick" and match.decision().kind == "move" and len(match.legal_actions()) >= 2
                  and sum(p is None for p in state.picks) >= 2):  # someone picks after: the reveal waits
                return rules, setup, state, state, state.to_move, [("picks", state.to_move)], True
        match.play(match.random_action(rng))
    raise AssertionError(f"no position for the {variant} variant of {game}")


async def table_of(folder, rules, setup, start_state, players):
    server, ws, port = await start(folder, secrets=fixed_secrets(SEED))
    table, _ = server.open(rules, setup, [{"kind": "remote", "name": f"P{i}", "level": None} for i in range(players)], start_state,
                           waiting=False)
    clients = []
    for seat in range(players):
        r = await Recorder(port).open()
        await r.client.request({"t": "join", "code": table.code, "seat": seat})
        clients.append(r)
    watcher = await Recorder(port).open()
    await watcher.client.request({"t": "spectate", "code": table.code})
    clients.append(watcher)  # the spectator last: seat None
    return server, ws, table, clients


async def compare(tmp_path, game, players, variant, seed, steps=60):
    rules, setup, s1, s2, holder, paths, first_differs = positions(game, players, variant, seed)
    assert s1.to_dict() != s2.to_dict() or first_differs, "the two games must differ in a secret"
    games = [await table_of(tmp_path / f"g{i}", rules, setup, s, players) for i, s in enumerate((s1, s2))]
    rng = Rng(seed + 1)
    compared = 0
    try:
        for step in range(steps):
            m1, m2 = games[0][2].match, games[1][2].match
            if m1.over or m2.over:
                break
            seat = m1.state.to_move
            both = set(m2.legal_actions())
            legal = [a for a in m1.legal_actions() if a in both]  # what the seat could do in either game
            if not legal:
                break
            a1 = legal[rng.below(len(legal))]
            a2 = a1
            if first_differs and step == 0:
                a1, a2 = legal[0], legal[1]  # the same position, two different secret picks
            refused = False
            for (_server, _ws, table, clients), action in zip(games, (a1, a2)):
                n = len(table.match.actions)
                try:
                    await clients[seat].client.request({"t": "act", "code": table.code, "seat": seat, "action": str(action), "n": n})
                except NetError:
                    refused = True  # the secret decides what this seat may do: it is about to show
                    break
                await until(lambda: all(c.last("update", n=n + 1) for c in clients))
            if refused:
                break
            if stripped(games[0][2].match.state, paths) != stripped(games[1][2].match.state, paths):
                break  # the secret is out (a card played, drawn or revealed): frames may differ from here on
            for i in range(players + 1):
                if i != holder:
                    f1, f2 = games[0][3][i].client.frames, games[1][3][i].client.frames
                    assert f1 == f2, f"{game} x{players} {variant}: seat {None if i == players else i} saw the secret of seat {holder}"
            compared += 1
        assert compared >= 1, "nothing was compared: the variant revealed itself at once"
        if holder is not None:
            assert games[0][3][holder].client.frames != games[1][3][holder].client.frames, "the holder sees its own secret"
        for _server, _ws, table, clients in games:
            check_no_secret_in_frames(table, clients)
    finally:
        for server, ws, _table, clients in games:
            for c in clients:
                await c.client.close()
            await stop(server, ws)
    return compared


def check_no_secret_in_frames(table, clients):
    match = table.match
    again = Match.from_position(match.rules, match.setup, match.start)  # the server keeps only its last states
    rng_states = {str(again.state.rng.state)}
    for action in match.actions:
        again.play(action)
        rng_states.add(str(again.state.rng.state))
    rng_states.discard(str(Rng(0).state))  # the placeholder every view carries
    tokens = {table.host_token} | {s.token for s in table.seats if s.token}
    for seat, c in enumerate(clients):
        own = table.seats[seat].token if seat < len(table.seats) else None
        for frame in c.client.frames:
            assert str(SEED) not in frame and str(match.seed) not in frame, "a frame holds the seed"
            assert not any(r in frame for r in rng_states), "a frame holds an RNG state"
            assert not any(t in frame for t in tokens - {own}), "a frame holds another seat's token"


CASES = ([("krosmaster", 2, "deck", s) for s in (1, 2)]
         + [("krom", n, v, 10 + n) for n in range(2, 7) for v in ("hand", "pick")]
         + [("krom", 4, "deck", 7)]
         + [("khrysos", n, v, 20 + n) for n in (2, 4) for v in ("hand", "deck")])


@pytest.mark.parametrize("game, players, variant, seed", CASES)
def test_other_seats_get_identical_bytes_while_a_secret_differs(tmp_path, game, players, variant, seed):
    compared = asyncio.run(asyncio.wait_for(compare(tmp_path, game, players, variant, seed), 120))
    assert compared >= 1


def test_the_comparison_catches_a_server_that_sends_the_full_state(tmp_path, monkeypatch):
    """A test that cannot fail is a defect: with views replaced by the full state, the comparison fails."""
    from net import wire

    monkeypatch.setattr(wire.Match, "view", lambda self, seat: self.state)
    with pytest.raises(AssertionError, match="saw the secret|holds"):
        asyncio.run(asyncio.wait_for(compare(tmp_path, "krom", 3, "hand", 13), 120))
