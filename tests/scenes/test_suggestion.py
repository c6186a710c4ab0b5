"""Suggest on the boards (issue 34): the advice is drawn where it is seen (above the Krosmaster log box, which
hid it), rings what a player would click (the End button, not only cells), and speaks to the player."""

from __future__ import annotations

import pytest

from scenes import palette
from tests.scenes.helpers import button, click_widget


@pytest.fixture
def fast_app(make_app):
    from scenes.settings import Settings

    return make_app(settings=Settings(animation_speed="instant"), persist_settings=False)


def _board(app, name: str, seed: int = 3):
    from scenes import registry

    module, cls = registry.SCENES[name].split(":")
    import importlib

    board = getattr(importlib.import_module(module), cls).for_automation(app, seed)
    board.autosave = False
    app.push(board)
    for _ in range(200):
        app.run_frames(3)
        if not board.busy and board.snap.legal:
            break
    return board


def _suggest(app, board, monkeypatch, pick, reason: str) -> None:
    from scenes.board import computer as kit

    class Fixed:
        def choose(self, view, seat, legal, rng):
            action = pick(legal)
            return action, f"{action}: {reason}"

    monkeypatch.setattr(kit, "make_bot", lambda level, rules: Fixed())
    click_widget(app, button(board, "Suggest"))
    for _ in range(50):
        app.run_frames(2)
        if board.suggested is not None:
            break
    app.run_frames(2)


def _gold_on_edge(app, rect) -> int:
    """How many pixels of a rect's outline are the gold of a ring or an advice box's edge."""
    pts = [(x, rect.top) for x in range(rect.left + 12, rect.right - 12)]
    pts += [(x, rect.bottom - 1) for x in range(rect.left + 12, rect.right - 12)]
    return sum(tuple(app.screen.get_at(p))[:3] == palette.GOLD for p in pts)


def test_krosmaster_suggestion_is_drawn_over_the_log_and_rings_the_end_button(fast_app, monkeypatch):
    app = fast_app
    board = _board(app, "krosmaster.board")
    _suggest(app, board, monkeypatch, lambda legal: next(a for a in legal if a.kind in ("pass", "end")),
             "nothing better to do now (win chance about 40%).")
    box = board.advice_rect
    assert board.log_rect.contains(box.clip(board.log_rect)) and box.colliderect(board.log_rect)
    assert _gold_on_edge(app, box) > box.width, "the advice box is hidden (drawn under the log box)"
    end = board.spots.get("button:end").rect.inflate(8, 8)
    assert _gold_on_edge(app, end) > end.width, "the End button the advice names is not ringed"
    do, why = board.advice[1:]
    assert do.startswith("End") and "our" not in why.split() and "nothing better" not in why
    assert why == "No other move gains more now (your chance to win: about 40%)."


def test_a_refusal_flash_is_drawn_above_the_krosmaster_log(fast_app):
    app = fast_app
    board = _board(app, "krosmaster.board")
    board.flash("That cell is out of reach.")
    app.run_frames(2)
    box = board.flash_rect
    assert box.colliderect(board.log_rect)
    edge = [(x, box.top) for x in range(box.left + 12, box.right - 12)]
    assert sum(tuple(app.screen.get_at(p))[:3] == palette.BLOCKED for p in edge) > len(edge) // 2


def test_khrysos_suggestion_rings_the_action_button(fast_app, monkeypatch):
    app = fast_app
    board = _board(app, "khrysos.board")
    for _ in range(20):  # to a decision with action buttons
        if any(a.kind == "act" for a in board.snap.legal):
            break
        board.act(next(a for a in board.snap.legal if a.kind in ("roll", "play", "place")))
        for _ in range(100):
            app.run_frames(3)
            if not board.busy and board.snap.legal:
                break
    act = next(a for a in board.snap.legal if a.kind == "act")
    _suggest(app, board, monkeypatch, lambda legal: act, "it builds up treasure on our other card.")
    assert f"action:{act.args[0]}" in board.suggestion_keys(act)
    ring = board.spots.get(f"action:{act.args[0]}").rect.inflate(8, 8)
    assert _gold_on_edge(app, ring) > ring.width
    assert board.advice[2] == "It builds up treasure on your other card."


def test_krom_a_suggested_hunt_rings_its_roll_button_only_once_its_prey_is_chosen(fast_app):
    """Seen in a real window: with the Turtle chosen, Suggest advised hunting the Giant beaver with an extra die
    and ringed "Roll 2 dice, pay 2 Krom", the Turtle's button. The prey's card is ringed first; the roll button
    once that prey is the one the panel shows."""
    from game.core.actions import Action

    board = _board(fast_app, "krom.board")
    hunt = Action("hunt", (2, 1))
    board.prey = 0  # another prey chosen: its buttons are on the panel
    assert board.suggestion_keys(hunt) == ["card:hunting:2"]
    board.prey = None
    assert board.suggestion_keys(hunt) == ["card:hunting:2"]
    board.prey = 2
    assert board.suggestion_keys(hunt) == ["card:hunting:2", "button:hunt:1"]
