"""The system clipboard, through pygame-ce's `pygame.scrap` text functions (SDL's clipboard).

Both calls answer in words instead of raising: a machine with no clipboard (no display, a video
driver without one) gets a sentence saying so, for the scene to show beside another way to
pass the text on.
"""

from __future__ import annotations

import pygame

NO_CLIPBOARD = "There is no clipboard here"


def copy_text(text: str) -> str | None:
    """Put `text` on the clipboard; None when it is there, otherwise why not (a sentence)."""
    try:
        import pygame.scrap as scrap

        scrap.put_text(text)
        if scrap.get_text() != text:
            return f"{NO_CLIPBOARD}: the text did not reach it."
    except (pygame.error, AttributeError, NotImplementedError, OSError, RuntimeError) as e:
        return f"{NO_CLIPBOARD} ({_why(e)})."
    return None


def paste_text() -> tuple[str | None, str | None]:
    """(the clipboard's text, None), or (None, why not) when it holds no text or there is no clipboard."""
    try:
        import pygame.scrap as scrap

        text = scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError, OSError, RuntimeError) as e:
        return None, f"{NO_CLIPBOARD} ({_why(e)})."
    if not text:
        return None, "The clipboard holds no text."
    return text, None


def _why(error: BaseException) -> str:
    text = str(error).strip().rstrip(".")
    return text[:1].lower() + text[1:] if text else type(error).__name__
