"""Khrysos Hunters on screen, driven through the real SceneStack with synthesized mouse input only:
the map builder, the setup and the board, from the menu's New game to the win screen."""

from __future__ import annotations

import json
import time

import pygame
import pygame_gui
import pytest

import game.khrysos as K
from game.core.rng import Rng
from game.khrysos import maps
from scenes.board import GameOverScene
from scenes.khrysos import mapstore
from scenes.khrysos.board import KhrysosBoard
from scenes.khrysos.builder import BuilderScene
from scenes.khrysos.mapdialogs import OpenMapScene
from scenes.khrysos.setup import KhrysosSetup
from scenes.menu import MenuScene
from scenes.settings import Settings
from scenes.widgets.handoff import HandOffScene
from tests.scenes.helpers import button, click, click_widget, top


def drag(app, start, end, button_no: int = 1) -> None:
    """Press at `start`, move to `end` in a few steps with the button held, release there."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button_no))
    app.run_frames(1)
    for k in range(1, 4):
        p = (start[0] + (end[0] - start[0]) * k // 3, start[1] + (end[1] - start[1]) * k // 3)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        app.run_frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button_no))
    app.run_frames(2)


def palette_item(builder: BuilderScene, tile: str):
    return next(r.center for t, r in builder.palette_items() if t == tile)


def fast_app(make_app):
    return make_app(settings=Settings(animation_speed="instant", master_volume=0.0), persist_settings=False, audio=False)


def open_builder(make_app) -> tuple:
    """A builder on a new map, zoomed out to show the whole grid (a new map opens zoomed in on its middle)."""
    app = fast_app(make_app)
    app.push(BuilderScene(app))
    app.run_frames(2)
    builder = top(app)
    builder.zoom, builder.pan = 0, [0, 0]
    builder.refresh_hotspots()
    return app, builder


def build_row_map(app) -> BuilderScene:
    """From the menu: New game, Map builder, then drag the six zone tiles into a row and save."""
    app.push(MenuScene(app))
    app.run_frames(2)
    menu = top(app)
    new_game = next(b for b, (what, entry) in menu.game_buttons.items() if what == "new" and entry.game_id == "khrysos")
    click_widget(app, new_game)
    assert isinstance(top(app), KhrysosSetup)
    click_widget(app, button(top(app), "Map builder"))
    builder = top(app)
    assert isinstance(builder, BuilderScene)
    for n in range(1, 7):  # in the middle of the grid, where a new map opens
        drag(app, palette_item(builder, f"zone{n}"), builder.slot_centre((n + 3, 6)))
    assert [(t.tile, t.x, t.y) for t in builder.tiles] == [(f"zone{n}", n + 3, 6) for n in range(1, 7)]
    assert builder.problems == []
    click_widget(app, button(builder, "Save"))
    assert builder.path is not None and builder.path.is_file() and not builder.dirty
    return builder


def spot(board, key: str):
    """The hotspot a player would click for `key` (it must be on screen)."""
    found = board.spots.get(key)
    assert found is not None, f"no hotspot {key!r}: {board.spots.keys()}"
    return found


def click_spot(app, board, key: str) -> None:
    click(app, spot(board, key).rect.center)


def hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


def key_for(board, action) -> list[str]:
    """The hotspots a player clicks, in order, to play `action` on the board."""
    kind, args = action.kind, action.args
    if kind == "play":
        return [f"button:hand:{args[0]}"]
    if kind in ("withdraw", "end"):
        return [f"button:{kind}"]
    if kind == "roll":
        return ["die:energy"]
    if kind == "boost":
        return [f"button:boost:{args[0]}:{args[1]}"]
    if kind == "target":
        return [f"button:hit:{args[0]}"]
    if kind == "guard":
        return [f"button:guard:{args[0]}"]
    if kind == "done":
        return ["button:boosts-done" if board.snap.queries.kind == "boost" else "button:stop"]
    if kind == "act":
        return [f"action:{args[0]}"]
    if kind in ("place", "move", "step"):
        return [f"cell:{args[0]},{args[1]}"]
    if kind == "shift":
        keys = [] if board.snap.queries.mover(board.mover) == args[0] else [f"button:mover:{args[0]}"]
        return keys + [f"cell:{args[1]},{args[2]}"]
    raise AssertionError(f"no click for {action}")  # pragma: no cover - every action kind is listed above


class Player:
    """Chooses what to do by reading the state (the rules' own random policy), then clicks where a player would."""

    def __init__(self, app, seed: int = 5, check=None):
        self.app = app
        self.rng = Rng(seed)
        self.clicks = 0
        self.check = check  # called with the board at every position before it clicks

    def board(self) -> KhrysosBoard:
        return next(s for s in self.app.stack.scenes if isinstance(s, KhrysosBoard))

    def step(self) -> None:
        app = self.app
        scene = top(app)
        self.clicks += 1
        if isinstance(scene, HandOffScene):
            click_widget(app, scene.ready)
            return
        board = self.board()
        assert scene is board, f"unexpected scene {type(scene).__name__}"
        if board.busy:
            app.run_frames(1)
            return
        if self.check is not None:
            self.check(board)
        state = board.match.state
        action = K.playout_choice(state, K.legal_actions(state), self.rng)
        before = len(board.match.actions)
        for key in key_for(board, action):
            click_spot(app, board, key)
        assert len(board.match.actions) > before, f"the click for {action} did not play it"
        assert board.match.actions[before] == action  # (a computer seat may have played on since)


@pytest.mark.slow
def test_build_a_map_save_it_and_play_a_game_on_it_to_the_win_screen_with_clicks_only(make_app):
    started = time.process_time()  # CPU time: other work on the machine does not count
    app = fast_app(make_app)
    builder = build_row_map(app)
    click_widget(app, builder.play_button)
    setup = top(app)
    assert isinstance(setup, KhrysosSetup) and setup.maps[setup.chosen].name == builder.spec.name
    click_widget(app, button(setup, "Start"))
    board = top(app)
    if isinstance(board, HandOffScene):
        board = app.stack.scenes[-2]
    assert isinstance(board, KhrysosBoard) and board.match.setup.custom_map is not None
    player = Player(app)
    while not isinstance(top(app), GameOverScene):
        assert player.clicks < 3000, "the game did not end"
        player.step()
    over = top(app)
    assert board.match.over and board.match.state.winner is not None
    winner = board.seats[board.match.state.winner].name
    assert over.headline == f"{winner} wins!"
    assert board.match.setup.players == 2  # two Scoring cards each, counted apart (RULES_NOTES X1)
    assert over.reason == f"{winner} reached 12 treasures on one of their two Scoring cards.", \
        "the end screen calls the winner by name, as a sentence"
    assert button(over, "Main menu")
    assert time.process_time() - started < 60
    click_widget(app, button(over, "Play again"))
    again = next(s for s in app.stack.scenes if isinstance(s, KhrysosBoard))
    assert again is not board and again.match.actions == [] and again.match.setup == board.match.setup
    assert [seat.name for seat in again.seats] == [seat.name for seat in board.seats]


def test_continue_replays_the_autosave_onto_a_board(make_app):
    from scenes import saves
    from scenes.khrysos.board import resume

    app = fast_app(make_app)
    board = KhrysosBoard.for_automation(app, 4)
    app.push(board)
    app.run_frames(2)
    click(app, board.white.rect().center)
    click_widget(app, button(board, "End turn"))
    match = saves.load_autosave("khrysos")
    again = resume(app, match)
    assert again.match.state == board.match.state and match.actions == board.match.actions


def test_the_board_shows_why_an_action_cannot_be_used_and_refuses_a_square_out_of_reach(make_app):
    app = fast_app(make_app)
    app.push(KhrysosBoard.for_automation(app, 3))
    app.run_frames(2)
    board = top(app)
    assert all(not b.is_enabled for b in board.action_buttons.values())
    hover(app, board.action_buttons[1].rect.center)
    assert board.spots.hovered.key == "action:1"
    assert board.spots.tip_of(board.spots.hovered)[-1] == "Not now: roll the die first."
    click(app, board.white.rect().center)
    state = board.match.state
    assert state.phase == "active" and board.match.actions[-1].kind == "roll"
    energy = state.energy
    hunter = K.HUNTERS[state.active.hunter]
    for number, b in board.action_buttons.items():
        assert b.is_enabled == (number <= energy)
        if number > energy:
            assert spot(board, f"action:{number}").reason == f"{hunter.action(number).name} costs {number}, {energy} energy left."
    far = max(state.board.floor, key=lambda c: state.board.walk_distances(state.active.at).get(c, 0))
    distance = state.board.walk_distances(state.active.at)[far]
    if distance > energy:
        click(app, board.grid.cell_centre(far))
        assert board.spots.refusal.text == f"That square is {distance} squares away; {hunter.name} can move only {energy} now."
        assert board.match.actions[-1].kind == "roll", "a refused square plays nothing"
    # a hover on a reachable square shows the path and its cost
    near = next(c for c in board.grid.layer_cells("reachable") if max(abs(c[0] - state.active.at[0]), abs(c[1] - state.active.at[1])) == 1
                and not K.queries.hunters_at(state, c))
    hover(app, board.grid.cell_centre(near))
    assert near in board.grid.layer_cells("path")
    assert board.spots.tip_of(board.spots.hovered)[1].startswith(f"Walk {hunter.name} here: 1 square, 1 energy")


def test_the_builder_refuses_to_play_an_invalid_map_and_says_why(make_app):
    app, builder = open_builder(make_app)
    drag(app, palette_item(builder, "zone1"), builder.slot_centre((0, 0)))
    drag(app, palette_item(builder, "zone2"), builder.slot_centre((0, 0)))  # on top of zone1: refused
    assert len(builder.tiles) == 1 and "already there" in builder.message[0]
    assert not builder.play_button.is_enabled
    assert builder.spots.reason_of(builder.spots.get("button:play")) == "Cannot be played: The map has 1 tile; a map needs at least 6."
    builder.play()
    assert builder.message[0] == "This map cannot be played: The map has 1 tile; a map needs at least 6."
    assert isinstance(top(app), BuilderScene)
    # a draft can still be saved
    click_widget(app, button(builder, "Save"))
    assert builder.path.is_file() and "draft" in builder.message[0]
    assert [ok for ok, _ in builder.checklist()] == [False, False, True, True]


def test_the_builder_turns_moves_removes_and_undoes_tiles(make_app):
    app, builder = open_builder(make_app)
    drag(app, palette_item(builder, "corner"), builder.slot_centre((2, 2)))
    click(app, builder.slot_centre((2, 2)), button=3)  # right-click turns it
    assert builder.tiles[0].rotation == 90
    drag(app, builder.slot_centre((2, 2)), builder.slot_centre((4, 5)))  # moved
    assert [(t.x, t.y, t.rotation) for t in builder.tiles] == [(4, 5, 90)]
    drag(app, builder.slot_centre((4, 5)), (100, 300))  # dragged off the map onto the palette: removed
    assert builder.tiles == ()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    app.run_frames(2)
    assert [(t.x, t.y) for t in builder.tiles] == [(4, 5)]
    click_widget(app, button(builder, "Undo"))
    click_widget(app, button(builder, "Redo"))
    assert [(t.x, t.y) for t in builder.tiles] == [(4, 5)]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=builder.slot_centre((4, 5)), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0, unicode="", scancode=0))
    app.run_frames(2)
    assert builder.tiles == ()


