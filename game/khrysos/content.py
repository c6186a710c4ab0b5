"""The content of Khrysos Hunters, loaded and checked from data/: the hunter deck (cards, their actions'
symbols read left to right, and how Upgrades and Boosts change them). The tile cards are `tiles`'.

An action's symbols are written as text in data/hunters.toml, e.g. Laser Shield reads
"guard 1 hit 1 range 3 [damage 1]": Guard 1 for the acting hunter, then one Hit at Range
3 whose box deals 1 Damage to the target. `parse_symbols` turns such text into tokens;
`plan_of` turns the tokens of an action, with its Upgrade and any Boosts applied, into
the steps the rules resolve.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from game.core.content import EntryReader, parse_text, read_text
from game.core.errors import ContentError

MAX_ENDURANCE = 6
ACTION_COUNT = 6
WIN_TREASURE = 12

# Symbols that carry a number, and may therefore be boosted or upgraded.
VALUED = ("move", "heal", "guard", "hit", "range", "blast", "burst", "trample", "damage", "steal")
FLAGS = ("swap", "trap", "stun")
BOOSTS = tuple("boost_" + s for s in VALUED)
TARGETING = ("hit", "burst", "trample")
SELF_SYMBOLS = ("move", "heal", "guard") + BOOSTS
BOX_SYMBOLS = ("damage", "heal", "guard", "steal", "swap", "trap", "stun", "move") + BOOSTS
MIN_VALUE = {"range": 0, "blast": 0, "burst": 0}

Token = tuple[str, int]  # (symbol, value); flags and the brackets "[" "]" carry 0


class Step(NamedTuple):
    """One part of a resolved action, in reading order.

    `kind` is a self symbol (move, heal, guard, boost_S) applied to the acting hunter, or
    a targeting symbol (hit, burst, trample) with its `box` of (symbol, value) effects.
    `value` is the symbol's number (hits for hit, radius for burst, squares for trample).
    """

    kind: str
    value: int
    range: int = 0
    blast: int = -1  # -1: no Blast
    box: tuple[Token, ...] = ()


def parse_symbols(text: str) -> tuple[Token, ...]:
    """Tokens of a symbol text; ValueError with a readable reason when it does not follow the grammar."""
    tokens = _loose_tokens(text)
    check_grammar(tokens)
    return tuple(tokens)


def check_grammar(tokens: list[Token] | tuple[Token, ...]) -> None:
    """Raise ValueError unless the tokens read as: self symbols, at most one targeting group with its box."""
    i = 0
    targeting = 0
    n = len(tokens)
    while i < n:
        name, value = tokens[i]
        if name in VALUED and value < MIN_VALUE.get(name, 1):
            raise ValueError(f"{name!r} must be at least {MIN_VALUE.get(name, 1)}, got {value}")
        if name in TARGETING:
            targeting += 1
            if targeting > 1:
                raise ValueError("an action has at most one of hit, burst and trample")
            i += 1
            if name == "hit":
                if i >= n or tokens[i][0] != "range":
                    raise ValueError("'hit' must be followed by 'range'")
                i += 1
                if i < n and tokens[i][0] == "blast":
                    i += 1
            if i >= n or tokens[i][0] != "[":
                raise ValueError(f"{name!r} must be followed by a box [ ... ]")
            i += 1
            start = i
            while i < n and tokens[i][0] != "]":
                inner = tokens[i][0]
                if inner not in BOX_SYMBOLS:
                    raise ValueError(f"{inner!r} cannot stand in a box")
                if inner in VALUED and tokens[i][1] < 1:
                    raise ValueError(f"{inner!r} must be at least 1, got {tokens[i][1]}")
                i += 1
            if i >= n:
                raise ValueError("a box is not closed with ']'")
            if i == start:
                raise ValueError("a box is empty")
            i += 1
            continue
        if name in ("[", "]"):
            raise ValueError("a box must follow hit, burst or trample")
        if name in ("range", "blast"):
            raise ValueError(f"{name!r} must follow 'hit'")
        if name not in SELF_SYMBOLS:
            raise ValueError(f"{name!r} can only stand in a box")
        i += 1


@dataclass(frozen=True, slots=True)
class Upgrade:
    """An upgrade: active while the hunter's scoring card holds at least `at` treasure."""

    at: int
    text: str
    raises: tuple[Token, ...] = ()  # raise these symbols by these amounts
    box_adds: tuple[Token, ...] = ()  # add these at the end of the box
    self_adds: tuple[Token, ...] = ()  # add these at the end of the action


