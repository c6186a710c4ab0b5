"""Random full games: every 13th of 500 by default (all 500 with TABLETRIO_FULL_SWEEPS=1), 2-4 players on every sample
map, every check of game.core.simulate at every step."""

import pytest

import game.khrysos as K
from game.core.actions import Action
from game.core.decision import HIDDEN, Decision
from game.core.errors import IllegalAction
from game.core.match import Match
from game.core.rng import Rng
from game.core.save import parse_save
from game.core.simulate import checked_playout
from game.khrysos.maps import SAMPLE_MAPS
from tests.sweeps import every, share, slow_when_full

GAMES = 500
CHUNKS = 20
PLAYED = every(range(GAMES), 13)  # 13 is prime to the 15 combinations' cycle (39 games; 7 gave 72)


def setup_for(game: int) -> K.Setup:
    """Games cycle through every player count on every sample map (15 combinations)."""
    return K.Setup(players=2 + game % 3, map=SAMPLE_MAPS[(game // 3) % len(SAMPLE_MAPS)])


def test_the_games_cover_every_player_count_on_every_sample_map():
    combos = {(setup_for(g).players, setup_for(g).map) for g in PLAYED}
    assert len(combos) == 3 * len(SAMPLE_MAPS)


@slow_when_full
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk):
    for game in share(PLAYED, chunk, CHUNKS):
        result = checked_playout(K, setup_for(game), seed=game, policy_seed=10_000 + game)
        assert result.outcome is not None and len(result.outcome.winners) == 1
        winner = result.outcome.winners[0]
        assert result.state.treasure_of(winner) >= 12


# -- the rules-to-screen seam, at every step of random games (issue 8) -----------------------

SEAM_GAMES = 24
_NAMED = ("hunter", "piece", "target", "thief", "victim", "by")


def _junk(legal):
    a = legal[0]
    return [None, "roll", ["move", 1, 2], 7, Action(a.kind, list(a.args)), Action(a.kind, (object(),)), Action(a.kind, ((1, 2),))]


def _refused(legal, rng):
    """Actions near the legal ones that may not be legal: other numbers, other kinds."""
    out = []
    for a in legal[:6]:
        args = tuple(x + rng.randint(-2, 2) if isinstance(x, int) else x for x in a.args)
        out.append(Action(a.kind, args))
        out.append(Action(a.kind, args + (1,)))
    out += [Action("roll"), Action("done"), Action("end"), Action("guard", (9,)), Action("shift", (1, 0, 0)), Action("fly")]
    return [a for a in out if a not in legal]


def _named_hunters(event):
    return {getattr(event, f) for f in _NAMED if isinstance(getattr(event, f, None), int) and getattr(event, f) > 0}


def seam_playout(setup, seed, policy_seed):
    """A random game through `Match`, checking decision, why_illegal and redact at every step."""
    match = Match.new(K, setup, seed)
    rng, probe = Rng(policy_seed), Rng(policy_seed ^ 0x5EED)
    seats = list(range(setup.players)) + [None]
    for _ in range(20_000):
        state = match.state
        d = K.decision(state)
        where = f"seed={seed} after {[str(a) for a in match.actions[-4:]]}"
        assert isinstance(d, Decision) and d.seat == state.to_move, where
        assert d.prompt.strip(), where
        if match.over:
            assert d.kind == "over" and K.legal_actions(state) == []
            break
        assert d.prompt.startswith(f"Player {d.seat + 1}: "), (where, d.prompt)
        assert d.private == (d.kind == "play" and bool(state.hands[d.seat])), (where, d)
        legal = K.legal_actions(state)
        before = state.to_dict()
        for a in legal:
            assert K.why_illegal(state, a) is None, (where, a)
        for bad in _refused(legal, probe) + _junk(legal):
            reason = K.why_illegal(state, bad)
            assert isinstance(reason, str) and reason, (where, bad)
            with pytest.raises(IllegalAction) as info:
                K.apply(state, bad)
            assert info.value.reason == reason, (where, bad)
        assert state.to_dict() == before, where
        for seat in seats[:-1]:
            v = K.view(state, seat)
            assert all(h == HIDDEN for s, hand in enumerate(v.hands) if s != seat for h in hand), where
        events = match.play(K.playout_choice(state, legal, rng))
        after = match.state
        secret = {h for hand in after.hands for h in hand} | set(after.deck)
        for e in events:
            assert not _named_hunters(e) & secret, (where, e)  # no event names a card still hidden
            for seat in seats:
                shown = K.redact(e, seat)
                assert type(shown) is type(e) and shown == e, (where, e)  # every Khrysos event is public
                line = K.describe(shown, after)
                assert line.strip() and "_" not in line, (where, line)
    else:
        raise AssertionError(f"seed={seed}: the game did not end")
    again = Match.from_save(parse_save(match.save().to_text()))
    assert again.state.to_dict() == match.state.to_dict()
    return match


@pytest.mark.parametrize("game", every(range(SEAM_GAMES), 2))  # every other one (all under TABLETRIO_FULL_SWEEPS=1)
def test_random_games_speak_the_seam_api_at_every_step(game):
    match = seam_playout(setup_for(game), seed=game, policy_seed=20_000 + game)
    assert match.outcome() is not None