def test_leaving_the_builder_with_unsaved_changes_asks(make_app):
    app, builder = open_builder(make_app)
    drag(app, palette_item(builder, "floor"), builder.slot_centre((1, 1)))
    click_widget(app, button(builder, "Back"))
    dialog = top(app)
    assert dialog.title == "Unsaved changes"
    click_widget(app, button(dialog, "Cancel"))
    assert top(app) is builder
    click_widget(app, button(builder, "Back"))
    click_widget(app, button(top(app), "Discard"))
    assert isinstance(top(app), KhrysosSetup)


def test_a_broken_map_file_is_listed_with_its_error_not_a_crash(make_app, dirs):
    folder = mapstore.maps_dir()
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    (folder / "short.json").write_text(maps.map_to_text(maps.MapSpec("Short", maps.sample_map("alpha_room").tiles[:3])))
    app, builder = open_builder(make_app)
    click_widget(app, button(builder, "Open"))
    dialog = top(app)
    assert isinstance(dialog, OpenMapScene)
    app.run_frames(1)
    by_name = {e.name: e for _, e in dialog.rects}
    assert by_name["broken"].spec is None and by_name["broken"].error == maps.validate_map("{not json")[0]
    short = by_name["Short"]
    assert short.spec is not None and not short.playable
    assert short.problems == maps.validate_map(short.spec) and short.problems[0] == "the map has 3 tiles; a map needs at least 6"
    rect = next(r for r, e in dialog.rects if e.name == "broken")
    click(app, rect.center)
    assert "cannot be opened" in top(app).message[0]
    # the setup lists only playable maps, and says how many of the player's maps are not
    setup = KhrysosSetup(app)
    assert [e.name for e in setup.maps] == [name for _, name in maps.list_sample_maps()]
    assert [e.name for e in setup.drafts] == ["Short"] and [e.name for e in setup.damaged] == ["broken"]
    assert setup.unplayable_note() == "1 of your maps is a draft: finish it in the map builder. 1 map file is damaged."


