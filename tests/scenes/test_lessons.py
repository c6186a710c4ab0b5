"""Lessons (issue 21): every lesson of every game taken to its end with synthesized clicks through the real
scene stack; each step's hotspot there and enabled when asked for; wrong clicks refused with a reason,
changing nothing; ticks remembered; leaving and playing on."""

from __future__ import annotations

import json

import pytest

from game import registry as rules_registry
from scenes import registry
from scenes.learn import loader, ticks
from tests.scenes import lessonwalk
from tests.scenes.helpers import button, click, click_widget

GAMES = [d.id for d in rules_registry.declarations() if registry.has_lessons(d.id)]  # the showcase table's too
ALL = [(g, e.id) for g in GAMES for e in loader.catalogue(g)]


def _menu(app):
    from scenes import registry

    app.stack.push(registry.make_scene("menu", app))
    app.run_frames(2)


@pytest.mark.parametrize("game,lesson_id", ALL, ids=[f"{g}/{i}" for g, i in ALL])
def test_every_lesson_file_loads_and_plays_through_the_rules(game, lesson_id):
    entry = next(e for e in loader.catalogue(game) if e.id == lesson_id)
    assert entry.error is None, entry.error
    assert entry.lesson.checked_to >= 1


@pytest.mark.parametrize("game,lesson_id", ALL, ids=[f"{g}/{i}" for g, i in ALL])
def test_every_lesson_walks_to_its_end_with_clicks_each_step_pointing_at_an_enabled_hotspot_and_wrong_clicks_refused(
        app, game, lesson_id):
    """One walk per lesson (issue 30: two walks, one with wrong clicks and one without, took 36 CPU-s): at each
    step a wrong click first (refused, changing nothing: lessonwalk checks it), then the click the step points
    at, to the lesson's end, where the end is checked as a player who never clicked wrong would reach it."""
    _menu(app)
    clicked = lessonwalk.walk(app, game, lesson_id, wrong=True)
    board = lessonwalk.board_of(app)
    lesson = board.coach.lesson
    assert board.coach.finished and clicked
    # ticked at its end, or (ticked = "played", a first game) only once the game played on from it ends
    assert ticks.load().has(game, lesson_id) == (lesson.ticked == "done")
    if lessonwalk.in_builder(board):
        from game.khrysos import condition_holds

        assert condition_holds(board.spec, "valid") == lesson.playable
        assert ("lesson:play_on" in board.spots) == lesson.playable
    elif lesson.playable and not board.snap.over:
        assert not list(board.match.state.rng.script), "the lesson's scripted dice are not all used"


def test_a_refused_gesture_leaves_the_game_unchanged_and_says_why(app):
    """A gesture that reaches the board's act() (not only a greyed hotspot) is vetoed by the coach."""
    from game import demo

    _menu(app)
    from scenes.learn.runner import start_lesson

    start_lesson(app, "demo", "01_table")
    app.run_frames(3)
    board = lessonwalk.board_of(app)
    before = board.match.state.to_dict()
    assert not board.perform(demo.walk(board.snap.view, board.snap.legal, (1, 3)))  # step 1 is narration
    assert board.match.state.to_dict() == before and not board.match.actions
    assert board.flash_text == "Read the lesson's note, then click Next."
    assert board.coach.said == board.flash_text


# -- leave, play on, ticks --------------------------------------------------------------------------------


def test_the_menu_cards_have_a_learn_button_that_opens_the_lesson_list(app):
    from scenes.learn.lessonlist import LessonsScene

    _menu(app)
    menu = app.stack.top
    for entry in menu.games:
        spot = menu.spots.get(f"button:learn:{entry.game_id}")
        assert spot is not None and spot.widget.visible and "lessons" in spot.tip_lines()[0]
    click_widget(app, menu.spots.get("button:learn:krosmaster").widget)
    assert isinstance(app.stack.top, LessonsScene) and app.stack.top.game_id == "krosmaster"
    click_widget(app, button(app.stack.top, "Close"))
    assert app.stack.top is menu


