"""The reference's live diagrams show what the rules compute, and follow the rules when they change."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game import learn
from game.khrysos import maps as khrysos_maps
from game.khrysos import BY_NAME
from game.krom import HUNTING, hunt_odds, mountain_reward, reroll_improves
from game.krosmaster import Setup, line_of_sight, tackle_zone
from game.krosmaster.testing import build
from game.learn import khrysos as learn_khrysos


def _pieces(picture):
    return {p.what: p for p in picture.pieces}


class TestKrosmasterDiagrams:
    def test_line_of_sight_red_cells_are_exactly_the_hidden_ones_in_range(self):
        pic = learn.picture("krosmaster", "line_of_sight")
        caster = pic.pieces[0]
        state = build([(p.what, p.seat, p.cell) for p in pic.pieces], setup=Setup(layout=pic.board), active=0)
        shown = pic.layers["range"] | pic.layers["in_range"] | pic.layers["blocked"]
        assert pic.layers["blocked"], "the diagram should show some blocked cells"
        for cell in shown:
            distance = abs(cell[0] - caster.cell[0]) + abs(cell[1] - caster.cell[1])
            assert 2 <= distance <= 5, cell
            assert line_of_sight(state, caster.cell, cell) == (cell not in pic.layers["blocked"]), cell
        assert set(pic.layers["target"]) == {p.cell for p in pic.pieces[1:]}

    def test_minimum_range_leaves_the_next_cells_out(self):
        pic = learn.picture("krosmaster", "spells")
        me = pic.pieces[0].cell
        cells = set(pic.layers["range"]) | set(pic.layers["in_range"])
        assert all(2 <= abs(c[0] - me[0]) + abs(c[1] - me[1]) <= 3 for c in cells)

    def test_tackle_diagram_shows_the_zone_and_the_exact_dodge_odds(self):
        pic = learn.picture("krosmaster", "tackle")
        golda = _pieces(pic)["golda_purse"]
        state = build([(p.what, p.seat, p.cell) for p in pic.pieces], setup=Setup(layout=pic.board, tackle=True), active=0)
        assert set(pic.layers["danger"]) == set(tackle_zone(state, 1))
        assert golda.cell not in pic.layers["reachable"]
        # One tackler, one die: only the joker face gets away (1 in 6), the shield-joker tackles (1 in 6),
        # the four other faces catch (Dodge Rolls; RULES_NOTES 9).
        assert any("17% to get away, 67% caught, 17% tackled" in line for line in pic.lines)

    def test_moving_diagram_slides_on_ice(self):
        pic = learn.picture("krosmaster", "moving")
        assert pic.terrain == {(3, 7): "ice"}
        assert pic.path == ((3, 7), (3, 6), (3, 5))
        assert pic.marks[(3, 5)] == "2"  # two steps, the Ice slide is free


class TestKhrysosDiagrams:
    def _state(self, pic, energy=6):
        from game.khrysos.testing import hunter, position

        return position([hunter(learn_khrysos.HUNTERS[p.what].name, p.seat, p.cell) for p in pic.pieces],
                        map=pic.board, energy=energy)

    def test_burst_catches_every_other_hunter_within_its_rings(self):
        pic = learn.picture("khrysos", "burst")
        state = self._state(pic)
        me = pic.pieces[0]
        rings = state.board.reach_distances(me.cell)
        caught = {p.cell for p in pic.pieces[1:] if rings.get(p.cell, 99) <= 2}
        assert set(pic.layers["target"]) == caught and caught
        assert me.cell not in pic.layers["target"]

    def test_blast_area_is_counted_from_the_target(self):
        pic = learn.picture("khrysos", "blast")
        state = self._state(pic)
        target = _pieces(pic)[BY_NAME["Bento Rush"]].cell
        assert set(pic.layers["area"]) == set(state.board.within(target, 1))
        assert set(pic.layers["target"]) == {p.cell for p in pic.pieces if p.cell in pic.layers["area"]}

    def test_trample_targets_everyone_on_its_path_once(self):
        pic = learn.picture("khrysos", "trample")
        on_path = {p.cell for p in pic.pieces[1:] if p.cell in pic.path or p.cell == pic.pieces[0].cell}
        assert set(pic.layers["target"]) == on_path and len(on_path) == 2

    def test_movement_costs_are_walking_distances(self):
        pic = learn.picture("khrysos", "moving")
        state = self._state(pic, energy=4)
        dist = state.board.walk_distances(pic.pieces[0].cell)
        assert pic.marks and all(int(v) == dist[c] for c, v in pic.marks.items())
        assert all(c not in pic.marks for c, d in dist.items() if d > 4)

    def test_range_rings_bend_round_pillars(self):
        pic = learn.picture("khrysos", "range")
        state = self._state(pic)
        me = pic.pieces[0].cell
        dist = state.board.reach_distances(me)
        assert all(int(v) == dist[c] for c, v in pic.marks.items())
        assert any(dist[c] > max(abs(c[0] - me[0]), abs(c[1] - me[1])) for c in pic.marks), "no ring bends in the example"

    def test_what_blocks_is_asked_of_the_map_model(self, monkeypatch):
        listing = dict(learn_khrysos.what_blocks())
        board = khrysos_maps.layout([khrysos_maps.PlacedTile("corridor", 0, 0), khrysos_maps.PlacedTile("floor", 1, 0)])
        walk, reach = (3, 1) in board.steps[(2, 1)], (3, 1) in board.links[(2, 1)]
        assert not walk
        assert listing["Solid line"].startswith("No hunter steps across it, but" if reach else "Neither a step")
        assert "but Range, Burst and Blast count that way" in listing["Stairs"]
        # If the map rules let reach through solid lines, the reference says so by itself.
        original = khrysos_maps.Board.opening

        def through_walls(self, a, d):
            r, w = original(self, a, d)
            b = (a[0] + d[0], a[1] + d[1])
            return (True if (b in self.floor and a in self.floor and (d[0] == 0 or d[1] == 0)) else r), w

        monkeypatch.setattr(khrysos_maps.Board, "opening", through_walls)
        assert dict(learn_khrysos.what_blocks())["Solid line"] == \
            "No hunter steps across it, but Range, Burst and Blast count that way."


class TestKromDiagrams:
    def test_mountain_names_the_combination_and_the_reroll_chance(self):
        pic = learn.picture("krom", "mountain")
        combo, options = mountain_reward(pic.dice)
        assert combo == "full_house" and pic.rewards == tuple(b for _, b in options)
        chance = reroll_improves(pic.dice, pic.kept)
        assert chance == Fraction(11, 36)
        assert f"{round(float(chance) * 100)}% chance" in pic.lines[0]

    def test_hunt_bars_are_the_exact_odds(self):
        pic = learn.picture("krom", "savanna")
        card = next(c for c in HUNTING if c.name == pic.card)
        assert [b for _, b in pic.bars] == [float(hunt_odds(card, k)) for k in range(3)]

    def test_combat_ties_go_by_weight_and_losers_lose_the_gap(self):
        pic = learn.picture("krom", "combat")
        order = [p.what for p in pic.pieces]
        assert order == ["alma", "kolos", "nukka"]  # Alma and Kolos tie on 5; the lighter goes first in the Forest
        assert "-3 hp, stunned" in pic.pieces[2].label and "hp" not in pic.pieces[1].label


@pytest.mark.parametrize("game", learn.GAMES)
def test_every_diagram_is_computed_and_captioned(game):
    ref = learn.reference(game)
    with_diagrams = [s for s in ref.sections if s.diagram is not None]
    assert len(with_diagrams) >= 3
    for s in with_diagrams:
        pic = learn.picture(game, s.id)
        assert pic is not None and pic.caption and pic.game == game
        assert not pic.outside()


def test_a_lesson_can_state_its_own_diagram():
    pic = learn.diagram("krom", {"kind": "mountain", "dice": [6, 6, 6, 6, 6]})
    assert pic.caption.startswith("These dice show five of a kind")
    with pytest.raises(learn.ContentError, match="lesson, entry 'diagram', field 'dice'"):
        learn.diagram("krom", {"kind": "mountain", "dice": [7, 1, 1, 1, 1]})
