"""Components: the board files and the content data are there as the rulebook shows them, and bad files fail clearly."""

import json
import pathlib

import pytest

from game.core import COMBAT_DIE, ContentError
from game.krosmaster import layouts as B
from game.krosmaster import content as C
from game.krosmaster.content import CONTENT

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "game" / "krosmaster" / "data"
MAPS = ROOT / "maps" / "krosmaster"


def read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


class TestComponentCounts:
    def test_six_krosmasters_each_with_spells(self):
        assert len(CONTENT.krosmasters) == 6
        assert all(k.spells for k in CONTENT.krosmasters.values())

    def test_nine_minion_cards_and_seventeen_tokens(self):
        assert sum(m.cards for m in CONTENT.minions.values()) == 9
        assert sum(m.tokens for m in CONTENT.minions.values()) == 17
        tokens = {m.id: m.tokens for m in CONTENT.minions.values()}
        assert tokens == {"fleeflee": 2, "black_tiwabbit": 4, "gobball": 2, "arachnee": 3, "chafer": 2,
                          "crackler": 1, "bramble": 2, "bow_meow": 1}

    def test_first_game_minions_are_fleeflee_and_black_tiwabbit(self):
        assert sorted(m.id for m in CONTENT.minions.values() if m.first_game) == ["black_tiwabbit", "fleeflee"]

    def test_ten_basic_and_four_superior_favors(self):
        basic = [f for f in CONTENT.favors.values() if not f.superior]
        superior = [f for f in CONTENT.favors.values() if f.superior]
        assert (len(basic), len(superior)) == (10, 4)

    def test_seven_divine_challenges_with_thresholds_1_3_5(self):
        assert len(CONTENT.challenges) == 7
        for ch in CONTENT.challenges.values():
            assert [b.glyphs for b in ch.bonuses] == [1, 3, 5]

    def test_twelve_special_terrain_tiles(self):
        assert {t.id: t.tiles for t in CONTENT.terrain.values()} == {"ice": 4, "fire": 4, "fog": 4}
        assert CONTENT.terrain["fire"].injuries == 2
        assert CONTENT.terrain["fog"].blocks_sight and not CONTENT.terrain["ice"].blocks_sight

    def test_eight_glyph_tiles_one_dofus(self):
        assert CONTENT.glyph_tiles == 8 and CONTENT.dofus_tokens == 1

    def test_combat_die_six_faces(self):
        assert tuple(CONTENT.faces) == COMBAT_DIE.faces
        assert {f: CONTENT.faces[f].combat for f in COMBAT_DIE.faces} == {
            "critical": 1, "critical_joker": 1, "shield": -1, "shield_joker": 0, "joker": 0, "blank": 0,
        }


class TestNamedContent:
    """Everything the rulebook names, exactly as it shows it."""

    def spell(self, krosmaster, spell):
        return CONTENT.krosmasters[krosmaster].spell(spell)

    def test_catroulette(self):
        s = self.spell("felix_dicebag", "catroulette")
        assert (s.low, s.high, s.damage, s.new_target, s.once_per_turn) == (2, 3, 1, True, False)

    def test_capitol_punishment(self):
        s = self.spell("golda_purse", "capitol_punishment")
        assert (s.low, s.high, s.damage, s.once_per_turn) == (2, 2, 2, True)
        assert [(e.kind, e.amount, e.glyphs) for e in s.effects] == [("ap", -1, 4)]

    def test_martine_gale_fleabag(self):
        martine = CONTENT.krosmasters["martine_gale"]
        assert martine.name == "Martine Gale"  # the rulebook prints it in capitals; the screen writes names as names
        s = martine.spell("fleabag")
        assert (s.low, s.high, s.damage, s.once_per_turn, s.target) == (1, 1, 0, True, "empty")
        assert [(e.kind, e.minion, e.limit) for e in s.effects] == [("summon", "fleeflee", 1)]

    def test_no_name_in_capitals(self):
        """Issue 34: "MARTINE GALE" read as shouting in the log; every fighter's name is written as a name."""
        names = [k.name for k in CONTENT.krosmasters.values()] + [m.name for m in CONTENT.minions.values()]
        assert [n for n in names if n.isupper()] == []

    def test_fleeflee_and_black_tiwabbit(self):
        assert CONTENT.minions["fleeflee"].name == "Fleeflee"
        assert CONTENT.minions["black_tiwabbit"].name == "Black Tiwabbit"

    def test_spin_again_needs_four_glyphs(self):
        p = CONTENT.krosmasters["felix_dicebag"].power("reroll")
        assert (p.name, p.glyphs) == ("Spin Again", 4)

    def test_iops_brawl_for_all(self):
        ch = CONTENT.challenges["iops_brawl"]
        assert ch.name == "Iop's Brawl-for-All"
        assert [(b.name, b.glyphs, b.passive or "active") for b in ch.bonuses] == [
            ("Braaaawl!", 1, "capture_mp"), ("Amped-Up", 3, "spell_damage"), ("Iop's Wrath", 5, "active"),
        ]
        wrath = ch.bonuses[2].ability
        assert [(e.kind, e.amount, e.reach) for e in wrath.effects] == [("blast", 2, (1, 2))]

    def test_cold_wave_brazier_fog_bank(self):
        place = {f: CONTENT.favors[f].ability.effects[0].terrain for f in ("cold_wave", "brazier", "fog_bank")}
        assert place == {"cold_wave": "ice", "brazier": "fire", "fog_bank": "fog"}
        assert CONTENT.favors["fog_bank"].superior and not CONTENT.favors["cold_wave"].superior

    def test_every_element_is_one_of_four(self):
        for c in list(CONTENT.krosmasters.values()) + list(CONTENT.minions.values()):
            assert c.element in ("fire", "water", "earth", "air")


