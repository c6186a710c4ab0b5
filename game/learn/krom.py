"""Krom: Evolution for the glossary and the reference: the words its content names, generated listings,
and live diagrams (a combat, a hunt, a Mountain climb) computed by `game.krom`'s own rules and queries.
"""

from __future__ import annotations

from fractions import Fraction

from game.core.content import EntryReader
from game.core.grammar import counted
from game.krom import (
    BONUS, CHARACTERS, DESTINATIONS, EVOLUTIONS, HUNTING, PICKING, PLACES, RULES, amount_words as amount, bundle_text,
    hunt_cost, hunt_odds, mountain_reward, reroll_improves,
)
from game.krom.content import REWARD_KINDS, TIMINGS
from game.krom.events import CombatWon, Damaged, KnockedOut
from game.krom.testing import position, run_passing, with_rolls
from game.learn.texts import content_word
from game.learn.picture import Picture, Piece

GAME_ID = "krom"
DATA = "game.krom.data"

TOKEN_WORDS = {"krom": "Krom", "wood": "Wood", "stone": "Stone", "bone": "Bone", "bonus": "Bonus card", "hp": "hit point"}
TIMING_WORDS = {"combat": "combat card", "counter": "counter card", "action": "Action phase"}
EFFECT_WORDS = {"dice": "combat score", "add": "combat score", "counter": "counter card", "gain": "supply",
                "loss": "supply", "steal": "steal", "trade": "trade", "swap": "swap"}
COMBO_WORDS = {"pair": "pair", "two_pairs": "two pairs", "three": "three of a kind", "full_house": "full house",
               "four": "four of a kind", "five": "five of a kind", "straight": "straight"}
COMBO_NAMES = {"": "no combination", "pair": "a pair", "two_pairs": "two pairs", "three": "three of a kind",
               "full_house": "a full house", "four": "four of a kind", "five": "five of a kind", "straight": "a straight"}


def _word(table: dict[str, str], key: str, what: str) -> str:
    return content_word(table, key, what, __name__)


def required_terms() -> list[tuple[str, str]]:
    """(key, word) for everything the Krom content names: places, tokens, card families, Bonus timings and
    effects, Mountain combinations, the rules' options (Glacial board, Kromosaurus, longer game), weights."""
    out = [(f"place:{p}", p.capitalize()) for p in PLACES]
    out += [(f"token:{k}", _word(TOKEN_WORDS, k, "token")) for k in REWARD_KINDS]
    families = {"destination": DESTINATIONS, "picking": PICKING, "hunting": HUNTING, "bonus": BONUS, "evolution": EVOLUTIONS}
    out += [(f"family:{k}", f"{k.capitalize()} card") for k, cards in families.items() if cards]
    timings = {c.timing for c in BONUS}
    out += [(f"timing:{t}", t.capitalize() if t in PLACES else _word(TIMING_WORDS, t, "Bonus timing"))
            for t in TIMINGS if t in timings]
    out += [(f"effect:{e}", _word(EFFECT_WORDS, e, "Bonus effect")) for e in sorted({c.effect for c in BONUS})]
    out += [(f"combination:{c}", _word(COMBO_WORDS, c, "Mountain combination")) for c in RULES.mountain_rewards]
    out += [("rules:supply", "supply"), ("rules:kromosaurus", RULES.dino_name), ("rules:trophy", "trophy"),
            ("rules:glacial", "Glacial board"), ("rules:longer", "longer game"), ("rules:points", "Evolution points"),
            ("rules:rest", "rest"), ("rules:services", "services"), ("rules:extra_dice", "extra dice"),
            ("rules:reroll", "reroll"), ("rules:start_hp", "hit point"), ("character:weight", "weight")]
    return out


# -- listings generated from the content ------------------------------------------------------------


def bundle(items) -> str:
    """A reward or a cost in words: "2 Krom, 2 Stone and 1 Bonus card"."""
    return bundle_text(items) or "nothing"


def _percent(p: Fraction) -> str:
    return f"{round(float(p) * 100)}%"


def _bonus_effect(c) -> str:
    return {
        "dice": lambda: f"roll {counted(c.amount, 'more die', 'more dice')} and add {'it' if c.amount == 1 else 'them'} to your combat score",
        "add": lambda: f"add {c.amount} to your combat score",
        "counter": lambda: "cancel a Bonus card another player is playing",
        "gain": lambda: f"take {amount(c.kind, c.amount)} from the supply",
        "loss": lambda: f"a player you target puts back {amount(c.kind, c.amount)}",
        "steal": lambda: f"take {amount(c.kind, c.amount)} from a player in your place",
        "trade": lambda: f"pay {amount(c.pay_kind, c.pay)} for {amount(c.kind, c.amount)}",
        "swap": lambda: f"give a player {amount(c.give_kind, c.give)} for their {amount(c.take_kind, c.take)} (if either side is missing, nothing changes hands)",
    }[c.effect]()


