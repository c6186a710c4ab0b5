"""The right-hand column of the Krosmaster board: the Krosmic Favor slots and pile, the turn, the Dofus and
the Divine Challenges. Drawn from what the board gathered of its snapshot; every part is a `Spot`."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import krosmaster
from game.core.grammar import counted
from game.krosmaster import CONTENT
from scenes import assets, palette, ui
from scenes.krosmaster import art, panels, tips
from scenes.krosmaster.panels import Spot
from scenes.learn import marked

FAVOR_W, FAVOR_H = 108, 132
CHALLENGE_H = 62  # a challenge's title and its three bonus chips (a long bonus name takes two lines)
TOP = 22  # the cards' top, under the column's title


@dataclass
class SideInfo:
    """What the column shows, gathered by the board from its snapshot and the rules' answers."""

    view: object
    names: tuple[str, ...]
    slot_phase: bool  # the revealed Favor waits for a slot: both slots are choices
    slot_reason: str | None  # why the slots cannot be chosen now (None: they can)
    favor_reasons: dict[str, str | None]  # slot -> why its Favor cannot be armed now (None: it can)
    bonus_reasons: dict[str, str | None]  # bonus id -> why it cannot be armed now (None: it can)
    armed: tuple[str, str] | None  # the ability being aimed
    dofus: int  # the holder shown (it changes hands during an animation)
    unlocked: tuple[set[str], set[str]]  # bonus ids each seat has unlocked
    to_move: int | None  # whose turn the column names (it changes with the turn's banner)
    seat_colours: tuple
    turn: int  # the turn shown (it changes with the turn's banner)


def slot_rects() -> dict[str, pygame.Rect]:
    """The left slot, the pile and the right slot, in the column's own coordinates."""
    return {"left": pygame.Rect(6, TOP, FAVOR_W, FAVOR_H), "pile": pygame.Rect(0, TOP, FAVOR_W, FAVOR_H),
            "right": pygame.Rect(0, TOP, FAVOR_W, FAVOR_H)}


