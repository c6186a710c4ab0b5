"""Plain-data conversion and data-file validation messages."""

from dataclasses import dataclass, field
from typing import Literal

import pytest

from game.core import ContentError
from game.core.content import EntryReader, parse_text
from game.core.serial import dumps, from_plain, to_plain


@dataclass(frozen=True)
class Inner:
    name: str
    cells: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Outer:
    players: int
    mode: Literal["basic", "advanced"] = "basic"
    inner: Inner | None = None
    tags: list[str] = field(default_factory=list)


def test_round_trip():
    value = Outer(3, "advanced", Inner("a", ((1, 2), (3, 4))), ["x"])
    assert from_plain(Outer, to_plain(value)) == value


def test_errors_name_the_path():
    with pytest.raises(ValueError, match=r"setup.players: expected an integer, got 'two'"):
        from_plain(Outer, {"players": "two"}, "setup")
    with pytest.raises(ValueError, match=r"setup.inner.cells\[0\]: expected 2 items"):
        from_plain(Outer, {"players": 2, "inner": {"name": "a", "cells": [[1]]}}, "setup")
    with pytest.raises(ValueError, match="unknown field 'colour'"):
        from_plain(Outer, {"players": 2, "colour": 1}, "setup")
    with pytest.raises(ValueError, match="missing field 'players'"):
        from_plain(Outer, {}, "setup")
    with pytest.raises(ValueError, match="one of"):
        from_plain(Outer, {"players": 2, "mode": "expert"}, "setup")


def test_dumps_is_canonical():
    assert dumps({"b": 1, "a": [1, 2]}) == dumps({"a": [1, 2], "b": 1})


def test_entry_reader_names_file_entry_and_field():
    r = EntryReader("minions.toml", "Fleeflee", {"hp": 0, "ap": 1, "colour": "red"})
    with pytest.raises(ContentError, match=r"minions.toml, entry 'Fleeflee', field 'hp': must be at least 1"):
        r.get("hp", int, min=1)
    assert r.get("ap", int) == 1
    assert r.get("mp", int, default=3) == 3
    with pytest.raises(ContentError, match="field 'colour': is not a known field"):
        r.done()


def test_entry_reader_types_and_choices():
    r = EntryReader("f.toml", "e", {"n": True, "x": 1.5, "el": "wood"})
    with pytest.raises(ContentError, match="expected an integer, got True"):
        r.get("n", int)
    with pytest.raises(ContentError, match="expected an integer, got 1.5"):
        r.get("x", int)
    with pytest.raises(ContentError, match="must be one of 'fire', 'water'"):
        r.get("el", str, choices=["fire", "water"])
    with pytest.raises(ContentError, match="field 'missing': is missing"):
        r.get("missing", str)


def test_parse_errors_name_the_file():
    with pytest.raises(ContentError, match="cards.toml: is not valid TOML"):
        parse_text("cards.toml", "[x\n")
    with pytest.raises(ContentError, match="map.json: is not valid JSON: .* line 1"):
        parse_text("map.json", "{,}")


def test_read_text_names_a_missing_packaged_file():
    from game.core.content import read_data, read_text

    assert "Krosmaster" in read_text("game.krosmaster", "RULES_NOTES.md")
    with pytest.raises(ContentError, match="nothing.toml: cannot be read"):
        read_data("game.krom.data", "nothing.toml")
