"""Bots against bots: `python -m game.arena GAME --bots A,B[,...] --games N --seed S [--workers W]`.

Each game seats the bots in a rotated order (game g puts bot k in seat (k + g) mod n), so
every bot plays every seat equally often over n games. Games are spread over W processes
(the standard library's process pool). It prints each bot's win rate with a 95% Wilson
confidence interval, the median and 95th percentile time per decision (decisions with a
single legal action are not timed: bots answer them at once), both in wall-clock time and
in CPU time of the worker process (the machine may be shared), and for Hard bots how many
searches the time budget (CPU seconds, `--seconds`) ended. The same seed and options give the same games whatever
the number of workers; a Hard bot with a time budget depends on the machine's speed, so
`--iterations N` gives Hard a fixed budget of search iterations instead, for exact repeats.

Like `game.bench`, the arena times the bots from outside; no rule module or bot reads the clock.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from collections.abc import Callable
from dataclasses import dataclass, field

from game import registry
from game.bots import LEVELS, make_bot, play_turn
from game.core.rng import Rng

MAX_DECISIONS = 20_000


@dataclass
class GameResult:
    seed: int
    winners: tuple[int, ...]  # indices into the --bots list (empty: a draw or no result)
    decisions: int
    times: dict[int, list[float]] = field(default_factory=dict)  # bot index -> wall-clock seconds per timed decision
    cpu: dict[int, list[float]] = field(default_factory=dict)  # bot index -> CPU seconds of this process per timed decision
    searches: dict[int, list[int]] = field(default_factory=dict)  # bot index -> [searches, ended by the clock]
    unfinished: bool = False


@dataclass(frozen=True)
class Job:
    game: str
    bots: tuple[str, ...]
    index: int  # game number, 0-based
    seed: int
    seconds: float | None
    iterations: int | None


def setup_for(rules, players: int):
    """The default setup with `players` seats; ValueError when the game has no such setup."""
    game = registry.declaration(rules.GAME_ID)
    low, high = game.players
    if low == high:  # a game for a fixed number of players has no player count in its setup
        if players != low:
            raise ValueError(f"{game.title} is a {low}-player game: give exactly {low} bots")
        return rules.Setup()
    return rules.Setup(players=players)  # the setup's own check says how many it takes


def bot_options(level: str, seconds: float | None, iterations: int | None) -> dict:
    if level != "hard":
        return {}
    if iterations is not None:
        return {"iterations": iterations, "seconds": None}
    # CPU time of the worker (its one thread; thread_time is far cheaper to read than process_time):
    # on a shared machine each search gets the same work budget
    return {"seconds": seconds, "clock": time.thread_time}


def play_game(job: Job) -> GameResult:
    rules = registry.load(job.game)
    n = len(job.bots)
    setup = setup_for(rules, n)
    game_seed = Rng(job.seed * 1_000_003 + job.index).next64()
    seat_bot = [(seat - job.index) % n for seat in range(n)]  # seat -> bot index; bot k sits in seat (k + g) mod n
    bots = [make_bot(job.bots[seat_bot[seat]], job.game, **bot_options(job.bots[seat_bot[seat]], job.seconds, job.iterations)) for seat in range(n)]
    rngs = [Rng(game_seed ^ (0x9E37 * (seat + 1))) for seat in range(n)]
    state = rules.new_game(setup, game_seed)
    result = GameResult(game_seed, (), 0, {k: [] for k in range(n)}, {k: [] for k in range(n)}, {k: [0, 0] for k in range(n)})
    while state.to_move is not None:
        if result.decisions >= MAX_DECISIONS:
            result.unfinished = True
            break
        seat = state.to_move
        k = seat_bot[seat]
        legal = rules.legal_actions(state)
        start, start_cpu = time.perf_counter(), time.thread_time()
        action, _ = play_turn(bots[seat], rules, state, rngs[seat])
        spent, spent_cpu = time.perf_counter() - start, time.thread_time() - start_cpu
        if len(legal) > 1:
            result.times[k].append(spent)
            result.cpu[k].append(spent_cpu)
            last = getattr(bots[seat], "last", None)
            if last:
                result.searches[k][0] += 1
                result.searches[k][1] += bool(last.get("timed_out"))
        state, _ = rules.apply(state, action)
        result.decisions += 1
    outcome = rules.outcome(state)
    if outcome is not None:
        result.winners = tuple(sorted(seat_bot[w] for w in outcome.winners))
    return result


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion wins/n."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(game: str, bots: list[str], games: int, seed: int, workers: int, seconds: float | None, iterations: int | None,
        each: Callable[[int, GameResult], None] | None = None) -> list[GameResult]:
    """Every game's result, in game order; `each(g, result)` is called as each one comes in (in order)."""
    jobs = [Job(game, tuple(bots), g, seed, seconds, iterations) for g in range(games)]
    results: list[GameResult] = []
    if workers <= 1:
        done = (play_game(j) for j in jobs)
        for g, r in enumerate(done):
            results.append(r)
            if each is not None:
                each(g, r)
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for g, r in enumerate(pool.map(play_game, jobs)):
            results.append(r)
            if each is not None:
                each(g, r)
    return results


