"""Rulebook: Hunter Cards -- the deck data, its symbols, and the loader's messages."""

import pytest

from game.core import ContentError
from game.khrysos.content import (
    HUNTERS,
    apply_changes,
    Step,
    hunter_named,
    load_hunters,
    parse_symbols,
    plan_of,
    symbols_text,
    tokens_of,
)

ACTIONS = "\n".join(f'  {{name = "A{n}", symbols = "move 1"}},' for n in range(1, 7))
GOOD = f"""
[[hunter]]
number = 1
name = "Test"
title = "Tester"
endurance = 6
actions = [
{ACTIONS}
]
"""


def with_action(symbols, upgrade=None):
    up = f", upgrade = {{{upgrade}}}" if upgrade else ""
    return GOOD.replace('{name = "A3", symbols = "move 1"}', f'{{name = "A3", symbols = "{symbols}"{up}}}')


class TestHunterCards:
    def test_the_deck_has_at_least_sixteen_hunters_with_number_name_title_and_endurance_6(self):
        assert len(HUNTERS) >= 16
        for number, h in HUNTERS.items():
            assert h.number == number and h.name and h.title
            assert h.endurance == 6

    def test_each_hunter_has_six_actions_numbered_1_to_6_whose_number_is_the_cost(self):
        for h in HUNTERS.values():
            assert [a.number for a in h.actions] == [1, 2, 3, 4, 5, 6]
            assert [a.cost for a in h.actions] == [1, 2, 3, 4, 5, 6]
            assert all(a.name and a.tokens for a in h.actions)

    def test_elia_rose_tank_driver_and_theft(self):
        elia = hunter_named("Elia Rose")
        tank = elia.action(3)
        assert tank.name == "Tank Driver"
        assert plan_of(elia.number, 3, False) == (Step("trample", 3, 0, -1, (("damage", 2),)),)
        assert tank.upgrade.at == 6
        assert plan_of(elia.number, 3, True) == (Step("trample", 4, 0, -1, (("damage", 2),)),)
        theft = elia.action(2)
        assert theft.name == "Theft"
        assert plan_of(elia.number, 2, False) == (Step("hit", 1, 1, -1, (("steal", 1),)),)

    def test_laser_shield_guards_the_acting_hunter_and_damages_the_target(self):
        vex = hunter_named("Vex Orion")
        assert vex.action(2).name == "Laser Shield"
        assert plan_of(vex.number, 2, False) == (Step("guard", 1), Step("hit", 1, 3, -1, (("damage", 1),)))

    def test_bento_rush_is_in_the_deck(self):
        assert hunter_named("Bento Rush").title == "Lunchbox Courier"

    def test_symbols_read_left_to_right(self):
        elia = hunter_named("Elia Rose")
        assert plan_of(elia.number, 4, False) == (Step("hit", 1, 1, -1, (("damage", 2),)), Step("move", 2))
        assert symbols_text(tokens_of(elia.number, 4, False)) == "Hit 1 Range 1 [Damage 2] Move 2"

    def test_every_symbol_kind_appears_in_the_deck(self):
        seen = {name for h in HUNTERS.values() for a in h.actions for name, _ in a.tokens}
        assert {"move", "heal", "guard", "hit", "range", "blast", "burst", "trample", "damage", "steal", "swap", "trap", "stun"} <= seen
        assert any(name.startswith("boost_") for name in seen)
        assert sum(1 for h in HUNTERS.values() for a in h.actions if a.upgrade) >= 5

    def test_unknown_name(self):
        with pytest.raises(LookupError, match="no hunter is called 'Nobody'"):
            hunter_named("Nobody")


