"""The fighters' column beside the Krosmaster board: each team's cards, their spells and powers.

Everything drawn here is gathered by the board from its snapshot and the rules' answers
(`FighterInfo`, `Chip`); each clickable or hoverable part is returned as a `Spot` (a hotspot key,
its rect, its tip and, when greyed, the rules' reason) that the board registers as a hotspot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.krosmaster import CONTENT
from scenes import assets, palette, ui
from scenes.krosmaster.art import SIDE_COLOURS, glossary
from scenes.learn import marked

CARD_H = 112
COMPACT_H = 94  # without the powers line (they stay in the card's tooltip), when the column runs out of room
MINION_H = 52
GAP = 6


@dataclass
class Spot:
    """A part of a panel a player can hover or click: its hotspot key, rect, tip and the reason it is greyed."""

    key: str  # "fighter:2", "spell:2:catroulette", "power:2:0", "slot:left", "bonus:iops_wrath" ...
    rect: pygame.Rect
    tip: list[str]
    reason: str | None = None  # None: it can be used now


@dataclass
class Chip:
    """A spell as the card shows it: usable now (lit) or greyed with the rules' reason."""

    key: str
    name: str
    line: str  # "RA 2-3 · 1 dmg"
    tip: list[str]
    reason: str | None  # None: it can be armed now
    chosen: bool = False

    @property
    def usable(self) -> bool:
        return self.reason is None


def face_of(kind: str) -> str:
    """The face sprite of a Krosmaster or a Minion."""
    return assets.face("minion" if CONTENT.character(kind).minion else "krosmaster", kind)


