"""Lessons as data: one TOML file per lesson (`scenes/learn/lessons/<game>/NN_name.toml`), validated on load.

    title = "First steps"                 # as the lesson list shows it
    teaches = "Moving: one cell per MP"   # one line under the title
    seed = 3                              # the game's seed (new game, or the helper's seed)
    start = "position"                    # or "new": a new game of `seed` with `[setup]`
    rng = [6, "critical", [2, 0, 1]]      # the state's own RNG script: die faces, a list orders a shuffle
    playable = true                       # at its end, the game can be played on as a normal game
    auto = ["pass"]                       # action kinds the board plays for the player on its own
    computer_default = ["pass"]           # what a computer seat plays when no step scripts its move
    done = "You can walk."                # said when the lesson is complete

    [setup]      ...                      # the game's options
    [position]   ...                      # the game's testing helper's arguments (scenes.learn.starts)

    [[seats]]                             # one per seat, in seat order: exactly one human
    name = "You"
    who = "human"                         # or "computer" (with level = "easy" | "normal" | "hard")

    [[steps]]
    say = "Click the lit cell to walk."   # the lesson's own words
    point = ["cell:3,4"]                  # hotspot keys, in the order they are clicked
    do = ["walk 3 4"]                     # the actions these clicks must play, through the normal rules
    # or kinds = ["walk"]                 # any action of these kinds (the lesson is not checked past it)
    computer = ["go forest"]              # the computer seats' moves during this step, in order
    look = ["die:0"]                      # a narration step's things to look at (outlined)
    hint = "Walk first."                  # the one line said when something else is clicked
    panel = "top-left"                    # where the lesson's panel goes (else where it hides nothing shown)
    until = "six_zones"                   # (map builder lessons) the condition on the map that ends the step

A step without `do` or `kinds` is narration: the player reads it and clicks Next.

A Khrysos lesson may be taught in the map builder instead of on a board (`scene = "builder"`):
its `[position]` is the map it starts from (`name`, `tiles = [["zone1", 7, 7, 0], ...]`, each a tile
card, its tile position and its turn), it has no seats, seed or dice, and its moves are the builder's
edits (`game.khrysos.mapedit`: "place zone1 7 7 0", "move 7 7 8 7", "turn 7 7", "remove 7 7"). A step
may then wait for a condition on the map (`until = "six_zones"`, "connected", "cut_off", "valid",
"pillar", "wall", "tiles N", "placed TILE X Y R"), answered by the rules' map validation: the step ends
once its edits are made and the condition holds. With `kinds` beside `do`, the learner may make any
edit of those kinds their own way until the condition holds; `do` is then the way the ring shows (and
the dry run plays). The dry run checks that each condition does not hold before its step and holds
after the step's edits, and that a lesson that can be played on ends on a valid map. Loading
checks every field and then plays the lesson through the rules (a dry run): every scripted
action must be legal when it comes, every computer decision must be scripted, and the RNG
script must fit the draws and be used up. Every problem is a `LessonError` naming the file,
the entry and the field, in words.
"""

from __future__ import annotations

import importlib.resources
import re
import tomllib
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from game.core.actions import Action
from game.core.content import EntryReader
from game.core.errors import ContentError, IllegalAction
from game.core.rng import ScriptError
from scenes.learn.starts import rules_of, start_position

LEVELS = ("easy", "normal", "hard")
KEY = re.compile(r"^[a-z_]+(:[A-Za-z0-9_,.\-]+)*$")
MAX_SAY = 420
# Clicks a lesson never forbids: reading the rules and the glossary changes nothing.
ALWAYS_ALLOWED = ("term:", "button:rules", "button:help", "button:reference")
SCENES = ("board", "builder")  # where a lesson is taught: the game's board, or (Khrysos) the map builder
# Where a step may ask for its panel (the coach otherwise takes the first place that hides nothing it shows).
PLACES = ("log", "bottom-right", "bottom-left", "top-right", "top-left", "middle-right", "middle-left")


class LessonError(ContentError):
    """A lesson file is malformed, or its scene does not play through the rules as written."""


@dataclass(frozen=True)
class SeatSpec:
    name: str
    human: bool
    level: str | None = None  # a computer's level

    def table(self) -> dict:
        """The seat as a match's table records it (the board gives the colour)."""
        return {"name": self.name, **({"bot": self.level} if not self.human else {})}


