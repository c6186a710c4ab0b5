"""Main menu, settings overlay and pause overlay, used with the mouse alone through the real SceneStack."""

import errno
import json

import pygame
import pytest

from game import registry as rules_registry
from game.core import Action
from game.core.save import new_save
from scenes import registry
from scenes.menu import MenuScene
from scenes.overlays import MessageScene, PauseScene, SettingsScene
from scenes.settings import Settings, load_settings
from tests.core import toygame
from tests.scenes.helpers import button, click, click_widget, press_key, top


@pytest.fixture
def menu(app):
    app.push(MenuScene(app))
    app.run_frames(2)
    return app


def test_menu_offers_settings_and_quit_and_no_unplayable_game(menu):
    scene = top(menu)
    assert isinstance(scene, MenuScene)
    button(scene, "Settings")
    button(scene, "Quit")
    assert scene.games == [] or all(g.game_id in rules_registry.available() for g in scene.games)


def test_quit_button_stops_the_app(menu):
    click_widget(menu, button(top(menu), "Quit"))
    assert not menu.running


def test_escape_on_the_menu_asks_before_quitting(menu):
    press_key(menu, pygame.K_ESCAPE)
    dialog = top(menu)
    assert isinstance(dialog, MessageScene)
    click_widget(menu, button(dialog, "Stay"))
    assert isinstance(top(menu), MenuScene) and menu.running


