"""Start Tabletop Trio: `tabletrio` or `python -m scenes` opens the main menu.

For automation: `python -m scenes --scene NAME --seed N --frames N --screenshot PATH`
(and `--autoplay`: the computer plays every seat of a board, at full speed, printing
`autosaved N` after each autosave and `game over N` when the game ends; the crash-safety test kills it at
random moments)
runs N frames of that scene (a board starts a default game from the seed, already past
setup), saves a PNG and exits 0. Bad arguments (an unknown scene, `--frames 0`, a screenshot
folder that cannot be made) print the usage and a reason, and exit 2. With $TABLETRIO_SCREEN_DUMP naming
a file, a real window writes there what the top scene offers (scenes.automation), for a driver that
plays it with xdotool.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from pathlib import Path


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} frames: at least 1 is needed")
    return value


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The arguments; exits 2 with the usage and the reason for anything unusable (argparse's own way)."""
    from scenes import registry

    parser = argparse.ArgumentParser(prog="tabletrio", description="Three tabletop games at one computer, in hot-seat.")
    parser.add_argument("--scene", default="menu", help=f"scene to open: {', '.join(registry.SCENES)}")
    parser.add_argument("--seed", type=int, default=0, help="seed of the game a board scene starts")
    parser.add_argument("--frames", type=_positive, default=None, help="run this many frames (1 or more), then exit")
    parser.add_argument("--screenshot", default=None, help="save the last frame as a PNG here (needs --frames)")
    parser.add_argument("--continue", dest="resume", default=None, metavar="GAME",
                        help=f"continue the autosaved game of GAME ({', '.join(g.game_id for g in registry.playable_games())}), "
                             "as the menu's Continue does")
    parser.add_argument("--autoplay", action="store_true",
                        help="the computer plays every seat of a board at full speed (for testing)")
    args = parser.parse_args(argv)
    if args.scene not in registry.SCENES:
        parser.error(f"unknown scene {args.scene!r}; known scenes: {', '.join(registry.SCENES)}")
    if args.screenshot is not None:
        if args.frames is None:
            parser.error("--screenshot needs --frames (the screenshot is taken after the last frame)")
        problem = _unwritable(Path(args.screenshot))
        if problem:
            parser.error(f"--screenshot {args.screenshot}: {problem}")
    return args


def _unwritable(path: Path) -> str | None:
    """Why a screenshot cannot be written at `path` (its folder is made if needed), or None."""
    if path.suffix.lower() != ".png":
        return "the file name must end in .png"
    if path.is_dir():
        return "that is a folder"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return f"its folder cannot be made ({e.strerror or e})"
    if not os.access(path.parent, os.W_OK):
        return "its folder cannot be written to"
    return None


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from scenes import registry

    automated = args.frames is not None
    app = lock = other = None
    try:
        from scenes import instance
        from scenes.app import App

        if not automated and not args.autoplay:  # one copy writes the data folder at a time
            lock, other = instance.acquire()
            if lock is not None:
                instance.listen_for_front()
        app = App(persist_settings=not automated and not args.autoplay and other is None)  # inside the handler: a crash here gets a log too
        app.autoplay = args.autoplay
        if other is not None:
            from scenes.alreadyopen import AlreadyOpenScene

            app.push(AlreadyOpenScene(app, other))
        elif args.resume is not None:
            scene = _continue(app, args.resume)
            if scene is None:
                return 1
            app.push(scene)
        else:
            app.push(registry.make_scene(args.scene, app, args.seed))
            if args.scene == "menu" and not automated and not args.autoplay:
                from scenes.khrysos.builderdraft import offer_on_start

                app.run_frames(1)  # the menu drawn whole first: the offer dims it, never hides half of it
                offer_on_start(app)  # a map left unsaved in the builder is offered back first
        if automated:
            app.run_frames(args.frames)
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
        if app is not None:
            app.close()
        if lock is not None:
            lock.release()
    return 0


def _continue(app, game_id: str):
    """The board of the autosaved game of `game_id`, or None after saying why it cannot be continued."""
    from game.core import SaveError
    from scenes import registry, saves

    entry = next((g for g in registry.playable_games() if g.game_id == game_id), None)
    if entry is None:
        print(f"tabletrio: no game called {game_id!r} can be played", file=sys.stderr)
        return None
    try:
        match = saves.load_autosave(game_id)
    except SaveError as e:
        print(f"tabletrio: the {entry.title} game cannot be continued: {e}", file=sys.stderr)
        return None
    return registry.resolve(entry.resume)(app, match)


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
