"""Walking a lesson with synthesized clicks through the real scene stack, as a learner would: on a game's board,
or (a Khrysos map builder lesson) in the map builder, where a tile card is picked up with a click on it and put
down with a click on its place, a placed tile likewise, and a tile is turned with its turn handle."""

from __future__ import annotations

import time

import pygame

from tests.scenes.helpers import click, unseen

WAIT_SECONDS = 60.0


def board_of(app):
    """The lesson's board: the scene with a coach on the stack."""
    for scene in reversed(app.stack.scenes):
        if getattr(scene, "coach", None) is not None:
            return scene
    return None


def in_builder(scene) -> bool:
    return not hasattr(scene, "match")


def moves(scene) -> int:
    """How many moves were made on the lesson's scene (a match's actions, the builder's edits)."""
    return len(scene.edits) if in_builder(scene) else len(scene.match.actions)


def position(scene):
    """What a wrong click must leave unchanged: the game's state, or the map being built."""
    if in_builder(scene):
        from game.khrysos.maps import map_key

        return len(scene.edits), map_key(scene.spec)
    return len(scene.match.actions), scene.match.state.to_dict()


def ready(app, board) -> bool:
    """The board waits for the learner (or the lesson is over): nothing animates, no computer thinks."""
    coach = board.coach
    if in_builder(board):
        return True  # the builder never animates nor plays for anyone
    if board.busy or board._thinking is not None or board._bot_wait is not None:
        return False
    snap = board.snap
    return snap.mine or snap.over or coach.finished


def wait_ready(app, board, seconds: float = WAIT_SECONDS) -> None:
    end = time.monotonic() + seconds
    while True:
        unseen(app)  # not drawn: the two frames below draw the picture the learner sees once the board waits
        if ready(app, board):
            app.run_frames(2)
            if ready(app, board):
                return
        if time.monotonic() > end:
            raise AssertionError(f"the lesson's board never waited for the learner (step {board.coach.index + 1}, "
                                 f"decision {board.snap.decision})")
        time.sleep(0.002)


def spot_scene(app, board, key: str):
    """The scene whose hotspot `key` is meant: the board's choice overlay for `choice:N`, else the board."""
    top = app.stack.top
    if key.startswith("choice:") and top is not board:
        return top
    return board


def pixel_of(scene, key: str) -> tuple[int, int]:
    """A pixel where a click lands on hotspot `key` (nothing drawn above it takes the click)."""
    spot = scene.spots.get(key)
    assert spot is not None, f"no hotspot {key!r} on {type(scene).__name__}: {sorted(scene.spots.keys())[:40]}"
    r = spot.rect
    for fx, fy in ((0.5, 0.5), (0.3, 0.3), (0.7, 0.7), (0.3, 0.7), (0.7, 0.3), (0.5, 0.2), (0.5, 0.8), (0.15, 0.5),
                   (0.85, 0.5)):
        pos = (int(r.left + r.width * fx), int(r.top + r.height * fy))
        hit = scene.spots.at(pos)
        if hit is not None and hit.key == key:
            return pos
    raise AssertionError(f"hotspot {key!r} is covered everywhere by others (e.g. {scene.spots.at(r.center).key!r})")


def check_target(app, board, key: str):
    """The hotspot the lesson points at exists, is enabled, is visible and can be clicked; returns (scene, pixel)."""
    scene = spot_scene(app, board, key)
    spot = scene.spots.get(key)
    assert spot is not None, f"step {board.coach.index + 1} points at {key!r}, which the screen lacks"
    assert scene.spots.is_enabled(spot), f"step {board.coach.index + 1} points at {key!r}, greyed: {scene.spots.reason_of(spot)}"
    if spot.widget is not None:
        assert spot.widget.visible, f"{key!r} is a hidden widget"
    assert pygame.Rect(0, 0, *app.size).contains(spot.rect), f"{key!r} lies outside the window: {spot.rect}"
    return scene, pixel_of(scene, key)


