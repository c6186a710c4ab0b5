"""What a player reads of Krom: Evolution (issue 23 "Words", issue 19 "Same map in each rules
package"): every log line, action text (Krom now has `action_text`, like the other two games),
prompt, refusal and end reason, places named as the board shows them, the table's names for
the players, and the bots' Suggest reasons in words."""

import re

import pytest

import game.krom as K
from game.bots import make_bot, play_turn
from game.core import Action, Rng
from game.krom import events as E
from game.krom.testing import action_phase, position, run, run_passing, with_rolls
from tests.texts import add_scripted, collect, event_classes

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


def _rare_events():
    """Positions for the events random games seldom meet: a stunned player with nothing to steal,
    the Kromosaurus brought down, its trophy taken from a stunned holder."""
    s = position(["kolos", "karok"], hp=[7, 2], krom=[5, 0], hands=[[], []])
    yield run_passing(with_rolls(s, [6, 1]), "go forest", "go forest")
    s = position(["alma", "morhy"], kromosaurus=True, dino_hp=3, hands=[[], []])
    yield run_passing(with_rolls(s, ["forest", 6, 1]), "go forest", "go mountain")
    s = position(["kolos", "karok"], kromosaurus=True, dino_hp=0, trophy=1, hp=[7, 1], krom=[5, 4], hands=[[], []])
    yield run_passing(with_rolls(s, [6, 1]), "go forest", "go forest")
    for stone in (2, 0):  # Hard bargain (card 26): a swap made, and one with Bob's side missing (nothing changes hands)
        s = action_phase(position(["alma", "morhy"], stone=[0, stone], hands=[[26], []]), 0)
        yield run_passing(s, "play 26", "target 1")


@pytest.fixture(scope="module")
def texts():
    return add_scripted(collect(K, 16, NAMES), K, _rare_events(), NAMES)


class TestEveryText:
    def test_every_event_class_is_met(self, texts):
        missing = event_classes(E) - texts.events
        assert not missing, f"no text checked for {sorted(c.__name__ for c in missing)}"

    def test_every_action_kind_is_met(self, texts):
        kinds = {"go", "play", "pass", "counter", "target", "cancel", "take", "steal", "rest", "buy", "shuffle",
                 "pick", "hunt", "climb", "realize", "end", "keep", "free", "reroll", "stop", "reward"}
        assert kinds <= texts.action_kinds, sorted(kinds - texts.action_kinds)

    def test_every_text_reads_as_a_player_would_say_it(self, texts):
        problems = texts.problems()
        assert not problems, "\n".join(problems[:30])

    def test_no_action_text_is_its_text_form(self, texts):
        for kind, items in texts.by_kind.items():
            if kind.startswith("action:"):
                for text, context in items:
                    assert text != context.split(": ", 1)[1], (kind, text)

    def test_with_the_tables_names_no_krom_names_a_player(self, texts):
        """Given names, players are Ann, Bob, ... everywhere; their Krom's name appears nowhere."""
        krom_names = [c.name for c in K.CHARACTERS]
        for kind, items in texts.by_kind.items():
            for t, _ in items:
                if any(re.search(rf"\b{n}\b", t) for n in NAMES):
                    assert not any(re.search(rf"\b{k}\b", t) for k in krom_names), (kind, t)


class TestActionText:
    def test_each_kind_in_words(self):
        s = action_phase(position(["alma", "morhy"], places=["cave", "forest"]), 0)
        assert K.action_text(s, Action.of("buy", "wood")) == "Buy 1 Wood for 3 Krom"
        assert K.action_text(s, Action.of("buy", "bonus")) == "Buy a Bonus card for 2 Krom"
        assert K.action_text(s, Action.of("rest")).startswith("Rest in the Cave (")
        assert K.action_text(s, Action.of("end")) == "End Alma's Action phase"
        assert K.action_text(s, Action.of("end"), NAMES) == "End Ann's Action phase"
        m = position(["alma", "morhy"])
        assert K.action_text(m, Action.of("go", "forest")) == "Go to the Forest"

    def test_a_hunt_counts_its_dice(self):
        s = action_phase(position(["alma", "morhy"], places=["savanna", "cave"]), 0)
        texts = [K.action_text(s, a) for a in K.legal_actions(s) if a.kind == "hunt"]
        assert texts and all(t.startswith("Hunt the ") for t in texts)
        assert not [t for t in texts if re.search(r"\b1 dice\b|\b[02-9] die\b", t)], texts

    def test_an_unknown_action_keeps_its_text_form(self):
        assert K.action_text(position(["alma", "morhy"]), Action("nonsense", (1,))) == "nonsense 1"


