"""The Krosmaster: Blast board: the 8x10 field, the fighters' cards, the Favors, the challenges and the log.

Every answer comes from the rules: the legal actions, the reachable cells and their paths
(`reachable_cells`), the spell overlays (`spell_targets`, `favor_targets`, `challenge_targets`),
the dodge dice (`dodge_dice`) and the odds (`odds`). The scene shows them, turns clicks into
actions and animates the events `apply` returns.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.core.grammar import counted
from game.core.match import Match
from game.core.rng import Rng
from game import krosmaster
from game.krosmaster import (
    CONTENT,
    Setup,
    action_points,
    bench_setup,
    challenge_targets,
    damage_odds,
    dodge_dice,
    dodge_die_odds,
    dodge_odds,
    favor_in,
    favor_targets,
    glyph_counts,
    movement_points,
    reachable_cells,
    spell_targets,
    unlocked_bonuses,
)
from game.krosmaster.board import HEIGHT, WIDTH, index
from game.krosmaster.checks import ABILITIES, BONUSES, SPELLS
from scenes import assets, palette, ui
from scenes.board import BoardScene, BoardView, Seat
from scenes.krosmaster import art, dialogs, panels
from scenes.krosmaster.panels import Chip, FighterInfo, Region
from scenes.widgets.die import DieView
from scenes.widgets.standee import StandeeView
from scenes.widgets.tween import Call, Parallel, Sequence, Tween, Wait, ease_out_back, ease_out_cubic


BOARD_AREA = pygame.Rect(392, 54, 512, 640)
LEFT = pygame.Rect(8, 52, 372, 662)
RIGHT = pygame.Rect(914, 52, 358, 662)
FAVOR_W, FAVOR_H = 108, 132
CHALLENGE_H = 54
FACE_WORDS = dialogs.FACE_WORDS


def pct(p: Fraction) -> str:
    return f"{round(float(p) * 100)}%"


class KrosmasterBoard(BoardScene):
    """Two players at one computer; no secrets in this game, so no hand-off screens."""

    def __init__(self, app, match: Match, seats: list[Seat] | None = None):
        super().__init__(app, match, seats)
        top = RIGHT.top + 214 + CHALLENGE_H * match.setup.challenges
        self.undo_rect = pygame.Rect(RIGHT.left, top + 4, 150, 42)
        self.end_rect = pygame.Rect(RIGHT.left + 158, top + 4, RIGHT.width - 158, 42)
        self.log_rect = pygame.Rect(RIGHT.left, self.end_rect.bottom + 8, RIGHT.width, RIGHT.bottom - self.end_rect.bottom - 8)
        self.ability: tuple[str, str] | None = None  # ("spell", id) / ("favor", slot) / ("bonus", id) being aimed
        self.place_fid = -1
        self.autoplay: Rng | None = None
        self.toss: dict | None = None
        self.tip: tuple[list[str], tuple[int, int]] | None = None
        self.hover_region: Region | None = None
        self.regions: list[Region] = []
        self.reach: dict = {}
        self.targets = None
        self.legal: list = []
        self.dice: list[DieView] = []
        self.banner: tuple[str, tuple[int, int, int]] | None = None
        self.dofus_spots: dict[int, tuple[int, int]] = {}
        self.dofus_fly: tuple | None = None  # (from, to, t) while the Dofus token changes hands
        self.mouse = (-1, -1)
        self.glyph_pop: tuple | None = None  # (cell, t) while a Glyph tile flips
        self.bolt: tuple[float, float] | None = None  # a spell on its way to its target

    def default_seats(self, n: int) -> list[Seat]:
        return [Seat(art.COLOUR_NAMES[i], art.SIDE_COLOURS[i]) for i in range(n)]

    @classmethod
    def for_automation(cls, app, seed: int) -> "KrosmasterBoard":
        """A typical advanced game (every rule, one challenge) played at random into its third turn."""
        for attempt in range(20):
            match = Match.new(krosmaster, bench_setup(), seed + attempt)
            rng = Rng(seed * 31 + attempt)
            while not match.over and not (match.state.turn >= 3 and match.state.phase == "select"):
                match.play(match.rules.playout_choice(match.state, match.legal_actions(), rng))
            if not match.over:
                break
        return cls(app, match)

    def bench_step(self) -> None:
        """Keep the board busy for `scenes.bench`: a random legal action a third of a second after the
        animations are done (a quick player's pace), so frames during animations are measured too."""
        if self.autoplay is None:
            self.autoplay = Rng(len(self.match.actions) + 1)
            self._idle = 0
            self.autosave = False  # never overwrite a player's game in progress
        if self.busy or self.match.over or self.app.stack.top is not self:
            self._idle = 0
            return
        self._idle += 1
        if self._idle >= 20:
            self._idle = 0
            self.act(self.rules.playout_choice(self.match.state, self.match.legal_actions(), self.autoplay))

    # -- building ------------------------------------------------------------------------
    def build(self) -> None:
        self.grid = BoardView(WIDTH, HEIGHT, BOARD_AREA)
        self.layout = self.match.setup.layout
        self.standees: dict[int, StandeeView] = {}
        self.end_button = UIButton(self.end_rect, "End turn", self.ui, object_id="@game_button")
        self.left_surface = pygame.Surface(LEFT.size).convert()
        self.right_surface = pygame.Surface((RIGHT.width, self.end_rect.top - RIGHT.top)).convert()
        self.end_button.set_tooltip("End the fighter being played (then choose the next); with nobody being played, "
                                    "end your turn.")
        # The board under everything that moves, drawn once: frame, floor, starting cells, trees, bushes, side bands.
        g = self.grid
        frame = g.rect.inflate(16, 24)
        self.backdrop_rect = frame.inflate(16, 16)
        self.backdrop = pygame.Surface(self.backdrop_rect.size).convert()
        self.backdrop.blit(ui.table_surface(self.app.size), (0, 0), self.backdrop_rect)
        ui.panel(self.backdrop, frame.move(-self.backdrop_rect.left, -self.backdrop_rect.top), colour=palette.BG_LIGHT,
                 radius=10)
        inner = g.rect.move(-self.backdrop_rect.left, -self.backdrop_rect.top)
        self.backdrop.blit(art.layout_surface(self.layout, g.cell_size), inner)
        art.side_band(self.backdrop, inner, self.layout, 7)
        if not self.match.actions:
            self.welcome()
        if not self.match.actions and self.match.state.phase == "place":
            self.timeline.add(self._toss_anim(self.match.state.first))

    def welcome(self) -> None:
        self.log.add("Krosmaster: Blast. Knock out half the other team, or hold the most Glyph cells "
                     "when the Favor pile runs out.", palette.GOLD)
        self.log.add("Click a lit cell or card to act; hover anything to read it; right-click cancels a spell.")
        s = self.match.state
        if s.phase == "place":  # teams dealt at random and the Glyph tossed when the game was made
            for seat in (0, 1):
                names = " and ".join(CONTENT.krosmasters[k].name for k in s.picks[seat])
                self.log.add(f"{self.seats[seat].name} gets {names}.", self.seats[seat].colour)
            self.log.add(f"The Glyph toss: {self.seats[s.first].name} plays first.", self.seats[s.first].colour)

    # -- what the view says --------------------------------------------------------------
    def sync(self) -> None:
        s = self.shown
        over = self.match.over
        self.legal = [] if over else self.match.legal_actions()
        self.decision = self.match.decision()
        self.dice = []
        if s.phase != "act":
            self.ability = None
        if s.phase == "place":
            mine = [f.id for f in s.fighters if f.owner == s.to_move and f.cell < 0]
            if self.place_fid not in mine:
                self.place_fid = mine[0] if mine else -1
        else:
            self.place_fid = -1
        for f in s.fighters:
            if f.cell < 0:
                self.standees.pop(f.id, None)
                continue
            st = self.standee(f.id)
            st.move_to(self.point_of(f.xy))
            st.visible, st.lift, st.flash, st.shake = True, 0.0, 0.0, 0.0
            st.tilt, st.alpha = (80.0, 150) if f.out else (0.0, 255)
            st.dimmed = f.played and not f.out and f.owner == s.to_move
            st.selected = f.id in (s.active, self.place_fid)
        for fid in [k for k in self.standees if k >= len(s.fighters)]:
            del self.standees[fid]
        self.hp_shown = {f.id: f.injuries for f in s.fighters}
        self.terrain_shown = {(i % WIDTH, i // WIDTH): [t, 1.0] for i, t in enumerate(s.terrain) if t}
        board = s.board
        self.glyph_shown = {(c % WIDTH, c // WIDTH): o for c, o in zip(board.glyphs, s.glyphs)}
        self.dofus_shown = s.dofus
        self.refresh()

    def refresh(self) -> None:
        """Overlays, panels and the End button from the view and the current selection."""
        if self.replay is not None:  # a replay only shows: nothing is lit, nothing to end
            self.grid.clear_layers()
            self.render_panels()
            self.end_button.hide()
            return
        self.refresh_overlays()
        self.render_panels()
        kind = self.decision.kind
        s = self.shown
        if kind == "act":
            name = self.name(s.active)
            self.end_button.set_text(f"End {name}" if len(name) <= 11 else "End this fighter")
            self.end_button.show()
        elif kind == "select":
            self.end_button.set_text(f"End turn {s.turn}")
            self.end_button.show()
        else:
            self.end_button.hide()
        if self.mouse != (-1, -1):
            self.on_hover(self.mouse)  # what is under the mouse may have changed

    def standee(self, fid: int) -> StandeeView:
        st = self.standees.get(fid)
        if st is None:
            f = self.shown.fighters[fid]
            st = self.standees[fid] = make_standee(f.kind, f.owner)
        return st

    def name(self, fid: int) -> str:
        return CONTENT.character(self.shown.fighters[fid].kind).name

    # -- overlays ------------------------------------------------------------------------
    def refresh_overlays(self) -> None:
        g = self.grid
        g.clear_layers()
        self.reach, self.targets = {}, None
        s = self.shown
        kind = self.decision.kind
        if kind == "place":
            g.set_layer("reachable", [(a.args[1], a.args[2]) for a in self.legal
                                      if a.kind == "place" and a.args[0] == self.place_fid])
        elif kind == "select":
            g.set_layer("target", [s.fighters[a.args[0]].xy for a in self.legal if a.kind == "activate"])
        elif kind == "act":
            f = s.fighters[s.active]
            g.set_layer("selected", [f.xy])
            if self.ability is None:
                self.reach = reachable_cells(s, f.id)
                g.set_layer("reachable", {c: None for c in self.reach})
                danger = {}
                for c in [f.xy, *self.reach]:
                    n = dodge_dice(s, f, index(*c))
                    if n:
                        danger[c] = f"Leaving this cell takes a dodge roll ({n} {'die' if n == 1 else 'dice'})."
                g.set_layer("danger", danger)
            else:
                # As in the rulebook's figure: green in range (bright where a target can be chosen now),
                # red in range but behind something that blocks the line of sight.
                t = self.targets = self.query(self.ability)
                if t.usable:
                    g.set_layer("in_range", t.targetable)
                    g.set_layer("range", {c: _sentence(r) for c, r in t.invalid.items()})
                else:
                    g.set_layer("range", {**{c: _sentence(r) for c, r in t.invalid.items()},
                                          **{c: _sentence(t.reason) for c in t.targetable}})
                g.set_layer("blocked", {c: "In range, but the line of sight is blocked." for c in t.blocked})
        elif kind == "remove":
            p = s.pending
            g.set_layer("target", [(i % WIDTH, i // WIDTH) for i, t in enumerate(s.terrain) if t == p.terrain])

    def query(self, ability: tuple[str, str]):
        s = self.shown
        what, key = ability
        if what == "spell":
            return spell_targets(s, s.active, key)
        if what == "favor":
            return favor_targets(s, s.active, key)
        return challenge_targets(s, s.active, key)

    # -- panels --------------------------------------------------------------------------
    def fighter_info(self, f) -> FighterInfo:
        s = self.shown
        c = CONTENT.character(f.kind)
        active = f.id == s.active
        chips = []
        for ab in c.spells:
            if active or self.decision.kind == "select":
                t = spell_targets(s, f.id, ab.id)
                usable = active and t.usable and bool(t.targetable)
                reason = t.reason or ("" if t.targetable else "No target in range now.")
            else:
                usable, reason = False, "Only the fighter being played can cast."
            if f.out:
                usable, reason = False, "Knocked out."
            chips.append(Chip(ab.id, ab.name, panels.spell_line(ab), panels.ability_tip(ab), usable,
                              _sentence(reason), self.ability == ("spell", ab.id) and active))
        placing = f.id == self.place_fid
        active = active or placing
        status = ("KO" if f.out else "Placing" if placing else "Playing" if active
                  else "Played" if f.played and s.to_move == f.owner
                  else "Ready" if s.to_move == f.owner and s.phase in ("select", "act", "decide") else "Waiting")
        ap_base = c.ap
        mp_base = c.mp
        return FighterInfo(
            f.id, c.name, f.owner, f.minion, c.hp, self.hp_shown.get(f.id, f.injuries),
            action_points(s, f.id), ap_base, movement_points(s, f.id), mp_base, f.ap_mark, f.mp_mark, status, active,
            chips, [(p.name, f"{p.name}: {p.text}") for p in c.powers], c.element, f.kind,
        )

    def render_panels(self) -> None:
        s = self.shown
        self.regions = []
        left = self.left_surface
        left.blit(ui.table_surface(self.app.size), (0, 0), LEFT)
        regions: list[Region] = []
        top_seat = art.seat_at_top(self.layout)
        y = 0
        glyphs = glyph_counts(s)
        teams = {seat: [self.fighter_info(f) for f in s.fighters if f.owner == seat and not (f.minion and f.cell < 0)]
                 for seat in (0, 1)}
        needed = sum(panels.team_height(sum(1 for f in t if f.minion)) + 10 for t in teams.values())
        compact = needed > LEFT.height
        for seat in (top_seat, 1 - top_seat):
            fighters = teams[seat]
            extra = f"{glyphs[seat]} Glyph{'s' if glyphs[seat] != 1 else ''}" + ("  · holds the Dofus" if self.dofus_shown == seat else "")
            title = self.seats[seat].name
            rect = pygame.Rect(0, y, LEFT.width, panels.team_height(sum(1 for f in fighters if f.minion), compact))
            if fighters:
                panels.draw_team(left, rect, seat, title, fighters, extra, regions, compact)
            else:
                picks = ", ".join(CONTENT.krosmasters[k].name for k in s.picks[seat]) or "no Krosmaster yet"
                panels.draw_team(left, rect, seat, title, [], f"picked: {picks}", regions)
            self.dofus_spots[seat] = (LEFT.left + LEFT.width - 15, LEFT.top + y + 11)
            if self.dofus_shown == seat and self.dofus_fly is None:
                surf = assets.image("markers/dofus", (22, 22))
                left.blit(surf, (LEFT.width - 26, y))
            y = rect.bottom + 10
        for r in regions:
            r.rect.move_ip(LEFT.topleft)
        self.regions.extend(regions)
        self.render_right()

    def render_right(self) -> None:
        s = self.shown
        surf = self.right_surface
        surf.blit(ui.table_surface(self.app.size), (0, 0), pygame.Rect(RIGHT.topleft, surf.get_size()))
        regions: list[Region] = []
        ui.text(surf, "Krosmic Favors", (4, 0), 16, palette.TEXT_DIM, bold=True)
        slot_phase = self.decision.kind == "slot"
        xs = {"left": 4, "pile": (RIGHT.width - FAVOR_W) // 2, "right": RIGHT.width - FAVOR_W - 4}
        for slot in ("left", "right"):
            rect = pygame.Rect(xs[slot], 22, FAVOR_W, FAVOR_H)
            fav = favor_in(s, slot)
            stack = len(s.left if slot == "left" else s.right)
            if fav:
                self.draw_favor(surf, rect, fav)
            else:
                pygame.draw.rect(surf, palette.BG_LIGHT, rect, border_radius=10)
                pygame.draw.rect(surf, palette.PANEL_EDGE, rect, width=2, border_radius=10)
                ui.text(surf, "empty", rect.center, 14, palette.TEXT_DIM, anchor="center")
            label = f"{slot.title()} slot" + (f" ({stack} cards)" if stack > 1 else "")
            ui.text(surf, label, (rect.centerx, rect.bottom + 4), 13, palette.TEXT_DIM, anchor="midtop")
            if slot_phase:
                pygame.draw.rect(surf, palette.LEGAL, rect.inflate(6, 6), width=3, border_radius=12)
                tip = f"Put {CONTENT.favors[s.revealed].name} here" + (f", covering {CONTENT.favors[fav].name}." if fav else ".")
                regions.append(Region(rect.move(RIGHT.topleft), "slot", slot, tip))
            elif fav:
                enabled, reason = self.favor_state(slot)
                regions.append(Region(rect.move(RIGHT.topleft), "favor", slot, panels.favor_tip(fav), enabled, reason))
                if enabled:
                    colour = palette.SELECT if self.ability == ("favor", slot) else palette.LEGAL
                    pygame.draw.rect(surf, colour, rect.inflate(6, 6), width=3, border_radius=12)
        pile = pygame.Rect(xs["pile"], 22, FAVOR_W, FAVOR_H)
        if slot_phase and s.revealed:
            self.draw_favor(surf, pile, s.revealed)
            pygame.draw.rect(surf, palette.SELECT, pile.inflate(6, 6), width=3, border_radius=12)
            ui.text(surf, "Revealed: choose a slot", (pile.centerx, pile.bottom + 4), 13, palette.SELECT, bold=True,
                    anchor="midtop")
            regions.append(Region(pile.move(RIGHT.topleft), "pile", "revealed", panels.favor_tip(s.revealed)))
        else:
            if s.pile:
                back = assets.image("cards/back_krosmaster", pile.size)
                surf.blit(back, pile)
            else:
                pygame.draw.rect(surf, palette.BG_LIGHT, pile, border_radius=10)
            ui.text(surf, f"Pile: {len(s.pile)}", (pile.centerx, pile.bottom + 4), 13, palette.TEXT, bold=True, anchor="midtop")
            regions.append(Region(pile.move(RIGHT.topleft), "pile", "pile",
                                  f"The Krosmic Favor pile: {len(s.pile)} cards face down. The game ends when it is "
                                  "empty at the end of a turn (the most Glyph cells wins)."))
        y = 22 + FAVOR_H + 26
        who = self.seats[s.to_move].name if s.to_move is not None else "-"
        ui.text(surf, krosmaster.progress(s), (4, y), 16, palette.TEXT, bold=True)  # the rules count the turns
        ui.text(surf, f"to play: {who}", (130, y + 1), 15, self.seats[s.to_move].colour if s.to_move is not None
                else palette.TEXT_DIM, bold=True)
        holder = self.dofus_shown
        dofus_rect = pygame.Rect(RIGHT.width - 112, y - 2, 108, 24)
        surf.blit(assets.image("markers/dofus", (22, 22)), dofus_rect.topleft)
        ui.text(surf, f"Dofus: {self.seats[holder].name if holder in (0, 1) else 'none'}",
                (dofus_rect.left + 26, y + 1), 14, palette.TEXT)
        regions.append(Region(dofus_rect.move(RIGHT.topleft), "dofus", holder,
                              "The Dofus: its holder uses Krosmic Favors without paying AP. Capturing a Glyph cell takes it."))
        y += 30
        for ch in s.challenges:
            self.draw_challenge(surf, pygame.Rect(0, y, RIGHT.width, CHALLENGE_H - 4), ch, regions)
            y += CHALLENGE_H
        for r in regions:
            if r.rect.left < RIGHT.left:
                r.rect.move_ip(RIGHT.topleft)
        self.regions.extend(regions)

    def favor_state(self, slot: str) -> tuple[bool, str]:
        s = self.shown
        if s.phase != "act":
            return False, "Play a Krosmaster first: Favors are used by the Krosmaster being played."
        if s.fighters[s.active].minion:
            return False, "Minions cannot use Krosmic Favors."
        t = favor_targets(s, s.active, slot)
        if not t.usable:
            return False, _sentence(t.reason)
        if not t.targetable:
            return False, "No target for it now."
        return True, ""

    def draw_favor(self, surf: pygame.Surface, rect: pygame.Rect, favor_id: str) -> None:
        fav = CONTENT.favors[favor_id]
        colour = (150, 92, 202) if fav.superior else (200, 150, 60)
        pygame.draw.rect(surf, (236, 226, 200), rect, border_radius=10)
        pygame.draw.rect(surf, colour, pygame.Rect(rect.left, rect.top, rect.width, 30), border_top_left_radius=10,
                         border_top_right_radius=10)
        pygame.draw.rect(surf, colour, rect, width=3, border_radius=10)
        lines = ui.wrap(fav.name, 13, rect.width - 10, bold=True)
        for i, line in enumerate(lines[:2]):
            ui.text(surf, line, (rect.centerx, rect.top + (8 if len(lines) == 1 else 1) + i * 14), 13, palette.TEXT,
                    bold=True, shadow=True, anchor="midtop")
        ui.text(surf, panels.spell_line(fav.ability), (rect.centerx, rect.top + 33), 11, palette.TEXT_DARK, bold=True,
                anchor="midtop")
        for i, line in enumerate(ui.wrap(fav.ability.text, 11, rect.width - 10)[:6]):
            ui.text(surf, line, (rect.left + 5, rect.top + 50 + i * 13), 11, palette.TEXT_DARK)
        if fav.superior:
            ui.text(surf, "Superior", (rect.centerx, rect.bottom - 4), 10, colour, bold=True, anchor="midbottom")

    def draw_challenge(self, surf: pygame.Surface, rect: pygame.Rect, ch_id: str, regions: list[Region]) -> None:
        s = self.shown
        ch = CONTENT.challenges[ch_id]
        ui.panel(surf, rect, radius=8, shadow=2)
        title = ui.text(surf, ch.name, (rect.left + 8, rect.top + 4), 13, palette.GOLD, bold=True)
        regions.append(Region(title.move(RIGHT.topleft).inflate(4, 4), "challenge", ch_id, panels.challenge_tip(ch_id)))
        unlocked = (set(unlocked_bonuses(s, 0)), set(unlocked_bonuses(s, 1)))
        w = (rect.width - 16 - 8) // 3
        for i, b in enumerate(ch.bonuses):
            r = pygame.Rect(rect.left + 8 + i * (w + 4), rect.top + 22, w, 26)
            enabled, reason = self.bonus_state(b)
            lit = [b.id in unlocked[0], b.id in unlocked[1]]
            pygame.draw.rect(surf, (40, 60, 110) if i < 2 else (120, 40, 50), r, border_radius=6)
            for seat in (0, 1):
                if lit[seat]:
                    band = pygame.Rect(r.left + 3 + seat * (r.width // 2 - 3), r.bottom - 6, r.width // 2 - 3, 4)
                    pygame.draw.rect(surf, art.SIDE_COLOURS[seat], band, border_radius=2)
            edge = palette.SELECT if self.ability == ("bonus", b.id) else palette.LEGAL if enabled else palette.PANEL_EDGE
            pygame.draw.rect(surf, edge, r, width=2, border_radius=6)
            label = f"{b.glyphs}x {b.name}"
            while assets.font(11, True).size(label)[0] > r.width - 6 and len(label) > 5:
                label = label[:-2] + "…"
            ui.text(surf, label, (r.centerx, r.top + 3), 11, palette.TEXT if any(lit) else palette.TEXT_DIM, bold=True,
                    anchor="midtop")
            holders = " and ".join(self.seats[k].name for k in (0, 1) if lit[k]) or "nobody yet"
            kind = "active, 1 AP" if b.ability else "passive"
            tip = f"{b.name} ({kind}, needs {counted(b.glyphs, 'Glyph cell')}; unlocked by {holders}): {b.text}"
            regions.append(Region(r.move(RIGHT.topleft), "bonus", b.id, tip, enabled, reason))

    def bonus_state(self, b) -> tuple[bool, str]:
        s = self.shown
        if b.ability is None:
            return False, "A passive bonus: it works by itself."
        if s.phase != "act":
            return False, "Play a Krosmaster first."
        if s.fighters[s.active].minion:
            return False, "Minions cannot use Divine Challenge bonuses."
        t = challenge_targets(s, s.active, b.id)
        if not t.usable:
            return False, _sentence(t.reason)
        return bool(t.targetable), "" if t.targetable else "No target for it now."

    # -- input ---------------------------------------------------------------------------
    def region_at(self, pos) -> Region | None:
        return next((r for r in reversed(self.regions) if r.rect.collidepoint(pos)), None)

    def on_hover(self, pos) -> None:
        self.mouse = pos
        self.grid.set_hover(pos)
        self.grid.clear_layer("path")
        region = self.region_at(pos)
        if region is None and self.decision.kind == "draft":
            region = next((Region(r, "draft", k, draft_tip(k)) for r, k in self.draft_cards() if r.collidepoint(pos)), None)
        self.hover_region = region
        for st in self.standees.values():
            st.hovered = False
        if region is not None:
            text = region.tip
            if not region.enabled and region.reason:
                text += f"\nNot now: {region.reason}"
            self.tip = (ui.wrap(text, 14, 300), pos)
            return
        if self.busy:
            self.tip = None
            return
        cell = self.grid.hover
        if cell is not None and cell in self.grid.layer_cells("target") and self.decision.kind == "select":
            fid = self.shown.grid[index(*cell)]
            if fid in self.standees:
                self.standees[fid].hovered = True
        lines = self.cell_preview(cell) if cell is not None else []
        self.tip = (lines, pos) if lines else None

    def cell_preview(self, cell) -> list[str]:
        s = self.shown
        kind = self.decision.kind
        lines: list[str] = []
        fid = s.grid[index(*cell)]
        if kind == "act" and self.ability is None and cell in self.reach:
            r = self.reach[cell]
            self.grid.set_layer("path", r.path)
            lines.append(f"Walk here: {r.cost} MP")
            lines.extend(self.dodge_preview(r))
            if r.burns:
                lines.append(f"Fire on the way: {r.burns} injuries")
        elif kind == "act" and self.ability is not None and self.targets is not None:
            t = self.targets
            if cell in t.targetable and t.usable:
                lines.append(self.ability_name() + (f" on {self.name(fid)}" if fid >= 0 else " here"))
                if fid >= 0 and fid != s.active and s.fighters[fid].owner == s.to_move:
                    lines.append("Careful: this fighter is on your own team.")
                lines.extend(self.damage_preview(cell))
        reason = _sentence(self.grid.reason_at(cell) or "")
        if reason and not lines:
            lines.append(reason)
        elif reason and kind == "act" and self.ability is None:
            lines.append(reason)
        if fid >= 0 and not lines:
            f = s.fighters[fid]
            c = CONTENT.character(f.kind)
            lines.append(f"{self.seats[f.owner].name}'s {c.name}: {max(0, c.hp - f.injuries)}/{c.hp} HP")
        if kind == "place" and cell in self.grid.layer_cells("reachable"):
            lines = [f"Place {self.name(self.place_fid)} here"]
        out = []
        for line in lines:
            out.extend(ui.wrap(line, 14, 300))
        return out

    def dodge_preview(self, reach) -> list[str]:
        """The odds of each dodge roll a walk makes (one per cell it leaves inside enemy tackle zones)."""
        s = self.shown
        fid = s.active
        by_steps = {r.steps: c for c, r in self.reach.items()}
        left = [s.fighters[fid].xy] + [by_steps[reach.steps[:i]] for i in range(1, len(reach.steps))]
        lines = []
        for cell in left:
            n = dodge_dice(s, s.fighters[fid], index(*cell))
            if n:
                o = dodge_odds(s, fid, cell)
                per = pct(dodge_die_odds()["free"])
                lines.append(f"Dodge roll leaving {cell}: {n} {'die' if n == 1 else 'dice'} ({per} to dodge each tackler): "
                             f"{pct(o['free'])} get away, {pct(o['caught'])} caught, {pct(o['tackled'])} tackled")
        return lines

    def ability_name(self) -> str:
        what, key = self.ability
        if what == "spell":
            return CONTENT.character(self.shown.fighters[self.shown.active].kind).spell(key).name
        if what == "favor":
            return CONTENT.favors[favor_in(self.shown, key)].name
        return BONUSES[key].name

    def ability_key(self) -> str:
        what, key = self.ability
        if what == "spell":
            return f"spell:{key}"
        if what == "favor":
            return CONTENT.favors[favor_in(self.shown, key)].ability.key
        return BONUSES[key].ability.key

    def damage_preview(self, cell) -> list[str]:
        ab = ABILITIES[self.ability_key()]
        effects = [ab.text] if ab.effects or not ab.damage else []
        odds = damage_odds(self.shown, self.shown.active, self.ability[1], cell)
        if not odds:
            return effects + ["No combat roll."]
        expected = sum(d * p for d, p in odds.items())
        parts = ", ".join(f"{d} dmg {pct(p)}" for d, p in odds.items())
        jokers = " (jokers counted as you would turn them)" if self.shown.setup.die_jokers else ""
        return effects + [f"Combat roll: {parts}, about {float(expected):.1f} expected{jokers}"]

    def on_input(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.end_button:
            self.app.play_sound("click")
            if self.shown.phase == "act":
                return self.act(f"end {self.shown.active}")
            return self.act("pass")
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if self.ability is not None:
                self.ability = None
                self.refresh()
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        pos = event.pos
        kind = self.decision.kind
        if kind == "draft":
            for rect, k in self.draft_cards():
                if rect.collidepoint(pos):
                    return self.act(f"pick {k}")
            return False
        region = self.region_at(pos)
        if region is not None:
            return self.click_region(region)
        cell = self.grid.cell_at(pos)
        if cell is None:
            return False
        return self.click_cell(cell)

    def click_region(self, region: Region) -> bool:
        s = self.shown
        kind = self.decision.kind
        if region.kind == "slot":
            return self.act(f"slot {region.key}")
        if region.kind == "fighter":
            f = s.fighters[region.key]
            if kind == "place" and f.owner == s.to_move and f.cell < 0:
                self.place_fid = f.id
                self.sync()
                return True
            if kind == "select":
                return self.act(f"activate {f.id}")
            return True
        if region.kind in ("spell", "favor", "bonus"):
            fid = region.key[0] if region.kind == "spell" else s.active
            aimable = s.phase == "act" and fid == s.active and (region.kind == "spell" or not s.fighters[fid].minion)
            if not region.enabled and region.reason:
                self.flash(region.reason)
            if not aimable or (region.kind == "bonus" and BONUSES[region.key].ability is None):
                return True
            choice = (region.kind, region.key[1] if region.kind == "spell" else region.key)
            self.ability = None if self.ability == choice else choice
            self.app.play_sound("click")
            self.refresh()
            self.on_hover(self.mouse)
            return True
        return True

    def click_cell(self, cell) -> bool:
        s = self.shown
        kind = self.decision.kind
        x, y = cell
        fid = s.grid[index(x, y)]
        if kind == "place":
            if self.place_fid >= 0:
                return self.act(f"place {self.place_fid} {x} {y}")
        elif kind == "select":
            if fid >= 0:
                return self.act(f"activate {fid}")
        elif kind == "act":
            active = s.active
            if self.ability is not None:
                t = self.targets
                if t is not None and t.usable and cell in t.targetable:
                    what, key = self.ability
                    verb = {"spell": "cast", "favor": "favor", "bonus": "challenge"}[what]
                    return self.act(f"{verb} {active} {key} {x} {y}")
                self.flash(_sentence(self.grid.reason_at(cell) or (t.reason if t and t.reason else "out of range")))
                return True
            if cell in self.reach:
                steps = [f"move {active} {cx} {cy}" for cx, cy in self.reach[cell].steps]
                return self.act(*steps)
            if fid == active:
                return True
            reason = self.grid.reason_at(cell)
            if fid >= 0 and s.fighters[fid].owner == s.to_move and not s.fighters[fid].played:
                reason = f"End {self.name(active)}'s activation first (the button on the right)."
            self.flash(_sentence(reason or "out of reach: not enough MP, or the way is blocked"))
            return True
        elif kind == "remove":
            return self.act(f"remove {x} {y}")
        return False

    def after_undo(self) -> None:
        self.ability = None

    def before_animations(self, events) -> None:
        self.grid.clear_layers()
        self.tip = None
        if any(type(e).__name__ in ("SpellCast", "FavorUsed", "BonusUsed", "ActivationEnded") for e in events):
            self.ability = None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.locked or self.autoplay is not None or self.app.stack.top is not self:
            return  # (locked: animating, over, a replay, or a computer seat decides)
        kind = self.match.decision().kind
        if kind == "face":
            self.app.push(dialogs.face_dialog(self.app, self, self.match.state.pending))
        elif kind == "reroll":
            self.app.push(dialogs.reroll_dialog(self.app, self, self.match.state.pending))

    def status_text(self):
        """The rules' prompt, with the players' names for the colours."""
        text, colour = super().status_text()
        for seat, word in enumerate(art.COLOUR_NAMES):
            if text.startswith(word + ":") and self.seats[seat].name != word:
                text = f"{self.seats[seat].name} ({word}):" + text[len(word) + 1:]
        return text, colour

    # -- animations ----------------------------------------------------------------------
    def standee_for(self, piece: int):
        return self.standees.get(piece)

    def point_of(self, cell) -> tuple[int, int]:
        r = self.grid.cell_rect(tuple(cell))
        return (r.centerx, r.top + int(r.height * 0.8))

    def dice_for(self, event) -> list:
        st = self.standees.get(event.piece)
        x, y = (st.pos if st is not None else BOARD_AREA.center)
        x = min(max(int(x) + 60, BOARD_AREA.left + 40), BOARD_AREA.right - 40)
        y = min(max(int(y) - 90, BOARD_AREA.top + 40), BOARD_AREA.bottom - 40)
        dice = [DieView("combat", (x + i * 58, y), size=52) for i in range(len(event.faces))]
        self.dice = dice
        return dice

    def event_handlers(self) -> dict:
        return {
            "Damaged": lambda e: Sequence(self._anim_damaged(e), self.hp_changed(e.piece, e.injuries)),
            "Healed": lambda e: Sequence(self._anim_healed(e), self.hp_changed(e.piece, e.injuries)),
            "GlyphTossed": lambda e: self._toss_anim(e.first),
            "Placed": self._placed,
            "Summoned": self._summoned,
            "GlyphCaptured": self._glyph,
            "DofusTaken": self._dofus,
            "TurnStarted": self._turn,
            "FavorRevealed": lambda e: Call(lambda: self.app.play_sound("card")),
            "FavorPlaced": lambda e: Call(lambda: self.app.play_sound("card")),
            "DodgeRolled": self._dodge,
            "SpellCast": lambda e: self._cast(e.fighter, e.cell, SPELLS[e.spell].name),
            "FavorUsed": lambda e: self._cast(e.fighter, e.cell, CONTENT.favors[e.favor].name),
            "BonusUsed": lambda e: self._cast(e.fighter, e.cell, BONUSES[e.bonus].name),
            "MarkerPlaced": self._marker,
            "TerrainPlaced": self._terrain_in,
            "TerrainRemoved": self._terrain_out,
            "JokerTurned": self._joker,
            "Rerolled": lambda e: self._over(e.fighter, "Spin Again!", palette.GOLD),
            "ShoveResisted": lambda e: self._over(e.fighter, "Unmoved!", palette.GOLD),
        }

    def _over(self, fid: int, text: str, colour, size: int = 22):
        st = self.standees.get(fid)
        if st is None:
            return None
        return self.floaters.pop(text, (int(st.pos[0]), int(st.pos[1]) - st.height - 6), colour=colour, size=size, duration=0.8)

    def _toss_anim(self, first: int):
        def begin() -> None:
            self.toss = {"t": 0.0, "first": first}
            self.app.play_sound("coin")

        def step(t: float) -> None:
            if self.toss is not None:
                self.toss["t"] = t

        return Sequence(Call(begin), Tween(1.6, step, ease=ease_out_cubic), Wait(0.9),
                        Call(lambda: setattr(self, "toss", None)))

    def _placed(self, e):
        def show() -> None:
            st = self.standee(e.fighter)
            st.move_to(self.point_of(e.cell))
            st.visible = False
            self.app.play_sound("move")

        st = self.standee(e.fighter)
        st.visible = False
        return Sequence(Call(show), st.appear())

    def _summoned(self, e):
        """A new Minion token drops onto its cell (the view shows it only once the animations end)."""
        st = self.standees[e.fighter] = make_standee(e.minion, e.seat)
        st.move_to(self.point_of(e.cell))
        st.visible = False
        name = CONTENT.character(e.minion).name
        return Sequence(Call(lambda: self.app.play_sound("move")), st.appear(), self._over(e.fighter, name, palette.TEXT, 18))

    def _glyph(self, e):
        cell = tuple(e.cell)

        def flip() -> None:
            self.glyph_shown[cell] = e.seat
            self.app.play_sound("capture")

        def grow(t: float) -> None:
            self.glyph_pop = (cell, t)

        return Sequence(Call(flip), Tween(0.35, grow, ease=ease_out_back, on_done=lambda: setattr(self, "glyph_pop", None)))

    def _dofus(self, e):
        """The Dofus token flies from its holder's side to the taker's."""
        def take() -> None:
            start = self.dofus_spots.get(self.dofus_shown, BOARD_AREA.center)
            self.dofus_fly = (start, self.dofus_spots.get(e.seat, BOARD_AREA.center), 0.0)
            self.dofus_shown = e.seat
            self.render_panels()
            self.app.play_sound("coin")

        def step(t: float) -> None:
            if self.dofus_fly is not None:
                self.dofus_fly = (*self.dofus_fly[:2], t)

        def land() -> None:
            self.dofus_fly = None
            self.render_panels()

        return Sequence(Call(take), Tween(0.6, step, ease=ease_out_cubic, on_done=land),
                        self._banner(f"{self.seats[e.seat].name} takes the Dofus", art.SIDE_COLOURS[e.seat], 0.7))

    def _turn(self, e):
        return self._banner(f"Turn {e.turn}: {self.seats[e.seat].name}", art.SIDE_COLOURS[e.seat], 0.9)

    def _banner(self, text: str, colour, duration: float):
        def step(t: float) -> None:
            self.banner = (text, colour, t)

        return Sequence(Tween(duration, step, ease=lambda t: t), Call(lambda: setattr(self, "banner", None)))

    def _dodge(self, e):
        words = {"free": ("Got away!", palette.LEGAL), "caught": ("Caught!", palette.BLOCKED),
                 "tackled": ("Tackled!", palette.BLOCKED)}[e.result]
        return self._over(e.fighter, *words)

    def _cast(self, fid: int, cell, name: str):
        st = self.standees.get(fid)
        if st is None:
            return None
        start = (st.pos[0], st.pos[1] - st.height * 0.6)
        end = self.grid.cell_centre(tuple(cell))

        def step(t: float) -> None:
            self.bolt = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)

        return Sequence(
            Parallel(self.floaters.pop(name, (int(st.pos[0]), int(st.pos[1]) - st.height - 6), colour=palette.GOLD,
                                       size=20, duration=0.9),
                     Sequence(Wait(0.15), Tween(0.3, step, ease=ease_out_cubic, on_done=lambda: setattr(self, "bolt", None)))),
        )

    def _marker(self, e):
        text = f"{e.amount:+d} {e.stat.upper()}"
        return self._over(e.fighter, text, palette.GOLD if e.amount > 0 else palette.BLOCKED)

    def _terrain_in(self, e):
        cell = tuple(e.cell)

        def step(t: float) -> None:
            self.terrain_shown[cell] = [e.terrain, t]

        return Sequence(Call(lambda: self.app.play_sound("card")), Tween(0.4, step, ease=ease_out_back))

    def _terrain_out(self, e):
        cell = tuple(e.cell)

        def step(t: float) -> None:
            if cell in self.terrain_shown:
                self.terrain_shown[cell][1] = 1 - t

        return Sequence(Tween(0.4, step), Call(lambda: self.terrain_shown.pop(cell, None)))

    def _joker(self, e):
        def turn() -> None:
            for d in self.dice[:1]:
                d.face = d.shown = e.face
                d.highlight = True

        return Sequence(Call(turn), self._over(e.fighter, FACE_WORDS.get(e.face, e.face), palette.GOLD))

    def hp_changed(self, fid: int, injuries: int):
        def set_hp() -> None:
            self.hp_shown[fid] = injuries
            self.render_panels()

        return Call(set_hp)

    # -- drawing -------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        surface.blit(self.left_surface, LEFT.topleft)
        surface.blit(self.right_surface, RIGHT.topleft)
        g = self.grid
        surface.blit(self.backdrop, self.backdrop_rect)
        size = g.cell_size
        pop = self.glyph_pop
        for cell, owner in self.glyph_shown.items():
            if owner in (0, 1):
                k = int(size * 0.8 * (pop[1] if pop and pop[0] == cell else 1.0))
                if k > 2:
                    img = assets.image(f"markers/glyph_{('blue', 'pink')[owner]}", (int(size * 0.8), int(size * 0.8)))
                    if k != int(size * 0.8):
                        img = pygame.transform.smoothscale(img, (k, k))
                    surface.blit(img, img.get_rect(center=g.cell_centre(cell)))
        for cell, (terrain, scale) in self.terrain_shown.items():
            img = assets.image(f"terrain/{terrain}", (size, size))
            if scale < 0.999:
                k = max(2, int(size * scale))
                img = pygame.transform.smoothscale(img, (k, k))
            surface.blit(img, img.get_rect(center=g.cell_centre(cell)))
        if not self.busy:
            g.draw_layers(surface)
        for st in sorted(self.standees.values(), key=lambda s: s.pos[1]):
            st.draw(surface)
        bolt = self.bolt
        if bolt is not None:
            pygame.draw.circle(surface, palette.GOLD, (int(bolt[0]), int(bolt[1])), 9)
            pygame.draw.circle(surface, palette.TEXT, (int(bolt[0]), int(bolt[1])), 5)
        for d in self.dice:
            d.draw(surface)
        if self.dofus_fly is not None:
            (x0, y0), (x1, y1), t = self.dofus_fly
            img = assets.image("markers/dofus", (34, 34))
            hop = math.sin(t * math.pi) * 60
            surface.blit(img, img.get_rect(center=(int(x0 + (x1 - x0) * t), int(y0 + (y1 - y0) * t - hop))))
        if self.decision.kind == "draft" and not self.busy:
            self.draw_draft(surface)
        if self.toss is not None:
            self.draw_toss(surface)
        if self.banner is not None:
            self.draw_banner(surface)
        r = self.hover_region
        if r is not None and not self.busy:
            colour = palette.HOVER if r.enabled else palette.TEXT_DIM
            pygame.draw.rect(surface, colour, r.rect.inflate(4, 4), width=2, border_radius=8)
        if self.tip is not None and self.tip[0]:
            self.draw_tip(surface, *self.tip)

    def draw_tip(self, surface, lines: list[str], pos) -> None:
        w = max(ui.render(line, 14, palette.TEXT).get_width() for line in lines) + 20
        h = len(lines) * 19 + 12
        box = pygame.Rect(pos[0] + 18, pos[1] + 18, w, h)
        box.clamp_ip(surface.get_rect().inflate(-8, -8))
        if box.collidepoint(pos):
            box.bottom = pos[1] - 12
            box.clamp_ip(surface.get_rect().inflate(-8, -8))
        ui.panel(surface, box, colour=palette.SHADOW, edge=palette.GOLD_DARK, radius=8, shadow=0)
        for i, line in enumerate(lines):
            ui.text(surface, line, (box.left + 10, box.top + 6 + i * 19), 14, palette.TEXT)

    def draw_banner(self, surface) -> None:
        text, colour, t = self.banner
        alpha = int(255 * min(1.0, 4 * t, 4 * (1 - t)))
        box = pygame.Rect(0, 0, 420, 64)
        box.center = BOARD_AREA.center
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((*palette.SHADOW, int(alpha * 0.8)))
        surface.blit(shade, box)
        pygame.draw.rect(surface, colour, box, width=3, border_radius=8)
        img = ui.render(text, 28, palette.TEXT, True, True).copy()
        img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=box.center))

    def draw_toss(self, surface) -> None:
        t, first = self.toss["t"], self.toss["first"]
        flips = 9
        angle = t * flips * math.pi
        showing = first if (flips - int(t * flips)) % 2 == 1 else 1 - first
        if t >= 1:
            showing = first
        box = pygame.Rect(0, 0, 360, 250)
        box.center = BOARD_AREA.center
        ui.panel(surface, box, colour=palette.PANEL, radius=14)
        ui.text(surface, "The Glyph toss", (box.centerx, box.top + 14), 22, palette.GOLD, bold=True, anchor="midtop")
        w = max(4, int(120 * abs(math.cos(angle)))) if t < 1 else 120
        img = assets.image(f"markers/glyph_{('blue', 'pink')[showing]}", (120, 120))
        img = pygame.transform.smoothscale(img, (w, 120))
        lift = int(math.sin(t * math.pi) * 40)
        surface.blit(img, img.get_rect(center=(box.centerx, box.centery + 10 - lift)))
        if t >= 1:
            ui.text(surface, f"{self.seats[first].name} plays first!", (box.centerx, box.bottom - 16), 22,
                    art.SIDE_COLOURS[first], bold=True, shadow=True, anchor="midbottom")

    def draft_cards(self) -> list[tuple[pygame.Rect, str]]:
        pool = list(self.shown.pool)
        w, h, gap = 156, 200, 12
        out = []
        for i, k in enumerate(pool):
            col, row = i % 3, i // 3
            r = pygame.Rect(0, 0, w, h)
            r.topleft = (BOARD_AREA.centerx - (3 * w + 2 * gap) // 2 + col * (w + gap), BOARD_AREA.top + 70 + row * (h + gap))
            out.append((r, k))
        return out

    def draw_draft(self, surface) -> None:
        box = BOARD_AREA.inflate(-8, -8)
        ui.panel(surface, box, colour=palette.PANEL, radius=12)
        seat = self.shown.to_move
        ui.text(surface, f"{self.seats[seat].name}: pick a Krosmaster", (box.centerx, box.top + 18), 22,
                art.SIDE_COLOURS[seat], bold=True, shadow=True, anchor="midtop")
        mouse = self.mouse
        for rect, k in self.draft_cards():
            c = CONTENT.krosmasters[k]
            hover = rect.collidepoint(mouse)
            pygame.draw.rect(surface, (236, 226, 200), rect, border_radius=10)
            pygame.draw.rect(surface, palette.SELECT if hover else palette.ELEMENTS.get(c.element, palette.GOLD), rect,
                             width=4 if hover else 3, border_radius=10)
            band = pygame.Rect(rect.left, rect.top, rect.width, 30)
            pygame.draw.rect(surface, palette.ELEMENTS.get(c.element, palette.GOLD), band, border_top_left_radius=10,
                             border_top_right_radius=10)
            ui.text(surface, c.name, band.center, 14, palette.TEXT, bold=True, shadow=True, anchor="center")
            face = assets.image(panels.face_of(k), (44, 44))
            surface.blit(face, (rect.left + 6, rect.top + 34))
            ui.text(surface, f"HP {c.hp}", (rect.left + 56, rect.top + 46), 13, palette.TEXT_DARK, bold=True,
                    anchor="midleft")
            ui.text(surface, f"AP {c.ap} · MP {c.mp}", (rect.left + 56, rect.top + 64), 13, palette.TEXT_DARK, bold=True,
                    anchor="midleft")
            y = rect.top + 82
            for sp in c.spells:
                ui.text(surface, sp.name, (rect.left + 8, y), 12, palette.TEXT_DARK, bold=True)
                ui.text(surface, panels.spell_line(sp), (rect.left + 8, y + 15), 11, palette.TEXT_DARK)
                y += 30
            for p in c.powers:
                ui.text(surface, f"• {p.name}", (rect.left + 8, y), 12, palette.GOLD_DARK, bold=True)
                y += 16

    # -- the end -------------------------------------------------------------------------
    def end_lines(self) -> list[str]:
        s = self.match.state
        blue, pink = glyph_counts(s)
        lines = [f"Glyph cells: {self.seats[0].name} {blue}, {self.seats[1].name} {pink}"]
        out = [CONTENT.character(f.kind).name for f in s.fighters if f.out and not f.minion]
        if out:
            lines.append("Knocked out: " + ", ".join(out))
        lines.append(f"{s.turn} turns played")
        return lines


def make_standee(kind: str, owner: int) -> StandeeView:
    c = CONTENT.character(kind)
    return StandeeView(c.name, ("blue", "pink")[owner], (0, 0), art.SIDE_COLOURS[owner], label=panels.initials(c.name),
                       height=44 if c.minion else 58, face=panels.face_of(kind))


def draft_tip(krosmaster: str) -> str:
    c = CONTENT.krosmasters[krosmaster]
    parts = [f"{c.name}: {c.hp} HP, {c.ap} AP, {c.mp} MP."]
    parts += [f"{sp.name} ({panels.spell_line(sp)}): {sp.text}" for sp in c.spells]
    parts += [f"{p.name}: {p.text}" for p in c.powers]
    return "\n".join(parts)


def _sentence(text: str) -> str:
    text = (text or "").strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def resume(app, match: Match) -> KrosmasterBoard:
    """The board of a game replayed from its autosave (the menu's Continue)."""
    return KrosmasterBoard(app, match)
