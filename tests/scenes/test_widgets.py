"""Tweens, the event player and the reusable widgets, driven frame by frame."""

import math
from dataclasses import dataclass

import pygame
import pytest

from game.core import Event
from scenes.widgets.tween import (
    Call,
    EventPlayer,
    Parallel,
    Sequence,
    Timeline,
    Tween,
    Wait,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_bounce,
    ease_out_cubic,
    linear,
)


def run(anim, seconds, step=1 / 60):
    t = 0.0
    while t < seconds and not anim.done:
        anim.update(step)
        t += step


@pytest.mark.parametrize("ease", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back, ease_out_bounce])
def test_easings_start_at_0_and_end_at_1(ease):
    assert ease(0) == pytest.approx(0, abs=1e-9) and ease(1) == pytest.approx(1, abs=1e-9)


def test_tween_reaches_its_end_and_reports_leftover_time():
    seen = []
    tw = Tween(0.5, seen.append, ease=linear)
    assert tw.update(0.25) == 0 and seen[-1] == pytest.approx(0.5)
    left = tw.update(0.5)
    assert tw.done and seen[-1] == 1.0 and left == pytest.approx(0.25)


def test_sequence_runs_in_order_and_parallel_together():
    order = []
    seq = Sequence(Tween(0.1, lambda t: None, on_done=lambda: order.append("a")), Call(lambda: order.append("b")),
                   Parallel(Tween(0.2, lambda t: None, on_done=lambda: order.append("c")),
                            Tween(0.1, lambda t: None, on_done=lambda: order.append("d"))))
    run(seq, 1.0)
    assert order == ["a", "b", "d", "c"] and seq.done


def test_finish_jumps_to_the_end_state():
    values = []
    seq = Sequence(Tween(5, values.append), Wait(5), Call(lambda: values.append("end")))
    seq.finish()
    assert values == [1.0, "end"]


def test_timeline_speed_and_skip():
    seen = []
    tl = Timeline(lambda: 2.0)
    tl.add(Tween(1.0, seen.append, ease=linear))
    tl.update(0.25)
    assert seen[-1] == pytest.approx(0.5)
    tl.skip()
    assert seen[-1] == 1.0 and not tl.busy


def test_instant_speed_finishes_everything_on_the_next_frame():
    seen = []
    tl = Timeline(lambda: math.inf)
    tl.add(Tween(10, seen.append))
    tl.update(0.016)
    assert seen == [1.0] and not tl.busy


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    face: int


@dataclass(frozen=True, slots=True)
class Moved(Event):
    steps: int


@dataclass(frozen=True, slots=True)
class Scored(Event):
    points: int


def test_event_player_plays_events_in_order_and_logs_each_as_it_starts():
    log, anims = [], []
    tl = Timeline()
    player = EventPlayer(tl, {
        "Rolled": lambda e: Tween(0.5, lambda t: anims.append(("roll", round(t, 2)))),
        "Moved": lambda e: Tween(0.3, lambda t: anims.append(("move", round(t, 2)))),
    }, on_event=lambda e: log.append(e.kind))
    done = []
    player.play([Rolled(4), Moved(2), Scored(1)], then=lambda: done.append(True))
    tl.update(0.1)
    assert log == ["Rolled"]
    for _ in range(60):
        tl.update(0.05)
    assert log == ["Rolled", "Moved", "Scored"] and done == [True]
    first_move = next(i for i, a in enumerate(anims) if a[0] == "move")
    assert all(a[0] == "roll" for a in anims[:first_move]) and anims[first_move - 1] == ("roll", 1.0)


def test_an_event_player_may_tell_each_event_once_its_animation_has_played():
    log = []
    tl = Timeline()
    player = EventPlayer(tl, {"Rolled": lambda e: Tween(0.5, lambda t: None)}, on_event=lambda e: log.append(e.kind),
                         after=True)
    player.play([Rolled(4), Scored(1)])
    tl.update(0.1)
    assert log == [], "the roll's result is not told while the die still tumbles"
    for _ in range(20):
        tl.update(0.05)
    assert log == ["Rolled", "Scored"]