class TestBadContentFiles:
    """A malformed content file fails at load naming file, entry and field."""

    def test_krosmaster_with_zero_hp(self):
        text = read("krosmasters.toml").replace("hp = 7", "hp = 0", 1)
        with pytest.raises(ContentError, match=r"krosmasters.toml, entry 'martine_gale', field 'hp': must be at least 1"):
            C.parse_characters("krosmasters.toml", text, minions=False)

    def test_spell_with_reversed_range(self):
        text = read("krosmasters.toml").replace("range = [2, 3]", "range = [3, 2]", 1)
        with pytest.raises(ContentError, match=r"entry 'felix_dicebag.spell\[0\]', field 'range'"):
            C.parse_characters("krosmasters.toml", text, minions=False)

    def test_unknown_field_is_a_typo(self):
        text = read("minions.toml").replace("hp = 2", "hp = 2\nhq = 3", 1)
        with pytest.raises(ContentError, match=r"entry 'fleeflee', field 'hq': is not a known field"):
            C.parse_characters("minions.toml", text, minions=True)

    def test_shove_without_line(self):
        text = read("krosmasters.toml").replace("line = true\n", "", 1)
        with pytest.raises(ContentError, match=r"entry 'golda_purse.spell\[1\]', field 'effects\[0\]': a shove needs line"):
            C.parse_characters("krosmasters.toml", text, minions=False)

    def test_summon_of_an_unknown_minion(self):
        krosmasters = C.parse_characters("krosmasters.toml", read("krosmasters.toml").replace('"fleeflee"', '"flea"'), minions=False)
        faces, terrain, counts = C.parse_components("components.toml", read("components.toml"))
        with pytest.raises(ContentError, match=r"krosmasters.toml, entry 'martine_gale', field 'fleabag.effects': summons an unknown Minion 'flea'"):
            C.link(krosmasters, CONTENT.minions, CONTENT.favors, CONTENT.challenges, faces, terrain, counts)

    def test_challenge_threshold_out_of_order(self):
        text = read("challenges.toml").replace("glyphs = 3", "glyphs = 5", 1)
        with pytest.raises(ContentError, match=r"entry 'iops_brawl.bonus\[1\]', field 'glyphs': threshold 2 is unlocked at 3"):
            C.parse_challenges("challenges.toml", text)

    def test_favor_with_bad_target(self):
        text = read("favors.toml").replace('target = "self"', 'target = "someone"', 1)
        with pytest.raises(ContentError, match=r"favors.toml, entry 'second_wind', field 'target': must be one of"):
            C.parse_favors("favors.toml", text)

    def test_die_faces_must_match_the_core_die(self):
        text = read("components.toml").replace("[face.blank]", "[face.skull]")
        with pytest.raises(ContentError, match=r"components.toml, entry 'face'"):
            C.parse_components("components.toml", text)

    def test_broken_toml_names_the_file(self):
        with pytest.raises(ContentError, match=r"favors.toml: is not valid TOML"):
            C.parse_favors("favors.toml", "[[favor]\nid=")

    def test_wrong_number_of_basic_favors(self):
        favors = C.parse_favors("favors.toml", read("favors.toml").replace('id = "gust"', 'id = "gust"\nsuperior = true'))
        faces, terrain, counts = C.parse_components("components.toml", read("components.toml"))
        with pytest.raises(ContentError, match=r"favors.toml: expected 10 basic Favors, got 9"):
            C.link(CONTENT.krosmasters, CONTENT.minions, favors, CONTENT.challenges, faces, terrain, counts)


