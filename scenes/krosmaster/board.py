"""The Krosmaster: Blast board: the 8x10 field, the fighters' cards, the Favors, the challenges and the log.

Wiring only: the kit's hooks and what each click means. Every answer comes from the rules, asked once
per snapshot (`query_rules`): the reachable cells, the spells' targets and why a spell cannot be taken up
(`arm`), and each gesture's actions or reason (`walk`, `aim`, `place`, `play_fighter`, `end`, `pick`,
`put_favor`, `remove_tile`, `options`). Tips are the kit's hotspots; their words are in `tips`.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game import krosmaster
from game.core.grammar import counted
from game.core.match import Match
from game.core.rng import Rng
from game.krosmaster import CONTENT, HEIGHT, WIDTH, bench_setup
from scenes import assets, palette, ui
from scenes.board import BoardScene, BoardView, Seat
from scenes.board.furniture import ChoiceOverlay, Option
from scenes.krosmaster import art, draw, favors, tips
from scenes.krosmaster.anims import KrosmasterAnimations, make_standee
from scenes.krosmaster.cells import CellTips
from scenes.krosmaster.sides import LEFT, RIGHT, SidePanels
from scenes.krosmaster.panels import Spot
from scenes.learn import marked
from scenes.widgets.tween import Call, Sequence

BOARD_AREA = pygame.Rect(404, 70, 488, 610)  # 61-pixel cells, with room on the edges for the squares' names


class KrosmasterBoard(CellTips, SidePanels, KrosmasterAnimations, BoardScene):
    """Two players at one computer; no secrets in this game (`decision().private` is never set), so no hand-offs."""

    log_after_animation = True  # a roll's result reaches the log when the die stops (issue 23)

    # The rules reference's section for each decision (the kit's ? button opens it there).
    REFERENCE_SECTIONS = {"draft": "krosmasters", "place": "setup", "slot": "favors", "select": "turn", "act": "spells",
                          "face": "dice_sides", "reroll": "combat_roll", "remove": "terrain", "over": "end"}

    LESSON_PANEL_IN_LOG = True  # a lesson's panel covers neither a fighter's card nor the newest log lines

    def __init__(self, app, match: Match, seats: list[Seat] | None = None):
        super().__init__(app, match, seats)
        top = RIGHT.top + 228 + favors.CHALLENGE_H * match.setup.challenges
        self.undo_rect = pygame.Rect(RIGHT.left, top + 4, 150, 42)
        self.end_rect = pygame.Rect(RIGHT.left + 158, top + 4, RIGHT.width - 158, 42)
        self.log_rect = pygame.Rect(RIGHT.left, self.end_rect.bottom + 8, RIGHT.width,
                                    RIGHT.bottom - self.end_rect.bottom - 8)
        self.ability: tuple[str, str] | None = None  # ("spell", id) / ("favor", slot) / ("bonus", id) being aimed
        self.place_fid = -1
        self.autoplay: Rng | None = None
        self.toss: dict | None = None
        self.panel_spots: list[Spot] = []
        self.term_marks: list = []  # glossary words drawn in the columns (scenes.learn.marked.Marked)
        self.hovered_key: str | None = None
        self.dice: list = []
        self.dofus_spots: dict[int, tuple[int, int]] = {}
        self.glyph_pop: tuple | None = None  # (cell, t) while a Glyph tile flips
        self.bolt: tuple[float, float] | None = None  # a spell on its way to its target
        self.held = False  # an action's animations are about to play: nothing looks live
        self.settling = False  # sync runs as the last step of the animations
        self.panels_live = False  # the columns were last drawn lit
        self.turn_shown = self.mover_shown = None
        self._asking: int | None = None  # the snapshot whose question overlay is open

    def default_seats(self, n: int) -> list[Seat]:
        return [Seat(art.COLOUR_NAMES[i], art.SIDE_COLOURS[i]) for i in range(n)]

    @classmethod
    def for_automation(cls, app, seed: int) -> KrosmasterBoard:
        """A typical advanced game (every rule, one challenge) played at random into its third turn."""
        for attempt in range(20):
            match = Match.new(krosmaster, bench_setup(), seed + attempt)
            rng = Rng(seed * 31 + attempt)
            while not match.over:
                seen = match.view(None)
                if seen.turn >= 3 and seen.phase == "select":
                    break
                match.play(krosmaster.playout_choice(seen, krosmaster.legal_actions(seen), rng))
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
        if self.busy or self.snap.over or self.app.stack.top is not self or not self.snap.legal:
            self._idle = 0
            return
        self._idle += 1
        if self._idle >= 20:
            self._idle = 0
            self.act(krosmaster.playout_choice(self.snap.view, list(self.snap.legal), self.autoplay))

    # -- building ------------------------------------------------------------------------
    def build(self) -> None:
        self.grid = BoardView(WIDTH, HEIGHT, BOARD_AREA)
        self.layout = self.match.setup.layout
        self.standees = {}
        self.end_button = UIButton(self.end_rect, "End turn", self.ui, object_id="@game_button")
        self.end_button.hide()  # shown by its hotspot once there is a fighter or a turn to end
        self.left_surface = pygame.Surface(LEFT.size).convert()
        self.right_surface = pygame.Surface((RIGHT.width, self.end_rect.top - RIGHT.top)).convert()
        self.backdrop, self.backdrop_rect = draw.field_backdrop(self.app.size, self.grid, self.layout)
        if not self.match.actions and self.snap.view.phase == "place":  # the toss is told once the tile has landed
            self._toss_told = False
            self.timeline.add(Sequence(self.toss_anim(self.snap.view.first), Call(self._toss_landed)))

    def _toss_landed(self) -> None:
        self._toss_told = True
        self.rebuild_log()

    def opening_lines(self) -> list:
        """The welcome, the teams dealt and the Glyph toss: the start of the log, kept by every Undo (issue 34)."""
        lines: list = [("Krosmaster: Blast. Knock out half the other team, or hold the most Glyph cells "
                        "when the Favor pile runs out.", palette.GOLD),
                       ("Click a lit cell or card to act; hover anything to read it; right-click cancels an aimed spell.",
                        None)]
        try:
            start = self.rules.view(self.match.state_after(0), None)
        except LookupError:  # a table server's copy that let its first states go
            return lines
        if start.phase == "place":  # teams dealt at random and the Glyph tossed when the game was made
            for seat in (0, 1):
                names = " and ".join(CONTENT.krosmasters[k].name for k in start.picks[seat])
                lines.append((f"{self.seats[seat].name} gets {names}.", self.seats[seat].colour))
            if getattr(self, "_toss_told", bool(self.match.actions)):  # told once the tile has landed
                first = start.first
                lines.append((f"The Glyph toss: {self.seats[first].name} plays first.", self.seats[first].colour))
        return lines

    # -- the snapshot --------------------------------------------------------------------
    def query_rules(self, snap) -> dict:
        """Everything the board shows, asked of the rules once: reach, danger, what each spell, Favor and bonus
        says about being taken up, their targets, and the End button."""
        s, legal = snap.view, snap.legal
        q: dict = {"reach": {}, "danger": {}, "arms": {}, "targets": {}}
        if snap.over:
            return q
        q["end"] = krosmaster.end(s, legal)
        q["end_label"] = krosmaster.end_label(s)
        for f in s.fighters:
            if f.cell >= 0:
                for sp in CONTENT.character(f.kind).spells:
                    q["arms"][("spell", f.id, sp.id)] = krosmaster.arm(s, legal, f.id, ("spell", sp.id))
        if s.phase in ("act", "decide") and s.active >= 0:
            fid = s.active
            for slot in ("left", "right"):
                if krosmaster.favor_in(s, slot):
                    q["arms"][("favor", slot)] = krosmaster.arm(s, legal, fid, ("favor", slot))
            for ch in s.challenges:
                for b in CONTENT.challenges[ch].bonuses:
                    q["arms"][("bonus", b.id)] = krosmaster.arm(s, legal, fid, ("bonus", b.id))
            for key, reason in q["arms"].items():
                ability = (key[0], key[-1])
                if reason is None and (key[0] != "spell" or key[1] == fid):
                    q["targets"][ability] = krosmaster.ability_targets(s, fid, ability)
            if s.phase == "act":
                q["reach"] = krosmaster.reachable_cells(s, fid)
                for c in [s.fighters[fid].xy, *q["reach"]]:
                    held = krosmaster.tacklers(s, fid, c)
                    if held:
                        q["danger"][c] = len(held)
        return q

    def arm_reason(self, ability) -> str | None:
        """Why the active fighter cannot select this ability now (None: it can)."""
        s = self.snap.view
        key = ("spell", s.active, ability[1]) if ability[0] == "spell" else ability
        return self.snap.queries["arms"].get(key, "not now")

    def sync(self) -> None:
        self.settling = True
        try:
            self._sync()
        finally:
            self.settling = False

    def _sync(self) -> None:
        s = self.snap.view
        self.held = False
        self.dice = []
        if self.ability is not None and (self.snap.kind != "act" or self.arm_reason(self.ability) is not None):
            self.ability = None
        if s.phase == "place" and self.snap.mine:
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
        self.glyph_shown = {(c % WIDTH, c // WIDTH): o for c, o in zip(s.board.glyphs, s.glyphs)}
        self.dofus_shown = s.dofus
        self.turn_shown, self.mover_shown = s.turn, s.to_move
        self.refresh()

    def refresh(self) -> None:
        """Layers and panels from the snapshot and the armed ability; then the hotspots (kit)."""
        self.set_layers()
        self.render_panels()

    def standee(self, fid: int):
        st = self.standees.get(fid)
        if st is None:
            f = self.snap.view.fighters[fid]
            st = self.standees[fid] = make_standee(f.kind, f.owner)
        return st

    def name(self, fid: int) -> str:
        return CONTENT.character(self.snap.view.fighters[fid].kind).name

    # -- layers --------------------------------------------------------------------------
    def set_layers(self) -> None:
        g = self.grid
        g.clear_layers()
        if self.replay is not None or self.snap.over:
            return
        s, q, kind = self.snap.view, self.snap.queries, self.snap.kind
        legal = self.snap.legal
        if kind == "place":
            g.set_layer("reachable", [(a.args[1], a.args[2]) for a in legal
                                      if a.kind == "place" and a.args[0] == self.place_fid])
        elif kind == "select":
            g.set_layer("target", [s.fighters[a.args[0]].xy for a in legal if a.kind == "activate"])
        elif kind == "act":
            here = s.fighters[s.active].xy
            t = q["targets"].get(self.ability) if self.ability is not None else None
            if t is None or here not in t.targetable:  # a self-aimed ability lights the user's cell instead
                g.set_layer("selected", [here])
            if self.ability is None:
                g.set_layer("reachable", list(q["reach"]))
                g.set_layer("danger", dict.fromkeys(q["danger"]))
            else:
                if t is not None:  # as in the rulebook's figure: green in range, red behind what blocks the sight
                    g.set_layer("in_range", t.targetable)
                    g.set_layer("range", list(t.invalid))
                    g.set_layer("blocked", t.blocked)
        elif kind == "remove":
            g.set_layer("target", [(a.args[0], a.args[1]) for a in legal if a.kind == "remove"])

    # -- hotspots ------------------------------------------------------------------------
    def hotspots(self) -> None:
        spots, snap = self.spots, self.snap
        self.tip_cache = {}
        if snap.kind != "draft" or self.replay is not None:
            for cell in self.grid.cells():
                gesture = self.cell_gesture(cell)
                spots.add(f"cell:{cell[0]},{cell[1]}", self.grid.cell_rect(cell), lambda c=cell: self.cell_tip(c),
                          enabled=gesture.ok, reason=None if gesture.ok else tips.said(gesture.reason),
                          click=lambda g=gesture: self.perform(g), right_click=self.disarm,
                          hover=lambda c=cell: self.preview_path(c))
        for spot in self.panel_spots:
            click = self.panel_click(spot.key)
            spots.add(spot.key, spot.rect, spot.tip, enabled=spot.reason is None, reason=spot.reason, click=click,
                      right_click=self.disarm)
        for i, m in enumerate(self.term_marks):  # a game word in a label: its glossary entry, whoever's turn it is
            spots.add(f"term:{m.term.id}:{i}", m.rect, marked.term_tip(m.term), always=True)
        if snap.kind == "draft" and self.replay is None:
            for rect, k in draw.draft_cards(self.grid.rect, snap.view.pool):
                g = krosmaster.pick(snap.view, snap.legal, k)
                spots.add(f"card:draft:{k}", rect, tips.draft_tip(k), enabled=g.ok,
                          reason=None if g.ok else tips.said(g.reason), click=lambda g=g: self.perform(g))
        end = snap.queries.get("end") if not snap.over else None
        if end is not None and self.replay is None and snap.kind in ("act", "select"):
            label = snap.queries["end_label"]
            fitted = label if ui.render(label, 20, palette.TEXT, True).get_width() <= self.end_rect.width - 16 \
                else "End this fighter"  # the button's own font; the tip names the fighter
            tip = [("End this fighter's activation (its unspent AP and MP are lost); then choose the next one."
                    if snap.kind == "act" else "End your turn: the other player's turn begins.")]
            if fitted != label:
                tip.insert(0, label)
            spots.add("button:end", None, tip, enabled=end.ok, reason=None if end.ok else tips.said(end.reason),
                      click=self.sounded(lambda g=end: self.perform(g)), widget=self.end_button, label=fitted)

    def sounded(self, fn):
        def go() -> None:
            self.app.play_sound("click")
            fn()
        return go

    def panel_click(self, key: str):
        kind, _, rest = key.partition(":")
        s, legal = self.snap.view, self.snap.legal
        if kind == "spell":
            fid, _, spell = rest.partition(":")
            return lambda: self.toggle(("spell", spell))
        if kind == "slot":
            if self.snap.kind == "slot":
                return self.sounded(lambda: self.perform(krosmaster.put_favor(s, legal, rest)))
            if not krosmaster.favor_in(s, rest):
                return None  # an empty slot is only read
            return lambda: self.toggle(("favor", rest))
        if kind == "bonus":
            return lambda: self.toggle(("bonus", rest))
        if kind == "fighter":
            fid = int(rest)
            return lambda: self.fighter_clicked(fid)
        return None

    def fighter_clicked(self, fid: int) -> None:
        s = self.snap.view
        f = s.fighters[fid]
        if self.snap.kind == "place" and f.owner == s.to_move and f.cell < 0 and self.snap.mine:
            self.place_fid = fid
            self.sync()
            self.refresh_hotspots()
        elif self.snap.kind == "select":
            self.perform(krosmaster.play_fighter(s, self.snap.legal, fid))

    def toggle(self, ability) -> None:
        """Select an ability to aim it (its targets light up), or cancel it again."""
        self.ability = None if self.ability == ability else ability
        self.app.play_sound("click")
        self.refresh()
        self.refresh_hotspots()

    def disarm(self) -> None:
        if self.ability is not None:
            self.ability = None
            self.refresh()
            self.refresh_hotspots()

    def process_event(self, event) -> bool:
        # A right-click anywhere cancels the armed ability, even over a greyed cell or card.
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.ability is not None and not self.busy:
            self.disarm()
            return True
        return super().process_event(event)

    def on_hover(self, pos) -> None:
        self.grid.set_hover(pos)
        spot = self.spots.at(pos)
        self.hovered_key = spot.key if spot is not None else None
        if spot is None or not spot.key.startswith("cell:"):
            self.grid.clear_layer("path")
        for st in self.standees.values():
            st.hovered = False
        cell = self.grid.hover
        if cell is not None and self.snap.kind == "select" and cell in self.grid.layer_cells("target"):
            fid = self.snap.view.grid[cell[1] * WIDTH + cell[0]]
            if fid in self.standees:
                self.standees[fid].hovered = True

    # -- the pending question ------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.looks_live != self.panels_live:  # e.g. the Glyph toss ended: the cards light up
            self.render_panels()
        snap = self.snap
        if (self.locked or self.autoplay is not None or self.app.stack.top is not self
                or snap.kind not in ("face", "reroll") or self._asking == snap.number):
            return  # (locked: animating, over, a replay, or a computer seat decides)
        self._asking = snap.number
        title = "Turn the joker" if snap.kind == "face" else "Spin Again?"
        opts = [Option(o.action, o.label, o.tip,
                       assets.image(f"dice/combat_{o.face}", (80, 80)) if o.face else None)
                for o in krosmaster.options(snap.view, snap.legal)]
        self.app.push(ChoiceOverlay(self.app, self, title, self.status_text()[0], opts, number=snap.number))

    def status_text(self):
        """The rules' prompt (it names the players as the table did); while aiming, what to click."""
        if self.tossing:  # the prompt would say who plays first before the tile has landed
            return "The Glyph toss: who plays first?", palette.GOLD
        text, colour = super().status_text()
        if self.ability is not None and self.snap.kind == "act" and not self.locked:
            ab = krosmaster.ability_of(self.snap.view, self.snap.view.active, self.ability)
            if ab is not None:
                return f"Aim {ab.name}: click a lit cell (right-click cancels it)", colour
        return text, colour

    def flash_anchor(self) -> tuple[int, int]:
        return (RIGHT.centerx, self.log_rect.top + 6)  # over the log: the board's top row stays in sight

    def flash_width(self) -> int:
        return RIGHT.width - 40

    def forget(self) -> None:
        self.ability = None

    def after_undo(self) -> None:
        self.ability = None

    def before_animations(self, events) -> None:
        self.grid.clear_layers()
        self.held = True
        if any(type(e).__name__ in ("SpellCast", "FavorUsed", "BonusUsed", "ActivationEnded") for e in events):
            self.ability = None
        self.render_panels()

    def cell_name(self, cell) -> str:
        return krosmaster.square_name(tuple(cell))

    def danger_ignore(self) -> tuple[int, ...]:
        """The fighter being played is taken off the board: the overlay shows where it could stop safely."""
        s = self.snap.view
        return (s.active,) if s.phase == "act" and s.active is not None and s.active >= 0 else ()

    def suggestion_keys(self, action) -> list[str]:
        """What a player clicks to play it: the fighter's card, the spell, Favor slot or bonus to click, the
        End button, and the cell."""
        kind, a = action.kind, action.args
        keys = {"activate": ["fighter:{0}"], "cast": ["spell:{0}:{1}"], "favor": ["slot:{1}"], "challenge": ["bonus:{1}"],
                "end": ["button:end"], "pass": ["button:end"], "slot": ["slot:{0}"], "pick": ["card:draft:{0}"]}
        return [k.format(*a) for k in keys.get(kind, [])] + super().suggestion_keys(action)

    def gesture_keys(self, action) -> list[str]:
        """Placing another Krosmaster than the one chosen to place: its card first, then the cell."""
        keys = self.suggestion_keys(action)
        return [f"fighter:{action.args[0]}", *keys] if action.kind == "place" and action.args[0] != self.place_fid else keys

    def suggestion_cells(self, action) -> list:
        args = [a for a in action.args if isinstance(a, int)]
        if action.kind == "activate":
            f = self.snap.view.fighters[args[0]]
            return [f.xy] if f.xy else []
        return super().suggestion_cells(action)

    # -- drawing -------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        surface.blit(self.left_surface, LEFT.topleft)
        surface.blit(self.right_surface, RIGHT.topleft)
        g = self.grid
        surface.blit(self.backdrop, self.backdrop_rect)
        draw.draw_tiles(surface, g, self.glyph_shown, self.terrain_shown, self.glyph_pop)
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
        snap = self.snap
        if snap.kind == "draft" and not self.busy:
            seat = snap.view.to_move
            hovered = self.hovered_key[len("card:draft:"):] if (self.hovered_key or "").startswith("card:draft:") else None
            draw.draw_draft(surface, g.rect, f"{self.seats[seat].name}: pick a Krosmaster", art.SIDE_COLOURS[seat],
                            draw.draft_cards(g.rect, snap.view.pool), hovered)
        if self.toss is not None:
            self.draw_toss(surface)
        spot = self.spots.hovered
        if spot is not None and not self.busy and not spot.key.startswith(("cell:", "button:", "term:")):
            colour = palette.HOVER if self.spots.is_enabled(spot) else palette.TEXT_DIM
            pygame.draw.rect(surface, colour, spot.rect.inflate(4, 4), width=2, border_radius=8)

    # -- the end -------------------------------------------------------------------------
    def end_lines(self) -> list[str]:
        s = self.snap.view
        blue, pink = krosmaster.glyph_counts(s)
        lines = [f"Glyph cells: {self.seats[0].name} {blue}, {self.seats[1].name} {pink}"]
        out = [CONTENT.character(f.kind).name for f in s.fighters if f.out and not f.minion]
        if out:
            lines.append("Knocked out: " + ", ".join(out))
        lines.append(f"{counted(s.turn, 'turn')} played")
        return lines


def resume(app, match: Match) -> KrosmasterBoard:
    """The board of a game replayed from its autosave (the menu's Continue)."""
    return KrosmasterBoard(app, match)


