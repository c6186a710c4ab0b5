"""The installed program in a real X window: start it under Xvfb, click the menu with xdotool, check screenshots.

Needs Xvfb and xdotool (CI installs them); screenshots are grabbed from the X server with
Pillow. Where they are
missing the test is skipped, unless TABLETRIO_REQUIRE_REALWINDOW=1 (set by .ci/run),
which turns the skip into a failure. Resizing needs a window manager (openbox); the tests
that resize run the program from the source tree. TABLETRIO_XVFB_DISPLAY=N makes the X
servers use displays :N and :N+1 (default: from the process id).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scenes import palette
from tests.sweeps import FULL

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


ROOT = Path(__file__).resolve().parents[2]


class Display:
    def __init__(self, tmp: Path, screen: str = "1920x1080", offset: int = 0):
        base = os.environ.get("TABLETRIO_XVFB_DISPLAY")
        self.number = (int(base) if base else 90 + os.getpid() % 500) + offset
        self.name = f":{self.number}"
        lock = Path(f"/tmp/.X{self.number}-lock")
        for _ in range(1800):  # another test (another xdist worker) may be using this display: wait for it
            if not lock.exists():
                break
            time.sleep(0.1)
        self.proc = subprocess.Popen(["Xvfb", self.name, "-screen", "0", f"{screen}x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.wm = None
        self.programs: list = []  # Program objects to stop on close
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

    def find_window(self) -> subprocess.CompletedProcess:
        """xdotool's search for the program's window, asked again while a window closing under it
        (the previous run's) makes it fail with BadWindow."""
        for _ in range(10):
            found = self.run("xdotool", "search", "--sync", "--onlyvisible", "--classname", "tabletrio")
            if found.returncode == 0 or "BadWindow" not in found.stderr:
                return found
            time.sleep(0.5)
        return found

    def start_window_manager(self) -> None:
        self.wm = subprocess.Popen(["openbox"], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)

    def close(self) -> None:
        for program in self.programs:
            program.quit()
        for proc in (self.wm, self.proc):
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=10)


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
        found = display.find_window()
        assert found.returncode == 0, found.stderr
        window = found.stdout.split()[0]
        # Without a window manager SDL may map the window at the screen's size for a moment
        # before it takes its own size (seen under load): read it again until it settles.
        for _ in range(50):
            geometry = display.run("xdotool", "getwindowgeometry", window).stdout
            if "1280x720" in geometry:
                break
            time.sleep(0.1)
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
        probe = (455, 560)  # inside the settings panel once it opens; before, the table between two game cards
        outside = (150, 300)  # dimmed under the overlay
        assert not _close(menu.getpixel(probe), palette.PANEL, 3)

        click(640, 636)  # Settings
        # A loaded machine may take longer than the click's pause to draw the next frame: look again until it shows.
        settings = _eventually(lambda: (lambda im: (im, _close(im.getpixel(probe), palette.PANEL, 3)))(
            _shot(display, window, tmp_path / "settings.png")))
        assert _close(settings.getpixel(probe), palette.PANEL, 3), settings.getpixel(probe)
        assert sum(settings.getpixel(outside)) < sum(menu.getpixel(outside)), "the menu is not dimmed"
        gold = [p for p in _pixels(settings.crop((540, 150, 740, 200))) if _close(p, palette.GOLD, 40)]
        assert len(gold) > 100, "the Settings title is missing"

        click(360 + 40 + 13, 140 + 86 + 62 + 13)  # the Mute check box
        click(640, 529)  # Done
        back = _eventually(lambda: (lambda im: (im, _close(im.getpixel(probe), menu.getpixel(probe), 3)))(
            _shot(display, window, tmp_path / "back.png")))
        assert _close(back.getpixel(probe), menu.getpixel(probe), 3)
        settings_file = tmp_path / "config" / "settings.json"
        assert '"muted": true' in settings_file.read_text(), "the click on Mute was not saved"

        click(1080, 636)  # Quit
        assert app.wait(timeout=60) == 0
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


