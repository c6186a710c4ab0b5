"""Setup and State of a Khrysos Hunters game, with their plain-data forms (`to_dict` / `from_dict`).

The state's plain form (version 2), as `State.to_dict` writes it::

    {"version": 2, "players": 2, "map": "alpha_room" | {map file data},
     "phase": "deploy" | "place" | "replace" | "start" | "active" | "over",
     "started": bool, "turn": index of the card whose turn it is,
     "cards": [card, ...] (in turn order), "hands": [[hunter, ...] per seat],
     "retired": [[hunter, ...] per seat], "deck": [undealt hunters, next draw first],
     "loot": [[x, y], ...] squares holding a treasure marker,
     "energy": int, "used": [action numbers used this turn],
     "res": null | resolution, "choices": [[x, y], ...] squares offered in phase "place",
     "zone_rolls": [starting-zone die per card], "first_rolls": [[dice] per seat],
     "rng": {...}, "winner": seat | null, "to_move": seat | null}

A card (one scoring card with the hunter on it)::

    {"seat": 0, "hunter": 1 (0: none, waiting for a replacement), "at": [x, y] | null,
     "endurance": 6, "treasure": 0, "turns": turns begun on this card,
     "guard": [expiry turn of each Guard marker], "boosts": [[symbol, amount, expiry turn]],
     "trap": expiry turn or 0, "stun": expiry turn or 0}

A marker with expiry turn T goes at the end of the card's T-th turn. A resolution (an
action being resolved)::

    {"number": action number, "upgraded": bool, "raises": [[symbol, amount]] (Boosts spent),
     "pc": index of the current step (-1: choosing Boosts), "left": moves/hits/squares left
     in the step (-1: not begun), "queue": [cards waiting for the box], "eff": next box
     effect for the first of them, "hit": [cards this Trample has hit], "push": squares the
     first queued card may still be moved, "guard": damage waiting on its Guard decision}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from game.core.actions import Action
from game.core.errors import SetupError
from game.core.rng import Rng
from game.khrysos.maps import SAMPLE_MAPS, Board, MapError, MapSpec, build_board, map_from_dict, map_to_dict, sample_map, validate_map

Cell = tuple[int, int]
VERSION = 4  # 2: pillars open orthogonally, box Move split with `shift`, Blast hits the actor, no Steal at an empty target;
# 3: solid lines stop movement only (Range, Burst and Blast cross them), diagonals may pass a corner of the map;
# 4: a Hit whose box holds other symbols beside Steal may target a hunter without treasure (RULES_NOTES S3)

DEPLOY, PLACE, REPLACE, START, ACTIVE, OVER = "deploy", "place", "replace", "start", "active", "over"
PHASES = (DEPLOY, PLACE, REPLACE, START, ACTIVE, OVER)


HAND_SIZE = {2: 4, 3: 4, 4: 3}  # hunters dealt to each player, by the number of players


@dataclass(frozen=True)
class Setup:
    """Options of a game: 2 to 4 players, and a sample map id or a custom map's file data."""

    players: int = 2
    map: str = "alpha_room"
    custom_map: dict | None = None

    def __post_init__(self) -> None:
        """SetupError (a ValueError) with a readable reason for options that cannot start a game."""
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise SetupError(f"Khrysos Hunters is for 2 to 4 players, not {_short(self.players)}")
        if not isinstance(self.map, str):
            raise SetupError(f"setup.map must be a sample map id, not {_short(self.map)}")
        if self.custom_map is not None and not isinstance(self.custom_map, dict):
            raise SetupError("setup.custom_map must be a map file's data (an object)")
        if self.custom_map is None and self.map not in SAMPLE_MAPS:
            raise SetupError(f"unknown sample map {_short(self.map)} (known: {', '.join(SAMPLE_MAPS)})")
        if self.custom_map is not None:
            problems = validate_map(self.custom_map)
            if problems:
                raise SetupError("the custom map cannot be played: " + "; ".join(problems)[:300])

    def map_spec(self) -> MapSpec:
        return map_from_dict(self.custom_map) if self.custom_map is not None else sample_map(self.map)

    @property
    def hunters_per_player(self) -> int:
        return 2 if self.players == 2 else 1

    @property
    def hand_size(self) -> int:
        """How many hunters each player is dealt at the start."""
        return HAND_SIZE[self.players]

    def deal_text(self) -> str:
        """The deal in words, for the setup screen."""
        n, per = self.hand_size, self.hunters_per_player
        text = f"{self.players} players · {n} hunters dealt to each, {per} in play at a time"
        return text + (" · each Scoring card races to 12 on its own" if per == 2 else "")

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"players": self.players, "map": self.map}
        if self.custom_map is not None:
            d["custom_map"] = self.custom_map
        return d

    @classmethod
    def from_dict(cls, d: Any) -> Setup:
        """Checked: SetupError (a ValueError) with a readable reason for anything wrong."""
        if not isinstance(d, dict):
            raise SetupError(f"setup must be an object, not {type(d).__name__}")
        unknown = sorted(str(k) for k in set(d) - {"players", "map", "custom_map"})
        if unknown:
            raise SetupError(f"setup has an unknown field {_short(unknown[0])}")
        return cls(d.get("players", 2), d.get("map", "alpha_room"), d.get("custom_map"))


