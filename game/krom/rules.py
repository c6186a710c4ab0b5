"""The rules of Krom: Evolution: setting up, the decision to take now, its legal actions, and applying one.

A round is a Movement phase (each seat in turn makes a hidden pick, then all picks are
revealed together) followed by the Action phases, place by place (Cave, Forest,
Savanna, Mountain); several fighters in one place fight first. Every choice in the
middle of a resolution is a pending decision; `stage(state)` names it and `decision(state)`
says who takes it, in a sentence, and whether it is private (see its docstring):

| decision | who decides                  | actions                                                  |
| -------- | ---------------------------- | -------------------------------------------------------- |
| move     | each seat in turn            | go cave / go forest / go savanna / go mountain           |
| combat   | each player fighting, in seat order, until all pass in a row (whatever their hand) | play CARD, pass |
| counter  | each other player, in seat order after the player of the card on top, whatever their hand (a counter card can be countered too) | counter, pass |
| target   | the player of a targeted Bonus | target SEAT, cancel                                     |
| choice   | the player of a "choice" Bonus | take wood / take stone / take bone, cancel              |
| steal    | the combat winner, per stunned loser | steal wood / stone / bone / krom / bonus, pass (take nothing) |
| main     | the player in their Action phase | rest, buy wood|stone|bone|bonus|hp (Cave); shuffle, pick (Forest); hunt SLOT EXTRA (Savanna); climb (Mountain); realize SLOT; play CARD; end |
| climb    | the climber                  | keep DIE, free DIE, reroll, stop                         |
| reward   | the climber                  | reward stone / reward bonus (full house, four of a kind) |

Slots (Hunting and Evolution cards face up) and dice are numbered from 0; CARD is a
Bonus card id (game.krom.content.BONUS); SEAT is a seat number.
"""


from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import cast

from game.core import Action, IllegalAction, Outcome, Rng
from game.core.actions import interned, is_one_of
from game.core.errors import SetupError
from game.core.grammar import sentence
from game.krom.bonus import bonus_problem, target_problem
from game.krom.content import (
    BONUS,
    CAVE,
    CHARACTER_BY_ID,
    CHARACTERS,
    EVOLUTIONS,
    FOREST,
    HUNTING,
    MOUNTAIN,
    PICKING,
    RULES,
    SAVANNA,
    TOKENS,
    TOTAL_TOKENS,
    mountain_combination,
    reward_label,
)
from game.krom.decision import decision, progress, reveals, stage  # noqa: F401 -- re-exported
from game.krom.facts import (
    CAVE_ITEMS,
    HP_MAX,
    SLOTS,
    STEALABLE,
    _holds,
    cave_price,
    fight_ranking,
    next_pick_cost,
    points,
    reroll_cost,
    reward_options,
    steal_options,
    target_points,
)
from game.krom.flow import (
    Handler,
    _advance,
    _do_choice,
    _do_climb,
    _do_combat,
    _do_counter,
    _do_main,
    _do_move,
    _do_reward,
    _do_steal,
    _do_target,
)
from game.krom.refusals import (
    _BUY,
    _CLIMB_START,
    _COUNTER,
    _END,
    _FREE_DIE,
    _GO,
    _KEEP_DIE,
    _MAIN_BY_PLACE,
    _PASS,
    _PICK,
    _REALIZE,
    _REROLL,
    _REST,
    _SHUFFLE,
    _STOP,
    CHECKS,
    Check,
    _cand_climb,
    evolution_problem,
    malformed,
    place_duty,
    refusal,
)
from game.krom.state import DINO, Player, Setup, State
from game.krom.words import end_reason, place_name

__all__ = [
    "CAVE_ITEMS",
    "GAME_ID",
    "HP_MAX",
    "SLOTS",
    "STEALABLE",
    "apply",
    "bonus_problem",
    "cave_price",
    "check_invariants",
    "decision",
    "stage",
    "evolution_problem",
    "fight_ranking",
    "legal_actions",
    "mountain_combination",
    "new_game",
    "next_pick_cost",
    "outcome",
    "place_name",
    "points",
    "reroll_cost",
    "reveals",
    "reward_label",
    "reward_options",
    "steal_options",
    "target_points",
    "target_problem",
    "TITLE",
    "why_illegal",
]

GAME_ID = "krom"
TITLE = "Krom: Evolution"


# -- setting up ----------------------------------------------------------------------------


