"""What a player reads of Khrysos Hunters (issue 23 "Words", issue 19 "Names for squares"): every log
line, action text, prompt, refusal and end reason; squares named as on the board's edges, counted
from the map's own top-left corner; zones as printed on the tiles; the table's names for the players."""

import re

import pytest

import game.khrysos as K
from game.core import Action
from game.khrysos import events as E
from game.core import Rng
from game.khrysos.maps import SAMPLE_MAPS, MapSpec, PlacedTile, build_board, map_to_dict, sample_map
from game.khrysos.rules import start_game
from game.khrysos import symbols_text, tokens_of
from game.khrysos.testing import hunter, number_of as N, position
from game.khrysos.words import corner
from tests.sweeps import FULL
from tests.texts import add_scripted, collect, event_classes, text_problems

NAMES = ("Ann", "Bob", "Cid", "Dee")


def shifted(spec: MapSpec, dx: int, dy: int) -> MapSpec:
    return MapSpec(spec.name, tuple(PlacedTile(t.tile, t.x + dx, t.y + dy, t.rotation) for t in spec.tiles))


class TestSquareNames:
    def test_the_maps_top_left_square_is_a1(self):
        board = build_board(sample_map("alpha_room"))
        x0 = min(c[0] for c in board.floor)
        y0 = min(c[1] for c in board.floor)
        assert K.square_name(board, (x0, y0)) == "A1"
        assert K.square_name(board, (x0 + 2, y0 + 6)) == "C7"

    @pytest.mark.parametrize("map_id", SAMPLE_MAPS)
    def test_a_map_reads_the_same_wherever_it_lies_on_the_builders_grid(self, map_id):
        spec = sample_map(map_id)
        here, there = build_board(spec), build_board(shifted(spec, 2, 3))
        for x, y in here.floor:
            assert K.square_name(here, (x, y)) == K.square_name(there, (x + 6, y + 9))
        assert [K.column_name(here, x) for x in K.columns(here)] == [K.column_name(there, x) for x in K.columns(there)]
        assert [K.row_name(here, y) for y in K.rows(here)] == [K.row_name(there, y) for y in K.rows(there)]

    def test_every_square_of_a_map_has_its_own_name(self):
        for map_id in SAMPLE_MAPS:
            board = build_board(sample_map(map_id))
            assert len({K.square_name(board, c) for c in board.floor}) == len(board.floor)

    def test_edge_labels_run_over_the_maps_columns_and_rows(self):
        board = build_board(sample_map("alpha_room"))
        assert K.column_name(board, K.columns(board)[0]) == "A" and K.row_name(board, K.rows(board)[0]) == "1"
        assert len(K.columns(board)) == max(c[0] for c in board.floor) - min(c[0] for c in board.floor) + 1

    def test_past_z_columns_go_on_as_aa_ab(self):
        """Ten tiles in a row are 30 columns: A .. Z, AA .. AD (the naming needs only the squares)."""
        wide = type("Wide", (), {"floor": frozenset((x, y) for x in range(30) for y in range(3)), "zones": {}})()
        assert corner(wide) == (0, 0)
        assert K.square_name(wide, (25, 0)) == "Z1" and K.square_name(wide, (26, 0)) == "AA1"
        assert K.square_name(wide, (29, 2)) == "AD3"

    def test_a_state_names_squares_on_its_map(self):
        state = K.new_game(K.Setup(players=2, map="the_tower"), 3)
        c = min(state.board.floor)
        assert K.square_name(state, c) == K.square_name(state.board, c)

    def test_a_zone_square_is_named_by_its_zone_too(self):
        board = build_board(sample_map("alpha_room"))
        zone, number = next(iter(board.zones.items()))
        assert K.place_name(board, zone) == f"Treasure Zone {number} ({K.square_name(board, zone)})"
        plain = next(c for c in board.floor if c not in board.zones)
        assert K.place_name(board, plain) == K.square_name(board, plain)

    def test_left_of_or_above_the_map_is_refused(self):
        board = build_board(shifted(sample_map("alpha_room"), 1, 1))
        with pytest.raises(ValueError):
            K.square_name(board, (0, 5))
        with pytest.raises(ValueError):
            K.square_name(board, (5, 0))


