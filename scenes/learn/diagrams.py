"""Drawing a rules-reference diagram (`game.learn.Picture`) with each game's own art: the Krosmaster
layout, standees and terrain, the Khrysos tiles and hunter dice, the Krom dice, faces and cards, and the
board kit's highlight layers. Nothing here decides what the picture shows: the rules computed it.
"""

from __future__ import annotations

import pygame

from game.khrysos import build_board, sample_map
from game.krom import CHARACTERS, HUNTING
from game.krosmaster import CONTENT as KROSMASTER
from game.learn import Picture
from scenes import assets, palette, registry, ui
from scenes.board.view import LAYER_STYLES, BoardView
from scenes.khrysos import art as khrysos_art
from scenes.krom import cards as krom_cards
from scenes.krosmaster import art as krosmaster_art
from scenes.widgets.die import DieView
from scenes.widgets.standee import StandeeView

Tip = tuple[pygame.Rect, str]
KROM_NAMES = {c.id: c.name for c in CHARACTERS}
MAX_CELL = 64


def draw_picture(surface: pygame.Surface, area: pygame.Rect, picture: Picture) -> tuple[pygame.Rect, list[Tip]]:
    """Draw the picture centred in `area` with the art its game's screens name (`GameScreens.diagrams`);
    returns the rect it took and hover tips (rect, words)."""
    try:
        painter = registry.screens(picture.game).diagrams
    except LookupError:
        painter = None
    if painter is None:
        raise ValueError(f"no diagram art for {picture.game!r}")
    return registry.resolve(painter)(surface, area, picture)


def krosmaster_diagram(surface: pygame.Surface, area: pygame.Rect, picture: Picture) -> tuple[pygame.Rect, list[Tip]]:
    return _board(surface, area, picture, _krosmaster_floor, _krosmaster_pieces)


def khrysos_diagram(surface: pygame.Surface, area: pygame.Rect, picture: Picture) -> tuple[pygame.Rect, list[Tip]]:
    if picture.kind == "tiles":
        return _khrysos_tiles(surface, area, picture)
    return _board(surface, area, picture, _khrysos_floor, _khrysos_pieces)


def krom_diagram(surface: pygame.Surface, area: pygame.Rect, picture: Picture) -> tuple[pygame.Rect, list[Tip]]:
    return _krom(surface, area, picture)


# -- square boards ----------------------------------------------------------------------------------


class DiagramView(BoardView):
    """The board kit's view, with the faint "in range" shade a little stronger: a diagram has no hover to find it."""

    def _shade(self, style, boost: bool):
        return super()._shade(style, boost or style is LAYER_STYLES["range"])


def _grid(area: pygame.Rect, picture: Picture) -> BoardView:
    _, _, w, h = picture.window
    return DiagramView(w, h, area, max_cell=MAX_CELL)


def _local(picture: Picture, cell) -> tuple[int, int]:
    x, y, _, _ = picture.window
    return (cell[0] - x, cell[1] - y)


_floors: dict[tuple, pygame.Surface] = {}


def _krosmaster_floor(picture: Picture, size: int) -> pygame.Surface:
    x, y, w, h = picture.window
    full = krosmaster_art.layout_surface(picture.board, size)
    return full.subsurface(pygame.Rect(x * size, y * size, w * size, h * size))


def _khrysos_floor(picture: Picture, size: int) -> pygame.Surface:
    key = ("khrysos", picture.board, size)
    full = _floors.get(key)
    if full is None:
        full = _floors[key] = khrysos_art.map_surface(build_board(sample_map(picture.board)), size)
    x, y, w, h = picture.window
    return full.subsurface(pygame.Rect(x * size, y * size, w * size, h * size))


