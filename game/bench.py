"""Rules throughput: `python -m game.bench GAME --seconds S` plays random games and prints steps and games per second.

A step is `legal_actions` plus `apply` of a random legal choice. The last line reads
`GAME steps_per_s=N games_per_s=M`.
"""

from __future__ import annotations

import argparse
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__.splitlines()[0])
    parser.add_argument("game", help="one of: " + ", ".join(registry.GAMES))
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args(argv)
    try:
        registry.load(args.game)
    except LookupError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    steps_s, games_s, steps, games = measure(args.game, args.seconds)
    print(f"{steps} steps, {games} games finished in {args.seconds:g} s")
    print(f"{args.game} steps_per_s={steps_s:.0f} games_per_s={games_s:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