@pytest.fixture(scope="module")
def texts():
    """Random games' texts, and the opening rolls of games of 2 to 4 players (roll-offs among them: the
    rules roll them inside new_game, so no apply returns them). 8 random games by default (they meet every event
    class and action kind already from 6; each worker that runs one of these tests pays about 0.5 CPU-s for them, 1.5 for 24),
    24 under TABLETRIO_FULL_SWEEPS=1."""
    openings = [K.new_game(K.Setup(players=p), seed) for p in (2, 3, 4) for seed in range(1, 40)]
    return add_scripted(collect(K, 24 if FULL else 8, NAMES), K, [(s, K.opening_events(s)) for s in openings], NAMES)


class TestEveryText:
    def test_every_event_class_is_met(self, texts):
        missing = event_classes(E) - texts.events
        assert not missing, f"no text checked for {sorted(c.__name__ for c in missing)}"

    def test_every_action_kind_is_met(self, texts):
        from game.khrysos.refusals import ACTION_KINDS

        assert ACTION_KINDS - {"place"} <= texts.action_kinds, sorted(ACTION_KINDS - texts.action_kinds)

    def test_every_text_reads_as_a_player_would_say_it(self, texts):
        problems = texts.problems()
        assert not problems, "\n".join(problems[:30])

    def test_with_the_tables_names_no_player_is_player_n(self, texts):
        for kind, items in texts.by_kind.items():
            for t, _ in items:
                if any(n in t for n in NAMES):
                    assert not re.search(r"\bPlayer \d", t), (kind, t)

    def test_the_start_square_choice_reads_in_words(self):
        """Quick Start: a zone number with several squares is a choice; its prompt, actions and
        refusal name the squares as the board does."""
        tiles = [PlacedTile(f"zone{n}", n - 1, 0) for n in range(1, 7)] + [PlacedTile("zone3", 0, 1)]
        custom = map_to_dict(MapSpec("Two Threes", tuple(tiles)))
        state = start_game(K.Setup(players=3, custom_map=custom), Rng(1).scripted([3, 1, 2]))
        state, _ = K.apply(state, K.legal_actions(state)[0])
        assert K.decision(state).prompt.endswith("starts (H2 or B5)")
        assert [K.action_text(state, a) for a in K.legal_actions(state)] == ["Start on Treasure Zone 3 (H2)", "Start on Treasure Zone 3 (B5)"]
        assert K.why_illegal(state, Action("place", (4, 1))) == "Choose one of the zone squares offered: H2 or B5."
        for text in (K.decision(state, NAMES).prompt, *(K.action_text(state, a) for a in K.legal_actions(state))):
            assert not text_problems(text), text


