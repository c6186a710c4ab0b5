"""The Khrysos board on the kit (issue 19): every hotspot explains itself at every position of seeded games,
nothing is usable during a computer's turn, tips are painted over pygame-gui widgets, greyed buttons say the
rules' reason, and nothing of one seat's hand or hover survives a hand-off into the next seat's screen."""

from __future__ import annotations

import itertools
import re

import pygame
import pytest

import game.khrysos as K
from game.core.match import Match
from game.core.rng import Rng
from game.khrysos.testing import with_rolls
from scenes import saves
from scenes.board import GameOverScene, Seat
from scenes.khrysos.board import KhrysosBoard
from scenes.settings import Settings
from scenes.widgets.handoff import HandOffScene
from tests.scenes.helpers import click, click_widget, pixel, top
from tests.scenes.kitcheck import check_hotspots, screen_after_hand_off
from tests.scenes.test_khrysos import Player, fast_app, hover, spot
from tests.sweeps import FULL

COLOURS = [(200, 60, 40), (40, 90, 200), (40, 160, 90), (200, 170, 40)]


def seats(n: int, bots: dict[int, str] | None = None) -> list[Seat]:
    bots = bots or {}
    return [Seat(f"Seat {i + 1}", COLOURS[i], bots.get(i)) for i in range(n)]


def rolling(app, seed: int, faces: list[int]) -> KhrysosBoard:
    """The automation table of `seed` (the first player about to roll), pushed, whose next rolls are `faces`."""
    board = KhrysosBoard.for_automation(app, seed)
    board.match.state = with_rolls(board.match.state, faces)
    app.push(board)
    app.run_frames(2)
    return board


def table(app, setup: K.Setup, seed: int, seated: list[Seat], monkeypatch) -> KhrysosBoard:
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    board = KhrysosBoard(app, Match.new(K, setup, seed), seated)
    board.bot_delay = 0.0
    app.push(board)
    app.run_frames(2)
    return board


GAMES = [pytest.param(2, 11, "alpha_room", 100000, marks=pytest.mark.slow),
         pytest.param(3, 4, "the_tower", 100000, marks=pytest.mark.slow),
         pytest.param(4, 7, "the_crossroad", 100000, marks=pytest.mark.slow),
         pytest.param(2, 2, "the_pillar_room", 70, id="the first 70 positions")]
CHECK_EVERY = 1 if FULL else 3  # positions played between two checks (all of them with TABLETRIO_FULL_SWEEPS=1)


class TestHotspotsAtEveryPosition:
    @pytest.mark.parametrize("players,seed,map_id,positions", GAMES)
    def test_hot_seat_games_every_hotspot_says_what_it_does_or_why_not(self, make_app, monkeypatch, players, seed, map_id,
                                                                       positions):
        app = fast_app(make_app)
        table(app, K.Setup(players=players, map=map_id), seed, seats(players), monkeypatch)
        checked, visited = [], []

        def check(b):
            visited.append(len(b.match.actions))
            if (len(visited) - 1) % CHECK_EVERY:
                return
            checked.append(check_hotspots(b))
            keys = set(b.spots.keys())
            assert {"die:energy", "score:0"} <= keys
            floor = b.snap.view.board.floor
            assert {f"cell:{x},{y}" for x, y in floor} <= keys, "every square of the map is a hotspot"

        player = Player(app, seed, check=check)
        while not isinstance(top(app), GameOverScene) and len(visited) < positions:
            assert player.clicks < 3000, "the game did not end"
            player.step()
        assert len(visited) >= min(positions, 50) and min(checked) > 40
        assert len(checked) >= len(visited) // CHECK_EVERY

    @pytest.mark.slow
    def test_during_a_computer_turn_nothing_is_usable(self, make_app, monkeypatch):
        app = fast_app(make_app)
        board = table(app, K.Setup(players=3), 5, seats(3, {1: "easy", 2: "random"}), monkeypatch)
        player = Player(app, 5)
        held = 0
        for _ in range(3000):
            if isinstance(top(app), GameOverScene) or len(board.match.actions) > 150:
                break
            if board.locked:
                held += check_hotspots(board) > 0
                app.run_frames(1)
                if board.locked:  # the reason a tip gives follows what holds the board (an animation, a computer)
                    assert board.spots.lock_reason == board.lock_reason()
                continue
            player.step()
        assert held > 20, "computer turns were watched"