class Card(NamedTuple):
    """One scoring card: its seat, the hunter on it and that hunter's position and markers."""

    seat: int
    hunter: int = 0
    at: Cell | None = None
    endurance: int = 0
    treasure: int = 0
    turns: int = 0
    guard: tuple[int, ...] = ()
    boosts: tuple[tuple[str, int, int], ...] = ()
    trap: int = 0
    stun: int = 0

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "hunter": self.hunter,
            "at": None if self.at is None else [self.at[0], self.at[1]],
            "endurance": self.endurance,
            "treasure": self.treasure,
            "turns": self.turns,
            "guard": list(self.guard),
            "boosts": [[s, a, u] for s, a, u in self.boosts],
            "trap": self.trap,
            "stun": self.stun,
        }

    @classmethod
    def from_dict(cls, d: dict) -> Card:
        at = d["at"]
        return cls(
            _int(d["seat"]),
            _int(d["hunter"]),
            None if at is None else (_int(at[0]), _int(at[1])),
            _int(d["endurance"]),
            _int(d["treasure"]),
            _int(d["turns"]),
            tuple(_int(g) for g in d["guard"]),
            tuple((str(s), _int(a), _int(u)) for s, a, u in d["boosts"]),
            _int(d["trap"]),
            _int(d["stun"]),
        )


class Res(NamedTuple):
    """The action being resolved (see the module docstring)."""

    number: int
    upgraded: bool = False
    raises: tuple[tuple[str, int], ...] = ()
    pc: int = -1
    left: int = -1
    queue: tuple[int, ...] = ()
    eff: int = 0
    hit: tuple[int, ...] = ()
    push: int = 0
    guard: int = 0

    def to_dict(self) -> dict:
        return {
            "number": self.number,
            "upgraded": self.upgraded,
            "raises": [[s, a] for s, a in self.raises],
            "pc": self.pc,
            "left": self.left,
            "queue": list(self.queue),
            "eff": self.eff,
            "hit": list(self.hit),
            "push": self.push,
            "guard": self.guard,
        }

    @classmethod
    def from_dict(cls, d: dict) -> Res:
        return cls(
            _int(d["number"]),
            bool(d["upgraded"]),
            tuple((str(s), _int(a)) for s, a in d["raises"]),
            _int(d["pc"]),
            _int(d["left"]),
            tuple(_int(q) for q in d["queue"]),
            _int(d["eff"]),
            tuple(_int(h) for h in d["hit"]),
            _int(d["push"]),
            _int(d["guard"]),
        )


def _short(value: Any) -> str:
    """A value quoted in a message, cut to a readable length."""
    if isinstance(value, int) and value.bit_length() > 3000:  # no repr of a number too long to print
        return "a number of more than 900 digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _int(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"expected an integer, got {v!r}")
    return v


def _cells(items: Any) -> tuple[Cell, ...]:
    return tuple((_int(c[0]), _int(c[1])) for c in items)


_FIELDS = (
    "num_players",
    "map_id",
    "spec",
    "board",
    "phase",
    "started",
    "turn",
    "cards",
    "hands",
    "retired",
    "deck",
    "loot",
    "energy",
    "used",
    "res",
    "choices",
    "zone_rolls",
    "first_rolls",
    "rng",
    "winner",
    "to_move",
)