def new_game(setup: Setup, seed: int) -> State:
    """Shuffle the decks, lay out 4 Hunting and 4 Evolution cards, give everyone 7 hit points, 5 Krom and 1 Bonus, all in the Cave."""
    if not isinstance(setup, Setup):
        raise SetupError(f"new_game needs a Krom: Evolution Setup, got {type(setup).__name__}")
    rng = Rng(seed)
    n = setup.players
    characters = setup.characters or tuple(rng.shuffled([c.id for c in CHARACTERS])[:n])
    bonus = tuple(rng.shuffled(range(len(BONUS))))
    picking = tuple(rng.shuffled(range(len(PICKING))))
    hunting = tuple(rng.shuffled(range(len(HUNTING))))
    evolution = tuple(rng.shuffled(range(len(EVOLUTIONS))))
    supply = dict(TOTAL_TOKENS)
    supply["krom"] -= RULES.start_krom * n
    players = []
    for i, c in enumerate(characters):
        hand = bonus[i * RULES.start_bonus : (i + 1) * RULES.start_bonus]
        players.append(Player(c, CAVE, HP_MAX, krom=RULES.start_krom, hand=tuple(sorted(hand))))
    dealt = RULES.start_bonus * n
    return State(
        setup=setup,
        round=1,
        phase="move",
        to_move=0,
        players=tuple(players),
        supply=supply,
        bonus_deck=bonus[dealt:],
        bonus_discard=(),
        picking_deck=picking,
        picking_discard=(),
        hunting_deck=hunting[SLOTS:],
        hunting_discard=(),
        hunting_row=hunting[:SLOTS],
        evolution_deck=evolution[SLOTS:],
        evolution_row=evolution[:SLOTS],
        dino_hp=RULES.dino_hp if setup.kromosaurus else 0,
        dino_place=-1,
        trophy=None,
        picks=(None,) * n,
        place=-1,
        order=(),
        steals=(),
        combat=None,
        turn=None,
        play=None,
        winner=None,
        rng=rng,
    )


# -- the decision to take now ---------------------------------------------------------------


# Each decision kind: its candidate actions and its check (refusals.CHECKS), and what playing one does.
DECISIONS: dict[str, tuple[Callable[[State, int], list[Action]], Check, Handler]] = {
    kind: (*CHECKS[kind], do) for kind, do in (
        ("move", _do_move), ("combat", _do_combat), ("counter", _do_counter), ("target", _do_target),
        ("choice", _do_choice), ("steal", _do_steal), ("climb", _do_climb), ("reward", _do_reward), ("main", _do_main))
}


def legal_actions(state: State) -> list[Action]:
    """Every action the seat to move may take now (a fresh list; worked out once per state)."""
    legal = state._legal
    if legal is None:
        legal = state._legal = _legal(state)
    return list(legal)


def _legal_move(s: State, seat: int) -> list[Action]:
    """The destinations `_check_move` accepts: every place but the one the seat stands on."""
    here = s.players[seat].place
    return [a for i, a in enumerate(_GO) if i != here]


def _legal_combat(s: State, seat: int) -> list[Action]:
    """The candidates `_check_combat` accepts: the combat cards in hand, then pass."""
    return [interned("play", c) for c in s.players[seat].hand if BONUS[c].timing == "combat"] + [_PASS]


def _legal_counter(s: State, seat: int) -> list[Action]:
    """The candidates `_check_counter` accepts: counter when holding a counter card, and pass."""
    return [_COUNTER, _PASS] if _holds(s.players[seat], "counter") else [_PASS]


def _legal_climb(s: State, seat: int) -> list[Action]:
    """The candidates of `_cand_climb` that `_check_climb` accepts (tests compare the two): every die can be
    kept or freed, a reroll needs one left, a die not kept and its price; stopping is always possible."""
    t = s.turn
    assert t is not None, "a climb is part of an Action phase"
    dice, kept = t.dice, t.kept
    if len(dice) <= len(_KEEP_DIE):
        out = [_FREE_DIE[i] if i in kept else _KEEP_DIE[i] for i in range(len(dice))]
    else:
        out = _cand_climb(s, seat)[:-2]
    cost = reroll_cost(s)
    if cost is not None and len(kept) != len(dice) and s.players[seat].krom >= cost:
        out.append(_REROLL)
    out.append(_STOP)
    return out


