"""Play one whole game in a real window: python game.py GAME W H OUT [seats...] (seat: human|easy|normal|hard).

The human seats click what the screen offers, at random but weighted towards what moves a game on (a square
that only names itself is rarely clicked, a refused click is not tried again in the same position); now and
then it asks for a suggestion and takes a step back and forth. At the end it hovers the end screen and
watches the replay. DRIVE_DISPLAY names the X display (default :10).
"""
import json
import os
import random
import sys
import time
from collections import Counter

from drv import Driver

META = ("button:rules", "button:suggest", "button:undo", "button:redo", "term:", "button:menu", "button:pause",
        "button:save", "replay", "field:", "opening", "score:", "card:symbol", "energy", "die:", "preview:")
WEIGHTS = {
    "krosmaster": {"spell": 4, "cell": 3, "button": 1, "favor": 2, "slot": 2, "fighter": 0.3, "choice": 3, "option": 3},
    "krom": {"button": 3, "card": 2, "place": 3, "cell": 2, "die": 2, "choice": 3, "option": 3},
    "khrysos": {"cell": 3, "action": 3, "button": 2, "hunter": 2, "choice": 3, "option": 3},
}
LEVELS = {"easy": "Computer: Easy", "normal": "Computer: Normal", "hard": "Computer: Hard"}


def main():
    game, w, h, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    seats = sys.argv[5:] or ["human", "normal"]
    rng = random.Random(hash(out) & 0xFFFF)
    d = Driver(out, (w, h), display=os.environ.get("DRIVE_DISPLAY", ":10"))
    (d.out / "c").mkdir(parents=True, exist_ok=True)
    (d.out / "c" / "settings.json").write_text(json.dumps({"animation_speed": "fast", "master_volume": 0.0}))
    d.start()
    d.shot("menu")
    d.hover_read("button:new:" + game)
    d.click("button:new:" + game)
    time.sleep(1.5)
    dd = d.dump()
    if game == "krom" or game == "khrysos":
        setup_players(d, len(seats))
    for i, seat in enumerate(seats):
        if seat != "human":
            d.click(f"menu:seat:{i}")
            time.sleep(0.7)
            dd = d.dump()
            options = [b for b in dd["buttons"] if b["text"] == LEVELS[seat]]
            d.click_at(*d.centre(options[-1]["rect"]))
            time.sleep(0.6)
    d.shot("setup")
    d.click("button:start")
    time.sleep(2)
    play(d, game, rng, w, h)


