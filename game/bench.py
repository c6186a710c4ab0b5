"""Rules throughput: `python -m game.bench GAME --seconds S` plays random games and prints steps and games per second.

A step is `legal_actions` plus `apply` of a random legal choice. The last line reads
`GAME steps_per_s=N games_per_s=M`. With `--profile` the run goes under the standard
library's profiler, which prints the functions that took the most time (their own time, then
with callees) before that line; the figures of a profiled run are slower than a plain one.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time

from game import registry
from game.core.api import choose
from game.core.rng import Rng


def measure(game_id: str, seconds: float) -> tuple[float, float, int, int]:
    module = registry.load(game_id)
    setup = module.bench_setup()
    rng = Rng(12345)
    steps = games = 0
    seed = 0
    start = time.perf_counter()
    deadline = start + seconds
    state = module.new_game(setup, seed)
    while True:
        legal = module.legal_actions(state)
        if not legal:
            games += 1
            if time.perf_counter() >= deadline:
                break
            seed += 1
            state = module.new_game(setup, seed)
            continue
        state, _ = module.apply(state, choose(module, state, legal, rng))
        steps += 1
        if steps % 256 == 0 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed, steps, games


def profile_table(profiler: cProfile.Profile, top: int) -> str:
    """The `top` functions by their own time, then by time with callees, as pstats prints them."""
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.strip_dirs()
    out.write(f"-- top {top} functions by own time --\n")
    stats.sort_stats("tottime").print_stats(top)
    out.write(f"-- top {top} functions by time with callees --\n")
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue().rstrip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__.splitlines()[0])
    parser.add_argument("game", help="one of: " + ", ".join(registry.GAMES))
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--profile", action="store_true", help="print the functions that took the most time (the run is slower)")
    parser.add_argument("--top", type=int, default=25, help="how many functions --profile prints (default 25)")
    args = parser.parse_args(argv)
    try:
        registry.load(args.game)
    except LookupError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.profile:
        profiler = cProfile.Profile()
        steps_s, games_s, steps, games = profiler.runcall(measure, args.game, args.seconds)
        print(profile_table(profiler, args.top))
    else:
        steps_s, games_s, steps, games = measure(args.game, args.seconds)
    print(f"{steps} steps, {games} games finished in {args.seconds:g} s")
    print(f"{args.game} steps_per_s={steps_s:.0f} games_per_s={games_s:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