def portrait(surface: pygame.Surface, centre: tuple[int, int], radius: int, kind: str, colour) -> None:
    """The fighter's face in a disc of its team's colour."""
    pygame.draw.circle(surface, colour, centre, radius)
    side = int(radius * 1.8)
    surface.blit(assets.image(face_of(kind), (side, side)), (centre[0] - side // 2, centre[1] - side // 2))
    pygame.draw.circle(surface, palette.TEXT, centre, radius, width=2)


def initials(name: str) -> str:
    parts = [p for p in name.replace("-", " ").split() if p]
    return (parts[0][0] + (parts[1][0] if len(parts) > 1 else parts[0][1:2])).upper()


def draw_chip(surface: pygame.Surface, rect: pygame.Rect, chip: Chip, small: bool = False) -> None:
    if chip.chosen:
        colour, edge = palette.GOLD_DARK, palette.SELECT
    elif chip.usable:
        colour, edge = (52, 104, 70), palette.LEGAL
    else:
        colour, edge = (56, 58, 66), (84, 86, 96)
    pygame.draw.rect(surface, colour, rect, border_radius=7)
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=7)
    text = palette.TEXT if chip.usable or chip.chosen else palette.TEXT_DIM
    if small:
        name, size = shrink(chip.name, 12, rect.width - 6, smallest=9)
        ui.text(surface, name, rect.center, size, text, bold=True, anchor="center")
        return
    name, size = shrink(chip.name, 13, rect.width - 8, smallest=11)
    if name != chip.name:  # a second line before an ellipsis: the name on two lines (the tip gives the range)
        lines = ui.wrap(chip.name, 12, rect.width - 6, bold=True)[:2]
        for i, line in enumerate(lines):
            ui.text(surface, ui.fit(line, 12, rect.width - 6, bold=True), (rect.centerx, rect.centery + 8 * (2 * i - 1)),
                    12, text, bold=True, anchor="center")
        return
    ui.text(surface, name, (rect.centerx, rect.top + 2), size, text, bold=True, anchor="midtop")
    line, size = shrink(chip.line, 11, rect.width - 6, smallest=9, bold=False)  # "RA 2-4 · 1 dmg · 1/turn"
    ui.text(surface, line, (rect.centerx, rect.bottom - 2), size, text, anchor="midbottom")


def injury_row(surface: pygame.Surface, pos: tuple[int, int], injuries: int, hp: int, size: int = 16) -> int:
    """HP as the table shows it: one slot per HP, an injury marker on each lost one. Returns the right edge."""
    x, y = pos
    for i in range(hp):
        r = pygame.Rect(x + i * (size + 1), y, size, size)
        if i < injuries:
            surface.blit(assets.image("markers/injury_1", (size, size)), r)
        else:
            pygame.draw.circle(surface, (120, 40, 40), r.center, size // 2 - 2, width=2)
    return x + hp * (size + 1)


def stat(surface, label: str, now: int, base: int, mark: int, pos, colour) -> int:
    """'AP 2/3' and its marker; returns the right edge."""
    r = ui.text(surface, f"{label} {now}/{base}", pos, 13, colour, bold=True, anchor="midleft")
    x = r.right + 2
    if mark:
        kind = f"{label.lower()}_{'plus' if mark > 0 else 'minus'}"
        surface.blit(assets.image(f"markers/{kind}", (16, 16)), (x, pos[1] - 8))
        x += 16
        if abs(mark) > 1:
            x = ui.text(surface, f"{mark:+d}", (x, pos[1]), 10, palette.GOLD, bold=True, anchor="midleft").right
    return x + 8


@dataclass
class FighterInfo:
    """What a card shows of one fighter (gathered by the board from the view and the rules' queries)."""

    fid: int
    name: str
    owner: int
    minion: bool
    hp: int
    injuries: int
    ap: int
    ap_base: int
    mp: int
    mp_base: int
    ap_mark: int
    mp_mark: int
    status: str  # "Playing", "Played", "Ready", "KO", "Waiting"
    active: bool
    chips: list[Chip]
    powers: list[tuple[str, str]]  # (name, tooltip)
    element: str
    kind: str = ""  # the Krosmaster or Minion id (its face)
    tip: list[str] = field(default_factory=list)


def shrink(text: str, size: int, width: int, smallest: int = 10, bold: bool = True) -> tuple[str, int]:
    """`text` and a font size that fits `width` pixels: a smaller font first, an ellipsis only below `smallest`
    (the hotspot's tip always names it in full)."""
    while size > smallest and assets.font(size, bold).size(text)[0] > width:
        size -= 1
    return ui.fit(text, size, width, bold=bold), size


def draw_minion(surface: pygame.Surface, rect: pygame.Rect, info: FighterInfo, regions: list[Spot]) -> None:
    """A Minion's token card: name, its one spell, HP, AP and MP, and whether it has been played."""
    colour = SIDE_COLOURS[info.owner]
    ui.panel(surface, rect, colour=palette.PANEL_LIGHT if info.active else palette.PANEL,
             edge=palette.SELECT if info.active else colour, width=3 if info.active else 2, radius=9, shadow=3)
    portrait(surface, (rect.left + 19, rect.top + 15), 12, info.kind, colour)
    chip_rect = pygame.Rect(rect.right - 76, rect.top + 5, 70, 22)
    room = chip_rect.left - rect.left - 40
    name, size = shrink(info.name, 13, room, smallest=11)
    lines = [name] if name == info.name else ui.wrap(info.name, 11, room, bold=True)[:2]  # a second line first
    for i, line in enumerate(lines):
        shown, size = (line, size) if len(lines) == 1 else shrink(line, 11, room, smallest=9)
        ui.text(surface, shown, (rect.left + 36, rect.top + 15 + (12 * i - 6) * (len(lines) - 1)), size, palette.TEXT,
                bold=True, anchor="midleft")
    regions.append(Spot(f"fighter:{info.fid}", rect.copy(), info.tip))
    for chip in info.chips[:1]:
        draw_chip(surface, chip_rect, chip, small=True)
        regions.append(Spot(f"spell:{info.fid}:{chip.key}", chip_rect, chip.tip, chip.reason))
    ui.text(surface, f"HP {max(0, info.hp - info.injuries)}/{info.hp}  AP {info.ap}  MP {info.mp}", (rect.left + 10, rect.bottom - 13),
            12, palette.TEXT, anchor="midleft")
    status_colour = {"Playing": palette.SELECT, "KO": palette.BLOCKED, "Ready": palette.LEGAL}.get(info.status, palette.TEXT_DIM)
    ui.text(surface, info.status, (rect.right - 7, rect.bottom - 13), 12, status_colour, bold=True, anchor="midright")


def draw_fighter(surface: pygame.Surface, rect: pygame.Rect, info: FighterInfo, regions: list[Spot]) -> None:
    if info.minion:
        return draw_minion(surface, rect, info, regions)
    colour = SIDE_COLOURS[info.owner]
    ui.panel(surface, rect, colour=palette.PANEL_LIGHT if info.active else palette.PANEL,
             edge=palette.SELECT if info.active else colour, width=3 if info.active else 2, radius=10, shadow=3)
    pygame.draw.rect(surface, colour, pygame.Rect(rect.left, rect.top, 8, rect.height),
                     border_top_left_radius=10, border_bottom_left_radius=10)
    big = not info.minion
    radius = 19 if big else 13
    centre = (rect.left + 14 + radius, rect.top + 8 + radius)
    portrait(surface, centre, radius, info.kind, colour)
    x = centre[0] + radius + 8
    name_rect = ui.text(surface, info.name, (x, rect.top + 5), 16 if big else 13, palette.TEXT, bold=True)
    if info.element in ("fire", "water", "earth", "air"):
        surface.blit(assets.image(f"icons/{info.element}", (16, 16)), (name_rect.right + 4, name_rect.top + 3))
    status_colour = {"Playing": palette.SELECT, "Placing": palette.SELECT, "KO": palette.BLOCKED, "Ready": palette.LEGAL}.get(info.status, palette.TEXT_DIM)
    if big:
        ui.text(surface, info.status, (rect.right - 8, rect.top + 6), 13, status_colour, bold=True, anchor="topright")
    else:
        ui.text(surface, info.status, (rect.right - 8, rect.bottom - 3), 12, status_colour, bold=True, anchor="bottomright")
    regions.append(Spot(f"fighter:{info.fid}", rect.copy(), info.tip))
    if big:
        y = rect.top + 38
        ui.text(surface, f"HP {max(0, info.hp - info.injuries)}/{info.hp}", (x, y), 13, palette.TEXT, bold=True, anchor="midleft")
        injury_row(surface, (x + 52, y - 8), info.injuries, info.hp, 15)
        sx = stat(surface, "AP", info.ap, info.ap_base, info.ap_mark, (rect.right - 122, y), palette.TEXT)
        stat(surface, "MP", info.mp, info.mp_base, info.mp_mark, (max(sx, rect.right - 62), y), palette.TEXT)
        n = max(1, len(info.chips))
        cw = (rect.width - 22 - 6 * (n - 1)) // n
        for i, chip in enumerate(info.chips):
            r = pygame.Rect(rect.left + 14 + i * (cw + 6), rect.top + 52, cw, 36)
            draw_chip(surface, r, chip)
            regions.append(Spot(f"spell:{info.fid}:{chip.key}", r, chip.tip, chip.reason))
        px = rect.left + 16
        if rect.height < CARD_H:
            return _ko(surface, rect, info)
        for i, (name, tip) in enumerate(info.powers):
            r = ui.text(surface, f"• {name}", (px, rect.bottom - 19), 12, palette.GOLD, bold=True)
            regions.append(Spot(f"power:{info.fid}:{i}", r.inflate(6, 4), [tip]))
            px = r.right + 14
        if not info.powers:
            ui.text(surface, "No power", (px, rect.bottom - 19), 12, palette.TEXT_DIM)
    else:
        ui.text(surface, f"HP {max(0, info.hp - info.injuries)}/{info.hp}", (x, rect.top + 32), 12, palette.TEXT, bold=True,
                anchor="midleft")
        ui.text(surface, f"AP {info.ap}  MP {info.mp}", (x, rect.bottom - 11), 12, palette.TEXT_DIM, anchor="midleft")
        for chip in info.chips[:1]:
            r = pygame.Rect(rect.right - 90, rect.top + 26, 82, 24)
            draw_chip(surface, r, chip, small=True)
            regions.append(Spot(f"spell:{info.fid}:{chip.key}", r, chip.tip, chip.reason))
    _ko(surface, rect, info)


def _ko(surface: pygame.Surface, rect: pygame.Rect, info: FighterInfo) -> None:
    if info.status == "KO":
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((*palette.SHADOW, 140))
        surface.blit(shade, rect)
        ui.text(surface, "KO", rect.center, 30, palette.BLOCKED, bold=True, shadow=True, anchor="center")


def team_height(minions: int, compact: bool = False) -> int:
    return 24 + 2 * ((COMPACT_H if compact else CARD_H) + GAP) + ((minions + 1) // 2) * (MINION_H + GAP)


def draw_team(surface: pygame.Surface, rect: pygame.Rect, seat: int, title: str, fighters: list[FighterInfo],
              extra: str, regions: list[Spot], compact: bool = False, terms: list | None = None) -> None:
    """A team's line ("Pink  2 Glyphs · holds the Dofus", its game words marked into `terms`) and its cards."""
    colour = SIDE_COLOURS[seat]
    pygame.draw.circle(surface, colour, (rect.left + 9, rect.top + 10), 7)
    r = ui.text(surface, title, (rect.left + 22, rect.top + 10), 17, palette.TEXT, bold=True, shadow=True, anchor="midleft")
    hits = marked.draw_marked_line(surface, extra, (r.right + 12, rect.top + 10), glossary(), 14, palette.TEXT_DIM,
                                   anchor="midleft")
    if terms is not None:
        terms.extend(hits)
    y = rect.top + 24
    krosmasters = [f for f in fighters if not f.minion]
    minions = [f for f in fighters if f.minion]
    for f in krosmasters:
        height = COMPACT_H if compact else CARD_H
        draw_fighter(surface, pygame.Rect(rect.left, y, rect.width, height), f, regions)
        y += height + GAP
    half = (rect.width - GAP) // 2
    for i, f in enumerate(minions):
        x = rect.left + (i % 2) * (half + GAP)
        draw_fighter(surface, pygame.Rect(x, y, half, MINION_H), f, regions)
        if i % 2:
            y += MINION_H + GAP
