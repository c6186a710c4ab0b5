"""The options (`Setup`) and the position (`State`) of a game of Krom: Evolution, with their plain-data forms.

`State.to_dict()` gives plain JSON data and `State.from_dict()` reads it back exactly
(including the Rng and any pending decision). The schema, which tests may also write by
hand (see game/krom/testing.py for the friendlier way):

    {"version": 2, "setup": {Setup.to_dict()}, "round": 1, "phase": "move"|"places"|"over",
     "to_move": seat|null, "winner": seat|null,
     "players": [{"character": "alma", "place": 0..3, "hp": 0..7, "krom": n, "wood": n,
                  "stone": n, "bone": n, "hand": [bonus ids], "evolutions": [evolution ids],
                  "stunned": bool}, ...],
     "supply": {"krom": n, "wood": n, "stone": n, "bone": n},
     "bonus_deck": [ids, top first], "bonus_discard": [...], "picking_deck": [...],
     "picking_discard": [...], "hunting_deck": [...], "hunting_discard": [...],
     "hunting_row": [4 ids, -1 = empty], "evolution_deck": [...], "evolution_row": [4 ids],
     "dino_hp": 0..10 (0 = no Kromosaurus in play), "dino_place": -1|1..3, "trophy": seat|null,
     "picks": [place|null|-1 (picked, hidden in a view)], "place": -1..3 (place being resolved),
     "order": [seats still to play here], "steals": [[thief, victim], ...],
     "combat": null|{"place", "fighters" (seats, then -1 for the Kromosaurus), "scores", "asked", "passes"},
     "turn": null|{"seat", "place", "cave": ""|"rest"|"services", "picks", "shuffled", "hunted",
                   "climb": ""|"rolling"|"reward"|"done", "dice", "kept", "rerolls"},
     "play": null|{"seat", "card", "stage": "target"|"choice"|"counter", "target", "choice", "asked",
              "counters": [[seat, counter card], ...]},
     "rng": {"state": n, "script": [...]}}

Places are numbered 0 Cave, 1 Forest, 2 Savanna, 3 Mountain. In a `view`, hidden cards
(other hands, deck orders) read -1 and another seat's hidden pick reads -1.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.decision import HIDDEN  # noqa: F401 - re-exported: the package face and the net tests take it from here
from game.core.errors import SetupError
from game.core.rng import Rng
from game.krom.content import CHARACTER_BY_ID, CHARACTERS, TOKENS

VERSION = 3  # 2 (issue 20): every seat is asked in the card windows; the first Picking card, the hunt and the first Mountain roll are due; Bonus cards may be played for no effect
# 3 (issue 31): a swap is one exchange, both sides in full or nothing; a swap card may be played without your side
DINO = -1  # the Kromosaurus, where a fighter is named by seat


@dataclass(frozen=True)
class Setup:
    """Game options. `characters` None means a random distinct character per seat."""

    players: int = 4
    characters: tuple[str, ...] | None = None
    glacial: bool = False
    kromosaurus: bool = False
    longer: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not 2 <= self.players <= 6:
            raise SetupError(f"players must be 2 to 6, got {self.players!r}")
        for name in ("glacial", "kromosaurus", "longer"):
            if not isinstance(getattr(self, name), bool):
                raise SetupError(f"{name} must be true or false, got {getattr(self, name)!r}")
        chars = self.characters
        if chars is not None:
            if not isinstance(chars, tuple | list) or len(chars) != self.players:
                raise SetupError(f"characters must list one character per seat ({self.players}), got {chars!r}")
            for c in chars:
                if not isinstance(c, str) or c not in CHARACTER_BY_ID:
                    raise SetupError(f"unknown character {c!r} (known: {', '.join(x.id for x in CHARACTERS)})")
            twice = next((c for i, c in enumerate(chars) if c in chars[:i]), None)
            if twice is not None:
                raise SetupError(f"two seats play the same character ({CHARACTER_BY_ID[twice].name}): "
                                 "each character is played by one player only")
            object.__setattr__(self, "characters", tuple(chars))

    def to_dict(self) -> dict:
        return {
            "players": self.players,
            "characters": None if self.characters is None else list(self.characters),
            "glacial": self.glacial,
            "kromosaurus": self.kromosaurus,
            "longer": self.longer,
        }

    @classmethod
    def from_dict(cls, d: dict) -> Setup:
        if not isinstance(d, dict):
            raise SetupError(f"setup must be an object, got {type(d).__name__}")
        unknown = sorted(set(d) - {"players", "characters", "glacial", "kromosaurus", "longer"})
        if unknown:
            raise SetupError(f"setup has an unknown field {unknown[0]!r}")
        if "players" not in d:
            raise SetupError("setup lacks 'players'")
        chars = d.get("characters")
        if chars is not None and not isinstance(chars, list):
            raise SetupError(f"characters must be a list or null, got {chars!r}")
        for name in ("glacial", "kromosaurus", "longer"):
            if name in d and not isinstance(d[name], bool):
                raise SetupError(f"{name} must be true or false, got {d[name]!r}")
        return cls(
            d["players"],
            None if chars is None else tuple(chars),
            d.get("glacial", False),
            d.get("kromosaurus", False),
            d.get("longer", False),
        )


_KEEP = object()  # a field left as it is, in the `but` methods below


@dataclass(slots=True)
class Player:
    """One seat's Krom: where they stand, their hit points, tokens, Bonus hand and realized Evolutions."""

    character: str
    place: int
    hp: int
    krom: int = 0
    wood: int = 0
    stone: int = 0
    bone: int = 0
    hand: tuple[int, ...] = ()  # Bonus card ids, sorted
    evolutions: tuple[int, ...] = ()  # Evolution card ids, in the order realized
    stunned: bool = False

    def copy(self) -> Player:
        q = object.__new__(Player)  # the fields set one by one: cheaper than the generated __init__
        q.character, q.place, q.hp, q.krom, q.wood = self.character, self.place, self.hp, self.krom, self.wood
        q.stone, q.bone, q.hand, q.evolutions, q.stunned = self.stone, self.bone, self.hand, self.evolutions, self.stunned
        return q

    def to_dict(self) -> dict:
        return {
            "character": self.character,
            "place": self.place,
            "hp": self.hp,
            "krom": self.krom,
            "wood": self.wood,
            "stone": self.stone,
            "bone": self.bone,
            "hand": list(self.hand),
            "evolutions": list(self.evolutions),
            "stunned": self.stunned,
        }

    @classmethod
    def from_dict(cls, d: dict) -> Player:
        return cls(
            d["character"],
            d["place"],
            d["hp"],
            d["krom"],
            d["wood"],
            d["stone"],
            d["bone"],
            tuple(d["hand"]),
            tuple(d["evolutions"]),
            d["stunned"],
        )


