"""Checks on what a player reads: the rules' texts of the three games (issue 23, "Words"; issue 19,
"Names for squares").

`text_problems(text)` lists what is wrong with one text; `Collector` plays seeded random games
of a rule module and gathers every text the rules write on the way (log lines of every event,
action texts, decision prompts, refusal reasons, progress and outcome reasons), by kind, so
that a test can check each one and check that no event class escaped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.core import Action, Event, IllegalAction, Rng

# A square written as the rules store it, not as the board shows it.
RAW_SQUARE = (
    re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)"),  # "(2, 6)"
    re.compile(r"\b\d+,\d+\b"),  # "12,6"
    re.compile(r"\bsquares? \d+\b"),  # "square 25 22", "square 25,22"
    re.compile(r"\bcell \d+\b(?![-–]\d)"),  # "cell 42" (not "a cell 1-4 cells away")
    re.compile(r"\bat \d+(?=[.,;)]|$)"),  # "at 3." (not "at 0 the hunter retires")
)
# An internal id instead of a display name: snake_case words, ids glued to numbers ("zone2").
INTERNAL = (
    re.compile(r"[A-Za-z]_[A-Za-z]"),
    re.compile(r"\b[a-z]+\d+\b"),
    re.compile(r"\b(fighter|hunter|seat|card|slot) -?\d+\b(?![-–]\d)"),  # not "a fighter 1-3 cells away"
)
WRONG_ARTICLE = (
    re.compile(r"\b[Aa] (?!one\b|once\b|uni|use|eu)[AEIOaeio]\w"),  # "a Arachnee", "A Ice tile"
    re.compile(r"\b[Aa]n (?![AEIOUaeiou8]|[FHLMNRSX]\d|hour|honest|honou?r|heir|11|18)\w"),  # "an Bow Meow"
)
WRONG_PLURAL = (
    re.compile(r"(?<![\d.+\-])\b1 (\w+ )?(cells|hits|squares|points|treasures|injuries|markers|cards|tokens|dice|"
               r"Boosts|players|rerolls|moves|turns)\b"),  # "1 Glyph cells", "1 hits left", "Roll 1 dice"
    re.compile(r"(?<![\d.+\-])\b(0|[2-9]|\d\d+) (\w+ )?(cell|hit|square|point|injury|marker|card|token|die|"
               r"player)\b(?! (of|cost|costs|point|points)\b)"),  # "2 hit left", "Roll 3 die"
)
SLOPPY = (re.compile(r"  "), re.compile(r" [.,:;]"), re.compile(r"\.\."), re.compile(r"[!?][.:;](\s|$)"), re.compile(r"\(\)"),
          re.compile(r"^\s|\s$"))


def text_problems(text: str, *, sentence: bool = False) -> list[str]:
    """What is wrong with a text a player reads: empty, a lower-case start, a raw square, an internal
    id, a wrong article or plural, stray spaces. `sentence`: it must also end like a sentence."""
    problems = []
    if not isinstance(text, str) or not text.strip():
        return ["empty"]
    first = text.lstrip("(\"'")[0]
    if not (first.isupper() or first.isdigit() or first in "+-#"):  # "#14 Dex Voltaire": a card's number
        problems.append("starts in lower case")
    if sentence and not text.rstrip().endswith((".", "!", "?")):
        problems.append("does not end like a sentence")
    for name, patterns in (("raw square", RAW_SQUARE), ("internal id", INTERNAL), ("article", WRONG_ARTICLE),
                           ("plural", WRONG_PLURAL), ("spacing", SLOPPY)):
        for p in patterns:
            m = p.search(text)
            if m:
                problems.append(f"{name}: {m.group()!r}")
    return problems


def event_classes(events_module) -> set[type]:
    """Every event class a game's events module defines or uses (its own and the shared shapes it imports)."""
    return {c for c in vars(events_module).values() if isinstance(c, type) and issubclass(c, Event) and c is not Event}


