"""The Krosmaster board's cells: what a click on each means (a rules gesture) and what its tip says."""

from __future__ import annotations

from game import krosmaster
from game.core.gesture import Gesture
from game.core.grammar import after_colon, counted, indefinite
from game.krosmaster import CONTENT
from scenes.krosmaster import tips

_WAIT = {
    "slot": "put the revealed Krosmic Favor in the left or the right slot first (on the right)",
    "face": "answer the question about the die first",
    "reroll": "answer the question about the die first",
}


class CellTips:
    """The part of KrosmasterBoard behind the 80 `cell:x,y` hotspots."""

    tip_cache: dict

    def cell_gesture(self, cell) -> Gesture:
        """What a click on this cell plays now, or why it plays nothing (the rules' reasons)."""
        snap = self.snap
        s, legal, kind = snap.view, snap.legal, snap.kind
        if snap.over:
            return Gesture.refused("the game is over")
        if kind == "place":
            if self.place_fid < 0:
                return Gesture.refused("choose which Krosmaster to place: click its card on the left")
            return krosmaster.place(s, legal, self.place_fid, cell)
        if kind == "select":
            fid = krosmaster.cell_facts(s, cell).fighter
            if fid >= 0:
                return krosmaster.play_fighter(s, legal, fid)
            return Gesture.refused("choose a fighter to play (a lit standee or its card), or end the turn")
        if kind == "act":
            if self.ability is not None:
                return krosmaster.aim(s, legal, s.active, self.ability, cell)
            return krosmaster.walk(s, legal, cell, snap.queries["reach"])
        if kind == "remove":
            return krosmaster.remove_tile(s, legal, cell)
        return Gesture.refused(_WAIT.get(kind, "not now"))

    def cell_tip(self, cell) -> list[str]:
        """The cell's tip: its name and what stands there, then what a click would do (computed once per snapshot)."""
        danger = self.danger_line(cell)
        key = (cell, self.ability, self.place_fid, danger)
        lines = self.tip_cache.get(key)
        if lines is None:
            lines = self.tip_cache[key] = self._cell_lines(cell) + ([danger] if danger else [])
        return lines

    def _cell_lines(self, cell) -> list[str]:
        snap = self.snap
        s, kind = snap.view, snap.kind
        lines = [f"{krosmaster.square_name(tuple(cell))}: {self.contents(cell)}"]
        ok = self.cell_gesture(cell).ok
        if kind == "act" and self.ability is None:
            walk = krosmaster.walk_preview(s, cell) if ok else None
            if walk is not None:
                lines += tips.walk_tip(self.name(s.active), walk)
            n = snap.queries["danger"].get(tuple(cell))
            if n and tuple(cell) == s.fighters[s.active].xy:
                lines.append(f"Leaving this cell takes a dodge roll ({counted(n, 'die')}).")
        elif kind == "act" and ok:
            p = krosmaster.aim_preview(s, s.active, self.ability, cell)
            burned = [f"{self.name(fid) if fid < len(s.fighters) else 'the summoned Minion'} takes "
                      f"{counted(n, 'injury')}" for fid, n in p.fire]
            lines += tips.aim_tip(p, self.name(p.target) if p.target >= 0 else None, burned)
        elif kind == "act" and self.ability is not None:
            t = snap.queries["targets"].get(self.ability)
            if t is not None and tuple(cell) in t.blocked:
                lines.append("In range, but out of sight: something blocks the line of sight.")
        elif kind == "place" and ok:
            lines.append(f"Place {self.name(self.place_fid)} here")
        elif kind == "select" and ok:
            lines.append(f"Play {self.name(krosmaster.cell_facts(s, cell).fighter)}")
        elif kind == "remove" and ok:
            tile = CONTENT.terrain[krosmaster.cell_facts(s, cell).terrain].name
            lines.append(f"Remove this {tile} tile to make room for the new one")
        return lines

    def contents(self, cell) -> str:
        """What stands on a cell, as a player sees it."""
        s = self.snap.view
        facts = krosmaster.cell_facts(s, cell)
        parts = []
        if facts.fighter >= 0:
            f = s.fighters[facts.fighter]
            c = CONTENT.character(f.kind)
            parts.append(f"{krosmaster.fighter_name(s, f.id, self.snap.names)}, {max(0, c.hp - f.injuries)} of its {c.hp} HP left"
                         + (" (knocked out)" if f.out else ""))
        if facts.kind in ("tree", "bush"):
            parts.append({"tree": "a tree (blocks movement and the line of sight)",
                          "bush": "a bush (blocks movement, not the line of sight)"}[facts.kind])
        if facts.kind == "glyph":
            owner = self.seats[facts.glyph_owner].name + "'s" if facts.glyph_owner >= 0 else "nobody's yet"
            parts.append(f"a Glyph cell, {owner}")
        if facts.terrain:
            t = CONTENT.terrain[facts.terrain]
            parts.append(f"{indefinite(t.name + ' tile')} ({after_colon(t.text).rstrip('.')})")
        if facts.start_of >= 0 and not parts:
            parts.append(f"a starting cell of {self.seats[facts.start_of].name}")
        return "; ".join(parts) if parts else "an empty cell"

    def preview_path(self, cell) -> None:
        """Hovering a cell the fighter being played can reach lights the way there."""
        reach = self.snap.queries.get("reach", {}) if not self.snap.over else {}
        r = reach.get(tuple(cell)) if self.ability is None and self.snap.kind == "act" else None
        if r is not None:
            self.grid.set_layer("path", r.path)
        else:
            self.grid.clear_layer("path")
