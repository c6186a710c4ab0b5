"""The automation flags and the frame benchmark, run as real processes."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(args, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TABLETRIO_CONFIG_DIR=str(tmp_path / "c"), TABLETRIO_DATA_DIR=str(tmp_path / "d"))
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_menu_screenshot(tmp_path):
    out = tmp_path / "menu.png"
    result = run(["scenes", "--scene", "menu", "--frames", "3", "--screenshot", str(out)], tmp_path)
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    assert not (tmp_path / "c" / "settings.json").exists(), "automation runs must not write settings"


def test_showcase_screenshot_with_seed(tmp_path):
    out = tmp_path / "show.png"
    result = run(["scenes", "--scene", "showcase", "--seed", "3", "--frames", "20", "--screenshot", str(out)], tmp_path)
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 10_000


def test_unknown_scene_is_a_clear_error(tmp_path):
    result = run(["scenes", "--scene", "chess.board", "--frames", "1"], tmp_path)
    assert result.returncode == 2
    assert "unknown scene 'chess.board'" in result.stderr and "menu" in result.stderr
    assert "Traceback" not in result.stderr


def test_scene_bench_prints_one_line_per_scene(tmp_path):
    result = run(["scenes.bench", "menu", "showcase", "--frames", "20", "--warmup", "2"], tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert [line.split()[0] for line in lines] == ["menu", "showcase"]
    for line in lines:
        _, median, p95 = line.split()
        assert median.startswith("median_ms=") and p95.startswith("p95_ms=")
        assert 0 < float(median.split("=")[1]) <= float(p95.split("=")[1])


def test_the_screen_dump_tells_a_driver_what_the_top_scene_offers_and_where(app, tmp_path):
    """$TABLETRIO_SCREEN_DUMP (a driver under Xvfb plays whole games from it): every hotspot of the top scene
    with its rect in window pixels, its tip and whether it is greyed, and on a board the status and the log."""
    import json

    from scenes.automation import ScreenDump
    from scenes.khrysos.board import KhrysosBoard

    dump = ScreenDump(tmp_path / "screen.json")
    board = KhrysosBoard.for_automation(app, 3)
    app.push(board)
    app.run_frames(2)
    dump.tick(app, 1.0)
    seen = json.loads((tmp_path / "screen.json").read_text(encoding="utf-8"))
    w, h = app.window.size
    scale = min(w / 1280, h / 720)
    assert seen["scene"] == "KhrysosBoard" and seen["window"] == [w, h] and seen["scale"] == pytest.approx(scale)
    spots = {h["key"]: h for h in seen["hotspots"]}
    roll = spots["button:roll"]
    r = board.spots.get("button:roll").rect
    x0, y0 = (w - 1280 * scale) / 2, (h - 720 * scale) / 2
    assert roll["enabled"] and roll["click"]
    assert roll["rect"] == [round(x0 + r.x * scale), round(y0 + r.y * scale), round(r.w * scale), round(r.h * scale)]
    assert roll["tip"] == board.spots.tip_of(board.spots.get("button:roll"))
    assert seen["board"]["status"] == board.status_text()[0] and seen["board"]["mine"]
    assert seen["board"]["log"] == list(board.log.lines)[-80:]
    before = (tmp_path / "screen.json").stat().st_mtime_ns
    dump.tick(app, 0.01)  # within the period: nothing written
    assert (tmp_path / "screen.json").stat().st_mtime_ns == before


def test_the_screen_dump_describes_nothing_while_the_app_naps_and_the_settled_screen_at_once(app, tmp_path,
                                                                                         monkeypatch):
    """Describing a board takes about 12 ms of CPU; a napping app described it five times a second, for nothing
    (nothing changes without a frame). While frames run it is written at most every PERIOD; the first nap after
    them writes the screen as it settled, at once, as a driver waits for it."""
    from scenes import automation
    from scenes.khrysos.board import KhrysosBoard

    described = []
    real = automation.ScreenDump.describe
    monkeypatch.setattr(automation.ScreenDump, "describe", lambda self, a: described.append(1) or real(self, a))
    dump = automation.ScreenDump(tmp_path / "screen.json")
    app.push(KhrysosBoard.for_automation(app, 3))
    app.run_frames(2)
    dump.tick(app, 1 / 60)
    assert len(described) == 1 and (tmp_path / "screen.json").exists()
    for _ in range(40):
        dump.nap(app)
    assert len(described) == 1, "nothing drawn since: nothing described"
    app.run_frames(1)
    dump.tick(app, 1 / 60)
    assert len(described) == 1, "within PERIOD of the last write"
    dump.nap(app)
    assert len(described) == 2, "the first nap writes the settled screen"
    dump.nap(app)
    assert len(described) == 2


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["krosmaster", "krom"])
def test_the_screen_dump_names_the_clicks_of_every_legal_action_and_they_play_it(app, tmp_path, game_id):
    """A driver in a real window plays by the dump's `gestures` (issue 32: online games by clicks): each legal
    action of the screen's player with the hotspots to click, in order, as the board stands. Clicking them where
    the dump says (a click may open the next one: a hunt's prey, then its roll) plays exactly that action."""
    import json
    import random

    from game import registry as rules_registry
    from game.core.match import Match
    from scenes import registry
    from scenes.automation import ScreenDump
    from scenes.board import Seat
    from tests.scenes.helpers import click

    boards = {"krosmaster": ("scenes.krosmaster.board:KrosmasterBoard", {}),
              "krom": ("scenes.krom.board:KromBoard", {"players": 3})}
    target, options = boards[game_id]
    rules = rules_registry.load(game_id)
    match = Match.new(rules, rules.Setup(**options), 7)
    seats = [Seat(f"P{i + 1}", (60 * i, 120, 200), bot=None if i == 0 else "random") for i in range(match.players)]
    app.settings.animation_speed = "instant"
    board = registry.resolve(target)(app, match, seats)
    board.bot_delay = 0.0
    app.push(board)
    dump, path, rng = ScreenDump(tmp_path / "screen.json"), tmp_path / "screen.json", random.Random(32)

    def seen() -> dict:
        dump.wait = 0.0
        dump.tick(app, 1.0)
        return json.loads(path.read_text(encoding="utf-8"))

    played = 0
    for _ in range(3000):
        app.run_frames(1)
        if app.stack.top is not board or board.match.over or played >= 8:
            break
        if board.busy or not board.snap.mine:
            continue  # a computer's turn, or an animation
        gestures = seen()["board"]["gestures"]
        assert set(gestures) == {str(a) for a in board.snap.legal}
        action = rng.choice(sorted(gestures))
        before = len(board.match.actions)
        for step in range(6):
            if len(board.match.actions) > before:
                break
            now = seen()
            keys = now["board"]["gestures"][action]
            assert step < len(keys), f"{action}: {keys} clicked, nothing played"
            spot = next(s for s in now["hotspots"] if s["key"] == keys[step])
            assert spot["enabled"], f"{action}: {keys[step]} is greyed: {spot['tip']}"
            x, y, w, h = spot["rect"]  # window pixels, back to the scene's own
            click(app, ((x + w / 2 - now["offset"][0]) / now["scale"], (y + h / 2 - now["offset"][1]) / now["scale"]))
        assert str(board.match.actions[before]) == action
        played += 1
        while board.busy:
            app.run_frames(1)
    assert played == 8 or board.match.over
