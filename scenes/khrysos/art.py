"""How Khrysos Hunters looks: tiles and maps (board, builder, thumbnails), the names on the map's edges,
the hunters as dice on the map, action symbols and their plain words.

Drawing only: every square, pillar, stair and solid line comes from the rules' map model
(`game.khrysos.maps`), every edge name from `game.khrysos.column_labels` / `row_labels`; nothing
here decides where a hunter may go. The board draws its map through `BoardArt` alone, so what a
map shows on the board is changed here, in one place.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import pygame

import game.khrysos as K
from game.khrysos import TILE_SIZE, Board, PlacedTile
from scenes import assets, palette, ui
from scenes.widgets.standee import StandeeView

Cell = tuple[int, int]

TILE_TINTS = ((84, 90, 110), (74, 80, 100))  # neighbouring tiles alternate, so each card shows
STAIR = (116, 104, 86)
STAIR_LINE = (150, 136, 110)
WALL = (18, 16, 22)
WALL_EDGE = (214, 170, 80)


def symbol_sprite(name: str) -> str:
    """The sprite of a symbol of a hunter card (its words are the rules': `K.symbol_tip`)."""
    return f"symbols/khrysos/{'boost' if name.startswith('boost_') else name}"


# -- maps -------------------------------------------------------------------------------------


def _stairs_across(board: Board, c: Cell) -> bool:
    """Stair treads run across the tile's solid lines: draw them horizontal unless the walls are above/below."""
    up = K.edge(c, (c[0], c[1] - 1)) in board.walls or K.edge(c, (c[0], c[1] + 1)) in board.walls
    return not up


def wall_thickness(size: int) -> int:
    """How thick a solid line is drawn at `size` pixels a square."""
    return max(3, size // 6) + 1


def wall_rect(board: Board, a: Cell, b: Cell, cell_rect, size: int) -> pygame.Rect:
    """Where the solid line between squares a and b is drawn: astride the edge between two floor squares,
    and wholly inside the floor square on a map's outer edge (so no line on any side of a tile is lost
    at the edge of a picture)."""
    t = wall_thickness(size)
    inner, outer = (a, b) if a in board.floor else (b, a)
    r = cell_rect(inner)
    both = outer in board.floor
    dx, dy = outer[0] - inner[0], outer[1] - inner[1]
    if dx:  # a vertical line on the inner square's east (dx 1) or west side
        x = r.right if dx > 0 else r.left
        left = x - t // 2 if both else (x - t if dx > 0 else x)
        return pygame.Rect(left, r.top, t, r.height)
    y = r.bottom if dy > 0 else r.top
    top = y - t // 2 if both else (y - t if dy > 0 else y)
    return pygame.Rect(r.left, top, r.width, t)


def draw_squares(surface: pygame.Surface, board: Board, cell_rect, size: int, *, grid: bool = True) -> None:
    """Every square of a board: floor (tinted per tile), stairs, zones, pillars, solid lines."""
    tile_of = board.tile_of
    left, top = board.extent[:2]  # tiles alternate from the map's own corner, wherever it was built
    for c in board.floor:
        r = cell_rect(c)
        tint = TILE_TINTS[((c[0] - left) // TILE_SIZE + (c[1] - top) // TILE_SIZE) % 2]
        if c in board.stairs:
            pygame.draw.rect(surface, STAIR, r)
            n = 4
            for k in range(1, n):
                if _stairs_across(board, c):
                    y = r.top + r.height * k // n
                    pygame.draw.line(surface, STAIR_LINE, (r.left + 1, y), (r.right - 2, y), max(1, size // 18))
                else:
                    x = r.left + r.width * k // n
                    pygame.draw.line(surface, STAIR_LINE, (x, r.top + 1), (x, r.bottom - 2), max(1, size // 18))
        else:
            pygame.draw.rect(surface, tint, r)
        if grid and size >= 10:
            pygame.draw.rect(surface, palette.SHADOW, r, width=1)
    # tile edges, a little darker than the square grid
    for c in board.floor:
        r = cell_rect(c)
        for d, a, b in (((1, 0), r.topright, r.bottomright), ((0, 1), r.bottomleft, r.bottomright)):
            n = (c[0] + d[0], c[1] + d[1])
            if n in board.floor and tile_of.get(n) != tile_of.get(c):
                pygame.draw.line(surface, (40, 44, 58), (a[0] - (d[0] == 1), a[1] - (d[1] == 1)),
                                 (b[0] - (d[0] == 1), b[1] - (d[1] == 1)), max(1, size // 20))
    for c, number in board.zones.items():
        surface.blit(assets.image(f"terrain/zone_{number}", (size, size)), cell_rect(c))
    for c in board.pillars:
        pad = max(1, size // 12)
        surface.blit(assets.image("terrain/pillar", (size - 2 * pad, size - 2 * pad)), cell_rect(c).move(pad, pad))
    for a, b in board.walls:
        band = wall_rect(board, a, b, cell_rect, size)
        pygame.draw.rect(surface, WALL, band)
        if band.height > band.width:  # vertical: a thin gold core down its middle
            core = pygame.Rect(0, band.top, max(1, (band.width + 1) // 3), band.height)
            core.centerx = band.centerx
        else:
            core = pygame.Rect(band.left, 0, band.width, max(1, (band.height + 1) // 3))
            core.centery = band.centery
        pygame.draw.rect(surface, WALL_EDGE, core)


def placer(board: Board, size: int, origin: tuple[int, int] = (0, 0)):
    """cell -> its pixel rect, for a picture of the board's own extent at `size` pixels a square whose
    top-left corner is at `origin`: the leftmost used column and the top used row start the picture."""
    left, top = board.extent[0], board.extent[1]

    def cell_rect(c: Cell) -> pygame.Rect:
        return pygame.Rect(origin[0] + (c[0] - left) * size, origin[1] + (c[1] - top) * size, size, size)

    return cell_rect


def map_surface(board: Board, size: int) -> pygame.Surface:
    """The whole map at `size` pixels a square, cut to its squares' extent (wherever it was built), on a
    transparent background (cache it)."""
    _, _, cols, rows = board.extent
    surf = pygame.Surface((max(1, cols * size), max(1, rows * size)), pygame.SRCALPHA)
    draw_squares(surf, board, placer(board, size), size)
    return surf


def fit_size(board: Board, box: tuple[int, int], largest: int = 10**6) -> int:
    """The largest square size (at least 2 pixels) at which the map's extent fits in `box`."""
    _, _, cols, rows = board.extent
    return max(2, min(box[0] // max(1, cols), box[1] // max(1, rows), largest))


_THUMBS: dict[tuple[str, int, int], pygame.Surface] = {}


def thumbnail(spec: K.MapSpec, box: tuple[int, int]) -> pygame.Surface:
    """A picture of a map's squares, as large as fits in `box` pixels and centred there, wherever on the
    builder's grid it was built (cached by the map's content)."""
    key = (K.map_key(spec), box[0], box[1])
    surf = _THUMBS.get(key)
    if surf is None:
        board = K.layout(spec.tiles, spec.name)
        _, _, cols, rows = board.extent
        size = fit_size(board, box)
        surf = pygame.Surface(box, pygame.SRCALPHA)
        offset = ((box[0] - cols * size) // 2, (box[1] - rows * size) // 2)
        draw_squares(surf, board, placer(board, size, offset), size, grid=size >= 8)
        if len(_THUMBS) > 64:
            _THUMBS.clear()
        _THUMBS[key] = surf
    return surf


@lru_cache(maxsize=128)
def tile_picture(tile: str, rotation: int, size: int) -> pygame.Surface:
    """One tile card as it will look on the map, `size` pixels a square, every solid line drawn."""
    board = K.layout([PlacedTile(tile, 0, 0, rotation)])
    surf = pygame.Surface((TILE_SIZE * size, TILE_SIZE * size), pygame.SRCALPHA)
    draw_squares(surf, board, lambda c: pygame.Rect(c[0] * size, c[1] * size, size, size), size)
    return surf


# -- hunter cards -----------------------------------------------------------------------------


class SymbolIcon(NamedTuple):
    name: str
    value: int
    icon: pygame.Rect  # where the symbol's picture goes
    rect: pygame.Rect  # the picture and its number: what the mouse hovers
    label: str  # the number drawn beside it ("" for Swap, Trap, Stun)
    tip: str


def layout_symbols(hunter: int, number: int, upgraded: bool, topleft: tuple[int, int],
                   icon: int = 24) -> tuple[list[SymbolIcon], list[pygame.Rect]]:
    """Where the symbols of an action go, left to right (the icons and the boxes drawn around the
    symbols inside a box), without drawing them: the board registers each icon's tip from this."""
    x, y = topleft
    icons: list[SymbolIcon] = []
    boxes: list[pygame.Rect] = []
    box_start = None
    symbols = K.action_symbols(hunter, number, upgraded)
    size = max(11, icon * 2 // 3)
    for i, (name, value, inside) in enumerate(symbols):
        if inside and box_start is None:
            box_start = x
            x += 3
        r = pygame.Rect(x, y, icon, icon)
        label = "" if name in ("swap", "trap", "stun") else (f"+{value}" if name.startswith("boost_") else str(value))
        width = icon + (ui.render(label, size, palette.TEXT, True, True).get_width() + 2 if label else 0)
        icons.append(SymbolIcon(name, value, r, pygame.Rect(x, y, width, icon), label, K.symbol_tip(name, value)))
        x += width + 4
        closes = inside and (i + 1 == len(symbols) or not symbols[i + 1][2])
        if closes and box_start is not None:
            boxes.append(pygame.Rect(box_start, y - 3, x - box_start, icon + 6))
            box_start = None
            x += 4
    return icons, boxes


def draw_symbols(surface: pygame.Surface, icons: list[SymbolIcon], boxes: list[pygame.Rect],
                 box_colour=(150, 112, 52)) -> None:
    """The symbols of an action as icons with their numbers, the box drawn around its boxed symbols."""
    for item in icons:
        r = item.icon
        surface.blit(assets.image(symbol_sprite(item.name), (r.width, r.height)), r)
        if item.label:
            t = ui.render(item.label, max(11, r.height * 2 // 3), palette.TEXT, True, True)
            surface.blit(t, (r.right + 1, r.centery - t.get_height() // 2))
    for box in boxes:
        pygame.draw.rect(surface, box_colour, box, width=2, border_radius=5)


def box_colour(hunter: int, number: int) -> tuple[int, int, int]:
    """The rulebook colours the box by targeting: orange Hit, purple Burst, green Trample."""
    for name, _, _ in K.action_symbols(hunter, number, False):
        if name == "hit":
            return (236, 132, 42)
        if name == "burst":
            return (168, 96, 214)
        if name == "trample":
            return (92, 186, 96)
    return palette.PANEL_EDGE


def hunter_title(hunter: int) -> str:
    h = K.HUNTERS[hunter]
    return f"{h.name}, {h.title}"


# -- telling a player's two hunters apart -----------------------------------------------------

MARK_WORDS = ("round mark", "diamond mark")


def card_mark(cards, index: int) -> int | None:
    """Which of its player's scoring cards card `index` is (0 or 1) when that player has two (a
    two-player game), else None: a player's two hunters carry marks of different shapes, so they are
    told apart at a glance on the board and on the scoring cards, not by colour alone."""
    seat = cards[index].seat
    own = [i for i, c in enumerate(cards) if c.seat == seat]
    if len(own) < 2:
        return None
    return own.index(index)


def draw_mark(surface: pygame.Surface, centre: tuple[int, int], size: int, which: int) -> pygame.Rect:
    """A hunter's mark: a white disc (first card) or a white diamond (second card), outlined in dark."""
    r = max(4, size // 2)
    x, y = int(centre[0]), int(centre[1])
    if which == 0:
        pygame.draw.circle(surface, palette.SHADOW, (x, y), r + 2)
        pygame.draw.circle(surface, (250, 248, 240), (x, y), r)
    else:
        outer = [(x, y - r - 3), (x + r + 3, y), (x, y + r + 3), (x - r - 3, y)]
        inner = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        pygame.draw.polygon(surface, palette.SHADOW, outer)
        pygame.draw.polygon(surface, (250, 248, 240), inner)
    return pygame.Rect(x - r - 3, y - r - 3, 2 * r + 6, 2 * r + 6)


# -- the opening roll ---------------------------------------------------------------------------


def opening_layout(rect: pygame.Rect, name_width: int, event) -> list[tuple[int, int, int, pygame.Rect]]:
    """Where each die of the opening roll (an `OpeningRolled` event) is drawn inside `rect`, one column per
    player (its first `name_width` pixels left for the player's name): (seat, face, round, rect), round 0
    for the player's own dice (the starting zones), 1, 2 ... for the roll-off rounds (smaller, after them)."""
    n = len(event.dice)
    col = rect.width // n
    own = len(event.dice[0])
    offs = max((sum(1 for r in event.rolloffs for s, _ in r if s == seat) for seat in range(n)), default=0)
    room = col - name_width - 10
    big = max(12, min(rect.height, 30, (room - 4 * own - 10 * offs) * 3 // (3 * own + 2 * offs) if own + offs else 30))
    small = max(10, big * 2 // 3)
    out = []
    for seat, faces in enumerate(event.dice):
        x = rect.left + seat * col + name_width
        top = rect.top + (rect.height - big) // 2
        for face in faces:
            out.append((seat, face, 0, pygame.Rect(x, top, big, big)))
            x += big + 4
        for k, rolloff in enumerate(event.rolloffs, 1):
            for s, face in rolloff:
                if s == seat:
                    x += 6
                    out.append((seat, face, k, pygame.Rect(x, top + (big - small) // 2, small, small)))
                    x += small
    return out


def opening_caption(event, names) -> str:
    """One short line under the dice: who goes first and where the hunters start."""
    first = names[event.first]
    where = ("each player's first die places their first hunter, the other their second" if len(event.dice[0]) > 1
             else "each hunter starts on the Treasure Zone of its die")
    tie = " after a roll-off" if event.rolloffs else ""
    return f"{first} goes first{tie}; {where}."


# -- the map on the board ---------------------------------------------------------------------------

EDGE = 16  # pixels of the margin around the map where the columns' letters and the rows' numbers stand


class BoardArt:
    """The board's picture of its map: the squares (drawn once at the grid's square size), the names of
    the columns and rows on its edges, and the treasure markers lying on it."""

    def __init__(self, board: Board, grid):
        self.board = board
        self.grid = grid
        self.image = map_surface(board, grid.cell_size)
        self.columns = K.column_labels(board)
        self.rows = K.row_labels(board)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What never changes during a game: the frame, the squares, the edge names."""
        g = self.grid
        ui.panel(surface, g.rect.inflate(2 * EDGE + 12, 2 * EDGE + 12), colour=palette.BG_LIGHT, radius=10, shadow=4)
        surface.blit(self.image, g.rect)
        size = max(11, min(15, g.cell_size // 3))
        for x, label in self.columns.items():
            r = g.cell_rect((x, min(self.rows)))
            for y in (g.rect.top - EDGE // 2 - 1, g.rect.bottom + EDGE // 2 + 1):
                ui.text(surface, label, (r.centerx, y), size, palette.TEXT_DIM, anchor="center")
        for y, label in self.rows.items():
            r = g.cell_rect((min(self.columns), y))
            for x in (g.rect.left - EDGE // 2 - 2, g.rect.right + EDGE // 2 + 2):
                ui.text(surface, label, (x, r.centery), size, palette.TEXT_DIM, anchor="center")

    def draw_loot(self, surface: pygame.Surface, loot) -> None:
        """A treasure marker in the corner of each square holding one."""
        g = self.grid
        coin = max(12, int(g.cell_size * 0.5))
        image = assets.image("markers/treasure", (coin, coin))
        surface.blits([(image, (r.right - coin - 1, r.top + 1)) for r in (g.cell_rect(c) for c in loot)], doreturn=False)


class HunterDie(StandeeView):
    """A hunter on the map: its player's die, turned to the hunter's endurance (as on the table)."""

    def __init__(self, hunter: int, seat: int, pos, colour, size: int):
        super().__init__(K.HUNTERS[hunter].name, f"seat{seat}", pos, colour, height=size)
        self.hunter = hunter
        self.seat = seat
        self.endurance = K.MAX_ENDURANCE
        self.active = False
        self.mark: int | None = None  # which of its player's two hunters (card_mark), in two-player games
        self.markers: tuple[str, ...] = ()  # "trap", "stun": shown on the die as on the card

    def hit_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.height, self.height)
        r.center = (int(self.pos[0]), int(self.pos[1]))
        return r

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        size = self.height
        face = max(1, min(K.MAX_ENDURANCE, self.endurance))
        img = assets.image(f"dice/seat{self.seat}_{face}", (size, size))
        if self.flash > 0 or self.tilt or self.alpha < 255:
            img = img.copy()
            if self.flash > 0:
                img.fill((int(150 * self.flash), 0, 0, 0), special_flags=pygame.BLEND_RGBA_ADD)
            if self.tilt:
                img = pygame.transform.rotate(img, -self.tilt)
            if self.alpha < 255:
                img.set_alpha(self.alpha)
        centre = (int(self.pos[0] + self.shake), int(self.pos[1] - self.lift))
        rect = img.get_rect(center=centre)
        if self.active or self.selected or self.hovered:
            colour = palette.SELECT if (self.active or self.selected) else palette.HOVER
            ring = pygame.Rect(0, 0, size + 8, size + 8)
            ring.center = centre
            pygame.draw.rect(surface, colour, ring, width=3, border_radius=8)
        surface.blit(img, rect)
        if self.mark is not None:  # a shape, not a colour, tells a player's two hunters apart
            draw_mark(surface, rect.topleft, max(10, size // 2), self.mark)
        icon = max(10, size // 2)
        for i, kind in enumerate(self.markers):  # Trap and Stun at the die's lower right, as on the card
            surface.blit(assets.image(f"markers/{kind}", (icon, icon)),
                         (rect.right - icon * (len(self.markers) - i) + 2, rect.bottom - icon + 2))

