"""Canonical JSON and data-file validation messages."""

import pytest

from game.core import ContentError
from game.core.content import EntryReader, parse_text
from game.core.serial import dumps


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
