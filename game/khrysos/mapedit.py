"""Editing a Khrysos map one gesture at a time, and what can be asked of a map being built.

An `Edit` is one gesture of the map builder, with a short text form (like an Action's)::

    place zone1 7 7 90   # the tile card zone1 laid at tile position (7, 7), turned 90 degrees clockwise
    move 7 7 8 7         # the tile at (7, 7) moved to (8, 7), turned as it was
    turn 7 7             # the tile at (7, 7) turned a quarter turn clockwise
    remove 7 7           # the tile at (7, 7) taken off the map

`apply_edit(spec, edit)` returns the new map (never changes the old one); an edit that cannot be
made raises `MapEditError` with the reason in words. A lesson's conditions on the map (`until` in a
lesson file) are answered here from the validator's own report (`maps.map_report`), never by a
screen::

    six_zones            Treasure Zones 1 to 6 are all on the map
    connected            at least two tiles, and every tile joins the others by a shared edge
    cut_off              some tile is cut off from the others (the validator's connection problem)
    valid                the map can be played (no problem at all)
    pillar / wall        a tile with a pillar / with solid lines is on the map
    tiles N              at least N tiles are placed
    placed TILE X Y R    the tile card TILE lies at tile position (X, Y) turned R degrees
"""

from __future__ import annotations

from dataclasses import dataclass

from game.khrysos.maps import MAX_TILE_POS, MIN_TILES, ROTATIONS, TILES, ZONE_NUMBERS, MapSpec, PlacedTile, map_report

KINDS = ("place", "move", "turn", "remove")
CONDITIONS = ("six_zones", "connected", "cut_off", "valid", "pillar", "wall", "tiles", "placed")


class MapEditError(ValueError):
    """An edit that cannot be made on this map (the reason in words), or a text that is not an edit."""


@dataclass(frozen=True, slots=True)
class Edit:
    """One gesture on a map being built (see the module docstring for the text forms)."""

    kind: str
    x: int
    y: int
    tile: str | None = None  # place: the tile card
    rotation: int = 0  # place: its turn
    to: tuple[int, int] | None = None  # move: where it goes

    def __str__(self) -> str:
        if self.kind == "place":
            return f"place {self.tile} {self.x} {self.y} {self.rotation}"
        if self.kind == "move" and self.to is not None:
            return f"move {self.x} {self.y} {self.to[0]} {self.to[1]}"
        return f"{self.kind} {self.x} {self.y}"

    @classmethod
    def parse(cls, text: str) -> Edit:
        """An edit from its text form; MapEditError saying what is wrong."""
        words = str(text).split()
        if not words or words[0] not in KINDS:
            raise MapEditError(f"an edit starts with one of {', '.join(KINDS)}, not {text!r}")
        kind, rest = words[0], words[1:]
        if kind == "place":
            if len(rest) not in (3, 4):
                raise MapEditError(f"write 'place TILE X Y' or 'place TILE X Y ROTATION', not {text!r}")
            tile, numbers = rest[0], _numbers(text, rest[1:])
            if tile not in TILES:
                raise MapEditError(f"unknown tile {tile!r} (known tiles: {', '.join(TILES)})")
            rotation = numbers[2] if len(numbers) == 3 else 0
            if rotation not in ROTATIONS:
                raise MapEditError(f"a tile turns 0, 90, 180 or 270 degrees, not {rotation}")
            edit = cls("place", numbers[0], numbers[1], tile, rotation)
        elif kind == "move":
            if len(rest) != 4:
                raise MapEditError(f"write 'move X Y TO_X TO_Y', not {text!r}")
            n = _numbers(text, rest)
            edit = cls("move", n[0], n[1], to=(n[2], n[3]))
        else:
            if len(rest) != 2:
                raise MapEditError(f"write '{kind} X Y', not {text!r}")
            n = _numbers(text, rest)
            edit = cls(kind, n[0], n[1])
        for x, y in [(edit.x, edit.y)] + ([edit.to] if edit.to else []):
            if not (0 <= x <= MAX_TILE_POS and 0 <= y <= MAX_TILE_POS):
                raise MapEditError(f"tile positions run from 0 to {MAX_TILE_POS}, not {x},{y}")
        return edit


def _numbers(text: str, words: list[str]) -> list[int]:
    try:
        return [int(w) for w in words]
    except ValueError:
        raise MapEditError(f"positions and turns are whole numbers in {text!r}") from None


