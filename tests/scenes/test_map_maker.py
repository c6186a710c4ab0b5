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
        reader = threading.Thread(target=lambda: lines.extend(line.strip() for line in proc.stdout), daemon=True)
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
