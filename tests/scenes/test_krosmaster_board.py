"""Krosmaster: Blast on screen, driven through the real SceneStack with synthesized clicks only.

The driver reads the state to decide where to click (like a player looking at the board),
but every action goes through a click on a widget, a card or a cell.
"""

from __future__ import annotations

import time

import pygame
import pytest

from game.krosmaster.board import DIST, index
from scenes import ui
from scenes.board import GameOverScene
from scenes.krosmaster.board import KrosmasterBoard
from scenes.krosmaster.dialogs import ChoiceDialog
from scenes.krosmaster.orientation import OrientationScene
from scenes.krosmaster.setup import KrosmasterSetup
from scenes.menu import MenuScene
from tests.scenes.helpers import button, click, click_widget, settle


def region(board, kind, key):
    found = [r for r in board.regions if r.kind == kind and r.key == key]
    assert found, f"no {kind} region {key!r}"
    return found[0]


def enemy_cast(board):
    """A legal cast at an enemy fighter, if any (the driver never hits its own side)."""
    s = board.match.state
    for a in board.match.legal_actions():
        if a.kind == "cast":
            fid, spell, x, y = a.args
            target = s.grid[index(x, y)]
            if target >= 0 and s.fighters[target].owner != s.to_move:
                return a
    return None


def closer_cell(board):
    """The reachable cell nearest an enemy Krosmaster, if it gets closer than where the fighter stands."""
    s = board.match.state
    f = s.fighters[s.active]
    enemies = [o.cell for o in s.fighters if o.owner != f.owner and not o.out and o.cell >= 0]
    if not enemies or not board.reach:
        return None
    here = min(DIST[f.cell][e] for e in enemies)
    best = min(board.reach, key=lambda c: (min(DIST[index(*c)][e] for e in enemies), board.reach[c].cost))
    return best if min(DIST[index(*best)][e] for e in enemies) < here else None


def drive(app, board, limit=3000):
    """Play the board to its end screen with clicks; returns how many clicks it took."""
    clicks = 0
    while not isinstance(app.stack.top, GameOverScene):
        clicks += 1
        assert clicks < limit, f"no end after {limit} clicks; stuck at {board.match.decision()}"
        top = app.stack.top
        if isinstance(top, ChoiceDialog):
            click_widget(app, next(iter(top.buttons)))
            continue
        assert top is board, f"unexpected scene {type(top).__name__}"
        if board.busy:
            settle(app)
            continue
        s = board.match.state
        kind = board.decision.kind
        if kind == "place":
            cell = sorted(board.grid.layer_cells("reachable"))[0]
            click(app, board.grid.cell_centre(cell))
        elif kind == "slot":
            click(app, region(board, "slot", "left").rect.center)
        elif kind == "select":
            legal = [a for a in board.match.legal_actions() if a.kind == "activate"]
            if legal:
                click(app, board.grid.cell_centre(s.fighters[legal[0].args[0]].xy))
            else:
                click_widget(app, board.end_button)
        elif kind == "act":
            cast = enemy_cast(board)
            if cast is not None:
                fid, spell, x, y = cast.args
                if board.ability != ("spell", spell):
                    click(app, region(board, "spell", (fid, spell)).rect.center)
                    assert board.ability == ("spell", spell)
                    assert (x, y) in board.grid.layer_cells("in_range")
                click(app, board.grid.cell_centre((x, y)))
                continue
            cell = closer_cell(board) if s.mp > 0 else None
            if cell is not None:
                click(app, board.grid.cell_centre(cell))
            else:
                click_widget(app, board.end_button)
        elif kind == "remove":
            click(app, board.grid.cell_centre(sorted(board.grid.layer_cells("target"))[0]))
        else:
            raise AssertionError(f"the driver does not know decision {kind!r}")
    return clicks


@pytest.fixture
def fast_app(make_app):
    from scenes.settings import Settings

    return make_app(settings=Settings(animation_speed="instant"), persist_settings=False)


def test_a_full_game_from_the_menu_to_the_end_screen_with_clicks_only(fast_app, monkeypatch):
    app = fast_app
    started = time.perf_counter()
    monkeypatch.setattr(KrosmasterSetup, "new_seed", lambda self: 4)
    app.push(MenuScene(app))
    settle(app)
    click_widget(app, button(app.stack.top, "New game"))
    settle(app)
    setup = app.stack.top
    assert isinstance(setup, KrosmasterSetup)
    click_widget(app, setup.board_button)
    settle(app)
    picker = app.stack.top
    assert isinstance(picker, OrientationScene)
    click(app, picker.slots["side_b_mirrored"].center)
    settle(app)
    assert app.stack.top is setup and setup.layout == "side_b_mirrored"
    click_widget(app, button(setup, "Start"))
    settle(app, 3)
    board = app.stack.top
    assert isinstance(board, KrosmasterBoard) and board.match.setup.layout == "side_b_mirrored"
    clicks = drive(app, board)
    end = app.stack.top
    assert board.match.over and isinstance(end, GameOverScene)
    outcome = board.match.outcome()
    assert end.reason == ui.sentence(outcome.reason), "the end screen gives the rules' reason as a sentence"
    assert any("Glyph cells" in line for line in end.lines)
    click_widget(app, button(end, "Main menu"))
    settle(app, 3)
    assert isinstance(app.stack.top, MenuScene)
    elapsed = time.perf_counter() - started
    assert elapsed < 60, f"a full game took {elapsed:.1f} s ({clicks} clicks)"


