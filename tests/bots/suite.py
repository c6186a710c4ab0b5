"""What the tactics suites of tests/bots share: the levels shown side by side, for scale (tools/levels_table)."""

import contextlib
from collections.abc import Callable, Sequence

LEVELS = ("random", "easy", "reference", "normal", "hard")


def side_by_side(capsys, spots: Sequence, run: Callable, verdict: Callable, tries: Sequence[int]) -> None:
    """Print, for each position (`spot.name`, `spot.state(seed)`), how many of `tries` each level got right
    (`run(state, level, seed)` plays its move; `verdict(spot, start, end)` is None when right). `capsys`:
    pytest's, to print past it, or None."""
    def good(spot, level):
        return sum(verdict(spot, spot.state(seed), run(spot.state(seed), level, seed)[0]) is None for seed in tries)

    width = max(len(spot.name) for spot in spots) + 2
    rows = [[spot.name] + [f"{good(spot, level)}/{len(tries)}" for level in LEVELS] for spot in spots]
    with capsys.disabled() if capsys is not None else contextlib.nullcontext():
        print("\n" + "position".ljust(width) + "  ".join(f"{lv:>6}" for lv in LEVELS))
        for r in rows:
            print(r[0].ljust(width) + "  ".join(f"{c:>6}" for c in r[1:]))


def bot_step(bot, rules, state, rng, actions: list[str]):
    """The bot's decision for the seat to move, applied; its text form added to `actions`."""
    from game.bots import play_turn

    action, _ = play_turn(bot, rules, state, rng)
    actions.append(str(action))
    return rules.apply(state, action)[0]