def play(d, game, rng, w=1280, h=720):
    """Play the game on screen to its end screen (or an hour): the human seats click, the end screen and the
    replay are looked at, and what was read is kept under the driver's OUT."""
    clicks = stuck = 0
    last_actions = -1
    refused = set()
    d.refusals = []
    kinds = Counter()
    started = time.time()
    shots_every = 12
    while time.time() - started < 3600:
        dd = d.dump()
        d.record(dd)
        scene = dd.get("scene")
        if scene == "GameOverScene":
            time.sleep(1.5)
            d.record(d.dump())
            d.shot("gameover")
            for hs in d.dump()["hotspots"]:
                d.hover_read(rect=hs["rect"])
            replay(d)
            break
        if scene == "HandOffScene":
            time.sleep(0.6)
            d.shot("handoff")
            target = next((x for x in dd["hotspots"] if x["enabled"] and x["click"]), None)
            if target:
                d.hover_read(rect=target["rect"])
                d.click_at(*d.centre(target["rect"]))
            time.sleep(1.0)
            continue
        board = dd.get("board")
        on_board = scene and scene.endswith("Board")
        if on_board and (not board or not board["mine"] or board["locked"]):
            time.sleep(0.4)
            continue
        if board and board["actions"] == last_actions:
            stuck += 1
        else:
            stuck = 0
            refused = set()
            last_actions = board["actions"] if board else -1
        cands = [x for x in dd.get("hotspots", []) if x["enabled"] and x["click"] and not x["key"].startswith(META)
                 and x["key"] not in refused]
        if not cands:
            time.sleep(0.4)
            continue
        weights = []
        for x in cands:
            prefix = x["key"].split(":")[0]
            wgt = WEIGHTS[game].get(prefix, 1)
            if x["key"].startswith("button:end") or "end" in x["key"] or "pass" in x["key"]:
                wgt = 0.6 + stuck * 1.5
            text = " ".join(x["tip"]).lower()
            for word, factor in (("realize", 4), ("cast ", 3), ("hunt", 2), ("hit ", 3), ("treasure", 2), ("buy", 2),
                                 ("capture", 2), ("attack", 2), ("upgrade", 2)):
                if word in text:
                    wgt *= factor
            if x["key"].startswith(("cell:", "hunter:")) and len(x["tip"]) <= 1:
                wgt *= 0.02  # a square that only says its name: a click there does nothing
            weights.append(wgt)
        pick = rng.choices(cands, weights)[0]
        clicks += 1
        kinds[pick["key"].split(":")[0]] += 1
        d.hover_read(rect=pick["rect"], shot=(clicks % shots_every == 1), name=f"hover-{pick['key'].replace(':', '_')}")
        # now and then ask for a suggestion, and take a step back and forth
        if clicks % 25 == 0 and d.spot(dd, "button:suggest") and d.spot(dd, "button:suggest")["enabled"]:
            d.hover_read("button:suggest")
            d.click("button:suggest")
            time.sleep(2.5)
            d.record(d.dump())
            d.shot("suggest")
        d.click_at(*d.centre(pick["rect"]))
        time.sleep(0.5)
        after = d.dump()
        if after.get("refusal"):
            refused.add(pick["key"])
            d.refusals.append((pick["key"], after["refusal"]))
        if clicks % 40 == 0:
            undo = d.spot(d.dump(), "button:undo")
            if undo and undo["enabled"]:
                d.hover_read("button:undo")
                d.click("button:undo")
                time.sleep(1.0)
                d.shot("after-undo")
                redo = d.spot(d.dump(), "button:redo")
                if redo and redo["enabled"]:
                    d.click("button:redo")
                    time.sleep(1.0)
        if stuck > 60:
            d.shot("stuck")
            print("stuck", json.dumps(dd)[:3000])
            break
    d.save_texts()
    (d.out / "refusals.txt").write_text("\n".join(f"{k}: {r}" for k, r in d.refusals) + "\n")
    print(game, w, h, "clicks", clicks, "kinds", dict(kinds), "time", round(time.time() - started), "scene", d.dump()["scene"])
    d.stop()


def replay(d):
    """Watch the replay from the end screen: every control of the replay bar hovered, a few steps taken."""
    if not d.spot(d.dump(), "button:watch_the_replay"):
        return
    d.click("button:watch_the_replay")
    time.sleep(2.0)
    d.shot("replay")
    dd = d.dump()
    print("replay scene", dd["scene"], [h["key"] for h in dd["hotspots"] if h["key"].startswith(("replay", "button"))])
    for h in dd["hotspots"]:
        if h["key"].startswith(("replay", "button:")):
            d.hover_read(rect=h["rect"])
    d.shot("replay-hover")
    for key in [h["key"] for h in dd["hotspots"] if h["key"].startswith("replay") and h["enabled"]][:4]:
        d.click(key)
        time.sleep(1.2)
        d.shot("replay-" + key.replace(":", "_"))
    d.record(d.dump())


def setup_players(d, n):
    for _ in range(6):
        dd = d.dump()
        have = sum(x["key"].startswith("menu:seat:") for x in dd["hotspots"])
        if have == n:
            return
        d.click("button:more" if have < n else "button:fewer")
        time.sleep(0.6)


if __name__ == "__main__":
    main()
