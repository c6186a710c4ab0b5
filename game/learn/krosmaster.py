"""Krosmaster: Blast for the glossary and the reference: the words its content names, generated listings,
and live diagrams computed by `game.krosmaster`'s own queries on a stated position.
"""

from __future__ import annotations

from fractions import Fraction
from typing import cast

from game.core.content import EntryReader
from game.core.grammar import counted
from game.krosmaster import (
    BOARDS, CONTENT, HEIGHT, KINDS, WIDTH, Setup, dodge_odds, reachable_cells, spell_targets, tackle_zone, tacklers,
)
from game.krosmaster.content import ELEMENTS, Ability
from game.krosmaster.testing import build
from game.learn.texts import content_word
from game.learn.picture import Cell, Picture, Piece

GAME_ID = "krosmaster"
DATA = "game.krosmaster.data"

# How the screen writes what the data files name by a code word. A new kind in the data
# without a word here makes `required_terms` fail, so new content cannot slip past the glossary.
CELL_WORDS = {"free": "free cell", "tree": "Tree", "bush": "Bush", "glyph": "Glyph cell", "start": "starting cell"}
EFFECT_WORDS = {
    "ap": "AP marker", "mp": "MP marker", "shove": "shove", "summon": "summon", "terrain": "Special Terrain tile",
    "heal": "injury", "teleport": "jump", "swap": "swap", "injure": "injury", "blast": "damage", "volley": "damage",
}
TARGET_WORDS = {
    "fighter": "Fighter", "enemy": "enemy", "ally_krosmaster": "ally", "self": "self", "empty": "empty cell",
    "terrain": "Special Terrain tile",
}
PASSIVE_WORDS = {
    "capture_mp": "capture", "spell_damage": "damage", "spell_damage_taken": "damage", "krosmaster_mp": "MP",
    "minion_mp": "MP", "spell_range": "range", "fireproof": "Fire", "blank_is_critical": "Blank",
}
DODGE_WORDS = {"free": "dodge roll", "caught": "caught", "tackled": "tackled"}


def _abilities() -> list[Ability]:
    out = [s for c in (*CONTENT.krosmasters.values(), *CONTENT.minions.values()) for s in c.spells]
    out += [f.ability for f in CONTENT.favors.values()]
    out += [b.ability for ch in CONTENT.challenges.values() for b in ch.bonuses if b.ability is not None]
    return out


def _word(table: dict[str, str], key: str, what: str) -> str:
    return content_word(table, key, what, __name__)


