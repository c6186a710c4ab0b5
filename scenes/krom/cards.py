"""Words and tiles for Krom's cards: what a card says, drawn small on the board and full size in a tooltip.

Only presentation: the numbers come from game.krom's card data.
"""

from __future__ import annotations

import pygame

from game.core.grammar import capital, counted
from game.krom import BONUS, EVOLUTIONS, HUNTING, PICKING, PLACES, amount_words as amount, bundle_words as bundle, hunt_words
from scenes import assets, palette, ui
from scenes.widgets.card import CardView

TILE = (72, 100)
FAMILY = {"evolution": "evolution", "hunting": "hunting", "bonus": "bonus", "picking": "picking",
          "destination": "destination"}


def place_word(place: int) -> str:
    return PLACES[place].capitalize()


def bonus_text(card_id: int) -> str:
    c = BONUS[card_id]
    when = {"combat": "Combat, after the dice: ", "counter": "When another player plays a Bonus: ",
            "action": "In your Action phase: "}.get(c.timing, f"In your Action phase, in the {c.timing.capitalize()} only: ")
    what = {
        "dice": lambda: f"roll {counted(c.amount, 'more die', 'more dice')} and add {'it' if c.amount == 1 else 'them'} to your score.",
        "add": lambda: f"add {c.amount} to your score.",
        "counter": lambda: "cancel that card (both are discarded).",
        "gain": lambda: f"gain {amount(c.kind, c.amount)}.",
        "loss": lambda: f"a player you choose loses {amount(c.kind, c.amount)}.",
        "steal": lambda: f"steal {amount(c.kind, c.amount)} from a player in your place.",
        "trade": lambda: f"pay {amount(c.pay_kind, c.pay)} to gain {amount(c.kind, c.amount)}.",
        "swap": lambda: f"give {amount(c.give_kind, c.give)} to a player for their {amount(c.take_kind, c.take)} (or, if either side is missing, nothing).",
    }[c.effect]()
    return when + what


def bonus_tag(card_id: int) -> str:
    c = BONUS[card_id]
    return {"combat": "Combat", "counter": "Counter", "action": "Action"}.get(c.timing, c.timing.capitalize())


def evolution_text(card_id: int) -> str:
    c = EVOLUTIONS[card_id]
    where = f" Only in the {place_word(c.place)}." if c.place is not None else " Anywhere."
    return f"{counted(c.points, 'Evolution point')}. Costs {bundle(c.cost)}.{where}"


def hunting_text(card_id: int) -> str:
    c = HUNTING[card_id]
    return f"{capital(hunt_words(c))} (+ bought ones). Reward: {bundle(c.reward)}."


def picking_text(card_id: int) -> str:
    return f"Reward: {bundle(PICKING[card_id].reward)}."


_views: dict[tuple[str, int], CardView] = {}


def card_view(family: str, card_id: int) -> CardView:
    """The full-size CardView of a card (a face-down Krom back for a hidden id)."""
    key = (family, card_id)
    view = _views.get(key)
    if view is None:
        if card_id < 0:
            view = CardView("cards/frame_bonus", "", back="cards/back_krom", face_up=False)
        elif family == "evolution":
            c = EVOLUTIONS[card_id]
            view = CardView("cards/frame_evolution", c.name, evolution_text(card_id), corner=str(c.points),
                            icon=f"icons/{PLACES[c.place]}" if c.place is not None else None)
        elif family == "hunting":
            c = HUNTING[card_id]
            view = CardView("cards/frame_hunting", c.name, hunting_text(card_id), corner=str(c.value),
                            icon="icons/savanna", footer=counted(c.dice, 'die'))
        elif family == "picking":
            view = CardView("cards/frame_picking", PICKING[card_id].name, picking_text(card_id), icon="icons/forest")
        elif family == "destination":
            view = CardView("cards/frame_destination", place_word(card_id), f"Go to the {place_word(card_id)}.",
                            icon=f"icons/{PLACES[card_id]}")
        else:
            c = BONUS[card_id]
            icon = {"combat": "icons/skull", "counter": "icons/counter"}.get(c.timing)
            if c.timing in PLACES:
                icon = f"icons/{c.timing}"
            view = CardView("cards/frame_bonus", c.name, bonus_text(card_id), icon=icon or "icons/play",
                            footer=bonus_tag(card_id))
        _views[key] = view
    return view


