"""Krosmaster: Blast content (Krosmasters, Minions, Favors, Divine Challenges, terrain, die), loaded and validated once.

Every data file lives in `game/krosmaster/data/`. The `parse_*` functions take the file
name and its text so tests can feed corrupt copies; every problem is a `ContentError`
naming the file, the entry and the field. `CONTENT` is the loaded, cross-checked whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core import COMBAT_DIE, ContentError
from game.core.content import EntryReader, parse_text, read_text

DATA = "game.krosmaster.data"
ELEMENTS = ("fire", "water", "earth", "air")
# What an ability may target: any fighter, an enemy fighter, an allied Krosmaster, the
# user's own cell, an empty cell (no tree, bush, fighter or terrain tile) or a cell that
# can take a terrain tile (empty and not a Glyph cell).
TARGETS = ("fighter", "enemy", "ally_krosmaster", "self", "empty", "terrain")
FIGHTER_TARGETS = ("fighter", "enemy", "ally_krosmaster", "self")
EFFECTS = ("ap", "mp", "shove", "summon", "terrain", "heal", "teleport", "swap", "injure", "blast", "volley")
POWERS = ("reroll", "unshovable", "no_dodge", "range", "no_slip")
PASSIVES = (
    "capture_mp",
    "spell_damage",
    "spell_damage_taken",
    "krosmaster_mp",
    "minion_mp",
    "spell_range",
    "fireproof",
    "blank_is_critical",
)
DODGE_RESULTS = ("free", "caught", "tackled")


@dataclass(frozen=True, slots=True)
class Effect:
    """One spell effect, applied before the combat roll. `glyphs`: needs that many Glyph cells."""

    kind: str
    amount: int = 0
    on: str = "target"  # ap/mp/heal: on the "target" fighter or on the "caster"
    minion: str = ""  # summon: which Minion
    limit: int = 0  # summon: how many of it one player may have on the board
    terrain: str = ""  # terrain: which tile
    reach: tuple[int, int] = (0, 0)  # blast/volley: distances from the user
    glyphs: int = 0


@dataclass(frozen=True, slots=True)
class Ability:
    """A spell, a Krosmic Favor or an active Divine Challenge bonus: something aimed at a cell."""

    key: str  # unique across the game: "spell:catroulette", "favor:gust", "bonus:iops_wrath"
    id: str
    name: str
    source: str  # "spell", "favor" or "bonus"
    low: int  # minimum range
    high: int  # maximum range
    anywhere: bool  # any cell of the board: no range, no line of sight
    sight: bool  # needs a line of sight
    line: bool  # the target must share a row or a column with the user
    target: str
    damage: int  # base damage of the combat roll (0: no combat roll)
    element: str
    once_per_turn: bool
    new_target: bool  # the next cast of it by the same fighter must aim at another fighter
    effects: tuple[Effect, ...]
    text: str

    @property
    def aims_at_fighter(self) -> bool:
        return self.target in FIGHTER_TARGETS

    @property
    def moves_user(self) -> bool:
        """It takes its user off its cell (a jump or a swap)."""
        return any(e.kind in ("teleport", "swap") for e in self.effects)


@dataclass(frozen=True, slots=True)
class Power:
    id: str
    name: str
    kind: str
    amount: int
    glyphs: int
    text: str


@dataclass(frozen=True, slots=True)
class Character:
    """A Krosmaster's Blast card or a Minion card."""

    id: str
    name: str
    minion: bool
    hp: int
    ap: int
    mp: int
    element: str
    spells: tuple[Ability, ...]
    powers: tuple[Power, ...]
    cards: int = 1
    tokens: int = 1
    first_game: bool = True

    def spell(self, spell_id: str) -> Ability | None:
        for s in self.spells:
            if s.id == spell_id:
                return s
        return None

    def power(self, kind: str) -> Power | None:
        for p in self.powers:
            if p.kind == kind:
                return p
        return None


@dataclass(frozen=True, slots=True)
class Favor:
    id: str
    name: str
    superior: bool
    ability: Ability


