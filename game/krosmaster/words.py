"""How Krosmaster: Blast's texts name things: squares, players, fighters, die faces, actions, the end.

Squares are named as the board shows them on its edges, drawn unturned: columns A-H from
left to right (x = 0 .. 7) and rows 1-10 from top to bottom (y = 0 .. 9), so the cell
(2, 6) is "C7". Boards draw the same labels from `column_name` and `row_name`.

Players: every text function of the game takes `names` (seat index -> the name the table
gave; None keeps the colours "Blue" and "Pink"). A fighter is "Blue Golda Purse" with the
colours, "Ann's Golda Purse" with a table name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core.grammar import column_label, counted, listing, possessive, row_label, seat_name
from game.krosmaster.grid import HEIGHT, WIDTH, XY
from game.krosmaster.content import CONTENT, Character, Favor

COLOUR = ("Blue", "Pink")  # seat 0 plays blue, seat 1 pink: the default names of the seats

Names = Sequence[str] | None


# -- squares ----------------------------------------------------------------------------------


def column_name(x: int) -> str:
    """The letter of column `x` (0 .. 7) on the board's edge: "A" .. "H", left to right."""
    if not 0 <= x < WIDTH:
        raise ValueError(f"column {x} is off the board (0 to {WIDTH - 1})")
    return column_label(x)


def row_name(y: int) -> str:
    """The number of row `y` (0 .. 9) on the board's edge: "1" .. "10", top to bottom."""
    if not 0 <= y < HEIGHT:
        raise ValueError(f"row {y} is off the board (0 to {HEIGHT - 1})")
    return row_label(y)


def square_name(cell) -> str:
    """A cell as a player reads it on the board's edges: (2, 6) -> "C7", (0, 0) -> "A1", (7, 9) -> "H10".

    `cell` is an (x, y) pair (x the column from the left, y the row from the top) or the
    rules' cell index `y * 8 + x`. ValueError for a cell off the board.
    """
    if isinstance(cell, int) and not isinstance(cell, bool):
        if not 0 <= cell < len(XY):
            raise ValueError(f"cell {cell} is off the board")
        cell = XY[cell]
    x, y = cell
    return column_name(x) + row_name(y)


# -- players, fighters, content ------------------------------------------------------------------


def player_name(seat: int, names: Names = None) -> str:
    """What the texts call a seat: its table name, or its colour ("Blue", "Pink")."""
    return seat_name(seat, names, COLOUR[seat] if 0 <= seat < len(COLOUR) else f"Player {seat + 1}")


def character_name(kind: str) -> str:
    return CONTENT.character(kind).name


def fighter_name(state, fid: int, names: Names = None) -> str:
    """A fighter with its side: "Blue Golda Purse" (colours) or "Ann's Golda Purse" (a table name)."""
    if state is None or not 0 <= fid < len(state.fighters):
        return "a fighter"
    f = state.fighters[fid]
    owner = player_name(f.owner, names)
    kind = character_name(f.kind)
    if owner == COLOUR[f.owner]:
        return f"{owner} {kind}"
    return f"{possessive(owner)} {kind}"


def item_name(kind: str, key: str) -> str:
    """The display name of a Favor, Krosmaster or Minion id (never the id itself)."""
    tables: dict[str, Mapping[str, Favor | Character]] = {
        "favor": CONTENT.favors, "krosmaster": CONTENT.krosmasters, "minion": CONTENT.minions}
    table = tables.get(kind)
    return table[key].name if table and key in table else key.replace("_", " ").title()


def terrain_name(terrain: str) -> str:
    t = CONTENT.terrain.get(terrain)
    return t.name if t is not None else terrain.replace("_", " ").title()


def spell_name(spell_id: str) -> str:
    for c in list(CONTENT.krosmasters.values()) + list(CONTENT.minions.values()):
        s = c.spell(spell_id)
        if s:
            return s.name
    return spell_id.replace("_", " ").title()


def bonus_name(challenge: str, bonus: str) -> str:
    ch = CONTENT.challenges.get(challenge)
    if ch is None:
        return bonus.replace("_", " ").title()
    for b in ch.bonuses:
        if b.id == bonus:
            return f"{b.name} ({ch.name})"
    return bonus.replace("_", " ").title()


def face_words(faces) -> str:
    """Combat-die faces as a player reads them: "critical joker", not the internal "critical_joker"."""
    return ", ".join(str(f).replace("_", " ") for f in faces)


# -- the end ------------------------------------------------------------------------------------


def end_reason(winners, lost, glyphs, names: Names = None) -> str:
    """Why the game ended, as a sentence: knocked-out Krosmasters, or the Glyph cells once the Favors ran out."""
    if len(lost) == 2:
        return "Both teams lost half of their Krosmasters at once."
    if lost:
        return f"{player_name(lost[0], names)} lost half of their Krosmasters."
    if not winners:
        return f"The Favor pile is empty and both sides hold {counted(glyphs[0], 'Glyph cell')}."
    win = winners[0]
    return (f"The Favor pile is empty: {player_name(win, names)} holds {counted(glyphs[win], 'Glyph cell')} "
            f"to {glyphs[1 - win]}.")


