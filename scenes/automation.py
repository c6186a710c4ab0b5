"""For automation: what the top scene offers, written where a driver outside the program can read it.

With $TABLETRIO_SCREEN_DUMP naming a file, the program writes there (atomically, a few times a second while
frames run, and as the screen settles) what a player reads on the screen: the top scene, every hotspot with its
rect in the window's own pixels, its tip and whether it is greyed, the visible buttons, and on a board the status
line, the log, whose turn it is and which hotspots play each legal action. A driver under Xvfb (xdotool) uses it
to play whole games with real clicks, the way a player finds what to click by looking, and keeps every tip and
log line it met to be read afterwards. Nothing is written, nor asked of any scene, when the variable is unset.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

PERIOD = 0.2  # seconds between two writes at most


def _rect(r, scale: float, offset: tuple[float, float]) -> list[int]:
    return [round(offset[0] + r.x * scale), round(offset[1] + r.y * scale), max(1, round(r.w * scale)),
            max(1, round(r.h * scale))]


def _chosen(widget) -> str | None:
    """A drop-down list's chosen option, as its face shows it (pygame-gui gives a (label, id) pair or the label)."""
    option = getattr(widget, "selected_option", None)
    return option[0] if isinstance(option, tuple) else option


class ScreenDump:
    """Written after frames, at most every PERIOD while they run, and once more at the first nap after them: the
    screen as it settled, at once (a driver waits for it). Nothing is described while the app naps: nothing on
    the screen can change without a frame (the table's news, input and animations all bring frames), and
    describing a board (every hotspot's tip) takes about 12 ms of CPU."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.last = ""
        self.wait = 0.0
        self.dirty = True  # frames ran since the last description

    @classmethod
    def from_environment(cls) -> ScreenDump | None:
        path = os.environ.get("TABLETRIO_SCREEN_DUMP")
        return cls(path) if path else None

    def tick(self, app, dt: float) -> None:
        """After a frame of `dt` seconds: written if PERIOD passed since the last write."""
        self.dirty = True
        self.wait -= dt
        if self.wait <= 0:
            self.write(app)

    def nap(self, app) -> None:
        """The app naps (nothing moves, no input): the screen as the last frame left it, if not written yet."""
        if self.dirty:
            self.write(app)

    def write(self, app) -> None:
        self.wait = PERIOD
        self.dirty = False
        try:
            text = json.dumps(self.describe(app), ensure_ascii=False)
        except Exception as e:  # noqa: BLE001 - a driver's view is never a reason to stop a game
            text = json.dumps({"error": f"{type(e).__name__}: {e}"})
        if text == self.last:
            return
        self.last = text
        temp = self.path.with_suffix(self.path.suffix + ".tmp")
        try:
            temp.write_text(text, encoding="utf-8")
            os.replace(temp, self.path)
        except OSError:
            pass  # a driver's file is no reason to stop a game

    def describe(self, app) -> dict:
        logical = app.size
        window = tuple(app.window.size) if getattr(app, "window", None) is not None else logical
        scale = min(window[0] / logical[0], window[1] / logical[1])
        offset = ((window[0] - logical[0] * scale) / 2, (window[1] - logical[1] * scale) / 2)
        top = app.stack.top
        out: dict = {"scene": type(top).__name__ if top is not None else None,
                     "stack": [type(s).__name__ for s in app.stack.scenes], "window": list(window),
                     "scale": scale, "offset": list(offset), "idle": app.idle()}
        if top is None:
            return out
        spots = top.spots
        out["hotspots"] = [{"key": s.key, "rect": _rect(s.rect, scale, offset), "tip": spots.tip_of(s),
                            "enabled": spots.is_enabled(s), "click": s.click is not None or s.widget is not None,
                            "label": getattr(s.widget, "text", None) or _chosen(s.widget)}
                           for s in spots if s.widget is None or s.widget.visible]
        out["hovered"] = spots.hovered.key if spots.hovered is not None else None
        out["tip_hidden"] = bool(spots.came_under)
        out["mouse"] = list(spots.mouse) if spots.mouse else None
        out["refusal"] = spots.refusal.text if spots.refusal is not None else None
        buttons = []
        if top._ui is not None:
            from pygame_gui.elements import UIButton

            for e in top.ui.get_sprite_group().sprites():
                if isinstance(e, UIButton) and e.visible:
                    buttons.append({"text": e.text, "rect": _rect(e.rect, scale, offset), "enabled": e.is_enabled})
        out["buttons"] = buttons
        coached = next((s for s in reversed(app.stack.scenes) if getattr(s, "coach", None) is not None), None)
        if coached is not None:  # a lesson: where it is and what its ring is on (a driver clicks it as a learner would)
            c = coached.coach
            out["lesson"] = {"id": c.lesson.id, "step": c.index + 1, "steps": len(c.lesson.steps),
                             "finished": c.finished, "narration": bool(c.step is not None and c.step.narration),
                             "target": c.target(), "said": c.said}
        board = next((s for s in reversed(app.stack.scenes) if hasattr(s, "match") and hasattr(s, "snap")), None)
        if board is not None:
            text, _ = board.status_text()
            snap = board.snap
            out["board"] = {"status": text, "log": list(board.log.lines)[-80:] if hasattr(board, "log") else [],
                            "actions": len(board.match.actions), "over": board.match.over,
                            "seat": snap.seat, "mine": snap.mine, "locked": bool(board.locked),
                            "flash": board.flash_text, "viewer": board.viewer, "gestures": _gestures(board)}
        return out


def _gestures(board) -> dict[str, list[str]]:
    """While this screen's player may act: each legal action (as text) and the hotspots a player clicks, in order,
    to play it as the board stands (`gesture_keys`, the Suggest button's rings). A driver picks one and clicks
    those hotspots where the dump says they are, as a player who knows what they want would."""
    snap, keys_of = board.snap, getattr(board, "gesture_keys", None)
    if keys_of is None or not snap.mine or board.locked or board.busy or getattr(board, "replay", None) is not None:
        return {}
    return {str(action): keys_of(action) for action in snap.legal}
