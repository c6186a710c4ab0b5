"""The Suggest button's answer on every board: what the computer would play from the player's seat, as
advice in a gold-edged box where the board shows messages (above the widgets, so no panel hides it), and
gold rings on what a player would click to play it (a cell, a card, a button, a Favor slot, a spell).

The words come from game.learn.advice (the rules' tactics queries, the bot's reason in the player's
voice); the rings from the board's `suggestion_keys(action)`, hotspot keys. Both stay until the player
acts or the viewer changes (the kit clears `suggested` then)."""

from __future__ import annotations

import pygame

from game.learn.advice import advice
from scenes import palette, ui

SIZE = 16


def advise(board, action, reason: str) -> tuple:
    """(action, what to do, why) for a suggestion to the board's deciding player."""
    said = board.action_words(action)
    seat = board.snap.seat if board.snap.seat is not None else board.viewer
    do, why = advice(board.rules.GAME_ID, board.shown, seat, action, said, reason)
    return action, do, why


def shown_advice(board) -> tuple[str, str] | None:
    """(what to do, why) while a suggestion stands, else None."""
    got = getattr(board, "advice", None)
    if got is None or board.suggested is None or got[0] != board.suggested or board.busy:
        return None
    return got[1], got[2]


def draw_suggestion(board, surface: pygame.Surface) -> None:
    """The advice box and the rings on what to click, while a suggestion stands."""
    got = shown_advice(board)
    if got is None:
        return
    do, why = got
    for key in board.suggestion_keys(board.suggested):
        spot = board.spots.get(key)
        if spot is not None and spot.rect.width > 0:
            pygame.draw.rect(surface, palette.GOLD, spot.rect.inflate(8, 8), width=3, border_radius=8)
    width = board.suggestion_width()
    lines = [(line, True) for line in ui.wrap(f"Suggestion: {do}", SIZE, width, bold=True)]
    lines += [(line, False) for line in ui.wrap(why, SIZE, width)]
    lines = lines[:6]
    inner = max(ui.render(line, SIZE, palette.TEXT, bold).get_width() for line, bold in lines)
    box = pygame.Rect(0, 0, inner + 28, 12 + 22 * len(lines))
    box.midtop = board.suggestion_anchor()
    box.clamp_ip(surface.get_rect().inflate(-8, -8))
    ui.panel(surface, box, colour=palette.BG_LIGHT, edge=palette.GOLD, radius=10)
    board.advice_rect = box
    for i, (line, bold) in enumerate(lines):
        ui.text(surface, line, (box.left + 14, box.top + 6 + 22 * i), SIZE, palette.GOLD if bold else palette.TEXT,
                bold=bold, anchor="topleft")