class TestWhatAPlayerReads:
    def test_a_greyed_action_button_says_why_on_hover_and_on_click(self, make_app):
        app = fast_app(make_app)
        board = rolling(app, 3, [4])  # a roll under 6: the 6-energy action is greyed
        click(app, board.white.rect().center)
        while board.busy:
            app.run_frames(1)
        energy = board.snap.view.energy
        assert energy == 4, "the scripted roll was played"
        b = board.action_buttons[6]
        assert not b.is_enabled
        hover(app, b.rect.center)
        name = K.HUNTERS[board.snap.view.active.hunter].action(6).name
        assert board.spots.tip_of(board.spots.hovered)[-1] == f"Not now: {name} costs 6, {energy} energy left."
        click(app, b.rect.center)
        assert board.spots.refusal.text == f"{name} costs 6, {energy} energy left."
        assert board.match.actions[-1].kind == "roll", "a greyed button plays nothing"

    def test_the_tip_is_painted_over_the_pygame_gui_widgets(self, make_app):
        app = fast_app(make_app)
        app.push(KhrysosBoard.for_automation(app, 3))
        app.run_frames(2)
        board = top(app)
        b = board.action_buttons[3]
        hover(app, b.rect.center)  # the tip opens below and right of the mouse, over the buttons below it
        inside = (b.rect.centerx + 24, b.rect.centery + 30)
        assert board.action_buttons[4].rect.collidepoint(inside)
        from scenes import palette

        assert pixel(app, inside) == palette.BG_LIGHT, "the tip's own colour shows over the button"
        hover(app, (5, 715))
        assert pixel(app, inside) != palette.BG_LIGHT

    def test_the_map_s_edges_name_its_columns_and_rows_and_square_tips_use_them(self, make_app):
        app = fast_app(make_app)
        app.push(KhrysosBoard.for_automation(app, 3))
        app.run_frames(2)
        board = top(app)
        board_ = board.snap.view.board
        assert board.art.columns[0] == "A" and board.art.rows[0] == "1"
        hover(app, board.grid.cell_centre((2, 6)))
        assert board.spots.hovered.key in ("cell:2,6", *(f"hunter:{h}" for h in K.queries.hunters_at(board.snap.view, (2, 6))))
        assert board.spots.get("cell:2,6").tip_lines()[0] == "C7"
        zone = next(c for c, n in board_.zones.items() if n == 5)
        lines = board.spots.get(f"cell:{zone[0]},{zone[1]}").tip_lines()
        assert lines[0] == f"Treasure Zone 5 ({K.square_name(board_, zone)})"
        assert "A treasure appears here on a roll of 5." in " ".join(lines)

    def test_hotspot_keys_a_lesson_can_point_at(self, make_app):
        app = fast_app(make_app)
        app.push(KhrysosBoard.for_automation(app, 3))
        app.run_frames(2)
        board = top(app)
        keys = set(board.spots.keys())
        assert {"die:energy", "button:roll", "button:withdraw", "action:1", "action:6", "card:hunter",
                "card:endurance", "score:0", "score:2", "button:undo", "button:redo", "button:suggest"} <= keys
        assert any(k.startswith("card:symbol:1:") for k in keys)
        click(app, board.white.rect().center)
        keys = set(board.spots.keys())
        assert {"button:end", "energy"} <= keys and "button:roll" not in keys
        hunter = board.snap.view.active.hunter
        assert f"hunter:{hunter}" in keys


def test_the_rules_button_opens_the_reference_where_the_decision_on_screen_is_explained(make_app):
    from game import learn

    app = fast_app(make_app)
    app.push(KhrysosBoard.for_automation(app, 3))
    app.run_frames(2)
    board = top(app)
    assert set(KhrysosBoard.REFERENCE_SECTIONS.values()) <= set(learn.reference("khrysos").ids)
    assert board.reference_section() == "turn"
    click(app, board.white.rect().center)
    assert board.reference_section() == "actions"


