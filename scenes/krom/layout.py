"""Where everything sits on the Krom board (1280x720 logical pixels): the areas, the card slots, the player boards."""

from __future__ import annotations

import pygame

from scenes import ui
from scenes.krom import cards

HEADER = pygame.Rect(10, 50, 580, 24)
PLACES_AREA = pygame.Rect(10, 76, 580, 296)
CARDS_AREA = pygame.Rect(600, 50, 376, 322)
HAND_AREA = pygame.Rect(10, 380, 580, 160)
TRAY = pygame.Rect(600, 380, 376, 160)
BOARDS = pygame.Rect(10, 548, 966, 166)
PANEL = pygame.Rect(984, 50, 286, 404)
LOG = pygame.Rect(984, 462, 286, 252)
UNDO = pygame.Rect(1096, 5, 176, 34)  # Undo and Redo at the right end of the status line
SUPPLY = pygame.Rect(CARDS_AREA.left + 10, CARDS_AREA.top + 268, 210, 46)
DINO_BOARD = pygame.Rect(CARDS_AREA.left + 226, CARDS_AREA.top + 268, 144, 48)
CARD_STEP = 78  # from one card tile to the next in a row


def place_rect(place: int) -> pygame.Rect:
    """The Cave (0), Forest (1), Savanna (2) and Mountain (3), two by two."""
    w, h = (PLACES_AREA.width - 8) // 2, (PLACES_AREA.height - 8) // 2
    return pygame.Rect(PLACES_AREA.left + (place % 2) * (w + 8), PLACES_AREA.top + (place // 2) * (h + 8), w, h)


def slot_rect(row: int, slot: int) -> pygame.Rect:
    """Row 0 Hunting, 1 Evolution: the face-up card in `slot`."""
    return pygame.Rect(CARDS_AREA.left + 10 + slot * CARD_STEP, CARDS_AREA.top + 28 + row * 132, *cards.TILE)


def deck_rect(row: int) -> pygame.Rect:
    return pygame.Rect(CARDS_AREA.left + 10 + 4 * CARD_STEP + 6, CARDS_AREA.top + 28 + row * 132, 48, 68)


def board_rect(seat: int, n: int) -> pygame.Rect:
    """A player's board along the bottom of the window."""
    w = (BOARDS.width - (n - 1) * 6) // n
    return pygame.Rect(BOARDS.left + seat * (w + 6), BOARDS.top, w, BOARDS.height)


def realized_rect(seat: int, n: int) -> pygame.Rect:
    """The line of a player's board that counts their realized Evolutions."""
    r = board_rect(seat, n)
    return pygame.Rect(r.left + 36, r.top + 104, r.width - 52, 20)


def destination_rect(place: int) -> pygame.Rect:
    """The viewer's Destination card of `place`, in the hand area during the Movement phase."""
    return pygame.Rect(HAND_AREA.left + 12 + place * CARD_STEP, HAND_AREA.top + 34, *cards.TILE)


def hand_rects(count: int, left: int) -> list[pygame.Rect]:
    """The Bonus cards of a hand of `count` from x = `left`, overlapping when the hand is long."""
    room = HAND_AREA.right - 12 - left
    step = min(CARD_STEP, max(20, (room - cards.TILE[0]) // max(1, count - 1))) if count > 1 else CARD_STEP
    return [pygame.Rect(left + i * step, HAND_AREA.top + 34, *cards.TILE) for i in range(count)]


def hand_left(with_destinations: bool) -> int:
    """Where the Bonus hand starts: after the four Destination cards when they show."""
    return HAND_AREA.left + 12 + (4 * CARD_STEP + 16 if with_destinations else 0)


def tray_centres(n: int, size: int, y: int | None = None) -> list[tuple[int, int]]:
    """Centres of `n` dice of `size` pixels across the tray."""
    step = min(70, (TRAY.width - 40) // max(1, n))
    left = TRAY.centerx - step * (n - 1) // 2
    return [(left + k * step, TRAY.top + (66 if y is None else y)) for k in range(n)]


def mountain_centres(n: int) -> list[tuple[int, int]]:
    return [(TRAY.left + 46 + i * 70, TRAY.top + 70) for i in range(n)]


def tray_card_rect() -> pygame.Rect:
    return pygame.Rect(TRAY.left + 12, TRAY.top + 34, *cards.TILE)


def standee_spots(places: tuple[int, ...], dino_place: int, dino: int) -> dict[int, tuple[int, int]]:
    """Where each standee stands: the players of a place side by side along its bottom, the Kromosaurus last
    (`dino` is its fighter number; `dino_place` -1 when it is not on the board)."""
    out: dict[int, tuple[int, int]] = {}
    for place in range(4):
        who = [i for i, p in enumerate(places) if p == place] + ([dino] if dino_place == place else [])
        if not who:
            continue
        r = place_rect(place)
        step = min(44, (r.width - 50) // max(1, len(who) - 1)) if len(who) > 1 else 0
        left = r.centerx - step * (len(who) - 1) // 2
        for k, w in enumerate(who):
            out[w] = (left + k * step, r.bottom - 12)
    return out


def fitted(text: str, size: int, width: int, bold: bool = False, smallest: int = 10) -> tuple[str, int]:
    """A text and the font size it is drawn at in `width` pixels: smaller sizes (down to `smallest`) before it is
    cut with an ellipsis (a hotspot's tip then says it whole)."""
    for s in range(size, smallest - 1, -1):
        if ui.render(text, s, (255, 255, 255), bold).get_width() <= width:
            return text, s
    return ui.fit(text, smallest, width, bold=bold), smallest


def draw_fitted(surface, text: str, pos, size: int, width: int, colour, *, bold: bool = False, anchor: str = "topleft",
                smallest: int = 10) -> str:
    """Draw `text` fitted to `width` (see `fitted`); returns what was drawn."""
    shown, s = fitted(text, size, width, bold, smallest)
    ui.text(surface, shown, pos, s, colour, bold=bold, anchor=anchor)
    return shown