def draw_side(surf: pygame.Surface, info: SideInfo, offset, terms: list | None = None) -> list[Spot]:
    """The whole column onto `surf` (its top-left on screen at `offset`); returns its spots in screen pixels.
    The game's words in its labels are marked (glossary) and added to `terms`, in screen pixels too."""
    s = info.view
    width = surf.get_width()
    spots: list[Spot] = []
    hits: list = []

    def label(text, pos, size, colour, anchor="topleft", bold=True):
        hits.extend(marked.draw_marked_line(surf, text, pos, art.glossary(), size, colour, bold=bold, anchor=anchor))

    label("Krosmic Favors", (4, 0), 16, palette.TEXT_DIM)
    xs = {"left": 6, "pile": (width - FAVOR_W) // 2, "right": width - FAVOR_W - 6}
    for slot in ("left", "right"):
        rect = pygame.Rect(xs[slot], TOP, FAVOR_W, FAVOR_H)
        fav = krosmaster.favor_in(s, slot)
        stack = len(s.left if slot == "left" else s.right)
        if fav:
            draw_favor(surf, rect, fav)
        else:
            pygame.draw.rect(surf, palette.BG_LIGHT, rect, border_radius=10)
            pygame.draw.rect(surf, palette.PANEL_EDGE, rect, width=2, border_radius=10)
            ui.text(surf, "empty", rect.center, 14, palette.TEXT_DIM, anchor="center")
        label(f"{slot.title()} slot" + (f" ({counted(stack, 'card')})" if stack > 1 else ""),
              (rect.centerx, rect.bottom + 4), 13, palette.TEXT_DIM, "midtop", bold=False)
        key = f"slot:{slot}"
        if info.slot_phase:
            tip = [krosmaster.favor_slot_preview(s, slot)]
            if info.slot_reason is None:
                pygame.draw.rect(surf, palette.LEGAL, rect.inflate(6, 6), width=3, border_radius=12)
            spots.append(Spot(key, rect.move(offset), tip, info.slot_reason))
        elif fav:
            reason = info.favor_reasons.get(slot)
            chosen = info.armed == ("favor", slot)
            tip = tips.favor_tip(fav) + (["Click to aim it; right-click cancels it."] if reason is None else [])
            spots.append(Spot(key, rect.move(offset), tip, reason))
            if reason is None or chosen:
                colour = palette.SELECT if chosen else palette.LEGAL
                pygame.draw.rect(surf, colour, rect.inflate(6, 6), width=3, border_radius=12)
        else:
            spots.append(Spot(key, rect.move(offset), [krosmaster.empty_slot_words(slot)]))
    pile = pygame.Rect(xs["pile"], TOP, FAVOR_W, FAVOR_H)
    if info.slot_phase and s.revealed:
        draw_favor(surf, pile, s.revealed)
        pygame.draw.rect(surf, palette.SELECT, pile.inflate(6, 6), width=3, border_radius=12)
        ui.text(surf, "Revealed:", (pile.centerx, pile.bottom + 4), 13, palette.SELECT, bold=True, anchor="midtop")
        ui.text(surf, "choose a slot", (pile.centerx, pile.bottom + 19), 13, palette.SELECT, bold=True, anchor="midtop")
        spots.append(Spot("card:revealed", pile.move(offset),
                          [krosmaster.REVEALED_FAVOR_WORDS] + tips.favor_tip(s.revealed)))
    else:
        if s.pile:
            surf.blit(assets.image("cards/back_krosmaster", pile.size), pile)
        else:
            pygame.draw.rect(surf, palette.BG_LIGHT, pile, border_radius=10)
        label(f"Pile: {len(s.pile)}", (pile.centerx, pile.bottom + 4), 13, palette.TEXT, "midtop")
        spots.append(Spot("card:pile", pile.move(offset), tips.pile_tip(len(s.pile))))
    y = TOP + FAVOR_H + 40
    # The rules' progress, or only the new turn's number while its banner shows (the view is a step behind).
    label(krosmaster.progress(s) if info.turn == s.turn else f"Turn {info.turn}", (4, y), 16, palette.TEXT)
    if info.to_move is not None:
        ui.text(surf, f"to play: {info.names[info.to_move]}", (130, y + 1), 15, info.seat_colours[info.to_move], bold=True)
    holder = info.dofus
    dofus_rect = pygame.Rect(width - 112, y - 2, 108, 24)
    surf.blit(assets.image("markers/dofus", (22, 22)), dofus_rect.topleft)
    ui.text(surf, f"Dofus: {info.names[holder] if holder in (0, 1) else 'none'}", (dofus_rect.left + 26, y + 1), 14,
            palette.TEXT)
    spots.append(Spot("dofus", dofus_rect.move(offset), tips.DOFUS_TIP))
    y += 30
    for ch in s.challenges:
        spots.extend(draw_challenge(surf, pygame.Rect(0, y, width, CHALLENGE_H - 4), ch, info, offset))
        y += CHALLENGE_H
    if terms is not None:
        terms.extend(marked.Marked(m.rect.move(offset), m.term) for m in hits)
    return spots


def draw_favor(surf: pygame.Surface, rect: pygame.Rect, favor_id: str) -> None:
    fav = CONTENT.favors[favor_id]
    colour = (150, 92, 202) if fav.superior else (200, 150, 60)
    pygame.draw.rect(surf, (236, 226, 200), rect, border_radius=10)
    band = pygame.Rect(rect.left, rect.top, rect.width, 30)
    pygame.draw.rect(surf, colour, band, border_top_left_radius=10, border_top_right_radius=10)
    pygame.draw.rect(surf, colour, rect, width=3, border_radius=10)
    size = 13
    lines = ui.wrap(fav.name, size, rect.width - 10, bold=True)
    if len(lines) > 1:  # two lines must stay inside the band: a smaller font first
        size = 11
        lines = ui.wrap(fav.name, size, rect.width - 8, bold=True)
    for i, line in enumerate(lines[:2]):
        top = rect.top + (8 if len(lines) == 1 else 2) + i * (size + 1)
        ui.text(surf, line, (rect.centerx, top), size, palette.TEXT, bold=True, shadow=True, anchor="midtop")
    ui.text(surf, tips.spell_line(fav.ability), (rect.centerx, rect.top + 33), 11, palette.TEXT_DARK, bold=True,
            anchor="midtop")
    for i, line in enumerate(ui.wrap(fav.ability.text, 11, rect.width - 10)[:6]):
        ui.text(surf, line, (rect.left + 5, rect.top + 50 + i * 13), 11, palette.TEXT_DARK)
    if fav.superior:
        ui.text(surf, "Superior", (rect.centerx, rect.bottom - 4), 10, colour, bold=True, anchor="midbottom")


def draw_challenge(surf: pygame.Surface, rect: pygame.Rect, ch_id: str, info: SideInfo, offset) -> list[Spot]:
    ch = CONTENT.challenges[ch_id]
    ui.panel(surf, rect, radius=8, shadow=2)
    title = ui.text(surf, ch.name, (rect.left + 8, rect.top + 4), 13, palette.GOLD, bold=True)
    spots = [Spot(f"challenge:{ch_id}", title.move(offset).inflate(4, 4), tips.challenge_tip(ch_id))]
    w = (rect.width - 16 - 8) // 3
    for i, b in enumerate(ch.bonuses):
        r = pygame.Rect(rect.left + 8 + i * (w + 4), rect.top + 22, w, rect.height - 26)
        reason = info.bonus_reasons.get(b.id)
        lit = [b.id in info.unlocked[0], b.id in info.unlocked[1]]
        pygame.draw.rect(surf, (40, 60, 110) if i < 2 else (120, 40, 50), r, border_radius=6)
        for seat in (0, 1):
            if lit[seat]:
                band = pygame.Rect(r.left + 3 + seat * (r.width // 2 - 3), r.bottom - 5, r.width // 2 - 3, 3)
                pygame.draw.rect(surf, art.SIDE_COLOURS[seat], band, border_radius=2)
        chosen = info.armed == ("bonus", b.id)
        edge = palette.SELECT if chosen else palette.LEGAL if reason is None else palette.PANEL_EDGE
        pygame.draw.rect(surf, edge, r, width=2, border_radius=6)
        label = f"{b.glyphs}x {b.name}"
        colour = palette.TEXT if any(lit) else palette.TEXT_DIM
        shown, size = panels.shrink(label, 11, r.width - 6, smallest=10)
        lines = [shown] if shown == label else ui.wrap(label, 10, r.width - 6, bold=True)[:2]  # a second line first
        step = 12  # two lines at 10 points, centred above the holders' bands
        for k, line in enumerate(lines):
            ui.text(surf, line if len(lines) == 1 else ui.fit(line, 10, r.width - 6, bold=True),
                    (r.centerx, r.top + (r.height - 5) // 2 + (k * 2 - 1) * step // 2 * (len(lines) - 1)),
                    size if len(lines) == 1 else 10, colour, bold=True, anchor="center")
        holders = " and ".join(info.names[k] for k in (0, 1) if lit[k]) or "nobody yet"
        tip = tips.bonus_tip(b.id, holders)
        if reason is None:
            tip.append("Click to aim it; right-click cancels it.")
        spots.append(Spot(f"bonus:{b.id}", r.move(offset), tip, reason))
    return spots