class TestLines:
    def start(self):
        return position([hunter("Elia Rose", 0, (4, 1)), hunter("Bento Rush", 1, (5, 1)),
                         hunter("Vex Orion", 0, (0, 8)), hunter("Mara Quill", 1, (8, 8))], energy=6)

    def test_squares_in_log_lines(self):
        s = self.start()
        assert K.describe(E.Moved(N("Bento Rush"), ((5, 1), (6, 1))), s) == "Bento Rush moves from F2 to G2."
        assert K.describe(E.TreasurePlaced(((0, 0), (4, 4), (8, 8))), s) == "Treasure appears on A1, E5 and I9."

    def test_the_tables_names(self):
        s = self.start()
        assert K.describe(E.HunterPlayed(1, N("Bento Rush")), s, NAMES) == "Bob plays Bento Rush."
        assert K.describe(E.HunterPlayed(1, N("Bento Rush")), s) == "Player 2 plays Bento Rush."
        assert K.describe(E.TurnStarted(0, N("Elia Rose")), s, names=NAMES) == "Elia Rose's turn (Ann)."

    def test_plurals(self):
        s = self.start()
        assert K.describe(E.DiceRolled(N("Bento Rush"), "energy", (1,), 1), s) == "Bento Rush rolls 1: 1 point of energy."
        assert K.describe(E.Stolen(N("Bento Rush"), N("Elia Rose"), 2), s) == "Bento Rush steals 2 treasures from Elia Rose."
        assert K.describe(E.GuardSpent(N("Bento Rush"), 1), s) == "Bento Rush spends 1 Guard marker to block 1 damage."

    def test_action_symbols_the_log_reads_an_action_in_words_as_its_tip_does(self):
        """The log line of an action names its symbols in words, as the card's tip does, with the Boosts
        and the Upgrade that change it; never in symbols ("Hit 1 Range 1 [Steal 1]")."""
        s = self.start()
        elia = N("Elia Rose")
        theft = E.ActionStarted(elia, 2, "Theft", 2, "Hit 1 Range 1 [Steal 1]")
        assert K.describe(theft, s) == "Elia Rose spends 2 energy on Theft and hits 1 hunter within Range 1, who has 1 treasure stolen."
        run = E.ActionStarted(elia, 1, "Hit and Run", 1, "Hit 1 Range 1 [Damage 3] Move 2")  # a Damage +1 Boost spent
        assert K.describe(run, s) == ("Elia Rose spends 1 energy on Hit and Run and hits 1 hunter within Range 1, who takes "
                                      "3 Damage. Then Elia Rose moves up to 2 squares.")
        for h in K.HUNTERS.values():
            for act in h.actions:
                for upgraded in (False, True):
                    line = K.describe(E.ActionStarted(h.number, act.number, act.name, act.number,
                                                      symbols_text(tokens_of(h.number, act.number, upgraded))), s)
                    tip = K.action_words(h.number, act.number, upgraded)  # "The hunter ... Then the hunter ..."
                    body = tip.removeprefix("The hunter ").replace("Then the hunter ", f"Then {h.name} ")
                    assert line == f"{h.name} spends {act.number} energy on {act.name} and {body}", (line, tip)
                    assert not any(c in line for c in "[]"), line

    def test_action_texts(self):
        s = self.start()
        assert K.action_text(s, Action("move", (4, 2))) == "Move Elia Rose to E3"
        assert K.action_text(s, Action("end")) == "End Elia Rose's turn"
        assert K.action_text(s, Action("act", (2,))) == "Use Theft with Elia Rose (2 energy)"

    def test_prompts_and_the_end_name_the_tables_players(self):
        s = self.start()
        assert K.decision(s, NAMES).prompt.startswith("Ann: Elia Rose has 6 energy points")
        assert K.outcome(s, NAMES) is None

    def test_refusals_name_squares(self):
        s = self.start()
        assert K.why_illegal(s, Action("move", (6, 1))) == "G2 is not next to E2: move one square at a time."


def test_what_the_board_shows_beside_the_map_reads_as_a_player_would():
    """The queries' texts the board shows (what a click on a square does and why not, what stands
    there, the decision bar's buttons and tips, the card's action buttons and tips, the turn panel's
    counts), over seeded random games: no raw square, no internal id, right articles and plurals."""
    problems = {}
    for seed in (1, 2):
        s = K.new_game(K.random_setup(Rng(seed)), seed)
        rng = Rng(seed * 31)
        for _ in range(90):
            legal = K.legal_actions(s)
            if not legal:
                break
            texts = []
            for info in K.board_squares(s, legal, NAMES).values():
                texts += [info.does, *info.about] + ([] if info.gesture.ok else [info.gesture.reason])
            for c in K.choices(s, legal, NAMES):
                texts += [c.label, c.tip] + ([c.gesture.reason] if c.gesture is not None and not c.gesture.ok else [])
            card = s.cards[s.turn] if 0 <= s.turn < len(s.cards) else None
            if card is not None and card.hunter:
                for o in K.action_options(s, legal, card.hunter):
                    texts += [o.label, *o.tip] + ([] if o.gesture.ok else [o.gesture.reason])
            texts += [K.amount_text(s), K.energy_text(s)]
            for t in texts:
                for p in text_problems(t) if t else ():
                    problems.setdefault(p, t)
            s, _ = K.apply(s, K.playout_choice(s, legal, rng))
    assert not problems, "\n".join(f"{p}: {t!r}" for p, t in list(problems.items())[:20])