def test_leaving_a_lesson_goes_back_to_the_list_and_keeps_the_game_in_progress(app, dirs):
    from scenes import saves
    from scenes.learn.lessonlist import LessonsScene
    from scenes.learn.runner import start_lesson

    _, data = dirs
    autosave = data / "autosave" / "demo.json"
    autosave.parent.mkdir(parents=True)
    autosave.write_text("a game in progress")
    _menu(app)
    start_lesson(app, "demo", "01_table")
    app.run_frames(3)
    board = lessonwalk.board_of(app)
    lessonwalk.wait_ready(app, board)
    click(app, board.spots.get("lesson:next").widget.rect.center)
    lessonwalk.wait_ready(app, board)
    click(app, lessonwalk.pixel_of(board, "cell:3,3"))  # one move into the lesson
    lessonwalk.wait_ready(app, board)
    assert board.match.actions
    click(app, board.spots.get("lesson:leave").widget.rect.center)
    assert isinstance(app.stack.top, LessonsScene)
    assert lessonwalk.board_of(app) is None
    assert autosave.read_text() == "a game in progress"  # a lesson is never autosaved
    assert not ticks.load().has("demo", "01_table")
    assert saves.has_autosave("demo")


def test_ticks_are_remembered_and_shown_in_the_list(app):
    from scenes.learn.lessonlist import LessonsScene

    _menu(app)
    lessonwalk.walk(app, "demo", "01_table")
    assert ticks.path().is_file()
    assert json.loads(ticks.path().read_text())["done"] == {"demo": ["01_table"]}
    app.open_lessons("demo")
    app.run_frames(3)
    scene = app.stack.top
    assert isinstance(scene, LessonsScene)
    assert scene.ticks.has("demo", "01_table") and not scene.ticks.has("demo", "02_two_clicks")
    assert button(scene, "Again") and button(scene, "Start")
    assert "Completed." in scene.spots.get("lesson:row:01_table").tip_lines()


def test_a_damaged_ticks_file_is_kept_aside_and_starts_afresh(dirs):
    _, data = dirs
    data.mkdir(parents=True)
    ticks.path().write_text("{not json")
    got = ticks.load()
    assert got.done == {} and "damaged" in got.problem
    assert (data / "lessons.json.broken").read_text() == "{not json"
    assert ticks.mark_done("krom", "01_round") is None
    assert ticks.load().has("krom", "01_round") and ticks.load().problem is None


def test_a_full_disk_only_says_the_tick_was_not_saved(dirs, monkeypatch):
    def full(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ticks, "atomic_write_text", full)
    assert "could not be saved" in ticks.mark_done("demo", "01_table")


def test_the_next_lesson_button_starts_the_next_lesson(app):
    _menu(app)
    lessonwalk.walk(app, "demo", "01_table")
    board = lessonwalk.board_of(app)
    click(app, board.spots.get("lesson:next_lesson").widget.rect.center)
    app.run_frames(3)
    nxt = lessonwalk.board_of(app)
    assert nxt is not board and nxt.coach.lesson.id == "02_two_clicks"


def test_the_pause_overlay_offers_the_lessons(app):
    import pygame

    from game import krosmaster
    from game.core.match import Match
    from scenes.krosmaster.board import KrosmasterBoard
    from scenes.learn.lessonlist import LessonsScene
    from scenes.overlays import PauseScene
    from tests.scenes.helpers import press_key

    app.stack.push(KrosmasterBoard(app, Match.new(krosmaster, krosmaster.Setup(), 3)))
    app.run_frames(5)
    press_key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click_widget(app, button(pause, "Learn"))
    assert isinstance(app.stack.top, LessonsScene) and app.stack.top.game_id == "krosmaster"
    click_widget(app, button(app.stack.top, "Close"))
    assert app.stack.top is pause


