"""The board kit: BoardView geometry, and BoardScene driven headless with a tiny fake rule module."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import HIDDEN
from game.core.match import Match
from game.core.save import read_save
from scenes import saves
from scenes.board import BoardScene, BoardView, GameOverScene, Seat
from scenes.widgets.handoff import HandOffScene
from scenes.widgets.standee import StandeeView
from tests.scenes import fakegame
from tests.scenes.helpers import button, click, click_widget, settle


# -- BoardView -------------------------------------------------------------------------------

sizes = st.tuples(st.integers(8, 48), st.integers(8, 48))
orientations = st.tuples(st.integers(0, 3), st.booleans())


class TestBoardView:
    @settings(max_examples=150, deadline=None)
    @given(sizes, orientations, st.data())
    def test_cell_to_pixel_to_cell_is_the_identity(self, size, orientation, data):
        cols, rows = size
        view = BoardView(cols, rows, pygame.Rect(20, 50, 900, 640), turns=orientation[0], mirror=orientation[1])
        x = data.draw(st.integers(0, cols - 1))
        y = data.draw(st.integers(0, rows - 1))
        r = view.cell_rect((x, y))
        assert view.area.contains(r)
        for px in (r.left, r.right - 1, r.centerx):
            for py in (r.top, r.bottom - 1, r.centery):
                assert view.cell_at((px, py)) == (x, y)

    @settings(max_examples=60, deadline=None)
    @given(sizes, orientations)
    def test_every_cell_has_its_own_square_and_borders_belong_to_one_cell(self, size, orientation):
        cols, rows = size
        view = BoardView(cols, rows, pygame.Rect(0, 0, 1000, 700), turns=orientation[0], mirror=orientation[1])
        rects = {cell: view.cell_rect(cell) for cell in view.cells()}
        assert len({tuple(r) for r in rects.values()}) == cols * rows
        # A pixel on the border between two neighbouring cells lands on exactly one of them.
        s = view.cell_size
        for dx in range(1, view.display_cols):
            px = view.rect.left + dx * s
            hits = [c for c, r in rects.items() if r.collidepoint(px, view.rect.top)]
            assert len(hits) == 1 and view.cell_at((px, view.rect.top)) == hits[0]
        assert view.cell_at((view.rect.right, view.rect.top)) is None
        assert view.cell_at((view.rect.left - 1, view.rect.top)) is None

    def test_a_quarter_turn_swaps_the_board_on_screen(self):
        view = BoardView(8, 10, pygame.Rect(0, 0, 1000, 800), turns=1)
        assert (view.display_cols, view.display_rows) == (10, 8)
        assert view.to_display((0, 0)) == (9, 0)  # the top-left corner goes to the top-right
        mirrored = BoardView(8, 10, pygame.Rect(0, 0, 1000, 800), mirror=True)
        assert mirrored.to_display((0, 0)) == (7, 0)

    def test_layers_carry_reasons_for_hover(self):
        view = BoardView(8, 10, pygame.Rect(0, 0, 800, 800))
        view.set_layer("in_range", [(1, 1)])
        view.set_layer("invalid", {(2, 2): "Blocked by a tree"})
        assert view.reason_at((2, 2)) == "Blocked by a tree"
        assert view.reason_at((1, 1)) is None
        with pytest.raises(KeyError):
            view.set_layer("nonsense", [])


# -- BoardScene with the fake rules ----------------------------------------------------------------


class FakeBoard(BoardScene):
    def build(self):
        self.grid = BoardView(fakegame.SIZE, fakegame.SIZE, pygame.Rect(100, 80, 500, 500))
        self.standees = [StandeeView(f"P{i + 1}", f"seat{i}", self.grid.cell_centre(c), self.seats[i].colour)
                         for i, c in enumerate(self.shown.at)]

    def sync(self):
        for standee, cell in zip(self.standees, self.shown.at):
            standee.move_to(self.grid.cell_centre(cell))

    def standee_for(self, piece):
        return self.standees[piece]

    def point_of(self, cell):
        return self.grid.cell_centre(cell)

    def on_input(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.grid.cell_at(event.pos)
            if self.shown.phase == "pick":
                return self.act("pick 2")
            if cell is not None:
                return self.act(f"move {cell[0]} {cell[1]}")
        return False

    def draw_board(self, surface):
        self.grid.draw_grid(surface)
        for s in self.standees:
            s.draw(surface)


def start(app, players=2):
    match = Match.new(fakegame, fakegame.Setup(players), 7)
    board = FakeBoard(app, match, [Seat(f"P{i + 1}", (200, 50 * i, 50)) for i in range(players)])
    app.push(board)
    settle(app)
    return board


def ready(app):
    """Click 'I am …' on the hand-off screen at the top."""
    assert isinstance(app.stack.top, HandOffScene)
    click_widget(app, app.stack.top.ready)


def past_the_picks(app, monkeypatch):
    """A fake board with autosaves off, both seats having picked (their hand-offs taken)."""
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    return to_move_phase(app)


def finish(app, board):
    while board.busy:
        app.run_frames(5)


class TestBoardScene:
    def test_hand_off_exactly_when_another_seat_decides_something_private(self, app, monkeypatch):
        monkeypatch.setattr(saves, "write_autosave", lambda save: None)
        board = start(app)
        assert isinstance(app.stack.top, HandOffScene) and board.viewer is None
        ready(app)
        assert app.stack.top is board and board.viewer == 0
        click(app, (10, 700))  # seat 0 picks
        finish(app, board)
        settle(app)
        assert isinstance(app.stack.top, HandOffScene), "seat 1's secret pick needs a hand-off"
        assert board.viewer is None, "nobody's secrets show while the mouse changes hands"
        ready(app)
        assert board.viewer == 1
        assert board.shown.picks == (HIDDEN, None), "seat 1 sees that seat 0 picked, not what"
        click(app, (10, 700))
        finish(app, board)
        settle(app)
        # Moving is public: no hand-off, and nobody's secrets are on screen.
        assert app.stack.top is board
        assert board.viewer is None and board.match.decision().kind == "move"

    def test_autosave_after_each_action_and_game_over_discards_it(self, app):
        board = start(app)
        ready(app)
        path = saves.autosave_path("fake")
        for _n in range(1, 3):
            board.act("pick 1") if board.match.decision().kind == "pick" else None
            assert read_save(path).actions == [str(a) for a in board.match.actions]
            finish(app, board)
            settle(app)
            if isinstance(app.stack.top, HandOffScene):
                ready(app)
        assert len(read_save(path).actions) == 2
        # Race seat 0 to the corner while seat 1 only ends its turns.
        route = iter(["move 1 0", "move 2 0", "move 3 0", "move 4 0", "move 4 1", "move 4 2", "move 4 3", "move 4 4"])
        while not board.match.over:
            d = board.match.decision()
            if isinstance(app.stack.top, HandOffScene):
                ready(app)
                continue
            if d.kind == "pick":
                assert board.act("pick 3")
            elif d.seat == 1 or board.match.state.steps == 2:
                assert board.act("end")
            else:
                assert board.act(next(route)), board.flash_text
            finish(app, board)
            settle(app)
        settle(app, 4)
        assert isinstance(app.stack.top, GameOverScene)
        assert "P1 wins" in app.stack.top.headline
        assert not path.exists(), "a finished game leaves no autosave behind"
        button(app.stack.top, "Main menu")

    def test_clicks_are_ignored_while_animating_and_a_skip_syncs_to_the_view(self, app, monkeypatch):
        board = past_the_picks(app, monkeypatch)
        assert board.match.decision().kind == "move"
        assert board.act("move 1 0")
        assert board.busy
        played = len(board.match.actions)
        target = board.grid.cell_centre((0, 2))
        click(app, target, frames=1)  # seat 1's legal move, clicked mid-animation: a skip, not a move
        assert len(board.match.actions) == played
        assert not board.busy
        settle(app)
        for standee, cell in zip(board.standees, board.match.state.at):
            assert (int(standee.pos[0]), int(standee.pos[1])) == board.grid.cell_centre(cell)

    def test_an_illegal_click_shows_the_rules_reason_and_changes_nothing(self, app, monkeypatch):
        board = past_the_picks(app, monkeypatch)
        before = board.match.state
        click(app, board.grid.cell_centre((3, 3)))
        assert board.match.state is before
        assert board.flash_text == "Move one step to a free neighbouring cell."

    def test_the_log_is_rebuilt_for_each_viewer(self, app, monkeypatch):
        monkeypatch.setattr(saves, "write_autosave", lambda save: None)
        board = start(app)
        ready(app)
        board.act("pick 3")
        finish(app, board)
        settle(app)
        assert isinstance(app.stack.top, HandOffScene)
        assert board.log.lines[-1] == "Player 1 picks a number.", "while the mouse changes hands, no secret shows"
        ready(app)
        assert board.log.lines[-1] == "Player 1 picks a number.", "seat 1 must not read seat 0's secret in the log"
        board._set_viewer(0)
        assert board.log.lines[-1] == "Player 1 picks 3."

    def test_a_failed_autosave_warns_and_play_goes_on(self, app, monkeypatch):
        monkeypatch.setattr(saves, "write_autosave", lambda save: "The game could not be saved: No space left on device.")
        board = start(app)
        ready(app)
        assert board.act("pick 1")
        assert board.save_warning and "could not be saved" in board.flash_text


def test_seats_come_back_from_the_save(app, monkeypatch):
    match = Match.new(fakegame, fakegame.Setup(2), 7)
    FakeBoard(app, match, [Seat("Ann", (10, 20, 30)), Seat("Bo", (40, 50, 60), bot="easy")])
    again = Match.from_save(match.save(), lambda g: fakegame)
    board = FakeBoard(app, again)
    assert board.seats == [Seat("Ann", (10, 20, 30)), Seat("Bo", (40, 50, 60), bot="easy")]
    again.table["seats"] = [{"name": 5}, "junk"]
    assert [s.name for s in FakeBoard(app, again).seats] == ["Red", "Blue"]


# -- undo, named saves, replays (issue 13) on the kit -------------------------------------------------

from game import registry as rules_registry  # noqa: E402
from scenes import registry  # noqa: E402
from scenes.board.saveload import SavesScene  # noqa: E402
from scenes.overlays import MessageScene, PauseScene  # noqa: E402
from tests.scenes.helpers import press_key, top  # noqa: E402


def resume_fake(app, match):
    return FakeBoard(app, match)


@pytest.fixture
def fake_entry(monkeypatch):
    monkeypatch.setitem(rules_registry.GAMES, "fake", "tests.scenes.fakegame")
    entry = registry.GameEntry("fake", "Fake Race", "2-3 players", "ui/emblem_krom",
                               "tests.scenes.test_board_kit:FakeBoard", "tests.scenes.test_board_kit:resume_fake")
    monkeypatch.setattr(registry, "GAMES", [entry])
    return entry


def to_move_phase(app):
    board = start(app)
    for _ in range(2):
        ready(app)
        board.act("pick 1")
        finish(app, board)
        settle(app)
    return board


def ctrl(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    app.run_frames(2)


class TestUndo:
    def test_ctrl_z_takes_back_own_steps_and_ctrl_y_replays_them(self, app):
        board = to_move_phase(app)
        start_state = board.match.state
        board.act("move 1 0")
        finish(app, board)
        board.act("move 2 0")
        finish(app, board)
        settle(app)
        ctrl(app, pygame.K_z)
        ctrl(app, pygame.K_z)
        assert board.match.state is start_state
        assert read_save(saves.autosave_path("fake")).actions == ["pick 1", "pick 1"]
        assert (int(board.standees[0].pos[0]), int(board.standees[0].pos[1])) == board.grid.cell_centre((0, 0))
        ctrl(app, pygame.K_y)
        finish(app, board)
        assert board.match.state.at[0] == (1, 0)

    def test_undo_stops_at_a_roll_and_says_why(self, app):
        board = to_move_phase(app)
        board.act("roll")
        finish(app, board)
        settle(app)
        before = board.match.state
        ctrl(app, pygame.K_z)
        assert board.match.state is before
        assert "revealed" in board.flash_text


class TestNamedSaves:
    def open_saves(self, app, board):
        finish(app, board)
        press_key(app, pygame.K_ESCAPE)
        assert isinstance(top(app), PauseScene)
        click_widget(app, button(top(app), "Save / Load"))
        assert isinstance(top(app), SavesScene)
        return top(app)

    def test_save_then_load_gives_the_same_game(self, app, fake_entry):
        board = to_move_phase(app)
        board.act("move 1 0")
        dialog = self.open_saves(app, board)
        dialog.name_entry.set_text("Friday game")
        click_widget(app, button(dialog, "Save"))
        assert [i.name for i in saves.list_saves()] == ["Friday game"]
        assert "Friday game" in dialog.message
        click_widget(app, button(dialog, "Load"))
        loaded = top(app)
        assert isinstance(loaded, FakeBoard) and loaded is not board
        assert loaded.match.state.to_dict() == board.match.state.to_dict()

    def test_a_tampered_save_is_refused_and_the_game_kept(self, app, fake_entry):
        board = to_move_phase(app)
        dialog = self.open_saves(app, board)
        dialog.name_entry.set_text("tampered")
        click_widget(app, button(dialog, "Save"))
        path = saves.save_path("tampered")
        path.write_text(path.read_text().replace('"pick 1"', '"pick 9"', 1))
        click_widget(app, button(dialog, "Load"))
        message = top(app)
        assert isinstance(message, MessageScene)
        assert "action 1 of 2 ('pick 9') cannot be replayed" in " ".join(message.message_lines)
        click_widget(app, button(message, "OK"))
        assert board in app.stack.scenes
        # From now on its row says it is damaged and offers only Delete, as for a file that cannot be read.
        assert top(app) is dialog and dialog.infos[0].error.startswith("Action 1 of 2 ('pick 9') cannot be replayed")
        assert sorted(b.text for b in dialog.row_buttons) == ["Delete"]

    def test_a_damaged_file_is_listed_with_its_error(self, app, fake_entry):
        saves.saves_dir().mkdir(parents=True)
        (saves.saves_dir() / "broken.json").write_bytes(b"\xff\xfe not json")
        infos = saves.list_saves()
        assert len(infos) == 1 and infos[0].error


class TestReplay:
    def test_the_end_screen_offers_a_replay_that_steps_both_ways(self, app, fake_entry):
        board = to_move_phase(app)
        route = ["move 1 0", "move 2 0", "end", "end", "pick 1", "pick 1", "move 3 0", "move 4 0", "end", "end",
                 "pick 1", "pick 1", "move 4 1", "move 4 2", "end", "end", "pick 1", "pick 1", "move 4 3", "move 4 4"]
        for a in route:
            board.match.play(a)
        board._after([])
        app.run_frames(5)
        assert isinstance(top(app), GameOverScene)
        total = len(board.match.actions)
        click_widget(app, button(top(app), "Watch the replay"))
        replay = top(app)
        assert isinstance(replay, FakeBoard) and replay.replay is not None and replay.match.actions == []
        click_widget(app, button(replay, "Next"))
        assert len(replay.match.actions) == 1
        click_widget(app, button(replay, "Last"))
        assert len(replay.match.actions) == total and "P1 won" in replay.replay.status()
        click_widget(app, button(replay, "Back"))
        assert len(replay.match.actions) == total - 1
        click_widget(app, button(replay, "First"))
        assert replay.match.actions == [] and replay.log.lines == []
        before = replay.match.state
        click(app, replay.grid.cell_centre((1, 0)))
        assert replay.match.state is before, "a replay takes no moves"


def test_a_computer_seat_plays_by_itself_and_never_brings_a_hand_off(app, monkeypatch):
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    match = Match.new(fakegame, fakegame.Setup(2), 7)
    board = FakeBoard(app, match, [Seat("Ann", (200, 0, 0)), Seat("Bot", (0, 0, 200), bot="random")])
    board.bot_delay = 0.0
    app.push(board)
    settle(app)
    assert not isinstance(app.stack.top, HandOffScene), "the only human at the table needs no hand-off"
    assert board.viewer == 0 and board.match.decision().private
    assert board.act("pick 2")
    for _ in range(200):
        app.run_frames(5)
        if board.match.decision().seat == 0 and not board.busy and board._thinking is None:
            break
        assert not isinstance(app.stack.top, HandOffScene), "a computer seat's secret pick needs no hand-off"
    assert board.match.state.phase == "move" and board.match.state.picks[1] in (1, 2, 3)
    assert board.viewer == 0, "the human's own view stays while only the computer played"


class TestGestures:
    def test_a_gesture_plays_its_actions_in_order_and_stops_quietly_at_the_first_refused(self, app, monkeypatch):
        board = past_the_picks(app, monkeypatch)
        played = len(board.match.actions)
        # Two steps are allowed in a turn: the third is refused and ends the gesture without a message.
        assert board.act("move 1 0", "move 2 0", "move 3 0", "move 4 0")
        assert [str(a) for a in board.match.actions[played:]] == ["move 1 0", "move 2 0"]
        assert sorted({n for n, _ in board.history if n > played}) == [played + 1, played + 2], "events keep their action"
        assert board.flash_text is None
        finish(app, board)
        assert board.match.state.at[0] == (2, 0)

    def test_a_refused_first_action_shows_the_reason_and_plays_nothing(self, app, monkeypatch):
        monkeypatch.setattr(saves, "write_autosave", lambda save: None)
        board = start(app)
        ready(app)
        played = len(board.match.actions)
        assert not board.act("move 3 3", "pick 1")
        assert len(board.match.actions) == played and board.flash_text

    def test_a_resumed_game_gets_its_log_back(self, app, monkeypatch):
        board = past_the_picks(app, monkeypatch)
        board.act("move 1 0")
        finish(app, board)
        settle(app)
        resumed = FakeBoard(app, Match.from_save(board.match.save(), resolve=lambda game: fakegame))
        app.stack.replace(resumed)
        settle(app)
        assert [(n, str(e)) for n, e in resumed.history] == [(n, str(e)) for n, e in board.history]
        expected = [resumed.log_line(e) for _, e in board.history]
        assert len(expected) >= 3 and resumed.log.lines == [line for line in expected if line]


def test_a_rebuilt_log_describes_only_the_newest_lines_it_keeps_and_they_are_the_whole_log_s_last(app, monkeypatch):
    """Issue 30: a hand-off rebuilds the log for the next seat from the newest event back, and stops once the log
    has all the lines it keeps; they are the last lines of the whole game described again."""
    board = past_the_picks(app, monkeypatch)
    board.act("move 1 0")
    finish(app, board)
    settle(app)
    whole = list(board.opening_lines()) + [(line, board.log_colour(e)) for _, e in board.match.history()
                                           if (line := board.log_line(e))]
    described = []
    monkeypatch.setattr(board, "log_line", lambda event: described.append(event) or type(board).log_line(board, event))
    for keep in (1, 2, 60):
        board.log.keep = keep
        described.clear()
        board.rebuild_log()
        assert board.log.entries == whole[-keep:]
        if keep < len(whole):
            assert len(described) < len(board.match.history()), "the older events are not described again"
    assert len(whole) >= 3


def test_suggest_shows_a_legal_move_and_never_plays_it(app, monkeypatch):
    from scenes.board import computer as kit

    class Fixed:
        def choose(self, view, seat, legal, rng):
            assert view.picks[1] in (None, HIDDEN), "the suggestion is made from the seat's own view"
            return legal[-1], f"{legal[-1]}: it looks best."

    monkeypatch.setattr(kit, "make_bot", lambda level, rules: Fixed())
    monkeypatch.setattr(kit, "has_bots", lambda rules: True)
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    board = to_move_phase(app)
    played = len(board.match.actions)
    click_widget(app, button(board, "Suggest"))
    for _ in range(50):
        app.run_frames(2)
        if board.suggested is not None:
            break
    assert board.suggested in board.match.legal_actions()
    assert board.suggestion_text.startswith("Suggestion: ")
    assert len(board.match.actions) == played, "a suggestion is never played for the player"


def test_no_suggest_button_where_the_game_has_no_computer_players(app, monkeypatch):
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    board = start(app)
    assert board.suggest_button is None
