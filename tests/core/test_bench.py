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
