"""The kit's hotspots (issue 19): one registry, one hit-test, tips above every widget, greyed controls that say why."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton

from scenes import palette, ui
from scenes.hotspots import Hotspots, draw_bubble
from scenes.showcase import ShowcaseScene
from scenes.stack import Scene
from tests.scenes.helpers import click, pixel, settle
from tests.scenes.kitcheck import check_hotspots


def move(app, pos, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(frames)


class TestRegistry:
    def test_a_greyed_hotspot_must_say_why(self):
        spots = Hotspots()
        with pytest.raises(ValueError):
            spots.add("button:x", pygame.Rect(0, 0, 10, 10), "Does x", enabled=False)
        spots.add("button:x", pygame.Rect(0, 0, 10, 10), "Does x", enabled=False, reason="Not your turn.")
        assert spots.reason_of(spots.get("button:x")) == "Not your turn."

    def test_the_one_added_last_wins_where_two_overlap_and_a_key_is_replaced(self):
        spots = Hotspots()
        spots.add("cell:0,0", pygame.Rect(0, 0, 50, 50), "A cell")
        spots.add("card:1", pygame.Rect(20, 20, 50, 50), "A card")
        assert spots.at((30, 30)).key == "card:1" and spots.at((5, 5)).key == "cell:0,0"
        spots.add("cell:0,0", pygame.Rect(100, 100, 5, 5), "Moved")
        assert spots.at((5, 5)) is None and len(spots) == 2

    def test_a_click_on_a_greyed_hotspot_shows_its_reason_and_does_nothing(self):
        spots, clicked = Hotspots(), []
        spots.add("button:end", pygame.Rect(0, 0, 50, 50), "End your turn", enabled=False, reason="Roll first.",
                  click=lambda: clicked.append(1))
        assert spots.press((10, 10)) and not clicked
        assert spots.refusal.text == "Roll first."
        spots.update(10)
        assert spots.refusal is None

    def test_while_the_board_is_held_nothing_is_usable_and_every_tip_says_why(self):
        spots, clicked = Hotspots(), []
        spots.add("cell:1,1", pygame.Rect(0, 0, 50, 50), "Walk here", click=lambda: clicked.append(1))
        spots.add("replay:next", pygame.Rect(60, 0, 50, 50), "Next move", click=lambda: clicked.append(2), always=True)
        spots.live, spots.lock_reason, spots.names = False, "Blue (computer) is playing.", ("Blue", "Pink")
        assert spots.press((10, 10)) and clicked == []
        assert spots.tip_of(spots.get("cell:1,1"))[-1] == "Not now: Blue (computer) is playing."
        assert spots.press((70, 10)) and clicked == [2], "the replay bar works while the board is held"

    def test_a_greyed_reason_after_not_now_goes_on_in_lower_case_unless_it_opens_on_a_name(self):
        """Issue 23: "Not now: Wait for the animation..." had a capital after the colon; a name keeps its own."""
        spots = Hotspots()
        spots.names = ("Not today!", "Ann")
        spots.add("a", pygame.Rect(0, 0, 9, 9), "A", enabled=False, reason="Wait for the animation to end.")
        spots.add("b", pygame.Rect(0, 0, 9, 9), "B", enabled=False, reason="Not today! is a counter card.")
        spots.add("c", pygame.Rect(0, 0, 9, 9), "C", enabled=False, reason="It is Ann's decision.")
        spots.add("d", pygame.Rect(0, 0, 9, 9), "D", enabled=False, reason="Ann plays first.")
        assert [spots.tip_of(spots.get(k))[-1] for k in "abcd"] == [
            "Not now: wait for the animation to end.", "Not now: Not today! is a counter card.",
            "Not now: it is Ann's decision.", "Not now: Ann plays first."]

    @pytest.mark.parametrize("anchor", [(0, 0), (1279, 719), (1279, 0), (0, 719), (640, 360)])
    def test_a_tip_stays_inside_the_window_wherever_the_mouse_is(self, app, anchor):
        surface = pygame.Surface((1280, 720))
        box = draw_bubble(surface, ["A long line of text " * 8, "and a reason"], anchor)
        assert surface.get_rect().contains(box)


class Panel(Scene):
    """A scene with one greyed pygame-gui button and one live one, both hotspots."""

    def on_enter(self) -> None:
        self.pressed = []
        self.greyed = UIButton(pygame.Rect(100, 100, 200, 50), "Buy", self.ui)
        self.live = UIButton(pygame.Rect(100, 200, 200, 50), "Rest", self.ui)
        self.spots.add("button:buy", None, "Buy a tool", enabled=False, reason="Costs 4, 3 energy left.",
                       widget=self.greyed, click=lambda: self.pressed.append("buy"))
        self.spots.add("button:rest", None, "Rest a while", widget=self.live, click=lambda: self.pressed.append("rest"))
        self.spots.sync_widgets()

    def draw(self, surface) -> None:
        surface.fill(palette.BG)


class TestWidgets:
    def test_a_greyed_button_says_why_on_hover_and_on_click(self, app):
        scene = Panel(app)
        app.push(scene)
        settle(app)
        assert not scene.greyed.is_enabled and scene.live.is_enabled
        move(app, (150, 120))
        assert scene.spots.hovered.key == "button:buy"
        assert scene.spots.tip_of(scene.spots.hovered) == ["Buy a tool", "Not now: costs 4, 3 energy left."]
        click(app, (150, 120))
        assert scene.pressed == [] and scene.spots.refusal.text == "Costs 4, 3 energy left."
        click(app, (150, 220))
        assert scene.pressed == ["rest"]

    def test_a_relabelled_button_is_drawn_with_its_new_label_before_the_app_naps(self, app):
        """pygame-gui draws a button's new text a frame late: the scene keeps asking for frames until it shows."""
        scene = Panel(app)
        app.push(scene)
        settle(app, 10)
        assert app.idle()
        spot = scene.spots.get("button:rest")
        scene.spots.add("button:rest", None, spot.tip, widget=scene.live, label="Sleep", click=spot.click)
        scene.spots.sync_widgets()
        shots = []
        while not app.idle():
            app.frame(1 / 60)
            shots.append(pygame.image.tobytes(app.screen.subsurface(scene.live.rect), "RGB"))
        app.frame(1 / 60)
        assert pygame.image.tobytes(app.screen.subsurface(scene.live.rect), "RGB") == shots[-1], \
            "the last frame drawn before the nap shows the button as it is"
        assert scene.live.text == "Sleep"

    @pytest.mark.parametrize("key", ["button:buy", "button:rest"])
    def test_a_relabelled_button_shows_its_new_label_in_the_frame_the_board_changes(self, app, key):
        """pygame-gui redraws a relabelled button's states one per frame: a greyed one (a computer's turn
        holds the board) showed the old label for a frame under a new hunter's title (issue 23)."""
        scene = Panel(app)
        app.push(scene)
        settle(app, 10)
        spot = scene.spots.get(key)
        widget = spot.widget
        scene.spots.add(key, None, spot.tip, enabled=spot.enabled, reason=spot.reason, widget=widget,
                        label="Sleep a long while", click=spot.click)
        scene.spots.sync_widgets()
        app.frame(1 / 60)
        first = pygame.image.tobytes(app.screen.subsurface(widget.rect), "RGB")
        app.run_frames(6)
        assert pygame.image.tobytes(app.screen.subsurface(widget.rect), "RGB") == first, \
            "the first frame after the change already shows the button as it stays"

    def test_a_click_puts_the_clicked_control_s_tip_away_until_the_mouse_moves(self, app):
        """The Suggest button's tip covered the suggestion it had just shown (issue 23)."""
        scene = Panel(app)
        app.push(scene)
        settle(app)
        move(app, (150, 220), frames=40)
        assert scene.spots.draw_tip(app.screen.copy()) is not None
        click(app, (150, 220))
        assert scene.pressed == ["rest"]
        assert scene.spots.draw_tip(app.screen.copy()) is None, "no tip over what the click shows"
        move(app, (152, 221))
        assert scene.spots.draw_tip(app.screen.copy()) is not None

    def test_the_tip_is_painted_above_pygame_gui_widgets(self, app):
        scene = Panel(app)
        app.push(scene)
        settle(app)
        move(app, (110, 205))  # on "Rest": its tip box starts at (126, 223), over the button itself
        inside = (134, 236)
        assert scene.live.rect.collidepoint(inside)
        assert pixel(app, inside) == palette.BG_LIGHT, "the tip's own colour shows over the button"
        move(app, (700, 600))
        assert pixel(app, inside) != palette.BG_LIGHT