def _bonus() -> tuple[tuple[str, str], ...]:
    when = {"combat": "Combat card, after the dice of your combat", "counter": "Counter card, when someone plays a Bonus",
            "action": "In your Action phase"}
    seen: dict[str, list] = {}
    for c in BONUS:
        seen.setdefault(c.name, []).append(c)
    out = []
    for name, copies in seen.items():
        c = copies[0]
        timing = when.get(c.timing, f"In your Action phase, in the {c.timing.capitalize()} only")
        out.append((f"{name} (x{len(copies)})", f"{timing}: {_bonus_effect(c)}."))
    return tuple(out)


def _evolutions() -> tuple[tuple[str, str], ...]:
    return tuple((c.name, f"{counted(c.points, 'point')} for {bundle(c.cost)}"
                  + (f", in the {PLACES[c.place].capitalize()} only." if c.place is not None else ", anywhere."))
                 for c in sorted(EVOLUTIONS, key=lambda c: (c.points, c.name)))


def _hunting() -> tuple[tuple[str, str], ...]:
    out = []
    for c in HUNTING:
        odds = ", ".join(_percent(hunt_odds(c, k)) for k in range(len(RULES.extra_dice_costs)))
        out.append((c.name, f"reach {c.value} with {counted(c.dice, 'die')}; reward {bundle(c.reward)}. "
                            f"Chance with 0, 1 or 2 extra dice: {odds}."))
    return tuple(out)


def _picking() -> tuple[tuple[str, str], ...]:
    seen: dict[str, list] = {}
    for c in PICKING:
        seen.setdefault(c.name, []).append(c)
    return tuple((f"{name} (x{len(cards)})", bundle(cards[0].reward) + ".") for name, cards in seen.items())


def _mountain() -> tuple[tuple[str, str], ...]:
    examples = {"pair": "4 4 1 2 6", "two_pairs": "3 3 5 5 1", "three": "6 6 6 1 2", "full_house": "2 2 5 5 5",
                "four": "1 1 1 1 4", "five": "3 3 3 3 3", "straight": "1 2 3 4 5 or 2 3 4 5 6"}
    out = []
    for combo, options in RULES.mountain_rewards.items():
        pays = " or ".join(bundle(b) for b in options)
        example = f" (e.g. {examples[combo]})" if combo in examples else ""
        out.append((COMBO_NAMES[combo].capitalize() + example, pays + "."))
    return tuple(out)


def _characters() -> tuple[tuple[str, str], ...]:
    return tuple((c.name, f"{c.weight} kg.") for c in sorted(CHARACTERS, key=lambda c: c.weight))


LISTINGS = {
    "bonus": _bonus, "evolutions": _evolutions, "hunting": _hunting, "picking": _picking, "mountain": _mountain,
    "characters": _characters,
}


# -- live diagrams ---------------------------------------------------------------------------------

_IDS = [c.id for c in CHARACTERS]
_NAMES = {c.id: c.name for c in CHARACTERS}
_WEIGHTS = {c.id: c.weight for c in CHARACTERS}


def _dice(r: EntryReader, field: str, count: int | None = None) -> tuple[int, ...]:
    values = r.get(field, list)
    if not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in values) or \
            (count is not None and len(values) != count) or not values:
        want = f"{count} die faces" if count else "die faces"
        raise r.fail(field, f"expected {want} from 1 to 6, got {values!r}")
    return tuple(values)


def mountain(r: EntryReader) -> Picture:
    """Five Mountain dice: the combination they show and its reward (`mountain_reward`), and the exact
    chance that rerolling the dice not kept improves it (`reroll_improves`)."""
    dice = _dice(r, "dice", RULES.mountain_dice)
    kept = tuple(r.get("kept", list, default=[]))
    if not all(isinstance(k, int) and 0 <= k < len(dice) for k in kept) or len(set(kept)) != len(kept):
        raise r.fail("kept", f"expected distinct die numbers 0 to {len(dice) - 1}, got {list(kept)!r}")
    combo, options = mountain_reward(dice)
    pays = ", or ".join(bundle(b) for _, b in options) if options else "nothing"
    caption = f"These dice show {COMBO_NAMES[combo]}: stopping now pays {pays}."
    lines = []
    if kept and len(kept) < len(dice):
        free = len(dice) - len(kept)
        lines.append(f"Keeping the {len(kept)} gold-ringed dice and rerolling the other {free}: "
                     f"{_percent(reroll_improves(dice, kept))} chance of a better reward.")
    lines.append(f"Rerolls cost {', '.join(map(str, RULES.reroll_costs))} Krom, one after the other.")
    return Picture(GAME_ID, "mountain", dice=dice, kept=kept, caption=caption, lines=tuple(lines),
                   rewards=tuple(b for _, b in options))


