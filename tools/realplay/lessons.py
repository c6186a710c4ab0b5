"""Take lessons in a real window, clicking what the gold ring shows: python lessons.py W H OUT GAME [LESSON ...].

Each lesson is started from the menu's Learn button and its list, as a learner would; every step is clicked
with xdotool where the program's screen dump says the ring is (a note's Next, a cell, a card, a button),
after the pointer has rested on it long enough for its tip to show. A screenshot of the window at every step
and at the end; the time each lesson took (a learner reads slower: this is the program's side) goes to
OUT/times.txt. Lessons with no id given: all of the game's."""
import os
import sys
import time

from drv import Driver

w, h, out, game = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
wanted = sys.argv[5:]
d = Driver(out, (w, h), display=os.environ.get("DRIVE_DISPLAY", ":10"))


def sized_start():
    """Start the program and make sure its own window has the size asked (the window manager's frame may be
    the window xdotool found first: every window of the class is resized until the program reports it)."""
    d.start()
    for _ in range(10):
        if tuple(d.dump().get("window", ())) == (w, h):
            return
        for wid in d.x("search", "--onlyvisible", "--classname", "tabletrio").split():
            d.x("windowsize", wid, str(w), str(h))
        time.sleep(1.0)
    print("the window stayed at", d.dump().get("window"), file=sys.stderr)


sized_start()
times = []


def settle(timeout=20.0):
    return d.wait_dump(lambda x: x.get("idle", True) and (x.get("board") is None or not x["board"]["locked"]
                                                          or (x.get("lesson") or {}).get("finished")), timeout=timeout)


def click_when(key, timeout=30.0):
    d.wait_dump(lambda x: d.spot(x, key) is not None, timeout=timeout)
    d.click(key)


def on_list():
    return d.wait_dump(lambda x: any(h["key"].startswith("lesson:start:") for h in x.get("hotspots", [])), timeout=60)


click_when(f"button:learn:{game}")
listed = [h["key"].split(":", 2)[2] for h in on_list()["hotspots"] if h["key"].startswith("lesson:start:") and h["enabled"]]
for lesson in wanted or listed:
    if not any(h["key"] == f"lesson:start:{lesson}" for h in on_list().get("hotspots", [])):
        d.stop()  # the last lesson left somewhere else (the map builder's end): start again from the menu
        sized_start()
        click_when(f"button:learn:{game}")
        on_list()
    start = time.time()
    click_when(f"lesson:start:{lesson}")
    d.wait_dump(lambda x: x.get("lesson") is not None)
    clicks = 0
    while True:
        dd = settle()
        info = dd.get("lesson")
        if info is None or info["finished"] or clicks > 80:
            break
        key = "lesson:next" if info["narration"] else info["target"]
        spot = d.spot(dd, key)
        if spot is None or not spot["enabled"]:
            time.sleep(0.3)  # a computer still plays its scripted moves
            dd = settle()
            spot = d.spot(dd, key)
            if spot is None:
                print(lesson, "step", info["step"], "no hotspot", key, file=sys.stderr)
                break
        d.move(*d.centre(spot["rect"]))
        time.sleep(0.4)
        d.shot(f"{lesson}-s{info['step']:02d}")
        d.click_at(*d.centre(spot["rect"]))
        clicks += 1
        d.wait_dump(lambda x: (x.get("lesson") or {}).get("step") != info["step"] or x.get("lesson") is None
                    or (x.get("lesson") or {}).get("finished"), timeout=8)
    seconds = time.time() - start
    dd = d.wait_dump(lambda x: (x.get("lesson") or {}).get("finished"), timeout=5)
    ok = bool((dd.get("lesson") or {}).get("finished"))
    d.shot(f"{lesson}-end")
    times.append(f"{game}/{lesson} {tuple(dd.get('window', ()))}: {'done' if ok else 'NOT DONE'} in {clicks} clicks, {seconds:.1f} s")
    print(times[-1], flush=True)
    click_when("lesson:list" if ok else "lesson:leave")
with open(os.path.join(out, "times.txt"), "w") as f:
    f.write("\n".join(times) + "\n")
d.save_texts()
d.stop()
