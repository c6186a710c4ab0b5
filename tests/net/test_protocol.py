"""The wire protocol's checks (net.protocol): every malformed frame is refused with a sentence, never crashes."""

import json

import pytest

from net import PROGRAM_VERSION
from net.protocol import MAX_FRAME, PROTOCOL, ProtocolError, clean_text, encode, parse, seat_specs


def frame(**fields):
    return json.dumps({"v": PROTOCOL, **fields})


def test_a_well_formed_act_is_read_back():
    msg = parse(frame(t="act", code="ABC234", seat=1, action="go forest", n=3, id=7))
    assert msg["action"] == "go forest" and msg["n"] == 3 and msg["id"] == 7


@pytest.mark.parametrize("raw, words", [
    (b'{"t":"ping","v":1}', "binary"),
    ("", "not JSON"),
    ("{", "not JSON"),
    ("[1,2]", "JSON object"),
    ('{"t":"ping"}', "protocol"),
    ('{"t":"launch","v":1}', "Unknown message type"),
    (frame(t="act", code="A", seat=0, action="x"), "needs the field 'n'"),
    (frame(t="act", code="A", seat="0", action="x", n=0), "whole number"),
    (frame(t="act", code="A", seat=True, action="x", n=0), "whole number"),
    (frame(t="act", code="A", seat=0, action="x" * 201, n=0), "at most 200"),
    (frame(t="ping", extra=1), "no field"),
    (frame(t="ping", id="x"), "integer"),
    (frame(t="answer", code="A", seat=0, accept=1), "true or false"),
    ("[" * 100 + "]" * 100, "not JSON"),
    ('{"t":"ping","v":1,"id":' + "9" * 50 + "}", "not JSON"),
    ("x" * (MAX_FRAME + 1), "at most"),
])
def test_malformed_frames_are_refused_with_a_reason(raw, words):
    with pytest.raises(ProtocolError) as e:
        parse(raw)
    assert words in e.value.reason


def test_encoding_is_canonical_and_versioned():
    a = encode({"t": "x", "b": 1, "a": [1, 2]})
    assert a == encode({"a": [1, 2], "t": "x", "b": 1})
    assert json.loads(a)["v"] == PROTOCOL


def test_chat_text_loses_control_and_format_characters_and_is_cut():
    assert clean_text("hi\x1b[31m\u202e there\n\tyou\x00", 200) == "hi[31m there you"
    assert len(clean_text("é" * 500, 200)) == 200


def test_seat_specs_are_checked():
    assert seat_specs([{"kind": "computer", "name": "Bot\x07", "level": "easy"}]) == [{"kind": "computer", "name": "Bot", "level": "easy"}]
    with pytest.raises(ProtocolError):
        seat_specs([{"kind": "wizard"}])
    with pytest.raises(ProtocolError):
        seat_specs([{"kind": "computer"}])


def test_the_program_version_is_pyprojects():
    import pathlib
    import tomllib

    root = pathlib.Path(__file__).resolve().parents[2]
    assert tomllib.loads((root / "pyproject.toml").read_text())["project"]["version"] == PROGRAM_VERSION
