"""Frame time per scene: `python -m scenes.bench` renders frames headless and prints `SCENE median_ms=X p95_ms=Y`.

A frame is the scene stack's update and draw at 1280x720 (the dummy video driver; the
window flip is not counted, as it depends on the display). A scene with a `bench_step()`
method gets it called before each frame (a board plays on by itself, so frames during
its animations are measured too).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time


def measure(name: str, frames: int, warmup: int, seed: int) -> list[float]:
    from scenes import registry
    from scenes.app import App
    from scenes.settings import Settings

    app = App(settings=Settings(), persist_settings=False, audio=False)
    try:
        scene = registry.make_scene(name, app, seed)
        app.push(scene)
        step = getattr(scene, "bench_step", None)  # a board may keep itself busy (play on, animate)
        app.run_frames(warmup)
        times = []
        dt = 1 / 60
        for _ in range(frames):
            start = time.perf_counter()
            if step is not None:
                step()
            app.stack.apply_pending()
            app.update_and_draw(dt)
            times.append((time.perf_counter() - start) * 1000)
        return times
    finally:
        app.close()


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = argparse.ArgumentParser(prog="python -m scenes.bench", description=__doc__.splitlines()[0])
    parser.add_argument("scenes", nargs="*", help="scene names (default: all)")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    from scenes import registry

    names = args.scenes or list(registry.SCENES)
    for name in names:
        if name not in registry.SCENES:
            print(f"unknown scene {name!r}; known scenes: {', '.join(registry.SCENES)}", file=sys.stderr)
            return 2
    for name in names:
        times = sorted(measure(name, args.frames, args.warmup, args.seed))
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"{name} median_ms={statistics.median(times):.2f} p95_ms={p95:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
