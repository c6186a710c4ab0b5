"""The rules benchmark command: output format and unknown games."""

from game import bench, registry


def test_unknown_game_exits_2(capsys):
    assert bench.main(["chess", "--seconds", "0.1"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_last_line_format(monkeypatch, capsys):
    monkeypatch.setitem(registry.GAMES, "toy", "tests.core.toygame")
    assert bench.main(["toy", "--seconds", "0.2"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    name, steps, games = last.split()
    assert name == "toy" and steps.startswith("steps_per_s=") and games.startswith("games_per_s=")
    assert int(steps.split("=")[1]) > 0 and float(games.split("=")[1]) > 0


def test_profile_prints_top_functions_and_keeps_the_last_line(monkeypatch, capsys):
    monkeypatch.setitem(registry.GAMES, "toy", "tests.core.toygame")
    assert bench.main(["toy", "--seconds", "0.2", "--profile", "--top", "5"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert any("top 5 functions by own time" in line for line in out)
    assert any("measure" in line for line in out)  # the profiled call itself is listed with its callees
    assert out[-1].startswith("toy steps_per_s=")
