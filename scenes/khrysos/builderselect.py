"""Several tiles at once in the map builder (issue 34): select them (Shift+click each, or drag a box from an
empty place, or Ctrl+A for all), then move them together (drag one of them, or Shift+arrow keys), turn them as
a block (R or a right-click on one of them), copy them (Ctrl+C, then Ctrl+V pastes the copy with its top-left
tile under the mouse), or delete them (Delete). With nothing selected Shift+arrow keys shift the whole map.
Each of these is one step of the undo history. A lesson's builder selects nothing. A mixin of `BuilderScene`."""

from __future__ import annotations

import pygame

from game.khrysos import MAX_TILE_POS, TILES, PlacedTile
from scenes import palette
from scenes.khrysos.builderview import VIEW

Slot = tuple[int, int]


def _shift_held() -> bool:
    return bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)


class BuilderSelect:
    """The selection of several tiles and what is done to them together (its state lives in `BuilderScene`)."""

    selected: set[Slot]
    box_from: tuple[int, int] | None = None  # where a box selection began (screen pixels)
    copied: tuple[PlacedTile, ...] = ()  # Ctrl+C: tiles relative to their block's top-left

    def selection(self) -> list[PlacedTile]:
        return [t for t in self.tiles if (t.x, t.y) in self.selected]

    def clear_selection(self) -> None:
        if self.selected:
            self.selected = set()
            self._sync_buttons()

    def select_click(self, slot: Slot) -> bool:
        """A click on a placed tile: with Shift it joins (or leaves) the selection (True: nothing else happens);
        a plain click on a tile outside the selection drops the selection."""
        if self.coach is not None:
            return False
        if _shift_held():
            self.selected ^= {tuple(slot)}
            n = len(self.selected)
            self.say(f"{n} tile{'s' if n != 1 else ''} selected." if n else "Nothing selected.")
            self._sync_buttons()
            return True
        if tuple(slot) not in self.selected:
            self.clear_selection()
        return False

    def grouped(self, slot) -> bool:
        """Whether a gesture on `slot` acts on the whole selection (it is one of several selected tiles)."""
        return slot is not None and tuple(slot) in self.selected and len(self.selected) > 1

    # -- the box ----------------------------------------------------------------------------------
    def start_box(self, pos) -> bool:
        """A press on an empty place of the grid: a box selection begins there."""
        if self.coach is not None or not VIEW.collidepoint(pos):
            return False
        self.box_from = pos
        return True

    def box_rect(self) -> pygame.Rect | None:
        if self.box_from is None:
            return None
        (x0, y0), (x1, y1) = self.box_from, self.mouse
        return pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))

    def finish_box(self) -> None:
        box = self.box_rect()
        self.box_from = None
        if box is None or (box.width < 4 and box.height < 4):
            self.clear_selection()  # a click on an empty place
            return
        inside = {(t.x, t.y) for t in self.tiles if box.colliderect(self.slot_rect((t.x, t.y)))}
        self.selected = (self.selected | inside) if _shift_held() else inside
        n = len(self.selected)
        self.say(f"{n} tile{'s' if n != 1 else ''} selected: drag one to move them all, R turns them, Delete removes "
                 "them, Ctrl+C copies them." if n else "No tile in the box.")
        self._sync_buttons()

    def select_all(self) -> None:
        self.selected = {(t.x, t.y) for t in self.tiles}
        self.say(f"All {len(self.selected)} tiles selected.")
        self._sync_buttons()

    # -- acting on the selection -----------------------------------------------------------------------
    def _replace(self, new: list[PlacedTile], what: str, keep_selected: bool = True) -> bool:
        """The selected tiles become `new` (one undo step), unless one would leave the grid or land on another
        tile; the reason is said then and nothing changes."""
        others = [t for t in self.tiles if (t.x, t.y) not in self.selected]
        taken = {(t.x, t.y) for t in others}
        if any(not (0 <= t.x <= MAX_TILE_POS and 0 <= t.y <= MAX_TILE_POS) for t in new):
            self.say(f"Cannot {what}: a tile would leave the grid.", palette.BLOCKED)
            return False
        clash = next((t for t in new if (t.x, t.y) in taken), None)
        if clash is not None:
            self.say(f"Cannot {what}: a {TILES[next(o.tile for o in others if (o.x, o.y) == (clash.x, clash.y))].name} "
                     "is in the way.", palette.BLOCKED)
            return False
        self.edit(tuple(others + new))
        self.selected = {(t.x, t.y) for t in new} if keep_selected else set()
        self._sync_buttons()
        return True

    def move_selection(self, dx: int, dy: int) -> bool:
        moved = [PlacedTile(t.tile, t.x + dx, t.y + dy, t.rotation) for t in self.selection()]
        if (dx, dy) == (0, 0) or not moved:
            return False
        if self._replace(moved, "move them there"):
            self.say(f"{len(moved)} tiles moved (Undo takes it back).")
            return True
        return False

    def turn_selection(self) -> bool:
        """The selected tiles turned a quarter turn clockwise as one block, about their box's top-left."""
        tiles = self.selection()
        x0, y0 = min(t.x for t in tiles), min(t.y for t in tiles)
        y1 = max(t.y for t in tiles)
        turned = [PlacedTile(t.tile, x0 + (y1 - t.y), y0 + (t.x - x0), (t.rotation + 90) % 360) for t in tiles]
        if self._replace(turned, "turn them"):
            self.say(f"{len(tiles)} tiles turned a quarter turn together (Undo takes it back).")
            return True
        return False

    def delete_selection(self) -> bool:
        n = len(self.selected)
        if not n:
            return False
        self._replace([], "remove them", keep_selected=False)
        self.say(f"{n} tiles removed (Undo brings them back).")
        return True

    def copy_selection(self) -> None:
        tiles = self.selection()
        if not tiles:
            self.say("Select some tiles first (Shift+click them, or drag a box from an empty place).", palette.BLOCKED)
            return
        x0, y0 = min(t.x for t in tiles), min(t.y for t in tiles)
        self.copied = tuple(PlacedTile(t.tile, t.x - x0, t.y - y0, t.rotation) for t in tiles)
        self.say(f"{len(tiles)} tiles copied: point at an empty place and press Ctrl+V to put the copy there.")

    def paste_selection(self) -> bool:
        slot = self.hover_tile
        if not self.copied:
            self.say("Nothing copied yet: select tiles and press Ctrl+C first.", palette.BLOCKED)
            return False
        if slot is None:
            self.say("Point at the place for the copy's top-left tile, then press Ctrl+V.", palette.BLOCKED)
            return False
        new = [PlacedTile(t.tile, t.x + slot[0], t.y + slot[1], t.rotation) for t in self.copied]
        self.selected = set()
        if self._replace(new, "put the copy there"):
            self.say(f"{len(new)} tiles pasted and selected: drag one to move them all.")
            return True
        return False

    def shift_key(self, dx: int, dy: int) -> None:
        """Shift+arrow: the selection, or with none the whole map, one tile place over."""
        if not self.selected:
            if not self.tiles:
                self.say("There is no map to shift yet.", palette.BLOCKED)
                return
            self.selected = {(t.x, t.y) for t in self.tiles}
            if not self.move_selection(dx, dy):
                self.selected = set()
                return
            self.selected = set()
            self.say("The whole map shifted one place (Undo takes it back).")
            return
        self.move_selection(dx, dy)

    def draw_selection(self, surface: pygame.Surface) -> None:
        for slot in self.selected:
            pygame.draw.rect(surface, palette.GOLD, self.slot_rect(slot).inflate(-4, -4), width=3, border_radius=4)
        box = self.box_rect()
        if box is not None:
            pygame.draw.rect(surface, palette.LEGAL, box, width=2)
        drag = self.drag
        if drag is not None and drag.get("group"):
            slot = self.slot_at(drag["pos"])
            if slot is not None:
                dx, dy = slot[0] - drag["from"].x, slot[1] - drag["from"].y
                taken = {(t.x, t.y) for t in self.tiles} - self.selected
                targets = [(t.x + dx, t.y + dy) for t in self.selection()]
                free = all(0 <= x <= MAX_TILE_POS and 0 <= y <= MAX_TILE_POS and (x, y) not in taken for x, y in targets)
                for target in targets:  # green where they all fit, red where one would not
                    pygame.draw.rect(surface, palette.LEGAL if free else palette.BLOCKED, self.slot_rect(target), width=3,
                                     border_radius=3)