@dataclass(frozen=True, slots=True)
class Combat:
    """A combat being fought: its fighters' scores and the open window for combat cards."""

    place: int
    fighters: tuple[int, ...]  # seats in seat order, then DINO if the Kromosaurus fights
    scores: tuple[int, ...]  # aligned with fighters
    asked: int | None = None  # the seat asked to play a combat card or pass
    passes: int = 0  # passes in a row since the last card played

    def score_of(self, fighter: int) -> int:
        return self.scores[self.fighters.index(fighter)]

    def but(self, *, scores=_KEEP, asked=_KEEP, passes=_KEEP) -> Combat:
        """This combat with some fields changed (what dataclasses.replace gives, without its cost)."""
        return Combat(
            self.place, self.fighters, self.scores if scores is _KEEP else scores,
            self.asked if asked is _KEEP else asked, self.passes if passes is _KEEP else passes,
        )

    def to_dict(self) -> dict:
        return {"place": self.place, "fighters": list(self.fighters), "scores": list(self.scores), "asked": self.asked, "passes": self.passes}

    @classmethod
    def from_dict(cls, d: dict) -> Combat:
        return cls(d["place"], tuple(d["fighters"]), tuple(d["scores"]), d["asked"], d["passes"])


@dataclass(frozen=True, slots=True)
class Turn:
    """The Action phase being played: what the player already did in their place."""

    seat: int
    place: int
    cave: str = ""  # "", "rest" or "services"
    picks: int = 0  # Picking cards drawn this hike
    shuffled: bool = False
    hunted: bool = False
    climb: str = ""  # "", "rolling" (may reroll), "reward" (choosing a reward), "done"
    dice: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()  # indices of the dice kept out of the next reroll, sorted
    rerolls: int = 0

    def but(self, *, cave=_KEEP, picks=_KEEP, shuffled=_KEEP, hunted=_KEEP, climb=_KEEP, dice=_KEEP, kept=_KEEP,
            rerolls=_KEEP) -> Turn:
        """This turn with some fields changed (what dataclasses.replace gives, without its cost)."""
        return Turn(
            self.seat, self.place, self.cave if cave is _KEEP else cave, self.picks if picks is _KEEP else picks,
            self.shuffled if shuffled is _KEEP else shuffled, self.hunted if hunted is _KEEP else hunted,
            self.climb if climb is _KEEP else climb, self.dice if dice is _KEEP else dice,
            self.kept if kept is _KEEP else kept, self.rerolls if rerolls is _KEEP else rerolls,
        )

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "place": self.place,
            "cave": self.cave,
            "picks": self.picks,
            "shuffled": self.shuffled,
            "hunted": self.hunted,
            "climb": self.climb,
            "dice": list(self.dice),
            "kept": list(self.kept),
            "rerolls": self.rerolls,
        }

    @classmethod
    def from_dict(cls, d: dict) -> Turn:
        return cls(
            d["seat"], d["place"], d["cave"], d["picks"], d["shuffled"], d["hunted"], d["climb"], tuple(d["dice"]), tuple(d["kept"]), d["rerolls"]
        )