@dataclass(frozen=True, slots=True)
class Bonus:
    """One threshold of a Divine Challenge: passive (`passive` set) or active (`ability` set)."""

    id: str
    challenge: str
    name: str
    glyphs: int
    passive: str
    amount: int
    ability: Ability | None
    text: str


@dataclass(frozen=True, slots=True)
class Challenge:
    id: str
    name: str
    bonuses: tuple[Bonus, ...]


@dataclass(frozen=True, slots=True)
class Face:
    id: str
    name: str
    combat: int
    jokers: tuple[str, ...]
    dodge: str


@dataclass(frozen=True, slots=True)
class Terrain:
    id: str
    name: str
    tiles: int
    first_game: bool
    injuries: int
    blocks_sight: bool
    text: str


@dataclass(frozen=True)
class Content:
    krosmasters: dict[str, Character]
    minions: dict[str, Character]
    favors: dict[str, Favor]
    challenges: dict[str, Challenge]
    faces: dict[str, Face]
    terrain: dict[str, Terrain]
    glyph_tiles: int
    dofus_tokens: int
    favor_turns: int

    def character(self, cid: str) -> Character:
        return self.krosmasters.get(cid) or self.minions[cid]


# -- parsing ---------------------------------------------------------------------------


def _entries(file: str, data: Any, table: str) -> list:
    if not isinstance(data, dict) or not isinstance(data.get(table), list) or not data[table]:
        raise ContentError(file, None, table, f"expected a non-empty list of [[{table}]] entries")
    return data[table]


def _entry_id(file: str, raw: Any, index: int) -> str:
    if isinstance(raw, dict) and isinstance(raw.get("id"), str) and raw["id"]:
        return raw["id"]
    raise ContentError(file, f"#{index + 1}", "id", "is missing or not a word")


def _new_entry(file: str, raw: Any, index: int, seen: dict) -> tuple[str, EntryReader]:
    """The id and a reader of entry number `index`, refusing a repeated id."""
    eid = _entry_id(file, raw, index)
    r = EntryReader(file, eid, raw)
    _read_id(r)
    if eid in seen:
        raise r.fail("id", "appears twice")
    return eid, r


def _read_id(r: EntryReader, field: str = "id") -> str:
    value = r.get(field, str)
    if not value or not all(c.islower() or c.isdigit() or c == "_" for c in value):
        raise r.fail(field, f"must be a lower-case word (letters, digits, _), got {value!r}")
    return value


def _read_range(r: EntryReader, field: str, default: tuple[int, int] | None) -> tuple[int, int]:
    raw = r.get(field, list, default=list(default) if default is not None else None)
    if raw is None:
        raise r.fail(field, "is missing")
    if len(raw) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw):
        raise r.fail(field, f"expected [minimum, maximum] as two integers, got {raw!r}")
    low, high = raw
    if not 0 <= low <= high <= 12:
        raise r.fail(field, f"needs 0 <= minimum <= maximum <= 12, got {raw!r}")
    return low, high


def _read_effect(r: EntryReader, index: int, raw: Any) -> Effect:
    e = r.sub(f"effects[{index}]", raw)
    kind = e.get("kind", str, choices=EFFECTS)
    amount = e.get("amount", int, default=0, min=-6, max=6)
    on = e.get("on", str, default="target", choices=("target", "caster"))
    minion = e.get("minion", str, default="")
    limit = e.get("limit", int, default=0, min=0, max=4)
    terrain = e.get("terrain", str, default="")
    reach = _read_range(e, "reach", (0, 0))
    glyphs = e.get("glyphs", int, default=0, min=0, max=8)
    e.done()
    if kind in ("ap", "mp", "heal", "shove", "injure", "blast", "volley") and amount == 0:
        raise e.fail("amount", f"a {kind} effect needs a non-zero amount")
    if kind in ("shove", "heal", "injure", "blast", "volley") and amount < 0:
        raise e.fail("amount", f"a {kind} effect needs a positive amount")
    if kind == "summon" and (not minion or limit < 1):
        raise e.fail("minion" if not minion else "limit", "a summon effect names a Minion and a limit of at least 1")
    if kind == "terrain" and not terrain:
        raise e.fail("terrain", "a terrain effect names its tile")
    if kind in ("blast", "volley") and reach[1] < 1:
        raise e.fail("reach", "an area effect needs a reach of at least 1")
    return Effect(kind, amount, on, minion, limit, terrain, reach, glyphs)