class TestBoardFiles:
    def test_four_layouts_two_sides_two_orientations(self):
        assert sorted((b.side, b.orientation) for b in B.BOARDS.values()) == [
            ("A", "mirrored"), ("A", "standard"), ("B", "mirrored"), ("B", "standard"),
        ]

    @pytest.mark.parametrize("layout", B.LAYOUTS)
    def test_each_layout_has_the_box_pieces(self, layout):
        b = B.BOARDS[layout]
        assert len(b.trees) == 4 and len(b.bushes) == 4
        assert 1 <= len(b.glyphs) <= 8
        for seat, cells in enumerate(b.starts):
            rows = {B.XY[c][1] for c in cells}
            top = (b.top == B.COLOURS[seat])
            assert rows <= ({0, 1} if top else {8, 9}), f"seat {seat} starts on its own side"
            assert len(cells) >= 2

    @pytest.mark.parametrize("side", ["a", "b"])
    def test_mirrored_orientation_is_the_standard_turned_over_left_to_right(self, side):
        std, mir = B.BOARDS[f"side_{side}_standard"], B.BOARDS[f"side_{side}_mirrored"]
        assert mir.rows == tuple(row[::-1] for row in std.rows)
        assert mir.top == std.top

    @pytest.mark.parametrize("layout", B.LAYOUTS)
    def test_each_layout_is_fair_by_a_half_turn(self, layout):
        rows = B.BOARDS[layout].rows
        assert all(rows[y][x] == rows[9 - y][7 - x] for y in range(10) for x in range(8))

    def test_files_are_readable_rows_with_a_legend(self):
        data = json.loads((MAPS / "side_a_standard.json").read_text())
        assert set(data) == {"name", "side", "orientation", "top", "legend", "rows"}
        assert data["rows"][2] == ".G....T."

    def board_text(self, **change):
        data = json.loads((MAPS / "side_a_standard.json").read_text())
        data.update(change)
        return json.dumps(data)

    def test_wrong_row_length(self):
        rows = json.loads((MAPS / "side_a_standard.json").read_text())["rows"]
        rows[3] = "...B.G."
        with pytest.raises(ContentError, match=r"side_a_standard.json, entry 'Astrub Clearing', field 'rows\[3\]': expected a string of 8"):
            B.parse_board("maps/krosmaster/side_a_standard.json", self.board_text(rows=rows))

    def test_symbol_missing_from_legend(self):
        rows = json.loads((MAPS / "side_a_standard.json").read_text())["rows"]
        rows[4] = "T.G...X."
        with pytest.raises(ContentError, match=r"field 'rows\[4\]': column 6: symbol 'X' is not in the legend"):
            B.parse_board("side_a_standard.json", self.board_text(rows=rows))

    def test_starting_cell_in_the_middle(self):
        rows = json.loads((MAPS / "side_a_standard.json").read_text())["rows"]
        rows[5] = ".B..SG.T"
        with pytest.raises(ContentError, match=r"field 'rows\[5\]': column 4: a starting cell must be in the first two rows"):
            B.parse_board("side_a_standard.json", self.board_text(rows=rows))

    def test_five_trees(self):
        rows = json.loads((MAPS / "side_a_standard.json").read_text())["rows"]
        rows[2] = "TG....T."
        with pytest.raises(ContentError, match=r"field 'rows': expected 4 trees, got 5"):
            B.parse_board("side_a_standard.json", self.board_text(rows=rows))

    def test_unknown_top_colour(self):
        with pytest.raises(ContentError, match=r"field 'top': must be one of 'blue', 'pink'"):
            B.parse_board("side_a_standard.json", self.board_text(top="green"))

    def test_legend_kind_unknown(self):
        legend = {".": "free", "T": "tree", "B": "bush", "G": "glyph", "S": "lava"}
        with pytest.raises(ContentError, match=r"field 'legend': symbol 'S' means 'lava'"):
            B.parse_board("side_a_standard.json", self.board_text(legend=legend))
