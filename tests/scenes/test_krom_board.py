"""Krom: Evolution on screen, driven through the real SceneStack with synthesized clicks only.

The test reads the state to decide where to click (the rules' random playout policy picks
the move), and never calls the engine to act.
"""

from __future__ import annotations

import time

import pytest

import pygame

import game.krom as krom
from game.core.rng import Rng
from scenes.board import GameOverScene
from scenes.krom.board import KromBoard
from scenes.krom.dialogs import StealDialog
from scenes.krom.setup import KromSetupScene
from scenes.menu import MenuScene
from scenes.widgets.handoff import HandOffScene
from tests.scenes.helpers import button, click, click_widget, settle


def hit_rect(board: KromBoard, what: str, payload) -> pygame.Rect:
    found = [r for r, w, p in board.hits if w == what and p == payload]
    assert found, f"nothing to click for {what} {payload!r} on screen"
    return found[-1]


def wait(app, board: KromBoard) -> None:
    """Run frames until the animations (instant in these tests) and any queued basket purchases are done."""
    app.run_frames(1)
    for _ in range(400):
        if not board.busy and not board.queue:
            return
        app.run_frames(1)


def click_action(app, board: KromBoard, action) -> None:
    """Click what plays `action` on screen."""
    text = str(action)
    if action.kind == "go":
        click(app, hit_rect(board, "destination", krom.PLACES.index(action.args[0])).center)
    elif action.kind == "play":
        click(app, hit_rect(board, "hand", action.args[0]).center)
    elif action.kind == "realize":
        click(app, hit_rect(board, "evolution", action.args[0]).center)
    elif action.kind in ("keep", "free"):
        click(app, hit_rect(board, "die", action.args[0]).center)
    elif action.kind == "hunt":
        slot, extra = action.args
        click(app, hit_rect(board, "hunting", slot).center)
        assert board.prey == slot
        click_widget(app, board.action_buttons[text])
    elif action.kind == "buy":
        click_widget(app, board.shop_buttons[action.args[0]][1])
        assert board.basket[action.args[0]] == 1
        click_widget(app, board.action_buttons["services"])
    else:
        b = board.action_buttons.get(text)
        assert b is not None, f"no button for {text!r}: {sorted(board.action_buttons)}"
        assert b.is_enabled, f"{text!r} is disabled: {b.tool_tip_text}"
        click_widget(app, b)


@pytest.mark.slow
def test_a_full_three_player_game_from_the_menu_to_the_end_screen(app, monkeypatch):
    started = time.process_time()  # CPU time: other work on the machine does not count
    monkeypatch.setattr(KromSetupScene, "new_seed", lambda self: 5)  # a game with a stun to steal from
    app.settings.animation_speed = "instant"
    app.push(MenuScene(app))
    settle(app)
    menu = app.stack.top
    new_game = next(b for b, (what, entry) in menu.game_buttons.items() if what == "new" and entry.game_id == "krom")
    click_widget(app, new_game)
    settle(app)
    setup = app.stack.top
    assert isinstance(setup, KromSetupScene) and setup.count == 3
    for widget, option in list(setup.option_widgets.items()):
        if option.key in ("glacial", "kromosaurus"):
            click_widget(app, widget)
    assert setup.values == {"glacial": True, "kromosaurus": True, "longer": False}
    click_widget(app, button(setup, "Start"))
    settle(app)
    board = next(s for s in app.stack.scenes if isinstance(s, KromBoard))
    assert board.match.state.setup.glacial and board.match.state.setup.kromosaurus
    rng = Rng(11)
    handoffs = actions = 0
    kinds = set()
    while not isinstance(app.stack.top, GameOverScene):
        assert time.process_time() - started < 120, f"the game took too long ({actions} actions)"
        top = app.stack.top
        if isinstance(top, HandOffScene):
            # a hand-off hides every secret: nobody's hand is the viewer's
            assert board.viewer is None
            handoffs += 1
            click_widget(app, top.ready)
            continue
        if isinstance(top, StealDialog):
            action = krom.playout_choice(board.match.state, board.match.legal_actions(), rng)
            click_widget(app, top.action_buttons[str(action)])
            wait(app, board)
            kinds.add(action.kind)
            continue
        assert top is board, type(top).__name__
        wait(app, board)
        if isinstance(app.stack.top, (HandOffScene, GameOverScene)):
            continue
        state = board.match.state
        d = board.match.decision()
        if d.private:
            assert board.viewer == d.seat, f"{d.kind} is private: the screen must show {d.seat}'s view"
        action = krom.playout_choice(state, board.match.legal_actions(), rng)
        kinds.add(action.kind)
        before = len(board.match.actions)
        click_action(app, board, action)
        wait(app, board)
        assert len(board.match.actions) > before, f"clicking for {action} played nothing ({board.flash_text})"
        actions += 1
    end = app.stack.top
    assert board.match.over
    winner = board.match.state.winner
    assert board.seats[winner].name in end.headline
    assert len(end.lines) == 3 and all("points" in line for line in end.lines)
    assert handoffs > 10 and {"go", "end", "steal"} <= kinds
    click_widget(app, button(end, "Main menu"))
    settle(app)
    assert isinstance(app.stack.top, MenuScene)