def _legal_main(s: State, seat: int) -> list[Action]:
    """The candidates of `_cand_main` that `_check_main` accepts, in their order, decided without building
    the refusals' sentences (legal_actions asks this in every Action phase; tests compare the two)."""
    t = s.turn
    assert t is not None, "an Action phase is under way"
    p = s.players[seat]
    place, krom = t.place, p.krom
    out = []
    if place == CAVE:
        if not t.cave:
            out.append(_REST)
        if t.cave != "rest":
            for a in _BUY:
                item = cast(str, a.args[0])  # "buy ITEM"
                if krom < cave_price(item):
                    continue
                if item == "hp":
                    if p.hp < HP_MAX:
                        out.append(a)
                elif item == "bonus":
                    if s.bonus_deck or s.bonus_discard:
                        out.append(a)
                elif s.supply[item]:
                    out.append(a)
    elif place == FOREST:
        if not t.picks and not t.shuffled:
            out.append(_SHUFFLE)
        if t.picks < len(RULES.pick_costs) and krom >= RULES.pick_costs[t.picks]:
            out.append(_PICK)
    elif place == SAVANNA:
        if not t.hunted:
            row, costs = s.hunting_row, RULES.extra_dice_costs
            for a in _MAIN_BY_PLACE[SAVANNA]:
                slot, extra = cast(tuple[int, int], a.args)  # "hunt SLOT EXTRA"
                if row[slot] >= 0 and krom >= costs[extra]:
                    out.append(a)
    elif place == MOUNTAIN and not t.climb:
        out.append(_CLIMB_START[0])
    row = s.evolution_row
    here = p.place
    for slot, a in enumerate(_REALIZE):
        card = row[slot]
        if card < 0:
            continue
        card = EVOLUTIONS[card]
        if card.place is not None and card.place != here:
            continue
        for kind, amount in card.cost:
            if getattr(p, kind) < amount:
                break
        else:
            out.append(a)
    for c in p.hand:
        if bonus_problem(s, seat, c, False) is None:
            out.append(interned("play", c))
    if place_duty(s, t) is None:
        out.append(_END)
    return out


# The decisions asked most, whose legal actions are worked out without the checks' sentences (same list).
FAST_LEGAL: dict[str, Callable[[State, int], list[Action]]] = {
    "main": _legal_main, "move": _legal_move, "climb": _legal_climb, "combat": _legal_combat, "counter": _legal_counter,
}


def _legal(state: State) -> list[Action]:
    d = stage(state)
    if d == "over":
        return []
    seat = state.to_move
    assert seat is not None, "a game in progress has a seat to move"
    fast = FAST_LEGAL.get(d)
    if fast is not None:
        return fast(state, seat)
    return checked_legal(state, d)


def checked_legal(state: State, d: str) -> list[Action]:
    """The candidate actions of decision `d` that its check accepts: the definition of the legal actions."""
    candidates, check, _ = DECISIONS[d]
    seat = state.to_move
    assert seat is not None, "a game in progress has a seat to move"
    return [a for a in candidates(state, seat) if check(state, seat, a) is None]


def why_illegal(state: State, action: Action, names: Sequence[str] | None = None) -> str | None:
    """The reason `action` is refused now, as a sentence, or None when it is legal; never raises,
    whatever `action` is (the reasons are `refusals`'). A refusal never names another player by name
    (a target's button is that player: "They are not in the Cave with you"), so `names` changes
    nothing; it is taken like every text function of the game."""
    problem = malformed(action)
    if problem is None:
        problem = refusal(state, action, names)
    return None if problem is None else sentence(problem)


def apply(state: State, action: Action) -> tuple[State, list]:
    """Play `action` for the seat to move: (new state, events). Raises IllegalAction, leaving `state` untouched."""
    legal = state._legal
    if legal is None:
        legal = state._legal = _legal(state)
    if not is_one_of(action, legal):
        reason = why_illegal(state, action)
        if reason is not None:
            raise IllegalAction(reason)
    seat = state.to_move
    assert seat is not None, "a legal action has a seat to play it"
    s = state.fork()
    ev: list = []
    DECISIONS[stage(state)][2](s, seat, action, ev)
    _advance(s, ev)
    return s, ev


def outcome(state: State, names: Sequence[str] | None = None) -> Outcome | None:
    """Who won and why (None while the game goes on); the reason names the winner by the table's `names`."""
    if state.winner is None:
        return None
    return Outcome((state.winner,), end_reason(state, state.winner, points(state, state.winner), names))


# -- the invariants every reachable state keeps ------------------------------------------------


def _each_once(name: str, pools: list[tuple[int, ...]], total: int) -> None:
    seen = Counter(c for pool in pools for c in pool)
    assert sorted(seen) == list(range(total)) and all(n == 1 for n in seen.values()), (
        f"every {name} card is in exactly one place: found {dict(seen)} of {total}"
    )


