"""Record what the rules do in a few hundred seeded random games, as digests: tests/golden/rules_golden.json.

    python tests/golden/make_golden.py [--out FILE] [--games N]

Every game is played from a recorded setup and seed, half of them by the rules' own random
policy (`game.core.api.choose`) and half uniformly at random, and each step feeds a SHA-256
digest with the state's `to_dict()`, the mover's `view` of it, the legal actions in order,
the action played and every event's `to_dict()`. `test_golden.py` replays the same games and
compares: any change to a state, a view, the order of the legal actions or an event fails it.

The file must always record the behaviour of the current rules, never that of optimised code
checked against itself: after a change to the rules lands (the game's VERSION usually moves),
run this script on those rules as they were before any speed work was put on top of them
(a worktree of that commit, `PYTHONPATH=<that worktree> python <this file> --out <here>`)
and commit the new file on its own, saying which rules change it records. Only the public
rule-module API is used, so the script runs on any commit of the rules.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys

if __package__ in (None, ""):  # run as a script: import the rules from the working directory (or PYTHONPATH)
    sys.path.insert(0, os.getcwd())

from game import registry
from game.core.api import choose
from game.core.rng import Rng

GAMES = {"krosmaster": 300, "krom": 120, "khrysos": 150}  # games per rule module, half of them by the rules' policy
MAX_STEPS = 20_000
HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "rules_golden.json")


def _dump(data) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def game_digest(module, setup, seed: int, policy: str) -> tuple[int, str, str]:
    """(steps, digest of the whole game, digest of the final state) of one seeded random game."""
    state = module.new_game(setup, seed)
    rng = Rng(seed ^ 0x60D5)
    h = hashlib.sha256()
    steps = 0
    while True:
        h.update(_dump(state.to_dict()))
        legal = module.legal_actions(state)
        h.update(_dump([str(a) for a in legal]))
        if not legal:
            break
        h.update(_dump(module.view(state, state.to_move).to_dict()))
        if steps >= MAX_STEPS:
            raise AssertionError(f"{module.GAME_ID} seed {seed}: no end within {MAX_STEPS} steps")
        action = choose(module, state, legal, rng) if policy == "rules" else legal[rng.below(len(legal))]
        h.update(str(action).encode())
        state, events = module.apply(state, action)
        h.update(_dump([e.to_dict() for e in events]))
        steps += 1
    outcome = module.outcome(state)
    h.update(_dump(outcome.to_dict() if outcome is not None else None))
    return steps, h.hexdigest(), hashlib.sha256(_dump(state.to_dict())).hexdigest()


def record(game_id: str, count: int) -> dict:
    module = registry.load(game_id)
    games = []
    for i in range(count):
        setup = module.random_setup(Rng(7_000_003 * (i + 1)))
        seed = 424_242 + i
        policy = "rules" if i % 2 == 0 else "uniform"
        steps, digest, final = game_digest(module, setup, seed, policy)
        games.append({"setup": setup.to_dict(), "seed": seed, "policy": policy, "steps": steps, "digest": digest, "final": final})
    return {"version": module.VERSION, "games": games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=GOLDEN)
    parser.add_argument("--games", type=int, default=None, help="games per rule module (default: each game's own count)")
    parser.add_argument("--only", default=None, help="one game id: rewrite its entry only, keep the others")
    args = parser.parse_args(argv)
    data = {}
    if args.only and os.path.exists(args.out):
        with open(args.out, encoding="utf-8") as f:
            data = json.load(f)
    for game_id, count in GAMES.items():
        if args.only and game_id != args.only:
            continue
        data[game_id] = record(game_id, args.games or count)
        print(f"{game_id}: {len(data[game_id]['games'])} games, {sum(g['steps'] for g in data[game_id]['games'])} steps")
    tmp = args.out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
