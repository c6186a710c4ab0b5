"""What a map maker meets (issue 34): the builder's draft (a closed window or a killed program loses no edit),
and closing the window with unsaved edits asks, as Back does."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pygame
import pytest

from game.khrysos.maps import MapSpec, PlacedTile
import scenes.registry  # noqa: F401 - first: scenes.khrysos imported before the registry meets an import cycle
from scenes.khrysos import builderdraft
from scenes.khrysos.builder import BuilderScene
from scenes.overlays import MessageScene
from tests.scenes.helpers import button, click_widget, top
from tests.scenes.test_khrysos_maps import fast_app, open_builder

ROOT = Path(__file__).resolve().parents[2]
TILES = [PlacedTile(t, x, 0) for x, t in enumerate(["zone1", "zone2", "zone3", "stairs", "floor", "corner"])]


def place(app, builder, tile: PlacedTile) -> None:
    """One edit, as a gesture makes it (one step of the undo history)."""
    builder.edit(builder.tiles + (tile,), ((tile.x, tile.y),))
    app.run_frames(1)


def close_window(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run_frames(2)


class TestTheDraft:
    def test_each_edit_is_in_the_draft_a_moment_later_and_saving_removes_it(self, make_app):
        app, builder = open_builder(make_app)
        assert not builderdraft.draft_path().exists(), "an untouched new map leaves no draft"
        for k, tile in enumerate(TILES[:3]):
            place(app, builder, tile)
            app.run_frames(int(builderdraft.THROTTLE * 60) + 2)
            draft, problem = builderdraft.read_draft()
            assert problem is None and draft.spec.tiles == tuple(TILES[: k + 1])
        click_widget(app, button(builder, "Save"))
        app.run_frames(2)
        assert not builderdraft.draft_path().exists(), "a saved map needs no draft"

    def test_an_edit_right_after_a_write_is_drafted_while_the_window_naps(self, make_app):
        """The app naps between inputs (no frames): an edit made within THROTTLE of the last write must still
        reach the draft without any further input (a kill a second later loses nothing), and a message at
        the bottom still goes by itself."""
        app, builder = open_builder(make_app)
        place(app, builder, TILES[0])  # written at once
        place(app, builder, TILES[1])  # within THROTTLE: waits
        for _ in range(5):  # the frames of the edit itself (its widgets settle)
            if app.idle():
                break
            app.run_frames(1)
        assert app.idle() and builderdraft.read_draft()[0].spec.tiles == (TILES[0],)
        napped, step = 0.0, 0.025
        while app.frame_due(1.0, napped) is None and napped < 2 * builderdraft.THROTTLE:  # 1.0: input long ago
            napped += step
        assert app.frame_due(1.0, napped) == "timer"
        builder.pass_time(napped)
        app.run_frames(1)
        assert builderdraft.read_draft()[0].spec.tiles == tuple(TILES[:2])
        builder.say("Saved.")
        app.run_frames(1)
        assert builder.wake_in is not None and 0 < builder.wake_in <= builder.message_left
        builder.pass_time(builder.message_left)
        assert builder.message is None

    def test_a_read_only_copy_neither_writes_nor_removes_the_draft_of_the_copy_that_writes(self, make_app):
        """Two copies at once (issue 34): a copy opened read-only keeps no draft, and its edits and discards never
        touch the draft the writing copy keeps in the same data folder; it says so once."""
        from scenes import instance

        app, builder = open_builder(make_app)
        place(app, builder, TILES[0])
        app.run_frames(int(builderdraft.THROTTLE * 60) + 2)
        kept = builderdraft.draft_path().read_text()
        instance.set_read_only("this copy is read-only (another copy writes the saves)")
        try:
            place(app, builder, TILES[1])
            app.run_frames(int(builderdraft.THROTTLE * 60) + 2)
            assert builderdraft.draft_path().read_text() == kept
            builder.drop_draft()
            assert builderdraft.draft_path().read_text() == kept
            assert builderdraft.write_draft(builder.spec, None).startswith("No draft of this map is kept")
        finally:
            instance.set_read_only(None)

    def test_the_next_builder_offers_the_draft_and_resume_brings_back_every_edit(self, make_app):
        app, builder = open_builder(make_app)
        for tile in TILES[:4]:
            place(app, builder, tile)  # edits faster than the throttle: the last ones are written on the way out
        app.stack.pop()
        app.run_frames(1)
        builder = BuilderScene(app)
        app.push(builder)
        app.run_frames(2)
        offer = top(app)
        assert isinstance(offer, MessageScene) and offer.title == builderdraft.DRAFT_TITLE
        assert " ".join(offer.message_lines).startswith("Resume the map you were building?")
        assert "4 tiles" in " ".join(offer.message_lines)
        click_widget(app, button(offer, "Resume"))
        assert builder.tiles == tuple(TILES[:4]) and builder.dirty, "resumed, still unsaved"

    def test_discarding_the_offered_draft_removes_it(self, make_app):
        builderdraft.write_draft(MapSpec("Old", tuple(TILES[:2])), None)
        app, builder = open_builder(make_app)
        click_widget(app, button(top(app), "Discard"))
        assert builder.tiles == () and not builderdraft.draft_path().exists()

    def test_a_damaged_draft_is_set_aside_with_a_message(self, make_app):
        builderdraft.draft_path().parent.mkdir(parents=True, exist_ok=True)
        builderdraft.draft_path().write_bytes(b"\xff\xfe junk")
        app, builder = open_builder(make_app)
        assert top(app) is builder and "could not be read (the text is not readable)" in builder.message[0]
        assert builderdraft.draft_path().with_suffix(".damaged").exists()

    def test_a_lesson_keeps_no_draft(self, make_app):
        app = fast_app(make_app)
        builder = BuilderScene(app)
        builder.coach = object()  # what counts: a coach is on (keep_draft looks at nothing else of it)
        builder.current_name = lambda: "Lesson"
        builder.spec = MapSpec("Lesson", tuple(TILES[:2]))
        builder._draft_offered = True
        builder.keep_draft(1.0, now=True)
        assert not builderdraft.draft_path().exists()


class TestClosingTheWindow:
    def test_closing_with_unsaved_edits_asks_and_cancel_stays(self, make_app):
        app, builder = open_builder(make_app)
        place(app, builder, TILES[0])
        close_window(app)
        assert app.running and isinstance(top(app), MessageScene) and top(app).title == "Unsaved changes"
        click_widget(app, button(top(app), "Cancel"))
        assert app.running and top(app) is builder
        close_window(app)
        assert isinstance(top(app), MessageScene), "asked again after Cancel"

    def test_discard_closes_and_leaves_no_draft(self, make_app):
        app, builder = open_builder(make_app)
        place(app, builder, TILES[0])
        close_window(app)
        click_widget(app, button(top(app), "Discard"))
        assert not app.running
        app.close()
        assert not builderdraft.draft_path().exists()

    def test_save_closes_with_the_map_saved(self, make_app):
        from scenes.khrysos import mapstore

        app, builder = open_builder(make_app)
        place(app, builder, TILES[0])
        close_window(app)
        click_widget(app, button(top(app), "Save"))
        assert not app.running and [e.spec.tiles for e in mapstore.own_maps()] == [(TILES[0],)]

    def test_a_second_close_while_asking_closes_and_the_draft_keeps_the_edits(self, make_app):
        app, builder = open_builder(make_app)
        place(app, builder, TILES[0])
        close_window(app)
        close_window(app)
        assert not app.running
        app.close()
        assert builderdraft.read_draft()[0].spec.tiles == (TILES[0],)

    def test_nothing_unsaved_closes_at_once(self, make_app):
        app, _builder = open_builder(make_app)
        close_window(app)
        assert not app.running


CHILD = textwrap.dedent("""
    import sys
    from game.khrysos.maps import PlacedTile
    from scenes.app import App
    from scenes.khrysos.builder import BuilderScene
    from scenes.settings import Settings

    app = App(settings=Settings(animation_speed="instant", master_volume=0.0), persist_settings=False, audio=False)
    builder = BuilderScene(app)
    app.push(builder)
    app.run_frames(2)
    kinds = ["floor", "corner", "pillar", "zone1", "zone2", "zone3"]
    for k in range(200):
        tile = PlacedTile(kinds[k % len(kinds)], k % 16, (k // 16) % 16)
        builder.edit(tuple(t for t in builder.tiles if (t.x, t.y) != (tile.x, tile.y)) + (tile,), ((tile.x, tile.y),))
        app.run_frames(int(sys.argv[1]))
        print("edited", k + 1, flush=True)
""")


@pytest.mark.slow
def test_sigkill_while_building_loses_no_edit_announced_and_the_next_start_offers_them(tmp_path, make_app, dirs):
    """A real program killed with SIGKILL at random moments while it edits: the draft holds every edit made at
    least THROTTLE seconds (of frames) before the kill, and the next builder offers exactly that map."""
    frames = int(builderdraft.THROTTLE * 60) + 2  # between two edits: each is written before the next comes
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    chance = random.Random(34)
    for _ in range(3):
        builderdraft.clear_draft()
        proc = subprocess.Popen([sys.executable, "-c", CHILD, str(frames)], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines: list[str] = []
        def read(out=proc.stdout, into=lines) -> None:
            for line in out:
                if line.endswith("\n") and line.startswith("edited "):  # whole lines only: a kill may cut the last
                    into.append(line.strip())

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        deadline = time.monotonic() + 60
        while len(lines) < 3 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(lines) >= 3, f"the child made no edits: {proc.poll()} {proc.stderr.read() if proc.poll() is not None else ''}"
        time.sleep(chance.uniform(0.0, 1.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        reader.join(timeout=10)
        announced = int(lines[-1].split()[1])
        draft, problem = builderdraft.read_draft()
        assert problem is None and draft is not None, problem
        held = len(draft.spec.tiles)
        assert announced <= held <= announced + 1, f"{announced} edits announced, the draft holds {held}"
    app, builder = open_builder(make_app)
    offer = top(app)
    assert isinstance(offer, MessageScene) and offer.title == builderdraft.DRAFT_TITLE
    click_widget(app, button(offer, "Resume"))
    assert builder.tiles == draft.spec.tiles


def hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


class TestSquareNamesOnTheEdges:
    # Alpha Room without its Treasure Zone 6 tile, which lies cut off to the right: one problem naming squares.
    CUT = MapSpec("Cut", tuple(PlacedTile(t, x + 2, y + 2) for t, x, y in (
        ("zone1", 0, 0), ("floor", 1, 0), ("zone2", 2, 0), ("zone3", 0, 1), ("pillar", 1, 1), ("zone4", 2, 1),
        ("zone5", 0, 2), ("floor", 1, 2), ("zone6", 5, 2))))

    def test_a_problem_names_the_same_squares_when_tiles_are_added_above_and_left(self, make_app):
        app, builder = open_builder(make_app, self.CUT)
        before = list(builder.problems)
        assert "the Treasure Zone 6 tile at V13" in before[0] and "the Treasure Zone 1 tile at G7" in before[0]
        place(app, builder, PlacedTile("floor", 0, 0))  # far above and left: the map's own corner moves
        assert before[0] in " ".join(builder.problems), "the names stayed as they were"

    def test_the_edges_show_the_grid_names_and_light_the_hovered_square(self, make_app, monkeypatch):
        import game.khrysos as K
        from scenes.khrysos import builderview

        app, builder = open_builder(make_app, self.CUT)
        assert builder.square >= 18, "every column named"
        drawn = []
        original = builderview.ui.text

        def spy(surface, value, pos, *args, **kwargs):
            drawn.append((value, pos, kwargs.get("bold", False)))
            return original(surface, value, pos, *args, **kwargs)

        monkeypatch.setattr(builderview.ui, "text", spy)
        zone6 = builder.slot_rect((7, 4))
        hover(app, (zone6.left + builder.square + 2, zone6.top + 2))  # column W (22), row 13
        sq = builder.square
        columns = {value: pos for value, pos, _ in drawn if pos[1] < builderview.VIEW.top}
        assert columns["W"][0] == zone6.left + sq + sq // 2 and columns["V"][0] == zone6.left + sq // 2
        rows = {value: pos for value, pos, _ in drawn if pos[0] < builderview.VIEW.left}
        assert rows["13"][1] == zone6.top + sq // 2
        lit = {value for value, _, bold in drawn if bold and value in (K.grid_column_name(22), K.grid_row_name(12))}
        assert lit == {"W", "13"}, "the square under the mouse is named in gold on both edges"

    def test_a_problem_in_the_list_is_a_link_that_shows_its_tiles(self, make_app):
        from tests.scenes.helpers import click

        app, builder = open_builder(make_app, self.CUT)
        builder.zoom, builder.pan = 3, [0, 0]  # the cut-off tile out of sight
        builder._sync_buttons()
        assert not in_view(builder, (7, 4))
        rows = builder.note_rows()
        assert list(rows) == [0]
        spot = builder.spots.get("problem:0")
        assert "Click to show this tile" in spot.tip and builder.problems[0][:30] not in str(builder.spots.get("problems").tip)
        click(app, rows[0].center)
        assert builder.shown_problem is builder.report[0] and in_view(builder, (7, 4))
        app.run_frames(30)  # half a second after the click: the tiles still blink, so the app draws on
        assert not app.idle() and app.frame_due(1.0, 0.0) == "moving"
        app.run_frames(130)
        assert builder.shown_left == 0 and app.idle()


def in_view(builder, slot) -> bool:
    from scenes.khrysos.builderview import VIEW

    return VIEW.contains(builder.slot_rect(slot))


class TestWhatAMapMakerMeets:
    def test_the_message_strip_never_covers_the_grid(self, make_app):
        from scenes.khrysos.builderview import GRID

        app, builder = open_builder(make_app, TestSquareNamesOnTheEdges.CUT)
        builder.mouse = (0, 0)
        app.run_frames(1)
        before = app.screen.subsurface(GRID).copy()
        builder.say("A long message about the map that would once have sat on the grid, over the tiles, for five "
                    "seconds, hiding where the next tile goes, and going on for three lines or more on the screen.")
        app.run_frames(1)
        after = app.screen.subsurface(GRID)
        assert pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(after, "RGB")
        assert builder.status_lines() and len(builder.status_lines()) <= 3

    def test_a_new_map_opens_at_a_zoom_where_zone_numbers_read_and_unchanged(self, make_app):
        from scenes.khrysos.builderview import VIEW

        app, builder = open_builder(make_app, whole_grid=False)
        assert not builder.dirty, "nothing edited yet: no star after its name"
        place(app, builder, TILES[0])
        assert builder.dirty
        assert builder.square >= 24, f"{builder.square} pixels a square: a zone's number does not read below 24"
        assert VIEW.collidepoint(builder.slot_centre((7, 7))), "the middle of the grid in view"

    def test_a_junk_file_is_refused_in_words_with_every_problem_in_a_scrolling_box(self, make_app, tmp_path):
        from scenes.khrysos.problemlist import ProblemListScene

        app, builder = open_builder(make_app)
        junk = tmp_path / "holiday.json"
        junk.write_bytes(b"\xff\xd8\xff\xe0 a picture, not a map")
        builder.imported(junk)
        app.run_frames(2)
        box = top(app)
        assert isinstance(box, ProblemListScene) and box.title == "Not a Khrysos map"
        assert "is not text" in box.problems[0] and "UnicodeDecodeError" not in " ".join(box.problems)
        click_widget(app, button(box, "OK"))
        many = tmp_path / "many.json"
        many.write_text('{"format": "khrysos-map", "version": 1, "name": "Many", "tiles": ['
                        + ", ".join(f'{{"tile": "lava", "x": {k}, "y": 99}}' for k in range(20)) + "]}")
        builder.imported(many)
        app.run_frames(3)
        box = top(app)
        assert len(box.problems) >= 40, "every problem, none dropped"
        assert box.text_box.scroll_bar is not None, "the box scrolls"
        garbled = tmp_path / "garbled.json"
        garbled.write_text('{"format": "khrysos-map",, }')
        click_widget(app, button(box, "OK"))
        builder.imported(garbled)
        app.run_frames(2)
        assert "Expecting" not in " ".join(top(app).problems) and "line 1, column 26" in top(app).problems[0]

    def test_the_file_picker_opens_in_the_folder_last_used(self, make_app, tmp_path):
        from scenes.khrysos import mapstore
        from scenes.widgets.filepicker import FilePickerScene

        folder = tmp_path / "shared maps"
        folder.mkdir()
        (folder / "tower.json").write_text(mapstore.K.map_to_text(mapstore.K.sample_map("the_tower")))
        app, builder = open_builder(make_app)
        builder.imported(folder / "tower.json")
        app.run_frames(2)
        click_widget(app, button(builder, "Export"))
        picker = top(app)
        assert isinstance(picker, FilePickerScene) and picker.folder == folder
        picker.close()
        app.run_frames(2)
        builder.saved_key = builder.dirty and None  # nothing to ask about
        click_widget(app, button(builder, "Import"))
        if isinstance(top(app), MessageScene):
            click_widget(app, button(top(app), "Discard"))
        assert top(app).folder == folder

    def test_paste_code_greys_load_for_a_damaged_code_with_the_reason_beside_the_error(self, make_app):
        import game.khrysos as K
        from scenes.khrysos.mapdialogs import MapCodeScene
        from tests.scenes.test_khrysos_maps import set_entry

        app, builder = open_builder(make_app)
        click_widget(app, button(builder, "Paste code"))
        panel = top(app)
        assert isinstance(panel, MapCodeScene)
        set_entry(app, panel.entry, K.map_code(K.sample_map("the_tower"))[:-3])
        assert not panel.load_button.is_enabled
        hover(app, panel.load_button.rect.center)
        spot = panel.spots.hovered
        assert spot is not None and spot.widget is panel.load_button
        assert panel.spots.tip_of(spot)[-1].startswith("Not now: the code is damaged")
        tip = panel.spots.draw_tip(app.screen)
        assert tip is not None and not tip.colliderect(panel.note_rect()), "the tip does not cover the error"
        set_entry(app, panel.entry, K.map_code(K.sample_map("the_tower")))
        assert panel.load_button.is_enabled


class TestMapNotes:
    def test_notes_are_edited_in_the_builder_undone_saved_and_shared_in_the_code(self, make_app):
        import game.khrysos as K
        from scenes.khrysos import mapstore
        from scenes.khrysos.mapnotes import MapNotesScene

        app, builder = open_builder(make_app, K.sample_map("alpha_room").named("Room for two"))
        click_widget(app, button(builder, "Notes"))
        notes = top(app)
        assert isinstance(notes, MapNotesScene)
        notes.description.set_text("A small square room:\nfast games, no place to hide.")
        notes.author.set_text("Ana")
        click_widget(app, button(notes, "2"))
        click_widget(app, button(notes, "OK"))
        assert top(app) is builder
        spec = builder.spec
        assert (spec.description, spec.author, spec.players) == ("A small square room: fast games, no place to hide.",
                                                                 "Ana", 2)
        assert builder.dirty and "Ana" in " ".join(builder.notes_tip())
        click_widget(app, button(builder, "Undo"))
        assert not builder.spec.has_notes
        click_widget(app, button(builder, "Redo"))
        click_widget(app, button(builder, "Save"))
        assert mapstore.own_maps()[0].spec == spec, "the file holds the notes"
        click_widget(app, button(builder, "Copy code"))
        assert K.map_from_code(top(app).code) == spec, "the code holds them too"

    def test_notes_too_long_are_refused_in_the_dialog_with_the_reason(self, make_app):
        import game.khrysos as K

        app, builder = open_builder(make_app, K.sample_map("alpha_room"))
        click_widget(app, button(builder, "Notes"))
        notes = top(app)
        notes.description.set_text("word " * 100)
        click_widget(app, button(notes, "OK"))
        assert top(app) is notes and "at most 300" in notes.problem and not builder.spec.has_notes

    def test_the_setup_shows_the_notes_of_the_chosen_map(self, make_app, monkeypatch):
        import game.khrysos as K
        from scenes.khrysos import mapstore, setup as setup_module
        from scenes.khrysos.setup import KhrysosSetup

        spec = K.MapSpec("Ana's room", K.sample_map("alpha_room").tiles, "Fast games in a small room.", "Ana", 2)
        mapstore.save(spec)
        app = fast_app(make_app)
        setup = KhrysosSetup(app, chosen="Ana's room")
        app.push(setup)
        app.run_frames(2)
        drawn = []
        original = setup_module.ui.text
        monkeypatch.setattr(setup_module.ui, "text", lambda s, value, *a, **k: (drawn.append(value), original(s, value, *a, **k))[1])
        app.run_frames(1)
        shown = " ".join(drawn)
        assert "Ana's room, by Ana, made for 2 players" in shown and "Fast games in a small room." in shown
        index = next(i for i, e in enumerate(setup.maps) if e.name == "Ana's room")
        tip = setup.spots.get(f"map:{index}").tip_lines()
        assert "By Ana, made for 2 players." in tip and "Fast games in a small room." in tip


def shift_click(app, pos) -> None:
    from tests.scenes.helpers import click

    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        click(app, pos)
    finally:
        pygame.key.set_mods(0)


def key(app, k, mod=0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.run_frames(2)


class TestSeveralTilesAtOnce:
    ROOM = MapSpec("Room", tuple(PlacedTile(t, x + 5, y + 5) for t, x, y in (
        ("zone1", 0, 0), ("floor", 1, 0), ("zone2", 2, 0), ("zone3", 0, 1), ("pillar", 1, 1), ("zone4", 2, 1),
        ("zone5", 0, 2), ("corner", 1, 2), ("zone6", 2, 2))))

    def placed(self, builder):
        return {(t.tile, t.x, t.y, t.rotation) for t in builder.tiles}

    def test_shift_click_selects_and_dragging_one_moves_them_all_in_one_undo_step(self, make_app):
        from tests.scenes.test_khrysos_maps import drag

        app, builder = open_builder(make_app, self.ROOM)
        shift_click(app, builder.slot_centre((5, 7)))
        shift_click(app, builder.slot_centre((6, 7)))
        assert builder.selected == {(5, 7), (6, 7)}
        drag(app, builder.slot_centre((6, 7)), builder.slot_centre((6, 8)))
        assert {("zone5", 5, 8, 0), ("corner", 6, 8, 0)} <= self.placed(builder)
        assert builder.tile_at((5, 7)) is None and builder.selected == {(5, 8), (6, 8)}
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert builder.tiles == self.ROOM.tiles, "one gesture, one undo step"

    def test_a_box_selects_the_tiles_it_touches_and_r_turns_them_as_a_block(self, make_app):
        from tests.scenes.test_khrysos_maps import drag

        app, builder = open_builder(make_app, self.ROOM)
        builder.zoom, builder.pan = 0, [0, 0]
        builder.refresh_hotspots()
        start = builder.slot_rect((4, 4)).center  # an empty place above and left of the room
        drag(app, start, builder.slot_rect((6, 5)).center)
        assert builder.selected == {(5, 5), (6, 5)}
        hover(app, builder.slot_centre((5, 5)))
        key(app, pygame.K_r)
        assert "Cannot turn them: a Treasure Zone 3 is in the way" in builder.message[0], \
            "the turned block would land on the room's own tiles: refused, saying why"
        assert builder.tiles == self.ROOM.tiles

    def test_turning_a_block_with_room_turns_positions_and_tiles(self, make_app):
        _app, builder = open_builder(make_app, MapSpec("Two", (PlacedTile("zone1", 2, 2), PlacedTile("corner", 3, 2, 90))))
        builder.selected = {(2, 2), (3, 2)}
        builder.turn_selection()
        assert self.placed(builder) == {("zone1", 2, 2, 90), ("corner", 2, 3, 180)}

    def test_copy_paste_delete_and_shifting_the_whole_map(self, make_app):
        app, builder = open_builder(make_app, self.ROOM)
        key(app, pygame.K_a, pygame.KMOD_CTRL)
        assert len(builder.selected) == 9
        key(app, pygame.K_ESCAPE)
        assert builder.selected == set() and top(app) is builder, "Esc drops the selection first"
        builder.selected = {(5, 5), (6, 5)}
        key(app, pygame.K_c, pygame.KMOD_CTRL)
        hover(app, builder.slot_centre((5, 8)))
        key(app, pygame.K_v, pygame.KMOD_CTRL)
        assert {("zone1", 5, 8, 0), ("floor", 6, 8, 0)} <= self.placed(builder) and builder.selected == {(5, 8), (6, 8)}
        key(app, pygame.K_DELETE)
        assert builder.tiles == self.ROOM.tiles and not builder.selected
        key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
        assert self.placed(builder) == {(t.tile, t.x + 1, t.y, t.rotation) for t in self.ROOM.tiles}
        for _ in range(3):
            key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert builder.tiles == self.ROOM.tiles, "paste, delete and shift: three undo steps"
        for _ in range(20):
            key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
        assert min(t.x for t in builder.tiles) == 0 and "leave the grid" in builder.message[0]


def test_the_programs_start_offers_the_draft_and_resume_opens_the_builder_on_it(make_app):
    from scenes import registry

    builderdraft.write_draft(MapSpec("Half done", tuple(TILES[:3])), None)
    app = fast_app(make_app)
    app.push(registry.make_scene("menu", app, None))
    builderdraft.offer_on_start(app)
    app.run_frames(2)
    offer = top(app)
    assert isinstance(offer, MessageScene) and offer.title == builderdraft.DRAFT_TITLE
    assert [b.text for b in offer.buttons] == ["Resume", "Later", "Discard"]
    click_widget(app, button(offer, "Resume"))
    app.run_frames(2)
    builder = top(app)
    assert isinstance(builder, BuilderScene) and builder.tiles == tuple(TILES[:3]) and builder.current_name() == "Half done"
