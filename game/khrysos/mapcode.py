"""Khrysos maps as short text codes, to pass a map to a friend by chat or clipboard.

A code reads `KH1-` (a map without notes) or `KH2-` (a map with its maker's notes) followed by letters and digits (Crockford's base 32: no I, L, O or U, so
it survives being read aloud or typed; case, spaces, line breaks and dashes are ignored, and
I, L and O read as 1, 1 and 0). It holds, in this order: the map's name (UTF-8, its length
first), the number of tiles (two bytes), each tile in 14 bits (tile kind 4, rotation 2, x 4,
y 4, in file order), for KH2 the notes (players in a byte, the author, its length first, and the
description, its length in two bytes first, both UTF-8), and a 16-bit check of all of it, so a code
cut short or mistyped is told apart from a map. KH1 codes (no notes) read as they always did. `map_from_code(map_code(spec)) == spec` for every map a file can hold.

Pure text work: `map_code`, `map_from_code` (MapCodeError, a MapError, with one sentence why).
"""

from __future__ import annotations

import re
import zlib

from game.khrysos.maps import MAX_TILE_POS, ROTATIONS, TILES, MapError, MapSpec, PlacedTile
from game.khrysos.tiles import notes_problems

PREFIX = "KH1-"  # a map without notes
NOTES_PREFIX = "KH2-"  # a map with its maker's notes
VERSIONS = ("1", "2")
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}
# The tile kinds in the order codes number them: append new kinds, never reorder (codes already shared).
CODE_TILES = ("floor", "zone1", "zone2", "zone3", "zone4", "zone5", "zone6", "pillar", "twin_pillars", "stairs",
              "stairs_wall", "corridor", "corner", "broken_wall")
MAX_CODE = 4000  # characters: far more than the largest map (256 tiles and a 40-letter name) needs


class MapCodeError(MapError):
    """A text that is not the code of a map; `reason` says why, as a sentence a player can read."""

    def __init__(self, reason: str):
        super().__init__([reason])
        self.reason = reason


def _check(data: bytes) -> bytes:
    return (zlib.crc32(data) & 0xFFFF).to_bytes(2, "big")


def map_code(spec: MapSpec) -> str:
    """The code of a map (any well-formed map, playable or a draft)."""
    name = spec.name.encode("utf-8")
    if len(name) > 255:
        raise ValueError("a map name longer than 255 bytes has no code")
    bits = 0
    for t in spec.tiles:
        bits = (bits << 14) | (CODE_TILES.index(t.tile) << 10) | (ROTATIONS.index(t.rotation) << 8) | (t.x << 4) | t.y
    packed = bits.to_bytes((14 * len(spec.tiles) + 7) // 8, "big") if spec.tiles else b""
    data = bytes([len(name)]) + name + len(spec.tiles).to_bytes(2, "big") + packed
    if spec.has_notes:
        author, description = spec.author.encode("utf-8"), spec.description.encode("utf-8")
        data += bytes([spec.players, len(author)]) + author + len(description).to_bytes(2, "big") + description
    data += _check(data)
    return (NOTES_PREFIX if spec.has_notes else PREFIX) + _b32(data)


def _b32(data: bytes) -> str:
    value = int.from_bytes(data, "big")
    count = (len(data) * 8 + 4) // 5
    value <<= count * 5 - len(data) * 8
    return "".join(ALPHABET[(value >> (5 * (count - 1 - i))) & 31] for i in range(count))


def map_from_code(text: str) -> MapSpec:
    """The map a code holds (its tiles may still make an unplayable draft: see `validate_map`);
    MapCodeError saying why for anything that is not a whole, unchanged map code."""
    if not isinstance(text, str):
        raise MapCodeError("A map code is text.")
    if len(text) > MAX_CODE:
        raise MapCodeError(f"That text is far too long to be a map code ({len(text)} characters).")
    compact = re.sub(r"[\s]+", "", text).upper()
    if not compact:
        raise MapCodeError(f"There is no code to read: paste a map code (it starts with {PREFIX}).")
    found = re.match(r"KH(\d+)-", compact)
    if found is None:
        raise MapCodeError(f"That is not a Khrysos map code: a map code starts with {PREFIX}.")
    if found.group(1) not in VERSIONS:
        raise MapCodeError(f"That code is of a newer kind (KH{found.group(1)}) than this program reads "
                           f"({NOTES_PREFIX[:-1]} at most).")
    body = compact[len(found.group(0)):].replace("-", "")
    bad = sorted({ch for ch in body if ch not in _VALUE})
    if bad:
        shown = ", ".join(repr(ch) for ch in bad[:5])
        raise MapCodeError(f"The code holds characters no map code has ({shown}): copy it again, in full.")
    value = 0
    for ch in body:
        value = (value << 5) | _VALUE[ch]
    size = len(body) * 5 // 8
    value >>= len(body) * 5 - size * 8
    data = value.to_bytes(size, "big") if size else b""
    damaged = MapCodeError("The code is damaged (cut short, or a character is wrong): copy it again, in full.")
    if len(data) < 5 or _check(data[:-2]) != data[-2:]:
        raise damaged
    data = data[:-2]
    n = data[0]
    if len(data) < 1 + n + 2:
        raise damaged
    try:
        name = data[1:1 + n].decode("utf-8")
    except UnicodeDecodeError:
        raise damaged from None
    count = int.from_bytes(data[1 + n:3 + n], "big")
    size = (14 * count + 7) // 8
    packed, rest = data[3 + n:3 + n + size], data[3 + n + size:]
    if len(packed) != size:
        raise damaged
    notes = _notes(rest, damaged) if found.group(1) == "2" else ("", "", 0)
    if found.group(1) == "1" and rest:
        raise damaged
    bits = int.from_bytes(packed, "big") if packed else 0
    tiles = []
    for k in range(count):
        word = (bits >> (14 * (count - 1 - k))) & 0x3FFF
        kind = word >> 10
        if kind >= len(CODE_TILES) or CODE_TILES[kind] not in TILES:
            raise MapCodeError("The code names a tile this program does not have: it may come from a newer version.")
        x, y = (word >> 4) & 15, word & 15
        assert x <= MAX_TILE_POS and y <= MAX_TILE_POS
        tiles.append(PlacedTile(CODE_TILES[kind], x, y, ROTATIONS[(word >> 8) & 3]))
    if not name.strip() or not name.isprintable():
        raise MapCodeError("The code's map has no name a player could read: it was not made by this program.")
    if notes_problems(*notes):
        raise MapCodeError("The code's map notes cannot be read: it was not made by this program.")
    return MapSpec(name, tuple(tiles), *notes)


def _notes(rest: bytes, damaged: MapCodeError) -> tuple[str, str, int]:
    """(description, author, players) from the end of a KH2 code."""
    if len(rest) < 4:
        raise damaged
    players, n = rest[0], rest[1]
    if len(rest) < 2 + n + 2:
        raise damaged
    size = int.from_bytes(rest[2 + n:4 + n], "big")
    if len(rest) != 4 + n + size:
        raise damaged
    try:
        return rest[4 + n:].decode("utf-8"), rest[2:2 + n].decode("utf-8"), players
    except UnicodeDecodeError:
        raise damaged from None