def test_the_glossary_s_words_on_the_panels_explain_themselves_and_open_the_rules_there(make_app):
    """A glossary word the turn panel or a heading shows ("white die", "Scoring cards") is underlined, its entry
    is its tip, and a click opens the rules reference at the section that explains it."""
    from game import learn
    from scenes import palette
    from scenes.learn.reference import ReferenceScene

    app = fast_app(make_app)
    app.push(KhrysosBoard.for_automation(app, 3))
    app.run_frames(2)
    board = top(app)
    keys = [k for k in board.spots.keys() if k.startswith("term:")]
    die = next(k for k in keys if k.startswith("term:white_die:"))
    assert any(k.startswith("term:scoring_card:") for k in keys)
    spot = board.spots.get(die)
    entry = learn.glossary("khrysos").term("white_die")
    assert spot.tip_lines() == [f"White die: {entry.text}"]
    check_hotspots(board)
    underline = [(x, y) for x in range(spot.rect.left, spot.rect.right) for y in range(spot.rect.top, spot.rect.bottom)
                 if pixel(app, (x, y)) == palette.GOLD]
    assert len(underline) >= spot.rect.width // 4, "the word is dotted underneath"
    click(app, spot.rect.center)
    assert isinstance(top(app), ReferenceScene) and top(app).start == learn.section_for("khrysos", "white_die")


class TestCutText:
    def test_four_long_hunter_names_fit_the_decision_bar_whole(self, make_app, monkeypatch):
        """Issue 23: 'Sola Brightwi…' where a smaller font fits."""
        from game.khrysos.testing import hunter, position

        monkeypatch.setattr(saves, "write_autosave", lambda save: None)
        app = fast_app(make_app)
        hand = ["Sola Brightwind", "Torvald Grimm", "Moss Halloway", "Rook Dunmore"]
        state = position([hunter(None, 0), hunter("Bento Rush", 1, (4, 1)), hunter("Vex Orion", 0, (7, 1)),
                          hunter("Mara Quill", 1, (7, 7))], hands={0: hand})
        board = KhrysosBoard(app, Match(K, K.Setup(players=2), 0, state), seats(2))
        app.push(board)
        app.run_frames(3)
        click_widget(app, top(app).ready)
        assert sorted(b.text for b in board.bar.buttons.values()) == sorted(hand)


