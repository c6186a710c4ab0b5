"""What one seat may see (`view`) and the invariants every reachable state keeps (`check_invariants`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from game.core.rng import Rng
from game.krom.content import BONUS, CHARACTER_BY_ID, EVOLUTIONS, HUNTING, PICKING, RULES, TOKENS, TOTAL_TOKENS
from game.krom.rules import HP_MAX, SLOTS, points, stage, target_points
from game.krom.state import DINO, HIDDEN, State

_HIDDEN_RNG = Rng(0)


def _hide(cards: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(cards)


def view(state: State, seat: int | None) -> State:
    """The state as `seat` may see it (None = a spectator).

    Only what the table would see: the other seats' Bonus hands are HIDDEN cards (their
    size stays visible), the other seats' destination picks before the reveal are HIDDEN
    ("picked") or None ("not yet"), a Bonus card another seat is still aiming (choosing
    its target or resource) is not shown at all, since the card is still in their hand,
    the players who will be asked whether to counter are not listed (only the one
    answering now, who is to move), the order of every deck (sizes stay visible) and the
    random generator are hidden. HIDDEN is game.core.decision's marker.
    """
    v = state.clone()
    for i, p in enumerate(v.players):
        if i != seat:
            p.hand = _hide(p.hand)
    v.picks = tuple(pick if i == seat or pick is None else HIDDEN for i, pick in enumerate(v.picks))
    v.bonus_deck = _hide(v.bonus_deck)
    v.picking_deck = _hide(v.picking_deck)
    v.hunting_deck = _hide(v.hunting_deck)
    v.evolution_deck = _hide(v.evolution_deck)
    if v.play is not None and v.play.stage != "counter" and v.play.seat != seat:
        # the card is still in its player's hand while they choose its target or resource:
        # the table sees a player thinking in their Action phase
        v.play = None
    elif v.play is not None and v.play.stage == "counter":
        v.play = replace(v.play, asked=v.play.asked[:1])
    v.rng = _HIDDEN_RNG.copy()
    return v


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
        assert points(s, s.winner) >= target, "the winner reached the target"
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
    who = {
        "combat": lambda: s.combat.asked,
        "counter": lambda: s.play.asked[0],
        "target": lambda: s.play.seat,
        "choice": lambda: s.play.seat,
        "steal": lambda: s.steals[0][0],
    }.get(d, lambda: s.turn.seat if s.turn is not None else s.to_move)
    assert s.to_move == who(), f"the seat to move is the one the {d} decision waits for"