# -- focused checks on positions built with game.krom.testing ------------------------------------

from game.core.decision import HIDDEN  # noqa: E402
from game.core.match import Match  # noqa: E402
from game.krom import testing as kt  # noqa: E402
from scenes.board import Seat  # noqa: E402
from scenes.krom.seam import pct  # noqa: E402


def open_board(app, state, seed=0) -> KromBoard:
    app.settings.animation_speed = "instant"
    match = Match.new(krom, state.setup, seed)
    match.state = state
    board = KromBoard(app, match, [Seat(n, (200, 60 + 40 * i, 60)) for i, n in enumerate(["Ann", "Bob", "Cleo"])])
    board.autosave = False
    app.push(board)
    settle(app)
    return board


def ready(app, board) -> None:
    assert isinstance(app.stack.top, HandOffScene) and board.viewer is None, "a hand-off hides the board first"
    click_widget(app, app.stack.top.ready)
    settle(app)


def test_the_secret_pick_is_seen_only_by_its_player(app):
    board = open_board(app, kt.position())
    ready(app, board)
    assert board.viewer == 0
    cave = hit_rect(board, "destination", 0)
    click(app, cave.center)
    assert board.match.actions == [] and "must move" in board.flash_text, "the rules' reason, nothing played"
    click(app, hit_rect(board, "destination", 2).center)
    wait(app, board)
    assert board.match.state.picks[0] == 2
    ready(app, board)
    assert board.viewer == 1 and board.shown.picks[0] == HIDDEN, "Bob sees that Ann picked, not where"
    assert board._status(board.shown, 0)[0] == "Destination chosen"
    hands = [p for _, w, p in board.hits if w == "hand"]
    assert hands == list(board.match.state.players[1].hand), "only Bob's own Bonus hand is on screen"


def test_the_cave_basket_buys_each_service_in_turn(app):
    state = kt.action_phase(kt.position(krom=[10, 5, 5], hp=[3, 7, 7]), 0)
    board = open_board(app, state)
    ready(app, board)
    for item in ("wood", "wood", "hp"):
        click_widget(app, board.shop_buttons[item][1])
    assert board.action_buttons["services"].text == "Provide services: 7 Krom"
    click_widget(app, board.action_buttons["services"])
    wait(app, board)
    assert [str(a) for a in board.match.actions] == ["buy wood", "buy wood", "buy hp"]
    assert board.match.state.players[0].wood == 2 and board.match.state.players[0].krom == 3
    assert "rest" not in board.action_buttons, "resting is the other choice once services were bought"


def test_a_service_the_rules_refuse_cannot_be_added(app):
    board = open_board(app, kt.action_phase(kt.position(krom=[10, 5, 5]), 0))
    ready(app, board)
    assert not board.shop_buttons["hp"][1].is_enabled, "hit points are full: the rules refuse 'buy hp'"
    assert board.shop_buttons["wood"][1].is_enabled


def test_the_savanna_shows_the_rules_odds_before_buying_dice(app):
    state = kt.action_phase(kt.position(places=["savanna", "cave", "cave"]), 0)
    board = open_board(app, state)
    ready(app, board)
    click(app, hit_rect(board, "hunting", 1).center)
    card = state.hunting_row[1]
    for extra in range(3):
        b = board.action_buttons[f"hunt 1 {extra}"]
        assert b.text.endswith(pct(krom.hunt_odds(card, extra)))
    assert not board.action_buttons["hunt 1 2"].is_enabled or state.players[0].krom >= 4


def test_mountain_dice_are_kept_by_clicking_them(app):
    state = kt.with_rolls(kt.action_phase(kt.position(places=["mountain", "cave", "cave"]), 0), [3, 3, 5, 1, 2])
    board = open_board(app, state)
    ready(app, board)
    click_widget(app, board.action_buttons["climb"])
    wait(app, board)
    assert board.match.state.turn.dice == (3, 3, 5, 1, 2)
    click(app, hit_rect(board, "die", 0).center)
    wait(app, board)
    assert board.match.state.turn.kept == (0,)
    chance = pct(krom.reroll_improves((3, 3, 5, 1, 2), (0,)))
    assert any(chance in line for line, _ in board.panel_lines)


def test_the_automation_table_plays_itself(app):
    board = KromBoard.for_automation(app, 2)
    app.push(board)
    app.settings.animation_speed = "fast"
    app.run_frames(600)
    assert len(board.match.actions) > 3


