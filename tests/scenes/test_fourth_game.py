"""Issue 30, one declaration per game: a fourth game declared in one file (tests/conftest.py's `fourth_game`)
is on the menu, plays from the menu to its end screen with clicks, is saved and loaded again, and replayed,
through the same scenes and helpers as the three shipped games; it names no other file but the one that
declares it for the tests, and it is gone once the test is over.

Nothing here names the game: everything is read from its declaration, as the program reads it.
"""

from __future__ import annotations

import importlib
import pathlib

import pygame
import pytest

from game import registry as rules_registry
from scenes import registry, ui
from scenes.board import BoardScene, GameOverScene
from scenes.board.saveload import SavesScene
from scenes.menu import MenuScene
from scenes.overlays import PauseScene
from tests.scenes.kitcheck import check_hotspots
from tests.scenes.helpers import button, click, click_widget, press_key, settle, top

ROOT = pathlib.Path(__file__).resolve().parents[2]
SEARCHED = ("game", "scenes", "net", "sprites", "sounds", "maps", "tools", "tests")
SEARCHED_FILES = ("pyproject.toml", "README.md")


def spot(scene, key):
    found = scene.spots.get(key)
    assert found is not None, f"no hotspot {key!r} in {type(scene).__name__}: {[s.key for s in scene.spots]}"
    return found


def open_menu(app):
    app.push(MenuScene(app))
    settle(app)
    return top(app)


def new_game_from_the_menu(app, game):
    menu = open_menu(app)
    assert game.title in [g.title for g in menu.games], "the declared game is on the menu"
    click_widget(app, spot(menu, f"button:new:{game.id}").widget)
    settle(app, 3)
    board = top(app)
    assert isinstance(board, BoardScene) and game.id == board.rules.GAME_ID
    return board


def click_a_free_square(app, board):
    """Click the first square the board offers (enabled hotspot on a cell), as a player would."""
    free = [s for s in board.spots if s.key.startswith("cell:") and board.spots.is_enabled(s)]
    assert free, f"nothing to click; the status says {board.snap.decision.prompt!r}"
    before = len(board.match.actions)
    click(app, free[0].rect.center)
    settle(app, 3)
    assert len(board.match.actions) == before + 1, "a click on a free square plays it"


def play_to_the_end(app, board, limit=20):
    for _ in range(limit):
        if isinstance(top(app), GameOverScene):
            return top(app)
        assert top(app) is board, f"unexpected scene {type(top(app)).__name__}"
        assert check_hotspots(board) >= 3, "every square is a hotspot that says what a click does, or why not"
        click_a_free_square(app, board)
    raise AssertionError(f"no end screen after {limit} clicks")


def test_the_declared_game_is_on_the_menu_and_plays_to_its_end_screen_with_clicks(app, fourth_game):
    menu = open_menu(app)
    card = [rect for rect, entry in menu.cards if entry.game_id == fourth_game.id]
    assert len(card) == 1 and card[0].right <= app.size[0] and all(r.left >= 0 for r, _ in menu.cards), \
        "four cards fit in the window"
    keys = {s.key for s in menu.spots}
    assert f"button:rules:{fourth_game.id}" not in keys and f"button:learn:{fourth_game.id}" not in keys, \
        "no Rules or Learn button where the declaration names no reference and no lessons"
    assert "button:rules:krom" in keys and "button:learn:krom" in keys, "the shipped games keep theirs"
    app.stack.reset(MenuScene(app))
    board = new_game_from_the_menu(app, fourth_game)
    assert board.snap.decision.seat == 0 and board.snap.decision.prompt.endswith("claim a free square.")
    end = play_to_the_end(app, board)
    outcome = board.match.outcome()
    assert board.match.over and end.reason == ui.sentence(outcome.reason)
    assert end.headline == f"{board.seats[outcome.winners[0]].name} wins!"
    click_widget(app, button(end, "Main menu"))
    settle(app, 3)
    assert isinstance(top(app), MenuScene)


def test_the_declared_game_is_saved_continued_and_loaded_again(app, fourth_game):
    board = new_game_from_the_menu(app, fourth_game)
    click_a_free_square(app, board)
    state = board.match.state.to_dict()
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), PauseScene)
    click_widget(app, button(top(app), "Save / Load"))
    saves = top(app)
    assert isinstance(saves, SavesScene)
    click_widget(app, button(saves, "Save"))
    assert saves.message.startswith("Saved as") and len(saves.infos) == 1
    assert saves.infos[0].game == fourth_game.title
    click_widget(app, button(saves, "Close"))
    assert isinstance(top(app), PauseScene)
    click_widget(app, button(top(app), "Main menu"))
    settle(app, 3)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    click_widget(app, spot(menu, f"button:continue:{fourth_game.id}").widget)  # the autosave
    settle(app, 3)
    assert isinstance(top(app), BoardScene) and top(app).match.state.to_dict() == state
    app.stack.reset(MenuScene(app))
    settle(app)
    click_widget(app, button(top(app), "Saved games"))
    listed = top(app)
    click_widget(app, button(listed, "Load"))
    settle(app, 3)
    loaded = top(app)
    assert isinstance(loaded, BoardScene) and loaded.match.state.to_dict() == state
    play_to_the_end(app, loaded)


