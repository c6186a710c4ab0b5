"""Building Krom positions from a compact description, and scripting the dice, for tests.

    s = position(["kolos", "karok", "valkyr"], hp=[7, 3, 7], wood=[0, 1, 0])
    s, events = run(with_rolls(s, [6, 3, 2]), "go forest", "go forest", "go forest")

`position` gives round 1's Movement phase (everyone in the Cave unless `places` says
otherwise) with per-seat lists for hit points, tokens, hands and realized Evolutions,
and chosen deck orders and face-up cards; tokens come from (and go back to) the supply,
so every invariant holds. `action_phase` jumps straight into one seat's Action phase.
`with_rolls` scripts the next random results, consumed in this order: the Kromosaurus'
destination (a place name) at the reveal, then each combat's dice as its place comes up
(fighters in seat order, the Kromosaurus last), combat-card dice, hunting and Mountain
dice (die 0 first), and the card taken by "steal bonus" (a card id).

Every player fighting is asked for a combat card and every other player whether to counter
a Bonus card, whatever their hand holds; `run_passing` is `run` that answers "pass" for each
seat asked who can only pass (no combat or counter card), before each action and after the last.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.actions import Action, apply_all
from game.core.errors import IllegalAction
from game.krom.content import BONUS, EVOLUTIONS, HUNTING, PICKING, PLACES, TOKENS
from game.krom.decision import stage
from game.krom.facts import SLOTS
from game.krom.refusals import place_duty
from game.krom.rules import apply, check_invariants, legal_actions, new_game
from game.krom.state import Setup, State, Turn


def _rest(total: int, *used) -> tuple[int, ...]:
    taken = {c for group in used for c in group}
    return tuple(c for c in range(total) if c not in taken)


def position(
    characters=("alma", "morhy", "valkyr"),
    *,
    glacial: bool = False,
    kromosaurus: bool = False,
    longer: bool = False,
    seed: int = 0,
    places=None,
    hp=None,
    krom=None,
    wood=None,
    stone=None,
    bone=None,
    hands=None,
    evolutions=None,
    bonus_deck=None,
    picking_deck=None,
    hunting_row=None,
    hunting_deck=None,
    evolution_row=None,
    evolution_deck=None,
    dino_hp: int | None = None,
    trophy: int | None = None,
) -> State:
    """Round 1's Movement phase with the seats described by per-seat lists (see the module docstring).

    Places are names ("cave", ...). Cards not placed in a deck, row or hand go to their
    discard pile (Bonus, Picking, Hunting), or for Evolutions to the deck after the named
    top cards; an Evolution row shorter than 4 is filled from the deck. `dino_hp` 0 with `trophy` set gives a defeated Kromosaurus.
    """
    setup = Setup(len(characters), tuple(characters), glacial, kromosaurus, longer)
    s = new_game(setup, seed).clone()
    n = len(characters)
    for seat, p in enumerate(s.players):
        if places is not None:
            p.place = PLACES.index(places[seat])
        if hp is not None:
            p.hp = hp[seat]
            p.stunned = p.hp == 0
        for kind, values in zip(TOKENS, (krom, wood, stone, bone)):
            if values is not None:
                s.supply[kind] += getattr(p, kind) - values[seat]
                setattr(p, kind, values[seat])
    for kind in TOKENS:
        if s.supply[kind] < 0:
            raise ValueError(f"the supply cannot give that much {kind}")
    if hands is not None:
        for p, hand in zip(s.players, hands):
            p.hand = tuple(sorted(hand))
    held = [p.hand for p in s.players]
    if bonus_deck is not None or hands is not None:
        deck = tuple(bonus_deck) if bonus_deck is not None else _rest(len(BONUS), *held)
        s.bonus_deck = deck
        s.bonus_discard = _rest(len(BONUS), deck, *held)
    if picking_deck is not None:
        s.picking_deck = tuple(picking_deck)
        s.picking_discard = _rest(len(PICKING), s.picking_deck)
    if hunting_row is not None or hunting_deck is not None:
        row = tuple(hunting_row) if hunting_row is not None else s.hunting_row
        deck = tuple(hunting_deck) if hunting_deck is not None else _rest(len(HUNTING), row)
        s.hunting_row, s.hunting_deck = row, deck
        s.hunting_discard = _rest(len(HUNTING), row, deck)
    if evolutions is not None:
        for p, evos in zip(s.players, evolutions):
            p.evolutions = tuple(evos)
    realized = [p.evolutions for p in s.players]
    if evolution_row is not None or evolution_deck is not None or evolutions is not None:
        taken = {c for evos in realized for c in evos}
        row = tuple(evolution_row) if evolution_row is not None else tuple(c for c in s.evolution_row if c not in taken)
        top = tuple(evolution_deck or ())
        deck = top + tuple(c for c in _rest(len(EVOLUTIONS), row, *realized) if c not in top)
        while len(row) < SLOTS and deck:
            row, deck = row + deck[:1], deck[1:]
        s.evolution_row, s.evolution_deck = row + (-1,) * (SLOTS - len(row)), deck
    if dino_hp is not None:
        s.dino_hp = dino_hp
    if trophy is not None:
        s.trophy = trophy
    s.picks = (None,) * n
    check_invariants(s)  # a description that breaks a rule of the game fails here, not later
    return s


def action_phase(state: State, seat: int) -> State:
    """The same position, now at the start of `seat`'s Action phase in the place they stand (no combat, nobody after them here)."""
    s = state.clone()
    place = s.players[seat].place
    s.phase, s.place, s.order, s.picks = "places", place, (), (None,) * len(s.players)
    s.turn, s.combat, s.play, s.steals = Turn(seat, place), None, None, ()
    s.to_move = seat
    check_invariants(s)
    return s


