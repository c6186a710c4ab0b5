"""`python -m game.arena`: bots against bots, seats rotated, results repeatable from a seed."""

import pytest

from game import arena


def test_wilson_interval_matches_the_formula():
    low, high = arena.wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = arena.wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = arena.wilson(40, 40)
    assert round(low, 4) == 0.9124 and high == 1.0


def test_seats_rotate_so_each_bot_plays_each_seat():
    seats = []
    for g in range(3):
        job = arena.Job("khrysos", ("random", "easy", "random"), g, 1, None, None)
        seats.append([(seat - job.index) % 3 for seat in range(3)])
    assert seats == [[0, 1, 2], [2, 0, 1], [1, 2, 0]]


def test_cli_tiny_run_prints_win_rates_and_times(capsys):
    assert arena.main(["krosmaster", "--bots", "random,easy", "--games", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "krosmaster: 2 games, bots random,easy (seats rotated)"
    assert out[1].startswith("bot 0 random: wins ") and "95% CI" in out[1] and "p95" in out[1]
    assert out[2].startswith("bot 1 easy: wins ")
    assert out[3].startswith("draws ")


def test_progress_prints_each_game_as_it_ends_and_the_summary_stays_the_same(capsys):
    assert arena.main(["krosmaster", "--bots", "random,easy", "--games", "2", "--seed", "4", "--progress"]) == 0
    got = capsys.readouterr()
    lines = got.err.splitlines()
    assert len(lines) == 2 and lines[0].startswith("game 1: won by ") and lines[1].startswith("game 2: won by ")
    assert lines[1].endswith(" of 2") and "random " in lines[1] and "easy " in lines[1]
    assert arena.main(["krosmaster", "--bots", "random,easy", "--games", "2", "--seed", "4"]) == 0
    def wins(out):
        return [line.split(" | ")[0] for line in out.splitlines()]  # the times differ from run to run

    assert wins(capsys.readouterr().out) == wins(got.out)


def test_same_seed_same_results_whatever_the_workers():
    one = arena.run("krosmaster", ["easy", "hard"], 2, 11, 1, None, 1)
    two = arena.run("krosmaster", ["easy", "hard"], 2, 11, 2, None, 1)
    assert [(r.seed, r.winners, r.decisions) for r in one] == [(r.seed, r.winners, r.decisions) for r in two]
    other = arena.run("krosmaster", ["easy", "hard"], 2, 12, 1, None, 1)
    assert [r.seed for r in other] != [r.seed for r in one]


def test_hard_budget_is_reported(capsys):
    # Krosmaster: a game of Hard at 2 iterations takes about 1 CPU-s; Khrysos' Hard plans its whole turn whatever
    # the iterations (about 15 CPU-s a game), and what is checked here is the arena's report, not a game's bot
    assert arena.main(["krosmaster", "--bots", "hard,random", "--games", "1", "--seed", "1", "--iterations", "2"]) == 0
    assert "searches ended by the time budget: 0/" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["chess", "--bots", "random,random"], "unknown game 'chess'"),
        (["krom", "--bots", "random,genius"], "unknown bot level 'genius'"),
        (["krosmaster", "--bots", "random,random,random"], "2-player game"),
        (["krom", "--bots", "random"], "players must be 2 to 6"),
        (["krom", "--bots", "random,random", "--games", "0"], "at least 1"),
    ],
)
def test_bad_input_gets_a_clear_message(argv, message, capsys):
    assert arena.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and "Traceback" not in err
