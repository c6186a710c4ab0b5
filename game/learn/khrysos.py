"""Khrysos Hunters for the glossary and the reference: the words its content names, generated listings
(what blocks what is worked out from the map model itself), and live diagrams played by `game.khrysos`'s
own rules and queries on a window of a sample map.
"""

from __future__ import annotations

from game.core.content import EntryReader
from game.khrysos import SAMPLE_MAPS, TILES, PlacedTile, apply, build_board, decision, layout, pending, sample_map
from game.khrysos import queries as Q
from game.khrysos.events import Targeted
from game.khrysos import BOOSTS, BY_NAME, FLAGS, HUNTERS, VALUED, symbols_text
from game.khrysos.testing import hunter as card, position
from game.core.actions import Action
from game.core.grammar import counted
from game.learn.picture import Cell, Picture, Piece

GAME_ID = "khrysos"
DATA = "game.khrysos.data"

SYMBOL_WORDS = {s: s.capitalize() for s in (*VALUED, *FLAGS)}


def required_terms() -> list[tuple[str, str]]:
    """(key, word) for everything the Khrysos content names: the symbols of the hunter cards (with Boosts,
    Upgrades and the box), the tile cards and their features, the card families, the sample maps."""
    used: set[str] = set()
    upgrades = False
    for h in HUNTERS.values():
        for a in h.actions:
            used |= {name for name, _ in a.tokens}
            upgrades = upgrades or a.upgrade is not None
    out = [(f"symbol:{s}", SYMBOL_WORDS[s]) for s in (*VALUED, *FLAGS) if s in used]
    unknown = sorted(used - set(VALUED) - set(FLAGS) - set(BOOSTS) - {"[", "]"})
    if unknown:
        raise LookupError(f"the hunter cards use symbols {unknown} with no glossary word yet (add them to game/learn/khrysos.py)")
    if used & set(BOOSTS):
        out.append(("symbol:boost", "Boost"))
    if "[" in used:
        out.append(("symbol:box", "box"))
    if upgrades:
        out.append(("symbol:upgrade", "Upgrade"))
    out += [(f"tile:{t.id}", t.name) for t in TILES.values()]
    if any(t.zone for t in TILES.values()):
        out.append(("feature:zone", "Treasure Zone"))
    if any(t.pillars for t in TILES.values()):
        out.append(("feature:pillar", "pillar"))
    if any(t.stairs for t in TILES.values()):
        out.append(("feature:stairs", "stairs"))
    if any(t.walls for t in TILES.values()):
        out.append(("feature:wall", "solid line"))
    out += [("family:hunter", "Hunter card"), ("family:scoring", "Scoring card"), ("family:tile", "tile card")]
    out += [("card:endurance", "endurance"), ("card:action", "action"), ("card:energy", "energy"), ("card:treasure", "treasure")]
    out += [(f"map:{m}", sample_map(m).name) for m in SAMPLE_MAPS]
    return out


# -- listings generated from the content ------------------------------------------------------------


def _tiles() -> tuple[tuple[str, str], ...]:
    out = []
    for t in TILES.values():
        bits = []
        if t.zone:
            bits.append(f"Treasure Zone {t.zone} on its centre square")
        if t.pillars:
            bits.append(counted(len(t.pillars), 'pillar'))
        if t.stairs:
            bits.append("stairs on all nine squares")
        if t.walls:
            bits.append(f"solid lines along {len(t.walls)} square edges")
        text = ", ".join(bits) or "nine plain squares"
        out.append((t.name, text[:1].upper() + text[1:] + "."))
    return tuple(out)


def _hunters() -> tuple[tuple[str, str], ...]:
    out = []
    for h in HUNTERS.values():
        acts = "\n".join(f"{a.number} · {a.name}: {symbols_text(a.tokens)}"
                         + (f" (with {a.upgrade.at} treasure: {a.upgrade.text})" if a.upgrade else "") for a in h.actions)
        out.append((f"#{h.number} {h.name}, {h.title}", acts))
    return tuple(out)


def _maps() -> tuple[tuple[str, str], ...]:
    out = []
    for m in SAMPLE_MAPS:
        spec = sample_map(m)
        board = build_board(spec)
        bits = [f"{len(spec.tiles)} tiles, {board.width} by {board.height} squares"]
        if board.pillars:
            bits.append(counted(len(board.pillars), 'pillar'))
        if board.stairs:
            bits.append("stairs")
        if board.walls:
            bits.append("solid lines")
        out.append((spec.name, ", ".join(bits) + "."))
    return tuple(out)