@dataclass(frozen=True)
class Step:
    number: int  # from 1
    say: str
    point: tuple[str, ...] = ()
    do: tuple[Action, ...] = ()
    kinds: tuple[str, ...] = ()
    computer: tuple[Action, ...] = ()
    look: tuple[str, ...] = ()
    hint: str | None = None
    panel: str | None = None  # where the lesson's panel goes (one of PLACES); None: wherever it hides nothing
    until: str | None = None  # (map builder) the condition on the map that ends the step, answered by the rules

    @property
    def narration(self) -> bool:
        return not self.do and not self.kinds

    def asks_for(self) -> str:
        """The one line a refused click gets."""
        if self.hint:
            return self.hint
        if self.narration:
            return "Read the lesson's note, then click Next."
        return "The lesson asks for another click now: follow the gold ring."


@dataclass(frozen=True)
class Lesson:
    game: str
    id: str  # the file's name without .toml ("01_walk"); lessons are listed in this order
    title: str
    teaches: str
    setup: dict
    position: dict | None
    seed: int
    rng: tuple
    seats: tuple[SeatSpec, ...]
    steps: tuple[Step, ...]
    playable: bool = True
    auto: tuple[str, ...] = ()
    computer_default: tuple[str, ...] = ()
    done: str = "Lesson complete."
    file: str = ""
    checked_to: int = 0  # the dry run followed the rules up to this step (all of them unless a `kinds` step)
    scene: str = "board"  # "builder": taught in the Khrysos map builder (see the module docstring)

    @property
    def in_builder(self) -> bool:
        return self.scene == "builder"

    @property
    def human(self) -> int:
        return next(i for i, s in enumerate(self.seats) if s.human)

    def start(self):
        """(rule module, setup, state) the lesson begins from (built afresh each time)."""
        if self.in_builder:
            raise LookupError("a map builder lesson starts from a map (start_map), not from a game")
        setup, state = start_position(self.game, self.file, self.setup, self.position, self.seed, list(self.rng))
        return rules_of(self.game), setup, state


    def start_map(self):
        """The map a map builder lesson begins from (a `game.khrysos.maps.MapSpec`)."""
        return _start_map(self.file, self.position or {})


def _start_map(file: str, position: dict):
    from game.khrysos.maps import MapSpec, PlacedTile

    r = EntryReader(file, "position", position)
    name = _text(r, "name", "My first map", longest=40)
    tiles = []
    for i, row in enumerate(r.get("tiles", list, [])):
        if not (isinstance(row, list) and len(row) in (3, 4) and isinstance(row[0], str)
                and all(isinstance(v, int) and not isinstance(v, bool) for v in row[1:])):
            raise r.fail("tiles", f"item {i + 1}: each tile is written [tile, x, y] or [tile, x, y, turn], not {row!r}")
        tiles.append(PlacedTile(row[0], row[1], row[2], row[3] if len(row) == 4 else 0))
    r.done()
    spec = MapSpec(name, tuple(tiles))
    from game.khrysos.maps import map_report

    problems, _ = map_report(spec)
    bad = [p.text for p in problems if p.kind in ("file", "overlap")]
    if bad:
        raise r.fail("tiles", f"the rules refuse this map: {bad[0]}")
    return spec


@dataclass
class Entry:
    """A lesson as the list shows it: the lesson, or why its file cannot be used."""

    game: str
    id: str
    lesson: Lesson | None
    error: str | None = None

    @property
    def title(self) -> str:
        return self.lesson.title if self.lesson is not None else _title_of(self.id)


def _title_of(lesson_id: str) -> str:
    words = lesson_id.split("_")[1:] or [lesson_id]
    return " ".join(words).capitalize()


def _actions(r: EntryReader, field_name: str, raw: list, builder: bool = False) -> tuple:
    out = []
    if builder:
        from game.khrysos import Edit

    for i, text in enumerate(raw):
        if not isinstance(text, str):
            raise r.fail(field_name, f"item {i + 1} should be an {'edit' if builder else 'action'} written as text, "
                                     f"not {text!r}")
        try:
            out.append(Edit.parse(text) if builder else Action.parse(text))
        except ValueError as e:
            raise r.fail(field_name, f"item {i + 1} ({text!r}) is not {'a map edit' if builder else 'an action'}: {e}") \
                from None
    return tuple(out)


def _words(r: EntryReader, field_name: str, *, keys: bool = False) -> tuple[str, ...]:
    raw = r.get(field_name, list, [])
    for item in raw:
        if not isinstance(item, str) or not item.strip():
            raise r.fail(field_name, f"expected a list of words, got {item!r}")
        if keys and not KEY.match(item):
            raise r.fail(field_name, f"{item!r} is not a hotspot key (written like 'cell:3,4' or 'button:end')")
    return tuple(raw)


