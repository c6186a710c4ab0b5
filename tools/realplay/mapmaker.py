"""Build a Khrysos map as a map maker would, in a real window, then play a game on it to its end screen:
python mapmaker.py OUT [seat2] (seat2: easy|normal|hard, the computer the human plays against; default normal).

From the menu: New game, Map builder; the tiles dragged one by one from the tile list onto the grid; two of
them selected with Shift+click and moved together, then put back with Ctrl+Z; the name typed; the notes
written (description, author, players); a problem clicked in the list; saved; Play this map; in the setup the
second seat given to the computer; then the game played with clicks by game.play. Screenshots in OUT/shots.
DRIVE_DISPLAY names the X display (default :10).
"""
import json
import os
import random
import sys
import time

from drv import Driver
from game import LEVELS, play

# The map: a square room of 4 x 4 tile cards in the middle of the grid, zones at its edges, pillars inside.
LAYOUT = [
    ("zone1", 5, 5), ("floor", 6, 5), ("corridor", 7, 5), ("zone2", 8, 5),
    ("pillar", 5, 6), ("twin_pillars", 6, 6), ("floor", 7, 6), ("pillar", 8, 6),
    ("zone3", 5, 7), ("floor", 6, 7), ("stairs", 7, 7), ("zone4", 8, 7),
    ("zone5", 5, 8), ("floor", 6, 8), ("floor", 7, 8), ("zone6", 8, 8),
]


def logical(d, x, y):
    """A point of the 1280 x 720 picture in the window's pixels."""
    dd = d.dump()
    return dd["offset"][0] + x * dd["scale"], dd["offset"][1] + y * dd["scale"]


def drag_tile(d, tile, slot):
    """Press on a tile card, move onto the grid (empty places become hotspots while a tile is carried), drop."""
    src = d.spot(d.dump(), f"tile:{tile}")
    d.move(*d.centre(src["rect"]))
    time.sleep(0.2)
    d.x("mousedown", "1")
    time.sleep(0.3)
    d.move(src["rect"][0] + 200, src["rect"][1] + 10)
    time.sleep(0.3)
    d.move(src["rect"][0] + 260, src["rect"][1] + 40)
    key = f"slot:{slot[0]},{slot[1]}"
    dd = d.wait_dump(lambda dd: d.spot(dd, key) is not None, timeout=15)
    d.move(*d.centre(d.spot(dd, key)["rect"]))
    time.sleep(0.2)
    d.x("mouseup", "1")
    time.sleep(0.35)


def main():
    out = sys.argv[1]
    seat2 = sys.argv[2] if len(sys.argv) > 2 else "normal"
    d = Driver(out, (1280, 720), display=os.environ.get("DRIVE_DISPLAY", ":10"))
    (d.out / "c").mkdir(parents=True, exist_ok=True)
    (d.out / "c" / "settings.json").write_text(json.dumps({"animation_speed": "fast", "master_volume": 0.0}))
    d.start()
    try:
        build_and_play(d, seat2)
    finally:
        d.save_texts()
        d.stop()


def until(d, key, timeout=30):
    """Wait for hotspot `key` to be on screen (a busy machine takes its time)."""
    return d.wait_dump(lambda dd: d.spot(dd, key) is not None, timeout=timeout)


def go(d, key, then):
    """Click `key` until hotspot `then` shows (a click in the first moments of a window may be lost)."""
    until(d, key)
    for _ in range(4):
        d.click(key)
        if d.spot(until(d, then, timeout=15), then) is not None:
            return
    raise RuntimeError(f"{key} did not lead to {then}")


def build_and_play(d, seat2):
    go(d, "button:new:khrysos", "button:builder")
    go(d, "button:builder", "tile:zone1")
    time.sleep(1.0)
    d.shot("builder-new")
    for tile, x, y in LAYOUT:
        drag_tile(d, tile, (x, y))
        if (x, y) == (8, 5):
            d.hover_read("problems", shot=True, name="problems-while-building")
    d.shot("built")
    # two tiles selected and moved together, then put back (one undo step)
    for slot in ((6, 7), (7, 7)):
        rect = d.spot(d.dump(), f"slot:{slot[0]},{slot[1]}")["rect"]
        d.x("keydown", "shift")
        d.click_at(*d.centre(rect))
        d.x("keyup", "shift")
        time.sleep(0.3)
    d.shot("two-selected")
    rect = d.spot(d.dump(), "slot:7,7")["rect"]
    d.move(*d.centre(rect))
    d.x("mousedown", "1")
    d.move(rect[0] + rect[2] // 2, rect[1] + rect[3] + rect[3] // 2 + 2)  # one place down
    time.sleep(0.4)
    d.shot("moving-two")
    d.move(rect[0] + rect[2] // 2 + 1, rect[1] + 3 * rect[3] + rect[3] // 2)  # two places down: off the room
    time.sleep(0.3)
    d.x("mouseup", "1")
    time.sleep(0.5)
    d.shot("moved-two")
    d.hover_read("problems")
    notes = [h for h in d.dump()["hotspots"] if h["key"].startswith("problem:")]
    if notes:
        d.click_at(*d.centre(notes[0]["rect"]))
        time.sleep(0.5)
        d.shot("problem-shown")
    d.x("key", "ctrl+z")
    time.sleep(0.5)
    d.shot("undone")
    # its name
    d.click_at(*logical(d, 1050, 106))
    d.x("key", "ctrl+a")
    d.x("type", "--delay", "40", "Four Corners")
    d.x("key", "Return")
    time.sleep(0.4)
    # its notes
    d.click(text="Notes")
    until(d, "field:description")
    d.click("field:description")
    d.x("type", "--delay", "20", "A square room: the zones sit at its edges, two pillars guard the middle "
                                 "and stairs slow the way east.")
    d.click("field:author")
    d.x("type", "--delay", "30", "Maps helper")
    d.click(text="2")
    d.shot("notes")
    d.click(text="OK")
    time.sleep(0.5)
    for h in d.dump()["hotspots"]:
        if h["key"].startswith(("button:", "check:")):
            d.hover_read(rect=h["rect"])
    d.x("key", "ctrl+s")
    time.sleep(0.6)
    d.shot("saved")
    d.click(text="Play this map")
    until(d, "button:start")
    time.sleep(1.0)
    d.shot("setup-with-the-map")
    d.click("menu:seat:1")
    time.sleep(0.7)
    options = [b for b in d.dump()["buttons"] if b["text"] == LEVELS[seat2]]
    d.click_at(*d.centre(options[-1]["rect"]))
    time.sleep(0.6)
    d.shot("setup")
    d.click("button:start")
    time.sleep(3)
    play(d, "khrysos", random.Random(34))


if __name__ == "__main__":
    main()