def _board(surface, area, picture: Picture, floor, pieces) -> tuple[pygame.Rect, list[Tip]]:
    g = _grid(area, picture)
    size = g.cell_size
    frame = g.rect.inflate(12, 12)
    ui.panel(surface, frame, colour=palette.BG_LIGHT, radius=8, shadow=3)
    surface.blit(floor(picture, size), g.rect)
    tips: list[Tip] = []
    for cell, tile in picture.terrain.items():
        r = g.cell_rect(_local(picture, cell))
        surface.blit(assets.image(f"terrain/{tile}", (size, size)), r)
        tips.append((r, f"{tile.capitalize()} tile"))
    coin = max(10, int(size * 0.45))
    for cell in picture.loot:
        r = g.cell_rect(_local(picture, cell))
        surface.blit(assets.image("markers/treasure", (coin, coin)), (r.right - coin - 1, r.top + 1))
    for name, cells in picture.layers.items():
        if name in LAYER_STYLES and name != "path":
            g.set_layer(name, {_local(picture, c): note for c, note in cells.items()})
    g.draw_layers(surface)
    if picture.path:
        _draw_path(surface, g, picture)
    for _name, cells in picture.layers.items():
        for c, note in cells.items():
            if note:
                tips.append((g.cell_rect(_local(picture, c)), note))
    tips.extend(pieces(surface, g, picture))
    occupied = {p.cell for p in picture.pieces}
    for cell, text in picture.marks.items():
        if cell in occupied:
            continue
        r = g.cell_rect(_local(picture, cell))
        img = ui.render(text, max(11, size // 3), palette.TEXT, True, True)
        surface.blit(img, img.get_rect(bottomright=(r.right - 3, r.bottom - 1)))
    return frame, tips  # in drawing order: where two overlap, the later (a piece over its cell) is the one hovered


def _draw_path(surface, g: BoardView, picture: Picture) -> None:
    """The path walked: a gold line from the mover through the centre of each cell, a dot on each step."""
    start = next((p.cell for p in picture.pieces if p.focus and p.cell is not None), None)
    points = [g.cell_centre(_local(picture, c)) for c in ((start,) if start else ()) + picture.path]
    width = max(3, g.cell_size // 10)
    if len(points) > 1:
        pygame.draw.lines(surface, palette.SHADOW, False, points, width + 4)
        pygame.draw.lines(surface, palette.GOLD, False, points, width)
    for pt in points[1:]:
        pygame.draw.circle(surface, palette.SHADOW, pt, width + 4)
        pygame.draw.circle(surface, palette.GOLD, pt, width + 2)


def _krosmaster_pieces(surface, g: BoardView, picture: Picture) -> list[Tip]:
    tips = []
    for p in picture.pieces:
        c = KROSMASTER.character(p.what)
        r = g.cell_rect(_local(picture, p.cell))
        kind = "minion" if c.minion else "krosmaster"
        st = StandeeView(c.name, ("blue", "pink")[p.seat], (r.centerx, r.bottom - max(4, r.height // 6)),
                         krosmaster_art.SIDE_COLOURS[p.seat], height=int(g.cell_size * (0.62 if c.minion else 0.8)),
                         face=assets.face(kind, p.what))
        st.selected = p.focus
        st.draw(surface)
        tips.append((st.hit_rect(), f"{c.name} ({krosmaster_art.COLOUR_NAMES[p.seat]}): HP {c.hp}, AP {c.ap}, MP {c.mp}"))
    return tips


def _khrysos_pieces(surface, g: BoardView, picture: Picture) -> list[Tip]:
    from game.khrysos import HUNTERS

    tips = []
    size = max(12, int(g.cell_size * 0.72))
    for p in picture.pieces:
        r = g.cell_rect(_local(picture, p.cell))
        img = assets.image(f"dice/seat{p.seat}_{max(1, min(6, p.die or 6))}", (size, size))
        box = img.get_rect(center=r.center)
        if p.focus:
            pygame.draw.rect(surface, palette.SELECT, box.inflate(8, 8), width=3, border_radius=8)
        surface.blit(img, box)
        tips.append((box, f"{HUNTERS[p.what].name} ({palette.SEAT_NAMES[p.seat]}), endurance {p.die or 6}"))
    return tips


def _khrysos_tiles(surface, area: pygame.Rect, picture: Picture) -> tuple[pygame.Rect, list[Tip]]:
    from game.khrysos import TILES

    per_row = 5
    col = (area.width - 20) // per_row
    size = max(6, (col - 18) // 3)  # pixels a square
    rows = (len(picture.pieces) + per_row - 1) // per_row
    frame = pygame.Rect(0, 0, col * per_row + 20, rows * (size * 3 + 30) + 14)
    frame.midtop = (area.centerx, area.top)
    ui.panel(surface, frame, colour=palette.BG_LIGHT, radius=8, shadow=3)
    tips: list[Tip] = []
    for i, p in enumerate(picture.pieces):
        cx = frame.left + 10 + col * (i % per_row) + col // 2
        top = frame.top + 10 + (i // per_row) * (size * 3 + 30)
        img = khrysos_art.tile_picture(p.what, 0, size)
        r = img.get_rect(midtop=(cx, top))
        surface.blit(img, r)
        name = TILES[p.what].name
        short = name.replace("Treasure Zone", "Zone").replace(" by a ", " by ")
        ui.text(surface, ui.fit(short, 11, col - 4), (cx, r.bottom + 3), 11, palette.TEXT, anchor="midtop")
        tips.append((r.inflate(4, 18).move(0, 7), f"{name}: {p.label}"))
    return frame, tips


# -- Krom: dice, faces and cards --------------------------------------------------------------------


def _krom(surface, area: pygame.Rect, picture: Picture) -> tuple[pygame.Rect, list[Tip]]:
    tips: list[Tip] = []
    if picture.kind == "mountain":
        n = len(picture.dice)
        die = min(64, (area.width - 40) // max(1, n) - 14)
        step = die + 14
        left = area.centerx - step * (n - 1) // 2
        frame = pygame.Rect(0, 0, step * n + 20, die + 56 + (44 if picture.rewards else 0))
        frame.midtop = (area.centerx, area.top)
        ui.panel(surface, frame, colour=palette.PLACES["mountain"], radius=10, shadow=3)
        for i, face in enumerate(picture.dice):
            d = DieView("seat0", (left + i * step, frame.top + 22 + die // 2), die, face)
            d.highlight = i in picture.kept
            d.draw(surface)
            tips.append((d.rect(), f"Die {i + 1}: {face}" + (" (kept)" if i in picture.kept else "")))
        if picture.rewards:
            label = ui.text(surface, "Pays", (frame.left + 14, frame.bottom - 27), 15, palette.TEXT_DARK, bold=True,
                            anchor="midleft")
            tips += _rewards(surface, (label.right + 10, frame.bottom - 40), picture.rewards)
        return frame, tips
    if picture.kind == "hunt":
        card = next(c for c in HUNTING if c.name == picture.card)
        w, h = 108, 150
        frame = pygame.Rect(0, 0, area.width - 20, h + 24)
        frame.midtop = (area.centerx, area.top)
        ui.panel(surface, frame, colour=palette.PLACES["savanna"], radius=10, shadow=3)
        tile = pygame.transform.smoothscale(krom_cards.tile("hunting", card.id), (w, h))
        r = tile.get_rect(topleft=(frame.left + 12, frame.top + 12))
        surface.blit(tile, r)
        tips.append((r, krom_cards.hunting_text(card.id)))
        bar_left, bar_w = r.right + 16, frame.right - r.right - 80
        for i, (label, chance) in enumerate(picture.bars):
            y = frame.top + 18 + i * 48
            ui.text(surface, label, (bar_left, y), 15, palette.TEXT_DARK, bold=True)
            track = pygame.Rect(bar_left, y + 22, bar_w, 16)
            pygame.draw.rect(surface, palette.SHADOW, track, border_radius=6)
            pygame.draw.rect(surface, palette.LEGAL, pygame.Rect(track.left, track.top, max(4, int(track.width * chance)), track.height),
                             border_radius=6)
            ui.text(surface, f"{round(chance * 100)}%", (track.right + 8, track.centery), 15, palette.TEXT_DARK, bold=True,
                    anchor="midleft")
            tips.append((track.union(pygame.Rect(bar_left, y, bar_w, 20)), f"{label}: {round(chance * 100)}% to catch it"))
        return frame, tips
    # a combat: each fighter's face, die and fate, ranked
    n = len(picture.pieces)
    col = min(150, (area.width - 20) // max(1, n))
    frame = pygame.Rect(0, 0, col * n + 20, 210)
    frame.midtop = (area.centerx, area.top)
    ui.panel(surface, frame, colour=palette.PLACES.get(picture.board, palette.PANEL), radius=10, shadow=3)
    ui.text(surface, f"Combat in the {picture.board.capitalize()}", (frame.centerx, frame.top + 8), 15, palette.TEXT_DARK,
            bold=True, anchor="midtop")
    for i, p in enumerate(picture.pieces):
        cx = frame.left + 10 + col * i + col // 2
        face = assets.image(assets.face("krom", p.what), (60, 60))
        fr = face.get_rect(center=(cx - 24, frame.top + 70))
        pygame.draw.circle(surface, palette.SEATS[p.seat], fr.center, 34)
        surface.blit(face, fr)
        if p.focus:
            pygame.draw.circle(surface, palette.SELECT, fr.center, 36, width=3)
        d = DieView(f"seat{p.seat}", (cx + 38, fr.centery), 40, p.die or 1)
        d.draw(surface)
        name = KROM_NAMES.get(p.what, str(p.what))
        ui.text(surface, name, (cx, frame.top + 112), 15, palette.TEXT_DARK, bold=True, anchor="midtop")
        for k, line in enumerate(ui.wrap(p.label, 13, col - 8)[:3]):
            ui.text(surface, line, (cx, frame.top + 134 + 17 * k), 13, palette.TEXT_DARK, anchor="midtop")
        tips.append((fr.union(d.rect()), f"{name}: rolled {p.die}, {p.label}"))
    return frame, tips


def _rewards(surface: pygame.Surface, topleft: tuple[int, int], rewards) -> list[Tip]:
    """What a reward pays, as the Krom board shows tokens: icon and number, choices joined by "or"."""
    x, y = topleft
    tips: list[Tip] = []
    for k, bundle in enumerate(rewards):
        if k:
            x = ui.text(surface, "or", (x + 6, y + 13), 15, palette.TEXT_DARK, bold=True, anchor="midleft").right + 8
        for kind, n in bundle:
            icon = assets.image(krom_cards.TOKEN_SPRITES[kind], (26, 26))
            r = surface.blit(icon, (x, y))
            x = ui.text(surface, str(n), (r.right + 2, r.centery), 16, palette.TEXT_DARK, bold=True, anchor="midleft").right + 8
            tips.append((r, krom_cards.amount(kind, n)))
    return tips


def draw_legend(surface: pygame.Surface, topleft: tuple[int, int], width: int, picture: Picture, size: int = 14) -> int:
    """Colour swatches with the words of the picture's legend; returns the height used."""
    x, y = topleft
    for name, words in picture.legend:
        style = LAYER_STYLES.get(name)
        sw = pygame.Rect(x, y + 1, 18, 18)
        pygame.draw.rect(surface, palette.FLOOR, sw)  # the swatch sits on a floor cell, as on the board
        if name == "path":
            pygame.draw.line(surface, palette.GOLD, (sw.left + 2, sw.bottom - 4), (sw.right - 3, sw.top + 3), 4)
        elif style is not None:
            if style.outline:
                pygame.draw.rect(surface, style.colour, sw.inflate(-2, -2), width=2, border_radius=3)
            else:
                shade = pygame.Surface(sw.size, pygame.SRCALPHA)
                shade.fill((*style.colour, style.alpha))
                if style.border:
                    light = tuple(min(255, c + 90) for c in style.colour)
                    pygame.draw.rect(shade, (*light, 230), shade.get_rect().inflate(-4, -4), width=2, border_radius=2)
                surface.blit(shade, sw)
        lines = ui.wrap(words, size, width - 24)
        for k, line in enumerate(lines):
            ui.text(surface, line, (x + 24, y + k * (size + 5)), size, palette.TEXT)
        y += max(22, len(lines) * (size + 5) + 4)
    return y - topleft[1]


def clear_cache() -> None:
    _floors.clear()
