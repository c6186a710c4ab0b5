"""Random full games: every 11th of 500 by default (all 500 with TABLETRIO_FULL_SWEEPS=1) across 2-6 players and every
combination of options, checked at every step."""

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
from tests.sweeps import every, share, slow_when_full

GAMES = 500
CHUNKS = 20
PLAYED = every(range(GAMES), 11)  # 11 is prime to the 5 player counts x 8 option combinations x 3 (46 games, all 40
# combinations met; 7 gave 72)
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
    seen = {(s.players, s.glacial, s.kromosaurus, s.longer) for s in map(setup_for, PLAYED)}
    assert len(seen) == 5 * 8


@slow_when_full
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk):
    for i in share(PLAYED, chunk, CHUNKS):
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


@slow_when_full  # a chunk of the sample takes about half a second, of all games about one
@pytest.mark.parametrize("chunk", range(4))
def test_the_seam_at_every_step_and_a_match_round_trip(chunk):
    per = SEAM_GAMES // 4
    for i in every(range(chunk * per, (chunk + 1) * per), 2):  # every other game (all under TABLETRIO_FULL_SWEEPS=1)
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


TWIN_GAMES = 30
WINDOW_STAGES = ("combat", "counter", "target", "choice")


def _twin(state, seat: int, timing: str, keep: int | None):
    """The same table, but `seat` holds (or lacks) a card of `timing`: one card of its hand is swapped
    with one deep in the Bonus deck (whose order nobody sees). None when no such swap exists."""
    hand = [c for c in state.players[seat].hand if c != keep]
    holds = [c for c in hand if krom.BONUS[c].timing == timing]
    give = holds[0] if holds else (hand[0] if hand else None)
    if give is None:
        return None
    wanted = (lambda c: krom.BONUS[c].timing != timing) if holds else (lambda c: krom.BONUS[c].timing == timing)
    take = next((c for c in reversed(state.bonus_deck) if wanted(c)), None)
    if take is None:
        return None
    twin = state.clone()
    p = twin.players[seat]
    p.hand = tuple(sorted([c for c in p.hand if c != give] + [take]))
    twin.bonus_deck = tuple(give if c == take else c for c in twin.bonus_deck)
    krom.check_invariants(twin)
    return twin


def _same_for_the_others(a, b, events_a, events_b, secret: int, where: str) -> None:
    assert krom.decision(a) == krom.decision(b), f"{where}: the decision differs"
    for seat in [None, *range(a.num_players)]:
        if seat == secret:
            continue
        assert krom.view(a, seat) == krom.view(b, seat), f"{where}: seat {seat} sees a difference"
        assert [krom.redact(e, seat) for e in events_a] == [krom.redact(e, seat) for e in events_b], f"{where}: seat {seat}'s log differs"


def test_play_a_bonus_cards_kept_secretly_face_down_never_show_through_the_card_windows():
    """Bonus cards are "secretly kept face down": pairs of tables that differ only in one card of one
    hidden hand (a combat or counter card or not) look the same to every other seat at every step
    through the combat-card and counter windows, over random games."""
    asked_differently = windows = 0
    for i in range(TWIN_GAMES):
        setup = Setup(3 + i % 4, kromosaurus=bool(i % 2))
        state = krom.new_game(setup, 3000 + i)
        rng = Rng(i)
        pick = Rng(i ^ 0x5EED)
        for _ in range(3000):
            if state.to_move is None:
                break
            legal = krom.legal_actions(state)
            action = krom.playout_choice(state, legal, rng)
            kind = krom.decision(state).kind
            opening = (kind == "combat" and state.combat.passes == 0) or (kind == "main" and action.kind == "play")
            twin = None
            if opening:
                timing = "combat" if kind == "combat" else "counter"
                fighters = [f for f in state.combat.fighters if f >= 0] if kind == "combat" else list(range(state.num_players))
                secret = fighters[pick.below(len(fighters))]
                keep = action.args[0] if action.kind == "play" and state.to_move == secret else None
                twin = _twin(state, secret, timing, keep)
            if twin is None:
                state, _ = krom.apply(state, action)
                continue
            windows += 1
            a, b = state, twin
            first = True
            step = 0
            while a.to_move is not None and (first or krom.decision(a).kind in WINDOW_STAGES):
                where = f"game {i}, window {windows}, step {step}"
                legal_a, legal_b = krom.legal_actions(a), krom.legal_actions(b)
                if a.to_move == secret:
                    if legal_a != legal_b:
                        asked_differently += 1
                    both = [x for x in legal_a if x in legal_b]
                    choice = action if first and action in both else both[pick.below(len(both))]
                else:
                    assert legal_a == legal_b, f"{where}: seat {a.to_move}'s choices depend on seat {secret}'s hand"
                    choice = action if first else krom.playout_choice(a, legal_a, rng)
                a, events_a = krom.apply(a, choice)
                b, events_b = krom.apply(b, choice)
                _same_for_the_others(a, b, events_a, events_b, secret, where)
                first = False
                step += 1
            state = a
    assert windows >= 100 and asked_differently >= 40, (windows, asked_differently)