def required_terms() -> list[tuple[str, str]]:
    """(key, word) for everything the Krosmaster content names: elements, die faces, terrain, cells,
    powers, card families, stats, spell fields, effects, targets, passive bonuses, board layouts."""
    out: list[tuple[str, str]] = []
    used_elements = {c.element for c in (*CONTENT.krosmasters.values(), *CONTENT.minions.values())}
    used_elements |= {a.element for a in _abilities() if a.element}
    out += [(f"element:{e}", e.capitalize()) for e in ELEMENTS if e in used_elements]
    out += [(f"face:{f.id}", f.name) for f in CONTENT.faces.values()]
    out += [(f"dodge:{f.dodge}", _word(DODGE_WORDS, f.dodge, "dodge result")) for f in CONTENT.faces.values()]
    out += [(f"terrain:{t.id}", t.name) for t in CONTENT.terrain.values()]
    out += [(f"cell:{k}", _word(CELL_WORDS, k, "kind of cell")) for k in KINDS]
    for c in (*CONTENT.krosmasters.values(), *CONTENT.minions.values()):
        out += [(f"power:{p.id}", p.name) for p in c.powers]
    out += [("family:krosmaster", "Krosmaster"), ("family:minion", "Minion"), ("family:favor", "Krosmic Favor")]
    if any(f.superior for f in CONTENT.favors.values()):
        out.append(("family:superior_favor", "Superior Krosmic Favor"))
    if CONTENT.challenges:
        out.append(("family:challenge", "Divine Challenge"))
    out += [("stat:hp", "HP"), ("stat:ap", "AP"), ("stat:mp", "MP")]
    out += [("component:glyph_tiles", "Glyph tile"), ("component:dofus", "Dofus"), ("component:favor_turns", "Favor pile")]
    abilities = _abilities()
    fields = {"range": any(not a.anywhere and a.target != "self" for a in abilities),
              "damage": any(a.damage for a in abilities), "once_per_turn": any(a.once_per_turn for a in abilities),
              "sight": any(a.sight or not a.sight for a in abilities), "line": any(a.line for a in abilities),
              "anywhere": any(a.anywhere for a in abilities), "new_target": any(a.new_target for a in abilities)}
    words = {"range": "RA", "damage": "dmg", "once_per_turn": "1/turn", "sight": "line of sight",
             "line": "row or column", "anywhere": "any cell", "new_target": "target"}
    out += [(f"spell:{k}", words[k]) for k, used in fields.items() if used]
    out += [(f"effect:{k}", _word(EFFECT_WORDS, k, "effect"))
            for k in sorted({e.kind for a in abilities for e in a.effects})]
    out += [(f"target:{k}", _word(TARGET_WORDS, k, "target")) for k in sorted({a.target for a in abilities})]
    bonuses = [b for ch in CONTENT.challenges.values() for b in ch.bonuses]
    out += [(f"passive:{k}", _word(PASSIVE_WORDS, k, "passive bonus")) for k in sorted({b.passive for b in bonuses if b.passive})]
    if any(b.passive for b in bonuses):
        out.append(("bonus:passive", "passive bonus"))
    if any(b.ability for b in bonuses):
        out.append(("bonus:active", "active bonus"))
    out += [(f"layout:{b.id}", b.name) for b in BOARDS.values()]
    return out


# -- listings generated from the content ------------------------------------------------------------


def _range(a: Ability) -> str:
    if a.target == "self":
        return "on itself"
    if a.anywhere:
        return "any cell"
    return f"RA {a.low}-{a.high}"


def _spell(a: Ability) -> str:
    bits = [_range(a)]
    if a.damage:
        bits.append(f"{a.damage} dmg")
    if a.once_per_turn:
        bits.append("1/turn")
    if not a.sight and not a.anywhere and a.target != "self":
        bits.append("no line of sight needed")
    return f"{a.name} ({', '.join(bits)})"


def _fighters(minions: bool) -> tuple[tuple[str, str], ...]:
    chars = CONTENT.minions if minions else CONTENT.krosmasters
    out = []
    for c in chars.values():
        lines = [f"{c.element.capitalize()}; HP {c.hp}, AP {c.ap}, MP {c.mp}."]
        lines += [f"Spell: {_spell(s)}: {s.text}" for s in c.spells]
        lines += [f"Power: {p.name}: {p.text}" for p in c.powers]
        out.append((c.name, "\n".join(lines)))
    return tuple(out)


def _favors() -> tuple[tuple[str, str], ...]:
    return tuple((f.name + (" (Superior)" if f.superior else ""), f"{_range(f.ability)}. {f.ability.text}")
                 for f in CONTENT.favors.values())


def _challenges() -> tuple[tuple[str, str], ...]:
    out = []
    for ch in CONTENT.challenges.values():
        parts = []
        for b in ch.bonuses:
            how = "passive" if b.passive else f"active, 1 AP, {_range(cast(Ability, b.ability))}"  # active: it has one
            parts.append(f"{counted(b.glyphs, 'Glyph')}: {b.name} ({how}): {b.text}")
        out.append((ch.name, "\n".join(parts)))
    return tuple(out)


def _faces() -> tuple[tuple[str, str], ...]:
    out = []
    dodge = {"free": "a dodge succeeds", "caught": "caught", "tackled": "tackled"}
    for f in CONTENT.faces.values():
        combat = {1: "+1 damage", -1: "-1 damage", 0: "no change"}[f.combat]
        text = f"Combat roll: {combat}. Dodge roll: {dodge[f.dodge]}."
        others = [CONTENT.faces[j].name.lower() for j in f.jokers if j != f.id]
        if others:
            names = ", ".join(others[:-1]) + (" or " if len(others) > 1 else "") + others[-1]
            how = "may keep it or turn it" if f.id in f.jokers else "turns it"
            text += f" With Dice Sides its roller {how} to {names}."
        out.append((f.name, text))
    return tuple(out)