class TestWhatAPlayerReadsFollowsWhatTheySee:
    """Issue 23: results are not announced before their animation."""

    def test_the_end_turn_button_s_tip_counts_the_energy_left_now(self, make_app, monkeypatch):
        """The decision bar kept a button's tip from when the button was made: after a step of 1 energy, 'End turn'
        still said the 6 energy points left were lost while the turn panel said 5."""
        monkeypatch.setattr(saves, "write_autosave", lambda save: None)
        app = fast_app(make_app)
        board = rolling(app, 3, [5])  # a roll that leaves energy after one step
        click(app, board.white.rect().center)
        while board.busy:
            app.run_frames(1)
        energy = board.snap.view.energy
        assert energy == 5, "the scripted roll was played"
        square = next(sq for sq, info in board.snap.queries.squares(None).items()
                      if info.gesture.ok and len(info.path) == 1 and sq not in board.loot)
        click(app, board.grid.cell_centre(square))
        while board.busy:
            app.run_frames(1)
        assert board.snap.view.energy == energy - 1
        tip = " ".join(board.spots.get("button:end").tip_lines())
        assert f"the {energy - 1} energy point" in tip, tip

    def test_a_roll_s_result_reaches_the_log_once_the_die_stops(self, make_app, monkeypatch):
        monkeypatch.setattr(saves, "write_autosave", lambda save: None)
        app = make_app(settings=Settings(master_volume=0.0), persist_settings=False, audio=False)
        board = KhrysosBoard.for_automation(app, 3)
        app.push(board)
        app.run_frames(2)
        before = len(board.log.lines)
        click(app, board.white.rect().center, frames=2)
        assert board.busy and board.white.rolling, "the die tumbles"
        assert not any(" rolls " in line for line in board.log.lines[before:]), board.log.lines[before:]
        while board.white.rolling:
            app.run_frames(1)
        app.run_frames(2)
        told = [m.group(1) for m in (re.search(r" rolls (\d)", line) for line in board.log.lines[before:]) if m]
        assert told == [str(board.white.face)], board.log.lines[before:]

    def test_a_replacement_s_zone_roll_is_told_once_the_die_stops(self, make_app, monkeypatch):
        from game.khrysos.testing import hunter, number_of, position, with_rolls

        monkeypatch.setattr(saves, "write_autosave", lambda save: None)
        app = make_app(settings=Settings(master_volume=0.0), persist_settings=False, audio=False)
        state = position([hunter(None, 0), hunter("Bento Rush", 1, (4, 1)), hunter("Vex Orion", 0, (7, 1)),
                          hunter("Mara Quill", 1, (7, 7))], hands={0: ["Elia Rose"]})
        board = KhrysosBoard(app, Match(K, K.Setup(players=2), 0, with_rolls(state, [3])), seats(2))
        app.push(board)
        app.run_frames(3)
        if isinstance(top(app), HandOffScene):
            click_widget(app, top(app).ready)
        before = len(board.log.lines)
        click(app, spot(board, f"button:hand:{number_of('Elia Rose')}").rect.center, frames=2)
        assert board.busy
        told = lambda: [line for line in board.log.lines[before:] if "Treasure Zone 3" in line]  # noqa: E731
        while board.white.rolling or board.white.face != 3:
            assert not told(), "the zone is told before the die stops"
            app.run_frames(1)
        for _ in range(200):
            if told():
                break
            app.run_frames(1)
        assert told()


class TestHandOffSecrecy:
    """At every hand-off of random hot-seat games, two tables that differ only in what the previous seat held
    in its secret hand when it chose (and where its mouse wandered) look the same to the next seat."""

    @staticmethod
    def hand_offs(players: int, seed: int, limit: int = 6):
        """(state, action) pairs of a random game where `action` is a seat's pick from its secret hand and the
        next decision is another seat's secret pick (so a hand-off follows)."""
        state = K.new_game(K.Setup(players=players), seed)
        rng = Rng(seed)
        found = []
        while state.to_move is not None and len(found) < limit:
            legal = K.legal_actions(state)
            action = K.playout_choice(state, legal, rng)
            after, _ = K.apply(state, action)
            d, nd = K.decision(state), (K.decision(after) if after.to_move is not None else None)
            if d.private and nd is not None and nd.private and nd.seat != d.seat:
                found.append((state, action))
            state = after
        return found

    @staticmethod
    def other_hand(state, action):
        """The same position, but the seat choosing holds other hunters beside the one it plays (taken from
        the undealt deck, hidden from everyone)."""
        seat = state.to_move
        keep = action.args[0]
        hand = list(state.hands[seat])
        rest = [h for h in hand if h != keep]
        deck = list(state.deck)
        swapped = deck[:len(rest)]
        new = state.copy()
        hands = list(state.hands)
        hands[seat] = tuple(sorted([keep] + swapped))
        new.hands = tuple(hands)
        new.deck = tuple(deck[len(rest):] + rest)
        K.check_invariants(new)
        return new

    @pytest.mark.slow
    @pytest.mark.parametrize("players,seed", [(2, 3), (3, 8), (4, 21)])
    def test_the_next_seat_sees_the_same_screen(self, make_app, monkeypatch, players, seed):
        monkeypatch.setattr(saves, "write_autosave", lambda save: None)
        cases = self.hand_offs(players, seed)
        assert cases, "the game has hand-offs"
        for state, action in cases:
            shots = []
            for variant, hovers in ((state, "hand"), (self.other_hand(state, action), "wander")):
                app = make_app(settings=Settings(), persist_settings=False)
                board = KhrysosBoard(app, Match(K, K.Setup(players=players), seed, variant), seats(players))
                app.push(board)
                app.run_frames(3)
                assert isinstance(top(app), HandOffScene)
                click_widget(app, top(app).ready)
                assert board.viewer == state.to_move
                if hovers == "hand":  # over every card of the hand (each shows its hunter) and an action
                    path = [b.rect.center for b in board.bar.buttons.values()] + [board.action_buttons[2].rect.center]
                else:
                    path = [(300, 300), (900, 500), (1000, 250)]
                shots.append(screen_after_hand_off(app, board, action, path))
                assert board.viewer != state.to_move and board.preview is None and board.inspect is None
                app.close()
                pygame.quit()
            assert shots[0] == shots[1], f"the hand-off after {action} shows a trace of the previous seat"


