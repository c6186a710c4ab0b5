"""A click turned into actions, through the rules: each gesture takes the state a board shows (a view)
and the legal actions of the player at the screen (`legal`, empty when it is not their decision) and
answers with a `game.core.gesture.Gesture`, the actions to play or the rules' reason why it maps to none:
`go` (a Destination card), `play_bonus`, `realize` (an Evolution), `hunt` and `hunt_options` (a prey and
its bought dice), `toggle_die` (keep a Mountain die), `fill_basket` (the Cave's services), `options`
(the decision's buttons, each a `Choice`) and the passes a card window offers (`pass_for_form`,
`idle_pass`). The facts come from `queries`, the reasons from `previews` and the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.core.actions import Action
from game.core.decision import HIDDEN
from game.core.gesture import Gesture
from game.core.grammar import colon, counted
from game.krom.bonus import swap_short, target_problem
from game.krom.content import BONUS, CAVE, FOREST, HUNTING, MOUNTAIN, PLACES, RESOURCES, RULES
from game.krom.decision import stage
from game.krom.facts import SLOTS, next_pick_cost
from game.krom.previews import basket_problem, bonus_reasons, evolution_problems
from game.krom.queries import climb, fighter_name, hunt_cost, hunt_odds, mountain_reward
from game.krom.rules import why_illegal
from game.krom.state import State
from game.krom.words import amount_words, bundle_words, combination_name

__all__ = [
    "Choice",
    "HuntOption",
    "fill_basket",
    "go",
    "hunt",
    "hunt_options",
    "idle_pass",
    "options",
    "pass_for_form",
    "play_bonus",
    "realize",
    "toggle_die",
]


NOT_YOURS = "it is not your decision now"


def _who(state: State, seat: int, names: Sequence[str] | None) -> str:
    """A seat as a button names it: "Ann (Alma)" with the table's names, else (or where the seat is named after its
    Krom) the Krom's name."""
    krom = fighter_name(state, seat)
    if names is not None and 0 <= seat < len(names) and names[seat] and names[seat] != krom:
        return f"{names[seat]} ({krom})"
    return krom


@dataclass(frozen=True)
class HuntOption:
    """One way to hunt a prey: with `extra` bought dice (`dice` in all) for `cost` Krom, with these odds."""

    slot: int
    extra: int
    dice: int
    cost: int
    odds: Fraction
    gesture: Gesture


def hunt(state: State, legal, slot: int, extra: int) -> Gesture:
    """Hunt the prey in `slot` with `extra` bought dice, or why not."""
    return _take(state, legal, Action("hunt", (slot, extra)))


def hunt_options(state: State, legal, slot: int) -> tuple[HuntOption, ...]:
    """The ways to hunt the prey in `slot` (0, 1 or 2 bought dice), each with its price, odds and gesture."""
    if not 0 <= slot < SLOTS or state.hunting_row[slot] < 0:
        return ()
    c = HUNTING[state.hunting_row[slot]]
    return tuple(HuntOption(slot, extra, c.dice + extra, hunt_cost(extra), hunt_odds(c, extra), hunt(state, legal, slot, extra))
                 for extra in range(len(RULES.extra_dice_costs)))


def fill_basket(state: State, legal, basket: dict[str, int]) -> Gesture:
    """Provide every service in `basket` (item -> how many), one purchase after another, or why not."""
    seat = state.to_move
    wanted = [(item, n) for item, n in basket.items() if n > 0]
    if not wanted:
        return Gesture.refused("add services with + first")
    actions: list[Action] = []
    so_far: dict[str, int] = {}
    for item, n in wanted:
        for _ in range(n):
            problem = basket_problem(state, seat, so_far, item)
            if problem is not None:
                return Gesture.refused(problem)
            so_far[item] = so_far.get(item, 0) + 1
            action = Action("buy", (item,))
            if action not in legal:
                return Gesture.refused(why_illegal(state, action) or NOT_YOURS)
            actions.append(action)
    return Gesture(tuple(actions))