@dataclass(frozen=True, slots=True)
class ActionCard:
    """One of the six actions of a hunter; `number` is also its energy cost."""

    number: int
    name: str
    text: str
    tokens: tuple[Token, ...]
    upgrade: Upgrade | None = None

    @property
    def cost(self) -> int:
        return self.number


@dataclass(frozen=True, slots=True)
class Hunter:
    """A hunter card."""

    number: int
    name: str
    title: str
    endurance: int
    actions: tuple[ActionCard, ...]

    def action(self, number: int) -> ActionCard:
        return self.actions[number - 1]


def parse_upgrade(text: str, tokens: tuple[Token, ...]) -> tuple[tuple[Token, ...], tuple[Token, ...], tuple[Token, ...]]:
    """(raises, box additions, self additions) of an upgrade change such as "trample +1" or "[stun]"."""
    words = text.replace("[", " [ ").replace("]", " ] ").split()
    raises: list[Token] = []
    rest: list[str] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words) and words[i + 1].startswith("+") and words[i + 1][1:].isdigit():
            name, amount = words[i], int(words[i + 1][1:])
            if name not in VALUED:
                raise ValueError(f"only numbered symbols can be raised, not {name!r}")
            if not any(t[0] == name for t in tokens):
                raise ValueError(f"the upgrade raises {name!r}, which the action does not have")
            if amount < 1:
                raise ValueError("an upgrade raises a symbol by at least 1")
            raises.append((name, amount))
            i += 2
        else:
            rest.append(words[i])
            i += 1
    box_adds: list[Token] = []
    self_adds: list[Token] = []
    inside = False
    for name, value in _loose_tokens(" ".join(rest)):
        if name == "[":
            inside = True
        elif name == "]":
            inside = False
        elif inside:
            box_adds.append((name, value))
        else:
            self_adds.append((name, value))
    if box_adds and not any(t[0] == "[" for t in tokens):
        raise ValueError("the upgrade adds to a box, but the action has none")
    if not raises and not box_adds and not self_adds:
        raise ValueError("the upgrade changes nothing")
    check_grammar(apply_changes(tokens, tuple(raises), tuple(box_adds), tuple(self_adds)))
    return tuple(raises), tuple(box_adds), tuple(self_adds)


def _loose_tokens(text: str) -> list[Token]:
    words = text.replace("[", " [ ").replace("]", " ] ").split()
    out: list[Token] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("[", "]") or w in FLAGS:
            out.append((w, 0))
            i += 1
        elif w in VALUED or w in BOOSTS:
            if i + 1 >= len(words) or not words[i + 1].isdigit():
                raise ValueError(f"{w!r} needs a number after it")
            out.append((w, int(words[i + 1])))
            i += 2
        else:
            raise ValueError(f"unknown symbol {w!r}")
    return out


def apply_changes(
    tokens: tuple[Token, ...], raises: tuple[Token, ...], box_adds: tuple[Token, ...] = (), self_adds: tuple[Token, ...] = ()
) -> tuple[Token, ...]:
    """Tokens with each raised symbol's first occurrence (reading left to right) increased,
    box additions put at the end of the box and self additions at the end."""
    out = list(tokens)
    for name, amount in raises:
        for i, (n, v) in enumerate(out):
            if n == name:
                out[i] = (n, v + amount)
                break
    if box_adds:
        close = next(i for i, t in enumerate(out) if t[0] == "]")
        out[close:close] = box_adds
    out.extend(self_adds)
    return tuple(out)


def compile_steps(tokens: tuple[Token, ...]) -> tuple[Step, ...]:
    """The steps of a well-formed token list (see check_grammar)."""
    steps: list[Step] = []
    i, n = 0, len(tokens)
    while i < n:
        name, value = tokens[i]
        if name in TARGETING:
            rng, blast = 0, -1
            i += 1
            if name == "hit":
                rng = tokens[i][1]
                i += 1
                if tokens[i][0] == "blast":
                    blast = tokens[i][1]
                    i += 1
            i += 1  # the "["
            box = []
            while tokens[i][0] != "]":
                box.append(tokens[i])
                i += 1
            i += 1
            steps.append(Step(name, value, rng, blast, tuple(box)))
        else:
            steps.append(Step(name, value))
            i += 1
    return tuple(steps)


def symbols_text(tokens: tuple[Token, ...]) -> str:
    """A readable text of tokens: 'Trample 3 [Damage 2]'."""
    out = []
    for name, value in tokens:
        if name in ("[", "]"):
            out.append(name)
        elif name in FLAGS:
            out.append(name.capitalize())
        elif name.startswith("boost_"):
            out.append(f"Boost {name[6:].capitalize()} +{value}")
        else:
            out.append(f"{name.capitalize()} {value}")
    return " ".join(out).replace("[ ", "[").replace(" ]", "]")