class TestNames:
    def test_log_lines_prompts_and_the_end_take_the_tables_names(self):
        s = position(["kolos", "karok"])
        assert K.describe(E.Rested(0), s) == "Kolos rests in the Cave."
        assert K.describe(E.Rested(0), s, NAMES) == "Ann rests in the Cave."
        assert K.describe(E.Rested(0), s, names=("", "Bob")) == "Kolos rests in the Cave."
        assert K.decision(s, NAMES).prompt.startswith("Ann: choose your destination")
        assert K.describe(E.GameOver((1,), "", 9), s, NAMES) == "Bob reaches 9 Evolution points and becomes the new chief!"

    def test_the_kromosaurus_is_always_itself(self):
        s = position(["kolos", "karok"], kromosaurus=True)
        assert K.describe(E.KromosaurusMoved(2), s, NAMES) == "The Kromosaurus stomps to the Savanna."
        assert K.describe(E.DiceRolled(-1, "combat", (4,), 2), s, NAMES) == "Kromosaurus rolls for the combat: 4 +2."

    def test_play_a_bonus_the_counter_prompt_never_puts_a_colon_after_not_today(self):
        """Issue 23: "Nukka plays Not today!: counter it..." — a name closing on "!" ends its own sentence."""
        s = action_phase(position(["alma", "morhy"], hands=[[13, 10], [9]]), 0)  # Hidden stash, Not today! x2
        s, _ = run(s, "play 13", "counter")  # Mörhy counters the Hidden stash with Not today!
        assert K.decision(s, NAMES).prompt == "Ann: Bob plays Not today! Counter it with a counter card, or pass"
        s = action_phase(position(["alma", "morhy"], hands=[[13], [9]]), 0)
        s, _ = run(s, "play 13")
        assert K.decision(s, NAMES).prompt == "Bob: Ann plays Hidden stash: counter it with a counter card, or pass"

    def test_end_points_past_the_target_say_what_the_target_was(self):
        """Issue 23: "11 of 10 points" on the end screen when the last round took a winner past the target."""
        assert K.points_words(7, 10) == "7 of 10 points" and K.points_words(10, 10) == "10 of 10 points"
        assert K.points_words(11, 10) == "11 points (the target is 10)"
        assert K.points_words(1, 1) == "1 of 1 point" and K.points_words(0, 7) == "0 of 7 points"

    def test_end_of_the_game_the_score_says_where_the_points_come_from(self):
        """Issue 34: the end screen explains the score (Evolutions, and the Kromosaurus trophy's point)."""
        from dataclasses import replace

        from game.krom.testing import position

        s = position(["alma", "morhy", "valkyr"], evolutions=[[0, 1], [], [2]], kromosaurus=True)
        s = replace(s, trophy=2)
        assert [K.score_words(s, i) for i in range(3)] == ["from 2 Evolutions", "no Evolution yet",
                                                          "from 1 Evolution and the Kromosaurus trophy"]

    def test_refusals_are_sentences(self):
        s = action_phase(position(["alma", "morhy"], places=["savanna", "cave"]), 0)
        assert K.why_illegal(s, Action.of("rest")) == "You can rest only in the Cave; you are in the Savanna."


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_suggest_reasons_read_in_words(level):
    """Issue 23: "Suggestion: end: it keeps our hit points up" must name the action in words."""
    state = K.demo_state(2)
    bot = make_bot(level, "krom")
    action, reason = play_turn(bot, K, state, Rng(3))
    words = K.action_text(K.view(state, state.to_move), action)
    assert words != str(action) and reason.startswith(words + ": "), (action, reason)