@dataclass(frozen=True, slots=True)
class Play:
    """A Bonus card being played: choosing its target or resource, then the counter window."""

    seat: int
    card: int
    stage: str  # "target", "choice" or "counter"
    target: int | None = None
    choice: str = ""  # the resource chosen for a "choice" card
    asked: tuple[int, ...] = ()  # counter window: seats still to answer, the first is answering now
    counters: tuple[tuple[int, int], ...] = ()  # (seat, counter card) played on it, each against the one before; the last is open to counters

    def but(self, *, stage=_KEEP, target=_KEEP, choice=_KEEP, asked=_KEEP, counters=_KEEP) -> Play:
        """This play with some fields changed (what dataclasses.replace gives, without its cost)."""
        return Play(
            self.seat, self.card, self.stage if stage is _KEEP else stage, self.target if target is _KEEP else target,
            self.choice if choice is _KEEP else choice, self.asked if asked is _KEEP else asked,
            self.counters if counters is _KEEP else counters,
        )

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "card": self.card,
            "stage": self.stage,
            "target": self.target,
            "choice": self.choice,
            "asked": list(self.asked),
            "counters": [list(c) for c in self.counters],
        }

    @classmethod
    def from_dict(cls, d: dict) -> Play:
        counters = tuple((seat, card) for seat, card in d.get("counters", ()))
        return cls(d["seat"], d["card"], d["stage"], d["target"], d["choice"], tuple(d["asked"]), counters)


def _opt(cls, d):
    return None if d is None else cls.from_dict(d)


def _opt_dict(x):
    return None if x is None else x.to_dict()