def read_symbols_text(text: str) -> tuple[Token, ...]:
    """The tokens of a `symbols_text` ("Hit 1 Range 2 [Damage 1] Boost Move +1"); ValueError when it does not read."""
    words = re.sub(r"\bboost (\w+) \+(\d+)", r"boost_\1 \2", text.lower())
    return parse_symbols(words)


def load_hunters(text: str, file: str = "hunters.toml") -> dict[int, Hunter]:
    """Read and check the hunter deck; ContentError names the file, hunter and field of any problem."""
    data = parse_text(file, text)
    if set(data) != {"hunter"} or not isinstance(data["hunter"], list):
        raise ContentError(file, None, None, "expected only a list of [[hunter]] entries")
    deck: dict[int, Hunter] = {}
    names: set[str] = set()
    for index, entry in enumerate(data["hunter"], 1):
        named = entry.get("name") if isinstance(entry, dict) else None
        label = named if isinstance(named, str) else f"hunter #{index}"
        r = EntryReader(file, label, entry)
        number = r.get("number", int, min=1, max=99)
        name = r.get("name", str)
        title = r.get("title", str)
        endurance = r.get("endurance", int, min=MAX_ENDURANCE, max=MAX_ENDURANCE)
        raw_actions = r.get("actions", list)
        r.done()
        if number in deck:
            raise r.fail("number", f"{number} is also the number of {deck[number].name}")
        if name in names:
            raise r.fail("name", "two hunters share this name")
        if len(raw_actions) != ACTION_COUNT:
            raise r.fail("actions", f"a hunter has exactly {ACTION_COUNT} actions, got {len(raw_actions)}")
        actions = tuple(_read_action(r, n, a) for n, a in enumerate(raw_actions, 1))
        deck[number] = Hunter(number, name, title, endurance, actions)
        names.add(name)
    return dict(sorted(deck.items()))


def _read_action(hunter: EntryReader, number: int, raw: Any) -> ActionCard:
    r = hunter.sub(f"actions[{number}]", raw)
    name = r.get("name", str)
    text = r.get("symbols", str)
    up = r.get("upgrade", dict, None)
    r.done()
    try:
        tokens = parse_symbols(text)
    except ValueError as e:
        raise r.fail("symbols", f"{text!r}: {e}") from None
    upgrade = None
    if up is not None:
        u = r.sub("upgrade", up)
        at = u.get("at", int, min=1, max=WIN_TREASURE - 1)
        change = u.get("change", str)
        u.done()
        try:
            raises, box_adds, self_adds = parse_upgrade(change, tokens)
        except ValueError as e:
            raise u.fail("change", f"{change!r}: {e}") from None
        upgrade = Upgrade(at, change, raises, box_adds, self_adds)
    return ActionCard(number, name, text, tokens, upgrade)


HUNTERS: dict[int, Hunter] = load_hunters(read_text("game.khrysos.data", "hunters.toml"))
HUNTER_NUMBERS: tuple[int, ...] = tuple(HUNTERS)
BY_NAME: dict[str, int] = {h.name: n for n, h in HUNTERS.items()}


def hunter_named(name: str) -> Hunter:
    """The hunter card with this name; LookupError otherwise."""
    try:
        return HUNTERS[BY_NAME[name]]
    except KeyError:
        raise LookupError(f"no hunter is called {name!r}") from None


@lru_cache(maxsize=4096)
def tokens_of(hunter: int, number: int, upgraded: bool, raises: tuple[Token, ...] = ()) -> tuple[Token, ...]:
    """The tokens of an action as it resolves: with its Upgrade when `upgraded`, then Boost raises."""
    card = HUNTERS[hunter].actions[number - 1]
    tokens = card.tokens
    if upgraded and card.upgrade is not None:
        u = card.upgrade
        tokens = apply_changes(tokens, u.raises, u.box_adds, u.self_adds)
    if raises:
        tokens = apply_changes(tokens, raises)
    return tokens


@lru_cache(maxsize=4096)
def plan_of(hunter: int, number: int, upgraded: bool, raises: tuple[Token, ...] = ()) -> tuple[Step, ...]:
    """The steps of an action as it resolves (see tokens_of)."""
    return compile_steps(tokens_of(hunter, number, upgraded, raises))


@lru_cache(maxsize=4096)
def symbol_set(hunter: int, number: int, upgraded: bool) -> frozenset[str]:
    """The symbols an action has (what a Boost can raise)."""
    return frozenset(name for name, _ in tokens_of(hunter, number, upgraded))