def wrong_click(app, board) -> str | None:
    """Click a clickable hotspot the step does not ask for; check it is refused with a reason and changes nothing.
    Returns the key clicked (None when the screen has nothing else that could be clicked)."""
    coach = board.coach
    target = coach.target() if not coach.step.narration else "lesson:next"
    scene = spot_scene(app, board, target)
    from game.learn import ALWAYS_ALLOWED

    same = set(board.coach_same(target)) if hasattr(board, "coach_same") and target else set()  # natural clicks
    candidates = [s for s in scene.spots if s.key != target and s.key not in same
                  and not s.key.startswith(("lesson:", *ALWAYS_ALLOWED))
                  and (s.click is not None or s.widget is not None) and s.rect.width > 4 and s.rect.height > 4
                  and (s.widget is None or s.widget.visible)]
    if not coach.step.kinds:  # an exact step (or a note): every other one is greyed, not only the one clicked
        for spot in (s for s in candidates if s.key not in coach.step.point):  # (a drag's source may stay live)
            assert not scene.spots.is_enabled(spot), f"{spot.key!r} can be clicked during step {coach.index + 1}"
    for spot in candidates:
        try:
            pos = pixel_of(scene, spot.key)
        except AssertionError:
            continue
        before = (position(board), coach.index, coach.pointer)
        assert not scene.spots.is_enabled(spot), f"{spot.key!r} can be clicked during step {coach.index + 1}"
        reason = scene.spots.reason_of(spot)
        assert reason and reason.strip(), f"{spot.key!r} is greyed without a reason"
        click(app, pos)
        after = (position(board), coach.index, coach.pointer)
        assert after == before, f"a wrong click on {spot.key!r} changed the lesson or the game"
        refusal = scene.spots.refusal
        assert refusal is not None and refusal.text == reason, f"a wrong click on {spot.key!r} said nothing"
        return spot.key
    return None


def walk(app, game_id: str, lesson_id: str, *, wrong: bool = False, max_clicks: int = 200, before_click=None,
         natural=None) -> list[str]:
    """Take a lesson to its end by clicking what it points at; returns the keys clicked. `natural(key, same)`: the
    key to click instead (one of `same`, the board's other hotspots that play the same, or `key` itself)."""
    from scenes.learn.runner import start_lesson

    app.settings.animation_speed = "instant"
    start_lesson(app, game_id, lesson_id)
    app.run_frames(3)
    board = board_of(app)
    assert board is not None, f"{game_id}/{lesson_id} did not start: {type(app.stack.top).__name__}"
    coach = board.coach
    clicked: list[str] = []
    while not coach.finished:
        wait_ready(app, board)
        if coach.finished:
            break
        assert len(clicked) < max_clicks, f"{lesson_id}: no end after {max_clicks} clicks"
        key = "lesson:next" if coach.step.narration else coach.target()
        for look in coach.step.look:  # what a note outlines is on screen
            spot = board.spots.get(look)
            assert spot is not None, f"{lesson_id} step {coach.index + 1} outlines {look!r}, which the screen lacks"
            assert pygame.Rect(0, 0, *app.size).contains(spot.rect), f"{look!r} lies outside the window"
        if natural is not None and not coach.step.narration:
            key = natural(key, board.coach_same(key))
        _scene, pos = check_target(app, board, key)
        if wrong:
            wrong_click(app, board)
            _scene, pos = check_target(app, board, key)
        where = (coach.index, coach.pointer, moves(board))
        if before_click is not None:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            app.run_frames(2)
            before_click(len(clicked), key)
        click(app, pos)
        clicked.append(key)
        wait_ready(app, board)
        assert (coach.index, coach.pointer, moves(board)) != where or coach.finished, \
            f"{lesson_id} step {coach.index + 1}: clicking {key!r} did nothing (flash: {getattr(board, 'flash_text', getattr(board, 'message', None))!r})"
    return clicked