class TestShowcase:
    def test_every_hotspot_of_the_showcase_explains_itself(self, app):
        board = ShowcaseScene(app)
        app.push(board)
        settle(app)
        while board.busy:
            app.run_frames(5)
        assert check_hotspots(board) > 30
        assert {"button:roll", "button:attack", "cell:0,0", "piece:1", "card:0"} <= set(board.spots.keys())
        tree = board.spots.get("cell:2,1")
        assert not tree.enabled and "tree" in tree.reason

    def test_a_click_on_a_lit_cell_walks_through_the_rules_gesture(self, app):
        board = ShowcaseScene(app)
        app.push(board)
        settle(app)
        while board.busy:
            app.run_frames(5)
        before = board.snap.view.at[0]
        click(app, board.grid.cell_centre((1, 3)))
        while board.busy:
            app.run_frames(5)
        assert board.snap.view.at[0] == (1, 3) != before
        assert str(board.match.actions[-1]) == "walk 1 3"

    def test_a_greyed_tip_during_an_action_s_animation_says_to_wait_for_it(self, app):
        board = ShowcaseScene(app)
        app.push(board)
        settle(app)
        while board.busy:
            app.run_frames(5)
        board.refresh_hotspots()  # a board refreshes its hotspots while it waits (a selection changed)
        click(app, board.grid.cell_centre((1, 3)))
        assert board.busy and not board.spots.live
        assert board.spots.reason_of(board.spots.get("cell:0,0")).startswith("Wait for the animation")

    def test_nothing_is_usable_while_an_animation_plays(self, app):
        board = ShowcaseScene(app)
        app.push(board)
        settle(app)
        assert board.busy, "the showcase opens with a roll of the dice"
        app.run_frames(1)
        assert not board.spots.live
        check_hotspots(board)


