"""Krosmaster: Blast setup options and game state, with their plain-data (JSON) forms.

`State.to_dict()` schema (version 1), also the documented way to state a position:

    {"version": 1, "setup": {...Setup fields...}, "rng": {"state": int, "script": [...]},
     "phase": "draft" | "place" | "reveal" | "select" | "act" | "decide" | "over",
     "to_move": 0 | 1 | null, "first": seat or -1 before the Glyph toss, "turn": turns begun,
     "dofus": seat or -1,
     "pool": Krosmasters left to pick (draft), "picks": [[...blue's picks], [...pink's picks]],
     "pile": Favor draw pile, top first, "left"/"right": Favor slot stacks, visible card last,
     "revealed": Favor waiting for its slot or "", "used_slots": slots used this turn,
     "challenges": Divine Challenges in play,
     "fighters": [{"id", "kind", "owner", "cell": [x, y] or null, "injuries", "ap_mark",
                   "mp_mark", "played", "memo": [[spell, target id], ...], "out"}, ...],
     "terrain": [[x, y, "ice" | "fire" | "fog"], ...] in row-major order,
     "glyphs": [[x, y, seat], ...] captured Glyph cells in row-major order,
     "active": fighter id or -1, "ap": its AP left, "mp": its MP left,
     "used": ability keys it used this activation ("spell:fleabag", "bonus:iops_wrath", "power:spin_again"),
     "pending": null or {"kind": "face" | "reroll" | "remove", "options": [...], "face": str,
                         "user": id, "target": id, "damage": int, "ability": key, "terrain": str, "cell": [x, y]},
     "result": null or {"winners": [...], "reason": str}}

Seat 0 plays blue, seat 1 pink. Fighter ids are stable: Krosmasters get 0-3 when teams
are formed (blue 0 and 1, pink 2 and 3), Minions the next free ids when summoned.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from game.core import Action, Outcome, Rng, SetupError
from game.krosmaster.grid import CELLS, XY, index, on_board
from game.krosmaster.layouts import BOARDS, DEFAULT_LAYOUT, LAYOUTS
from game.krosmaster.content import CONTENT

VERSION = 2  # 2 (issue 20): only the joker face dodges; a skipped fighter keeps its markers; no Fog option (Fog comes with its cards)
PHASES = ("draft", "place", "reveal", "select", "act", "decide", "over")
PENDING_KINDS = ("face", "reroll", "remove")
SLOTS = ("left", "right")


@dataclass(frozen=True)
class Setup:
    """The options of one game. Every advanced rule is its own flag."""

    layout: str = DEFAULT_LAYOUT  # which side and orientation of the board (a file of maps/krosmaster)
    choose_krosmasters: bool = False  # False: two Krosmasters each at random; True: a draft (blue, pink, pink, blue)
    superior_favors: bool = False  # shuffle the Superior Favors in and use 10 cards
    die_jokers: bool = False  # the advanced Dice Sides rule: joker faces are turned by the roller
    tackle: bool = False  # tackle zones and dodge rolls
    challenges: int = 0  # Divine Challenges in play at once, 0-3

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, d: dict) -> Setup:
        """Build and validate; SetupError names the bad field."""
        if not isinstance(d, dict):
            raise SetupError(f"setup: expected an object, got {type(d).__name__}")
        known = {f.name for f in fields(cls)}
        for key in d:
            if key not in known:
                raise SetupError(f"setup: unknown option {str(key)[:40]!r}")
        setup = cls(**d)
        setup.validate()
        return setup

    def validate(self) -> None:
        """SetupError naming the first option that cannot start a game (wrong type, unknown layout, range)."""
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("bool", bool):
                if not isinstance(value, bool):
                    raise SetupError(f"setup.{f.name}: expected true or false, got {_short(value)}")
            elif f.type in ("int", int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise SetupError(f"setup.{f.name}: expected an integer, got {_short(value)}")
            elif not isinstance(value, str):
                raise SetupError(f"setup.{f.name}: expected a string, got {_short(value)}")
        if self.layout not in BOARDS:
            raise SetupError(f"setup.layout: unknown board layout {_short(self.layout)} (known: {', '.join(LAYOUTS)})")
        if not 0 <= self.challenges <= 3:
            raise SetupError(f"setup.challenges: 0 to 3 Divine Challenges, got {_short(self.challenges)}")


def _short(value) -> str:
    """A short quote of a bad value for a message (huge numbers and long texts cut)."""
    if isinstance(value, int) and not -10**30 < value < 10**30:
        return "a number of more than 30 digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Fighter:
    """A Krosmaster or a Minion on the board. Treated as immutable once in a state (copy to change)."""

    __slots__ = ("id", "kind", "owner", "cell", "injuries", "ap_mark", "mp_mark", "played", "memo", "out", "minion")

    def __init__(self, fid: int, kind: str, owner: int, cell: int = -1, injuries: int = 0, ap_mark: int = 0,
                 mp_mark: int = 0, played: bool = False, memo: tuple = (), out: bool = False):
        self.id = fid
        self.kind = kind  # a Krosmaster or Minion id of the content
        self.owner = owner
        self.cell = cell  # -1: not on the board (not placed yet, or a KO'd Minion)
        self.injuries = injuries
        self.ap_mark = ap_mark  # net AP markers on its card or token
        self.mp_mark = mp_mark
        self.played = played  # already played this turn
        self.memo = memo  # ((spell id, last target id), ...) for spells that need a new target
        self.out = out  # KO'd
        self.minion = CONTENT.character(kind).minion

    def copy(self) -> Fighter:
        f = Fighter.__new__(Fighter)
        f.id, f.kind, f.owner, f.cell, f.injuries = self.id, self.kind, self.owner, self.cell, self.injuries
        f.ap_mark, f.mp_mark, f.played, f.memo, f.out = self.ap_mark, self.mp_mark, self.played, self.memo, self.out
        f.minion = self.minion
        return f

    @property
    def character(self):
        return CONTENT.character(self.kind)

    @property
    def xy(self) -> tuple[int, int] | None:
        return XY[self.cell] if self.cell >= 0 else None

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "kind": self.kind,
            "owner": self.owner,
            "cell": list(XY[self.cell]) if self.cell >= 0 else None,
            "injuries": self.injuries,
            "ap_mark": self.ap_mark,
            "mp_mark": self.mp_mark,
            "played": self.played,
            "memo": [list(m) for m in self.memo],
            "out": self.out,
        }

    @classmethod
    def from_dict(cls, d: dict) -> Fighter:
        kind = d["kind"]
        if kind not in CONTENT.krosmasters and kind not in CONTENT.minions:
            raise ValueError(f"fighters: unknown Krosmaster or Minion {kind!r}")
        cell = _cell_in(d["cell"], "fighters.cell") if d["cell"] is not None else -1
        return cls(
            _int(d["id"]), kind, _seat(d["owner"]), cell, _int(d["injuries"]), _int(d["ap_mark"]),
            _int(d["mp_mark"]), bool(d["played"]), tuple((str(s), _int(t)) for s, t in d["memo"]), bool(d["out"]),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fighter) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"Fighter({self.to_dict()})"


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision in the middle of a resolution, and what the resolution needs to go on."""

    kind: str  # "face": turn a joker; "reroll": Spin Again or keep; "remove": which terrain tile makes room
    options: tuple[str, ...] = ()
    face: str = ""  # reroll: the face showing
    user: int = -1
    target: int = -1
    damage: int = 0
    ability: str = ""
    terrain: str = ""
    cell: int = -1  # remove: where the new tile goes

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "options": list(self.options),
            "face": self.face,
            "user": self.user,
            "target": self.target,
            "damage": self.damage,
            "ability": self.ability,
            "terrain": self.terrain,
            "cell": list(XY[self.cell]) if self.cell >= 0 else None,
        }

    @classmethod
    def from_dict(cls, d: dict) -> Pending:
        if d["kind"] not in PENDING_KINDS:
            raise ValueError(f"pending.kind: expected one of {PENDING_KINDS}, got {d['kind']!r}")
        cell = _cell_in(d["cell"], "pending.cell") if d.get("cell") is not None else -1
        return cls(
            d["kind"], tuple(d["options"]), d["face"], _int(d["user"]), _int(d["target"]), _int(d["damage"]),
            d["ability"], d["terrain"], cell,
        )


