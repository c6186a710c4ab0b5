"""Files and inputs: whatever bytes a player hands the save, map and settings loaders, only the
project's own errors come out, with a message a player can read (a few hundred characters at most).

Issue 9, "Files and inputs": deep nesting (RecursionError), integers of more than 4,300 digits
(ValueError), lone surrogates, bytes that are not UTF-8, `format_version` <= 0, and messages
that repeated a whole file.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.errors import ContentError, SaveError
from game.core.save import Save, parse_save, read_save, replay
from game.khrysos import VERSION as KHRYSOS_VERSION
from game.khrysos.maps import MapError, map_to_dict, read_map, sample_map, validate_map
from scenes import settings as settings_module
from scenes.settings import Settings

MESSAGE_LIMIT = 300  # "a few hundred characters"

DEEP = "[" * 100_000 + "]" * 100_000
HUGE_INT = "9" * 5_000
LONE_SURROGATE = '"\\ud800"'

# A good save and a good map, to damage. The save is of the rules version this program plays,
# so a damaged part is refused for what is wrong with it, not for being of an older version.
GOOD_SAVE = {
    "format": "tabletrio-save",
    "format_version": 1,
    "game": "khrysos",
    "version": KHRYSOS_VERSION,
    "setup": {"players": 2, "map": "alpha_room"},
    "seed": 3,
    "actions": [],
}
GOOD_MAP = map_to_dict(sample_map("alpha_room"))


class _Refused(Exception):
    """What the settings loader says instead of raising: the message it would show."""


def _settings(data):
    """The program's settings loader on a file holding `data`: it never raises, it resets and says so."""
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        old = os.environ.get("TABLETRIO_CONFIG_DIR")
        os.environ["TABLETRIO_CONFIG_DIR"] = folder
        try:
            with open(os.path.join(folder, "settings.json"), "wb") as f:
                f.write(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
            loaded, warning = settings_module.load_settings()
        finally:
            if old is None:
                del os.environ["TABLETRIO_CONFIG_DIR"]
            else:
                os.environ["TABLETRIO_CONFIG_DIR"] = old
    assert isinstance(loaded, Settings)
    if warning is not None:
        assert loaded == Settings()
        raise _Refused(warning)


def _loaders():
    """(name, loader, the errors it may raise): each loader is what the program calls on a file's content."""

    def save(data):
        return replay(parse_save(data))

    return [("save", save, (SaveError,)), ("map", read_map, (MapError,)), ("settings", _settings, (_Refused,))]


def _check(loader, errors, data) -> None:
    try:
        loader(data)
    except errors as e:
        assert 0 < len(str(e)) <= MESSAGE_LIMIT, str(e)[:500]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_any_bytes_give_only_the_loaders_own_errors(raw):
    for _, loader, errors in _loaders():
        _check(loader, errors, raw)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_any_json_text_gives_only_the_loaders_own_errors(value):
    for _, loader, errors in _loaders():
        _check(loader, errors, json.dumps(value))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["setup", "seed", "actions", "game", "version", "format_version"]), json_values)
def test_any_json_in_a_field_of_a_good_save_gives_a_save_error(field, value):
    data = dict(GOOD_SAVE, **{field: value})
    _check(_loaders()[0][1], (SaveError,), json.dumps(data))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["name", "tiles", "version"]), json_values)
def test_any_json_in_a_field_of_a_good_map_gives_a_map_error(field, value):
    data = dict(GOOD_MAP, **{field: value})
    _check(read_map, (MapError,), json.dumps(data))
    assert all(isinstance(p, str) for p in validate_map(data))


HOSTILE = {
    "deep nesting": DEEP,
    "a 5,000-digit integer": HUGE_INT,
    "a lone surrogate": LONE_SURROGATE,
    "bytes that are not UTF-8": b'{"a": "\xff\xfe"}',
    "a deep object": '{"a":' * 5000 + "1" + "}" * 5000,
}