# -- the window under a window manager, from the source tree (issue 9) ---------------------


class Program:
    """The program from the source tree in a real window, with helpers working in logical (1280x720) pixels."""

    def __init__(self, display: Display, tmp: Path, name: str):
        self.display = display
        self.log = tmp / f"{name}.log"
        with open(self.log, "w") as out:
            self.proc = subprocess.Popen([sys.executable, "-m", "scenes"], cwd=ROOT, env=display.env, stdout=out,
                                         stderr=subprocess.STDOUT)
        found = display.find_window()
        assert found.returncode == 0, found.stderr
        self.window = found.stdout.split()[0]
        display.programs.append(self)
        self.wait_drawn()

    def geometry(self) -> tuple[int, int, int, int]:
        """x, y, width, height of the window's inside on the screen (xwininfo: xdotool counts the frame twice)."""
        info = {}
        for line in self.display.run("xwininfo", "-id", self.window).stdout.splitlines():
            key, _, value = line.strip().partition(":")
            info[key] = value.strip()
        return (int(info["Absolute upper-left X"]), int(info["Absolute upper-left Y"]), int(info["Width"]),
                int(info["Height"]))

    def picture(self) -> tuple[float, int, int]:
        """(scale, left, top) of the 1280x720 picture inside the window, letterboxed."""
        _, _, w, h = self.geometry()
        scale = min(w / 1280, h / 720)
        return scale, round((w - 1280 * scale) / 2), round((h - 720 * scale) / 2)

    def to_window(self, x: float, y: float) -> tuple[int, int]:
        scale, left, top = self.picture()
        return round(left + x * scale), round(top + y * scale)

    def shot(self, path: Path):
        from PIL import ImageGrab

        x, y, w, h = self.geometry()
        image = ImageGrab.grab(bbox=(x, y, x + w, y + h), xdisplay=self.display.name).convert("RGB")
        image.save(path)
        return image

    def logical(self, image, x: float, y: float):
        return image.getpixel(self.to_window(x, y))

    def click(self, x: float, y: float) -> None:
        wx, wy = self.to_window(x, y)
        result = self.display.run("xdotool", "mousemove", "--window", self.window, str(wx), str(wy), "click", "1")
        assert result.returncode == 0, result.stderr
        time.sleep(0.5)

    def key(self, name: str) -> None:
        self.display.run("xdotool", "key", "--window", self.window, name)
        time.sleep(0.5)

    def resize(self, w: int, h: int) -> None:
        self.display.run("xdotool", "windowsize", self.window, str(w), str(h))
        for _ in range(30):
            time.sleep(0.1)
            if self.geometry()[2:] == (max(w, 960), max(h, 540)):
                break
        time.sleep(0.4)  # a frame drawn at the new size

    def wait_drawn(self) -> None:
        for _ in range(50):
            time.sleep(0.1)
            image = self.shot(self.log.with_suffix(".png"))
            if len(set(_pixels(image.resize((64, 36))))) > 50:
                return

    def quit(self) -> str:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=60)
        return self.log.read_text()


def _needs_window_manager():
    _require(all(shutil.which(t) for t in (*TOOLS, "openbox", "xwininfo")), "Xvfb, xdotool, xwininfo and openbox are needed")


@contextlib.contextmanager
def _managed_display(tmp_path: Path, screen: str = "1920x1080", offset: int = 0):
    """An X server with openbox; every program started on it is stopped, screenshots kept if asked."""
    _needs_window_manager()
    display = Display(tmp_path, screen, offset)
    try:
        display.start_window_manager()
        yield display
    finally:
        keep = os.environ.get("TABLETRIO_KEEP_SHOTS")
        if keep:
            for shot in tmp_path.glob("*.png"):
                shutil.copy(shot, Path(keep) / f"realwindow_{shot.name}")
        display.close()


SETTINGS_PROBE = (380, 560)  # inside the Settings panel once it opens, the plain table before
MUTE_BOX = (360 + 40 + 13, 140 + 86 + 62 + 13)


