"""Hot-seat secrecy after a hand-off (issue 19): nothing of the previous seat survives into the next one's screen."""

from __future__ import annotations

import pygame

from game.core.match import Match
from scenes import saves
from scenes.board import Seat
from tests.scenes import fakegame
from tests.scenes.helpers import settle
from tests.scenes.kitcheck import screen_after_hand_off
from tests.scenes.test_board_kit import FakeBoard, ready


def fake_table(app, monkeypatch):
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    match = Match.new(fakegame, fakegame.Setup(2), 7)
    board = FakeBoard(app, match, [Seat("P1", (200, 0, 50)), Seat("P2", (0, 50, 200))])
    app.push(board)
    settle(app)
    ready(app)
    return board


def test_two_tables_differing_only_in_a_secret_pick_and_the_mouse_look_the_same_to_the_next_seat(make_app, monkeypatch):
    from scenes.settings import Settings

    shots = []
    for secret, hovers, told in (("pick 1", [(150, 150), (400, 300)], None),
                                 ("pick 3", [(620, 90), (10, 700), (300, 500)], "P1 was told something private.")):
        app = make_app(settings=Settings(), persist_settings=False)
        board = fake_table(app, monkeypatch)
        if told:
            board.flash(told)  # a message meant for the previous seat only
        shots.append(screen_after_hand_off(app, board, secret, hovers))
        assert board.viewer == 1 and board.flash_text is None
        app.close()
        pygame.quit()
    assert shots[0] == shots[1]


def test_esc_on_a_hand_off_screen_pauses_without_showing_anyone(app, monkeypatch):
    from scenes.overlays import PauseScene
    from scenes.widgets.handoff import HandOffScene
    from tests.scenes.helpers import press_key

    board = fake_table(app, monkeypatch)
    board.act("pick 2")
    for _ in range(50):
        app.run_frames(3)
        if isinstance(app.stack.top, HandOffScene):
            break
    hand_off = app.stack.top
    assert isinstance(hand_off, HandOffScene)
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene) and board.viewer is None
    press_key(app, pygame.K_ESCAPE)
    assert app.stack.top is hand_off, "leaving the pause goes back to the hand-off screen"


def test_after_a_hand_off_the_board_hovers_where_the_mouse_is_not_where_the_previous_player_left_it(app, monkeypatch):
    """The board saw no mouse moves under the hand-off screen: it must not keep the previous player's hover."""
    from scenes.widgets.handoff import HandOffScene
    from tests.scenes.helpers import click

    board = fake_table(app, monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(150, 150), rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    assert board.spots.mouse == (150, 150)
    board.act("pick 2")
    for _ in range(50):
        app.run_frames(3)
        if isinstance(app.stack.top, HandOffScene):
            break
    ready_at = app.stack.top.ready.rect.center
    click(app, ready_at)
    assert board.viewer == 1 and board.spots.mouse == ready_at


class QuickBoard(FakeBoard):
    """The fake board with a quick answer on its hand-offs: pick 1 (legal whatever the seat holds)."""

    def quick_answer(self, decision, legal):
        from game.core.gesture import choose

        return "Pick 1 at once", "Picks 1 without looking", choose(legal, "pick", 1, reason="no pick now")


def test_a_hand_off_may_offer_a_quick_answer_that_plays_without_showing_the_seat_s_view(app, monkeypatch):
    from scenes.widgets.handoff import HandOffScene
    from tests.scenes.helpers import click

    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    board = QuickBoard(app, Match.new(fakegame, fakegame.Setup(2), 7), [Seat("P1", (200, 0, 50)), Seat("P2", (0, 50, 200))])
    app.push(board)
    settle(app)
    hand_off = app.stack.top
    assert isinstance(hand_off, HandOffScene) and hand_off.quick_button.text == "Pick 1 at once"
    assert hand_off.spots.get("button:quick").tip == "Picks 1 without looking"
    click(app, hand_off.quick_button.rect.center)
    assert [str(a) for a in board.match.actions] == ["pick 1"] and board.viewer is None, "nobody's view showed"
    for _ in range(50):
        app.run_frames(3)
        if isinstance(app.stack.top, HandOffScene):
            break
    assert isinstance(app.stack.top, HandOffScene) and app.stack.top.player == "P2", "on to the next seat's hand-off"


def test_a_viewer_s_secrets_are_hidden_while_an_animation_leads_to_another_seat(app, monkeypatch):
    board = fake_table(app, monkeypatch)
    assert board.viewer == 0 and board.secrets_shown()
    board.act("pick 2")
    assert board.upcoming.seat == 1 and not board.secrets_shown(), "the table watches: seat 1 decides next"