# -- actions ----------------------------------------------------------------------------------------


def action_text(state, action, names: Names = None) -> str:
    """An action as a player would say it, for suggestions and undo lines: "Cast Kama Toss with
    Golda Purse at Pink Arrowna on C7", "Move Golda Purse to D5", "End the turn".

    The acting fighter is named by its character (it is the deciding player's own); a
    fighter it aims at is named with its side (`names`, as in `describe`). An action the
    game does not know reads in its text form.
    """
    args, kind = action.args, action.kind

    def who(i) -> str:
        if isinstance(i, int) and 0 <= i < len(state.fighters):
            return character_name(state.fighters[i].kind)
        return "a fighter"

    def at(x, y) -> str:
        sq = square_name((x, y))
        fid = state.grid[y * WIDTH + x] if 0 <= x < WIDTH and 0 <= y < HEIGHT else -1
        return f"{fighter_name(state, fid, names)} on {sq}" if fid >= 0 else sq

    def aimed(user, x, y) -> str:
        f = state.fighters[user]
        return "" if f.cell >= 0 and XY[f.cell] == (x, y) else f" at {at(x, y)}"

    try:
        if kind == "pick":
            return f"Draft {item_name('krosmaster', args[0])}"
        if kind == "place":
            return f"Place {who(args[0])} on {square_name((args[1], args[2]))}"
        if kind == "slot":
            favor = item_name("favor", state.revealed) if state.revealed else "the revealed Favor"
            return f"Put {favor} in the {args[0]} slot"
        if kind == "activate":
            return f"Play {who(args[0])}"
        if kind == "pass":
            return f"End turn {state.turn}" if state.turn > 0 else "End the turn"
        if kind == "move":
            return f"Move {who(args[0])} to {square_name((args[1], args[2]))}"
        if kind == "cast":
            spell = CONTENT.character(state.fighters[args[0]].kind).spell(args[1])
            name = spell.name if spell is not None else spell_name(args[1])
            return f"Cast {name} with {who(args[0])}{aimed(args[0], args[2], args[3])}"
        if kind == "favor":
            slot = state.left if args[1] == "left" else state.right
            name = item_name("favor", slot[-1]) if slot else f"the {args[1]} Favor"
            return f"Use {name} with {who(args[0])}{aimed(args[0], args[2], args[3])}"
        if kind == "challenge":
            bonus = next((b for c in state.challenges for b in CONTENT.challenges[c].bonuses if b.id == args[1]), None)
            name = bonus.name if bonus is not None else "a Divine Challenge bonus"
            return f"Call on {name} with {who(args[0])}{aimed(args[0], args[2], args[3])}"
        if kind == "end":
            return f"End {possessive(who(args[0]))} activation"
        if kind == "face":
            return f"Turn the joker to {face_words((args[0],))}"
        if kind == "reroll":
            return "Roll the combat die again (Spin Again)"
        if kind == "keep":
            face = state.pending.face if state.pending is not None and state.pending.face else ""
            return f"Keep the {face_words((face,))}" if face else "Keep the roll"
        if kind == "remove":
            cell = args[1] * WIDTH + args[0]
            return f"Remove the {terrain_name(state.terrain[cell])} tile on {square_name((args[0], args[1]))}"
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        pass
    return str(action)


def options_text(options, conj: str = "or") -> str:
    """Die faces or names as a choice in words: "critical, shield or miss"."""
    return listing([face_words((o,)) for o in options], conj)


def proper_names() -> tuple[str, ...]:
    """Every name of the content a text may open with, kept as written after a colon (`grammar.after_colon`):
    Krosmasters, Minions, their spells and powers, Krosmic Favors, Divine Challenges and their bonuses, tiles."""
    c = CONTENT
    out = []
    for ch in (*c.krosmasters.values(), *c.minions.values()):
        out += [ch.name, *(s.name for s in ch.spells), *(p.name for p in ch.powers)]
    out += [f.name for f in c.favors.values()]
    for challenge in c.challenges.values():
        out += [challenge.name, *(b.name for b in challenge.bonuses)]
    out += [t.name for t in c.terrain.values()] + [f.name for f in c.faces.values()]
    return tuple(dict.fromkeys(out))


__all__ = [
    "COLOUR",
    "action_text",
    "bonus_name",
    "proper_names",
    "character_name",
    "column_name",
    "end_reason",
    "face_words",
    "fighter_name",
    "item_name",
    "options_text",
    "player_name",
    "row_name",
    "spell_name",
    "square_name",
    "terrain_name",
]