def _probe(tiles: list[PlacedTile], a: Cell, b: Cell) -> tuple[bool, bool]:
    """(a hunter can step from a to b, Range counts from a to b in one ring) on a small board of tiles."""
    board = layout(tiles)
    return b in board.steps.get(a, ()), b in board.links.get(a, ())


def what_blocks() -> tuple[tuple[str, str], ...]:
    """What each map feature does to a step and to Range, Burst and Blast, asked of the map model itself
    (tiny boards of real tile cards), so the reference follows the rules whenever they change."""
    def say(walk: bool, reach: bool, how: str) -> str:
        if walk and reach:
            return f"Steps, Range, Burst and Blast all pass {how}."
        if not walk and not reach:
            return f"Neither a step nor Range, Burst or Blast passes {how}."
        if walk:
            return f"A hunter may step {how}, but Range, Burst and Blast do not count that way."
        return f"No hunter steps {how}, but Range, Burst and Blast count that way."

    two = [PlacedTile("floor", 0, 0), PlacedTile("floor", 1, 0)]
    corridor = [PlacedTile("corridor", 0, 0), PlacedTile("floor", 1, 0)]  # a solid line between x 2 and x 3
    broken = [PlacedTile("broken_wall", 0, 0), PlacedTile("floor", 1, 0)]  # a line under (0, 1) and (1, 1)
    pillar = [PlacedTile("pillar", 0, 0)]  # a pillar on (1, 1)
    stairs = [PlacedTile("stairs_wall", 1, 0), PlacedTile("floor", 0, 0)]  # stairs on x 3..5, a line west of x 3
    corner = two + [PlacedTile("floor", 0, 1)]  # an L: (3, 3) is off the map
    return (
        ("Open floor", say(*_probe(two, (1, 1), (2, 2)), "diagonally as well as straight")),
        ("Solid line", say(*_probe(corridor, (2, 1), (3, 1)), "across it")),
        ("End of a solid line", say(*_probe(broken, (1, 1), (2, 2)), "diagonally past its end")),
        ("Pillar", say(*_probe(pillar, (0, 0), (1, 1)), "diagonally onto or off its square") + " "
         + say(*_probe(pillar, (1, 0), (1, 1)), "straight onto it")),
        ("Corner of a pillar", say(*_probe(pillar, (1, 0), (2, 1)), "diagonally past it")),
        ("Stairs", say(*_probe(stairs, (3, 1), (4, 2)), "diagonally between stairs squares")),
        ("Corner of the map", say(*_probe(corner, (2, 3), (3, 2)), "diagonally round an outside corner")),
        ("Other hunters", "Hunters walk into and through squares where others stand, and several may share a square."),
    )


LISTINGS = {"tiles": _tiles, "hunters": _hunters, "maps": _maps, "blocking": what_blocks}


# -- live diagrams ---------------------------------------------------------------------------------


def _square(r: EntryReader, field: str, value) -> Cell:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise r.fail(field, f"expected a square [x, y], got {value!r}")
    return (value[0], value[1])


def _window(r: EntryReader, board) -> tuple[int, int, int, int]:
    w = r.get("window", list, default=[0, 0, board.width, board.height])
    if not (len(w) == 4 and all(isinstance(v, int) and not isinstance(v, bool) for v in w)
            and w[0] >= 0 and w[1] >= 0 and w[2] >= 2 and w[3] >= 2 and w[0] + w[2] <= board.width and w[1] + w[3] <= board.height):
        raise r.fail("window", f"expected [x, y, width, height] inside the {board.width}x{board.height} map, got {w!r}")
    return tuple(w)


def _position(r: EntryReader, energy: int | None = 6):
    """The map and its hunters: `hunters` = [{name, at}], one player each, the first one to play."""
    map_id = r.get("map", str, default="alpha_room", choices=list(SAMPLE_MAPS))
    raw = r.get("hunters", list)
    if not 3 <= len(raw) <= 4:
        raise r.fail("hunters", f"expected 3 or 4 hunters (one player each), got {len(raw)}")
    cards, pieces = [], []
    for i, entry in enumerate(raw):
        h = r.sub(f"hunters[{i}]", entry)
        name = h.get("name", str, choices=list(BY_NAME))
        at = _square(h, "at", h.get("at", list))
        treasure = h.get("treasure", int, default=0, min=0, max=11)
        h.done()
        cards.append(card(name, i, at, treasure=treasure))
        pieces.append(Piece(BY_NAME[name], i, at, die=6, focus=(i == 0)))
    state = position(cards, map=map_id, energy=energy)
    return map_id, state, pieces


def _play(state, *actions):
    events = []
    for a in actions:
        state, ev = apply(state, Action.parse(a) if isinstance(a, str) else a)
        events += ev
    return state, events