def test_settings_open_change_persist_and_close(menu, dirs):
    config, _ = dirs
    click_widget(menu, button(top(menu), "Settings"))
    settings = top(menu)
    assert isinstance(settings, SettingsScene)
    # Volume: a click on the rail jumps there; the arrow buttons step by 5%.
    rail = settings._rail()
    click(menu, (rail.left + rail.width // 4, rail.centery))
    assert menu.settings.master_volume == pytest.approx(0.25, abs=0.02)
    click_widget(menu, settings.volume.right_button)
    assert menu.settings.master_volume == pytest.approx(0.30, abs=0.02)
    assert settings.volume_label.text == f"{round(menu.settings.master_volume * 100)}%"
    # Mute and fullscreen check boxes.
    click_widget(menu, settings.mute)
    assert menu.settings.muted is True
    click_widget(menu, settings.fullscreen)
    assert menu.settings.fullscreen is True
    # Animation speed drop-down: open it, pick "Fast".
    click_widget(menu, settings.speed)
    option = next(e for e in settings.ui.get_sprite_group().sprites()
                  if getattr(e, "text", None) == "Fast" and e is not settings.speed and e.visible)
    click_widget(menu, option, frames=5)  # button -> list selection -> drop-down change: two frames later
    assert menu.settings.animation_speed == "fast"
    saved = json.loads((config / "settings.json").read_text())
    assert saved == {"master_volume": menu.settings.master_volume, "muted": True, "animation_speed": "fast",
                     "fullscreen": True}
    click_widget(menu, button(settings, "Done"))
    assert isinstance(top(menu), MenuScene)
    loaded, warning = load_settings()
    assert warning is None and loaded.muted and loaded.animation_speed == "fast"


def test_settings_that_cannot_be_saved_say_so_and_keep_working(menu, monkeypatch):
    import scenes.settings as settings_module

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(settings_module, "atomic_write_text", full)
    click_widget(menu, button(top(menu), "Settings"))
    settings = top(menu)
    click_widget(menu, settings.mute)
    assert menu.settings.muted is True
    assert "No space left on device" in settings.error.text


def test_a_damaged_settings_file_is_reported_and_replaced_by_defaults(make_app, dirs):
    config, _ = dirs
    config.mkdir(parents=True)
    (config / "settings.json").write_text("{not json")
    app = make_app()
    assert app.settings == Settings()
    app.push(MenuScene(app))
    app.run_frames(3)
    dialog = top(app)
    assert isinstance(dialog, MessageScene) and dialog.title == "Settings reset"
    click_widget(app, button(dialog, "OK"))
    assert isinstance(top(app), MenuScene)


def test_pause_overlay_from_escape_and_button(app):
    from scenes.showcase import ShowcaseScene

    app.push(ShowcaseScene(app, seed=1))
    app.run_frames(2)
    board = top(app)
    board.timeline.skip()  # the opening roll: a click now would only skip it
    press_key(app, pygame.K_ESCAPE)
    pause = top(app)
    assert isinstance(pause, PauseScene)
    click_widget(app, button(pause, "Resume"))
    assert top(app) is board
    click_widget(app, button(board, "Pause"))
    pause = top(app)
    assert isinstance(pause, PauseScene)
    click_widget(app, button(pause, "Settings"))
    assert isinstance(top(app), SettingsScene)
    click_widget(app, button(top(app), "Done"))
    assert top(app) is pause
    click_widget(app, button(pause, "Main menu"))
    assert isinstance(top(app), MenuScene) and len(app.stack) == 1


def test_the_board_under_the_pause_overlay_gets_no_clicks(app):
    from scenes.showcase import ShowcaseScene

    app.push(ShowcaseScene(app, seed=1))
    app.run_frames(60)
    board = top(app)
    board.timeline.skip()
    press_key(app, pygame.K_ESCAPE)
    before = board.match.state
    click(app, (470 + 64 * 3 + 32, 110 + 64 * 4 + 32))
    assert board.match.state is before


def test_pause_quit(app):
    from scenes.showcase import ShowcaseScene

    app.push(ShowcaseScene(app, seed=1))
    app.run_frames(2)
    press_key(app, pygame.K_ESCAPE)
    click_widget(app, button(top(app), "Quit"))
    assert not app.running


# -- game entries: listed once playable, continued from the autosave -------------------


@pytest.fixture
def toy_entry(monkeypatch):
    monkeypatch.setitem(rules_registry.GAMES, "toy", "tests.core.toygame")
    entry = registry.GameEntry("toy", "Toy Stones", "2-4 players", "ui/emblem_krom",
                               "tests.scenes.toyboard:ToyBoard", "tests.scenes.toyboard:resume")
    monkeypatch.setattr(registry, "GAMES", [entry])
    return entry


def test_a_playable_game_is_listed_and_starts(app, toy_entry):
    from tests.scenes.toyboard import ToyBoard

    app.push(MenuScene(app))
    app.run_frames(2)
    menu = top(app)
    assert [g.title for g in menu.games] == ["Toy Stones"]
    assert not any(getattr(b, "text", "") == "Continue" for b in menu.game_buttons)
    click_widget(app, button(menu, "New game"))
    assert isinstance(top(app), ToyBoard)


def test_continue_replays_the_autosave(app, toy_entry):
    from scenes.saves import write_autosave
    from tests.scenes.toyboard import ToyBoard

    setup = toygame.Setup()
    state = toygame.new_game(setup, 5)
    actions = [Action.of("take", 2), Action.of("take", 1)]
    for a in actions:
        state, _ = toygame.apply(state, a)
    assert write_autosave(new_save(toygame, setup, 5, actions)) is None
    app.push(MenuScene(app))
    app.run_frames(2)
    click_widget(app, button(top(app), "Continue"))
    board = top(app)
    assert isinstance(board, ToyBoard) and board.state.to_dict() == state.to_dict()


def test_a_broken_autosave_gives_a_message_not_a_crash(app, toy_entry):
    from scenes.saves import autosave_path

    path = autosave_path("toy")
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "tabletrio-save", "format_version": 1, "game": "toy", "vers')
    app.push(MenuScene(app))
    app.run_frames(2)
    menu = top(app)
    # A save already known to be damaged is not offered: Continue is greyed and says why, in the same
    # words as the card and as the load itself would (issue 23).
    spot = menu.spots.get("button:continue:toy")
    assert not button(menu, "Continue").is_enabled and not spot.enabled
    assert spot.reason.startswith("The save file is truncated") and "new game" in spot.reason
    assert menu.continues["toy"].error.startswith("The save file is truncated")
    click_widget(app, button(menu, "Continue"))
    assert top(app) is menu and menu.spots.refusal.text == spot.reason


def test_a_save_the_menu_cannot_tell_is_damaged_still_gets_a_message_on_continue(app, toy_entry):
    from scenes.saves import autosave_path

    path = autosave_path("toy")
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "tabletrio-save", "format_version": 1, "game": "toy", "version": 1, "setup": {}, '
                    '"seed": 1, "actions": ["no such move"], "table": {}}')
    app.push(MenuScene(app))
    app.run_frames(2)
    click_widget(app, button(top(app), "Continue"))
    dialog = top(app)
    assert isinstance(dialog, MessageScene)
    assert dialog.message_lines[0][0].isupper(), "messages start with a capital"
    click_widget(app, button(dialog, "OK"))
    menu = top(app)
    assert isinstance(menu, MenuScene)
    # Now known to be damaged: the card says so and Continue is greyed with the same words (seen in a real
    # window, where the card still said "Game in progress" and offered Continue again).
    spot = menu.spots.get("button:continue:toy")
    assert not spot.enabled and not button(menu, "Continue").is_enabled
    error = menu.continues["toy"].error
    assert error == " ".join(dialog.message_lines) and spot.reason == f"{error} Start a new game instead."


def test_hand_off_screen_hides_the_board_until_the_player_clicks(app):
    from scenes.showcase import ShowcaseScene
    from scenes.widgets.handoff import HandOffScene

    app.push(ShowcaseScene(app, seed=1))
    app.run_frames(2)
    board = top(app)
    board.timeline.skip()
    click_widget(app, button(board, "Hand-off"))
    handoff = top(app)
    assert isinstance(handoff, HandOffScene) and handoff.opaque
    click(app, (470 + 32, 110 + 32))  # where the board was: nothing happens to it
    assert top(app) is handoff
    click_widget(app, button(handoff, "I am Pink"))
    assert top(app) is board and board.log.lines[-1] == "Pink has the mouse."


def test_the_theme_is_the_games_own(menu):
    from scenes import palette
    from tests.scenes.helpers import pixel

    quit_button = button(top(menu), "Quit")
    x, y = quit_button.rect.left + 12, quit_button.rect.centery
    assert pixel(menu, (x, y)) == palette.PANEL_LIGHT  # the theme's normal_bg, not pygame-gui's default grey


def test_a_finished_game_discards_its_autosave(dirs):
    from scenes.saves import autosave_path, discard_autosave, has_autosave, write_autosave

    assert write_autosave(new_save(toygame, toygame.Setup(), 1, [])) is None
    assert has_autosave("toy")
    discard_autosave("toy")
    discard_autosave("toy")  # already gone: nothing to do
    assert not has_autosave("toy") and not autosave_path("toy").exists()


def test_an_autosave_that_cannot_be_written_says_why(dirs, monkeypatch):
    import game.core.save as save_module
    from scenes.saves import write_autosave

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(save_module, "atomic_write_text", full)
    message = write_autosave(new_save(toygame, toygame.Setup(), 1, []))
    assert message is not None and "No space left on device" in message


def test_a_click_during_an_animation_skips_it_and_never_acts(app):
    """A click on a button while dice tumble ends the animation; it is not taken as a second action."""
    from scenes.showcase import ShowcaseScene

    scene = ShowcaseScene(app, seed=4)
    app.stack.reset(scene)
    app.run_frames(2)
    assert scene.busy  # the opening roll
    played = len(scene.match.actions)
    click_widget(app, button(scene, "Attack"))
    assert not scene.busy and len(scene.match.actions) == played
    click_widget(app, button(scene, "Attack"))
    assert len(scene.match.actions) == played + 1 and scene.busy


@pytest.mark.slow
def test_attacks_show_what_the_rules_decided(app):
    """Clicks that arrive while animations still play must not read half-animated widgets."""
    from game import demo
    from scenes.showcase import ShowcaseScene

    scene = ShowcaseScene(app, seed=4)
    app.stack.reset(scene)
    app.run_frames(2)
    for _ in range(5):
        while scene.busy:
            app.run_frames(10)
        click_widget(app, button(scene, "Attack"))
    app.run_frames(1500)
    assert not scene.timeline.busy
    injuries = scene.match.state.injuries
    assert scene.markers[0].count == injuries
    assert scene.standees[1].visible == (injuries < demo.HP)
    assert sum("injur" in line for line in scene.log.lines) == 5