def test_the_declared_game_is_replayed_move_by_move(app, fourth_game):
    board = new_game_from_the_menu(app, fourth_game)
    end = play_to_the_end(app, board)
    states = [board.match.state_after(n).to_dict() for n in range(len(board.match.actions) + 1)]
    click_widget(app, button(end, "Watch the replay"))
    settle(app, 3)
    replay = top(app)
    assert isinstance(replay, BoardScene) and replay.replay is not None and len(replay.match.actions) == 0
    seen = [replay.match.state.to_dict()]
    for _ in range(len(states) - 1):
        click_widget(app, replay.replay.buttons["next"])
        settle(app, 3)
        seen.append(replay.match.state.to_dict())
    assert seen == states, "the replay steps through the game's own positions"
    assert not [s for s in replay.spots if s.key.startswith("cell:") and replay.spots.is_enabled(s)], \
        "nothing is played in a replay"


def _naming(words: tuple[str, ...], skip: pathlib.Path) -> list[str]:
    found = []
    paths = [p for top_dir in SEARCHED for p in (ROOT / top_dir).rglob("*") if p.is_file()]
    paths += [ROOT / name for name in SEARCHED_FILES]
    for path in paths:
        if path == skip or path.suffix not in (".py", ".toml", ".json", ".md", ".txt", ".cfg") or "__pycache__" in path.parts:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if any(w in text for w in words):
            found.append(str(path.relative_to(ROOT)))
    return sorted(found)


def test_the_fourth_game_touches_one_place_outside_its_own_file(fourth_game):
    """Adding a game is its own packages plus one declaration: here, one file, and the one line of the tests
    that declares it while they run. Counted by its module's name and its id, in every file of the project."""
    module = importlib.import_module(fourth_game.rules)
    own = pathlib.Path(module.__file__).resolve()
    assert fourth_game.screens == fourth_game.rules == module.__name__, "rules, board and declarations in one file"
    stem = module.__name__.rpartition(".")[2]
    places = _naming((stem, f'"{fourth_game.id}"', f"'{fourth_game.id}'"), own)
    assert places == ["tests/conftest.py"], f"{len(places)} places name the fourth game: {places}"


def test_the_fourth_game_is_not_shipped():
    shipped = [d.id for d in rules_registry.declarations()]
    assert shipped == list(rules_registry.SHIPPED) and rules_registry.extras() == []
    assert [g.game_id for g in registry.playable_games()] == [d.id for d in rules_registry.SHIPPED.values() if d.menu]
    assert all(d.rules.startswith("game.") for d in rules_registry.SHIPPED.values()), "every shipped game is installed"
    packages = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'include = ["game*", "scenes*", "net*", "sprites*", "sounds*", "maps*"]' in packages, "tests/ is not installed"


@pytest.mark.parametrize("game_id", list(rules_registry.SHIPPED))
def test_every_shipped_declaration_names_modules_that_exist(game_id):
    game = rules_registry.declaration(game_id)
    rules = importlib.import_module(game.rules)
    assert game.id == rules.GAME_ID and game.title == rules.TITLE
    low, high = game.players
    assert 1 <= low <= high
    for module in (game.bots, game.learn):
        if module is not None:
            importlib.import_module(module)
    if game.lesson_start is not None:
        assert callable(rules_registry.resolve(game.lesson_start))
    if game.menu:
        screens = registry.screens(game_id)
        for target in (screens.new_game, screens.resume, *screens.scenes.values()):
            assert callable(registry.resolve(target)), target


def test_the_menu_built_first_while_the_game_is_declared_lists_it_once_and_keeps_it_out_of_the_shipped_list(
        monkeypatch, fourth_game):
    """The menu's shipped list is built on first use. Built while a test's game was declared (this file run
    alone), it held that game too: the menu showed it twice, and would have kept it after the test."""
    monkeypatch.delitem(registry.__dict__, "GAMES", raising=False)  # as in a fresh interpreter
    assert [g.game_id for g in registry.playable_games()].count(fourth_game.id) == 1
    assert fourth_game.id not in [g.game_id for g in registry.GAMES]