def _read_ability(r: EntryReader, source: str, aid: str, *, default_range: tuple[int, int] | None) -> Ability:
    """Read the ability fields of a spell, a Favor or an active bonus from `r` (not calling done())."""
    name = r.get("name", str)
    target = r.get("target", str, choices=TARGETS)
    anywhere = r.get("anywhere", bool, default=False)
    if target == "self":
        low, high = _read_range(r, "range", (0, 0))
        if (low, high) != (0, 0):
            raise r.fail("range", "a self-targeted ability has range [0, 0]")
    elif anywhere:
        if "range" in r.data:
            raise r.fail("range", "an ability usable anywhere has no range")
        low, high = 0, 99
    else:
        low, high = _read_range(r, "range", default_range)
    sight = r.get("sight", bool, default=not anywhere and target != "self")
    if anywhere and sight:
        raise r.fail("sight", "an ability usable anywhere needs no line of sight")
    line = r.get("line", bool, default=False)
    damage = r.get("damage", int, default=0, min=0, max=6)
    element = r.get("element", str, default="", choices=ELEMENTS + ("",))
    once = r.get("once_per_turn", bool, default=False)
    new_target = r.get("new_target", bool, default=False)
    raw_effects = r.get("effects", list, default=[])
    effects = tuple(_read_effect(r, i, raw) for i, raw in enumerate(raw_effects))
    text = r.get("text", str)
    fighter = target in FIGHTER_TARGETS
    if damage and target not in ("fighter", "enemy"):
        raise r.fail("damage", "a damaging ability targets a fighter or an enemy")
    if new_target and not fighter:
        raise r.fail("new_target", "only an ability aimed at a fighter can require a new target")
    for i, eff in enumerate(effects):
        where = f"effects[{i}]"
        if eff.kind == "shove" and not line:
            raise r.fail(where, "a shove needs line = true (it pushes straight away from the user)")
        on_target = eff.kind in ("shove", "swap", "injure") or (eff.kind in ("ap", "mp", "heal") and eff.on == "target")
        if on_target and not fighter:
            raise r.fail(where, f"a {eff.kind} effect on the target needs a fighter target")
        if eff.kind in ("summon", "teleport") and target != "empty":
            raise r.fail(where, f"a {eff.kind} effect needs target = 'empty'")
        if eff.kind == "terrain":
            if target != "terrain":
                raise r.fail(where, "a terrain effect needs target = 'terrain'")
            if i != len(effects) - 1 or damage:
                raise r.fail(where, "a terrain effect comes last, in an ability without damage")
        if eff.kind in ("blast", "volley") and target != "self":
            raise r.fail(where, f"a {eff.kind} effect is centred on the user (target = 'self')")
    if target in ("empty", "terrain") and not any(e.kind in ("summon", "teleport", "terrain") for e in effects):
        raise r.fail("target", "an ability aimed at an empty cell must summon, teleport or place terrain")
    return Ability(
        f"{source}:{aid}", aid, name, source, low, high, anywhere, sight, line, target, damage, element, once,
        new_target, effects, text,
    )


