"""The status line at the top of every board: whose decision it is and what to do, the skip hint, and flashes."""

from __future__ import annotations

import pygame

from scenes import palette, ui

STATUS_HEIGHT = 44


def status_right(board) -> int:
    """The x where the status line's text must stop: left of any kit button in the bar."""
    right = board.app.size[0]
    bar = pygame.Rect(0, 0, right, STATUS_HEIGHT)
    for rect in board.bar_rects():
        if bar.colliderect(rect):
            right = min(right, rect.left)
    return right


def fitted(text: str, width: int) -> tuple[str, int]:
    """The status text and its font size: smaller before it is cut (then the status bar's tip gives it whole)."""
    for size in (20, 17, 15):
        if ui.render(text, size, palette.TEXT, True).get_width() <= width:
            return text, size
    return ui.fit(text, 15, width, bold=True), 15


def tip(board) -> list[str]:
    """The status bar's tip: the whole text when it is cut, else what the bar is."""
    if getattr(board, "status_cut", None):
        return [board.status_cut]
    return ["The status line: whose decision it is and what to do"]


def draw_status(board, surface: pygame.Surface) -> None:
    """The bar with the deciding seat's colour and the prompt (a flash under it is drawn by `draw_flash`)."""
    w = surface.get_width()
    bar = pygame.Rect(0, 0, w, STATUS_HEIGHT)
    pygame.draw.rect(surface, palette.PANEL, bar)
    pygame.draw.line(surface, palette.PANEL_EDGE, bar.bottomleft, bar.bottomright)
    text, colour = board.status_text()
    pygame.draw.rect(surface, colour, pygame.Rect(0, 0, 10, STATUS_HEIGHT))
    right = board.status_right()
    if board.busy and board.replay is None:
        hint = ui.render("Click or Space to skip", 14, palette.TEXT_DIM)
        right -= hint.get_width() + 16
        surface.blit(hint, hint.get_rect(midleft=(right + 8, STATUS_HEIGHT // 2)))
    shown, size = fitted(text, right - 34)
    board.status_cut = text if shown != text else None
    ui.text(surface, shown, (22, STATUS_HEIGHT // 2), size, palette.TEXT, bold=True, anchor="midleft")


def draw_flash(board, surface: pygame.Surface) -> None:
    """A flashed message (a refusal, a warning), above the pygame-gui widgets so no panel hides it (the
    Krosmaster log box used to)."""
    if board.flash_text:
        lines = ui.wrap(board.flash_text, 17, board.flash_width())[:4]
        width = 32 + max(ui.render(line, 17, palette.TEXT).get_width() for line in lines)
        box = pygame.Rect(0, 0, width, 14 + 24 * len(lines))
        box.midtop = board.flash_anchor()
        box.clamp_ip(surface.get_rect().inflate(-8, -8))
        ui.panel(surface, box, colour=palette.BG_LIGHT, edge=board.flash_colour, radius=10)
        board.flash_rect = box
        for i, line in enumerate(lines):
            ui.text(surface, line, (box.centerx, box.top + 7 + 24 * i), 17, palette.TEXT, anchor="midtop")


def count_flash(board, seconds: float) -> None:
    """The flashed message shows FLASH_SECONDS (of frames, or of the app's nap: `flash_due`), then goes."""
    if board.flash_left > 0:
        board.flash_left -= seconds
        if board.flash_left <= 0:
            board.flash_text = None


def flash_due(board) -> float | None:
    """Seconds until the flashed message goes (None: none shows). It stays still meanwhile: no frames needed."""
    return board.flash_left if board.flash_left > 0 else None


def lock_reason(board) -> str:
    """Why nothing on the board can be used now, in words (the board's `lock_reason`)."""
    if board.replay is not None:
        return "This is a replay: step through it with the buttons at the top."
    if board.busy:
        return "Wait for the animation to end (a click or Space skips it)."
    if board.sending:
        return "Your move is on its way to the table."
    snap = board.snap
    if snap.over:
        return "The game is over."
    seat = snap.seat
    if seat is not None and not board.seats[seat].human:
        return f"{board.seats[seat].name} (computer) is playing."
    if seat is not None:
        return board.remote_reason(seat) if not board.here(seat) else f"It is {board.seats[seat].name}'s decision."
    return "Not now."
