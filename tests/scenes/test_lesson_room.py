"""The lesson panel hides nothing needed (issue 34): on the Krosmaster board it takes the bottom of the log's
place and the log shrinks above it, so neither the active fighter's card (lesson 6, steps 7-8) nor the newest
log lines are covered; during a computer's turn it says to watch; lesson 8 is ticked only once its game is
played, against Normal."""

from __future__ import annotations

from scenes.learn import loader, ticks
from tests.scenes import lessonwalk


def _menu(app):
    from scenes import registry

    app.stack.push(registry.make_scene("menu", app))
    app.run_frames(2)


def test_krosmaster_lesson_6_panel_covers_neither_the_active_card_nor_the_newest_log_lines(app):
    _menu(app)
    seen = []

    def look(n, key):
        board = lessonwalk.board_of(app)
        if board.coach.index + 1 in (7, 8):
            panel = board.coach.panel
            active = board.snap.view.active
            card = board.spots.get(f"fighter:{active}")
            assert card is not None and not card.rect.colliderect(panel), (card.rect, panel)
            log = board.log.box.rect
            assert log.bottom <= panel.top and log.height >= board.LOG_ROOM, (log, panel)
            seen.append(board.coach.index + 1)

    lessonwalk.walk(app, "krosmaster", "06_tackle", before_click=look)
    assert 7 in seen and 8 in seen


def test_the_panel_says_to_watch_once_the_step_is_done_and_a_computer_plays(app):
    from scenes.learn import coach as coaching

    lesson = next(e.lesson for e in loader.catalogue("khrysos") if e.id == "02_burst_and_trample")
    coach = coaching.Coach(lesson)
    coach.progress.index = next(i for i, s in enumerate(lesson.steps) if s.computer and s.do)

    class Board:
        def __init__(self, others):
            self.others = others

        def coach_others_playing(self):
            return self.others

    coach.board = Board(True)
    assert coach._lines()[1] == coach.step.say, "the step's move is not made yet: its instruction stays"
    coach.progress.mine = list(coach.step.do)
    assert coach._lines()[1] == coaching.WATCH
    coach.board = Board(False)
    assert coach._lines()[1] == coach.step.say


def test_krosmaster_lesson_8_is_ticked_once_played_and_plays_on_against_normal(app):
    _menu(app)
    lessonwalk.walk(app, "krosmaster", "08_first_game")
    board = lessonwalk.board_of(app)
    assert board.coach.finished and not ticks.load().has("krosmaster", "08_first_game")
    assert board.coach.lesson.seats[1].level == "normal"
    lessonwalk.click(app, lessonwalk.pixel_of(board, "lesson:play_on"))
    app.run_frames(3)
    assert board.coach is None and board.ticks_when_over == ("krosmaster", "08_first_game")
    from scenes.board.gameover import show_game_over

    show_game_over(board)
    assert ticks.load().has("krosmaster", "08_first_game")


def test_khrysos_lesson_panel_never_covers_the_treasure_track(app):
    from scenes.khrysos.panels import SCORE

    _menu(app)
    steps = []

    def look(n, key):
        board = lessonwalk.board_of(app)
        assert not board.coach.panel.colliderect(SCORE), (board.coach.index + 1, board.coach.panel)
        steps.append(board.coach.index + 1)

    lessonwalk.walk(app, "khrysos", "01_first_turn", before_click=look)
    assert len(set(steps)) >= 5