def _eventually(look, timeout: float = 8.0):
    """`look()` gives (image, ready); tried again until ready or `timeout` seconds: the image last seen."""
    end = time.monotonic() + timeout
    while True:
        image, ready = look()
        if ready or time.monotonic() > end:
            return image
        time.sleep(0.25)


@pytest.mark.slow
def test_the_picture_fills_any_window_size_and_clicks_land_on_what_it_shows(tmp_path):
    with _managed_display(tmp_path) as display:
        program = Program(display, tmp_path, "resize")
        assert program.geometry()[2:] == (1280, 720)
        for w, h in ((1800, 950), (1000, 700), (1500, 1000), (900, 500)):
            program.resize(w, h)

            def filled():
                image = program.shot(tmp_path / f"window_{w}x{h}.png")
                return image, all(_close(program.logical(image, x, y), palette.BG, 30)
                                  for x, y in ((4, 4), (1275, 4), (4, 715), (1275, 715)))

            image = _eventually(filled)  # a loaded machine may take a moment to draw the new size
            assert image.size == (max(w, 960), max(h, 540)), "the window keeps a minimum of 960x540"
            scale, left, top = program.picture()
            # The picture fills the window: its corners are the table, letterbox bars are black.
            for x, y in ((4, 4), (1275, 4), (4, 715), (1275, 715)):
                assert _close(program.logical(image, x, y), palette.BG, 30), (w, h, x, y)
            if left > 2:
                assert image.getpixel((left // 2, image.size[1] // 2)) == (0, 0, 0)
            if top > 2:
                assert image.getpixel((image.size[0] // 2, top // 2)) == (0, 0, 0)
            gold = [p for p in _pixels(image.crop((*program.to_window(300, 40), *program.to_window(980, 200))))
                    if _close(p, palette.GOLD, 40)]
            assert len(gold) > 300 * scale * scale, "the title is not where the scaled picture puts it"
        program.resize(1500, 1000)
        program.click(640, 636)  # Settings, at its place in the scaled picture

        def settings_open():
            image = program.shot(tmp_path / "settings_scaled.png")
            return image, _close(program.logical(image, *SETTINGS_PROBE), palette.PANEL, 3)

        settings = _eventually(settings_open)
        assert _close(program.logical(settings, *SETTINGS_PROBE), palette.PANEL, 3), "the click missed Settings"
        program.click(*MUTE_BOX)
        config = tmp_path / "config" / "settings.json"

        def ticked_box():
            image = program.shot(tmp_path / "mute_ticked.png")
            return image, config.exists() and '"muted": true' in config.read_text()

        ticked = _eventually(ticked_box)
        assert '"muted": true' in config.read_text(), "the click missed Mute"
        assert _close(program.logical(ticked, MUTE_BOX[0] - 8, MUTE_BOX[1] - 8), palette.GOLD_DARK, 40)
        program.key("F11")
        program.key("F11")
        assert '"fullscreen": false' in (tmp_path / "config" / "settings.json").read_text()
        output = program.quit()
        assert "Traceback" not in output, output


def test_on_a_1280x720_screen_the_whole_window_fits(tmp_path):
    with _managed_display(tmp_path, screen="1280x720", offset=1) as display:
        program = Program(display, tmp_path, "small_screen")
        x, y, w, h = program.geometry()
        assert y > 0, "the title bar is on the screen"
        assert x + w <= 1280 and y + h <= 720, (x, y, w, h)
        assert w >= 960 and h >= 540
        image = program.shot(tmp_path / "small_screen.png")
        for corner in ((4, 4), (1275, 715)):
            assert _close(program.logical(image, *corner), palette.BG, 30)
        program.click(1080, 636)  # Quit, at its place in the scaled picture
        assert program.proc.wait(timeout=60) == 0


BROKEN_SETTINGS = {
    "deep": ('{"muted": ' + "[" * 3000 + "]" * 3000 + "}").encode(),
    "not_utf8": b'{"master_volume": "\xff"}',
    "400_digit_volume": ('{"master_volume": ' + "9" * 400 + "}").encode(),
    "list_for_a_number": b'{"master_volume": [0.5]}',
}


@pytest.mark.slow
def test_broken_settings_files_start_with_defaults_said_once_and_kept(tmp_path):
    """The installed program started twice on a broken settings file: the reset is said on the first start only,
    the file is kept aside and rewritten, nothing reaches the player as a traceback. The deepest file by default
    (two starts; all four kinds under TABLETRIO_FULL_SWEEPS=1): tests/test_bad_files.py checks the four kinds
    in process (reset once, kept aside, rewritten, said once)."""
    with _managed_display(tmp_path) as display:
        for name, raw in list(BROKEN_SETTINGS.items())[:None if FULL else 1]:
            config = tmp_path / "config"
            shutil.rmtree(config, ignore_errors=True)
            config.mkdir()
            (config / "settings.json").write_bytes(raw)
            for start in (1, 2):
                program = Program(display, tmp_path, f"{name}_{start}")
                for _ in range(20):  # the first frames may still be on their way to the X server
                    image = program.shot(tmp_path / f"{name}_{start}.png")
                    title_gold = [p for p in _pixels(image.crop((300, 40, 980, 200))) if _close(p, palette.GOLD, 40)]
                    dimmed = len(title_gold) < 500  # a dialog dims the menu under it
                    if dimmed == (start == 1):
                        break
                    time.sleep(0.1)
                assert dimmed == (start == 1), f"{name}: the reset dialog shows on start {start}: {dimmed}"
                assert (config / "settings.json.broken").read_bytes() == raw
                assert '"master_volume": 0.8' in (config / "settings.json").read_text()
                program.key("Escape")  # closes the dialog (the first time) or asks to quit
                output = program.quit()
                assert "Traceback" not in output and "internal error" not in output, output


@pytest.mark.slow
def test_in_a_small_window_every_control_of_the_menu_and_settings_shows_its_tip_where_it_is_drawn(tmp_path):
    """The screen dump (scenes.automation) names each hotspot's rect in window pixels: in a 1000x600 window,
    the mouse put on each one by xdotool hovers that very control, and its tip is there to read."""
    import json

    with _managed_display(tmp_path) as display:
        dump = tmp_path / "screen.json"
        display.env["TABLETRIO_SCREEN_DUMP"] = str(dump)
        program = Program(display, tmp_path, "tips")
        program.resize(1000, 600)

        def seen(scene: str, hovered: str | None = None) -> dict:
            end = time.monotonic() + 8
            while True:
                try:
                    data = json.loads(dump.read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    data = {}
                if (data.get("scene") == scene and data.get("window") == [1000, 600] and \
                        (hovered is None or data.get("hovered") == hovered)) or time.monotonic() > end:
                    return data
                time.sleep(0.1)

        for scene, opener in (("MenuScene", None), ("SettingsScene", "button:settings")):
            if opener is not None:
                rect = next(s["rect"] for s in seen("MenuScene")["hotspots"] if s["key"] == opener)
                display.run("xdotool", "mousemove", "--window", program.window, str(rect[0] + rect[2] // 2),
                            str(rect[1] + rect[3] // 2), "click", "1")
            spots = seen(scene)["hotspots"]
            assert len(spots) >= 5, f"{scene}: its controls are hotspots"
            for s in spots:
                x, y = s["rect"][0] + s["rect"][2] // 2, s["rect"][1] + s["rect"][3] // 2
                display.run("xdotool", "mousemove", "--window", program.window, str(x), str(y))
                data = seen(scene, s["key"])
                assert data.get("hovered") == s["key"], f"{scene}: the mouse at {x},{y} is not on {s['key']}"
                assert s["tip"] and all(line.strip() for line in s["tip"])
        output = program.quit()
        assert "Traceback" not in output, output
