"""The `reference` level is Normal frozen as it stood before issue 33 (commit 880db38): the decisions
below were recorded from that Normal and must never change, whatever the live levels become."""

import pytest

from game import registry
from game.bots import make_bot, play_turn
from game.core.rng import Rng

# Normal's decisions at 880db38 from each game's demo positions 3 and 5 (14 decisions each, bot rng seed*31).
RECORDED = {
    "krosmaster": [
        "slot left", "activate 0", "move 0 6 7", "favor 0 left 6 7", "move 0 6 6", "move 0 6 5", "move 0 5 5",
        "move 0 5 4", "cast 0 magic_arrow 2 2", "cast 0 magic_arrow 2 2", "cast 0 magic_arrow 2 2", "end 0",
        "activate 1", "move 1 0 7", "slot left", "activate 3", "move 3 2 1", "move 3 2 2", "move 3 2 3",
        "favor 3 right 2 3", "end 3", "activate 2", "cast 2 fleabag 0 0", "move 2 2 0", "cast 2 tofu_peck 0 0",
        "end 2", "activate 4", "move 4 1 0",
    ],
    "khrysos": [
        "move 7 6", "move 7 5", "move 7 4", "roll", "act 4", "target 10", "target 10", "act 2", "target 10",
        "shift 10 7 3", "shift 10 7 2", "roll", "act 2", "step 1 4", "act 6", "step 7 3", "step 7 2", "step 7 1",
        "step 7 2", "roll", "act 2", "step 1 2", "step 1 3", "move 1 4", "roll", "act 2", "target 2", "act 3",
    ],
    "krom": [
        "pick", "pick", "pick", "realize 2", "end", "pick", "pick", "end", "hunt 0 2", "end", "climb", "stop", "end",
        "go savanna", "pick", "pick", "end", "hunt 1 2", "play 13", "pass", "pass", "pass", "end", "pass", "pass",
        "climb", "keep 3", "reroll",
    ],
}


@pytest.mark.parametrize("game_id", sorted(RECORDED))
def test_the_reference_bot_still_decides_as_normal_did_when_it_was_frozen(game_id):
    rules = registry.load(game_id)
    got = []
    for seed in (3, 5):
        state = rules.demo_state(seed)
        bot = make_bot("reference", game_id)
        rng = Rng(seed * 31)
        for _ in range(14):
            if state.to_move is None:
                break
            action, _ = play_turn(bot, rules, state, rng)
            got.append(str(action))
            state, _ = rules.apply(state, action)
    assert got == RECORDED[game_id]


def test_the_arena_knows_the_reference_level(capsys):
    from game import arena

    assert arena.main(["krosmaster", "--bots", "reference,random", "--games", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("bot 0 reference: wins ")