def test_treasure_and_victory_the_end_screen_counts_each_players_treasures(make_app):
    """Issue 23: the end screen read "Red: 12 treasure" under "Red reached 12 treasures."."""
    app = fast_app(make_app)
    app.push(KhrysosBoard.for_automation(app, 3))
    app.run_frames(2)
    board = top(app)
    lines = board.end_lines()
    assert lines == [f"{seat.name}: 0 treasures" for seat in board.seats], lines


def test_quick_start_with_two_players_the_setup_tips_and_end_screen_say_each_scoring_card_counts_alone(make_app, monkeypatch):
    """Issue 31: a newcomer read "Red: 5 treasures" while Red's two Scoring cards held 4 and 5. With two players
    each card races to 12 on its own (RULES_NOTES X1), and the setup, the tips and the end screen say so."""
    from scenes.khrysos.setup import KhrysosSetup

    app = fast_app(make_app)
    setup = KhrysosSetup(app)
    app.push(setup)
    app.run_frames(2)
    assert setup.count == 2 and setup.spots.tip_of(setup.spots.get("about"))[0] == K.race_text(2)
    assert "never added" in K.race_text(2) and "each Scoring card races to 12 on its own" in K.Setup(players=2).deal_text()
    board = table(app, K.Setup(players=2), 5, seats(2), monkeypatch)
    rng = Rng(5)
    while board.match.view(None).phase in ("deploy", "place"):
        board.match.play(board.match.random_action(rng))
    state = board.match.state
    state.cards = tuple(c._replace(treasure=t) for c, t in zip(state.cards, (4, 3, 5, 0)))
    board._snapshot()  # the board shows the engine's position again
    assert board.end_lines() == ["Seat 1: two Scoring cards, at 5 and 4 treasures (each counts alone)",
                                 "Seat 2: two Scoring cards, at 3 and 0 treasures (each counts alone)"]
    tip = board.spots.tip_of(spot(board, "score:0"))[0]
    assert tip.startswith("Seat 1's scoring card (") and "4 treasures. Seat 1's two cards count apart, never added" in tip


@pytest.mark.parametrize("players", [2, 4])
def test_the_opening_logs_each_hunters_position_once(app, players):
    """Issue 34: the last hunter's "takes position on Treasure Zone …" line was logged twice: the opening dice
    landed while it walked in, and the log was rebuilt from the history under the line being animated. Watched at
    the normal animation speed, every line of the opening shows once and the roll's explanation comes first."""
    app.settings.animation_speed = "fast"
    match = Match.new(K, K.Setup(players=players), 3)
    board = KhrysosBoard(app, match, seats(players, dict.fromkeys(range(players), "normal")))
    board.bot_delay = 0.0
    app.push(board)
    for _ in range(2000):
        app.run_frames(1)
        if all(c.at is not None for c in board.shown.cards) and not board.busy:
            break
    lines = board.log.lines
    placed = [line for line in lines if "takes position" in line]
    assert len(placed) == len(board.shown.cards) == 4, lines  # four hunters: two each, or one each of four
    assert len(set(placed)) == len(placed), f"a position line shows twice: {lines}"
    assert all(a != b for a, b in itertools.pairwise(lines)), lines
    assert board.log_line(board.opening()) == lines[0]