# -- widgets that draw (need a display) -----------------------------------------------


@pytest.fixture
def screen(app):
    return app.screen


def test_die_tumbles_then_settles_on_the_rolled_face(screen):
    from scenes.widgets.die import DieView

    die = DieView("d6", (100, 100))
    anim = die.roll(5)
    anim.update(0.3)
    assert die.rolling
    die.draw(screen)
    run(anim, 3)
    assert die.shown == 5 and die.face == 5 and not die.rolling and die.offset == (0.0, 0.0)
    die.draw(screen)


def test_combat_die_refuses_a_face_it_does_not_have(screen):
    from scenes.widgets.die import DieView

    with pytest.raises(ValueError):
        DieView("combat", (0, 0)).roll(3)
    die = DieView("combat", (0, 0))
    run(die.roll("shield_joker"), 3)
    assert die.shown == "shield_joker"


def test_skipping_a_roll_shows_the_final_face_at_once(screen):
    from scenes.widgets.die import DieView

    die = DieView("combat", (50, 50))
    anim = die.roll("critical")
    anim.update(0.05)
    anim.finish()
    assert die.shown == "critical" and not die.rolling


def test_standee_slides_along_a_path_and_is_knocked_out(screen):
    from scenes.widgets.standee import StandeeView

    s = StandeeView("Iop", "pink", (10, 10), (200, 80, 150))
    steps = []
    anim = s.slide([(74, 10), (74, 74), (138, 74)], on_step=lambda: steps.append(1))
    anim.update(0.2)
    assert 10 < s.pos[0] <= 74
    s.draw(screen)
    run(anim, 2)
    assert s.pos == (138, 74) and len(steps) == 3
    run(s.hit(), 1)
    run(s.knock_out(), 2)
    assert not s.visible
    s.draw(screen)
    run(s.appear(), 1)
    assert s.visible and s.tilt == 0 and s.alpha == 255 and s.lift == 0


def test_marker_count_changes_when_its_animation_starts(screen):
    from scenes.widgets.marker import MarkerView

    m = MarkerView("injury_1", (40, 40), 2)
    anim = m.set_count(5)
    assert m.count == 2
    anim.update(0.01)
    assert m.count == 5
    run(anim, 1)
    assert m.scale == pytest.approx(1.0)
    m.draw(screen)