def test_the_status_line_takes_a_smaller_font_then_its_tip_gives_a_cut_text_whole(app, monkeypatch):
    from game.core.match import Match
    from scenes import saves
    from scenes.board import Seat
    from tests.scenes import fakegame
    from tests.scenes.test_board_kit import FakeBoard

    long = "Player 1: " + "a very long prompt that does not fit the status line at any size " * 4
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    monkeypatch.setattr(FakeBoard, "status_text", lambda self: (long, palette.TEXT))
    board = FakeBoard(app, Match.new(fakegame, fakegame.Setup(2), 7), [Seat("P1", (200, 0, 50)), Seat("P2", (0, 50, 200))])
    app.push(board)
    settle(app)
    app.stack.pop(app.stack.top)  # the hand-off
    settle(app)
    assert board.status_cut == long
    assert board.spots.tip_of(board.spots.get("status")) == [long]
    monkeypatch.setattr(FakeBoard, "status_text", lambda self: ("Player 1: a short prompt", palette.TEXT))
    settle(app)
    assert board.status_cut is None and "status line" in board.spots.tip_of(board.spots.get("status"))[0]


def test_a_choice_overlay_label_takes_a_smaller_font_before_it_is_cut(app, monkeypatch):
    from game.core.actions import Action
    from game.core.match import Match
    from scenes import saves
    from scenes.board import Seat
    from scenes.board.furniture import ChoiceOverlay, Option
    from tests.scenes import fakegame
    from tests.scenes.test_board_kit import FakeBoard

    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    board = FakeBoard(app, Match.new(fakegame, fakegame.Setup(2), 7), [Seat("P1", (200, 0, 50)), Seat("P2", (0, 50, 200))])
    app.push(board)
    settle(app)
    labels = ["Half their Krom (13)", "A random Bonus card", "1 Wood", "Take nothing at all, thank you very much"]
    overlay = ChoiceOverlay(app, board, "Choose", "Choose one", [Option(Action("pick", (i,)), t, "tip") for i, t in
                                                                   enumerate(labels)], number=0)
    app.push(overlay)
    settle(app)
    shown = {o.label: b.text for b, o in overlay.buttons.items()}
    for b in overlay.buttons:
        size = 15 if "@game_small_button" in b.object_ids else 20
        assert ui.render(b.text, size, palette.TEXT, True).get_width() <= b.rect.width - 16, f"{b.text!r} spills"
    assert shown["Half their Krom (13)"] == "Half their Krom (13)", "a smaller font keeps the bracket"
    assert shown["1 Wood"] == "1 Wood"
    cut = shown["Take nothing at all, thank you very much"]
    assert cut.endswith("…")
    spot = next(s for s in overlay.spots if s.widget is not None and s.widget.text == cut)
    assert spot.tip_lines()[0].startswith("Take nothing at all, thank you very much"), "a cut label's tip says it whole"