def _text(r: EntryReader, field_name: str, default: Any = ..., longest: int = MAX_SAY) -> Any:
    value = r.get(field_name, str) if default is ... else r.get(field_name, str, default)
    if value is None:
        return None
    value = " ".join(value.split())
    if not value:
        raise r.fail(field_name, "is empty")
    if len(value) > longest:
        raise r.fail(field_name, f"is {len(value)} characters long; a lesson says it in at most {longest}")
    return value


def _step(file: str, number: int, raw: Any, builder: bool = False) -> Step:
    r = EntryReader(file, f"step {number}", raw)
    say = _text(r, "say")
    point = _words(r, "point", keys=True)
    do = _actions(r, "do", r.get("do", list, []), builder)
    kinds = _words(r, "kinds")
    computer = _actions(r, "computer", r.get("computer", list, []))
    look = _words(r, "look", keys=True)
    hint = _text(r, "hint", None, longest=120)
    panel = r.get("panel", str, None, choices=PLACES)
    until = r.get("until", str, None)
    r.done()
    if until is not None:
        if not builder:
            raise r.fail("until", "only a map builder lesson (scene = \"builder\") waits for a condition: "
                                  "a board's step names its moves")
        from game.khrysos import check_condition

        try:
            check_condition(until)
        except ValueError as e:
            raise r.fail("until", str(e)) from None
        if not do:
            raise r.fail("do", "a step that waits for a condition gives the edits that meet it (the way the ring shows)")
    if builder:
        from game.khrysos.mapedit import KINDS as EDIT_KINDS

        for kind in kinds:
            if kind not in EDIT_KINDS:
                raise r.fail("kinds", f"{kind!r} is not a map edit (one of {', '.join(EDIT_KINDS)})")
        if kinds and until is None:
            raise r.fail("until", "a step of free edits ('kinds') ends on a condition on the map: give 'until'")
        if computer:
            raise r.fail("computer", "the map builder has no computer seats")
    elif do and kinds:
        raise r.fail("kinds", "a step gives either the exact actions ('do') or the kinds of action allowed, not both")
    if (do or kinds) and not point:
        raise r.fail("point", "a step that asks for a move must point at what to click")
    if not (do or kinds) and point:
        raise r.fail("point", "a narration step (no 'do') points at its Next button; name things to look at in 'look'")
    return Step(number, say, point, do, kinds, computer, look, hint, panel, until)


def _seats(file: str, raw: Any) -> tuple[SeatSpec, ...]:
    if not isinstance(raw, list) or not raw:
        raise LessonError(file, None, "seats", "list one [[seats]] table per seat, in seat order")
    seats = []
    for i, item in enumerate(raw):
        r = EntryReader(file, f"seat {i + 1}", item)
        name = _text(r, "name", longest=16)
        who = r.get("who", str, choices=("human", "computer"))
        level = r.get("level", str, "normal", choices=LEVELS) if who == "computer" else None
        r.done()
        seats.append(SeatSpec(name, who == "human", level))
    if sum(s.human for s in seats) != 1:
        raise LessonError(file, None, "seats", "a lesson has exactly one human seat (the learner); the others are computers")
    if len({s.name.casefold() for s in seats}) != len(seats):
        raise LessonError(file, None, "seats", "two seats have the same name")
    return tuple(seats)


def parse_lesson(game_id: str, lesson_id: str, text: str, *, dry_run: bool = True) -> Lesson:
    """Read and check one lesson file's text (then play it through the rules: see the module docstring)."""
    try:
        return _parse_lesson(game_id, lesson_id, text, dry_run)
    except LessonError:
        raise
    except ContentError as e:
        raise LessonError(e.file, e.entry, e.field, e.problem) from None