def test_the_combat_winner_steals_through_a_dialog(app):
    state = kt.position(hp=[7, 3, 7], hands=[[], [], []])
    state, _ = kt.run_passing(kt.with_rolls(state, [6, 1]), "go savanna", "go savanna", "go mountain")
    assert krom.decision(state).kind == "steal"
    board = open_board(app, state)
    dialog = app.stack.top
    assert isinstance(dialog, StealDialog) and board.viewer is None, "stealing shows nothing secret"
    assert not dialog.action_buttons["steal wood"].is_enabled, "Mörhy has no Wood: the rules refuse it"
    click_widget(app, dialog.action_buttons["steal krom"])
    wait(app, board)
    assert [str(a) for a in board.match.actions] == ["steal krom"]
    assert board.match.state.players[0].krom == 5 + 3


def test_nobody_s_hand_shows_while_the_table_watches_what_happens_next(app):
    board = open_board(app, kt.position(hands=[[0], [1], [2]]))
    app.settings.animation_speed = "normal"
    for seat, place in enumerate(("forest", "savanna", "mountain")):
        ready(app, board)
        assert [p for _, w, p in board.hits if w == "hand"] == [seat], "a seat sees its own hand"
        assert board.act(f"go {place}")
        app.run_frames(2)
        if seat < 2:
            while board.busy:
                app.run_frames(5)
            settle(app)
    assert board.busy, "the reveal is animating"
    assert board.viewer == 2 and [p for _, w, p in board.hits if w == "hand"] == [], \
        "the last picker's hand is hidden during the reveal: the next decision is someone else's"


def test_every_card_and_deck_has_a_tooltip(app):
    board = open_board(app, kt.position())
    ready(app, board)
    for what in ("hunting", "evolution", "hand", "destination", "text"):
        rect = next(r for r, w, _ in board.hits if w == what)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        settle(app)
        assert board.hover is not None and board.hover[1] == what
        board.draw(app.screen)  # the board alone, no tooltip
        before = app.screen.copy()
        board.draw_tooltip(app.screen)
        assert app.screen.get_view("2").raw != before.get_view("2").raw, f"no tooltip drawn for {what}"


def test_play_a_bonus_in_hot_seat_each_seat_asked_gets_one_hand_off_and_a_clear_pass(app):
    """Every other player is asked whether to counter (whatever their hand): in hot-seat each gets
    one hand-off screen, then their own panel; one without a counter card sees a lone Pass button."""
    stash, counter = 13, 9  # Hidden stash; Not today!
    board = open_board(app, kt.action_phase(kt.position(hands=[[stash], [], [counter]]), 0))
    ready(app, board)
    click(app, hit_rect(board, "hand", stash).center)
    wait(app, board)
    ready(app, board)  # Bob takes the mouse
    assert board.viewer == 1 and board.match.decision().kind == "counter"
    assert "You hold no counter card: you can only pass." in " ".join(line for line, _ in board.panel_lines)
    assert sorted(board.action_buttons) == ["pass"] and board.action_buttons["pass"].text == "Pass"
    click_widget(app, board.action_buttons["pass"])
    wait(app, board)
    ready(app, board)  # Cleo takes the mouse: she may counter
    assert board.viewer == 2
    assert board.action_buttons["counter"].text == "Counter it with Not today!" and board.action_buttons["counter"].is_enabled
    click_widget(app, board.action_buttons["pass"])
    wait(app, board)
    ready(app, board)  # back to Ann, whose card took effect
    assert board.viewer == 0 and board.match.decision().kind == "main"
    assert board.match.state.players[0].krom == 5 + 3
    settle(app)
    assert app.stack.top is board, "one hand-off per change of the deciding seat, no more"


def test_with_one_human_a_window_where_they_can_only_pass_is_passed_for_them(app):
    """With one human and computers, the human asked in a card window with nothing to play is passed
    at once by the board (no hand-off, no extra screen), and the log tells them why."""
    state = kt.position(hands=[[], [], []])
    state, _ = kt.run(kt.with_rolls(state, [2, 5]), "go forest", "go forest", "go savanna")
    assert krom.decision(state).kind == "combat" and state.to_move == 0  # Bob, a computer, is asked first
    app.settings.animation_speed = "normal"  # Ann's question comes at the end of the animations of Bob's pass
    match = Match.new(krom, state.setup, 0)
    match.state = state
    seats = [Seat("Bob", (60, 200, 60), bot="easy"), Seat("Ann", (200, 60, 60)), Seat("Cleo", (60, 60, 200), bot="easy")]
    board = KromBoard(app, match, seats)
    board.autosave = False
    board.bot_delay = 0.0
    app.push(board)
    for _ in range(300):
        app.run_frames(2)
        assert not isinstance(app.stack.top, HandOffScene), "one human: no hand-off"
        if board.match.state.combat is None:
            break
    assert board.match.state.combat is None, "Ann was left with a lone Pass to click"
    assert [str(a) for a in board.match.actions[:2]] == ["pass", "pass"]
    assert "You hold no combat card: you pass." in board.log.lines
