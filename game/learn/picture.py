"""What a live diagram of the rules reference shows, as plain data computed by the rules (no drawing here).

A diagram's spec (in `reference.toml`) states a small position; the game's module in this
package asks the game's own queries what it means (which cells a spell reaches, where a
Trample goes, what five dice pay) and returns a `Picture`. The scene draws the picture with
the game's own renderer: it never decides what the picture shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Cell = tuple[int, int]


@dataclass(frozen=True)
class Piece:
    """A figure in a diagram: a Krosmaster or Minion kind, a hunter number, or a Krom character id."""

    what: str | int
    seat: int
    cell: Cell | None = None  # where it stands (board games), None off the board (Krom)
    label: str = ""  # a few words under it ("rolls 6", "target")
    die: int | None = None  # a die shown beside it (Krom combat), or the endurance a hunter's die shows
    focus: bool = False  # the piece the diagram is about (outlined)


@dataclass(frozen=True)
class Picture:
    """One diagram: a window of a board (or a tray of dice) with named highlight layers and a caption.

    `layers` use the board kit's layer names (reachable, in_range, blocked, range, area, danger,
    path, target, ...): layer -> {cell: note}. `legend` pairs a layer with the words that
    explain its colour. `marks` are short texts drawn in cells (a ring number, an MP cost).
    """

    game: str
    kind: str
    board: str = ""  # Krosmaster layout id or Khrysos sample map id
    window: tuple[int, int, int, int] | None = None  # x, y, width, height of the board shown
    pieces: tuple[Piece, ...] = ()
    layers: dict[str, dict[Cell, str]] = field(default_factory=dict)
    marks: dict[Cell, str] = field(default_factory=dict)
    path: tuple[Cell, ...] = ()
    terrain: dict[Cell, str] = field(default_factory=dict)  # Krosmaster Special Terrain tiles
    glyphs: dict[Cell, int] = field(default_factory=dict)  # Krosmaster Glyph cells held (seat)
    loot: tuple[Cell, ...] = ()  # Khrysos treasure markers
    dice: tuple[int, ...] = ()  # Krom: the dice of a tray (Mountain, hunt)
    kept: tuple[int, ...] = ()  # indexes of dice kept
    card: str = ""  # Krom: a Hunting card name shown beside the dice
    bars: tuple[tuple[str, float], ...] = ()  # labelled chances (0 to 1) drawn as bars
    rewards: tuple[tuple[tuple[str, int], ...], ...] = ()  # Krom: what stopping pays, one bundle per choice
    legend: tuple[tuple[str, str], ...] = ()
    caption: str = ""
    lines: tuple[str, ...] = ()  # further computed facts, one short line each

    def cells(self) -> set[Cell]:
        """Every cell the picture mentions (layers, marks, path, pieces)."""
        out = {p.cell for p in self.pieces if p.cell is not None}
        for layer in self.layers.values():
            out |= set(layer)
        return out | set(self.marks) | set(self.path)

    def outside(self) -> list[Cell]:
        """Cells the picture needs but its window does not show (a spec mistake)."""
        if self.window is None:
            return []
        x, y, w, h = self.window
        needed = {p.cell for p in self.pieces if p.cell is not None} | set(self.path)
        return sorted(c for c in needed if not (x <= c[0] < x + w and y <= c[1] < y + h))