def _take(state: State, legal, action: Action, reason: str | None = None) -> Gesture:
    """The gesture playing `action` when it is legal now, else the given reason, the rules' or 'not yours'."""
    if action in legal:
        return Gesture.of(action)
    return Gesture.refused(reason or (why_illegal(state, action) if legal else None) or NOT_YOURS)


def go(state: State, legal, place: int) -> Gesture:
    """Lay the Destination card of `place` (0 Cave .. 3 Mountain) face down, or why not."""
    return _take(state, legal, Action("go", (PLACES[place],)))


def play_bonus(state: State, legal, seat: int | None, card: int) -> Gesture:
    """Play the Bonus card `card` of `seat`'s hand, or why not (see `bonus_reasons`)."""
    action = Action("play", (card,))
    if action in legal:
        return Gesture.of(action)
    if BONUS[card].timing == "counter" and Action("counter") in legal:  # the glowing counter card is the natural click
        return Gesture.of(Action("counter"))
    return Gesture.refused(bonus_reasons(state, seat).get(card) or NOT_YOURS)


def realize(state: State, legal, seat: int | None, slot: int) -> Gesture:
    """Realize the Evolution face up in `slot`, or why not."""
    action = Action("realize", (slot,))
    if action in legal:
        return Gesture.of(action)
    problems = evolution_problems(state, seat) if seat is not None else []
    return Gesture.refused((problems[slot] if problems else None) or NOT_YOURS)


def toggle_die(state: State, legal, die: int) -> Gesture:
    """Keep Mountain die `die` out of the next reroll, or put it back in, or why not."""
    t = state.turn
    kept = t is not None and die in t.kept
    return _take(state, legal, Action("free" if kept else "keep", (die,)))


@dataclass(frozen=True)
class Choice:
    """One option of the decision at hand, as a button shows it: a stable key, a label, what it does, the gesture."""

    key: str
    label: str
    tip: str
    gesture: Gesture
    action: Action  # what it plays (a choice overlay asks the rules about it, legal or not)


def _choice(state, legal, key: str, label: str, tip: str, action: Action, reason: str | None = None) -> Choice:
    return Choice(key, label, tip, _take(state, legal, action, reason), action)


def _steal_label(state: State, victim: int, kind: str) -> str:
    if kind == "krom":
        return f"Half their Krom ({(state.players[victim].krom + 1) // 2})"
    if kind == "bonus":
        return "A random Bonus card"
    return amount_words(kind, 1)