def _parse_lesson(game_id: str, lesson_id: str, text: str, dry_run: bool) -> Lesson:
    file = f"lessons/{game_id}/{lesson_id}.toml"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise LessonError(file, None, None, f"is not valid TOML: {e}") from None
    r = EntryReader(file, "lesson", data)
    scene = r.get("scene", str, "board", choices=SCENES)
    if scene == "builder" and game_id != "khrysos":
        raise r.fail("scene", "only Khrysos Hunters has a map builder to teach in")
    if scene == "builder":
        return _parse_builder_lesson(game_id, lesson_id, file, r, dry_run)
    title = _text(r, "title", longest=40)
    teaches = _text(r, "teaches", longest=90)
    seed = r.get("seed", int, 1, min=0)
    start = r.get("start", str, "position", choices=("position", "new"))
    rng = r.get("rng", list, [])
    for value in rng:
        ok = isinstance(value, (int, str)) and not isinstance(value, bool)
        ok = ok or (isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value))
        if not ok:
            raise r.fail("rng", f"each value is a die face (a number or a word) or a shuffle order (a list), not {value!r}")
    playable = r.get("playable", bool, True)
    auto = _words(r, "auto")
    computer_default = _words(r, "computer_default")
    done = _text(r, "done", "Lesson complete.")
    setup = r.get("setup", dict, {})
    position = r.get("position", dict, None)
    if start == "position" and position is None:
        raise r.fail("position", "is missing (or say start = \"new\" for a new game of the seed)")
    if start == "new" and position is not None:
        raise r.fail("position", "a lesson that starts a new game (start = \"new\") states no position")
    seats = _seats(file, r.get("seats", list))
    raw_steps = r.get("steps", list)
    r.done()
    if not raw_steps:
        raise LessonError(file, None, "steps", "a lesson has at least one step")
    steps = tuple(_step(file, i, raw) for i, raw in enumerate(raw_steps, 1))
    lesson = Lesson(game_id, lesson_id, title, teaches, setup, position, seed, tuple(rng), seats, steps, playable,
                    auto, computer_default, done, file)
    _, _, state = lesson.start()  # the position itself is checked here
    if state.num_players != len(seats):
        raise LessonError(file, None, "seats", f"the game has {state.num_players} seats; the lesson lists {len(seats)}")
    if dry_run:
        lesson = _dry_run(lesson, state)
    return lesson


def _parse_builder_lesson(game_id: str, lesson_id: str, file: str, r: EntryReader, dry_run: bool) -> Lesson:
    """A lesson taught in the Khrysos map builder (see the module docstring)."""
    title = _text(r, "title", longest=40)
    teaches = _text(r, "teaches", longest=90)
    playable = r.get("playable", bool, True)
    done = _text(r, "done", "Lesson complete.")
    position = r.get("position", dict, {})
    raw_steps = r.get("steps", list)
    r.done()
    if not raw_steps:
        raise LessonError(file, None, "steps", "a lesson has at least one step")
    steps = tuple(_step(file, i, raw, builder=True) for i, raw in enumerate(raw_steps, 1))
    lesson = Lesson(game_id, lesson_id, title, teaches, {}, position, 0, (), (SeatSpec("You", True),), steps, playable,
                    (), (), done, file, scene="builder")
    spec = lesson.start_map()
    return _dry_run_builder(lesson, spec) if dry_run else lesson


def _dry_run_builder(lesson: Lesson, spec) -> Lesson:
    """A map builder lesson played through the map's rules: every edit can be made when it comes, every
    condition waits for something (it does not hold before its step) and holds after the step's edits."""
    from game.khrysos import apply_edit, condition_holds

    file = lesson.file
    free = None
    for step in lesson.steps:
        if step.narration:
            continue
        where = f"step {step.number}"
        if free is not None and not step.kinds:
            raise LessonError(file, where, "do", f"comes after a step of free edits (step {free}): the learner's map "
                                                 "is not known there, so only free steps ('kinds' and 'until') follow")
        if step.until is not None and condition_holds(spec, step.until):
            raise LessonError(file, where, "until", f"{step.until!r} already holds before the step: it waits for nothing")
        for edit in step.do:
            try:
                spec = apply_edit(spec, edit)
            except ValueError as e:
                raise LessonError(file, where, "do", f"{edit} cannot be made on the map here: {e}") from None
        if step.until is not None and not condition_holds(spec, step.until):
            raise LessonError(file, where, "until", f"{step.until!r} does not hold after the step's edits")
        if step.kinds:
            free = step.number
    if lesson.playable and not condition_holds(spec, "valid"):
        from game.khrysos.maps import validate_map

        raise LessonError(file, None, "playable", f"the lesson ends on a map that cannot be played ({validate_map(spec)[0]}),"
                                                  " so it cannot end on 'Play this map'")
    return replace(lesson, checked_to=len(lesson.steps))


# -- the dry run: the lesson played through the rules --------------------------------------------------


def _said(e: BaseException) -> str:
    return e.reason if isinstance(e, IllegalAction) else str(e)


