"""The map builder's gestures on the map and the map's hotspots: a tile card picked up from the list or
from the map (dragged, or carried by a click), put down, turned, removed. Each gesture is one or more
`game.khrysos.Edit`s made by `apply_edit` (a lesson's coach may veto them first). A mixin of `BuilderScene`."""

from __future__ import annotations

import pygame

from game.khrysos import TILES, Edit, MapEditError, apply_edit
from scenes import palette, ui
from scenes.khrysos.builderview import NOTE_LINE, SIDE, SLOTS, VIEW

CHECKS = ("count", "zones", "overlap", "connection")  # the checklist's lines, in order (see BuilderView.checklist)


class BuilderGestures:
    """Gestures and map hotspots of the builder (its state lives in `BuilderScene`)."""

    def _map_hotspots(self) -> None:
        """The grid's tile places, the turn handle, the checklist's lines and the problem list."""
        spots = self.spots
        view = VIEW
        target = self.coach.target() if self.coach is not None else None
        for x in range(SLOTS):
            for y in range(SLOTS):
                r = self.slot_rect((x, y)).clip(view)
                if r.width < 6 or r.height < 6:
                    continue
                placed = self.tile_at((x, y))
                if placed is not None:
                    turned = f" (turned {placed.rotation}°)" if placed.rotation else ""
                    together = " (with the other selected tiles)" if self.grouped((x, y)) else ""
                    spots.add(f"slot:{x},{y}", r, [f"{TILES[placed.tile].name}{turned}",
                                                   f"Drag it to move it{together}, or off the map to remove it; "
                                                   "right-click, R or its turn handle turns it. Shift+click selects "
                                                   "it with others."],
                              click=lambda sl=(x, y): self._pick_up(sl), right_click=lambda sl=(x, y): self._turn_at(sl))
                elif self.coach is not None or self.drag is not None:
                    spots.add(f"slot:{x},{y}", r, "An empty place on the map: drop a tile card here")
        shown = {self.hover_tile, self._slot_of(target)} - {None}
        for slot in sorted(shown):
            if self.tile_at(slot) is None:
                continue
            handle = self.turn_handle(slot)
            if view.contains(handle):
                spots.add(f"turn:{slot[0]},{slot[1]}", handle, "Turn this tile a quarter turn clockwise (or right-click "
                                                                "it, or press R over it)",
                          click=lambda sl=slot: self.rotate(sl))
        y = self.checklist_top() + 26
        for (ok, line), kind in zip(self.checklist(), CHECKS):
            height = NOTE_LINE * len(ui.wrap(line, 15, SIDE.width - 52))
            spots.add(f"check:{kind}", pygame.Rect(SIDE.left + 10, y - 2, SIDE.width - 20, height + 4),
                      [("Done: " if ok else "Not yet: ") + line])
            y += height + 6
        spots.add("problems", self.notes_rect(), "What keeps the map from being played (red) and what to look at (gold): "
                  "click one to see its tiles on the map" if self.note_lines() else "No problem: the map can be played")
        for k, rect in self.note_rows().items():  # each problem a link to its tiles (its own words are on screen)
            note = self.report_notes[k]
            if note.tiles:
                count = len(note.tiles)
                spots.add(f"problem:{k}", rect, f"Click to show {'this tile' if count == 1 else f'these {count} tiles'} "
                                                "on the map (they blink)", click=lambda n=note: self.show_problem(n))
            else:
                spots.add(f"problem:{k}", rect, "This is about the whole map, not one tile: there is nothing to point at")

    def show_problem(self, note) -> None:
        """A problem clicked in the list: the view moves (and zooms out if it must) to show its tiles, which blink."""
        self.fit_view(note.tiles, most=max(self.zoom, 1))
        self.shown_problem, self.shown_left = note, 2.5
        self._sync_buttons()

    @staticmethod
    def _slot_of(key: str | None) -> tuple[int, int] | None:
        """The tile place a `slot:x,y` or `turn:x,y` key names."""
        if key is None or not key.startswith(("slot:", "turn:")):
            return None
        x, y = key.split(":", 1)[1].split(",")
        return (int(x), int(y))

    def _press(self, pos) -> bool:
        """A press the hotspots did not take (their clicks pick tiles up): a carried tile goes down here."""
        if self.drag is not None and self.drag.get("carry"):
            self._drop(pos)
            return True
        tile = self._palette_tile_at(pos)
        if tile is not None:
            self._pick(tile, pos)
            return True
        slot = self.slot_at(pos)
        if slot is not None and self.tile_at(slot) is not None:
            self._pick_up(slot, pos)
            return True
        return slot is not None and self.start_box(pos)  # an empty place: a box to select tiles begins

    def _clicked_in_place(self, pos) -> bool:
        """The button came up where the drag began (a click, not a drag): on its card in the list, or on its
        own place on the map."""
        drag = self.drag
        if drag["from"] is None:
            return self.slot_at(pos) is None and self._palette_tile_at(pos) == drag["tile"]
        moving = drag["from"]
        return self.slot_at(pos) == (moving.x, moving.y) and drag["rotation"] == moving.rotation

    def _palette_tile_at(self, pos) -> str | None:
        return next((tile for tile, r in self.palette_items() if r.collidepoint(pos)), None)

    def _pick(self, tile: str, pos=None) -> None:
        """Start dragging a new tile card from the list (or put down the one carried, on a click on the map)."""
        pos = pos or self.spots.mouse or self.mouse
        self.drag = {"tile": tile, "rotation": 0, "from": None, "pos": pos, "pointer": self._pointer_before()}

    def _pick_up(self, slot, pos=None) -> None:
        """Start dragging the tile placed at `slot` (to move it, or off the map to remove it)."""
        if self.drag is not None and self.drag.get("carry"):
            self._drop(pos or self.spots.mouse or self.mouse)  # a carried tile dropped on a taken place: refused there
            return
        placed = self.tile_at(slot)
        if placed is None or self.select_click(slot):
            return
        pos = pos or self.spots.mouse or self.mouse
        self.drag = {"tile": placed.tile, "rotation": placed.rotation, "from": placed, "pos": pos,
                     "pointer": self._pointer_before(), "group": self.grouped(slot)}

    def _cancel_drag(self) -> None:
        self.drag = None

    def _drop(self, pos) -> None:
        drag, self.drag = self.drag, None
        slot = self.slot_at(pos)
        moving = drag["from"]
        if drag.get("group"):  # one of several selected tiles: they all go, or off the map they are all removed
            if slot is None:
                self.delete_selection()
            else:
                self.move_selection(slot[0] - moving.x, slot[1] - moving.y)
            return
        back_to = drag.get("pointer", 0)
        if drag.get("carry"):
            self.message = None  # "picked up: click a place..." is done with
        if slot is None:
            if moving is not None:
                self.commit([Edit("remove", moving.x, moving.y)], ((moving.x, moving.y),), back_to,
                            said=f"{TILES[moving.tile].name} removed.")
            elif drag.get("carry"):
                self.say(f"{TILES[drag['tile']].name} put back.")
                self._sync_buttons()
            return
        if moving is not None and (moving.x, moving.y) == slot and moving.rotation == drag["rotation"]:
            if drag.get("carry"):
                self.say(f"{TILES[moving.tile].name} put back where it was.")
            self._sync_buttons()
            return  # dropped where it was
        if moving is None:
            edits = [Edit("place", slot[0], slot[1], drag["tile"], drag["rotation"])]
            touched = (slot,)
        else:
            edits = [Edit("move", moving.x, moving.y, to=slot)] if (moving.x, moving.y) != slot else []
            edits += [Edit("turn", *slot)] * (((drag["rotation"] - moving.rotation) % 360) // 90)
            touched = ((moving.x, moving.y), slot)
        if self.commit(edits, touched, back_to, drop=f"slot:{slot[0]},{slot[1]}"):
            self.app.play_sound("card")

    def commit(self, edits: list[Edit], touched, back_to: int = 0, *, said: str | None = None,
               drop: str | None = None) -> bool:
        """Make one gesture's edits (a lesson's coach may veto them; a tile in the way refuses them with the
        reason): one step of the undo history. True when the map changed."""
        if self.coach is not None:
            reason = self.coach.refusal(self, edits)
            if reason:
                self.say(reason, palette.BLOCKED)
                self.coach.vetoed(self, reason, back_to)
                return False
        spec = self.spec
        try:
            for e in edits:
                spec = apply_edit(spec, e)
        except MapEditError as e:
            self.say(ui.sentence(str(e)), palette.BLOCKED)
            if self.coach is not None:
                self.coach.vetoed(self, ui.sentence(str(e)), back_to)
            return False
        if said:
            self.say(said)
        self.edits += edits
        if self.coach is not None and drop is not None:
            self.coach.touched(drop)
        self.edit(spec.tiles, touched)
        if self.coach is not None:
            self.coach.settled(self)
            self._sync_buttons()
        return True

    def _turn_at(self, slot) -> None:
        """A right-click on a placed tile: turns the tile being dragged, if any, else this one."""
        if self.drag is not None:
            self.drag["rotation"] = (self.drag["rotation"] + 90) % 360
            return
        self.rotate(slot)

    def rotate(self, slot) -> bool:
        if self.grouped(slot):
            return self.turn_selection()
        placed = self.tile_at(slot) if slot is not None else None
        if placed is None:
            return False
        self.commit([Edit("turn", *slot)], (tuple(slot),), self._pointer_before())
        return True

    def remove(self, slot) -> bool:
        if self.selected and self.coach is None:
            return self.delete_selection()
        placed = self.tile_at(slot) if slot is not None else None
        if placed is None:
            return False
        self.commit([Edit("remove", *slot)], (tuple(slot),), self._pointer_before(),
                    said=f"{TILES[placed.tile].name} removed.")
        return True
