"""Khrysos maps as a map maker sees them: a map is shown at its own extent wherever it was built (board,
setup thumbnails, "Open a map"), every solid line of every tile is drawn, and the builder's symmetry
tools, random maps and map codes work through its real widgets."""

from __future__ import annotations

import pygame
import pytest

import game.khrysos as K
from game.core.match import Match
from game.khrysos import maps
from game.khrysos.maps import TILE_SIZE, MapSpec, PlacedTile
from scenes.board import Seat
from scenes import ui
from scenes.khrysos import art
from scenes.khrysos.board import BOARD_AREA, KhrysosBoard
from scenes.khrysos.builder import BuilderScene
from scenes.khrysos.builderview import ZOOMS as ZOOMS_OF_BUILDER
from scenes.khrysos.setup import THUMB, KhrysosSetup
from scenes.settings import Settings
from tests.scenes.helpers import button, click_widget, top

# A map with solid lines on its outer east and south edges: stairs at the right end, a corridor at the bottom.
WALLED = MapSpec("Edges", (
    PlacedTile("zone1", 0, 0), PlacedTile("zone2", 1, 0), PlacedTile("zone3", 2, 0), PlacedTile("stairs", 3, 0),
    PlacedTile("zone4", 0, 1), PlacedTile("zone5", 1, 1), PlacedTile("zone6", 2, 1),
    PlacedTile("corridor", 1, 2, 90),
))
OFFSETS = [(0, 0), (5, 3), (12, 13)]


def shifted(spec: MapSpec, dx: int, dy: int) -> MapSpec:
    return MapSpec(spec.name, tuple(PlacedTile(t.tile, t.x + dx, t.y + dy, t.rotation) for t in spec.tiles))


def fast_app(make_app):
    return make_app(settings=Settings(animation_speed="instant", master_volume=0.0), persist_settings=False, audio=False)


