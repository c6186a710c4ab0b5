"""Reading a lesson file: every field checked, then the lesson played through the rules (`game.learn.dryrun`).

    lesson = parse_lesson("krom", "01_hunt", text)   # Lesson, or LessonError naming file, entry and field

The format is `game.learn.lesson`'s docstring.
"""

from __future__ import annotations

import tomllib
from typing import Any

from game.core.actions import Action
from game.core.content import EntryReader
from game.core.errors import ContentError
from game.learn import dryrun
from game.learn.lesson import KEY, LEVELS, PLACES, SCENES, Lesson, LessonError, SeatSpec, Step, text_field


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


def _step(file: str, number: int, raw: Any, builder: bool = False) -> Step:
    r = EntryReader(file, f"step {number}", raw)
    say = text_field(r, "say")
    point = _words(r, "point", keys=True)
    do = _actions(r, "do", r.get("do", list, []), builder)
    kinds = _words(r, "kinds")
    computer = _actions(r, "computer", r.get("computer", list, []))
    look = _words(r, "look", keys=True)
    hint = text_field(r, "hint", None, longest=120)
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
        name = text_field(r, "name", longest=16)
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
    title = text_field(r, "title", longest=40)
    teaches = text_field(r, "teaches", longest=90)
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
    done = text_field(r, "done", "Lesson complete.")
    ticked = r.get("ticked", str, "done")
    if ticked not in ("done", "played"):
        raise r.fail("ticked", f"is \"done\" (at the lesson's end) or \"played\" (once its game ends), not {ticked!r}")
    if ticked == "played" and not playable:
        raise r.fail("ticked", "\"played\" needs a lesson that can be played on (playable = true)")
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
                    auto, computer_default, done, file, ticked=ticked)
    _, _, state = lesson.start()  # the position itself is checked here
    if state.num_players != len(seats):
        raise LessonError(file, None, "seats", f"the game has {state.num_players} seats; the lesson lists {len(seats)}")
    if dry_run:
        lesson = dryrun.dry_run(lesson, state)
    return lesson


def _parse_builder_lesson(game_id: str, lesson_id: str, file: str, r: EntryReader, dry_run: bool) -> Lesson:
    """A lesson taught in the Khrysos map builder (see the module docstring)."""
    title = text_field(r, "title", longest=40)
    teaches = text_field(r, "teaches", longest=90)
    playable = r.get("playable", bool, True)
    done = text_field(r, "done", "Lesson complete.")
    position = r.get("position", dict, {})
    raw_steps = r.get("steps", list)
    r.done()
    if not raw_steps:
        raise LessonError(file, None, "steps", "a lesson has at least one step")
    steps = tuple(_step(file, i, raw, builder=True) for i, raw in enumerate(raw_steps, 1))
    lesson = Lesson(game_id, lesson_id, title, teaches, {}, position, 0, (), (SeatSpec("You", True),), steps, playable,
                    (), (), done, file, scene="builder")
    spec = lesson.start_map()
    return dryrun.dry_run_builder(lesson, spec) if dry_run else lesson