def tile_at(spec: MapSpec, x: int, y: int) -> PlacedTile | None:
    """The tile laid at tile position (x, y), or None (the last one when a file put two there)."""
    found = [t for t in spec.tiles if (t.x, t.y) == (x, y)]
    return found[-1] if found else None


def apply_edit(spec: MapSpec, edit: Edit) -> MapSpec:
    """The map after `edit` (a new MapSpec); MapEditError with the reason when it cannot be made."""
    here = tile_at(spec, edit.x, edit.y)
    if edit.kind == "place":
        if here is not None:
            raise MapEditError("a tile is already there: put it on an empty place")
        assert edit.tile is not None, "a place edit names its tile (Edit.parse and the builder always do)"
        return spec.with_tiles(spec.tiles + (PlacedTile(edit.tile, edit.x, edit.y, edit.rotation),))
    if here is None:
        raise MapEditError("there is no tile there")
    if edit.kind == "remove":
        return spec.with_tiles(t for t in spec.tiles if t is not here)
    if edit.kind == "turn":
        new = PlacedTile(here.tile, here.x, here.y, (here.rotation + 90) % 360)
    else:
        assert edit.to is not None, "a move edit says where to (Edit.parse and the builder always do)"
        if edit.to == (edit.x, edit.y):
            raise MapEditError("the tile is already there")
        if tile_at(spec, *edit.to) is not None:
            raise MapEditError("a tile is already where it would go: move it to an empty place")
        new = PlacedTile(here.tile, edit.to[0], edit.to[1], here.rotation)
    return spec.with_tiles(new if t is here else t for t in spec.tiles)


# -- conditions on a map ---------------------------------------------------------------------------


def check_condition(text: str) -> None:
    """Raise MapEditError when `text` is not a condition this module answers (see the module docstring)."""
    words = str(text).split()
    if not words or words[0] not in CONDITIONS:
        raise MapEditError(f"a condition on the map is one of {', '.join(CONDITIONS)}, not {text!r}")
    head, rest = words[0], words[1:]
    if head == "tiles":
        if len(rest) != 1 or not rest[0].isdigit():
            raise MapEditError(f"write 'tiles N' (at least N tiles placed), not {text!r}")
    elif head == "placed":
        Edit.parse("place " + " ".join(rest))  # the same words as placing it
        if len(rest) != 4:
            raise MapEditError(f"write 'placed TILE X Y ROTATION', not {text!r}")
    elif rest:
        raise MapEditError(f"{head!r} takes nothing after it, not {text!r}")


def condition_holds(spec: MapSpec, text: str) -> bool:
    """Whether the map meets the condition `text`, by the validator's report; MapEditError for a bad text."""
    check_condition(text)
    words = text.split()
    head = words[0]
    problems, _ = map_report(spec)
    kinds = {p.kind for p in problems}
    if head == "six_zones":
        return "zones" not in kinds and "file" not in kinds
    if head == "connected":
        return len(spec.tiles) >= 2 and "connection" not in kinds and "file" not in kinds
    if head == "cut_off":
        return "connection" in kinds
    if head == "valid":
        return not problems
    if head == "pillar":
        return any(TILES[t.tile].pillars for t in spec.tiles if t.tile in TILES)
    if head == "wall":
        return any(TILES[t.tile].walls for t in spec.tiles if t.tile in TILES)
    if head == "tiles":
        return len(spec.tiles) >= int(words[1])
    want = Edit.parse("place " + " ".join(words[1:]))
    here = tile_at(spec, want.x, want.y)
    return here is not None and here.tile == want.tile and here.rotation == want.rotation


def map_checklist(problems, placed: int) -> list[tuple[bool, str]]:
    """The map validation's verdict (`map_report`'s problems) as the builder's checklist: (passed, line) for the
    tile count, the Treasure Zones, overlaps and connection, in that order; `placed`: how many tiles are on the map."""
    kinds = {p.kind: p for p in problems}
    missing = kinds["zones"].zones if "zones" in kinds else ()
    zones = f"Treasure Zones {ZONE_NUMBERS[0]}-{ZONE_NUMBERS[-1]} present"
    return [
        ("count" not in kinds, f"At least {MIN_TILES} tiles ({placed} placed)"),
        (not missing, zones + (f" (missing: {', '.join(map(str, missing))})" if missing else "")),
        ("overlap" not in kinds, "No tiles on top of each other"),
        ("connection" not in kinds, "All tiles connected"),
    ]


__all__ = ["CONDITIONS", "Edit", "KINDS", "MapEditError", "apply_edit", "check_condition", "condition_holds",
           "map_checklist", "tile_at"]
