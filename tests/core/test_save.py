"""Saves: written atomically, loaded by replay, and refused with a clear message when damaged."""

import errno
import json
import os

import pytest

from game.core import Action, SaveError
from game.core.save import Save, load_game, new_save, parse_save, read_save, replay, write_save
from tests.core import toygame


def resolve(game_id):
    if game_id == "toy":
        return toygame
    raise LookupError(game_id)


def _played(seed=3, moves=("take 1", "take 2", "roll")):
    setup = toygame.Setup(players=2, stones=12)
    state = toygame.new_game(setup, seed)
    actions = []
    for text in moves:
        action = Action.parse(text)
        state, _ = toygame.apply(state, action)
        actions.append(action)
    return setup, state, new_save(toygame, setup, seed, actions)


def test_save_and_load_rebuild_the_same_state(tmp_path):
    setup, state, save = _played()
    path = tmp_path / "slot.json"
    write_save(path, save)
    loaded, module, setup2, state2 = load_game(path, resolve)
    assert module is toygame and setup2 == setup
    assert state2.to_dict() == state.to_dict()
    assert loaded.actions == ["take 1", "take 2", "roll"]


def test_save_text_is_readable_json(tmp_path):
    _, _, save = _played()
    data = json.loads(save.to_text())
    assert data["format"] == "tabletrio-save" and data["game"] == "toy" and data["seed"] == 3


def test_truncated_file_says_truncated(tmp_path):
    _, _, save = _played()
    text = save.to_text()
    with pytest.raises(SaveError, match="truncated"):
        parse_save(text[: len(text) // 2])


def test_malformed_file_names_the_line():
    with pytest.raises(SaveError, match="damaged: .* line 1"):
        parse_save('{"format": "tabletrio-save",, }')


def test_empty_file():
    with pytest.raises(SaveError, match="empty"):
        parse_save("  \n")


def test_foreign_json_is_not_a_save():
    with pytest.raises(SaveError, match="not a Tabletop Trio save"):
        parse_save('{"name": "my map", "tiles": []}')
    with pytest.raises(SaveError, match="not a Tabletop Trio save"):
        parse_save("[1, 2, 3]")


def test_binary_file_is_not_a_save(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(SaveError, match="not a Tabletop Trio save"):
        read_save(path)


def test_missing_file(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        read_save(tmp_path / "nope.json")


def test_missing_and_mistyped_fields():
    _, _, save = _played()
    data = save.to_dict()
    del data["seed"]
    with pytest.raises(SaveError, match="lacks the field 'seed'"):
        parse_save(json.dumps(data))
    data = save.to_dict()
    data["actions"] = "take 1"
    with pytest.raises(SaveError, match="'actions' should be a list"):
        parse_save(json.dumps(data))


def test_newer_format_is_refused():
    _, _, save = _played()
    data = save.to_dict()
    data["format_version"] = 99
    with pytest.raises(SaveError, match="newer"):
        parse_save(json.dumps(data))


def test_unknown_game_and_wrong_rules_version():
    with pytest.raises(SaveError, match="does not know: 'chess'"):
        replay(Save("chess", 1, {}, 0, []), resolve)
    with pytest.raises(SaveError, match="version 7 of the Toy Stones rules"):
        replay(Save("toy", 7, {"players": 2}, 0, []), resolve)


def test_bad_setup_is_named():
    with pytest.raises(SaveError, match="options are invalid: players must be 2 to 4"):
        replay(Save("toy", 1, {"players": 9}, 0, []), resolve)


def test_an_illegal_action_names_its_number_and_reason():
    _, _, save = _played()
    save.actions.insert(1, "take 9")
    with pytest.raises(SaveError, match=r"action 2 of 4 \('take 9'\) cannot be replayed: you can take 1 to 3"):
        replay(save, resolve)


def test_atomic_write_keeps_the_old_file_when_the_disk_is_full(tmp_path, monkeypatch):
    _, _, save = _played()
    path = tmp_path / "slot.json"
    write_save(path, save)
    before = path.read_text()

    def full_disk(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    save.actions.append("take 1")
    with pytest.raises(OSError):
        write_save(path, save)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"], "the temporary file was left behind"


def test_write_creates_missing_directories(tmp_path):
    _, _, save = _played()
    path = tmp_path / "a" / "b" / "slot.json"
    write_save(path, save)
    assert read_save(path).actions == save.actions


def test_a_save_with_a_broken_starting_position_is_refused_with_a_reason():
    from game import krom
    from game.core import SaveError
    from game.core.match import Match
    from game.core.save import parse_save

    match = Match.from_position(krom, krom.Setup(players=2), krom.new_game(krom.Setup(players=2), 3))
    data = match.save().to_dict()
    data["start"] = {"nonsense": True}
    import json

    import pytest

    with pytest.raises(SaveError, match="cannot be started from its recorded position"):
        Match.from_save(parse_save(json.dumps(data)))
    data["start"] = [1, 2]
    with pytest.raises(SaveError, match="'start' should be an object"):
        parse_save(json.dumps(data))


def test_a_refused_saved_action_s_reason_goes_on_in_lower_case_after_the_colon():
    """Seen in a real window: "…cannot be replayed: There is no action 'pick' in Khrysos Hunters"."""
    from game.core.errors import IllegalAction
    from game.core.save import action_error

    said = str(action_error(1, 1, "pick 99", IllegalAction("There is no action 'pick' in Khrysos Hunters.")))
    assert "cannot be replayed: there is no action 'pick'" in said
    said = str(action_error(2, 4, "play 3", IllegalAction("Felix Dicebag has no AP left.")))
    assert "cannot be replayed: Felix Dicebag has no AP left" in said, "a name keeps its capital"
