"""Rulebook section "Content": the packaged cards, characters and numbers, and the checks on their data files."""

import importlib.resources

import pytest

from game.core import ContentError
from game.krom import content
from game.krom.content import (
    BONUS,
    CHARACTERS,
    DESTINATIONS,
    EVOLUTIONS,
    HUNTING,
    PICKING,
    RULES,
    TIMINGS,
    load_bonus,
    load_characters,
    load_destinations,
    load_evolutions,
    load_hunting,
    load_picking,
    load_rules,
)


def text(file):
    return (importlib.resources.files("game.krom.data") / file).read_text(encoding="utf-8")


def test_the_box_counts():
    assert (len(CHARACTERS), len(DESTINATIONS), len(PICKING), len(HUNTING), len(BONUS), len(EVOLUTIONS)) == (6, 27, 20, 17, 31, 25)
    assert dict(RULES.supply) == {"krom": 50, "wood": 12, "stone": 12, "bone": 12}
    assert (RULES.start_hp, RULES.start_krom, RULES.start_bonus, RULES.dino_hp) == (7, 5, 1, 10)


def test_the_rulebook_characters_plus_one_with_distinct_weights():
    names = [c.name for c in CHARACTERS]
    assert {"Alma", "Mörhy", "Valkyr", "Kolos", "Karok"} <= set(names) and len(set(names)) == 6
    weights = [c.weight for c in CHARACTERS]
    assert len(set(weights)) == 6 and RULES.dino_weight > max(weights)


def test_four_destination_cards_per_colour_and_three_for_the_kromosaurus():
    for c in CHARACTERS:
        assert sorted(d.place for d in DESTINATIONS if d.owner == c.id) == [0, 1, 2, 3]
    assert sorted(d.place for d in DESTINATIONS if d.owner == "kromosaurus") == [1, 2, 3]


def test_hunting_cards_have_1_to_3_dice_and_a_reward():
    assert {c.dice for c in HUNTING} == {1, 2, 3} and all(c.reward for c in HUNTING)


def test_bonus_cards_cover_every_timing_and_effect():
    assert {c.timing for c in BONUS} == set(TIMINGS)
    assert {c.effect for c in BONUS} == set(content.EFFECTS)


def test_picking_cards_sometimes_give_nothing():
    assert sum(1 for c in PICKING if not c.reward) == 2


def test_evolutions_from_1_to_4_points_some_bound_to_a_place():
    assert sorted({c.points for c in EVOLUTIONS}) == [1, 2, 3, 4] and sum(c.points for c in EVOLUTIONS) == 59
    assert {c.place for c in EVOLUTIONS} == {None, 0, 1, 2, 3}


