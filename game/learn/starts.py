"""Where a lesson begins: each game's position, built with that game's own documented helpers.

A lesson file's `[setup]` and `[position]` tables become the keyword arguments of the game's
`testing` helper (`game.krosmaster.testing.build`, `game.krom.testing.position`,
`game.khrysos.testing.position`); its `rng` list becomes the state's own RNG script
(`testing.with_rolls`). `start = "new"` begins a new game of `seed` instead. Nothing here
decides a rule: a position the rules refuse fails with the rules' words.

    setup, state = start_position("krom", reader)   # reader: the lesson file's EntryReader
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from typing import Any
from collections.abc import Callable

from game import registry
from game.core.content import EntryReader
from game.core.errors import ContentError



def _with_lessons() -> list[str]:
    return [d.id for d in registry.declarations() if d.lesson_start is not None]


def rules_of(game_id: str):
    """The rule module of a game that has lessons (its declaration names how a lesson starts)."""
    try:
        declaration = registry.declaration(game_id)
    except LookupError:
        declaration = None
    if declaration is None or declaration.lesson_start is None:
        raise LookupError(f"no lessons for a game called {game_id!r} (known: {', '.join(_with_lessons())})")
    return importlib.import_module(declaration.rules)


def _cell(r: EntryReader, field: str, value: Any) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                                for v in value)):
        raise r.fail(field, f"a square is written [x, y] with two whole numbers, not {value!r}")
    return (value[0], value[1])


def _cells(r: EntryReader, field: str, rows: list, width: int) -> list[tuple]:
    """[[x, y, value], ...] (width 3) or [[x, y], ...] (width 2), checked."""
    out = []
    for row in rows:
        if not (isinstance(row, list) and len(row) == width and all(isinstance(v, int) and not isinstance(v, bool)
                                                                    for v in row[:2])):
            shape = "[x, y, what]" if width == 3 else "[x, y]"
            raise r.fail(field, f"each entry is written {shape}, not {row!r}")
        out.append(tuple(row))
    return out


def _ints(r: EntryReader, field: str, default=None):
    value = r.get(field, list, default)
    if value is not None and not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise r.fail(field, f"expected a list of whole numbers, got {value!r}")
    return value


def _strings(r: EntryReader, field: str, default=None):
    value = r.get(field, list, default)
    if value is not None and not all(isinstance(v, str) for v in value):
        raise r.fail(field, f"expected a list of words, got {value!r}")
    return value


# -- Krosmaster: Blast --------------------------------------------------------------------------------

FIGHTER_FIELDS = ("kind", "owner", "cell", "injuries", "ap_mark", "mp_mark", "played", "out")


def krosmaster_start(setup_r: EntryReader, pos: EntryReader | None, seed: int):
    from game import krosmaster
    from game.krosmaster import testing

    setup = krosmaster.Setup.from_dict({key: setup_r.get(key, (bool, int, str)) for key in setup_r.data})
    if pos is None:
        return setup, krosmaster.new_game(setup, seed), testing.with_rolls
    fighters = []
    for i, f in enumerate(pos.get("fighters", list)):
        fr = pos.sub(f"fighters[{i}]", f)
        row = {"kind": fr.get("kind", str, choices=list(krosmaster.CONTENT.krosmasters) + list(krosmaster.CONTENT.minions)),
               "owner": fr.get("owner", int, min=0, max=1), "cell": list(_cell(fr, "cell", fr.get("cell", list)))}
        for name in ("injuries", "ap_mark", "mp_mark"):
            if name in f:
                row[name] = fr.get(name, int)
        for name in ("played", "out"):
            if name in f:
                row[name] = fr.get(name, bool)
        fr.done()
        fighters.append(row)
    kwargs: dict[str, Any] = {"setup": setup, "seed": seed}
    for name in ("active", "to_move", "first", "dofus"):
        if name in pos.data:
            kwargs[name] = pos.get(name, int)
    if "terrain" in pos.data:
        kwargs["terrain"] = {(x, y): t for x, y, t in _cells(pos, "terrain", pos.get("terrain", list), 3)}
    if "glyphs" in pos.data:
        kwargs["glyphs"] = {(x, y): o for x, y, o in _cells(pos, "glyphs", pos.get("glyphs", list), 3)}
    for name in ("left", "right", "challenges"):
        if name in pos.data:
            kwargs[name] = tuple(_strings(pos, name))
    if "played" in pos.data:
        kwargs["played"] = tuple(_ints(pos, "played"))
    return setup, testing.build(fighters, **kwargs), testing.with_rolls


# -- Krom: Evolution ----------------------------------------------------------------------------------

KROM_LISTS = ("hp", "krom", "wood", "stone", "bone", "bonus_deck", "picking_deck", "hunting_row", "hunting_deck",
              "evolution_row", "evolution_deck")


def krom_start(setup_r: EntryReader, pos: EntryReader | None, seed: int):
    from game import krom
    from game.krom import testing

    chars = _strings(setup_r, "characters")
    flags = {name: setup_r.get(name, bool, False) for name in ("glacial", "kromosaurus", "longer")}
    setup = krom.Setup(len(chars), tuple(chars), **flags)
    if pos is None:
        return setup, krom.new_game(setup, seed), testing.with_rolls
    kwargs: dict[str, Any] = {"seed": seed, **flags}
    if "places" in pos.data:
        kwargs["places"] = _strings(pos, "places")
    for name in KROM_LISTS:
        if name in pos.data:
            kwargs[name] = _ints(pos, name)
    for name in ("hands", "evolutions"):
        if name in pos.data:
            value = pos.get(name, list)
            if not all(isinstance(v, list) and all(isinstance(c, int) for c in v) for v in value):
                raise pos.fail(name, f"expected one list of card numbers per seat, got {value!r}")
            kwargs[name] = value
    for name in ("dino_hp", "trophy"):
        if name in pos.data:
            kwargs[name] = pos.get(name, int)
    state = testing.position(tuple(chars), **kwargs)
    if "action_phase" in pos.data:
        state = testing.action_phase(state, pos.get("action_phase", int, min=0, max=len(chars) - 1))
    return setup, state, testing.with_rolls


# -- Khrysos Hunters ----------------------------------------------------------------------------------


def khrysos_start(setup_r: EntryReader, pos: EntryReader | None, seed: int):
    from game import khrysos
    from game.khrysos import testing

    players = setup_r.get("players", int, 2)
    map_id = setup_r.get("map", str, "alpha_room")
    setup = khrysos.Setup(players=players, map=map_id)
    if pos is None:
        return setup, khrysos.new_game(setup, seed), testing.with_rolls
    cards = []
    for i, h in enumerate(pos.get("hunters", list)):
        hr = pos.sub(f"hunters[{i}]", h)
        name = hr.get("name", str, None)
        at = _cell(hr, "at", hr.get("at", list)) if "at" in h else None
        kw = {k: hr.get(k, int) for k in ("endurance", "treasure", "guard") if k in h}
        kw.update({k: hr.get(k, bool) for k in ("trap", "stun") if k in h})
        if "boosts" in h:
            boosts = hr.get("boosts", list)
            if not all(isinstance(b, list) and len(b) == 2 and isinstance(b[0], str) and isinstance(b[1], int)
                       for b in boosts):
                raise hr.fail("boosts", f"each Boost is written [symbol, amount], not {boosts!r}")
            kw["boosts"] = [tuple(b) for b in boosts]
        seat = hr.get("seat", int, min=0, max=players - 1)
        hr.done()
        cards.append(testing.hunter(name, seat, at, **kw))
    kwargs: dict[str, Any] = {"map": map_id, "players": players, "seed": seed}
    if "turn" in pos.data:
        kwargs["turn"] = pos.get("turn", (int, str))
    if "energy" in pos.data:
        kwargs["energy"] = pos.get("energy", int, min=1, max=6)
    if "used" in pos.data:
        kwargs["used"] = _ints(pos, "used")
    if "loot" in pos.data:
        kwargs["loot"] = [(x, y) for x, y in _cells(pos, "loot", pos.get("loot", list), 2)]
    for name in ("hands", "retired"):
        if name in pos.data:
            value = pos.get(name, list)
            if not all(isinstance(v, list) and all(isinstance(n, str) for n in v) for v in value):
                raise pos.fail(name, f"expected one list of hunter names per seat, got {value!r}")
            kwargs[name] = dict(enumerate(value))
    return setup, testing.position(cards, **kwargs), testing.with_rolls


# -- the showcase's table (the engine's own tests) --------------------------------------------------


def demo_start(setup_r: EntryReader, pos: EntryReader | None, seed: int):
    from game import demo

    setup = demo.Setup()
    state = demo.new_game(setup, seed)
    if pos is not None:
        at = tuple(_cell(pos, "at", c) for c in pos.get("at", list, [list(c) for c in state.at]))
        state = demo.State.from_dict({**state.to_dict(), "at": [list(c) for c in at],
                                      "selected": pos.get("selected", int, state.selected),
                                      "injuries": pos.get("injuries", int, state.injuries)})
        demo.check_invariants(state)

    def with_rolls(s, values):
        return replace(s, rng=s.rng.scripted(values))

    return setup, state, with_rolls



def start_position(game_id: str, file: str, setup_data: dict, position: dict | None, seed: int, script: list):
    """(setup, state) a lesson begins from, its RNG scripted with `script`; ContentError naming the field."""
    rules_of(game_id)
    setup_r = EntryReader(file, "setup", setup_data)
    pos = EntryReader(file, "position", position) if position is not None else None
    try:
        builder: Callable = registry.resolve(str(registry.declaration(game_id).lesson_start))
        setup, state, with_rolls = builder(setup_r, pos, seed)
    except ContentError:
        raise
    except (ValueError, LookupError, TypeError, AssertionError) as e:  # SetupError and the helpers' own checks
        where = "position" if pos is not None else "setup"
        raise ContentError(file, where, None, f"the rules refuse this position: {e}") from None
    setup_r.done()
    if pos is not None:
        pos.done()
    if script:
        state = with_rolls(state, script)
    return setup, state