def check_invariants(state: State) -> None:
    """Raise AssertionError naming the first broken invariant."""
    s = state
    n = len(s.players)
    assert n == s.setup.players, "one player per seat of the setup"
    chars = [p.character for p in s.players]
    assert len(set(chars)) == n and all(c in CHARACTER_BY_ID for c in chars), "distinct known characters"
    for i, p in enumerate(s.players):
        assert 0 <= p.hp <= HP_MAX, f"hit points 0-7: seat {i} has {p.hp}"
        assert (p.hp == 0) == p.stunned, f"a player is stunned exactly at 0 hit points: seat {i} hp={p.hp} stunned={p.stunned}"
        assert 0 <= p.place < 4, f"seat {i} stands on a place"
        for k in TOKENS:
            assert getattr(p, k) >= 0, f"no negative tokens: seat {i} has {getattr(p, k)} {k}"
        assert list(p.hand) == sorted(p.hand), f"seat {i}'s hand is kept sorted"
    for k in TOKENS:
        assert s.supply[k] >= 0, f"no negative tokens: the supply has {s.supply[k]} {k}"
        total = s.supply[k] + sum(getattr(p, k) for p in s.players)
        assert total == TOTAL_TOKENS[k], f"supply plus players' {k} is constant: {total} != {TOTAL_TOKENS[k]}"
    in_play = () if s.play is None or s.play.stage != "counter" else (s.play.card,) + tuple(c for _, c in s.play.counters)
    _each_once("Bonus", [s.bonus_deck, s.bonus_discard, in_play] + [p.hand for p in s.players], len(BONUS))
    _each_once("Picking", [s.picking_deck, s.picking_discard], len(PICKING))
    _each_once("Hunting", [s.hunting_deck, s.hunting_discard, tuple(c for c in s.hunting_row if c >= 0)], len(HUNTING))
    _each_once("Evolution", [s.evolution_deck, tuple(c for c in s.evolution_row if c >= 0)] + [p.evolutions for p in s.players], len(EVOLUTIONS))
    assert len(s.hunting_row) == SLOTS and len(s.evolution_row) == SLOTS, "four face-up slots of each"
    assert not s.evolution_deck or all(c >= 0 for c in s.evolution_row), "an Evolution slot is empty only when the deck is"
    # the Kromosaurus and its trophy
    if not s.setup.kromosaurus:
        assert s.dino_hp == 0 and s.trophy is None and s.dino_place == -1, "no Kromosaurus without the option"
    else:
        assert 0 <= s.dino_hp <= RULES.dino_hp, f"Kromosaurus hit points 0-{RULES.dino_hp}: {s.dino_hp}"
        assert (s.trophy is not None) == (s.dino_hp == 0), "the trophy exists exactly once the Kromosaurus is down"
        assert s.dino_hp == 0 or s.dino_place in (-1, *RULES.dino_places), "the Kromosaurus roams Forest, Savanna and Mountain"
    # points and the end of the game. Points are not stored: `points` is the realized Evolutions
    # plus the trophy by definition, so what can break is checked above (each Evolution card in
    # exactly one place, the trophy held exactly when the Kromosaurus is down) and here.
    target = target_points(s.setup)
    for i in range(n):
        assert s.trophy is None or 0 <= s.trophy < n, "the trophy is held by a seat"
        assert points(s, i) < target or s.winner == i, f"seat {i} has {points(s, i)} points (target {target}) but has not won"
    over = s.phase == "over"
    assert over == (s.winner is not None) == (s.to_move is None), "the game is over exactly when it has a winner and nobody is to move"
    if over:
        assert s.winner is not None and points(s, s.winner) >= target, "the winner reached the target"
        return
    d = stage(s)
    assert s.to_move is not None and 0 <= s.to_move < n, "someone is to move"
    if d == "move":
        assert s.picks[s.to_move] is None and all(p is not None for p in s.picks[: s.to_move]), "seats pick in seat order"
        assert all(p is None or p != s.players[i].place for i, p in enumerate(s.picks)), "nobody picks the place they stand on"
    else:
        assert all(p is None for p in s.picks), "picks are cleared once revealed"
        assert 0 <= s.place <= 3, "a place is being resolved"
    if s.turn is not None:
        t = s.turn
        assert s.players[t.seat].place == t.place == s.place, "the Action phase is played where the player stands"
        assert not s.players[t.seat].stunned, "a stunned player has no Action phase"
    if s.combat is not None:
        c = s.combat
        assert c.place == s.place and s.turn is None, "a combat comes before the place's Action phases"
        assert all(f == DINO or s.players[f].place == c.place for f in c.fighters), "fighters stand in the combat's place"
    if d == "combat":
        assert s.combat is not None, "a combat is being fought"
        who = s.combat.asked
    elif d in ("counter", "target", "choice"):
        assert s.play is not None, "a Bonus card is being played"
        who = s.play.asked[0] if d == "counter" else s.play.seat
    elif d == "steal":
        who = s.steals[0][0]
    else:
        who = s.turn.seat if s.turn is not None else s.to_move
    assert s.to_move == who, f"the seat to move is the one the {d} decision waits for"