def choose(app, menu, label):
    """Open a drop-down with a click and click one of its options."""
    click_widget(app, menu)
    listing = menu.current_state.options_selection_list
    assert listing is not None, "the drop-down did not open"
    items = [item for item in listing.item_list if item["text"] == label]
    assert items, f"no option {label!r}"
    element = items[0]["button_element"]
    assert element is not None, f"option {label!r} is not shown"
    click(app, element.rect.center)


def option_widget(setup, key):
    return next(w for w, o in setup.option_widgets.items() if o.key == key)


def test_an_advanced_game_with_a_draft_jokers_and_tackles_to_the_end(fast_app, monkeypatch):
    app = fast_app
    monkeypatch.setattr(KrosmasterSetup, "new_seed", lambda self: 11)
    app.push(KrosmasterSetup(app))
    settle(app)
    setup = app.stack.top
    assert not option_widget(setup, "tackle").is_enabled, "a first game locks the advanced rules"
    choose(app, option_widget(setup, "level"), "Advanced rules")
    settle(app)
    choose(app, option_widget(setup, "choose_krosmasters"), "Chosen in turn")
    settle(app)
    assert setup.values["level"] == "advanced" and setup.values["choose_krosmasters"] is True
    assert setup.values["tackle"] and setup.values["die_jokers"] and setup.values["challenges"] == 1
    click_widget(app, button(setup, "Start"))
    settle(app, 3)
    board = app.stack.top
    assert isinstance(board, KrosmasterBoard)
    assert board.match.setup.tackle and board.match.setup.choose_krosmasters
    for _ in range(4):  # the draft: blue, pink, pink, blue, each a click on a card
        assert board.decision.kind == "draft"
        rect, k = board.draft_cards()[0]
        click(app, rect.center)
        assert k in board.match.state.picks[0] + board.match.state.picks[1]
    assert board.decision.kind == "place"
    drive(app, board)
    assert board.match.over
    kinds = {a.kind for a in board.match.actions}
    assert {"pick", "place", "slot", "activate", "move", "cast", "face", "end"} <= kinds, kinds


@pytest.mark.parametrize("name", ["krosmaster.board", "krosmaster.setup", "krosmaster.orientation"])
def test_each_krosmaster_scene_takes_an_automated_screenshot(name, tmp_path):
    from tests.scenes.test_automation import run

    out = tmp_path / "shot.png"
    result = run(["scenes", "--scene", name, "--seed", "2", "--frames", "5", "--screenshot", str(out)], tmp_path)
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_the_bench_keeps_the_board_playing_and_animating(app):
    board = KrosmasterBoard.for_automation(app, 1)
    app.push(board)
    settle(app)
    played = len(board.match.actions)
    busy_frames = 0
    for _ in range(240):
        board.bench_step()
        app.run_frames(1)
        busy_frames += board.busy
    assert len(board.match.actions) > played, "the bench plays actions"
    assert busy_frames > 20, "and measures frames while they animate"


def test_previews_show_the_rules_odds_before_a_dodge_roll_and_a_combat_roll(app):
    from game import krosmaster
    from game.core.match import Match
    from game.krosmaster import Setup, damage_odds, dodge_odds
    from game.krosmaster.testing import build
    from scenes.krosmaster.board import pct

    state = build([("felix_dicebag", 0, (5, 8)), ("golda_purse", 1, (5, 6)), ("arrowna", 1, (6, 8))],
                  setup=Setup(tackle=True, die_jokers=True), active=0)
    board = KrosmasterBoard(app, Match(krosmaster, state.setup, 0, state))
    board.autosave = False
    app.push(board)
    settle(app)
    assert (5, 8) in board.grid.layer_cells("danger"), "leaving Felix's cell takes a dodge roll"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=board.grid.cell_centre((4, 8)), rel=(0, 0), buttons=(0, 0, 0)))
    settle(app)
    text = " ".join(board.tip[0])
    odds = dodge_odds(board.shown, 0, (5, 8))
    assert f"{pct(odds['free'])} get away" in text and f"{pct(odds['tackled'])} tackled" in text, text
    click(app, region(board, "spell", (0, "catroulette")).rect.center)
    assert (5, 6) in board.grid.layer_cells("in_range")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=board.grid.cell_centre((5, 6)), rel=(0, 0), buttons=(0, 0, 0)))
    settle(app)
    text = " ".join(board.tip[0])
    for damage, p in damage_odds(board.shown, 0, "catroulette", (5, 6)).items():
        assert f"{damage} dmg {pct(p)}" in text, text
    greyed = region(board, "spell", (0, "feline_claw"))
    assert greyed.enabled, "Arrowna is next to Felix: Feline Claw can be cast"
    click(app, board.grid.cell_centre((5, 6)))
    assert board.busy or board.match.actions, "the click cast Catroulette"
    assert str(board.match.actions[0]) == "cast 0 catroulette 5 6"