def test_a_board_may_hang_its_flashed_messages_elsewhere(app):
    """Kit: `flash_anchor` and `flash_width` place a board's flashed message (by default under the status line)."""
    board = ShowcaseScene(app)
    app.push(board)
    settle(app)
    assert board.flash_anchor() == (app.size[0] // 2, 52) and board.flash_width() == app.size[0] - 140


def test_every_board_has_a_rules_button_that_opens_the_reference_at_what_is_on_screen(app):
    from game.core.match import Match
    from game import krom
    from scenes.board import Seat
    from scenes.krom.board import KromBoard
    from scenes.learn.reference import ReferenceScene

    match = Match.new(krom, krom.Setup(players=2), 4)
    board = KromBoard(app, match, [Seat("Ann", (200, 0, 0)), Seat("Bo", (0, 0, 200), bot="easy")])
    app.push(board)
    settle(app, 4)
    spot = board.spots.get("button:rules")
    assert spot is not None and spot.widget.visible and spot.widget.text == "?"
    click(app, spot.rect.center)
    settle(app, 3)
    assert isinstance(app.stack.top, ReferenceScene)


def test_a_control_that_comes_under_the_resting_mouse_shows_its_tip_only_once_the_mouse_moves():
    """Clicking Roll turns the button under the mouse into End turn: its tip must not pop up over the
    action the player is to click next (seen in a real window during the Khrysos lessons)."""
    pygame.font.init()
    spots = Hotspots()
    rect = pygame.Rect(10, 10, 120, 30)
    spots.add("button:roll", rect, "Roll the die")
    spots.move(rect.center)
    blank = pygame.Surface((400, 300))
    drawn = blank.copy()
    spots.draw_tip(drawn)
    assert pygame.image.tobytes(drawn, "RGB") != pygame.image.tobytes(blank, "RGB")  # the tip of what the mouse went to
    spots.clear()
    spots.add("button:end", rect, "End the turn")
    spots.rehover()
    assert spots.hovered.key == "button:end"
    quiet = blank.copy()
    spots.draw_tip(quiet)
    assert pygame.image.tobytes(quiet, "RGB") == pygame.image.tobytes(blank, "RGB")
    spots.move((rect.centerx + 2, rect.centery))
    spots.draw_tip(quiet)
    assert pygame.image.tobytes(quiet, "RGB") != pygame.image.tobytes(blank, "RGB")
    spots.clear()
    spots.add("button:end", rect, "End the turn")  # the same control refilled keeps its tip
    spots.rehover()
    assert not spots.came_under


def test_a_board_frozen_under_a_hand_off_lets_the_app_sleep(make_app, monkeypatch):
    """Under a hand-off screen, the board's opening roll stays mid-animation (only the top scene updates):
    the app was never idle and burnt two thirds of a core in a real window while the next player walked up."""
    import game.khrysos as K
    from game.core.match import Match
    from scenes import saves
    from scenes.board import Seat
    from scenes.khrysos.board import KhrysosBoard
    from scenes.settings import Settings
    from scenes.widgets.handoff import HandOffScene

    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    app = make_app(settings=Settings(master_volume=0.0), persist_settings=False, audio=False)
    seats = [Seat("Ann", (200, 60, 40), None), Seat("Bob", (40, 90, 200), None)]
    app.push(KhrysosBoard(app, Match.new(K, K.Setup(players=2, map="alpha_room"), 4), seats))
    app.run_frames(600)
    assert isinstance(app.stack.top, HandOffScene)
    assert app.idle(), "nothing moves on a hand-off screen"
