"""Drawing the Krom board's parts: the four places, the card rows and decks, the supply, the Kromosaurus,
the hand, and the players' boards along the bottom. Everything is read from the board's snapshot and
the values its animations move (hit points, the round shown)."""

from __future__ import annotations

import pygame

import game.krom as krom
from game.core.grammar import counted
from scenes import assets, palette, ui
from scenes.krom import cards, layout

TOKEN_ICONS = {"krom": "markers/krom", "wood": "markers/wood", "stone": "markers/stone", "bone": "markers/bone"}
TONES = {"bad": palette.BLOCKED, "good": palette.LEGAL, "gold": palette.GOLD, "dim": palette.TEXT_DIM}
PLACE_NOTES = {0: "rest or services", 1: "Picking cards", 2: "hunt a prey", 3: "climb the cliff"}


# -- what never changes during a game ---------------------------------------------------------------


def draw_backdrop(surface: pygame.Surface, glacial: bool) -> None:
    """The table, the panels and the four places (drawn once; the place being played is outlined later)."""
    ui.draw_table(surface)
    for area in (layout.CARDS_AREA, layout.HAND_AREA, layout.TRAY, layout.PANEL):
        ui.panel(surface, area, shadow=4)
    for place in range(4):
        surface.blit(place_surface(place, glacial), layout.place_rect(place))


