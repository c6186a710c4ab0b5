"""Checks every board's hotspots must pass (issue 19), for the tests of each game's board."""

from __future__ import annotations

import pygame

from scenes.hotspots import bubble_lines, place_bubble


def check_hotspots(board) -> int:
    """Every hotspot of `board` now: on screen, a tip or a reason to read, greyed ones saying why, tips kept
    inside the window; while the board is held (a computer seat, an animation, a replay), none usable.
    Returns how many hotspots were checked."""
    spots = board.spots
    screen = pygame.Rect((0, 0), board.app.size)
    held = getattr(board, "locked", False)
    n = 0
    for spot in spots:
        n += 1
        where = f"{type(board).__name__} hotspot {spot.key!r}"
        if spot.widget is not None and not spot.widget.visible:
            continue
        assert screen.contains(spot.rect) or screen.colliderect(spot.rect), f"{where} is off screen: {spot.rect}"
        lines = spots.tip_of(spot)
        assert lines and all(line.strip() for line in lines), f"{where} has an empty tip"
        if not spots.is_enabled(spot):
            reason = spots.reason_of(spot)
            assert reason and reason.strip(), f"{where} is greyed without a reason"
            said = [line for line in lines if line.startswith("Not now:")]
            assert said and all(line.count(": ") == 1 for line in said), f"{where}: one colon on its line: {said}"
        if held and not spot.always:
            assert not spots.is_enabled(spot), f"{where} is usable while the board is held ({board.lock_reason()})"
        wrapped, size = bubble_lines(lines)
        assert wrapped, f"{where} has an empty tip"
        for anchor in (spot.rect.center, spot.rect.bottomright, spot.rect.topleft):
            box = place_bubble(size, anchor, board.app.size)
            assert screen.contains(box), f"{where}: its tip at {anchor} leaves the window ({box})"
    return n


def screen_after_hand_off(app, board, secret, hovers, *, frames: int = 30) -> bytes:
    """The screen the next seat sees once it claims the mouse at the hand-off that follows `secret`.

    `board` is already on the stack with the seat about to choose `secret` as its viewer. That seat's
    mouse wanders over `hovers` (pixels), then `secret` (an action) is played; the next player clicks
    "I am …" (the mouse stays where that click left it). Two tables that differ only in the secret
    and the wandering must give the same bytes."""
    from scenes.widgets.handoff import HandOffScene
    from tests.scenes.helpers import click

    for pos in hovers:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.run_frames(3)
    assert board.act(secret), f"{secret} was refused: {board.flash_text}"
    for _ in range(400):
        app.run_frames(5)
        if isinstance(app.stack.top, HandOffScene):
            break
    top = app.stack.top
    assert isinstance(top, HandOffScene), f"no hand-off after {secret}: {type(top).__name__} on top"
    click(app, top.ready.rect.center)
    app.run_frames(frames)
    assert app.stack.top is board
    return pygame.image.tobytes(app.screen, "RGB")


def hot_seat_positions(app, name: str, count: int, *, seed: int = 3, moves: int = 7):
    """The board `name` at its automation table with every seat made human (hot-seat), yielded at each of
    its first `count` settled positions (a hand-off is claimed, a question over the board answered with
    its first usable option); between them the seat to move plays a random legal action. Returns how many
    positions were reached."""
    import random

    from scenes import registry
    from scenes.board import Seat
    from tests.scenes.helpers import click

    table = registry.make_scene(name, app, seed)
    board = type(table)(app, table.match, [Seat(seat.name, seat.colour) for seat in table.seats])
    board.autosave = False
    app.stack.replace(board)
    app.run_frames(5)
    rng = random.Random(moves)
    checked, seen = 0, None
    for _ in range(5000):
        if checked >= count or board.snap.over:
            break
        top = app.stack.top
        if top is not board:
            ready = getattr(top, "ready", None)
            spots = getattr(top, "spots", None)
            usable = [s for s in spots if spots.is_enabled(s)] if spots is not None else []
            assert ready is not None or usable, f"{type(top).__name__} over the board offers nothing to click"
            click(app, ready.rect.center if ready is not None else usable[0].rect.center)
            continue
        if board.animating:
            app.run_frames(3)
            continue
        if board.snap is not seen:  # a new position has settled (a computer's move too)
            seen = board.snap
            app.run_frames(2)
            yield board
            checked += 1
        if board.snap.mine:
            board.act(rng.choice(list(board.snap.legal)))
        app.run_frames(2)
    return checked


def record_texts(monkeypatch, module) -> list:
    """Every `(value, rect)` that `module`'s `ui.text` draws from now on, in order (the call still draws)."""
    from scenes import ui

    drawn: list = []
    real = ui.text

    def recording(surface, value, pos, *args, **kwargs):
        rect = real(surface, value, pos, *args, **kwargs)
        drawn.append((value, rect))
        return rect

    monkeypatch.setattr(module.ui, "text", recording)
    return drawn
