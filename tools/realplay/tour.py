"""Visit every screen off the menu in a real window: python tour.py W H OUT; every hotspot hovered, screenshots."""
import os
import sys
import time

from drv import Driver

from game import registry

w, h, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
d = Driver(out, (w, h), display=os.environ.get("DRIVE_DISPLAY", ":10"))
d.start()


def tour(name, shots=2):
    dd = d.wait_dump(lambda x: True)
    d.shot(name)
    spots = [s for s in dd.get("hotspots", []) if not s["key"].startswith("term:")]
    for i, s in enumerate(spots):
        d.hover_read(rect=s["rect"], shot=(i % max(1, len(spots) // shots) == 0 and i > 0), name=f"{name}-{s['key'].replace(':', '_')}")
    print(name, dd["scene"], len(spots), "hotspots")


def back():
    d.x("key", "--window", d.wid, "Escape")
    time.sleep(1.2)


def open_(key, wait=1.5):
    d.click(key)
    time.sleep(wait)


tour("menu")
for key in ("button:settings", "button:saves", "button:credits"):
    open_(key)
    tour(key.split(":")[1])
    back()
for game in registry.GAMES:  # the menu's games (game/games/)
    open_(f"button:rules:{game}")
    tour(f"rules-{game}")
    back()
    open_(f"button:learn:{game}")
    tour(f"learn-{game}")
    back()
open_("button:new:khrysos")
for key in ("button:random_map", "button:paste_code"):
    open_(key)
    tour(key.split(":")[1])
    back()
open_("button:builder", 2.5)
tour("builder", shots=4)
back()
d.save_texts()
d.stop()
