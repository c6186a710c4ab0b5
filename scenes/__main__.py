"""Start Tabletop Trio: `tabletrio` or `python -m scenes` opens the main menu.

For automation: `python -m scenes --scene NAME --seed N --frames N --screenshot PATH`
runs N frames of that scene (a board starts a default game from the seed, already past
setup), saves a PNG and exits 0; an unknown scene name prints the known ones and exits 2.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="tabletrio", description="Three tabletop games at one computer, in hot-seat.")
    parser.add_argument("--scene", default="menu", help="scene to open (menu, showcase, and each game's board)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the game a board scene starts")
    parser.add_argument("--frames", type=int, default=None, help="run this many frames, then exit")
    parser.add_argument("--screenshot", default=None, help="save the last frame as a PNG here")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from scenes import registry

    if args.scene not in registry.SCENES:
        print(f"unknown scene {args.scene!r}; known scenes: {', '.join(registry.SCENES)}", file=sys.stderr)
        return 2
    automated = args.frames is not None
    from scenes.app import App

    app = App(persist_settings=not automated)
    try:
        app.push(registry.make_scene(args.scene, app, args.seed))
        if automated:
            app.run_frames(max(1, args.frames))
            if args.screenshot:
                app.screenshot(args.screenshot)
        else:
            app.run()
    except Exception:  # noqa: BLE001 - last line of defence: a message and a log, never a bare traceback
        log = _crash_log(traceback.format_exc())
        print(f"Tabletop Trio stopped because of an internal error. Your games are autosaved.\nDetails: {log}",
              file=sys.stderr)
        return 1
    finally:
        app.close()
    return 0


def _crash_log(text: str) -> str:
    from scenes.settings import data_dir
    from game.core.serial import atomic_write_text

    path = data_dir() / "crash.log"
    try:
        atomic_write_text(path, text)
    except OSError:
        return "(the crash log could not be written)"
    return str(path)


if __name__ == "__main__":
    sys.exit(main())