@dataclass
class Texts:
    """Texts gathered from random games, each with where it came from."""

    by_kind: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # "event:Moved" -> [(text, context)]
    events: set[type] = field(default_factory=set)
    action_kinds: set[str] = field(default_factory=set)

    def add(self, kind: str, text: str, context: str) -> None:
        bucket = self.by_kind.setdefault(kind, [])
        if len(bucket) < 400:
            bucket.append((text, context))

    def problems(self, sentence_kinds=("event:",)) -> list[str]:
        out = []
        for kind, texts in sorted(self.by_kind.items()):
            sentence = kind.startswith(sentence_kinds)
            seen = set()
            for text, context in texts:
                if text in seen:
                    continue
                seen.add(text)
                for p in text_problems(text, sentence=sentence):
                    out.append(f"{kind}: {p} in {text!r} ({context})")
        return out


def nudged(legal: list[Action], rng: Rng, count: int) -> list[Action]:
    """Well-formed non-legal actions near the legal ones (a number changed: another cell, fighter,
    slot or hunter), the kind of action a board control can map to, for their refusal reasons."""
    out = []
    for _ in range(count):
        base = legal[rng.below(len(legal))]
        numbers = [i for i, arg in enumerate(base.args) if isinstance(arg, int)]
        if not numbers:
            continue
        i = numbers[rng.below(len(numbers))]
        new = base.args[i] + rng.choice((-1, 1, 2, 3))
        out.append(Action(base.kind, base.args[:i] + (new,) + base.args[i + 1 :]))
    legal_set = set(legal)
    return [a for a in out if a not in legal_set]


def collect(rules, games: int, names, *, seed0: int = 1, max_steps: int = 4000, actions_per_step: int = 6) -> Texts:
    """Play `games` seeded random games of `rules` and gather every text, with the table's `names` and without."""
    texts = Texts()
    for g in range(games):
        seed = seed0 + g
        rng = Rng(seed * 7919)
        setup = rules.random_setup(Rng(seed))
        state = rules.new_game(setup, seed)
        for step in range(max_steps):
            where = f"seed {seed} step {step}"
            for who in (None, names):
                texts.add("prompt", rules.decision(state, names=who).prompt, where)
                progress = getattr(rules, "progress", None)
                if progress is not None:
                    texts.add("progress", progress(state, names=who), where)
            legal = rules.legal_actions(state)
            if not legal:
                break
            picks = legal if len(legal) <= actions_per_step else [legal[rng.below(len(legal))] for _ in range(actions_per_step)]
            for a in picks:
                texts.action_kinds.add(a.kind)
                for who in (None, names):
                    texts.add(f"action:{a.kind}", rules.action_text(state, a, names=who), f"{where}: {a}")
            for bad in nudged(legal, rng, 2):
                reason = rules.why_illegal(state, bad, names=names)
                texts.add(f"refusal:{bad.kind}", reason, f"{where}: {bad}")
            action = rules.playout_choice(state, legal, rng)
            state, events = rules.apply(state, action)
            for e in events:
                texts.events.add(type(e))
                for who in (None, names):
                    texts.add(f"event:{e.kind}", rules.describe(e, state, names=who), f"{where}: {action}")
        result = rules.outcome(state, names=names)
        if result is not None:
            texts.add("outcome", result.reason, f"seed {seed}")
    return texts


def add_scripted(texts: Texts, rules, runs, names) -> Texts:
    """Add the log lines of scripted positions' events ((state, events) pairs) to `texts`, with
    the table's `names` and without: the events random games seldom meet."""
    for state, events in runs:
        for e in events:
            texts.events.add(type(e))
            for who in (None, names):
                texts.add(f"event:{e.kind}", rules.describe(e, state, names=who), "a scripted position")
    return texts


def try_apply(rules, state, action):
    """`rules.apply`, or None when refused (for scripted positions)."""
    try:
        return rules.apply(state, action)
    except IllegalAction:
        return None