def test_import_never_overwrites_a_map_of_the_same_name_and_export_writes_anywhere(dirs, tmp_path):
    spec = maps.MapSpec("Shared", maps.sample_map("the_tower").tiles)
    assert mapstore.save(spec)[1] is None
    outside = tmp_path / "elsewhere" / "shared"
    assert mapstore.export_map(spec, outside) is None
    assert json.loads((tmp_path / "elsewhere" / "shared.json").read_text())["name"] == "Shared"
    entry, message = mapstore.import_map(tmp_path / "elsewhere" / "shared.json")
    assert entry.name == "Shared (2)" and "already exists" in message
    assert sorted(e.name for e in mapstore.own_maps()) == ["Shared", "Shared (2)"]
    assert mapstore.save(maps.MapSpec("Alpha Room", spec.tiles))[1] == "A map called 'Alpha Room' already exists: choose another name."
    junk = tmp_path / "junk.json"
    junk.write_text("[1, 2]")
    assert mapstore.import_map(junk)[0] is None


def type_path(app, picker, path) -> None:
    """Type a path into a file picker's name line (as the keyboard would: the line then reports the change)."""
    line = picker.name_entry
    line.set_text(str(path))
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text=str(path), ui_element=line,
                                         ui_object_id=line.most_specific_combined_id))
    app.run_frames(2)


