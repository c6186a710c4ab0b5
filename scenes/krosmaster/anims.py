"""The Krosmaster board's animations: the Glyph toss, placing and summoning, Glyphs flipping, the Dofus
changing hands, spells flying, markers, terrain tiles, jokers turned. The shared shapes (dice, moves,
damage, healing, knock-outs) and the banner and flying tokens are the kit's."""

from __future__ import annotations

import pygame

from game import krosmaster
from game.krosmaster import CONTENT
from scenes import assets, palette
from scenes.krosmaster import art, panels
from scenes.widgets.die import DieView
from scenes.widgets.standee import StandeeView
from scenes.widgets.tween import Call, Parallel, Sequence, Tween, Wait, ease_out_back, ease_out_cubic

FACE_WORDS = {"critical": "Critical", "critical_joker": "Critical-joker", "shield": "Shield",
              "shield_joker": "Shield-joker", "joker": "Joker", "blank": "Blank"}


def make_standee(kind: str, owner: int) -> StandeeView:
    c = CONTENT.character(kind)
    return StandeeView(c.name, ("blue", "pink")[owner], (0, 0), art.SIDE_COLOURS[owner], label=panels.initials(c.name),
                       height=44 if c.minion else 58, face=panels.face_of(kind))


class KrosmasterAnimations:
    """The part of KrosmasterBoard that turns the game's own events into animations."""

    def event_handlers(self) -> dict:
        return {
            "Damaged": lambda e: Sequence(self._anim_damaged(e), self.hp_changed(e.piece, e.injuries)),
            "Healed": lambda e: Sequence(self._anim_healed(e), self.hp_changed(e.piece, e.injuries)),
            "GlyphTossed": lambda e: self.toss_anim(e.first),
            "Placed": self._placed,
            "Summoned": self._summoned,
            "GlyphCaptured": self._glyph,
            "DofusTaken": self._dofus,
            "TurnStarted": self._turn,
            "FavorRevealed": lambda e: Call(lambda: self.app.play_sound("card")),
            "FavorPlaced": lambda e: Call(lambda: self.app.play_sound("card")),
            "DodgeRolled": self._dodge,
            "SpellCast": lambda e: self._cast(e.fighter, e.cell, krosmaster.spell_name(e.spell)),
            "FavorUsed": lambda e: self._cast(e.fighter, e.cell, CONTENT.favors[e.favor].name),
            "BonusUsed": lambda e: self._cast(e.fighter, e.cell, self._bonus_name(e.bonus)),
            "MarkerPlaced": self._marker,
            "TerrainPlaced": self._terrain_in,
            "TerrainRemoved": self._terrain_out,
            "JokerTurned": self._joker,
            "Rerolled": lambda e: self._over(e.fighter, "Spin Again!", palette.GOLD),
            "ShoveResisted": lambda e: self._over(e.fighter, "Unmoved!", palette.GOLD),
        }

    @staticmethod
    def _bonus_name(bonus_id: str) -> str:
        return next((b.name for ch in CONTENT.challenges.values() for b in ch.bonuses if b.id == bonus_id), bonus_id)

    # -- the kit's animation hooks -----------------------------------------------------------
    def standee_for(self, piece: int):
        return self.standees.get(piece)

    def point_of(self, cell) -> tuple[int, int]:
        r = self.grid.cell_rect(tuple(cell))
        return (r.centerx, r.top + int(r.height * 0.8))

    def dice_for(self, event) -> list:
        area = self.grid.rect
        st = self.standees.get(event.piece)
        x, y = (st.pos if st is not None else area.center)
        x = min(max(int(x) + 60, area.left + 40), area.right - 40 - 58 * (len(event.faces) - 1))
        y = min(max(int(y) - 90, area.top + 40), area.bottom - 40)
        self.dice = [DieView("combat", (x + i * 58, y), size=52) for i in range(len(event.faces))]
        return self.dice

    # -- the game's own events ----------------------------------------------------------------
    def _over(self, fid: int, text: str, colour, size: int = 22):
        st = self.standees.get(fid)
        if st is None:
            return None
        return self.floaters.pop(text, (int(st.pos[0]), int(st.pos[1]) - st.height - 6), colour=colour, size=size,
                                 duration=0.8)

    @property
    def tossing(self) -> bool:
        """The Glyph tile still spins: who plays first is not to be read anywhere yet (status line, column)."""
        return self.toss is not None and self.toss["t"] < 1

    def toss_anim(self, first: int):
        def begin() -> None:
            self.toss = {"t": 0.0, "first": first}
            self.app.play_sound("coin")
            self.render_panels()

        def step(t: float) -> None:
            if self.toss is not None:
                landed = t >= 1 > self.toss["t"]
                self.toss["t"] = t
                if landed:  # the tile shows the winner: the column may name whose turn it is
                    self.render_panels()

        return Sequence(Call(begin), Tween(1.6, step, ease=ease_out_cubic), Wait(0.9),
                        Call(lambda: setattr(self, "toss", None)))

    def _placed(self, e):
        st = self.standee(e.fighter)
        st.visible = False

        def show() -> None:
            st.move_to(self.point_of(e.cell))
            self.app.play_sound("move")

        return Sequence(Call(show), st.appear())

    def _summoned(self, e):
        """A new Minion token drops onto its cell (the view shows it only once the animations end)."""
        st = self.standees[e.fighter] = make_standee(e.minion, e.seat)
        st.move_to(self.point_of(e.cell))
        st.visible = False
        name = CONTENT.character(e.minion).name
        return Sequence(Call(lambda: self.app.play_sound("move")), st.appear(),
                        self._over(e.fighter, name, palette.TEXT, 18))

    def _glyph(self, e):
        cell = tuple(e.cell)

        def flip() -> None:
            self.glyph_shown[cell] = e.seat
            self.app.play_sound("capture")

        def grow(t: float) -> None:
            self.glyph_pop = (cell, t)

        return Sequence(Call(flip), Tween(0.35, grow, ease=ease_out_back,
                                          on_done=lambda: setattr(self, "glyph_pop", None)))

    def _dofus(self, e):
        """The Dofus token flies from its holder's side to the taker's (the kit's flying token)."""
        start = self.dofus_spots.get(self.dofus_shown, self.grid.rect.center)
        end = self.dofus_spots.get(e.seat, self.grid.rect.center)

        def take() -> None:
            self.dofus_shown = -2  # in the air: neither side shows it
            self.render_panels()
            self.app.play_sound("coin")

        def land() -> None:
            self.dofus_shown = e.seat
            self.render_panels()

        return Sequence(Call(take), self.fly(assets.image("markers/dofus", (34, 34)), start, end, then=land,
                                             duration=0.6),
                        self.show_banner(f"{self.seats[e.seat].name} takes the Dofus", art.SIDE_COLOURS[e.seat], 0.7))

    def _turn(self, e):
        def turn() -> None:
            self.turn_shown = e.turn
            self.mover_shown = e.seat
            self.render_panels()

        return Sequence(Call(turn), self.show_banner(f"Turn {e.turn}: {self.seats[e.seat].name}",
                                                     art.SIDE_COLOURS[e.seat], 0.9))

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

        label = (int(st.pos[0]), max(self.grid.rect.top + 12, int(st.pos[1]) - st.height - 6))
        return Parallel(self.floaters.pop(name, self.inside_board(label, name), colour=palette.GOLD, size=20,
                                          duration=0.9),
                        Sequence(Wait(0.15), Tween(0.3, step, ease=ease_out_cubic,
                                                   on_done=lambda: setattr(self, "bolt", None))))

    def inside_board(self, pos, text: str, size: int = 20) -> tuple[int, int]:
        """A caption's centre moved so the caption stays over the board (a caster on an edge column)."""
        half = assets.font(size, True).size(text)[0] // 2 + 4
        area = self.grid.rect
        return (min(max(pos[0], area.left + half), area.right - half), pos[1])

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

    def draw_toss(self, surface: pygame.Surface) -> None:
        import math

        from scenes import ui

        t, first = self.toss["t"], self.toss["first"]
        flips = 9
        angle = t * flips * math.pi
        showing = first if (flips - int(t * flips)) % 2 == 1 else 1 - first
        if t >= 1:
            showing = first
        box = pygame.Rect(0, 0, 360, 250)
        box.center = self.grid.rect.center
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
