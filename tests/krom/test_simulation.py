"""Random full games: 500 of them across 2-6 players and every combination of options, checked at every step."""

import pytest

from game import krom
from game.core.actions import Action
from game.core.decision import HIDDEN
from game.core.match import Match
from game.core.rng import Rng
from game.core.save import parse_save
from game.core.simulate import checked_playout
from game.krom import Setup, points, target_points
from game.krom.content import CHARACTER_BY_ID
from game.krom.events import BonusCountered, BonusDrawn, BonusPlayed, Stole

GAMES = 500
CHUNKS = 20
MAX_ROUNDS = 200  # a game that needs more has unbalanced content


def setup_for(i: int) -> Setup:
    """Game i: the player count cycles 2-6 and, within each five, the 8 option combinations cycle."""
    players = 2 + i % 5
    combo = (i // 5) % 8
    characters = None
    if i % 3 == 0:
        characters = tuple(Rng(i).shuffled([c.id for c in krom.CHARACTERS])[:players])
    return Setup(players, characters, bool(combo & 1), bool(combo & 2), bool(combo & 4))


def test_the_games_cover_every_player_count_and_option_combination():
    seen = {(s.players, s.glacial, s.kromosaurus, s.longer) for s in map(setup_for, range(GAMES))}
    assert len(seen) == 5 * 8


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk):
    per = GAMES // CHUNKS
    for i in range(chunk * per, (chunk + 1) * per):
        setup = setup_for(i)
        result = checked_playout(krom, setup, seed=1000 + i, policy_seed=i)
        state = result.state
        assert result.outcome is not None and len(result.outcome.winners) == 1
        winner = result.outcome.winners[0]
        assert points(state, winner) >= target_points(setup)
        assert all(points(state, seat) < target_points(setup) for seat in range(setup.players) if seat != winner)
        assert state.round <= MAX_ROUNDS, f"game {i} took {state.round} rounds"


SEAM_GAMES = 40


def _bonus_cards_named(event) -> tuple[int, ...]:
    if isinstance(event, (BonusDrawn, BonusPlayed, Stole)):
        return (event.card,) if getattr(event, "item", "bonus") == "bonus" else ()
    if isinstance(event, BonusCountered):
        return (event.card, event.counter)
    return ()


def _check_seam(state, events, where: str) -> None:
    """The rules-to-screen seam at one step: decision, why_illegal and redact agree with the state."""
    d = krom.decision(state)
    assert d.seat == state.to_move, f"{where}: decision seat {d.seat} but to_move {state.to_move}"
    assert isinstance(d.prompt, str) and d.prompt.strip(), f"{where}: empty prompt"
    assert (d.kind == "over") == (state.to_move is None), f"{where}: kind {d.kind!r} with to_move {state.to_move}"
    if d.seat is not None:
        assert CHARACTER_BY_ID[state.players[d.seat].character].name in d.prompt, f"{where}: the prompt does not name the player: {d.prompt!r}"
    for seat in [None, *range(state.num_players)]:
        for e in events:
            seen = krom.redact(e, seat)
            assert type(seen) is type(e), f"{where}: redact changed the event type"
            assert krom.describe(seen, state), f"{where}: no log line for {seen}"
            for card in _bonus_cards_named(seen):
                if card == HIDDEN:
                    continue
                holders = [o for o, p in enumerate(state.players) if card in p.hand]
                victim = isinstance(seen, Stole) and seen.victim == seat
                assert not holders or holders == [seat] or victim, f"{where}: seat {seat} sees {seen}, a card in seat {holders}'s hand"


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_the_seam_at_every_step_and_a_match_round_trip(chunk):
    per = SEAM_GAMES // 4
    for i in range(chunk * per, (chunk + 1) * per):
        setup = setup_for(i)
        match = Match.new(krom, setup, 2000 + i)
        rng = Rng(i)
        probe = Rng(i ^ 0xBEEF)
        events: list = []
        step = 0
        while True:
            where = f"game {i} step {step}"
            _check_seam(match.state, events, where)
            legal = match.legal_actions()
            if not legal:
                break
            for a in legal:
                assert krom.why_illegal(match.state, a) is None, f"{where}: {a} is listed but refused"
            refused = Action(legal[probe.below(len(legal))].kind, (99,))
            if refused not in legal:
                reason = krom.why_illegal(match.state, refused)
                assert isinstance(reason, str) and reason, f"{where}: {refused} is neither legal nor refused"
            events = match.play(krom.playout_choice(match.state, legal, rng))
            step += 1
        again = Match.from_save(parse_save(match.save().to_text()))
        assert again.state.to_dict() == match.state.to_dict(), f"game {i}: the replayed match differs"