def with_rolls(state: State, values) -> State:
    """A copy of `state` whose next random results are `values` (die faces, place names, card ids), in order."""
    return replace(state.clone(), rng=state.rng.scripted(values))


def run(state: State, *actions: str) -> tuple[State, list]:
    """Apply actions given in text form, in order; returns the last state and every event."""
    return apply_all(apply, state, *actions)


def pass_idle(state: State) -> tuple[State, list]:
    """Answer "pass" while a combat or counter window asks a seat whose only legal action is to pass."""
    events: list = []
    while stage(state) in ("combat", "counter") and [str(a) for a in legal_actions(state)] == ["pass"]:
        state, more = apply(state, Action("pass"))
        events += more
    return state, events


def run_passing(state: State, *actions: str) -> tuple[State, list]:
    """`run`, with every window question to a seat that can only pass answered "pass" (see `pass_idle`)."""
    events: list = []
    for text in actions:
        state, more = pass_idle(state)
        events += more
        state, more = apply(state, Action.parse(text))
        events += more
    state, more = pass_idle(state)
    return state, events + more


def finish_phase(state: State) -> tuple[State, list]:
    """End the Action phase of the seat playing it, first doing what its place requires when it is
    not done yet (the first Picking card; a hunt of the prey in the first slot with no extra dice;
    one Mountain roll, stopped at once, with the first reward offered), then passing idle windows."""
    state, events = pass_idle(state)
    t = state.turn
    if t is not None and place_duty(state, t) is not None:
        if t.place == PLACES.index("forest"):
            steps = ["pick"]
        elif t.place == PLACES.index("savanna"):
            steps = [f"hunt {next(i for i, c in enumerate(state.hunting_row) if c >= 0)} 0"]
        else:
            steps = ["climb", "stop"]
        state, more = run_passing(state, *steps)
        events += more
        if stage(state) == "reward":
            state, more = apply(state, legal_actions(state)[0])
            events += more
    state, more = run_passing(state, "end")
    return state, events + more


def of_type(events: list, cls) -> list:
    """The events of one class, in order."""
    return [e for e in events if isinstance(e, cls)]


def refused(state: State, text: str, reason: str | None = None) -> str:
    """Check that the action `text` is refused (with exactly `reason`, if given) and leaves `state` unchanged; returns the reason."""
    before = state.to_dict()
    try:
        apply(state, Action.parse(text))
    except IllegalAction as e:
        assert reason is None or e.reason == reason, f"{text!r} refused with {e.reason!r}, expected {reason!r}"
        assert state.to_dict() == before, f"refusing {text!r} changed the state"
        return e.reason
    raise AssertionError(f"{text!r} was accepted")