def test_export_and_import_go_through_the_file_picker(make_app, tmp_path):
    from scenes.widgets.filepicker import FilePickerScene

    app, builder = open_builder(make_app)
    builder.load(maps.sample_map("the_tower"), None, fresh=True)
    click_widget(app, button(builder, "Export"))
    picker = top(app)
    assert isinstance(picker, FilePickerScene) and picker.saving
    target = tmp_path / "tower_for_a_friend.json"
    type_path(app, picker, target)
    click_widget(app, picker.ok_button)
    assert top(app) is builder and target.is_file() and "Exported" in builder.message[0]
    assert maps.read_map(target.read_text()).tiles == maps.sample_map("the_tower").tiles
    click_widget(app, button(builder, "Import"))
    type_path(app, top(app), target)
    click_widget(app, top(app).ok_button)
    assert builder.path is not None and builder.spec.name == "The Tower (2)"  # never over the sample's name
    assert "already exists" in builder.message[0]


def test_the_log_and_the_status_line_call_players_by_their_names(make_app):
    from scenes.board import Seat

    app = fast_app(make_app)
    seats = [Seat("Ann", (200, 60, 0)), Seat("Bob", (0, 90, 200)), Seat("Cy", (0, 160, 90))]
    board = KhrysosBoard(app, KhrysosBoard.for_automation(app, 3).match, seats)
    app.push(board)
    app.run_frames(2)
    click(app, board.white.rect().center)
    click_widget(app, button(board, "End turn"))
    app.run_frames(2)
    lines = board.log.lines
    assert lines and not any("Player " in line for line in lines), lines
    assert any(line.startswith(("Ann", "Bob", "Cy")) for line in lines), lines
    text, _ = board.status_text()
    assert "Player " not in text


def test_special_tiles_the_previews_show_range_and_blast_reaching_across_a_solid_line(make_app):
    # The Tower: a solid line runs between squares 2,4 and 3,4 (the stairs' east side).
    from game.core.match import Match
    from game.khrysos.testing import hunter, number_of, play, position

    app = fast_app(make_app)
    cards = [hunter("Kaz Ironjaw", 0, (2, 4)), hunter("Bento Rush", 1, (3, 4)), hunter("Gus Barrow", 0, (0, 4)), hunter("Mara Quill", 1, (4, 13))]
    state = position(cards, map="the_tower", energy=6)
    assert state.board.step_blocker((2, 4), (3, 4)) == "a solid line blocks that step"
    app.push(KhrysosBoard(app, Match(K, K.Setup(players=2, map="the_tower"), 0, state)))
    app.run_frames(2)
    board = top(app)
    haymaker = board.action_buttons[2]  # Hit 1 Range 1 [Damage 2]
    hover(app, haymaker.rect.center)
    assert board.focus_action == 2
    assert (3, 4) in board.grid.layer_cells("in_range") and (3, 4) in board.grid.layer_cells("target")

    cards = [hunter("Gus Barrow", 0, (0, 4)), hunter("Bento Rush", 1, (2, 4)), hunter("Kaz Ironjaw", 0, (3, 4)), hunter("Mara Quill", 1, (4, 13))]
    state, _ = play(position(cards, map="the_tower", energy=6), "act 5")  # Dynamite: Blast 1
    app.push(KhrysosBoard(app, Match(K, K.Setup(players=2, map="the_tower"), 0, state)))
    app.run_frames(2)
    board = top(app)
    hover(app, board.grid.cell_centre((2, 4)))
    assert (2, 4) in board.grid.layer_cells("target")
    assert {(3, 3), (3, 4), (3, 5)} <= set(board.grid.layer_cells("area"))
    assert number_of("Kaz Ironjaw") in K.queries.hunters_at(state, (3, 4))