def test_card_view_draws_title_and_text(screen):
    from scenes.widgets.card import CARD_SIZE, CardView, frame_layout

    card = CardView("cards/frame_bonus", "Sharp Flint", "Combat: add 2 to your total.", corner="2")
    surf = card.surface()
    assert surf.get_size() == CARD_SIZE
    title, _, text = frame_layout("cards/frame_bonus")
    blank = CardView("cards/frame_bonus", "", "").surface()
    diff_title = sum(surf.get_at((x, y)) != blank.get_at((x, y)) for x in range(title.left, title.right, 2)
                     for y in range(title.top, title.bottom, 2))
    diff_text = sum(surf.get_at((x, y)) != blank.get_at((x, y)) for x in range(text.left, text.right, 2)
                    for y in range(text.top, text.bottom, 2))
    assert diff_title > 20 and diff_text > 20
    rect = card.draw(screen, (10, 10), 0.5)
    assert rect.size == (CARD_SIZE[0] // 2, CARD_SIZE[1] // 2)


def test_floating_text_appears_only_when_its_turn_comes(screen):
    from scenes.widgets.floating import Floaters

    f = Floaters()
    anim = f.pop("-3", (100, 100))
    assert not f.items[0].visible
    anim.update(0.01)
    assert f.items[0].visible
    run(anim, 2)
    f.draw(screen)
    assert f.items == []


def test_game_log_keeps_the_newest_lines(app):
    from scenes.widgets.log import GameLog

    log = GameLog(app.new_ui(), pygame.Rect(0, 0, 300, 200), keep=8)
    for i in range(20):
        log.add(f"line {i} <b>&", (255, 0, 0) if i % 2 else None)
        if i % 3 == 0:
            log.flush()
        assert 1 <= len(log.lines) <= 8
        assert log.lines == [f"line {k} <b>&" for k in range(i + 1 - len(log.lines), i + 1)], "always the newest, in order"
    assert log.entries[-1] == ("line 19 <b>&", (255, 0, 0)), "colours survive trimming"
    log.flush()
    assert log._shown == len(log.entries) and not log._stale, "the box shows every line after a flush"
    log.reset([(f"r{k}", None) for k in range(30)])
    assert log.lines == [f"r{k}" for k in range(22, 30)]
    log.flush()
    assert "r29" in log.box.row_text and "line" not in log.box.row_text
    assert log.box.rows[-1] == ("r29", None) and len(log.box.rows) == 8


def test_game_log_a_line_that_fills_the_box_exactly_leaves_no_blank_line_under_it(app):
    """Issue 23 (seen on the Krosmaster log): pygame-gui broke a row that exactly filled the box a second time,
    leaving a blank line. Lines of every width up to two rows and a half, with and without the scroll bar: no
    blank row, every row drawn inside the text area (clear of the scroll bar), and no letter lost."""
    from scenes.board.scene import BoardScene
    from scenes.widgets.log import GameLog

    ui = app.new_ui()
    words = ["Arrowna", "casts", "Burning", "Arrow", "on", "Golda", "Purse", "and", "deals", "3", "damage", "to", "her"]
    blank, wide, torn = [], [], []
    for before in (1, 14):  # the scroll bar hidden, then shown
        log = GameLog(ui, pygame.Rect(BoardScene.log_rect))
        for n in (3, 4, 9):
            for pad in range(40):
                line = " ".join(words[:n]) + "x" * pad
                log.reset([("A line before.", None)] * before + [(line, None), ("A line after.", None)])
                log.flush()
                assert (log.box.scroll_bar is not None) == (before > 1)
                box = log.box
                rows = [row for row, _ in box.rows]
                if any(not r.strip() for r in rows):
                    blank.append((line, rows[-4:]))
                if any(surface.get_width() > box.text_area.width for surface in box._surfaces):
                    wide.append(line)
                if "".join(rows[before:-1]).replace(" ", "") != line.replace(" ", ""):  # a long word is cut
                    torn.append((line, rows[before:-1]))
                if box.scroll_bar is not None:
                    assert box.text_area.right <= box.scroll_bar.rect.left - box.rect.left, "rows run under the bar"
        log.box.kill()
    assert not blank, blank[:3]
    assert not wide, wide[:3]
    assert not torn, torn[:3]


def test_game_log_scrolls_with_the_wheel_and_comes_back_to_the_newest_line(app, monkeypatch):
    """The log's own panel: the mouse wheel over it shows older lines (the scroll bar follows), and a new line
    brings the newest rows back into view, the last one whole at the bottom. (pygame-gui reads the pointer from
    pygame.mouse, which the dummy video driver never moves: it is put over the log here.)"""
    from scenes.showcase import ShowcaseScene

    from .helpers import settle

    app.push(ShowcaseScene(app, seed=2))
    settle(app)
    board = app.stack.top
    for i in range(40):
        board.log.add(f"Line {i}: the standee walks three cells and stops beside the gobball.")
    settle(app)
    box = board.log.box
    assert box.scroll_bar is not None and box._offset == box.max_offset > 0
    newest = box.image.copy()
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: box.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=box.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    settle(app)
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    settle(app, 20)
    assert 0 <= box._offset < box.max_offset, "the wheel shows older lines"
    assert box.scroll_bar.start_percentage < 1.0 - box.scroll_bar.visible_percentage
    assert box.image.get_view("2").raw != newest.get_view("2").raw, "the panel is drawn again, scrolled"
    board.log.add("The newest line.")
    settle(app)
    assert box._offset == box.max_offset and box.rows[-1][0] == "The newest line."


def test_game_log_hides_and_shows_with_its_scroll_bar(app):
    from scenes.board.scene import BoardScene
    from scenes.widgets.log import GameLog

    log = GameLog(app.new_ui(), pygame.Rect(BoardScene.log_rect))
    log.reset([(f"Turn {i}: Blue plays.", None) for i in range(30)])
    log.flush()
    box = log.box
    box.hide()
    assert not box.visible and not box.scroll_bar.visible
    box.show()
    assert box.visible and box.scroll_bar.visible and box.rows[-1] == ("Turn 29: Blue plays.", None)


def test_game_log_renders_a_line_once_while_it_is_shown(app, monkeypatch):
    """A log set again with the lines it shows (another seat's eyes seeing the same, a lesson resizing the
    panel) renders nothing again; a new line renders only its own rows."""
    from scenes.board.scene import BoardScene
    from scenes.widgets.log import GameLog

    log = GameLog(app.new_ui(), pygame.Rect(BoardScene.log_rect))
    lines = [(f"Turn {i}: Blue plays and ends its turn.", (40, 90, 200) if i % 2 else None) for i in range(50)]
    log.reset(lines)
    log.flush()
    rendered = []
    original = log.box.font.render_premul
    monkeypatch.setattr(log.box.font, "render_premul", lambda text, colour: rendered.append(text) or original(text, colour))
    log.reset(lines[1:] + [lines[0]])  # the same lines, in another order: set again
    log.flush()
    assert rendered == [] and log.box.row_text.replace("\n", " ").endswith(lines[0][0])
    log.add("Blue wins.")
    log.flush()
    assert rendered == ["Blue wins."]


def test_no_audio_device_means_silence_not_an_error(monkeypatch):
    from scenes import assets

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = assets.Audio(enabled=True)
    assert not audio.available
    audio.play("dice_roll")  # nothing happens, nothing raises


def test_sounds_play_through_the_dummy_driver():
    from scenes import assets

    audio = assets.Audio(enabled=True)
    if not audio.available:
        pytest.skip("the dummy audio driver did not start here")
    audio.play("click")
    audio.play("no_such_sound")  # a missing effect is skipped quietly
    assert audio._sounds["no_such_sound"] is None and audio._sounds["click"] is not None
    pygame.mixer.quit()


def test_a_played_standee_is_drawn_darker_and_a_chosen_die_is_outlined(screen):
    from scenes.widgets.die import DieView
    from scenes.widgets.standee import StandeeView

    s = StandeeView("Iop", "pink", (60, 120), (200, 80, 150))
    bright = s._figure()
    s.dimmed = True
    dark = s._figure()
    centre = (bright.get_width() // 2, bright.get_height() // 2)
    assert sum(dark.get_at(centre)[:3]) < sum(bright.get_at(centre)[:3])
    assert dark.get_at((0, 0)).a == bright.get_at((0, 0)).a  # same shape: corners stay transparent

    die = DieView("d6", (200, 200), face=3)
    screen.fill((0, 0, 0))
    die.draw(screen)
    edge = (die.rect().left - 3, die.rect().centery)
    assert screen.get_at(edge)[:3] == (0, 0, 0)
    die.highlight = True
    die.draw(screen)
    assert screen.get_at(edge)[:3] != (0, 0, 0)


def test_the_event_player_builds_each_animation_when_its_turn_comes():
    from scenes.widgets.tween import Call, EventPlayer, Timeline, Wait

    seen, where = [], {"x": 0}

    def first(event):
        return Call(lambda: where.update(x=10))

    def second(event):
        seen.append(where["x"])  # built only now: it starts from what the first one left
        return Wait(0.2)

    timeline = Timeline()
    EventPlayer(timeline, {"int": first, "str": second}).play([1, "two"])
    assert seen == [], "nothing is built before its turn"
    timeline.update(0.01)
    timeline.update(0.01)
    assert seen == [10]
    timeline.skip()
    assert not timeline.busy