def _terrain() -> tuple[tuple[str, str], ...]:
    return tuple((f"{t.name} tile", f"{t.text} Up to {t.tiles} on the board; "
                  f"{'in every game' if t.first_game else 'only with the Special Terrain rule'}.")
                 for t in CONTENT.terrain.values())


LISTINGS = {
    "krosmasters": lambda: _fighters(False),
    "minions": lambda: _fighters(True),
    "favors": _favors,
    "challenges": _challenges,
    "faces": _faces,
    "terrain": _terrain,
}


# -- live diagrams ---------------------------------------------------------------------------------


def _cell(r: EntryReader, field: str, value) -> Cell:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and 0 <= value[0] < WIDTH and 0 <= value[1] < HEIGHT):
        raise r.fail(field, f"expected a cell [x, y] of the {WIDTH}x{HEIGHT} board, got {value!r}")
    return (value[0], value[1])


def _window(r: EntryReader) -> tuple[int, int, int, int]:
    w = r.get("window", list, default=[0, 0, WIDTH, HEIGHT])
    if not (len(w) == 4 and all(isinstance(v, int) and not isinstance(v, bool) for v in w)
            and w[0] >= 0 and w[1] >= 0 and w[2] >= 2 and w[3] >= 2 and w[0] + w[2] <= WIDTH and w[1] + w[3] <= HEIGHT):
        raise r.fail("window", f"expected [x, y, width, height] inside the {WIDTH}x{HEIGHT} board, got {w!r}")
    return tuple(w)


def _fighter_list(r: EntryReader) -> list[tuple[str, int, Cell]]:
    """The fighter the diagram is about (`fighter`) first, then `others`: each {kind, seat, at}."""
    out = []
    for i, raw in enumerate([r.get("fighter", dict)] + r.get("others", list, default=[])):
        f = r.sub("fighter" if i == 0 else f"others[{i - 1}]", raw)
        kind = f.get("kind", str, choices=[*CONTENT.krosmasters, *CONTENT.minions])
        seat = f.get("seat", int, choices=[0, 1])
        at = _cell(f, "at", f.get("at", list))
        f.done()
        out.append((kind, seat, at))
    return out


def _position(r: EntryReader, *, tackle: bool = False):
    layout = r.get("layout", str, default="side_a_standard", choices=list(BOARDS))
    fighters = _fighter_list(r)
    terrain = {}
    for i, raw in enumerate(r.get("terrain", list, default=[])):
        t = r.sub(f"terrain[{i}]", raw)
        terrain[_cell(t, "at", t.get("at", list))] = t.get("tile", str, choices=list(CONTENT.terrain))
        t.done()
    obstacles = BOARDS[layout].obstacles
    for kind, _, at in fighters:
        if at[1] * WIDTH + at[0] in obstacles:
            raise r.fail("fighter", f"{CONTENT.character(kind).name} cannot stand on a tree or a bush at {list(at)}")
    state = build(fighters, setup=Setup(layout=layout, tackle=tackle), active=0, terrain=terrain)  # Fog needs no option
    pieces = tuple(Piece(kind, seat, at, focus=(i == 0)) for i, (kind, seat, at) in enumerate(fighters))
    return layout, state, pieces, terrain


def _inside(window, cells) -> dict:
    x, y, w, h = window
    return {c: v for c, v in cells.items() if x <= c[0] < x + w and y <= c[1] < y + h}