def _step_of(r: EntryReader, state, hunter: int, kind: str):
    number = r.get("action", int, min=1, max=6)
    steps = Q.effective_steps(state, hunter, number)
    step = next((s for s in steps if s.kind == kind), None)
    if step is None:
        act = HUNTERS[hunter].action(number)
        raise r.fail("action", f"{act.name} ({symbols_text(act.tokens)}) has no {kind.capitalize()}")
    return number, step


def _names(state, hunters) -> str:
    names = [HUNTERS[h].name for h in hunters]
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1] if names else "nobody"


def _clip(window, cells: dict) -> dict:
    x, y, w, h = window
    return {c: v for c, v in cells.items() if x <= c[0] < x + w and y <= c[1] < y + h}


def range_rings(r: EntryReader) -> Picture:
    """How Range is counted: the ring of every square around the acting hunter (`Q.range_between`)."""
    map_id, state, pieces = _position(r)
    window = _window(r, state.board)
    radius = r.get("radius", int, min=1, max=6)
    me = pieces[0].cell
    rings = {c: Q.range_between(state, me, c) for c in state.board.floor}
    shown = _clip(window, {c: d for c, d in rings.items() if d is not None and d <= radius})
    marks = {c: str(d) for c, d in shown.items() if d}
    inside = {p.what for p in pieces[1:] if p.cell in shown}
    caption = (f"Rings of Range counted out from {HUNTERS[pieces[0].what].name}: a diagonal neighbour is one ring away. "
               f"Within Range {radius}: {_names(state, sorted(inside, key=lambda h: shown[next(p.cell for p in pieces if p.what == h)]))}.")
    lines = []
    farther = [c for c in _clip(window, dict.fromkeys(state.board.floor, 1)) if c not in shown]
    if farther:
        lines.append("Squares left blank are farther away.")
    who = HUNTERS[pieces[0].what].name
    return Picture(GAME_ID, "range", map_id, window, tuple(pieces),
                   layers={"range": {c: f"Ring {d} from {who}" for c, d in shown.items()}},
                   marks=marks, legend=(("range", f"within Range {radius}"),), caption=caption, lines=tuple(lines))


def burst(r: EntryReader) -> Picture:
    """A Burst: the squares it covers (`Q.burst_area`) and the hunters it catches, played by the rules."""
    map_id, state, pieces = _position(r)
    window = _window(r, state.board)
    me = pieces[0].what
    number, step = _step_of(r, state, me, "burst")
    area = Q.burst_area(state, me, step.value)
    _, events = _play(state, f"act {number}")
    caught = [e.target for e in events if isinstance(e, Targeted)]
    act = HUNTERS[me].action(number)
    caption = f"{HUNTERS[me].name}'s {act.name} ({symbols_text(act.tokens)}) catches every other hunter within {counted(step.value, 'ring')}: {_names(state, caught)}."
    layers = {"area": _clip(window, {c: f"In the Burst: within {counted(step.value, 'ring')} of {HUNTERS[me].name}"
                                     for c in area}),
              "target": {p.cell: "caught" for p in pieces if p.what in caught}}
    return Picture(GAME_ID, "burst", map_id, window, tuple(pieces), layers=layers,
                   legend=(("area", "the Burst's squares"), ("target", "a hunter caught")), caption=caption,
                   lines=("The acting hunter is never caught by its own Burst; allies are.",))


def blast(r: EntryReader) -> Picture:
    """A Hit with Blast: the squares in Range, the Blast around the target (`Q.blast_area`), and who the
    rules catch when the Hit lands."""
    map_id, state, pieces = _position(r)
    window = _window(r, state.board)
    me = pieces[0].what
    number, step = _step_of(r, state, me, "hit")
    if step.blast < 0:
        raise r.fail("action", f"{HUNTERS[me].action(number).name} has no Blast")
    name = r.get("target", str, choices=[HUNTERS[p.what].name for p in pieces[1:]])
    target = BY_NAME[name]
    aim = next(p.cell for p in pieces if p.what == target)
    dist = state.board.reach_distances(pieces[0].cell)
    in_range = {c: f"Within Range {step.range}: ring {d} from {HUNTERS[me].name}" for c, d in dist.items() if d <= step.range}
    area = Q.blast_area(state, aim, step.blast)
    state2, events = _play(state, f"act {number}", f"target {target}")
    while decision(state2).kind == "guard":  # nobody holds Guard in a diagram, but follow the rules if they ask
        state2, more = _play(state2, "guard 0")
        events += more
    hit = [e.target for e in events if isinstance(e, Targeted)]
    act = HUNTERS[me].action(number)
    caption = (f"{HUNTERS[me].name}'s {act.name} ({symbols_text(act.tokens)}) hits {name}; the Blast counts "
               f"{counted(step.blast, 'ring')} from the target and catches {_names(state, [h for h in hit if h != target])} as well.")
    layers = {"range": _clip(window, in_range),
              "area": _clip(window, {c: f"In the Blast: within {counted(step.blast, 'ring')} of {name}" for c in area}),
              "target": {p.cell: "caught" for p in pieces if p.what in hit}}
    return Picture(GAME_ID, "blast", map_id, window, tuple(pieces), layers=layers,
                   legend=(("range", f"within Range {step.range}"), ("area", "the Blast's squares"), ("target", "a hunter caught")),
                   caption=caption, lines=("Unlike a Burst, a Blast can catch the acting hunter too.",))