class State:
    """A game position. Treat as immutable: `apply` works on a copy (`copy()` is shallow;
    every field holds immutable values: tuples, frozensets, NamedTuples)."""

    __slots__ = _FIELDS + ("_legal",)

    num_players: int
    map_id: str  # a sample map id, or "" for a custom map
    spec: MapSpec
    board: Board
    phase: str
    started: bool  # the first turn has begun (deployment is over)
    turn: int  # index in `cards` of the card whose turn it is (or which is being deployed)
    cards: tuple[Card, ...]  # in turn order
    hands: tuple[tuple[int, ...], ...]  # per seat; HIDDEN (-1) stands for a card hidden by a view
    retired: tuple[tuple[int, ...], ...]  # per seat
    deck: tuple[int, ...]  # the undealt hunters, next draw first; HIDDEN (-1) each in a view
    loot: frozenset  # squares with a treasure marker
    energy: int
    used: int  # bit n set when action n was used this turn
    res: Res | None
    choices: tuple[Cell, ...]
    zone_rolls: tuple[int, ...]
    first_rolls: tuple[tuple[int, ...], ...]
    rng: Rng
    winner: int | None
    to_move: int | None

    def __init__(self, **fields: Any):
        for name in _FIELDS:
            setattr(self, name, fields[name])
        self._legal: tuple[Action, ...] | None = None

    def copy(self) -> State:
        new = State.__new__(State)  # every field of _FIELDS, written out: a loop of setattr costs twice as much
        new.num_players, new.map_id, new.spec, new.board = self.num_players, self.map_id, self.spec, self.board
        new.phase, new.started, new.turn, new.cards = self.phase, self.started, self.turn, self.cards
        new.hands, new.retired, new.deck, new.loot = self.hands, self.retired, self.deck, self.loot
        new.energy, new.used, new.res, new.choices = self.energy, self.used, self.res, self.choices
        new.zone_rolls, new.first_rolls, new.rng = self.zone_rolls, self.first_rolls, self.rng
        new.winner, new.to_move = self.winner, self.to_move
        new._legal = None
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in _FIELDS if n != "board")

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<khrysos State phase={self.phase} turn={self.turn} to_move={self.to_move} energy={self.energy}>"

    @property
    def hunters_per_player(self) -> int:
        return 2 if self.num_players == 2 else 1

    @property
    def active(self) -> Card:
        """The card whose turn it is."""
        return self.cards[self.turn]

    def card_of(self, hunter: int) -> int | None:
        """Index of the card holding hunter number `hunter` in play, or None."""
        for i, c in enumerate(self.cards):
            if c.hunter == hunter:
                return i
        return None

    def treasure_of(self, seat: int) -> int:
        """A seat's best scoring card (its score toward 12: a player's two cards are never added)."""
        return max(c.treasure for c in self.cards if c.seat == seat)

    def treasures_of(self, seat: int) -> list[int]:
        """The treasure of each of a seat's scoring cards, highest first (two with two players, counted apart)."""
        return sorted((c.treasure for c in self.cards if c.seat == seat), reverse=True)

    # -- plain data ------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "version": VERSION,
            "players": self.num_players,
            "map": self.map_id if self.map_id else map_to_dict(self.spec),
            "phase": self.phase,
            "started": self.started,
            "turn": self.turn,
            "cards": [c.to_dict() for c in self.cards],
            "hands": [list(h) for h in self.hands],
            "retired": [list(h) for h in self.retired],
            "deck": list(self.deck),
            "loot": sorted([c[0], c[1]] for c in self.loot),
            "energy": self.energy,
            "used": [n for n in range(1, 7) if self.used >> n & 1],
            "res": None if self.res is None else self.res.to_dict(),
            "choices": [[c[0], c[1]] for c in self.choices],
            "zone_rolls": list(self.zone_rolls),
            "first_rolls": [list(r) for r in self.first_rolls],
            "rng": self.rng.to_dict(),
            "winner": self.winner,
            "to_move": self.to_move,
        }

    @classmethod
    def from_dict(cls, d: Any) -> State:
        """Rebuild a state from `to_dict` data; ValueError naming the problem for bad data."""
        if not isinstance(d, dict):
            raise ValueError("a Khrysos Hunters state must be an object")
        if d.get("version") != VERSION:
            raise ValueError(f"state version {d.get('version')!r} is not {VERSION}")
        try:
            raw_map = d["map"]
            if isinstance(raw_map, str):
                map_id, spec = raw_map, sample_map(raw_map)
            else:
                map_id, spec = "", map_from_dict(raw_map)
            phase = d["phase"]
            if phase not in PHASES:
                raise ValueError(f"unknown phase {phase!r}")
            used = 0
            for n in d["used"]:
                used |= 1 << _int(n)
            state = cls(
                num_players=_int(d["players"]),
                map_id=map_id,
                spec=spec,
                board=build_board(spec),
                phase=phase,
                started=bool(d["started"]),
                turn=_int(d["turn"]),
                cards=tuple(Card.from_dict(c) for c in d["cards"]),
                hands=tuple(tuple(_int(h) for h in hand) for hand in d["hands"]),
                retired=tuple(tuple(_int(h) for h in r) for r in d["retired"]),
                deck=tuple(_int(h) for h in d["deck"]),
                loot=frozenset(_cells(d["loot"])),
                energy=_int(d["energy"]),
                used=used,
                res=None if d["res"] is None else Res.from_dict(d["res"]),
                choices=_cells(d["choices"]),
                zone_rolls=tuple(_int(r) for r in d["zone_rolls"]),
                first_rolls=tuple(tuple(_int(x) for x in r) for r in d["first_rolls"]),
                rng=Rng.from_dict(d["rng"]),
                winner=None if d["winner"] is None else _int(d["winner"]),
                to_move=None if d["to_move"] is None else _int(d["to_move"]),
            )
        except (KeyError, TypeError, IndexError, LookupError, MapError) as e:
            raise ValueError(f"bad Khrysos Hunters state: {type(e).__name__} {e}") from None
        return state