@dataclass(slots=True)
class State:
    """A position. Treat as immutable: `apply` works on a `fork()`, tests and views on a `clone()`."""

    setup: Setup
    round: int
    phase: str  # "move", "places" or "over"
    to_move: int | None
    players: tuple[Player, ...]
    supply: dict[str, int]
    bonus_deck: tuple[int, ...]
    bonus_discard: tuple[int, ...]
    picking_deck: tuple[int, ...]
    picking_discard: tuple[int, ...]
    hunting_deck: tuple[int, ...]
    hunting_discard: tuple[int, ...]
    hunting_row: tuple[int, ...]
    evolution_deck: tuple[int, ...]
    evolution_row: tuple[int, ...]
    dino_hp: int
    dino_place: int
    trophy: int | None
    picks: tuple[int | None, ...]
    place: int
    order: tuple[int, ...]
    steals: tuple[tuple[int, int], ...]
    combat: Combat | None
    turn: Turn | None
    play: Play | None
    winner: int | None
    rng: Rng
    # the legal actions once asked (rules.legal_actions); never part of the position, never copied
    _legal: list | None = field(default=None, compare=False, repr=False)
    # the seats whose Player this state owns, one bit each (-1: all): a `fork` shares the others
    # with the state it came from, and `own` copies one before it is changed
    _own: int = field(default=-1, compare=False, repr=False)

    @property
    def num_players(self) -> int:
        return len(self.players)

    def clone(self) -> State:
        """A copy that can be changed without touching this one (players and supply copied, the rest immutable)."""
        s = self.fork()
        s.players = tuple([p.copy() for p in self.players])
        s._own = -1
        return s

    def fork(self) -> State:
        """The working copy `apply` changes: the players are shared with this state until `own`
        copies one, the supply is copied, the rest is immutable; this state never changes."""
        s = object.__new__(State)
        s.setup, s.round, s.phase, s.to_move = self.setup, self.round, self.phase, self.to_move
        s.players = self.players
        s.supply = dict(self.supply)
        s.bonus_deck, s.bonus_discard = self.bonus_deck, self.bonus_discard
        s.picking_deck, s.picking_discard = self.picking_deck, self.picking_discard
        s.hunting_deck, s.hunting_discard, s.hunting_row = self.hunting_deck, self.hunting_discard, self.hunting_row
        s.evolution_deck, s.evolution_row = self.evolution_deck, self.evolution_row
        s.dino_hp, s.dino_place, s.trophy, s.picks = self.dino_hp, self.dino_place, self.trophy, self.picks
        s.place, s.order, s.steals = self.place, self.order, self.steals
        s.combat, s.turn, s.play, s.winner = self.combat, self.turn, self.play, self.winner
        s.rng = self.rng.copy()
        s._legal = None
        s._own = 0
        return s

    def own(self, seat: int) -> Player:
        """The Player of `seat` in this working copy, to change: copied the first time (see `fork`)."""
        if not self._own >> seat & 1:
            players = list(self.players)
            players[seat] = players[seat].copy()
            self.players = tuple(players)
            self._own |= 1 << seat
        return self.players[seat]

    def to_dict(self) -> dict:
        return {
            "version": VERSION,
            "setup": self.setup.to_dict(),
            "round": self.round,
            "phase": self.phase,
            "to_move": self.to_move,
            "players": [p.to_dict() for p in self.players],
            "supply": dict(self.supply),
            "bonus_deck": list(self.bonus_deck),
            "bonus_discard": list(self.bonus_discard),
            "picking_deck": list(self.picking_deck),
            "picking_discard": list(self.picking_discard),
            "hunting_deck": list(self.hunting_deck),
            "hunting_discard": list(self.hunting_discard),
            "hunting_row": list(self.hunting_row),
            "evolution_deck": list(self.evolution_deck),
            "evolution_row": list(self.evolution_row),
            "dino_hp": self.dino_hp,
            "dino_place": self.dino_place,
            "trophy": self.trophy,
            "picks": list(self.picks),
            "place": self.place,
            "order": list(self.order),
            "steals": [list(s) for s in self.steals],
            "combat": _opt_dict(self.combat),
            "turn": _opt_dict(self.turn),
            "play": _opt_dict(self.play),
            "winner": self.winner,
            "rng": self.rng.to_dict(),
        }

    @classmethod
    def from_dict(cls, d: dict) -> State:
        if not isinstance(d, dict) or d.get("version") != VERSION:
            raise ValueError(f"not a Krom state of version {VERSION}")
        supply = d["supply"]
        if sorted(supply) != sorted(TOKENS):
            raise ValueError(f"supply must hold exactly {', '.join(TOKENS)}")
        return cls(
            Setup.from_dict(d["setup"]),
            d["round"],
            d["phase"],
            d["to_move"],
            tuple(Player.from_dict(p) for p in d["players"]),
            {k: supply[k] for k in TOKENS},
            tuple(d["bonus_deck"]),
            tuple(d["bonus_discard"]),
            tuple(d["picking_deck"]),
            tuple(d["picking_discard"]),
            tuple(d["hunting_deck"]),
            tuple(d["hunting_discard"]),
            tuple(d["hunting_row"]),
            tuple(d["evolution_deck"]),
            tuple(d["evolution_row"]),
            d["dino_hp"],
            d["dino_place"],
            d["trophy"],
            tuple(d["picks"]),
            d["place"],
            tuple(d["order"]),
            tuple((a, b) for a, b in d["steals"]),
            _opt(Combat, d["combat"]),
            _opt(Turn, d["turn"]),
            _opt(Play, d["play"]),
            d["winner"],
            Rng.from_dict(d["rng"]),
        )