def trample(r: EntryReader) -> Picture:
    """A Trample walked square by square through the rules (`step X Y`), and every hunter it tramples."""
    map_id, state, pieces = _position(r)
    window = _window(r, state.board)
    me = pieces[0].what
    number, step = _step_of(r, state, me, "trample")
    path = [_square(r, "path", c) for c in r.get("path", list)]
    if not 1 <= len(path) <= step.value:
        raise r.fail("path", f"a Trample {step.value} walks 1 to {step.value} squares, got {len(path)}")
    first = tuple(Q.trample_squares(_play(state, f"act {number}")[0]))
    state2, events = _play(state, f"act {number}", *[f"step {x} {y}" for x, y in path])
    if pending(state2).kind == "trample":
        state2, more = _play(state2, "done")
        events += more
    trampled = [e.target for e in events if isinstance(e, Targeted)]
    act = HUNTERS[me].action(number)
    caption = (f"{HUNTERS[me].name}'s {act.name} ({symbols_text(act.tokens)}): the gold path tramples "
               f"{_names(state, trampled)}; each target is hit once, whoever it is.")
    layers = {"reachable": _clip(window, dict.fromkeys(first, "a first step")),
              "path": {c: f"step {i + 1}" for i, c in enumerate(path)},
              "target": {p.cell: "trampled" for p in pieces if p.what in trampled}}
    marks = {c: str(i + 1) for i, c in enumerate(path)}
    return Picture(GAME_ID, "trample", map_id, window, tuple(pieces), layers=layers, marks=marks, path=tuple(path),
                   legend=(("reachable", "where the first step may go"), ("path", "the path walked"), ("target", "a hunter trampled")),
                   caption=caption, lines=("Trap does not stop a Trample, and treasure on the way is collected.",))


def movement(r: EntryReader) -> Picture:
    """Where the acting hunter can walk with its energy (`Q.reachable_squares`), each square's cost marked."""
    energy = r.get("energy", int, min=1, max=6)
    map_id, state, pieces = _position(r, energy)
    window = _window(r, state.board)
    me = pieces[0].what
    reach = Q.reachable_squares(state, me)
    marks = _clip(window, {c: str(v.cost) for c, v in reach.items() if v.cost})
    layers = {"reachable": _clip(window, {c: f"{v.cost} energy" for c, v in reach.items() if v.cost})}
    path: tuple[Cell, ...] = ()
    to = r.get("to", list, default=None)
    lines = []
    if to is not None:
        goal = _square(r, "to", to)
        if goal not in reach:
            raise r.fail("to", f"{HUNTERS[me].name} cannot walk to {to} with {energy} energy")
        path = tuple(reach[goal].path)
        layers["path"] = dict.fromkeys(path, "the way shown")
        lines.append(f"The gold way costs {reach[goal].cost} energy: one a square, diagonals included.")
    caption = f"{HUNTERS[me].name} has {energy} energy: the numbers are the energy each square costs by the shortest way."
    return Picture(GAME_ID, "movement", map_id, window, tuple(pieces), layers=layers, marks=marks, path=path,
                   legend=(("reachable", "can walk there"),) + ((("path", "one way there"),) if path else ()),
                   caption=caption, lines=tuple(lines))


def tiles(r: EntryReader) -> Picture:
    """The tile cards of the game (the data's catalogue), each drawn as the map shows it."""
    ids = [t.id for t in TILES.values()]
    caption = f"The {len(ids)} tile cards. Hover one for what it holds."
    tips = dict(_tiles())
    return Picture(GAME_ID, "tiles", pieces=tuple(Piece(t, 0, label=tips[TILES[t].name]) for t in ids), caption=caption)


DIAGRAMS = {"tiles": tiles, "range": range_rings, "burst": burst, "blast": blast, "trample": trample, "movement": movement}