class TestSymbolGrammar:
    def test_parse(self):
        assert parse_symbols("guard 1 hit 2 range 3 blast 1 [damage 1 trap]") == (
            ("guard", 1),
            ("hit", 2),
            ("range", 3),
            ("blast", 1),
            ("[", 0),
            ("damage", 1),
            ("trap", 0),
            ("]", 0),
        )

    @pytest.mark.parametrize(
        "text, message",
        [
            ("fly 2", "unknown symbol 'fly'"),
            ("move", "'move' needs a number after it"),
            ("hit 1 [damage 1]", "'hit' must be followed by 'range'"),
            ("burst 1 damage 1", "'burst' must be followed by a box"),
            ("trample 2 [damage 1", "a box is not closed with ']'"),
            ("trample 2 []", "a box is empty"),
            ("damage 2", "'damage' can only stand in a box"),
            ("range 2", "'range' must follow 'hit'"),
            ("[stun]", "a box must follow hit, burst or trample"),
            ("burst 1 [damage 1] trample 2 [damage 1]", "at most one of hit, burst and trample"),
            ("burst 1 [range 1]", "'range' cannot stand in a box"),
            ("move 0", "'move' must be at least 1, got 0"),
            ("hit 1 range 1 [damage 0]", "'damage' must be at least 1, got 0"),
        ],
    )
    def test_bad_symbols_are_refused_with_a_reason(self, text, message):
        with pytest.raises(ValueError, match=message):
            parse_symbols(text)


    def test_a_raise_applies_to_the_first_occurrence_reading_left_to_right(self):
        tokens = parse_symbols("move 1 hit 1 range 1 [move 2]")
        assert apply_changes(tokens, (("move", 1),)) == parse_symbols("move 2 hit 1 range 1 [move 2]")
        assert apply_changes(tokens, (), (("stun", 0),), (("guard", 1),)) == parse_symbols("move 1 hit 1 range 1 [move 2 stun] guard 1")


class TestDeckLoader:
    def test_a_good_deck_loads(self):
        deck = load_hunters(GOOD)
        assert deck[1].name == "Test" and len(deck[1].actions) == 6

    @pytest.mark.parametrize(
        "text, message",
        [
            (GOOD.replace("endurance = 6", "endurance = 5"), r"entry 'Test', field 'endurance': must be at least 6, got 5"),
            (GOOD.replace('title = "Tester"\n', ""), r"entry 'Test', field 'title': is missing"),
            (GOOD.replace('  {name = "A6", symbols = "move 1"},\n', ""), r"field 'actions': a hunter has exactly 6 actions, got 5"),
            (with_action("fly 1"), r"entry 'Test.actions\[3\]', field 'symbols': 'fly 1': unknown symbol 'fly'"),
            (with_action("move 1", 'at = 4, change = "damage +1"'), r"field 'change': 'damage \+1': the upgrade raises 'damage', which the action does not have"),
            (with_action("move 1", 'at = 4, change = "[stun]"'), r"field 'change': '\[stun\]': the upgrade adds to a box, but the action has none"),
            (with_action("move 1", 'at = 12, change = "move +1"'), r"entry 'Test.actions\[3\].upgrade', field 'at': must be at most 11, got 12"),
            (with_action("move 1", 'at = 2, change = ""'), r"the upgrade changes nothing"),
            (GOOD + GOOD.replace('name = "Test"', 'name = "Other"'), r"entry 'Other', field 'number': 1 is also the number of Test"),
            (GOOD + GOOD.replace("number = 1", "number = 2"), r"entry 'Test', field 'name': two hunters share this name"),
            ("[hunter]\nnumber = 1\n", r"hunters.toml: expected only a list of \[\[hunter\]\] entries"),
            ("[[hunter]]\nnumber = 1\n", r"entry 'hunter #1', field 'name': is missing"),
        ],
    )
    def test_every_problem_names_the_file_the_hunter_and_the_field(self, text, message):
        with pytest.raises(ContentError, match=message):
            load_hunters(text)

    def test_upgrade_forms(self):
        deck = load_hunters(with_action("hit 1 range 1 [damage 1]", 'at = 3, change = "range +1 [stun] guard 1"'))
        card = deck[1].action(3)
        assert (card.upgrade.raises, card.upgrade.box_adds, card.upgrade.self_adds) == ((("range", 1),), (("stun", 0),), (("guard", 1),))