class State:
    """A Krosmaster: Blast position. Never changed once built: `apply` works on a copy."""

    num_players = 2
    __slots__ = (
        "setup", "rng", "phase", "to_move", "first", "turn", "dofus", "pool", "picks", "pile", "left", "right",
        "revealed", "used_slots", "challenges", "fighters", "grid", "terrain", "glyphs", "active", "ap", "mp",
        "used", "pending", "result", "_legal", "_legal_set", "_geo", "_owned",
    )

    def __init__(self, setup: Setup, rng: Rng):
        self.setup = setup
        self.rng = rng
        self.phase = "draft"
        self.to_move: int | None = 0
        self.first = -1
        self.turn = 0
        self.dofus = -1
        self.pool: tuple[str, ...] = ()
        self.picks: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        self.pile: tuple[str, ...] = ()
        self.left: tuple[str, ...] = ()
        self.right: tuple[str, ...] = ()
        self.revealed = ""
        self.used_slots: tuple[str, ...] = ()
        self.challenges: tuple[str, ...] = ()
        self.fighters: list[Fighter] = []
        self.grid: list[int] = [-1] * CELLS  # fighter id on each cell, -1 when none
        self.terrain: list[str] = [""] * CELLS  # terrain tile on each cell, "" when none
        self.glyphs: list[int] = [-1] * len(BOARDS[setup.layout].glyphs)  # owner seat of each Glyph cell
        self.active = -1
        self.ap = 0
        self.mp = 0
        self.used: tuple[str, ...] = ()
        self.pending: Pending | None = None
        self.result: Outcome | None = None
        self._legal: list[Action] | None = None
        self._legal_set: frozenset[Action] | None = None
        self._geo: tuple[int, int, tuple[int, ...]] | None = None  # facts.geometry: line-of-sight blockers, occupied cells
        self._owned: int | None = None

    @property
    def board(self):
        return BOARDS[self.setup.layout]

    def copy(self) -> State:
        """A working copy for `apply`, sharing everything with this state until edited: fighters
        (`edit`), the fighter list (`add_fighter`), the grid, the terrain and the Glyph owners
        (`own_grid`, `own_terrain`, `own_glyphs`) are copied on the first change, so the original
        state never changes."""
        s = State.__new__(State)
        s.setup, s.rng, s.phase, s.to_move, s.first = self.setup, self.rng.copy(), self.phase, self.to_move, self.first
        s.turn, s.dofus, s.pool, s.picks, s.pile = self.turn, self.dofus, self.pool, self.picks, self.pile
        s.left, s.right, s.revealed, s.used_slots = self.left, self.right, self.revealed, self.used_slots
        s.challenges, s.fighters, s.grid = self.challenges, self.fighters, self.grid
        s.terrain, s.glyphs, s.active, s.ap, s.mp = self.terrain, self.glyphs, self.active, self.ap, self.mp
        s.used, s.pending, s.result = self.used, self.pending, self.result
        s._legal = s._legal_set = None
        s._geo = self._geo  # an immutable tuple: apply resets or updates it whenever it changes
        s._owned = 0
        return s

    # `_owned`, what a working copy already has of its own: bit 1 the grid, 2 the terrain, 4 the
    # Glyph owners, 8 the fighter list, and 16 << id each fighter (None: not a working copy).

    def edit(self, fid: int) -> Fighter:
        """The fighter `fid` of this working copy, copied on first edit so the original state never changes."""
        owned = self._owned
        assert owned is not None, "only a working copy (State.copy) is edited"
        bit = 16 << fid
        if not owned & bit:
            if not owned & 8:
                self.fighters = list(self.fighters)
                owned |= 8
            self.fighters[fid] = self.fighters[fid].copy()
            self._owned = owned | bit
        return self.fighters[fid]

    def add_fighter(self, f: Fighter) -> None:
        """A new fighter (a summoned Minion) on this working copy, its own from the start."""
        owned = self._owned
        assert owned is not None, "only a working copy (State.copy) is edited"
        if not owned & 8:
            self.fighters = list(self.fighters)
        self.fighters.append(f)
        self._owned = owned | 8 | (16 << f.id)

    def own_grid(self) -> list[int]:
        """The grid of this working copy, to change (copied on first change)."""
        owned = self._owned
        assert owned is not None, "only a working copy (State.copy) is edited"
        if not owned & 1:
            self.grid = list(self.grid)
            self._owned = owned | 1
        return self.grid

    def own_terrain(self) -> list[str]:
        """The terrain of this working copy, to change (copied on first change)."""
        owned = self._owned
        assert owned is not None, "only a working copy (State.copy) is edited"
        if not owned & 2:
            self.terrain = list(self.terrain)
            self._owned = owned | 2
        return self.terrain

    def own_glyphs(self) -> list[int]:
        """The Glyph owners of this working copy, to change (copied on first change)."""
        owned = self._owned
        assert owned is not None, "only a working copy (State.copy) is edited"
        if not owned & 4:
            self.glyphs = list(self.glyphs)
            self._owned = owned | 4
        return self.glyphs

    # -- plain data -----------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "version": VERSION,
            "setup": self.setup.to_dict(),
            "rng": self.rng.to_dict(),
            "phase": self.phase,
            "to_move": self.to_move,
            "first": self.first,
            "turn": self.turn,
            "dofus": self.dofus,
            "pool": list(self.pool),
            "picks": [list(p) for p in self.picks],
            "pile": list(self.pile),
            "left": list(self.left),
            "right": list(self.right),
            "revealed": self.revealed,
            "used_slots": list(self.used_slots),
            "challenges": list(self.challenges),
            "fighters": [f.to_dict() for f in self.fighters],
            "terrain": [[XY[i][0], XY[i][1], t] for i, t in enumerate(self.terrain) if t],
            "glyphs": [[*XY[c], o] for c, o in zip(self.board.glyphs, self.glyphs) if o >= 0],
            "active": self.active,
            "ap": self.ap,
            "mp": self.mp,
            "used": list(self.used),
            "pending": self.pending.to_dict() if self.pending else None,
            "result": self.result.to_dict() if self.result else None,
        }

    @classmethod
    def from_dict(cls, d: dict) -> State:
        """Rebuild a state; ValueError for a malformed or foreign one."""
        if not isinstance(d, dict) or d.get("version") != VERSION:
            raise ValueError(f"not a version-{VERSION} Krosmaster state")
        try:
            s = cls(Setup.from_dict(d["setup"]), Rng.from_dict(d["rng"]))
            if d["phase"] not in PHASES:
                raise ValueError(f"phase: unknown phase {d['phase']!r}")
            s.phase = d["phase"]
            s.to_move = None if d["to_move"] is None else _seat(d["to_move"])
            s.first, s.turn, s.dofus = _int(d["first"]), _int(d["turn"]), _int(d["dofus"])
            s.pool = tuple(d["pool"])
            s.picks = (tuple(d["picks"][0]), tuple(d["picks"][1]))
            s.pile, s.left, s.right = tuple(d["pile"]), tuple(d["left"]), tuple(d["right"])
            s.revealed = d["revealed"]
            s.used_slots = tuple(d["used_slots"])
            s.challenges = tuple(d["challenges"])
            s.fighters = [Fighter.from_dict(f) for f in d["fighters"]]
            for n, f in enumerate(s.fighters):
                if f.id != n:
                    raise ValueError(f"fighters[{n}]: id {f.id} should be {n}")
                if f.cell >= 0:
                    if s.grid[f.cell] >= 0:
                        raise ValueError(f"fighters[{n}]: cell {list(XY[f.cell])} already holds fighter {s.grid[f.cell]}")
                    s.grid[f.cell] = n
            for x, y, t in d["terrain"]:
                if t not in CONTENT.terrain:
                    raise ValueError(f"terrain: unknown tile {t!r}")
                s.terrain[_cell_in([x, y], "terrain")] = t
            glyph_at = s.board.glyph_index
            for x, y, owner in d["glyphs"]:
                cell = _cell_in([x, y], "glyphs")
                if cell not in glyph_at:
                    raise ValueError(f"glyphs: {[x, y]} is not a Glyph cell of {s.setup.layout}")
                s.glyphs[glyph_at[cell]] = _seat(owner)
            s.active, s.ap, s.mp = _int(d["active"]), _int(d["ap"]), _int(d["mp"])
            s.used = tuple(d["used"])
            s.pending = Pending.from_dict(d["pending"]) if d["pending"] else None
            s.result = Outcome.from_dict(d["result"]) if d["result"] else None
        except (KeyError, TypeError, IndexError) as e:
            raise ValueError(f"malformed Krosmaster state: {type(e).__name__} {e}") from None
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"State(phase={self.phase}, turn={self.turn}, to_move={self.to_move})"


def _int(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def _seat(value) -> int:
    if _int(value) not in (0, 1):
        raise ValueError(f"expected a seat (0 or 1), got {value!r}")
    return value


def _cell_in(value, where: str) -> int:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"{where}: expected [x, y], got {value!r}")
    x, y = _int(value[0]), _int(value[1])
    if not on_board(x, y):
        raise ValueError(f"{where}: {[x, y]} is off the board")
    return index(x, y)