def parse_characters(file: str, text: str, *, minions: bool) -> dict[str, Character]:
    """Krosmasters (`[[krosmaster]]`) or Minions (`[[minion]]`) with their spells and powers."""
    table = "minion" if minions else "krosmaster"
    out: dict[str, Character] = {}
    for index, raw in enumerate(_entries(file, parse_text(file, text), table)):
        cid, r = _new_entry(file, raw, index, out)
        name = r.get("name", str)
        hp = r.get("hp", int, min=1, max=20)
        ap = r.get("ap", int, min=1, max=6)
        mp = r.get("mp", int, min=0, max=6)
        element = r.get("element", str, choices=ELEMENTS)
        cards = r.get("cards", int, default=1, min=1, max=9) if minions else 1
        tokens = r.get("tokens", int, default=1, min=1, max=17) if minions else 1
        first_game = r.get("first_game", bool, default=False) if minions else True
        spells: list[Ability] = []
        for i, raw_spell in enumerate(r.get("spell", list)):
            sr = r.sub(f"spell[{i}]", raw_spell)
            sid = _read_id(sr)
            spell = _read_ability(sr, "spell", sid, default_range=None)
            sr.done()
            if any(s.id == sid for s in spells):
                raise sr.fail("id", "appears twice")
            spells.append(spell)
        powers = []
        for i, raw_power in enumerate(r.get("power", list, default=[])):
            pr = r.sub(f"power[{i}]", raw_power)
            powers.append(
                Power(
                    _read_id(pr), pr.get("name", str), pr.get("kind", str, choices=POWERS),
                    pr.get("amount", int, default=0, min=0, max=3), pr.get("glyphs", int, default=0, min=0, max=8),
                    pr.get("text", str),
                )
            )
            pr.done()
        r.done()
        out[cid] = Character(cid, name, minions, hp, ap, mp, element, tuple(spells), tuple(powers), cards, tokens, first_game)
    return out


def parse_favors(file: str, text: str) -> dict[str, Favor]:
    out: dict[str, Favor] = {}
    for index, raw in enumerate(_entries(file, parse_text(file, text), "favor")):
        fid, r = _new_entry(file, raw, index, out)
        superior = r.get("superior", bool, default=False)
        ability = _read_ability(r, "favor", fid, default_range=None)
        r.done()
        out[fid] = Favor(fid, ability.name, superior, ability)
    return out


def parse_challenges(file: str, text: str) -> dict[str, Challenge]:
    out: dict[str, Challenge] = {}
    for index, raw in enumerate(_entries(file, parse_text(file, text), "challenge")):
        cid, r = _new_entry(file, raw, index, out)
        name = r.get("name", str)
        bonuses = []
        raw_bonuses = r.get("bonus", list)
        if len(raw_bonuses) != 3:
            raise r.fail("bonus", f"a Divine Challenge has 3 thresholds, got {len(raw_bonuses)}")
        for i, raw_bonus in enumerate(raw_bonuses):
            br = r.sub(f"bonus[{i}]", raw_bonus)
            bid = _read_id(br)
            glyphs = br.get("glyphs", int, choices=(1, 3, 5))
            if glyphs != (1, 3, 5)[i]:
                raise br.fail("glyphs", f"threshold {i + 1} is unlocked at {(1, 3, 5)[i]} Glyph cells, got {glyphs}")
            passive = br.get("passive", str, default="", choices=PASSIVES + ("",))
            if passive:
                amount = br.get("amount", int, default=0, min=-3, max=3)
                bonus = Bonus(bid, cid, br.get("name", str), glyphs, passive, amount, None, br.get("text", str))
            else:
                ability = _read_ability(br, "bonus", bid, default_range=None)
                bonus = Bonus(bid, cid, ability.name, glyphs, "", 0, ability, ability.text)
            br.done()
            bonuses.append(bonus)
        r.done()
        out[cid] = Challenge(cid, name, tuple(bonuses))
    return out