def test_hovering_the_lesson_panel_hides_none_of_its_note(app):
    """Right after Next the mouse rests on the panel: no tip may be painted over the note to read."""
    import pygame

    _menu(app)
    from scenes.learn.runner import start_lesson

    start_lesson(app, "demo", "01_table")
    app.run_frames(3)
    board = lessonwalk.board_of(app)
    panel = board.coach.panel
    spot_at = None
    for y in range(panel.top + 4, panel.bottom - 4, 6):  # a pixel of the panel that is neither a button nor a term
        pos = (panel.left + 6, y)
        hit = board.spots.at(pos)
        if hit is not None and hit.key == "lesson:panel":
            spot_at = pos
            break
    assert spot_at is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot_at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(3)
    assert board.spots.hovered is not None and board.spots.hovered.key == "lesson:panel"
    assert board.spots.tip_of(board.spots.hovered) == []


def test_the_map_builder_lesson_ends_on_play_this_map_which_saves_it_and_sets_up_a_game_on_it(app):
    """The real-position ending of the builder lesson: the learner's map saved among theirs, chosen in the setup."""
    from scenes.khrysos import mapstore
    from scenes.khrysos.setup import KhrysosSetup

    _menu(app)
    lessonwalk.walk(app, "khrysos", "04_map_builder")
    builder = lessonwalk.board_of(app)
    spot = builder.spots.get("lesson:play_on")
    assert spot.widget.text == "Play this map" and "Save this map" in spot.tip_lines()[0]
    tiles = builder.spec.tiles
    click(app, lessonwalk.pixel_of(builder, "lesson:play_on"))
    app.run_frames(3)
    setup = app.stack.top
    assert isinstance(setup, KhrysosSetup)
    saved = [e for e in mapstore.own_maps() if e.spec is not None and e.spec.tiles == tiles]
    assert saved and saved[0].playable, "the lesson's map is not among the player's maps"


def test_leaving_the_map_builder_lesson_keeps_nothing(app):
    from scenes.khrysos import mapstore
    from scenes.learn.lessonlist import LessonsScene
    from scenes.learn.runner import start_lesson

    _menu(app)
    before = [e.name for e in mapstore.own_maps()]
    start_lesson(app, "khrysos", "04_map_builder")
    app.run_frames(3)
    builder = lessonwalk.board_of(app)
    for _ in range(3):  # two notes, then the first tile card picked up and put down
        key = "lesson:next" if builder.coach.step.narration else builder.coach.target()
        click(app, lessonwalk.pixel_of(builder, key))
    click(app, lessonwalk.pixel_of(builder, builder.coach.target()))
    assert len(builder.tiles) == 4
    click(app, lessonwalk.pixel_of(builder, "lesson:leave"))
    app.run_frames(3)
    assert isinstance(app.stack.top, LessonsScene) and app.stack.top.game_id == "khrysos"
    assert [e.name for e in mapstore.own_maps()] == before
    assert not ticks.load().has("khrysos", "04_map_builder")


def test_in_the_map_builder_lesson_a_right_click_or_a_key_on_another_tile_is_refused_and_changes_nothing(app):
    import pygame

    from game.khrysos.maps import map_key
    from scenes.learn.runner import start_lesson
    from tests.scenes.helpers import press_key

    _menu(app)
    start_lesson(app, "khrysos", "04_map_builder")
    app.run_frames(3)
    builder = lessonwalk.board_of(app)
    while builder.coach.step.narration:
        click(app, lessonwalk.pixel_of(builder, "lesson:next"))
    before = map_key(builder.spec)
    pos = lessonwalk.pixel_of(builder, "slot:6,6")  # Treasure Zone 1, not what step 3 asks for
    click(app, pos, button=3)
    assert builder.spots.refusal is not None and builder.spots.refusal.text == builder.coach.step.asks_for()
    press_key(app, pygame.K_r)  # R over it: vetoed by the coach, said on the panel
    assert builder.coach.said == builder.coach.step.asks_for()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    app.run_frames(2)  # Ctrl+Z: a lesson goes forward only
    assert builder.message is not None and "goes forward only" in builder.message[0]
    assert map_key(builder.spec) == before and not builder.edits and builder.coach.index == 2
