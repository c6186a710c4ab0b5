"""Random simulation: every 13th of 500 full games by default (all with TABLETRIO_FULL_SWEEPS=1), random options and
seeds, every check of the core harness at every step; and 20 games (40 with TABLETRIO_FULL_SWEEPS=1) through a Match checking the seam (decision, why_illegal, redact) at every step and replaying the save."""

import dataclasses

import pytest

import game.krosmaster as K
from game.core import Action, IllegalAction, Rng
from game.core.match import Match
from game.core.save import parse_save
from game.core.simulate import checked_playout
from tests.sweeps import every, share, slow_when_full

CHUNKS = 20
SEEDS = every(range(1000, 1500), 13)


@slow_when_full
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk):
    for seed in share(SEEDS, chunk, CHUNKS):
        setup = K.random_setup(Rng(seed * 7919))
        result = checked_playout(K, setup, seed, seed ^ 0xBEEF)
        assert result.outcome is not None and result.state.to_move is None


def test_both_endings_happen():
    reasons = set()
    for seed in range(40):
        result = checked_playout(K, K.random_setup(Rng(seed)), seed, seed + 1, full_check_every=50)
        reasons.add("ko" if "Krosmasters" in result.outcome.reason else "pile")
    assert reasons == {"ko", "pile"}


# What actions each decision kind allows: the board can switch on the kind alone.
KIND_ACTIONS = {
    "draft": {"pick"}, "place": {"place"}, "slot": {"slot"}, "select": {"activate", "pass"},
    "act": {"move", "cast", "favor", "challenge", "end"}, "face": {"face"}, "reroll": {"reroll", "keep"},
    "remove": {"remove"},
}


def _near_misses(legal, rng):
    """Non-legal actions close to legal ones: an argument nudged or dropped, or junk in place of an action."""
    out = [None, "pass", Action("pass", ["x"]), Action("no-such-action", ())]
    for _ in range(3):
        base = legal[rng.below(len(legal))]
        if base.args:
            i = rng.below(len(base.args))
            arg = base.args[i]
            new = arg + rng.choice((-2, 1, 9)) if isinstance(arg, int) else arg + "x"
            out.append(Action(base.kind, base.args[:i] + (new,) + base.args[i + 1 :]))
            out.append(Action(base.kind, base.args[:-1]))
    return out


def _seam_checked_game(seed):
    """One random game through a Match, checking the seam at every step and replaying the save at the end."""
    setup = K.random_setup(Rng(seed * 7919))
    match = Match.new(K, setup, seed)
    rng, probe = Rng(seed ^ 0xBEEF), Rng(seed ^ 0x5EED)
    while True:
        s = match.state
        d = K.decision(s)
        assert d.seat == s.to_move and d.prompt.strip() and d.private is False, (seed, d)
        if s.to_move is None:
            assert d.kind == "over"
            break
        assert d.prompt.startswith(("Blue: ", "Pink: ")[s.to_move]), d
        legal = K.legal_actions(s)
        assert {a.kind for a in legal} <= KIND_ACTIONS[d.kind], (d.kind, legal)
        assert all(K.why_illegal(s, a) is None for a in legal)
        legal_set = set(legal)
        before = s.to_dict()
        for bad in _near_misses(legal, probe):
            if isinstance(bad, Action) and type(bad.args) is tuple and bad in legal_set:
                continue
            reason = K.why_illegal(s, bad)
            assert isinstance(reason, str) and reason, bad
            with pytest.raises(IllegalAction) as e:
                K.apply(s, bad)
            assert e.value.reason == reason
        assert s.to_dict() == before
        events = match.play(K.playout_choice(s, legal, rng))
        pile = set(match.state.pile)
        for event in events:
            for seat in (0, 1, None):
                seen = K.redact(event, seat)
                assert type(seen) is type(event) and K.describe(seen, match.state).strip()
                # the only secret of the game, the face-down pile, is never in an event
                assert not pile & {v for v in dataclasses.astuple(seen) if isinstance(v, str)}, (event, pile)
    again = Match.from_save(parse_save(match.save().to_text()))
    assert again.state.to_dict() == match.state.to_dict() and again.actions == match.actions
    return match


@slow_when_full  # a chunk of the sample takes about half a second, of all games about one
@pytest.mark.parametrize("chunk", range(4))
def test_random_games_speak_the_seam(chunk):
    for n in every(range(10), 2):
        match = _seam_checked_game(5000 + chunk * 10 + n)
        assert match.outcome() is not None