def tile_lines(family: str, card_id: int) -> tuple[str, str, list[tuple[str, int]]]:
    """(title, corner, [(token kind, n)]) for a small tile."""
    if family == "evolution":
        c = EVOLUTIONS[card_id]
        return c.name, str(c.points), list(c.cost)
    if family == "hunting":
        c = HUNTING[card_id]
        return c.name, str(c.value), list(c.reward)
    if family == "picking":
        return PICKING[card_id].name, "", list(PICKING[card_id].reward)
    if family == "destination":
        return place_word(card_id), "", []
    c = BONUS[card_id]
    return c.name, "", []


_tiles: dict[tuple, pygame.Surface] = {}
TOKEN_SPRITES = {"krom": "markers/krom", "wood": "markers/wood", "stone": "markers/stone", "bone": "markers/bone",
                 "hp": "markers/heart", "bonus": "cards/back_krom"}


def tile(family: str, card_id: int) -> pygame.Surface:
    """A small, legible card: coloured frame, name, corner value, its cost or reward as icons."""
    key = (family, card_id)
    surf = _tiles.get(key)
    if surf is not None:
        return surf
    w, _h = TILE
    surf = pygame.Surface(TILE, pygame.SRCALPHA)
    if card_id < 0:
        surf.blit(assets.image("cards/back_krom", TILE), (0, 0))
        _tiles[key] = surf
        return surf
    edge = palette.CARD_FAMILIES[FAMILY[family]]
    pygame.draw.rect(surf, edge, surf.get_rect(), border_radius=8)
    inner = surf.get_rect().inflate(-6, -6)
    pygame.draw.rect(surf, palette.PARCHMENT, inner, border_radius=6)
    title, corner, items = tile_lines(family, card_id)
    y = inner.top + (22 if corner else 4)
    size = 12
    while size > 9 and any(assets.font(size, True).size(word)[0] > inner.width - 4 for word in title.split()):
        size -= 1
    for line in ui.wrap(title, size, inner.width - 4, bold=True)[:3]:
        img = ui.render(line, size, palette.TEXT_DARK, True)
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += 14
    if corner:
        centre = (inner.left + 11, inner.top + 10)
        pygame.draw.circle(surf, palette.SHADOW, centre, 11)
        pygame.draw.circle(surf, palette.GOLD, centre, 11, width=2)
        img = ui.render(corner, 13, palette.TEXT, True)
        surf.blit(img, img.get_rect(center=centre))
    if family == "evolution" and EVOLUTIONS[card_id].place is not None:
        icon = assets.image(f"icons/{PLACES[EVOLUTIONS[card_id].place]}", (18, 18))
        surf.blit(icon, (inner.right - 20, inner.top + 2))
    if family == "hunting":
        img = ui.render(f"{HUNTING[card_id].dice}d", 12, palette.TEXT_DARK, True)
        surf.blit(img, img.get_rect(topright=(inner.right - 3, inner.top + 3)))
    if family == "bonus":
        img = ui.render(bonus_tag(card_id), 11, edge, True)
        surf.blit(img, img.get_rect(midbottom=(w // 2, inner.bottom - 2)))
    if family == "destination":
        icon = assets.image(f"icons/{PLACES[card_id]}", (40, 40))
        surf.blit(icon, icon.get_rect(center=(w // 2, inner.centery + 12)))
    # cost (Evolution, minus) or reward (others) as icon + number, two per row
    for i, (kind, n) in enumerate(items[:4]):
        x = inner.left + 4 + (i % 2) * 32
        yy = inner.bottom - 20 - (1 - i // 2) * 20 if len(items) > 2 else inner.bottom - 20
        icon = assets.image(TOKEN_SPRITES[kind], (16, 16))
        surf.blit(icon, (x, yy))
        img = ui.render(str(n), 13, palette.TEXT_DARK, True)
        surf.blit(img, (x + 17, yy))
    surf = surf.convert_alpha()  # blitted every frame: in the screen's own format
    _tiles[key] = surf
    return surf