def gold_in(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many pixels of `rect` (clipped to the surface) show the gold core of a solid line."""
    rect = rect.clip(surface.get_rect())
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if tuple(surface.get_at((x, y)))[:3] == art.WALL_EDGE)


def side_strip(x: int, y: int, side: str, size: int, reach: int) -> pygame.Rect:
    """The pixels within `reach` of one side of square (x, y) of a picture at `size` pixels a square,
    leaving out the corners (where the lines of neighbouring sides meet)."""
    left, top = x * size, y * size
    inset = reach + 1
    if side in ("w", "e"):
        edge_x = left if side == "w" else left + size
        return pygame.Rect(edge_x - reach, top + inset, 2 * reach, size - 2 * inset)
    edge_y = top if side == "n" else top + size
    return pygame.Rect(left + inset, edge_y - reach, size - 2 * inset, 2 * reach)


class TestEveryWallIsDrawn:
    @pytest.mark.parametrize("size", [16, 24, 40])
    @pytest.mark.parametrize("tile", list(maps.TILES))
    def test_the_map_each_tile_at_each_rotation_shows_every_solid_line_and_no_other(self, make_app, tile, size):
        fast_app(make_app)
        reach = art.wall_thickness(size)
        for rotation in maps.ROTATIONS:
            picture = art.tile_picture(tile, rotation, size)
            board = maps.layout([PlacedTile(tile, 0, 0, rotation)])
            for x in range(TILE_SIZE):
                for y in range(TILE_SIZE):
                    for side, (dx, dy) in maps.SIDE_DELTA.items():
                        walled = maps.edge((x, y), (x + dx, y + dy)) in board.walls
                        strip = side_strip(x, y, side, size, reach)
                        where = f"{tile} at {rotation}: square {x},{y} side {side}"
                        if walled:  # gold all along the side: in every row (or column) of the strip
                            along = ([pygame.Rect(strip.left, y0, strip.width, 1) for y0 in range(strip.top, strip.bottom)]
                                     if side in "we" else
                                     [pygame.Rect(x0, strip.top, 1, strip.height) for x0 in range(strip.left, strip.right)])
                            missing = [r for r in along if gold_in(picture, r) == 0]
                            assert not missing, f"{where}: its solid line is missing at {len(missing)} of {len(along)} pixels"
                        else:
                            assert gold_in(picture, strip) == 0, f"{where}: a line is drawn where the tile has none"

    def test_the_palette_tells_stairs_from_stairs_by_a_wall_and_a_corridor_shows_both_lines(self, make_app):
        fast_app(make_app)
        size = 16
        stairs, by_wall = art.tile_picture("stairs", 0, size), art.tile_picture("stairs_wall", 0, size)
        east = pygame.Rect(3 * size - art.wall_thickness(size), 2, art.wall_thickness(size), 3 * size - 4)
        assert gold_in(stairs, east) > 0 and gold_in(by_wall, east) == 0
        corridor = art.tile_picture("corridor", 0, size)
        west = pygame.Rect(0, 2, art.wall_thickness(size), 3 * size - 4)
        assert gold_in(corridor, west) > 0 and gold_in(corridor, east) > 0

    def test_the_map_lines_on_the_outer_east_and_south_edges_show_on_the_board_picture_and_the_thumbnail(self, make_app):
        fast_app(make_app)
        board = maps.build_board(WALLED)
        size = 30
        picture = art.map_surface(board, size)
        assert picture.get_size() == (12 * size, 9 * size)
        east = [w for w in board.walls if max(w[0][0], w[1][0]) == 12]  # the stairs' east side, on the map's edge
        south = [w for w in board.walls if max(w[0][1], w[1][1]) == 9]  # the corridor, turned: its lines run east-west
        assert len(east) == 3 and len(south) == 3
        band = pygame.Rect(12 * size - art.wall_thickness(size), 0, art.wall_thickness(size), 3 * size)
        assert gold_in(picture, band) >= 3 * size - 2
        # the corridor at the bottom, turned 90 degrees: lines along its north and south sides, the south one the map's edge
        south_band = pygame.Rect(3 * size, 9 * size - art.wall_thickness(size), 3 * size, art.wall_thickness(size))
        assert gold_in(picture, south_band) >= 3 * size - 2
        # the thumbnail of the same map: its last column and row of pixels still show those lines
        thumb = art.thumbnail(WALLED, (240, 180))
        shown = thumb.get_bounding_rect()
        square = shown.width // 12
        right = pygame.Rect(shown.right - art.wall_thickness(square), shown.top, art.wall_thickness(square), 3 * square)
        bottom = pygame.Rect(shown.left + 3 * square, shown.bottom - art.wall_thickness(square), 3 * square,
                             art.wall_thickness(square))
        assert gold_in(thumb, right) >= 3 * square - 2 and gold_in(thumb, bottom) >= 3 * square - 2


class TestTheMapAtItsOwnExtent:
    def test_the_map_the_same_map_built_anywhere_on_the_grid_looks_and_reads_the_same(self, make_app):
        app = fast_app(make_app)
        seen = []
        for dx, dy in OFFSETS:
            spec = shifted(WALLED, dx, dy)
            assert maps.validate_map(spec) == []
            seats = [Seat("Ann", (200, 60, 0)), Seat("Bob", (0, 90, 200))]
            match = Match.new(K, K.Setup(players=2, map="x", custom_map=maps.map_to_dict(spec)), 11)
            while match.decision().kind in ("play", "place"):  # both players play their hunters
                match.play(match.legal_actions()[0])
            board = KhrysosBoard(app, match, seats)
            app.push(board)
            app.run_frames(3)
            grid = board.grid
            # the grid is the map's squares, as large as the board area allows
            assert (grid.cols, grid.rows) == (12, 9)
            assert grid.cell_size == min(BOARD_AREA.width // 12, BOARD_AREA.height // 9, 72)
            assert grid.rect.width >= BOARD_AREA.width * 0.95 or grid.rect.height >= BOARD_AREA.height * 0.95
            left, top = 3 * dx, 3 * dy
            rects = {(x, y): grid.cell_rect((x + left, y + top)) for x in range(12) for y in range(9)}
            assert grid.cell_at(rects[(0, 0)].center) == (left, top)
            frame = pygame.Surface(app.size)
            board.frame_draw(frame)  # the board itself, whatever overlay (a hand-off screen) sits above it
            pixels = pygame.image.tobytes(frame.subsurface(BOARD_AREA.inflate(16, 16)), "RGB")
            thumb = pygame.image.tobytes(art.thumbnail(spec, THUMB), "RGBA")
            # the log and the squares' tips name the squares as the edges show them, counted from the map's corner
            log = [line for line in board.log.lines if "position on" in line]
            assert log and all(" on square " not in line for line in log), log
            names = {(x, y): board.spots.get(f"cell:{x + left},{y + top}").tip_lines()[0] for x, y in rects
                     if (x + left, y + top) in board.shown.board.floor}
            assert names[(0, 0)] == "A1" or names[(0, 0)].endswith("(A1)")
            edges = (list(board.art.columns.values()), list(board.art.rows.values()))
            assert edges == ([chr(65 + k) for k in range(12)], [str(k + 1) for k in range(9)])
            seen.append((rects, pixels, thumb, board.log.lines, names))
            app.stack.reset(BuilderScene(app))
            app.run_frames(1)
        first = seen[0]
        for other, offset in zip(seen[1:], OFFSETS[1:]):
            assert other[0] == first[0], f"built at {offset}: the squares sit elsewhere on the board"
            assert other[1] == first[1], f"built at {offset}: the board looks different"
            assert other[2] == first[2], f"built at {offset}: the thumbnail looks different"
            assert other[3] == first[3], f"built at {offset}: the log names other squares"
            assert other[4] == first[4], f"built at {offset}: the squares' tips name other squares"

    def test_the_map_a_thumbnail_fills_its_box_wherever_the_map_was_built(self, make_app):
        fast_app(make_app)
        for dx, dy in OFFSETS:
            pic = art.thumbnail(shifted(WALLED, dx, dy), THUMB)
            bounds = pic.get_bounding_rect()
            assert bounds.width >= THUMB[0] - 12 or bounds.height >= THUMB[1] - 12, (dx, dy, bounds)
            assert abs(bounds.centerx - THUMB[0] // 2) <= 2 and abs(bounds.centery - THUMB[1] // 2) <= 2

    def test_setup_and_open_a_map_thumbnails_are_of_the_map_not_of_the_grid(self, make_app):
        from scenes.khrysos import mapstore
        from scenes.khrysos.mapdialogs import OpenMapScene

        app = fast_app(make_app)
        middle = MapSpec("Middle", shifted(maps.sample_map("alpha_room"), 6, 6).tiles)
        assert mapstore.save(middle)[1] is None
        setup = KhrysosSetup(app, chosen="The Tower")  # neither picture is the chosen one (drawn on another colour)
        app.push(setup)
        app.run_frames(2)
        box = next(r for r, i in setup.thumb_rects if setup.maps[i].name == "Middle")
        shown = app.screen.subsurface(pygame.Rect(box.left + 6, box.top + 6, *THUMB)).copy()
        sample = next(r for r, i in setup.thumb_rects if setup.maps[i].name == "Alpha Room")
        alpha = app.screen.subsurface(pygame.Rect(sample.left + 6, sample.top + 6, *THUMB)).copy()
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(alpha, "RGB"), \
            "the map built in the middle of the grid looks like Alpha Room, not a small picture in a corner"
        builder = BuilderScene(app)
        app.stack.replace(builder)
        app.run_frames(2)
        click_widget(app, button(builder, "Open"))
        dialog = top(app)
        assert isinstance(dialog, OpenMapScene)
        app.run_frames(1)
        rects = {e.name: r for r, e in dialog.rects}
        size = dialog.THUMB

        def picture(name):
            r = rects[name]
            return pygame.image.tobytes(app.screen.subsurface(pygame.Rect(r.centerx - size[0] // 2, r.top + 8, *size)), "RGB")

        assert picture("Middle") == picture("Alpha Room")


def drag(app, start, end) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.run_frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    app.run_frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.run_frames(2)


def key(app, k, mod=0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.run_frames(2)


def open_builder(make_app, spec: MapSpec | None = None, whole_grid: bool = True):
    """A builder on `spec` (or a new map). `whole_grid`: a new map is zoomed out to show all the grid (it opens
    zoomed in, centred, where zone numbers read), as these tests place tiles anywhere on it."""
    app = fast_app(make_app)
    builder = BuilderScene(app, spec)
    app.push(builder)
    app.run_frames(2)
    if spec is None and whole_grid:
        builder.zoom, builder.pan = 0, [0, 0]
        builder.refresh_hotspots()
    return app, builder


def open_setup(make_app):
    app = fast_app(make_app)
    setup = KhrysosSetup(app)
    app.push(setup)
    app.run_frames(2)
    return app, setup


def placed(builder) -> set:
    return {(t.tile, t.x, t.y, t.rotation) for t in builder.tiles}


class TestSymmetryTools:
    def test_mirror_flip_and_half_turn_the_whole_map_through_undo_and_redo(self, make_app):
        spec = shifted(WALLED, 4, 5)
        app, builder = open_builder(make_app, spec)
        for label, kind in (("Mirror", "mirror"), ("Flip", "flip"), ("Half turn", "half-turn")):
            before = builder.tiles
            click_widget(app, button(builder, label))
            assert builder.tiles == K.transformed(MapSpec(spec.name, before), kind)[0].tiles
            assert maps.build_board(builder.spec).extent == maps.build_board(spec).extent, "it stays where it was built"
            assert builder.problems == [] and builder.dirty
            click_widget(app, button(builder, "Undo"))
            assert builder.tiles == before
            click_widget(app, button(builder, "Redo"))
            assert builder.tiles != before
            click_widget(app, button(builder, "Undo"))
        click_widget(app, button(builder, "Half turn"))
        click_widget(app, button(builder, "Half turn"))
        assert builder.tiles == spec.tiles and len(builder.undo_stack) == 2

    def test_a_tile_without_an_exact_mirror_image_is_named(self, make_app):
        app, builder = open_builder(make_app, MapSpec("B", (PlacedTile("broken_wall", 3, 3),)))
        click_widget(app, button(builder, "Mirror"))
        assert "Broken Wall has no exact mirror image" in builder.message[0]

    def test_mirroring_nothing_says_why(self, make_app):
        app, builder = open_builder(make_app)
        click_widget(app, button(builder, "Mirror"))
        assert builder.tiles == () and builder.message[0] == "There is nothing to turn yet: place some tiles first."

    def test_symmetric_placing_copies_every_change_onto_the_image_in_one_undo_step(self, make_app):
        from tests.scenes.test_khrysos import palette_item

        app, builder = open_builder(make_app)
        click_widget(app, builder.symmetry_button)
        assert builder.symmetry == "mirror" and builder.symmetry_button.text == "Symmetry: mirror"
        drag(app, palette_item(builder, "corner"), builder.slot_centre((2, 3)))
        assert placed(builder) == {("corner", 2, 3, 0), ("corner", 13, 3, 90)}
        click(app, builder.slot_centre((2, 3)), button_no=3)  # turned: its image turns the other way
        assert placed(builder) == {("corner", 2, 3, 90), ("corner", 13, 3, 0)}
        drag(app, builder.slot_centre((2, 3)), builder.slot_centre((5, 6)))  # moved: its image follows
        assert placed(builder) == {("corner", 5, 6, 90), ("corner", 10, 6, 0)}
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=builder.slot_centre((10, 6)), rel=(0, 0), buttons=(0, 0, 0)))
        key(app, pygame.K_DELETE)  # removing the image removes the tile too
        assert builder.tiles == ()
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert placed(builder) == {("corner", 5, 6, 90), ("corner", 10, 6, 0)}, "one gesture, one undo step"
        click_widget(app, builder.symmetry_button)
        click_widget(app, builder.symmetry_button)
        assert builder.symmetry == "half-turn"
        drag(app, palette_item(builder, "stairs_wall"), builder.slot_centre((1, 2)))
        assert ("stairs_wall", 1, 2, 0) in placed(builder) and ("stairs_wall", 14, 13, 180) in placed(builder)
        click_widget(app, builder.symmetry_button)
        assert builder.symmetry is None
        drag(app, palette_item(builder, "floor"), builder.slot_centre((0, 0)))
        assert ("floor", 0, 0, 0) in placed(builder) and not any(t.x == 15 and t.y == 15 for t in builder.tiles)

    def test_a_symmetric_map_built_by_hand_is_exactly_symmetric(self, make_app):
        from tests.scenes.test_khrysos import palette_item

        app, builder = open_builder(make_app)
        click_widget(app, builder.symmetry_button)
        for k, tile in enumerate(["zone1", "corner", "stairs_wall", "twin_pillars", "stairs", "corridor"]):
            drag(app, palette_item(builder, tile), builder.slot_centre((7, 4 + k)))
            drag(app, palette_item(builder, tile), builder.slot_centre((6, 4 + k)))
        assert len(builder.tiles) == 24
        board = maps.layout(builder.tiles)
        assert K.symmetry_breaks(board, "mirror") == []
        assert board.extent == (3 * 6, 3 * 4, 3 * 4, 3 * 6), "four columns around the middle of the grid"


def click(app, pos, button_no=1):
    from tests.scenes.helpers import click as helper_click

    helper_click(app, pos, button=button_no)


def set_entry(app, entry, text: str) -> None:
    """Type into a text line as the keyboard would (the line reports the change)."""
    import pygame_gui

    entry.set_text(text)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text=text, ui_element=entry,
                                         ui_object_id=entry.most_specific_combined_id))
    app.run_frames(2)


class TestRandomMapsOnScreen:
    def test_the_builder_makes_a_random_map_from_its_settings_and_seed(self, make_app):
        from scenes.khrysos.mapdialogs import RandomMapScene

        app, builder = open_builder(make_app)
        click_widget(app, button(builder, "Random map"))
        panel = top(app)
        assert isinstance(panel, RandomMapScene)
        for _ in range(3):
            click_widget(app, panel.plus)
        click_widget(app, button(panel, "Walled"))
        click_widget(app, button(panel, "Half turn"))
        set_entry(app, panel.seed_entry, "4242")
        assert panel.spec == K.random_map(4242, 13, "walled", "half-turn")
        click_widget(app, button(panel, "Open in the builder"))
        assert top(app) is builder
        assert builder.tiles == K.random_map(4242, 13, "walled", "half-turn").tiles
        assert builder.current_name() == "Random 13 walled half-turn 4242" and builder.dirty and builder.problems == []
        # the same settings and seed again: the same map (a table replays it)
        click_widget(app, button(builder, "Random map"))
        click_widget(app, button(top(app), "Discard"))
        panel = top(app)
        assert (panel.size, panel.character, panel.symmetry) == (13, "walled", "half-turn"), "the last settings are kept"
        set_entry(app, panel.seed_entry, "4242")
        click_widget(app, button(panel, "Open in the builder"))
        assert builder.tiles == K.random_map(4242, 13, "walled", "half-turn").tiles

    def test_an_empty_seed_says_what_is_wrong_and_makes_nothing(self, make_app):
        app, builder = open_builder(make_app)
        click_widget(app, button(builder, "Random map"))
        panel = top(app)
        set_entry(app, panel.seed_entry, "")
        assert panel.spec is None and "seed" in panel.problem
        click_widget(app, panel.use_button)
        assert top(app) is panel and builder.tiles == ()
        key(app, pygame.K_ESCAPE)
        assert top(app) is builder

    def test_the_setup_plays_a_random_map_and_shows_its_seed(self, make_app):
        from scenes.khrysos.mapdialogs import RandomMapScene

        app, setup = open_setup(make_app)
        click_widget(app, button(setup, "Random map"))
        panel = top(app)
        assert isinstance(panel, RandomMapScene)
        set_entry(app, panel.seed_entry, "77")
        click_widget(app, button(panel, "Play on this map"))
        assert top(app) is setup
        chosen = setup.maps[setup.chosen]
        assert chosen.name.endswith(" 77") and chosen.spec == K.random_map(77, panel.size, panel.character, panel.symmetry)
        click_widget(app, button(setup, "Start"))
        app.run_frames(2)
        board = next(s for s in app.stack.scenes if isinstance(s, KhrysosBoard))
        assert board.match.state.spec.tiles == chosen.spec.tiles


    def test_a_map_made_in_the_setup_never_pushes_one_of_yours_out_of_the_list(self, make_app):
        from scenes.khrysos import mapstore

        mine = MapSpec("My map", maps.sample_map("the_tower").tiles)
        assert mapstore.save(mine)[1] is None
        _app, setup = open_setup(make_app)
        before = [e.name for e in setup.maps]
        setup.add_map(MapSpec("My map", maps.sample_map("alpha_room").tiles), "from a code")
        setup.add_map(MapSpec("Alpha Room", maps.sample_map("the_tower").tiles), "from a code")
        names = [e.name for e in setup.maps]
        assert set(before) <= set(names) and names[:2] == ["Alpha Room (2)", "My map (2)"]
        assert setup.maps[setup.chosen].name == "Alpha Room (2)"
        again = K.random_map(5, 8, "open")
        setup.add_map(again, "random")
        setup.add_map(again, "random")
        assert [e.name for e in setup.maps].count(again.name) == 1, "the same random map made twice is listed once"


class TestSharingByCode:
    def test_copy_a_map_as_a_code_and_paste_it_back(self, make_app):
        from scenes import clipboard
        from scenes.khrysos.mapdialogs import MapCodeScene

        tower = maps.sample_map("the_tower")
        app, builder = open_builder(make_app, MapSpec("Tower for Sam", tower.tiles))
        click_widget(app, button(builder, "Copy code"))
        panel = top(app)
        assert isinstance(panel, MapCodeScene) and panel.code == K.map_code(MapSpec("Tower for Sam", tower.tiles))
        assert panel.entry.get_text() == panel.code
        assert clipboard.paste_text() == (panel.code, None), "the code is on the clipboard"
        assert panel.note[0].startswith("Copied to the clipboard")
        click_widget(app, button(panel, "Close"))
        click_widget(app, button(builder, "New"))
        if top(app) is not builder:
            click_widget(app, button(top(app), "Discard"))
        assert builder.tiles == ()
        click_widget(app, button(builder, "Paste code"))
        panel = top(app)
        assert panel.entry.get_text() == K.map_code(MapSpec("Tower for Sam", tower.tiles)), "filled from the clipboard"
        assert "A map called 'Tower for Sam', 10 tiles" in panel.note[0]
        click_widget(app, button(panel, "Load this map"))
        assert top(app) is builder and builder.tiles == tower.tiles and builder.current_name() == "Tower for Sam"

    def test_a_bad_code_is_refused_with_the_reason_and_nothing_is_lost(self, make_app):
        app, builder = open_builder(make_app, maps.sample_map("alpha_room"))
        before = builder.tiles
        click_widget(app, button(builder, "Paste code"))
        if top(app).title == "Unsaved changes":
            click_widget(app, button(top(app), "Discard"))
        panel = top(app)
        for junk, reason in (("hello", "That is not a Khrysos map code"), ("KH1-ZZZZZZZZ", "The code is damaged"),
                             (K.map_code(maps.sample_map("the_tower"))[:-3], "The code is damaged")):
            set_entry(app, panel.entry, junk)
            assert panel.spec is None and panel.note[0].startswith(reason)
            click_widget(app, panel.load_button)
            assert top(app) is panel
        key(app, pygame.K_ESCAPE)
        assert top(app) is builder and builder.tiles == before

    def test_without_a_clipboard_the_code_is_shown_to_copy_by_hand(self, make_app, monkeypatch):
        from scenes import clipboard

        monkeypatch.setattr(clipboard, "copy_text", lambda text: "There is no clipboard here (no display).")
        monkeypatch.setattr(clipboard, "paste_text", lambda: (None, "There is no clipboard here (no display)."))
        app, builder = open_builder(make_app, maps.sample_map("alpha_room"))
        click_widget(app, button(builder, "Copy code"))
        panel = top(app)
        assert panel.entry.get_text() == panel.code
        assert panel.note[0].startswith("There is no clipboard here (no display). Select the code above")
        key(app, pygame.K_ESCAPE)
        click_widget(app, button(builder, "Paste code"))
        if top(app).title == "Unsaved changes":
            click_widget(app, button(top(app), "Discard"))
        panel = top(app)
        click_widget(app, panel.paste_button)
        assert "There is no clipboard here" in panel.note[0] and "Type the code" in panel.note[0]
        set_entry(app, panel.entry, K.map_code(maps.sample_map("the_crossroad")))
        click_widget(app, panel.load_button)
        assert builder.tiles == maps.sample_map("the_crossroad").tiles

    def test_the_setup_refuses_a_code_of_a_map_that_cannot_be_played(self, make_app):
        app, setup = open_setup(make_app)
        click_widget(app, button(setup, "Paste code"))
        panel = top(app)
        draft = MapSpec("Half done", maps.sample_map("alpha_room").tiles[:4])
        set_entry(app, panel.entry, K.map_code(draft))
        assert panel.spec is None and "cannot be played yet: the map has 4 tiles" in panel.note[0]
        set_entry(app, panel.entry, K.map_code(maps.sample_map("the_crossroad")))
        click_widget(app, panel.load_button)
        chosen = setup.maps[setup.chosen]
        assert chosen.spec.tiles == maps.sample_map("the_crossroad").tiles
        assert chosen.name == "The Crossroad (2)", "the sample of that name stays in the list beside it"


class TestFilesAndTheSidePanel:
    def test_an_exported_map_is_readable_by_others_and_written_whole(self, dirs, tmp_path):
        import os
        import stat

        from scenes.khrysos import mapstore

        target = tmp_path / "for_sam.json"
        assert mapstore.export_map(maps.sample_map("the_tower"), target) is None
        assert stat.S_IMODE(os.stat(target).st_mode) == 0o644
        assert maps.read_map(target.read_text()) == maps.sample_map("the_tower")
        assert [p.name for p in tmp_path.iterdir()] == ["for_sam.json"], "no temporary file left behind"

    def test_open_a_map_cards_say_whole_sentences_and_their_hover_says_everything(self, make_app):
        from scenes.khrysos import mapstore
        from scenes.khrysos.mapdialogs import OpenMapScene

        folder = mapstore.maps_dir()
        folder.mkdir(parents=True, exist_ok=True)
        tiles = maps.sample_map("alpha_room").tiles
        many = tiles[:2] + (PlacedTile("floor", 9, 9), PlacedTile("floor", 12, 12))  # short, zones missing, cut off
        assert mapstore.save(MapSpec("Many problems", many))[1] is None
        assert mapstore.save(MapSpec("Short", tiles[:5]))[1] is None
        (folder / "junk.json").write_text('{"name": "x", "tiles": 7, "version": 1}', encoding="utf-8")
        app, builder = open_builder(make_app)
        click_widget(app, button(builder, "Open"))
        dialog = top(app)
        assert isinstance(dialog, OpenMapScene)
        app.run_frames(1)
        drawn = []
        original = ui.text

        def spy(surface, value, *args, **kwargs):
            drawn.append(value)
            return original(surface, value, *args, **kwargs)

        ui.text = spy
        try:
            app.run_frames(1)
        finally:
            ui.text = original
        for rect, entry in dialog.rects:
            lines = dialog.card_note(entry, rect.width - 12)
            assert 1 <= len(lines) <= OpenMapScene.NOTE_LINES + 1, (entry.name, lines)
            assert lines[-1].endswith("."), f"{entry.name}: the card's note stops mid-sentence: {lines}"
            assert all(line in drawn for line in lines)
            full = dialog.note(entry)[0]
            spot = dialog.spots.at(rect.center)
            assert spot is not None and full in spot.tip_lines(), "the hover says the note in full"
        by_name = {e.name: e for _, e in dialog.rects}
        assert len(by_name["Many problems"].problems) >= 3
        assert dialog.card_note(by_name["Many problems"], 168)[0].startswith("Draft: ")
        assert not any(line.endswith("…") for line in drawn if isinstance(line, str))

    def test_the_builders_greyed_buttons_say_why_on_hover_and_on_click(self, make_app):
        """Issue 19: pygame-gui never hovers a disabled button, so every builder control is a hotspot."""
        from tests.scenes.helpers import click as click_at
        from tests.scenes.test_khrysos import palette_item

        app, builder = open_builder(make_app)
        spots = builder.spots
        widgets = [*builder.buttons, builder.symmetry_button, builder.zoom_in, builder.zoom_out, builder.play_button,
                   builder.back_button]
        assert all(spots.for_widget(w) is not None for w in widgets), "every button is a hotspot"
        greyed = {s.key: spots.reason_of(s) for s in spots if not spots.is_enabled(s)}
        assert {"button:undo", "button:redo", "button:rename", "button:delete", "button:play"} <= set(greyed)
        assert all(reason and reason.strip() for reason in greyed.values())
        assert greyed["button:play"] == "Cannot be played: The map has 0 tiles; a map needs at least 6."
        undo = builder.button("Undo")
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.run_frames(2)
        assert spots.hovered is not None and spots.hovered.key == "button:undo"
        assert spots.tip_of(spots.hovered)[-1] == "Not now: nothing to undo yet; no edit has been made"
        click_at(app, undo.rect.center)
        assert spots.refusal is not None and spots.refusal.text.startswith("Nothing to undo yet")
        # an edit lights Undo; the palette's tiles say what they are
        drag(app, palette_item(builder, "zone1"), builder.slot_centre((4, 4)))
        assert spots.is_enabled(spots.get("button:undo")) and builder.button("Undo").is_enabled
        assert spots.get("tile:stairs_wall").tip_lines()[0] == "Stairs by a Wall"
        for _ in range(len(ZOOMS_OF_BUILDER)):
            click_widget(app, builder.zoom_in)
        assert spots.reason_of(spots.get("button:zoom_in")) == "Zoomed in as far as it goes"

    def test_the_setup_counts_drafts_apart_from_damaged_files(self, make_app):
        from scenes.khrysos import mapstore

        folder = mapstore.maps_dir()
        folder.mkdir(parents=True, exist_ok=True)
        tiles = maps.sample_map("alpha_room").tiles
        for k in range(2):
            assert mapstore.save(MapSpec(f"Draft {k}", tiles[:4]))[1] is None
        for k in range(3):
            (folder / f"junk{k}.json").write_bytes(b"\xff not a map")
        _app, setup = open_setup(make_app)
        assert len(setup.drafts) == 2 and len(setup.damaged) == 3
        assert setup.unplayable_note() == "2 of your maps are drafts: finish them in the map builder. 3 map files are damaged."

    def test_the_file_picker_keeps_every_letter_closes_on_esc_and_stays_in_the_window(self, make_app, tmp_path):
        from scenes import assets
        from scenes.widgets import filepicker
        from scenes.widgets.filepicker import FilePickerScene

        (tmp_path / "quaggy_jumps").mkdir()
        (tmp_path / "garbage_query.json").write_text("{}")
        (tmp_path / "notes.txt").write_text("")
        app, builder = open_builder(make_app)
        picked = []
        picker = FilePickerScene(app, "Import", saving=False, start=tmp_path, on_pick=picked.append)
        app.push(picker)
        app.run_frames(2)
        assert app.screen.get_rect().contains(picker.box)
        names = [e.name for _, e in picker.rows()]
        assert names == ["quaggy_jumps", "garbage_query.json"], "folders first, then map files only"
        font = assets.font(filepicker.TEXT, False)
        assert font.get_linesize() <= filepicker.ROW, "a row is tall enough for descenders and underscores"
        for rect, _entry in picker.rows():
            assert picker.list_rect.contains(rect)
        # a click on a folder opens it, Up comes back, a click on a file picks its name
        click(app, picker.rows()[0][0].center)
        assert picker.folder == tmp_path / "quaggy_jumps"
        click_widget(app, picker.up_button)
        click(app, picker.rows()[1][0].center)
        assert picker.name_entry.get_text() == "garbage_query.json"
        # the panel cannot be dragged: a drag on its title leaves it where it is
        box = picker.box.copy()
        drag(app, (box.centerx, box.top + 20), (box.centerx + 600, box.top - 300))
        assert picker.box == box
        key(app, pygame.K_ESCAPE)
        assert top(app) is builder and picked == []

    def test_every_problem_is_listed_with_capitals_and_tile_names_and_scrolls_when_long(self, make_app):
        tiles = tuple(PlacedTile("floor", 2 * k % 16, 2 * (k // 8), 0) for k in range(16))  # 16 tiles, none touching
        app, builder = open_builder(make_app, MapSpec("Scattered", tiles))
        from scenes.ui import sentence

        assert len(builder.problems) == 1 + 15  # the six zones missing, fifteen tiles cut off from the first
        lines = builder.note_lines()
        text = " ".join(line for line, _ in lines)
        for problem in builder.problems:  # every one, whole, starting with a capital
            assert sentence(problem) in text, problem
        starts = [lines[0][0]] + [lines[i + 1][0] for i, (line, _) in enumerate(lines[:-1]) if not line]
        assert len(starts) == len(builder.problems) and all(line[0].isupper() for line in starts)
        assert "the Floor tile at" in text and "floor tile" not in text and "tile 2 (" not in text
        shown, above, below = builder.visible_notes()
        assert above == 0 and below > 0 and len(shown) + below == len(lines), "none is dropped"
        # the panel says so, and the mouse wheel shows the rest
        drawn = []
        original = ui.text

        def spy(surface, value, *args, **kwargs):
            drawn.append(value)
            return original(surface, value, *args, **kwargs)

        import scenes.khrysos.builder as B

        B.ui.text = spy
        try:
            app.run_frames(1)
            assert any(f"{below} more lines below" in d for d in drawn)
            area = builder.notes_rect()
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=area.center, rel=(0, 0), buttons=(0, 0, 0)))
            for _ in range(40):
                pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                                     precise_y=-1.0))
            drawn.clear()
            app.run_frames(2)
            shown, above, below = builder.visible_notes()
            assert below == 0 and above > 0 and shown[-1] == lines[-1]
            assert any(f"{above} more lines above" in d for d in drawn)
            assert not any(d.endswith("…") for d in drawn if isinstance(d, str)), "nothing is cut mid-word"
        finally:
            B.ui.text = original


class TestOpeningRollAndMarks:
    def deployed(self, app, players: int, seed: int = 5):
        seats = [Seat(n, c) for n, c in zip(("Ann", "Bob", "Cy", "Di"), ((200, 60, 0), (0, 90, 200), (0, 160, 90),
                                                                          (200, 180, 0)))][:players]
        match = Match.new(K, K.Setup(players=players), seed)
        board = KhrysosBoard(app, match, seats)
        app.push(board)
        app.run_frames(3)
        self.take_the_mouse(app)
        app.run_frames(90)
        return board

    @staticmethod
    def take_the_mouse(app):
        from scenes.widgets.handoff import HandOffScene

        while isinstance(top(app), HandOffScene):
            click_widget(app, top(app).ready)

    def test_quick_start_the_opening_roll_is_shown_as_dice_and_explained_in_the_log(self, make_app):
        app = fast_app(make_app)
        board = self.deployed(app, 3, seed=4)
        event = K.opening_events(board.match.state)[0]
        line = board.log.lines[0]
        assert line == board.log_line(event) == K.describe(event, board.shown, [s.name for s in board.seats])
        assert line.startswith("Ann rolls ")
        assert "goes first" in line and "starts on the Treasure Zone of its player's die" in line
        shown = [(seat, k, die.face) for seat, k, die in board.opening_dice]
        expected = [(seat, 0, d) for seat, dice in enumerate(event.dice) for d in dice]
        expected += [(seat, k, face) for k, r in enumerate(event.rolloffs, 1) for seat, face in r]
        assert sorted(shown) == sorted(expected)
        frame = pygame.Surface(app.size)
        board.draw_turn(frame)
        spot = board.spots.get("opening")
        assert spot is not None and spot.tip_lines()[0].startswith("Ann rolls"), "the panel explains itself on hover"
        for _, _, die in board.opening_dice:  # every die is drawn where the layout puts it, on its face
            assert die.shown == die.face and frame.get_at(die.rect().center)[:3] != tuple(palette_panel())

    def test_quick_start_the_opening_survives_a_resume_and_undo(self, make_app):
        app = fast_app(make_app)
        board = self.deployed(app, 2, seed=9)
        while board.match.decision().kind in ("play", "place"):
            board.act(board.match.legal_actions()[0])
            app.run_frames(40)
            self.take_the_mouse(app)
        resumed = KhrysosBoard(app, board.match)
        app.stack.reset(resumed)
        app.run_frames(5)
        assert resumed.log.lines[0].endswith("each player's first die places their first hunter, the other die their second.")
        assert sum("rolls" in line and "goes first" in line for line in resumed.log.lines) == 1

    def test_two_players_hunters_carry_different_marks_on_the_board_and_the_scoring_cards(self, make_app):
        app = fast_app(make_app)
        board = self.deployed(app, 2)
        while board.match.decision().kind in ("play", "place"):
            board.act(board.match.legal_actions()[0])
            app.run_frames(40)
            self.take_the_mouse(app)
        cards = board.match.state.cards
        for seat in (0, 1):
            own = [i for i, c in enumerate(cards) if c.seat == seat]
            assert [art.card_mark(cards, i) for i in own] == [0, 1]
            a, b = (board.standees[cards[i].hunter] for i in own)
            assert (a.mark, b.mark) == (0, 1)
            # same die colour, same endurance: the pictures still differ, by shape
            pictures = []
            for die in (a, b):
                surf = pygame.Surface((80, 80), pygame.SRCALPHA)
                die.pos, die.active, die.hovered, die.selected = (40, 40), False, False, False
                die.draw(surf)
                pictures.append(pygame.image.tobytes(surf, "RGBA"))
            assert pictures[0] != pictures[1]
        tips = [" ".join(spot.tip_lines()) for spot in board.spots if spot.key.startswith("score:")]
        assert sum("round mark" in t for t in tips) == 2 and sum("diamond mark" in t for t in tips) == 2
        # the scoring rows show the marks too: two rows of one player differ only by them
        frame = pygame.Surface(app.size)
        board.draw_scores(frame)
        from scenes.khrysos.panels import score_row

        chips = [pygame.image.tobytes(frame.subsurface(pygame.Rect(score_row(i).left + 2, score_row(i).top, 20,
                                                                  score_row(i).height)), "RGB") for i in (0, 1, 2, 3)]
        for seat in (0, 1):
            first, second = [i for i, c in enumerate(cards) if c.seat == seat]
            assert chips[first] != chips[second]

    def test_with_three_players_nobody_needs_a_mark(self, make_app):
        app = fast_app(make_app)
        board = self.deployed(app, 3)
        cards = board.match.state.cards
        assert all(art.card_mark(cards, i) is None for i in range(len(cards)))


def palette_panel():
    from scenes import palette

    return palette.PANEL