@pytest.mark.parametrize(
    "file, loader, old, new, message",
    [
        ("characters.toml", load_characters, "weight = 48\n", "", "characters.toml, entry 'Alma', field 'weight': is missing"),
        ("characters.toml", load_characters, "weight = 57", "weight = 48", "characters.toml, entry 'Valkyr', field 'weight': 48 is already used by 'Alma'"),
        ("characters.toml", load_characters, 'colour = "red"', 'color = "red"', "characters.toml, entry 'Alma', field 'colour': is missing"),
        ("characters.toml", load_characters, 'id = "alma"', 'id = "Alma 2"', "characters.toml, entry 'Alma', field 'id': must be lower-case ASCII letters"),
        ("picking.toml", load_picking, "copies = 3\nreward = { wood = 1 }", "copies = 2\nreward = { wood = 1 }", "picking.toml: must hold 20 Picking cards, found 19"),
        ("picking.toml", load_picking, "reward = { wood = 3 }", "reward = { gold = 3 }", "picking.toml, entry 'Old oak.reward', field 'gold': is not a known kind"),
        ("picking.toml", load_picking, "reward = { wood = 3 }", "reward = { wood = 0 }", "picking.toml, entry 'Old oak.reward', field 'wood': must be at least 1"),
        ("hunting.toml", load_hunting, "value = 2\ndice = 1", "value = 2\ndice = 4", "hunting.toml, entry 'Lizard', field 'dice': must be at most 3, got 4"),
        ("hunting.toml", load_hunting, 'name = "Hare"', 'name = "Lizard"', "hunting.toml, entry 'Lizard', field 'name': 'Lizard' is already used by 'Lizard'"),
        ("bonus.toml", load_bonus, 'timing = "combat"\neffect = "add"', 'timing = "action"\neffect = "add"', "bonus.toml, entry 'Club', field 'timing': a 'add' card must have timing 'combat', got 'action'"),
        ("bonus.toml", load_bonus, 'effect = "steal"\nkind = "krom"', 'effect = "steal"\nkind = "hp"', "bonus.toml, entry 'Pickpocket', field 'kind': must be one of"),
        ("bonus.toml", load_bonus, 'timing = "forest"', 'timing = "beach"', "bonus.toml, entry 'Woodpile', field 'timing': must be one of"),
        ("bonus.toml", load_bonus, "effect = \"counter\"\n", "effect = \"counter\"\namount = 2\n", "bonus.toml, entry 'Not today!', field 'amount': is not a known field"),
        ("evolutions.toml", load_evolutions, "cost = { wood = 2 }", "cost = {}", "evolutions.toml, entry 'Fire', field 'cost': must not be empty"),
        ("evolutions.toml", load_evolutions, "cost = { wood = 2 }", "cost = { bonus = 2 }", "evolutions.toml, entry 'Fire.cost', field 'bonus': is not a known kind"),
        ("evolutions.toml", load_evolutions, '[[card]]\nname = "Fire"', '[[cards]]\nname = "Fire"', "evolutions.toml, field 'cards': is not a known table"),
        ("rules.toml", load_rules, "full_house = [{ krom = 2, stone = 2 }, { krom = 2, bonus = 2 }]", "full_house = [{ krom = 2 }, { krom = 2 }]", "rules.toml, entry 'mountain.rewards', field 'full_house': two rewards of a choice must differ"),
        ("rules.toml", load_rules, "pick_costs = [0, 1, 3, 4]", "pick_costs = [0, -1]", "rules.toml, entry 'forest', field 'pick_costs': expected a list of one or more integers >= 0"),
        ("rules.toml", load_rules, 'places = ["forest", "savanna", "mountain"]', 'places = ["cave"]', "rules.toml, entry 'kromosaurus', field 'places': expected distinct places"),
        ("rules.toml", load_rules, "[glacial]", "[glaciall]", "rules.toml, entry '(top)', field 'glacial': is missing"),
        ("rules.toml", load_rules, "krom = 50", "krom = [50", "rules.toml: is not valid TOML"),
    ],
)
def test_a_corrupt_data_file_names_file_entry_and_field(file, loader, old, new, message):
    original = text(file)
    assert old in original
    with pytest.raises(ContentError) as info:
        loader(original.replace(old, new, 1))
    assert message in str(info.value)


def test_destinations_are_checked_against_the_characters():
    original = text("destinations.toml")
    broken = original.replace('owner = "kromosaurus"\nplace = "forest"', 'owner = "kromosaurus"\nplace = "cave"')
    with pytest.raises(ContentError, match="destinations.toml, entry '#25', field 'place': the Kromosaurus never goes to the Cave"):
        load_destinations(broken, CHARACTERS)
    broken = original.replace('owner = "alma"\nplace = "cave"', 'owner = "alma"\nplace = "forest"')
    with pytest.raises(ContentError, match="destinations.toml, entry 'alma', field 'place': needs one card for each of cave, forest, savanna, mountain"):
        load_destinations(broken, CHARACTERS)


def test_every_packaged_file_loads_with_its_loader():
    characters = load_characters(text("characters.toml"))
    assert load_destinations(text("destinations.toml"), characters) == DESTINATIONS
    assert load_bonus(text("bonus.toml")) == BONUS and load_rules(text("rules.toml")) == RULES