def spell_range(r: EntryReader) -> Picture:
    """A spell's range and line of sight from the rules' `spell_targets`."""
    layout, state, pieces, terrain = _position(r)
    window = _window(r)
    spell = r.get("spell", str)
    caster = CONTENT.character(pieces[0].what)
    ability = caster.spell(spell)
    if ability is None:
        raise r.fail("spell", f"{caster.name} has no spell {spell!r} (spells: {', '.join(s.id for s in caster.spells)})")
    t = spell_targets(state, 0, spell)
    good = _inside(window, dict.fromkeys(t.targetable, "can be targeted"))
    pale = _inside(window, dict(t.invalid.items()))
    red = _inside(window, dict.fromkeys(t.blocked, "in range, but the line of sight is blocked"))
    caption = f"{caster.name}'s {ability.name} reaches {ability.low} to {ability.high} cells away, counted along rows and columns."
    if red:
        caption += f" {counted(len(red), 'cell')} in range {'are' if len(red) > 1 else 'is'} out of sight."
    lines = []
    for c in t.targetable:
        who = state.fighters[state.grid[c[1] * WIDTH + c[0]]]
        lines.append(f"{CONTENT.character(who.kind).name} can be hit.")
    for c in t.blocked:
        g = state.grid[c[1] * WIDTH + c[0]]
        if g >= 0:
            lines.append(f"{CONTENT.character(state.fighters[g].kind).name} stands in range, but out of sight.")
    return Picture(
        GAME_ID, "spell_range", layout, window, pieces,
        layers={"range": pale, "in_range": good, "blocked": red, "target": dict(good)},
        terrain=terrain,
        legend=(("target", "a fighter it can hit"), ("range", "in range and in sight"),
                ("blocked", "in range, line of sight blocked")),
        caption=caption, lines=tuple(lines),
    )


def _percent(p: Fraction) -> str:
    return f"{round(float(p) * 100)}%"


def movement(r: EntryReader) -> Picture:
    """Where a fighter can walk with its MP (the rules' `reachable_cells`), enemy tackle zones, and one path."""
    tackle = r.get("tackle", bool, default=False)
    layout, state, pieces, terrain = _position(r, tackle=tackle)
    window = _window(r)
    reach = reachable_cells(state, 0)
    mover = CONTENT.character(pieces[0].what)
    marks = _inside(window, {c: str(v.cost) for c, v in reach.items()})
    layers: dict[str, dict[Cell, str]] = {"reachable": _inside(window, {c: f"{v.cost} MP" for c, v in reach.items()})}
    zone: dict[Cell, str] = {}
    for fid, f in enumerate(state.fighters):
        if fid and f.owner != state.fighters[0].owner:
            zone.update({c: f"tackle zone of {CONTENT.character(f.kind).name}" for c in tackle_zone(state, fid)})
    if zone:
        layers["danger"] = _inside(window, zone)
    lines = []
    path: tuple[Cell, ...] = ()
    to = r.get("to", list, default=None)
    if to is not None:
        goal = _cell(r, "to", to)
        if goal not in reach:
            raise r.fail("to", f"{mover.name} cannot walk to {to} (the rules' reachable cells: {sorted(reach)})")
        way = reach[goal]
        path = way.path
        layers["path"] = dict.fromkeys(path, "the path shown")
        lines.append(f"The gold path costs {way.cost} MP" + (f" and burns {way.burns} injuries on Fire." if way.burns else "."))
        if len(way.path) > len(way.steps):
            lines.append("Ice slides the fighter one cell further at no cost.")
        if way.dodges:
            odds = dodge_odds(state, 0)
            who = " and ".join(CONTENT.character(state.fighters[state.grid[c[1] * WIDTH + c[0]]].kind).name
                               for c in tacklers(state, 0))
            lines.append(f"Leaving next to {who} takes a dodge roll: {_percent(odds['free'])} to get away, "
                         f"{_percent(odds['caught'])} caught, {_percent(odds['tackled'])} tackled.")
    caption = f"{mover.name} has {mover.mp} MP: the numbers are the MP each cell costs by the shortest way."
    legend = [("reachable", "can walk there")]
    if zone:
        legend.append(("danger", "tackle zone: leaving it takes a dodge roll"))
    if path:
        legend.append(("path", "one way there"))
    return Picture(GAME_ID, "movement", layout, window, pieces, layers=layers, marks=marks, path=path, terrain=terrain,
                   legend=tuple(legend), caption=caption, lines=tuple(lines))


DIAGRAMS = {"spell_range": spell_range, "movement": movement}

