"""The texts the board and the map builder show about symbols and map limits are the rules' own (issue 30)."""

import pytest

import game.khrysos as K
from game.khrysos import mapgen
from game.khrysos.content import BOOSTS, FLAGS, MAX_ENDURANCE, VALUED
from game.khrysos.maps import MIN_TILES, MapSpec, PlacedTile, map_report, sample_map


@pytest.mark.parametrize("name", VALUED + FLAGS + BOOSTS)
def test_every_symbol_a_card_shows_has_its_words(name):
    words = K.symbol_tip(name, 2)
    assert words != name and words.endswith(".")
    if name.startswith("boost_"):
        assert "+2" in words and name[len("boost_"):].capitalize() in words


def test_heal_names_the_endurance_limit_of_the_rules():
    assert f"never above {MAX_ENDURANCE}" in K.symbol_tip("heal", 1)


def test_the_builder_s_checklist_is_the_validation_s_verdict():
    spec = sample_map("alpha_room")
    problems, _ = map_report(spec)
    assert all(ok for ok, _ in K.map_checklist(problems, len(spec.tiles)))
    short = MapSpec("short", tuple(PlacedTile("zone1", x, 0, 0) for x in (0, 1, 2)))
    problems, _ = map_report(short)
    lines = K.map_checklist(problems, len(short.tiles))
    assert lines[0] == (False, f"At least {MIN_TILES} tiles (3 placed)")
    assert not lines[1][0] and "missing: 2, 3, 4, 5, 6" in lines[1][1]


def test_the_random_map_s_size_words_carry_its_limits():
    assert f"{mapgen.MIN_SIZE} to {mapgen.MAX_SIZE} tiles" in mapgen.SIZE_WORDS
    assert mapgen.check_options(mapgen.MAX_SIZE + 1, "open", "none", 1).startswith(mapgen.SIZE_WORDS)
