"""A lesson as data (pure): one TOML file per lesson (`scenes/learn/lessons/<game>/NN_name.toml`, found by
`scenes.learn.loader`), read and checked by `game.learn.lessonfile`, played through by `game.learn.dryrun`.

    title = "First steps"                 # as the lesson list shows it
    teaches = "Moving: one cell per MP"   # one line under the title
    seed = 3                              # the game's seed (new game, or the helper's seed)
    start = "position"                    # or "new": a new game of `seed` with `[setup]`
    rng = [6, "critical", [2, 0, 1]]      # the state's own RNG script: die faces, a list orders a shuffle
    playable = true                       # at its end, the game can be played on as a normal game
    auto = ["pass"]                       # action kinds the board plays for the player on its own
    computer_default = ["pass"]           # what a computer seat plays when no step scripts its move
    done = "You can walk."                # said when the lesson is complete
    ticked = "done"                       # "played": ticked only once the game played on from it ends

    [setup]      ...                      # the game's options
    [position]   ...                      # the game's testing helper's arguments (game.learn.starts)

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

import re
from dataclasses import dataclass
from typing import Any

from game.core.actions import Action
from game.core.content import EntryReader
from game.core.errors import ContentError
from game.learn.starts import rules_of, start_position

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
    ticked: str = "done"  # "played": the lesson is ticked only once its game, played on, reaches its end

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
    name = text_field(r, "name", "My first map", longest=40)
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


def text_field(r: EntryReader, field_name: str, default: Any = ..., longest: int = MAX_SAY) -> Any:
    """A text field of a lesson file, its spaces folded; empty or longer than `longest` is refused."""
    value = r.get(field_name, str) if default is ... else r.get(field_name, str, default)
    if value is None:
        return None
    value = " ".join(value.split())
    if not value:
        raise r.fail(field_name, "is empty")
    if len(value) > longest:
        raise r.fail(field_name, f"is {len(value)} characters long; a lesson says it in at most {longest}")
    return value