@pytest.mark.parametrize("name, loader, errors", _loaders(), ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_files_get_the_loaders_own_error(name, loader, errors, text):
    with pytest.raises(errors) as info:
        loader(text)
    assert len(str(info.value)) <= MESSAGE_LIMIT


@pytest.mark.parametrize("field", ["setup", "seed", "actions"])
@pytest.mark.parametrize("text", [DEEP, HUGE_INT, LONE_SURROGATE], ids=["deep", "huge int", "surrogate"])
def test_hostile_values_inside_a_save(field, text):
    raw = json.dumps(dict(GOOD_SAVE, **{field: None})).replace("null", text)
    with pytest.raises(SaveError) as info:
        replay(parse_save(raw))
    assert len(str(info.value)) <= MESSAGE_LIMIT


def test_a_custom_map_inside_a_save_with_a_huge_number_or_deep_nesting_is_a_save_error():
    for hostile in (HUGE_INT, DEEP):
        setup = {"players": 2, "map": "alpha_room", "custom_map": dict(GOOD_MAP, tiles=None)}
        raw = json.dumps(dict(GOOD_SAVE, setup=setup)).replace('"tiles": null', f'"tiles": [{hostile}]')
        with pytest.raises(SaveError):
            replay(parse_save(raw))


def test_replay_of_a_save_built_in_memory_with_a_huge_custom_map_value_is_a_save_error():
    # A Save that never went through the loader: replay itself must still give a SaveError.
    custom = dict(GOOD_MAP, tiles=[{"tile": "floor", "x": 10**5000, "y": 0}] + GOOD_MAP["tiles"])
    save = Save("khrysos", 1, {"players": 2, "map": "alpha_room", "custom_map": custom}, 3, [])
    with pytest.raises(SaveError) as info:
        replay(save)
    assert len(str(info.value)) <= MESSAGE_LIMIT


def test_messages_quote_only_a_short_excerpt_of_a_huge_file():
    big = "x" * 1_600_000
    for bad in ({"format_version": 1, "format": "tabletrio-save", "game": big},
                dict(GOOD_SAVE, actions=[big]),
                dict(GOOD_SAVE, game="khrysos", setup={"players": big})):
        with pytest.raises(SaveError) as info:
            replay(parse_save(json.dumps(bad)))
        assert len(str(info.value)) <= MESSAGE_LIMIT
    with pytest.raises(MapError) as info:
        read_map(json.dumps(dict(GOOD_MAP, tiles=[big] * 50)))
    assert len(str(info.value)) <= MESSAGE_LIMIT
    assert all(len(p) <= MESSAGE_LIMIT for p in info.value.problems)


@pytest.mark.parametrize("version", [0, -1, -10**30])
def test_format_version_zero_or_below_is_refused(version):
    with pytest.raises(SaveError, match="format_version"):
        parse_save(json.dumps(dict(GOOD_SAVE, format_version=version)))


def test_a_map_name_with_a_lone_surrogate_is_refused_at_validation():
    data = dict(GOOD_MAP, name="Room \ud800")
    problems = validate_map(data)
    assert problems and "name" in problems[0]
    from game.khrysos.state import Setup

    with pytest.raises(ValueError, match="name"):
        Setup(players=2, custom_map=data)


def test_read_save_of_a_file_of_random_bytes(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(b"\x80" * 100)
    with pytest.raises(SaveError, match="not text"):
        read_save(path)


def test_content_json_goes_through_the_same_loader():
    from game.core.content import parse_text

    with pytest.raises(ContentError, match="nests"):
        parse_text("x.json", DEEP)
    with pytest.raises(ContentError, match="digits"):
        parse_text("x.json", HUGE_INT)


def test_load_json_limits():
    from game.core.serial import BadJSON, excerpt, load_json

    assert load_json(b'\xef\xbb\xbf{"a": [1, 2.5, "\xc3\xa9"]}') == {"a": [1, 2.5, "é"]}
    for bad in (DEEP, HUGE_INT, LONE_SURROGATE, b"\xff", "", "{", '{"\\udc00": 1}'):
        with pytest.raises(BadJSON):
            load_json(bad)
    assert len(excerpt(10**5000)) <= 40 and len(excerpt(["y" * 10**6] * 10**3)) <= 40


# -- settings ---------------------------------------------------------------------------

BROKEN_SETTINGS = {
    "not UTF-8": b'{"master_volume": "\xff"}',
    "a 400-digit volume": ('{"master_volume": ' + "9" * 400 + "}").encode(),
    "deep nesting": ('{"muted": ' + "[" * 5000 + "]" * 5000 + "}").encode(),
    "a list where a number belongs": b'{"master_volume": [0.5]}',
}


@pytest.mark.parametrize("raw", BROKEN_SETTINGS.values(), ids=BROKEN_SETTINGS.keys())
def test_a_broken_settings_file_is_reset_once_kept_aside_and_rewritten(dirs, raw):
    config, _ = dirs
    config.mkdir(parents=True)
    path = config / "settings.json"
    path.write_bytes(raw)
    loaded, warning = settings_module.load_settings()
    assert loaded == Settings()
    assert warning and "damaged" in warning and len(warning) <= MESSAGE_LIMIT
    assert (config / "settings.json.broken").read_bytes() == raw
    assert json.loads(path.read_text()) == json.loads(json.dumps(Settings().__dict__))
    again, warning = settings_module.load_settings()
    assert again == Settings() and warning is None  # said once: the next start is clean


def test_settings_values_of_the_right_kind_are_read_and_clamped():
    from scenes.settings import SettingsError, parse_settings

    s = parse_settings('{"master_volume": 7, "muted": true, "animation_speed": "fast", "future": [1]}')
    assert (s.master_volume, s.muted, s.animation_speed, s.fullscreen) == (1.0, True, "fast", False)
    for bad in ('{"animation_speed": "warp"}', '{"muted": 1}', '{"master_volume": NaN}', "[]"):
        with pytest.raises(SettingsError):
            parse_settings(bad)