def place_surface(place: int, glacial: bool) -> pygame.Surface:
    r = layout.place_rect(place)
    surf = pygame.Surface(r.size, pygame.SRCALPHA)
    base = palette.PLACES[krom.PLACES[place]]
    colour = tuple((c + i) // 2 for c, i in zip(base, palette.ICE)) if glacial and place else base
    dark = tuple(int(c * 0.55) for c in colour)
    pygame.draw.rect(surf, dark, surf.get_rect(), border_radius=12)
    pygame.draw.rect(surf, colour, surf.get_rect().inflate(-8, -36).move(0, 14), border_radius=10)
    surf.blit(assets.image(f"icons/{krom.PLACES[place]}", (22, 22)), (10, 5))
    surf.blit(ui.render(f"{place + 1}. {cards.place_word(place)}", 17, palette.TEXT, True, True), (38, 4))
    note = PLACE_NOTES[place] + (" · the fire warms" if glacial and place == 0 else " · cold" if glacial else "")
    surf.blit(ui.render(note, 13, palette.TEXT_DARK, True), (14, 40))
    pygame.draw.rect(surf, palette.PANEL_EDGE, surf.get_rect(), width=2, border_radius=12)
    return surf


# -- the header and the places -----------------------------------------------------------------------


def draw_header(board, surface: pygame.Surface) -> None:
    s = board.shown
    h = layout.HEADER
    phase = "Game over" if board.snap.over and not board.busy else board.header_phase
    ui.text(surface, f"Round {board.round_shown} · {phase}", (h.left + 4, h.centery), 17, palette.GOLD, bold=True,
            anchor="midleft")
    table = board.facts.table
    extra = "Glacial · " if s.setup.glacial else ""
    ui.text(surface, f"{extra}{table.target} points to win", (h.right - 4, h.centery), 14, palette.TEXT_DIM,
            anchor="midright")
    if board.active_place is not None and 0 <= board.active_place < 4:
        pygame.draw.rect(surface, palette.GOLD, layout.place_rect(board.active_place), width=3, border_radius=12)


# -- the card rows, decks, supply and the Kromosaurus ------------------------------------------------


def draw_cards(board, surface: pygame.Surface) -> None:
    s = board.shown
    area = layout.CARDS_AREA
    ui.text(surface, "Hunting", (area.left + 10, area.top + 6), 15, palette.TEXT_DIM, bold=True)
    ui.text(surface, "Evolutions", (area.left + 10, area.top + 138), 15, palette.TEXT_DIM, bold=True)
    live = not board.locked
    _row(surface, 0, "hunting", s.hunting_row, board.glow_hunting if live else {})
    _row(surface, 1, "evolution", s.evolution_row, board.glow_evolutions if live else {})
    for row, (deck, discard) in enumerate(((len(s.hunting_deck), len(s.hunting_discard)), (len(s.evolution_deck), None))):
        r = layout.deck_rect(row)
        surface.blit(assets.image("cards/back_krom", r.size), r)
        ui.text(surface, f"deck {deck}", (r.centerx, r.bottom + 4), 12, palette.TEXT_DIM, anchor="midtop")
        if discard is not None:
            ui.text(surface, f"discard {discard}", (r.centerx, r.bottom + 18), 12, palette.TEXT_DIM, anchor="midtop")
    x, y = layout.SUPPLY.left, layout.SUPPLY.top + 4
    for token in ("krom", "wood", "stone", "bone"):
        surface.blit(assets.image(TOKEN_ICONS[token], (20, 20)), (x, y))
        ui.text(surface, str(s.supply[token]), (x + 23, y + 1), 15, palette.TEXT, bold=True)
        x += 54
    # the cards left in the two hidden decks (the supply's tip adds their discard piles)
    ui.text(surface, supply_decks(s), (layout.SUPPLY.left, y + 26), 13, palette.TEXT_DIM)
    if s.setup.kromosaurus:
        _dino_board(board, surface, layout.DINO_BOARD)


def supply_decks(s) -> str:
    """The line under the supply: "Decks: Bonus 27 · Picking 20"."""
    return f"Decks: Bonus {len(s.bonus_deck)} · Picking {len(s.picking_deck)}"


def _row(surface, row: int, family: str, faces, glow: dict) -> None:
    """A face-up row (0 Hunting, 1 Evolution); `glow` rings the slots that can be clicked now."""
    for slot, card in enumerate(faces):
        r = layout.slot_rect(row, slot)
        if card < 0:
            pygame.draw.rect(surface, palette.BG_LIGHT, r, border_radius=8)
            continue
        surface.blit(cards.tile(family, card), r)
        if slot in glow:
            pygame.draw.rect(surface, glow[slot], r.inflate(6, 6), width=3, border_radius=10)


def _dino_board(board, surface, r: pygame.Rect) -> None:
    s = board.shown
    table = board.facts.table
    pygame.draw.rect(surface, palette.BG_LIGHT, r, border_radius=8)
    pygame.draw.rect(surface, palette.BLOCKED, r, width=2, border_radius=8)
    shown = round(board.dino_hp_shown)
    if s.dino_hp <= 0 and shown <= 0:
        text = f"Trophy: {board.name(s.trophy)}" if s.trophy is not None else "Kromosaurus down"
        layout.draw_fitted(surface, text, r.center, 13, r.width - 10, palette.GOLD, bold=True, anchor="center")
        return
    where = cards.place_word(s.dino_place) if s.dino_place >= 0 else "waiting"
    ui.text(surface, "Kromosaurus", (r.left + 6, r.top + 4), 12, palette.TEXT, bold=True)
    ui.text(surface, f"{shown}/{table.dino_most_hp}", (r.right - 6, r.top + 4), 12, palette.HEART, bold=True,
            anchor="topright")
    ui.text(surface, where, (r.right - 6, r.bottom - 4), 11, palette.TEXT_DIM, anchor="bottomright")
    for i in range(table.dino_most_hp):
        c = palette.HEART if i < shown else palette.PANEL
        pygame.draw.rect(surface, c, pygame.Rect(r.left + 6 + i * 6, r.bottom - 16, 5, 12), border_radius=2)


# -- the hand ------------------------------------------------------------------------------------------


def draw_hand(board, surface: pygame.Surface) -> None:
    area = layout.HAND_AREA
    if not board.secrets_shown():
        ui.text(surface, "Bonus hands are secret", (area.left + 12, area.top + 8), 15, palette.TEXT_DIM, bold=True)
        text = ("A replay shows nobody's hand: each player saw their own during the game. " if board.replay is not None
                else "Each player sees their own hand after the hand-off screen. ") + \
            "The number of cards each player holds is on their board below."
        for i, line in enumerate(ui.wrap(text, 15, area.width - 40)):
            ui.text(surface, line, (area.left + 12, area.top + 40 + i * 22), 15, palette.TEXT)
        return
    viewer = board.viewer
    live = not board.locked
    x = area.left + 12
    if board.destinations_shown():
        ui.text(surface, "Your Destination cards", (x, area.top + 8), 15, palette.GOLD, bold=True)
        for place in range(4):
            r = layout.destination_rect(place)
            surface.blit(cards.tile("destination", place), r)
            if not board.facts.destinations[place].ok:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                shade.fill((10, 12, 18, 150))
                surface.blit(shade, r)
            elif live:
                pygame.draw.rect(surface, palette.LEGAL, r.inflate(6, 6), width=3, border_radius=10)
        x = layout.hand_left(True)
    hand = board.shown.players[viewer].hand
    title = f"{board.who(viewer)}: Bonus hand ({len(hand)})"
    layout.draw_fitted(surface, title, (x, area.top + 8), 15, area.right - 12 - x, palette.TEXT_DIM, bold=True, smallest=12)
    if not hand:
        ui.text(surface, "No Bonus card.", (x, area.top + 40), 15, palette.TEXT)
        return
    for i, (card, r) in enumerate(zip(hand, layout.hand_rects(len(hand), x))):
        if board.lifted == f"card:hand:{i}":
            r = r.move(0, -8)
        surface.blit(cards.tile("bonus", card), r)
        if live and board.facts.hand.get(card, "") is None:
            pygame.draw.rect(surface, palette.LEGAL, r.inflate(6, 6), width=3, border_radius=10)


# -- the players' boards ------------------------------------------------------------------------------


def draw_players(board, surface: pygame.Surface) -> None:
    for seat in range(board.n):
        r = layout.board_rect(seat, board.n)
        f = board.facts.table.seats[seat]
        p = board.shown.players[seat]
        key = (f, board.seat_shown(seat), (p.krom, p.wood, p.stone, p.bone), round(board.hp_shown[seat] * 20),
               board.seats[seat])
        cache = board.board_cache.get(seat)
        if cache is None or cache[0] != key:
            img = pygame.Surface((r.width, r.height + 6), pygame.SRCALPHA)
            _player(board, img, seat, pygame.Rect(0, 0, r.width, r.height))
            cache = board.board_cache[seat] = (key, img.convert_alpha())
        surface.blit(cache[1], r)


def _player(board, surface, seat: int, r: pygame.Rect) -> None:
    f = board.facts.table.seats[seat]
    p = board.shown.players[seat]
    status, tone, deciding, acting = board.seat_shown(seat)
    edge = palette.GOLD if deciding else (palette.SELECT if acting else palette.PANEL_EDGE)
    ui.panel(surface, r, edge=edge, width=3 if deciding else 2, shadow=4)
    colour = board.seats[seat].colour
    pygame.draw.rect(surface, colour, pygame.Rect(r.left, r.top, r.width, 8), border_top_left_radius=14,
                     border_top_right_radius=14)
    x = r.left + 8
    layout.draw_fitted(surface, board.seats[seat].name, (x, r.top + 12), 15, r.width - 60, colour, bold=True, smallest=11)
    layout.draw_fitted(surface, f"{f.character} · {f.weight} kg", (x, r.top + 32), 13, r.width - 56, palette.TEXT)
    ui.text(surface, f"{f.points}", (r.right - 10, r.top + 10), 24, palette.GOLD, bold=True, anchor="topright")
    ui.text(surface, "pts", (r.right - 10, r.top + 38), 11, palette.TEXT_DIM, anchor="topright")
    # the life ladder, 0 to the most, with the Heart token
    hp = board.hp_shown[seat]
    y = r.top + 56
    pip = min(16, (r.width - 16) // (f.most_hp + 1) - 2)
    for v in range(f.most_hp + 1):
        cell = pygame.Rect(x + v * (pip + 2), y, pip, pip + 2)
        pygame.draw.rect(surface, palette.PANEL_LIGHT if v else palette.BLOCKED, cell, border_radius=3)
        if pip >= 14:
            ui.text(surface, str(v), cell.center, 10, palette.TEXT_DIM, anchor="center")
    heart_x = x + hp * (pip + 2) + pip / 2
    surface.blit(assets.image("markers/heart", (pip + 4, pip + 4)), (int(heart_x - pip / 2 - 2), y - 2))
    y = r.top + 80
    step = max(34, min(52, (r.width - 16) // 4))
    for k, token in enumerate(("krom", "wood", "stone", "bone")):
        surface.blit(assets.image(TOKEN_ICONS[token], (18, 18)), (x + k * step, y))
        ui.text(surface, str(getattr(p, token)), (x + k * step + 20, y), 14, palette.TEXT, bold=True)
    y = r.top + 104
    surface.blit(assets.image("cards/back_krom", (14, 20)), (x, y))
    ui.text(surface, f"{f.hand}", (x + 18, y + 1), 14, palette.TEXT, bold=True)
    evo = len(f.evolutions)
    ui.text(surface, counted(evo, "Evolution"), (x + 38, y + 2), 13, palette.TEXT)
    if f.trophy:
        surface.blit(assets.image("markers/trophy", (20, 20)), (r.right - 28, y))
    if status:
        layout.draw_fitted(surface, status, (x, r.top + 130), 13, r.width - 16, TONES[tone], bold=True)