def parse_components(file: str, text: str) -> tuple[dict[str, Face], dict[str, Terrain], dict[str, int]]:
    data = parse_text(file, text)
    top = EntryReader(file, "components", data)
    counts = {
        "glyph_tiles": top.get("glyph_tiles", int, min=1, max=16),
        "dofus_tokens": top.get("dofus_tokens", int, min=1, max=1),
        "favor_turns": top.get("favor_turns", int, min=2, max=20),
    }
    faces_raw = top.get("face", dict)
    terrain_raw = top.get("terrain", dict)
    top.done()
    if sorted(faces_raw) != sorted(COMBAT_DIE.faces):
        raise ContentError(file, "face", None, f"the die's faces must be exactly {', '.join(COMBAT_DIE.faces)}")
    faces = {}
    for fid in COMBAT_DIE.faces:
        r = EntryReader(file, f"face.{fid}", faces_raw[fid])
        jokers = tuple(r.get("jokers", list, default=[]))
        for j in jokers:
            if j not in COMBAT_DIE.faces:
                raise r.fail("jokers", f"{j!r} is not a face of the die")
        faces[fid] = Face(
            fid, r.get("name", str), r.get("combat", int, min=-1, max=1), jokers,
            r.get("dodge", str, choices=DODGE_RESULTS),
        )
        r.done()
    terrain = {}
    for tid, raw in terrain_raw.items():
        r = EntryReader(file, f"terrain.{tid}", raw)
        terrain[tid] = Terrain(
            tid, r.get("name", str), r.get("tiles", int, min=1, max=8), r.get("first_game", bool),
            r.get("injuries", int, default=0, min=0, max=6), r.get("blocks_sight", bool, default=False),
            r.get("text", str),
        )
        r.done()
    if sorted(terrain) != ["fire", "fog", "ice"]:
        raise ContentError(file, "terrain", None, "expected exactly the ice, fire and fog tiles")
    return faces, terrain, counts


def link(
    krosmasters: dict[str, Character],
    minions: dict[str, Character],
    favors: dict[str, Favor],
    challenges: dict[str, Challenge],
    faces: dict[str, Face],
    terrain: dict[str, Terrain],
    counts: dict[str, int],
) -> Content:
    """Cross-check the files against each other (Minion and terrain names, unique spell ids)."""
    seen: dict[str, str] = {}
    for file, chars in (("krosmasters.toml", krosmasters), ("minions.toml", minions)):
        for c in chars.values():
            if c.id in seen:
                raise ContentError(file, c.id, "id", f"is also the id of a character in {seen[c.id]}")
            seen[c.id] = file
    spell_owner: dict[str, str] = {}
    sources = [("krosmasters.toml", c.id, c.spells) for c in krosmasters.values()]
    sources += [("minions.toml", c.id, c.spells) for c in minions.values()]
    sources += [("favors.toml", f.id, (f.ability,)) for f in favors.values()]
    sources += [("challenges.toml", ch.id, tuple(b.ability for b in ch.bonuses if b.ability)) for ch in challenges.values()]
    for file, entry, abilities in sources:
        for a in abilities:
            if a.source == "spell":
                if a.id in spell_owner:
                    raise ContentError(file, entry, "spell", f"spell id {a.id!r} is also a spell of {spell_owner[a.id]}")
                spell_owner[a.id] = entry
            for e in a.effects:
                if e.kind == "summon" and e.minion not in minions:
                    raise ContentError(file, entry, f"{a.id}.effects", f"summons an unknown Minion {e.minion!r}")
                if e.kind == "terrain" and e.terrain not in terrain:
                    raise ContentError(file, entry, f"{a.id}.effects", f"places an unknown terrain {e.terrain!r}")
    basic = sum(1 for f in favors.values() if not f.superior)
    if basic != counts["favor_turns"]:
        raise ContentError("favors.toml", None, None, f"expected {counts['favor_turns']} basic Favors, got {basic}")
    return Content(
        krosmasters, minions, favors, challenges, faces, terrain,
        counts["glyph_tiles"], counts["dofus_tokens"], counts["favor_turns"],
    )


def _text(name: str) -> str:
    return read_text(DATA, name)


def load() -> Content:
    """Load and check every packaged data file."""
    faces, terrain, counts = parse_components("components.toml", _text("components.toml"))
    return link(
        parse_characters("krosmasters.toml", _text("krosmasters.toml"), minions=False),
        parse_characters("minions.toml", _text("minions.toml"), minions=True),
        parse_favors("favors.toml", _text("favors.toml")),
        parse_challenges("challenges.toml", _text("challenges.toml")),
        faces,
        terrain,
        counts,
    )


CONTENT = load()
