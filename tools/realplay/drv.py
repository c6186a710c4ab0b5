"""Drive Tabletop Trio in a real X window with xdotool, reading $TABLETRIO_SCREEN_DUMP to know what is where.

The program runs from this checkout with its own fresh settings and saves under OUT; every hotspot hovered is
kept with its tip (OUT/tips.txt), every log line met (OUT/log.txt), and screenshots go to OUT/shots. Needs an
X server with a window manager (Xvfb and openbox), xdotool and xwininfo.
"""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
PY = sys.executable


class Driver:
    def __init__(self, out, size=(1280, 720), display=":10"):
        self.out = Path(out)
        if self.out.exists():
            shutil.rmtree(self.out)
        (self.out / "shots").mkdir(parents=True)
        self.size = size
        self.env = dict(os.environ, DISPLAY=display, SDL_VIDEO_X11_WMCLASS="tabletrio", SDL_AUDIODRIVER="dummy",
                        TABLETRIO_CONFIG_DIR=str(self.out / "c"), TABLETRIO_DATA_DIR=str(self.out / "d"),
                        TABLETRIO_SCREEN_DUMP=str(self.out / "dump.json"), PYTHONPATH=ROOT)
        self.nshot = 0
        self.tips = []  # (scene, key, tip lines) met
        self.logs = []
        self.log_seen = set()
        self.proc = None

    def x(self, *args, check=True):
        r = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30)
        return r.stdout.strip()

    def start(self, args=()):
        log = open(self.out / "stdout.log", "w")  # noqa: SIM115 - the program writes to it as long as it runs
        self.proc = subprocess.Popen([PY, "-m", "scenes", *args], cwd=ROOT, env=self.env, stdout=log,
                                     stderr=subprocess.STDOUT)
        for _ in range(100):
            wid = self.x("search", "--onlyvisible", "--classname", "tabletrio")
            if wid:
                self.wid = wid.split()[0]
                break
            time.sleep(0.2)
        time.sleep(1.5)
        if tuple(self.size) != (1280, 720):
            self.x("windowsize", self.wid, str(self.size[0]), str(self.size[1]))
            time.sleep(1.0)
        self.wait_dump()

    def alive(self):
        return self.proc.poll() is None

    def dump(self):
        for _ in range(50):
            try:
                return json.loads((self.out / "dump.json").read_text())
            except (OSError, ValueError):
                time.sleep(0.1)
        raise RuntimeError("no dump")

    def wait_dump(self, cond=lambda d: True, timeout=30.0, poll=0.15):
        end = time.time() + timeout
        d = None
        while time.time() < end:
            try:
                d = self.dump()
                if cond(d):
                    return d
            except RuntimeError:
                pass
            if not self.alive():
                raise RuntimeError("program exited")
            time.sleep(poll)
        return d

    def record(self, d):
        b = d.get("board")
        if b:
            new = b["log"]
            prev = getattr(self, "_prev_log", [])
            k = 0  # the longest tail of prev that is a head of new
            for n in range(min(len(prev), len(new)), 0, -1):
                if prev[-n:] == new[:n]:
                    k = n
                    break
            if prev and k == 0 and new:
                self.logs.append("[... log rebuilt ...]")
            self.logs.extend(new[k:])
            self._prev_log = list(new)

    def move(self, x, y):
        self.x("mousemove", "--window", self.wid, str(int(x)), str(int(y)))

    def click_at(self, x, y, button=1):
        self.move(x, y)
        time.sleep(0.08)
        self.x("click", str(button))

    def centre(self, rect):
        return rect[0] + rect[2] // 2, rect[1] + rect[3] // 2

    def spot(self, d, key):
        return next((h for h in d.get("hotspots", []) if h["key"] == key), None)

    def button(self, d, text):
        return next((b for b in d.get("buttons", []) if b["text"] == text), None)

    def hover_read(self, key=None, rect=None, shot=False, name="hover"):
        """Move onto a hotspot, wait for its tip, keep the tip the program says is showing."""
        d = self.dump()
        if rect is None:
            h = self.spot(d, key)
            if h is None:
                return None
            rect = h["rect"]
        self.move(*self.centre(rect))
        time.sleep(0.35)
        d = self.wait_dump(lambda d: d.get("hovered") is not None, timeout=1.5)
        hk = d.get("hovered")
        h = self.spot(d, hk) if hk else None
        if h:
            self.tips.append((d["scene"], hk, h["tip"], h["enabled"]))
        if shot:
            self.shot(name)
        return h

    def click(self, key=None, text=None, shot_name=None):
        d = self.dump()
        target = self.spot(d, key) if key else self.button(d, text)
        if target is None:
            raise KeyError(key or text)
        self.click_at(*self.centre(target["rect"]))
        time.sleep(0.25)
        if shot_name:
            self.shot(shot_name)
        return target

    def shot(self, name):
        self.nshot += 1
        path = self.out / "shots" / f"{self.nshot:04d}-{name}.png"
        from PIL import ImageGrab
        info = subprocess.run(["xwininfo", "-id", self.wid], env=self.env, capture_output=True, text=True).stdout
        if "Absolute upper-left X" not in info:
            self.wid = self.x("search", "--onlyvisible", "--classname", "tabletrio").split()[0]
            info = subprocess.run(["xwininfo", "-id", self.wid], env=self.env, capture_output=True, text=True).stdout
        g = {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in info.splitlines()) if v}
        x, y = int(g["Absolute upper-left X"]), int(g["Absolute upper-left Y"])
        w, h = int(g["Width"]), int(g["Height"])
        ImageGrab.grab(bbox=(x, y, x + w, y + h), xdisplay=self.env["DISPLAY"]).save(path)
        return path

    def stop(self):
        if self.proc and self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def save_texts(self):
        with open(self.out / "tips.txt", "w") as f:
            seen = set()
            for scene, key, tip, en in self.tips:
                k = (key.split(":")[0], tuple(tip))
                if k in seen:
                    continue
                seen.add(k)
                f.write(f"[{scene}] {key} {'' if en else '(greyed)'}\n   " + "\n   ".join(tip) + "\n")
        with open(self.out / "log.txt", "w") as f:
            f.write("\n".join(self.logs) + "\n")
