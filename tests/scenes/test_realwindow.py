"""The installed program in a real X window: start it under Xvfb, click the menu with xdotool, check screenshots.

Needs Xvfb and xdotool (CI installs them); screenshots are grabbed from the X server with
Pillow. Where they are
missing the test is skipped, unless TABLETRIO_REQUIRE_REALWINDOW=1 (set by .ci/run),
which turns the skip into a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scenes import palette

pytestmark = pytest.mark.realwindow

TOOLS = ("Xvfb", "xdotool")


def _require(condition: bool, why: str) -> None:
    if condition:
        return
    if os.environ.get("TABLETRIO_REQUIRE_REALWINDOW") == "1":
        pytest.fail(why)
    pytest.skip(why)


def _program() -> str | None:
    here = Path(sys.executable).parent / "tabletrio"
    return str(here) if here.exists() else shutil.which("tabletrio")


class Display:
    def __init__(self, tmp: Path):
        self.number = 90 + os.getpid() % 500
        self.name = f":{self.number}"
        self.proc = subprocess.Popen(["Xvfb", self.name, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        self.env.update(DISPLAY=self.name, SDL_VIDEO_X11_WMCLASS="tabletrio",
                        TABLETRIO_CONFIG_DIR=str(tmp / "config"), TABLETRIO_DATA_DIR=str(tmp / "data"))
        for _ in range(100):
            if self.run("xdotool", "getdisplaygeometry").returncode == 0:
                return
            time.sleep(0.05)
        raise RuntimeError("Xvfb did not start")

    def run(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(args, env=self.env, capture_output=True, text=True, timeout=30)

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def _shot(display: Display, window: str, path: Path):
    """What the X server shows of the window (not what the program thinks it drew)."""
    from PIL import ImageGrab

    geometry = dict(line.split("=", 1) for line in display.run("xdotool", "getwindowgeometry", "--shell", window)
                    .stdout.split())
    x, y, w, h = (int(geometry[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
    image = ImageGrab.grab(bbox=(x, y, x + w, y + h), xdisplay=display.name).convert("RGB")
    image.save(path)
    return image


def _pixels(img) -> list:
    flat = getattr(img, "get_flattened_data", None)  # Pillow 12.1+; getdata is deprecated there
    return list(flat() if flat is not None else img.getdata())


def _close(a, b, tol=6):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def test_installed_program_in_a_real_window(tmp_path):
    _require(all(shutil.which(t) for t in TOOLS), "Xvfb and xdotool are needed")
    program = _program()
    _require(program is not None, "the program is not installed (pip install .) in this environment")
    display = Display(tmp_path)
    app = None
    try:
        # Started from another directory, as a player would: the art must be found in the install.
        log = tmp_path / "program.log"
        with open(log, "w") as out:
            app = subprocess.Popen([program], cwd=tmp_path, env=display.env, stdout=out, stderr=subprocess.STDOUT)
        found = display.run("xdotool", "search", "--sync", "--onlyvisible", "--classname", "tabletrio")
        assert found.returncode == 0, found.stderr
        window = found.stdout.split()[0]
        geometry = display.run("xdotool", "getwindowgeometry", window).stdout
        assert "1280x720" in geometry, geometry

        def click(x: int, y: int) -> None:
            result = display.run("xdotool", "mousemove", "--window", window, str(x), str(y), "click", "1")
            assert result.returncode == 0, result.stderr
            time.sleep(0.4)

        menu = None
        for _ in range(50):
            time.sleep(0.1)
            menu = _shot(display, window, tmp_path / "menu.png")
            if len(set(_pixels(menu.resize((64, 36))))) > 50:
                break
        assert menu is not None and menu.size == (1280, 720)
        # The title is drawn in gold near the top.
        gold = [p for p in _pixels(menu.crop((300, 40, 980, 200))) if _close(p, palette.GOLD, 40)]
        assert len(gold) > 500, "the title is missing"
        probe = (380, 560)  # inside the settings panel once it opens, plain table before
        outside = (150, 300)  # dimmed under the overlay
        assert not _close(menu.getpixel(probe), palette.PANEL, 3)

        click(535, 636)  # Settings
        settings = _shot(display, window, tmp_path / "settings.png")
        assert _close(settings.getpixel(probe), palette.PANEL, 3), settings.getpixel(probe)
        assert sum(settings.getpixel(outside)) < sum(menu.getpixel(outside)), "the menu is not dimmed"
        gold = [p for p in _pixels(settings.crop((540, 150, 740, 200))) if _close(p, palette.GOLD, 40)]
        assert len(gold) > 100, "the Settings title is missing"

        click(360 + 40 + 13, 140 + 86 + 62 + 13)  # the Mute check box
        click(640, 529)  # Done
        back = _shot(display, window, tmp_path / "back.png")
        assert _close(back.getpixel(probe), menu.getpixel(probe), 3)
        settings_file = tmp_path / "config" / "settings.json"
        assert '"muted": true' in settings_file.read_text(), "the click on Mute was not saved"

        click(745, 636)  # Quit
        assert app.wait(timeout=15) == 0
        output = log.read_text()
        assert "Traceback" not in output, output
    finally:
        keep = os.environ.get("TABLETRIO_KEEP_SHOTS")
        if keep:  # to look at what the real window showed
            for shot in tmp_path.glob("*.png"):
                shutil.copy(shot, Path(keep) / f"realwindow_{shot.name}")
        if app is not None and app.poll() is None:
            app.kill()
        display.close()
