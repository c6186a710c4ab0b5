"""The content of Krom: Evolution (characters, cards, numbers of the rules), read from data/ and validated.

Each loader takes the text of a file and its name, so tests can feed corrupt copies;
every problem is a `ContentError` naming the file, the entry and the field. The packaged
files are loaded once, at import, into the module constants at the bottom.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from game.core.content import EntryReader, parse_text, read_text
from game.core.errors import ContentError

PLACES = ("cave", "forest", "savanna", "mountain")
CAVE, FOREST, SAVANNA, MOUNTAIN = range(4)


def heaviest_wins(place: int) -> bool:
    """The tie rule of a place: the heaviest wins ties in the Cave and the Savanna, the lightest elsewhere."""
    return place in (CAVE, SAVANNA)

TOKENS = ("krom", "wood", "stone", "bone")
RESOURCES = ("wood", "stone", "bone")
REWARD_KINDS = TOKENS + ("bonus", "hp")
TIMINGS = ("combat", "counter", "action") + PLACES
EFFECTS = ("dice", "add", "counter", "gain", "loss", "steal", "trade", "swap")
COMBINATIONS = ("pair", "two_pairs", "three", "full_house", "four", "five", "straight")

# A reward or a cost: (kind, amount) pairs in the canonical order of REWARD_KINDS.
Bundle = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    weight: int
    colour: str


@dataclass(frozen=True, slots=True)
class Destination:
    id: int
    owner: str  # a character id, or "kromosaurus"
    place: int


@dataclass(frozen=True, slots=True)
class PickingCard:
    id: int
    name: str
    reward: Bundle


@dataclass(frozen=True, slots=True)
class HuntingCard:
    id: int
    name: str
    value: int
    dice: int
    reward: Bundle


@dataclass(frozen=True, slots=True)
class BonusCard:
    """One Bonus card. Which of the optional fields matter depends on `effect` (see bonus.toml)."""

    id: int
    name: str
    timing: str
    effect: str
    kind: str = ""
    amount: int = 0
    pay_kind: str = ""
    pay: int = 0
    give_kind: str = ""
    give: int = 0
    take_kind: str = ""
    take: int = 0

    @property
    def place(self) -> int | None:
        """The place the card is bound to, if any."""
        return PLACES.index(self.timing) if self.timing in PLACES else None

    @property
    def targeted(self) -> bool:
        """Whether playing the card needs a targeted player."""
        return self.effect in ("loss", "steal", "swap")

    @property
    def needs_choice(self) -> bool:
        """Whether the player picks Wood, Stone or Bone when playing it."""
        return self.kind == "choice"


@dataclass(frozen=True, slots=True)
class EvolutionCard:
    id: int
    name: str
    points: int
    cost: Bundle
    place: int | None


@dataclass(frozen=True, slots=True)
class Rules:
    """The numbers of the rules (rules.toml)."""

    supply: tuple[tuple[str, int], ...]
    start_hp: int
    start_krom: int
    start_bonus: int
    dino_name: str
    dino_hp: int
    dino_die_bonus: int
    dino_weight: int
    dino_places: tuple[int, ...]
    rest_krom: int
    rest_hp: int
    resource_price: int
    bonus_price: int
    hp_price: int
    hp_per_purchase: int
    pick_costs: tuple[int, ...]
    extra_dice_costs: tuple[int, ...]
    mountain_dice: int
    reroll_costs: tuple[int, ...]
    mountain_rewards: dict[str, tuple[Bundle, ...]]
    glacial_outside: int
    glacial_cave: int
    win_points: tuple[int, ...]  # index 0 = 2 players
    longer: int


# -- helpers -----------------------------------------------------------------------------


def _entries(name: str, data: Any, table: str) -> list:
    if not isinstance(data, dict) or table not in data:
        raise ContentError(name, None, table, f"is missing (expected a list of [[{table}]] entries)")
    entries = data[table]
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise ContentError(name, None, table, "expected a list of tables")
    extra = sorted(set(data) - {table})
    if extra:
        raise ContentError(name, None, extra[0], "is not a known table")
    return entries


def _label(index: int, entry: dict) -> str:
    name = entry.get("name") if isinstance(entry, dict) else None
    return name if isinstance(name, str) and name else f"#{index + 1}"


def _bundle(r: EntryReader, field: str, kinds: tuple[str, ...], *, allow_empty: bool = True) -> Bundle:
    raw = r.get(field, dict)
    sub = r.sub(field, raw)
    for key in raw:
        if key not in kinds:
            raise sub.fail(key, f"is not a known kind (expected one of {', '.join(kinds)})")
    out = tuple((k, sub.get(k, int, min=1)) for k in kinds if k in raw)
    if not out and not allow_empty:
        raise r.fail(field, "must not be empty")
    return out


def _expect_count(name: str, what: str, items: tuple, count: int | None) -> None:
    if count is not None and len(items) != count:
        raise ContentError(name, None, None, f"must hold {count} {what}, found {len(items)}")


def _unique(name: str, items, key: str) -> None:
    seen: dict = {}
    for item in items:
        value = getattr(item, key)
        if value in seen:
            raise ContentError(name, item.name, key, f"{value!r} is already used by {seen[value]!r}")
        seen[value] = item.name


# -- loaders -----------------------------------------------------------------------------


def load_characters(text: str, name: str = "characters.toml") -> tuple[Character, ...]:
    out = []
    for i, entry in enumerate(_entries(name, parse_text(name, text), "character")):
        r = EntryReader(name, _label(i, entry), entry)
        cid = r.get("id", str)
        if not cid.isascii() or not cid.isalpha() or not cid.islower():
            raise r.fail("id", f"must be lower-case ASCII letters, got {cid!r}")
        out.append(Character(cid, r.get("name", str), r.get("weight", int, min=1), r.get("colour", str)))
        r.done()
    chars = tuple(out)
    _expect_count(name, "characters", chars, 6)
    for key in ("id", "name", "weight", "colour"):
        _unique(name, chars, key)
    return chars


def load_destinations(text: str, characters: tuple[Character, ...], name: str = "destinations.toml") -> tuple[Destination, ...]:
    owners = [c.id for c in characters] + ["kromosaurus"]
    out = []
    for i, entry in enumerate(_entries(name, parse_text(name, text), "destination")):
        r = EntryReader(name, f"#{i + 1}", entry)
        did = r.get("id", int, choices=[i])
        owner = r.get("owner", str, choices=owners)
        place = PLACES.index(r.get("place", str, choices=PLACES))
        if owner == "kromosaurus" and place == CAVE:
            raise r.fail("place", "the Kromosaurus never goes to the Cave")
        r.done()
        out.append(Destination(did, owner, place))
    cards = tuple(out)
    _expect_count(name, "Destination cards", cards, 27)
    for owner in owners:
        wanted = [CAVE, FOREST, SAVANNA, MOUNTAIN] if owner != "kromosaurus" else [FOREST, SAVANNA, MOUNTAIN]
        have = sorted(d.place for d in cards if d.owner == owner)
        if have != wanted:
            raise ContentError(name, owner, "place", f"needs one card for each of {', '.join(PLACES[p] for p in wanted)}")
    return cards


def _read_cards(name: str, text: str, what: str, count: int, build, *, copies: bool) -> tuple:
    """The [[card]] entries of a file: build(reader, id) for each, ids in file order.

    With `copies`, each entry has a `copies` field and stands for that many cards.
    """
    out: list = []
    for i, entry in enumerate(_entries(name, parse_text(name, text), "card")):
        r = EntryReader(name, _label(i, entry), entry)
        times = r.get("copies", int, min=1) if copies else 1
        card = build(r, len(out))
        r.done()
        for _ in range(times):
            out.append(replace(card, id=len(out)))
    cards = tuple(out)
    _expect_count(name, what, cards, count)
    if not copies:
        _unique(name, cards, "name")
    return cards


def load_picking(text: str, name: str = "picking.toml") -> tuple[PickingCard, ...]:
    def build(r: EntryReader, cid: int) -> PickingCard:
        return PickingCard(cid, r.get("name", str), _bundle(r, "reward", REWARD_KINDS))

    return _read_cards(name, text, "Picking cards", 20, build, copies=True)


def load_hunting(text: str, name: str = "hunting.toml") -> tuple[HuntingCard, ...]:
    def build(r: EntryReader, cid: int) -> HuntingCard:
        dice = r.get("dice", int, min=1, max=3)
        value = r.get("value", int, min=1, max=6 * (dice + 2))
        return HuntingCard(cid, r.get("name", str), value, dice, _bundle(r, "reward", REWARD_KINDS, allow_empty=False))

    return _read_cards(name, text, "Hunting cards", 17, build, copies=False)


def load_bonus(text: str, name: str = "bonus.toml") -> tuple[BonusCard, ...]:
    def build(r: EntryReader, cid: int) -> BonusCard:
        card_name = r.get("name", str)
        timing = r.get("timing", str, choices=TIMINGS)
        effect = r.get("effect", str, choices=EFFECTS)
        fields: dict[str, Any] = {}
        if effect in ("dice", "add"):
            fields["amount"] = r.get("amount", int, min=1)
            wanted_timing: tuple[str, ...] = ("combat",)
        elif effect == "counter":
            wanted_timing = ("counter",)
        else:
            wanted_timing = ("action",) + PLACES
            if effect == "gain":
                fields["kind"] = r.get("kind", str, choices=REWARD_KINDS + ("choice",))
                fields["amount"] = r.get("amount", int, min=1)
            elif effect == "loss":
                fields["kind"] = r.get("kind", str, choices=TOKENS + ("hp",))
                fields["amount"] = r.get("amount", int, min=1)
            elif effect == "steal":
                fields["kind"] = r.get("kind", str, choices=TOKENS)
                fields["amount"] = r.get("amount", int, min=1)
            elif effect == "trade":
                fields["pay_kind"] = r.get("pay_kind", str, choices=TOKENS)
                fields["pay"] = r.get("pay", int, min=1)
                fields["kind"] = r.get("kind", str, choices=TOKENS + ("choice",))
                fields["amount"] = r.get("amount", int, min=1)
            else:  # swap
                fields["give_kind"] = r.get("give_kind", str, choices=TOKENS)
                fields["give"] = r.get("give", int, min=1)
                fields["take_kind"] = r.get("take_kind", str, choices=TOKENS)
                fields["take"] = r.get("take", int, min=1)
        if timing not in wanted_timing:
            raise r.fail("timing", f"a {effect!r} card must have timing {' or '.join(map(repr, wanted_timing))}, got {timing!r}")
        return BonusCard(cid, card_name, timing, effect, **fields)

    return _read_cards(name, text, "Bonus cards", 31, build, copies=True)


def load_evolutions(text: str, name: str = "evolutions.toml") -> tuple[EvolutionCard, ...]:
    def build(r: EntryReader, cid: int) -> EvolutionCard:
        place = r.get("place", str, None, choices=PLACES)
        cost = _bundle(r, "cost", TOKENS, allow_empty=False)
        return EvolutionCard(cid, r.get("name", str), r.get("points", int, min=1), cost, None if place is None else PLACES.index(place))

    return _read_cards(name, text, "Evolution cards", 25, build, copies=False)


def _int_list(r: EntryReader, field: str, length: int | None = None) -> tuple[int, ...]:
    """A list of integers >= 0: exactly `length` of them, or at least one when `length` is None."""
    values = r.get(field, list)
    size_ok = len(values) == length if length is not None else len(values) >= 1
    if not size_ok or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
        count = length if length is not None else "one or more"
        raise r.fail(field, f"expected a list of {count} integers >= 0, got {values!r}")
    return tuple(values)


def load_rules(text: str, name: str = "rules.toml") -> Rules:
    data = parse_text(name, text)
    top = EntryReader(name, "(top)", data)

    def section(key: str) -> EntryReader:
        return EntryReader(name, key, top.get(key, dict))

    supply_r = section("supply")
    supply = tuple((k, supply_r.get(k, int, min=1)) for k in TOKENS)
    supply_r.done()
    start = section("start")
    start_values = (start.get("hp", int, min=1), start.get("krom", int, min=0), start.get("bonus", int, min=0))
    start.done()
    dino = section("kromosaurus")
    dino_places = dino.get("places", list)
    if not dino_places or any(p not in PLACES[1:] for p in dino_places) or len(set(dino_places)) != len(dino_places):
        raise dino.fail("places", f"expected distinct places among forest, savanna, mountain, got {dino_places!r}")
    dino_values = (
        dino.get("name", str),
        dino.get("hp", int, min=1),
        dino.get("die_bonus", int, min=0),
        dino.get("weight", int, min=1),
        tuple(PLACES.index(p) for p in dino_places),
    )
    dino.done()
    cave = section("cave")
    cave_values = (cave.get("rest_krom", int, min=1), cave.get("rest_hp", int, min=1), cave.get("resource_price", int, min=1),
                   cave.get("bonus_price", int, min=1), cave.get("hp_price", int, min=1), cave.get("hp_per_purchase", int, min=1))
    cave.done()
    forest = section("forest")
    pick_costs = _int_list(forest, "pick_costs")
    forest.done()
    savanna = section("savanna")
    extra_costs = _int_list(savanna, "extra_dice_costs", 3)
    savanna.done()
    mountain = section("mountain")
    mountain_dice = mountain.get("dice", int, choices=[5])
    reroll_costs = _int_list(mountain, "reroll_costs")
    rewards_r = mountain.sub("rewards", mountain.get("rewards", dict))
    rewards = {}
    for combo in COMBINATIONS:
        options = rewards_r.get(combo, list)
        if not options:
            raise rewards_r.fail(combo, "must list at least one reward")
        bundles = []
        for j, option in enumerate(options):
            holder = EntryReader(name, f"mountain.rewards.{combo}", {str(j + 1): option})
            bundles.append(_bundle(holder, str(j + 1), REWARD_KINDS, allow_empty=False))
        labels = [reward_label(b, bundles) for b in bundles]
        if len(set(labels)) != len(labels):
            raise rewards_r.fail(combo, "two rewards of a choice must differ in what they give")
        rewards[combo] = tuple(bundles)
    rewards_r.done()
    mountain.done()
    glacial = section("glacial")
    glacial_values = (glacial.get("outside", int, max=0), glacial.get("cave", int, min=0))
    glacial.done()
    win = section("win")
    win_points = _int_list(win, "points", 5)
    if min(win_points) < 1:
        raise win.fail("points", "every target must be at least 1 point")
    longer = win.get("longer", int, min=0)
    win.done()
    top.done()
    return Rules(
        supply,
        *start_values,
        *dino_values[:4],  # the places tuple passed on its own: mypy matched a run of starred tuples to the wrong fields
        dino_values[4],
        *cave_values,
        pick_costs,
        extra_costs,
        mountain_dice,
        reroll_costs,
        rewards,
        *glacial_values,
        win_points,
        longer,
    )


def mountain_combination(dice) -> str:
    """The best combination five dice show: "five", "four", "full_house", "three", "two_pairs", "pair", "straight" or ""."""
    counts = sorted(Counter(dice).values(), reverse=True)
    if counts[0] == 5:
        return "five"
    if counts[0] == 4:
        return "four"
    if counts[0] == 3:
        return "full_house" if counts[1] == 2 else "three"
    if counts[0] == 2:
        return "two_pairs" if counts[1] == 2 else "pair"
    ordered = sorted(dice)
    if ordered == list(range(ordered[0], ordered[0] + 5)):
        return "straight"
    return ""


def reward_label(bundle: Bundle, options: list[Bundle] | tuple[Bundle, ...]) -> str:
    """A one-word name for one reward of a choice: the kinds it gives that not every option gives alike."""
    shared = set(options[0]).intersection(*map(set, options[1:])) if len(options) > 1 else set()
    return "+".join(k for k, n in bundle if (k, n) not in shared) or "all"


def _load_packaged() -> tuple:
    def text(file: str) -> str:
        return read_text("game.krom.data", file)

    characters = load_characters(text("characters.toml"))
    return (
        characters,
        load_destinations(text("destinations.toml"), characters),
        load_picking(text("picking.toml")),
        load_hunting(text("hunting.toml")),
        load_bonus(text("bonus.toml")),
        load_evolutions(text("evolutions.toml")),
        load_rules(text("rules.toml")),
    )


CHARACTERS, DESTINATIONS, PICKING, HUNTING, BONUS, EVOLUTIONS, RULES = _load_packaged()
CHARACTER_BY_ID = {c.id: c for c in CHARACTERS}
TOTAL_TOKENS = dict(RULES.supply)