def _dry_run(lesson: Lesson, state) -> Lesson:
    rules = rules_of(lesson.game)
    file = lesson.file

    def play(s, action, number: int, who: str):
        try:
            return rules.apply(s, action)[0]
        except IllegalAction as e:
            raise LessonError(file, f"step {number}", who, f"{action} is refused by the rules here: {_said(e)}") from None
        except ScriptError as e:
            raise LessonError(file, f"step {number}", "rng", f"the RNG script does not fit {action}: {e}") from None

    checked = 0
    for step in lesson.steps:
        todo = list(step.do)
        queue = list(step.computer)
        while state.to_move is not None:
            seat = state.to_move
            if not lesson.seats[seat].human:
                if queue:
                    state = play(state, queue.pop(0), step.number, "computer")
                    continue
                legal = rules.legal_actions(state)
                default = next((a for a in legal if a.kind in lesson.computer_default), None)
                if default is None:
                    kind = rules.decision(state).kind
                    raise LessonError(file, f"step {step.number}", "computer",
                                      f"{lesson.seats[seat].name} (computer) must decide ({kind}) here, "
                                      "but the lesson scripts no move for it")
                state = play(state, default, step.number, "computer")
                continue
            if todo:
                state = play(state, todo.pop(0), step.number, "do")
                continue
            legal = rules.legal_actions(state)
            if len(legal) == 1 and legal[0].kind in lesson.auto:  # the board plays it for the player
                state = play(state, legal[0], step.number, "auto")
                continue
            break
        if todo:
            raise LessonError(file, f"step {step.number}", "do",
                              f"the game is over before {todo[0]} (the step's remaining moves cannot be played)")
        if queue:
            raise LessonError(file, f"step {step.number}", "computer",
                              f"the computer moves {', '.join(map(str, queue))} are never due in this step")
        checked = step.number
        if step.kinds:  # the player chooses: the position after it is not known in advance
            if any(later.do for later in lesson.steps[step.number:]):
                raise LessonError(file, f"step {step.number + 1}", "do",
                                  "comes after a step of free choice ('kinds'): exact moves cannot follow it")
            break
    else:
        left = list(getattr(state.rng, "script", ()))
        if left:
            raise LessonError(file, None, "rng", f"{len(left)} scripted value(s) are left over at the end: {left[:6]}")
    return replace(lesson, checked_to=checked)


# -- the lessons of a game ------------------------------------------------------------------------------


def _folder(game_id: str):
    return importlib.resources.files("scenes.learn") / "lessons" / game_id


def lesson_ids(game_id: str) -> list[str]:
    """The ids of a game's lesson files, in order (none when the game has no lessons yet)."""
    folder = _folder(game_id)
    try:
        names = [p.name for p in folder.iterdir() if p.name.endswith(".toml")]
    except (FileNotFoundError, NotADirectoryError):
        return []
    return sorted(n[: -len(".toml")] for n in names)


@cache
def catalogue(game_id: str) -> tuple[Entry, ...]:
    """Every lesson of a game, each loaded and checked; a broken file is listed with its error, never raised."""
    rules_of(game_id)
    entries = []
    for lesson_id in lesson_ids(game_id):
        try:
            text = (_folder(game_id) / f"{lesson_id}.toml").read_text(encoding="utf-8")
            entries.append(Entry(game_id, lesson_id, parse_lesson(game_id, lesson_id, text)))
        except (ContentError, OSError, UnicodeDecodeError) as e:
            entries.append(Entry(game_id, lesson_id, None, str(e)))
    return tuple(entries)


def lesson(game_id: str, lesson_id: str) -> Lesson:
    """One lesson of the catalogue; LessonError when its file is broken, LookupError when there is none."""
    for entry in catalogue(game_id):
        if entry.id == lesson_id:
            if entry.lesson is None:
                raise LessonError(f"lessons/{game_id}/{lesson_id}.toml", None, None, entry.error or "cannot be read")
            return entry.lesson
    raise LookupError(f"{game_id} has no lesson {lesson_id!r}")


def next_lesson(game_id: str, lesson_id: str) -> str | None:
    """The id of the lesson after this one that can be taken, or None."""
    ids = [e.id for e in catalogue(game_id) if e.lesson is not None]
    if lesson_id in ids and ids.index(lesson_id) + 1 < len(ids):
        return ids[ids.index(lesson_id) + 1]
    return None


__all__ = ["ALWAYS_ALLOWED", "Entry", "Lesson", "LessonError", "SeatSpec", "Step", "catalogue", "lesson", "lesson_ids",
           "next_lesson", "parse_lesson"]