def options(state: State, legal, names: Sequence[str] | None = None) -> tuple[Choice, ...]:
    """Every option of the decision at hand that a button offers (the cards, dice, prey and Cave basket
    have their own gestures), each with the gesture it plays or the rules' reason why not.

    Keys: rest, shuffle, pick, climb, end (an Action phase); reroll, stop (a climb); reward:LABEL;
    pass (the combat-card window); counter, pass (the counter window); target:SEAT, cancel;
    take:RESOURCE, cancel; steal:KIND, pass (take nothing). `names` calls the players as the table does.
    """
    d = stage(state)
    out: list[Choice] = []
    add = out.append
    if d == "main":
        t = state.turn
        assert t is not None, "an Action phase is under way"
        if t.place == CAVE:
            add(_choice(state, legal, "rest", f"Rest: +{RULES.rest_krom} Krom, +{RULES.rest_hp} hit points",
                        "Rest in the Cave instead of providing services", Action("rest")))
        elif t.place == FOREST:
            if t.picks == 0:
                add(_choice(state, legal, "shuffle", "Reshuffle the Picking deck",
                            "Shuffle the discard pile back into the Picking deck before the first card", Action("shuffle")))
            cost = next_pick_cost(state)
            price = "the hike is over" if cost is None else "free" if cost == 0 else f"{cost} Krom"
            add(_choice(state, legal, "pick", f"Draw a Picking card ({price})",
                        "Draw the top Picking card and take its reward", Action("pick")))
        elif t.place == MOUNTAIN and not t.climb:
            add(_choice(state, legal, "climb", f"Climb: roll {RULES.mountain_dice} dice",
                        "Roll the five dice: their combination pays a reward", Action("climb")))
        add(_choice(state, legal, "end", "End my Action phase", "Hand on to the next player", Action("end")))
    elif d == "climb":
        c = climb(state)
        assert c is not None, "a climb is under way"
        cost = c.reroll_cost
        label = "No reroll left" if cost is None else f"Reroll {counted(c.free, 'die')} ({cost} Krom)"
        add(_choice(state, legal, "reroll", label, "Reroll every die without a gold ring", Action("reroll")))
        add(_choice(state, legal, "stop", "Stop and take the reward",
                    f"Stop climbing with {combination_name(c.combination)}", Action("stop")))
    elif d == "reward":
        assert state.turn is not None, "a climb ends in its Action phase"
        for label, bundle in mountain_reward(state.turn.dice)[1]:
            add(_choice(state, legal, f"reward:{label}", bundle_words(bundle), f"Take {bundle_words(bundle)}",
                        Action("reward", (label,))))
    elif d == "combat":
        add(_choice(state, legal, "pass", "Pass", "Play no combat card now", Action("pass")))
    elif d == "counter":
        play = state.play
        assert play is not None and state.to_move is not None, "a Bonus card is being played, a seat is asked"
        top = play.counters[-1][1] if play.counters else play.card
        seat = state.to_move
        mine = [c for c in state.players[seat].hand if c != HIDDEN and BONUS[c].timing == "counter"]
        label = f"Counter it with {BONUS[mine[0]].name}" if mine else "Counter it"
        add(_choice(state, legal, "counter", label, colon(f"Cancel {BONUS[top].name}", "both cards are discarded"),
                    Action("counter")))
        add(_choice(state, legal, "pass", "Pass: let it happen" if mine else "Pass", f"Do not counter {BONUS[top].name}",
                    Action("pass")))
    elif d == "target":
        play = state.play
        assert play is not None, "a Bonus card is being played"
        card = BONUS[play.card]
        for other in range(state.num_players):
            if other != play.seat:
                tip = f"Play {card.name} on {_who(state, other, names)}"
                short = swap_short(state, play.seat, other, card) if card.effect == "swap" else None
                if short is not None:  # a swap is one exchange: with a side missing, nothing changes hands
                    tip = colon(tip, f"{_who(state, short[0], names)} cannot give {amount_words(short[1], short[2])}, "
                                     "so nothing would change hands")
                add(_choice(state, legal, f"target:{other}", _who(state, other, names), tip,
                            Action("target", (other,)), target_problem(state, play.seat, card, other)))
        add(_choice(state, legal, "cancel", "Cancel (keep the card)", "Take the card back into your hand", Action("cancel")))
    elif d == "choice":
        play = state.play
        assert play is not None, "a Bonus card is being played"
        card = BONUS[play.card]
        for r in RESOURCES:
            add(_choice(state, legal, f"take:{r}", r.capitalize(), f"{card.name} gives {amount_words(r, card.amount)}",
                        Action("take", (r,))))
        add(_choice(state, legal, "cancel", "Cancel (keep the card)", "Take the card back into your hand", Action("cancel")))
    elif d == "steal":
        victim = state.steals[0][1]
        who = _who(state, victim, names)
        for kind in RESOURCES + ("krom", "bonus"):
            label = _steal_label(state, victim, kind)
            add(_choice(state, legal, f"steal:{kind}", label, f"Take {label[:1].lower() + label[1:]} from {who}",
                        Action("steal", (kind,))))
        add(_choice(state, legal, "pass", "Take nothing", f"Leave {who} alone", Action("pass")))
    return tuple(out)


def pass_for_form(kind: str | None, legal) -> Gesture | None:
    """In a combat-card or counter window, the pass any seat asked may give without looking at its hand
    (a pass is always legal there, so offering it shows nothing of the hand); None for other decisions."""
    if kind not in ("combat", "counter"):
        return None
    action = Action("pass")
    return Gesture.of(action) if action in legal else None


def idle_pass(state: State, legal) -> Gesture | None:
    """The pass of a seat asked in a combat-card or counter window that can do nothing else (no suitable
    card), else None."""
    if stage(state) in ("combat", "counter") and list(legal) == [Action("pass")]:
        return Gesture.of(Action("pass"))
    return None
