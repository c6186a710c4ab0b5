"""The columns beside the Krosmaster board: each team's fighter cards on the left, the Favors, the turn, the Dofus
and the Divine Challenges on the right; gathered from the snapshot and drawn once per change."""

from __future__ import annotations

import pygame

from game import krosmaster
from game.core.grammar import counted
from game.krosmaster import CONTENT
from scenes import assets, ui
from scenes.krosmaster import art, favors, panels, tips
from scenes.krosmaster.panels import Chip, FighterInfo, Spot
from scenes.learn import marked

LEFT = pygame.Rect(8, 52, 372, 662)
RIGHT = pygame.Rect(914, 52, 358, 662)


class SidePanels:
    """The part of KrosmasterBoard that draws its two columns (their parts become hotspots: `panel_spots`)."""

    @property
    def looks_live(self) -> bool:
        """Whether the columns draw usable things lit: the screen's player decides and nothing plays (the last
        step of an animation is the settle that draws them, so it counts as done)."""
        return (self.snap.mine and not self.held and self.replay is None
                and (self.settling or not self.busy))

    def fighter_info(self, f) -> FighterInfo:
        s = self.snap.view
        c = CONTENT.character(f.kind)
        active = f.id == s.active
        live = self.looks_live
        chips = []
        for ab in c.spells:
            reason = self.snap.queries["arms"].get(("spell", f.id, ab.id), "not on the board")
            if reason is None and not live:
                reason = self.lock_reason()
            tip = tips.ability_tip(ab)
            if reason is None:
                tip = tip + ["Click to aim it; right-click cancels it."]
            chips.append(Chip(ab.id, ab.name, tips.spell_line(ab), tip, tips.said(reason) if reason else None,
                              self.ability == ("spell", ab.id) and active))
        placing = f.id == self.place_fid
        status = ("KO" if f.out else "Placing" if placing else "Playing" if active
                  else "Played" if f.played and s.to_move == f.owner
                  else "Ready" if s.to_move == f.owner and s.phase in ("select", "act", "decide") else "Waiting")
        ap, mp = krosmaster.points_left(s, f.id)
        info = FighterInfo(f.id, c.name, f.owner, f.minion, c.hp, self.hp_shown.get(f.id, f.injuries), ap, c.ap, mp,
                           c.mp, f.ap_mark, f.mp_mark, status, active or placing, chips,
                           [(p.name, f"{p.name}: {p.text}") for p in c.powers], c.element, f.kind)
        info.tip = tips.fighter_tip(info, krosmaster.fighter_name(s, f.id, self.snap.names))
        return info

    def render_panels(self) -> None:
        s = self.snap.view
        spots: list[Spot] = []
        terms: list = []  # the game's words marked in the columns' labels (glossary)
        left = self.left_surface
        left.blit(ui.table_surface(self.app.size), (0, 0), LEFT)
        top_seat = art.seat_at_top(self.layout)
        y = 0
        shown = list(self.glyph_shown.values())  # the Glyph tiles on screen: a capture counts as it flips
        glyphs = (shown.count(0), shown.count(1))
        teams = {seat: [self.fighter_info(f) for f in s.fighters if f.owner == seat and not (f.minion and f.cell < 0)]
                 for seat in (0, 1)}
        needed = sum(panels.team_height(sum(1 for f in t if f.minion)) + 10 for t in teams.values())
        compact = needed > LEFT.height
        for seat in (top_seat, 1 - top_seat):
            fighters = teams[seat]
            extra = counted(glyphs[seat], "Glyph") + ("  · holds the Dofus" if self.dofus_shown == seat
                                                                     else "")
            rect = pygame.Rect(0, y, LEFT.width, panels.team_height(sum(1 for f in fighters if f.minion), compact))
            if fighters:
                panels.draw_team(left, rect, seat, self.seats[seat].name, fighters, extra, spots, compact, terms)
            else:
                picks = ", ".join(CONTENT.krosmasters[k].name for k in s.picks[seat]) or "no Krosmaster yet"
                panels.draw_team(left, rect, seat, self.seats[seat].name, [], f"picked: {picks}", spots, terms=terms)
            self.dofus_spots[seat] = (LEFT.left + LEFT.width - 15, LEFT.top + y + 11)
            if self.dofus_shown == seat:
                left.blit(assets.image("markers/dofus", (22, 22)), (LEFT.width - 26, y))
            y = rect.bottom + 10
        for spot in spots:
            spot.rect.move_ip(LEFT.topleft)
        terms = [marked.Marked(m.rect.move(LEFT.topleft), m.term) for m in terms]
        self.right_surface.blit(ui.table_surface(self.app.size), (0, 0), pygame.Rect(RIGHT.topleft,
                                                                                     self.right_surface.get_size()))
        spots += favors.draw_side(self.right_surface, self.side_info(), RIGHT.topleft, terms)
        self.panel_spots = spots
        self.term_marks = terms
        self.panels_live = self.looks_live

    def side_info(self) -> favors.SideInfo:
        s, q, live = self.snap.view, self.snap.queries, self.looks_live
        slot_phase = self.snap.kind == "slot"
        slot_reason = None
        if slot_phase:
            g = krosmaster.put_favor(s, self.snap.legal, "left")
            slot_reason = tips.said(g.reason) if not g.ok else None if live else self.lock_reason()

        def shown(key):
            reason = q["arms"].get(key, "play a Krosmaster first: the fighter being played uses it")
            return tips.said(reason) if reason else None if live else self.lock_reason()

        unlocked = tuple(set(krosmaster.unlocked_bonuses(s, seat)) for seat in (0, 1))
        return favors.SideInfo(
            s, tuple(seat.name for seat in self.seats), slot_phase, slot_reason,
            {slot: shown(("favor", slot)) for slot in ("left", "right")},
            {b.id: (shown(("bonus", b.id)) if b.ability else tips.said(f"{b.name} is passive: it works by itself"))
             for ch in s.challenges for b in CONTENT.challenges[ch].bonuses},
            self.ability, self.dofus_shown, unlocked, None if self.tossing else self.mover_shown,
            tuple(seat.colour for seat in self.seats),
            self.turn_shown)

