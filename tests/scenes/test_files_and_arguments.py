"""Issue 9, "Files and inputs" and "What a new user ran into": bad arguments, stale temporary
files, a crash while the app is being built, a damaged settings file at start."""

from __future__ import annotations

import json
import os
import time

import pytest

from scenes import __main__ as entry
from tests.scenes.test_automation import run


@pytest.mark.parametrize("args", [
    ["--frames", "0"],
    ["--frames", "-1"],
    ["--frames", "many"],
    ["--scene", "nowhere", "--frames", "1"],
    ["--frames", "1", "--screenshot", "/proc/no/such/folder/shot.png"],
    ["--frames", "1", "--screenshot", "shot.txt"],
    ["--screenshot", "shot.png"],
], ids=["frames 0", "frames -1", "frames text", "unknown scene", "folder cannot be made", "not png", "no frames"])
def test_bad_arguments_print_the_usage_and_exit_2(args, tmp_path):
    result = run(["scenes", *args], tmp_path)
    assert result.returncode == 2, result.stderr
    assert "usage: tabletrio" in result.stderr and "internal error" not in result.stderr


def test_a_screenshot_folder_is_made(tmp_path):
    out = tmp_path / "new" / "deeper" / "shot.png"
    result = run(["scenes", "--frames", "1", "--screenshot", str(out)], tmp_path)
    assert result.returncode == 0, result.stderr
    assert out.is_file()


def test_a_crash_while_the_app_is_built_writes_a_crash_log(dirs, monkeypatch, capsys):
    _, data = dirs
    import scenes.app

    def broken(*args, **kwargs):
        raise RuntimeError("the window exploded")

    monkeypatch.setattr(scenes.app, "App", broken)
    assert entry.main(["--frames", "1"]) == 1
    assert "the window exploded" in (data / "crash.log").read_text()
    assert "internal error" in capsys.readouterr().err


def test_stale_temporary_files_of_the_atomic_writer_are_removed_at_start(make_app, dirs):
    config, data = dirs
    (data / "autosave").mkdir(parents=True)
    config.mkdir(parents=True)
    stale = [config / ".settings.json.ab12cd34.tmp", data / "autosave" / ".krom.json.x_9Yq2Lm.tmp"]
    fresh = data / "autosave" / ".khrysos.json.Zz0011aa.tmp"
    mine = data / "autosave" / "notes.tmp"  # not a name the atomic writer makes
    for path in (*stale, fresh, mine):
        path.write_text("half a fi")
    old = time.time() - 3600
    for path in (*stale, mine):
        os.utime(path, (old, old))
    make_app()
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and mine.exists()  # a write in progress elsewhere is left alone


def test_automation_runs_do_not_touch_a_damaged_settings_file(tmp_path):
    config = tmp_path / "c"
    config.mkdir()
    (config / "settings.json").write_text('{"master_volume": [1]}')
    result = run(["scenes", "--frames", "2"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads((config / "settings.json").read_text()) == {"master_volume": [1]}


def test_a_save_without_its_own_progress_line_counts_its_moves_in_words(tmp_path):
    """The menu card of a one-move autosave said "1 moves" (issue 23, seen in a real window)."""
    from game.core.save import Save, write_save
    from scenes import saves

    for n, words in ((1, "1 move"), (3, "3 moves")):
        path = tmp_path / f"game{n}.json"
        write_save(path, Save("khrysos", 3, {"players": 2, "map": "alpha_room"}, 1, ["deploy 0"] * n))
        assert saves.read_info(path).progress == words
