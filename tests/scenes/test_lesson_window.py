"""What taking the lessons in a real window showed (issue 21): a lesson's note stays readable and its ring visible
(no tip drawn at the mouse covers the lesson's panel or the thing the step rings: after a click the mouse rests on
the thing clicked, and its tip hid the next step's note, or the cell the next step rang); the log speaks of the
learner's seat by a name its third-person lines fit ("You walks from the Cave" was seen)."""

from __future__ import annotations

import re

import pygame
import pytest

from scenes import registry
from scenes.learn import loader
from tests.scenes import lessonwalk

GAMES = [g.game_id for g in registry.GAMES if registry.has_lessons(g.game_id)]  # the menu's (not the showcase table)
ALL = [(g, e.id) for g in GAMES for e in loader.catalogue(g)]
# A seat's name is the subject of the log's lines ("Karok rolls for the combat: 5."): a pronoun makes them wrong.
PRONOUNS = {"you", "i", "we", "me", "us"}


def _tip_box(app, board, spot, canvas):
    """Where the tip of `spot` is drawn with the mouse on its centre. The mouse moves by an event, in a frame that
    updates the screen (the hover follows the event) and does not draw it: the tip is drawn here on `canvas`, alone
    (a whole picture per hotspot drawn for nobody was three quarters of this test's CPU)."""
    pos = spot.rect.center
    if board.spots.at(pos) is not spot:
        return None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(1.0 / 60, draw=False)
    return board.spots.draw_tip(canvas)


def _covering(app, board, key: str, rested: str | None) -> list[str]:
    """The hotspots whose tip, with the mouse on their centre, would cover the lesson's panel; and the one the
    mouse rests on after the last click (`rested`), if its tip covers the panel or the ringed `key`."""
    panel = pygame.Rect(board.coach.panel)
    canvas = pygame.Surface(app.size)
    bad = []
    for spot in list(board.spots):
        if spot.key.startswith("lesson:") or not board.spots.tip_of(spot) or spot.rect.width * spot.rect.height > 200_000:
            continue
        box = _tip_box(app, board, spot, canvas)
        if box is not None and box.colliderect(panel):
            bad.append(spot.key)
    target = board.spots.get(key)
    last = board.spots.get(rested) if rested else None
    if last is not None and target is not None and last is not target and board.spots.tip_of(last):
        box = _tip_box(app, board, last, canvas)
        if box is not None and box.colliderect(target.rect):
            bad.append(f"{rested} (rested on) hides {key}")
    return bad


@pytest.mark.slow
@pytest.mark.parametrize("game,lesson_id", [("krosmaster", "01_walk"), ("krosmaster", "02_spell"),
                                            ("khrysos", "01_first_turn"), ("krom", "01_first_round")])
def test_tips_leave_the_lessons_note_readable(app, game, lesson_id):
    app.stack.push(registry.make_scene("menu", app))
    app.run_frames(2)
    found: dict[int, list[str]] = {}
    rested: list[str] = []

    def look(i, key):
        board = lessonwalk.board_of(app)
        if board.coach.finished:
            return
        bad = _covering(app, board, key, rested[-1] if rested else None)
        if bad:
            found[board.coach.index + 1] = bad
        rested.append(key)
        pos = lessonwalk.check_target(app, board, key)[1]  # back onto what is to be clicked
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.run_frames(1)

    lessonwalk.walk(app, game, lesson_id, before_click=look)
    assert not found, f"tips covering the lesson's note, by step: {found}"


def test_a_refusal_beside_the_panel_goes_above_the_control(app):
    """A refused click's line goes below the control, or above it where below is the lesson's note."""
    from scenes.hotspots import place_bubble

    panel = pygame.Rect(860, 460, 400, 250)
    control = pygame.Rect(780, 420, 60, 60)
    box = place_bubble((300, 40), control.midbottom, (1280, 720), below=True, avoid=[panel], over=control)
    assert not box.colliderect(panel) and box.bottom <= control.top
    plain = place_bubble((300, 40), control.midbottom, (1280, 720), below=True)
    assert plain.top >= control.bottom


@pytest.mark.parametrize("game,lesson_id", ALL, ids=[f"{g}/{i}" for g, i in ALL])
def test_lesson_seats_are_named_as_the_log_speaks_of_them(game, lesson_id):
    lesson = loader.lesson(game, lesson_id)
    if lesson.scene != "board":
        pytest.skip("taught in the map builder: no game log speaks of its seats")
    named = [seat.name for seat in lesson.seats if seat.name.strip().lower() in PRONOUNS]
    assert not named, f"{game}/{lesson_id}: seats named {named}; the log would say '{named[0]} rolls', '{named[0]} walks'"


def test_the_log_of_the_first_krom_lesson_reads_in_the_third_person(app):
    """Walked to its end, the first Krom lesson's log names the learner's Krom, with verbs that fit."""
    app.stack.push(registry.make_scene("menu", app))
    app.run_frames(2)
    lessonwalk.walk(app, "krom", "01_first_round")
    board = lessonwalk.board_of(app)
    lines = board.log.lines
    assert any(line.startswith("Alma walks from the Cave to the Forest") for line in lines), lines[:12]
    wrong = [line for line in lines if re.search(r"\bYou [a-z]*[^s\W]s\b", line)]
    assert not wrong, wrong


def test_an_option_the_board_may_play_alone_is_refused_where_the_step_asks_for_another(app):
    """Krom lesson 3 asks the learner to steal Karok's Wood; 'Take nothing' (a pass, which the lesson lets the board
    play on its own elsewhere) was lit and, clicked, skipped the steal and left the lesson pointing at nothing."""
    from scenes.learn.runner import start_lesson
    from tests.scenes.helpers import click

    app.settings.animation_speed = "instant"
    start_lesson(app, "krom", "03_cave_and_bonus_cards")
    app.run_frames(3)
    board = lessonwalk.board_of(app)
    lessonwalk.wait_ready(app, board)
    click(app, lessonwalk.check_target(app, board, "card:destination:cave")[1])
    lessonwalk.wait_ready(app, board)
    overlay = app.stack.top
    nothing = next(s for s in overlay.spots if s.key.startswith("choice:") and s.widget.text == "Take nothing")
    reason = overlay.spots.reason_of(nothing)
    # Greyed, saying what the step wants instead (issue 34: what differs from the step), ending on the click to make.
    assert not overlay.spots.is_enabled(nothing) and "steal 1 Wood from Karok" in reason, reason
    assert reason.endswith("Click the Wood option."), reason
    assert nothing.tip_lines()[0] == "Leave Karok alone"  # a seat named after its Krom is not "Karok (Karok)"
    before = len(board.match.actions)
    click(app, lessonwalk.pixel_of(overlay, nothing.key))
    assert len(board.match.actions) == before and app.stack.top is overlay
    lessonwalk.check_target(app, board, "choice:0")  # the Wood is still there to click