def progress_line(bots: list[str], g: int, result: GameResult, results_so_far: list[int]) -> str:
    """One game's line for --progress: its winners and the wins of each bot so far."""
    won = ", ".join(bots[k] for k in result.winners) or "nobody"
    tally = ", ".join(f"{name} {n}" for name, n in zip(bots, results_so_far))
    return f"game {g + 1}: won by {won} ({result.decisions} decisions) | wins so far: {tally} of {g + 1}"


def report(game: str, bots: list[str], results: list[GameResult]) -> list[str]:
    n = len(results)
    lines = [f"{game}: {n} games, bots {','.join(bots)} (seats rotated)"]
    draws = sum(1 for r in results if not r.winners)
    unfinished = sum(1 for r in results if r.unfinished)
    for k, name in enumerate(bots):
        wins = sum(1 for r in results if k in r.winners)
        low, high = wilson(wins, n)
        times = [t for r in results for t in r.times[k]]
        cpu = [t for r in results for t in r.cpu[k]]
        searches = sum(r.searches[k][0] for r in results)
        clocked = sum(r.searches[k][1] for r in results)
        line = (
            f"bot {k} {name}: wins {wins}/{n} = {100 * wins / max(n, 1):.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)"
            f" | decision wall median {1000 * percentile(times, 0.5):.1f} ms p95 {1000 * percentile(times, 0.95):.1f} ms,"
            f" CPU median {1000 * percentile(cpu, 0.5):.1f} ms p95 {1000 * percentile(cpu, 0.95):.1f} ms over {len(times)}"
        )
        if name == "hard":
            line += f" | searches ended by the time budget: {clocked}/{searches}"
        lines.append(line)
    lines.append(f"draws {draws}, unfinished {unfinished}, decisions per game {sum(r.decisions for r in results) / max(n, 1):.0f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__.splitlines()[0])
    parser.add_argument("game", help="one of: " + ", ".join(registry.GAMES))
    parser.add_argument("--bots", required=True, help="comma-separated levels, one per seat: " + ", ".join(LEVELS))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=0.5, help="Hard bots' budget per decision, in CPU seconds of the worker")
    parser.add_argument("--iterations", type=int, default=None, help="Hard bots' search iterations per decision instead of a time budget (repeatable)")
    parser.add_argument("--progress", action="store_true", help="print each game's result on stderr as it ends (a long run can be followed)")
    args = parser.parse_args(argv)
    try:
        rules = registry.load(args.game)
    except LookupError as e:
        return _fail(str(e))
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in LEVELS]
    if unknown:
        return _fail(f"unknown bot level {unknown[0]!r} (known: {', '.join(LEVELS)})")
    if args.games < 1 or args.workers < 1:
        return _fail("--games and --workers must be at least 1")
    if args.iterations is not None and args.iterations < 1:
        return _fail("--iterations must be at least 1")
    if args.seconds <= 0:
        return _fail("--seconds must be positive")
    try:
        setup_for(rules, len(bots))
    except ValueError as e:
        return _fail(str(e))
    each = None
    if args.progress:
        tally = [0] * len(bots)

        def each(g: int, r: GameResult) -> None:
            for k in r.winners:
                tally[k] += 1
            print(progress_line(bots, g, r, tally), file=sys.stderr, flush=True)

    results = run(args.game, bots, args.games, args.seed, args.workers, args.seconds, args.iterations, each)
    for line in report(args.game, bots, results):
        print(line)
    return 0


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