def hunt(r: EntryReader) -> Picture:
    """A Hunting card and the exact chance to catch it with 0, 1 or 2 bought dice (`hunt_odds`, `hunt_cost`)."""
    names = {c.name: c for c in HUNTING}
    name = r.get("card", str, choices=list(names))
    card = names[name]
    caption = f"The {card.name} needs {card.value} or more on {counted(card.dice, 'die')}; it pays {bundle(card.reward)}."
    bars = tuple((counted(card.dice + k, 'die') + (f" (+{k} for {amount('krom', hunt_cost(k))})" if k else ""),
                  float(hunt_odds(card, k))) for k in range(len(RULES.extra_dice_costs)))
    return Picture(GAME_ID, "hunt", card=card.name, caption=caption, bars=bars, rewards=(card.reward,),
                   lines=("Extra dice are bought before the roll, never after.",))


def combat(r: EntryReader) -> Picture:
    """A combat played by the rules: the fighters go to `place`, roll `rolls`, and the rules rank them
    (ties by weight), take hit points off the losers and stun those at 0."""
    place = r.get("place", str, choices=[p for p in PLACES if p != "cave"])
    fighters = r.get("fighters", list)
    if not (2 <= len(fighters) <= 6) or any(f not in _IDS for f in fighters) or len(set(fighters)) != len(fighters):
        raise r.fail("fighters", f"expected 2 to 6 different characters among {', '.join(_IDS)}, got {fighters!r}")
    rolls = _dice(r, "rolls", len(fighters))
    hp = r.get("hp", list, default=[RULES.start_hp] * len(fighters))
    if len(hp) != len(fighters) or not all(isinstance(h, int) and 1 <= h <= RULES.start_hp for h in hp):
        raise r.fail("hp", f"expected {len(fighters)} hit points from 1 to {RULES.start_hp}, got {hp!r}")
    state = position(tuple(fighters), hp=list(hp), hands=[[] for _ in fighters])
    state, events = run_passing(with_rolls(state, list(rolls)), *[f"go {place}"] * len(fighters))
    won = next(e for e in events if isinstance(e, CombatWon))
    lost = {e.piece: e.amount for e in events if isinstance(e, Damaged)}
    stunned = {e.piece for e in events if isinstance(e, KnockedOut)}
    heavy = PLACES.index(place) in (0, 2)
    pieces, lines = [], []
    for rank, seat in enumerate(won.ranking):
        label = f"plays {('1st', '2nd', '3rd', '4th', '5th', '6th')[rank]}"
        if seat in lost:
            label += f", -{lost[seat]} hp"
        if seat in stunned:
            label += ", stunned"
        pieces.append(Piece(fighters[seat], seat, label=label, die=rolls[seat], focus=rank == 0))
    for a, b in zip(won.ranking, won.ranking[1:]):
        if won.scores[won.ranking.index(a)] == won.scores[won.ranking.index(b)]:
            lines.append(f"{_NAMES[fighters[a]]} and {_NAMES[fighters[b]]} both rolled {rolls[a]}: in the "
                         f"{place.capitalize()} the {'heavier' if heavy else 'lighter'} one goes first "
                         f"({_WEIGHTS[fighters[a]]} kg against {_WEIGHTS[fighters[b]]} kg).")
    for seat in won.ranking[1:]:
        if seat in lost:
            lines.append(f"{_NAMES[fighters[seat]]} loses {counted(lost[seat], 'hit point')}, "
                         f"the gap to the winner's {won.scores[0]}" + (", and is stunned." if seat in stunned else "."))
    winner = _NAMES[fighters[won.ranking[0]]]
    caption = f"Combat in the {place.capitalize()}: {winner} wins and plays first."
    return Picture(GAME_ID, "combat", board=place, pieces=tuple(pieces), dice=rolls, caption=caption, lines=tuple(lines))


DIAGRAMS = {"mountain": mountain, "hunt": hunt, "combat": combat}
