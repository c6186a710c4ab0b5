"""The texts the board shows about the Krosmic Favor slots are the rules' own (issue 30: rules stay in rules)."""

import game.krosmaster as K
from game.core import Action
from game.krosmaster.testing import build, run

TEAM = [("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (5, 8)), ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (6, 0))]


def test_putting_the_revealed_favor_in_a_slot_names_what_it_covers():
    s = build(TEAM, active=0, left=("weakness",), right=())
    s, _ = run(s, "end 0", "pass")
    assert K.decision(s).kind == "slot" and s.revealed
    put = K.action_text(s, Action("slot", ("left",)))
    covered = K.CONTENT.favors["weakness"].name
    assert K.favor_slot_preview(s, "left") == f"{put}, covering {covered}."
    assert K.favor_slot_preview(s, "right") == f"{K.action_text(s, Action('slot', ('right',)))}."
    assert K.CONTENT.favors[s.revealed].name in put


def test_an_empty_slot_and_the_revealed_favor_say_where_favors_go():
    assert K.empty_slot_words("right").startswith("The right Favor slot")
    assert "left" in K.REVEALED_FAVOR_WORDS and "right" in K.REVEALED_FAVOR_WORDS
