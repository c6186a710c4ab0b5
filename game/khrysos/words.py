"""How Khrysos Hunters' texts name things: squares, zones, players, hunters, actions.

Squares are named as the board shows them on its edges: column letters from the left and
row numbers from the top, counted from the map's own corner (the bounding box of its
squares: the leftmost column any tile covers is "A", the top row any tile covers is "1"),
so a map reads the same wherever it was laid on the builder's grid. Past 26 columns the
letters go on as a spreadsheet's: "AA", "AB". A Treasure Zone square is also named by its
zone ("Treasure Zone 5 (C7)", `place_name`). Boards draw the same labels from
`column_name` and `row_name`.

Players: every text function takes `names` (seat index -> the name the table gave; None
keeps "Player 1", "Player 2", ...). Hunters are named by their card's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.actions import Action
from game.core.grammar import capital, counted, listing, possessive
from game.khrysos.content import HUNTERS, MAX_ENDURANCE, WIN_TREASURE, compile_steps, plan_of, read_symbols_text, symbols_text
from game.khrysos.facts import BOOST_PHASE, current_step, hunter_name, player_name
from game.khrysos.squares import (_board, column_name, columns, corner, grid_column_name, grid_row_name, grid_square_name,
                                  row_name, rows, square_name)

Cell = tuple[int, int]
Names = Sequence[str] | None

def place_name(board_or_state, cell: Cell) -> str:
    """A square with its Treasure Zone when it is one: "Treasure Zone 5 (C7)", else "C7"."""
    zone = _board(board_or_state).zones.get(tuple(cell))
    name = square_name(board_or_state, cell)
    return f"Treasure Zone {zone} ({name})" if zone else name


def squares_text(board_or_state, cells, conj: str = "and") -> str:
    """Several squares in words: "C7, D8 and E2"."""
    return listing([square_name(board_or_state, c) for c in cells], conj)


# -- the race to 12 ------------------------------------------------------------------------------


def race_text(players: int) -> str:
    """What wins, for `players` players: with two, each has two Scoring cards counted apart (RULES_NOTES X1)."""
    if players == 2:
        return ("Each player runs two hunters, each on its own Scoring card. The two cards count apart "
                f"and are never added: the first card to reach {WIN_TREASURE} treasures wins.")
    return f"Each player's Scoring card counts their treasure: the first to reach {WIN_TREASURE} treasures wins."


def treasure_lines(state, names: Names = None) -> list[str]:
    """Each player's treasure, one line a player (the end screen): "Red: 5 treasures"; with two players,
    both cards, never added: "Red: two Scoring cards, at 5 and 4 treasures (each counts alone)"."""
    out = []
    for seat in range(state.num_players):
        counts = state.treasures_of(seat)
        who = player_name(seat, names)
        if len(counts) == 2:
            out.append(f"{who}: two Scoring cards, at {counts[0]} and {counts[1]} treasures (each counts alone)")
        else:
            out.append(f"{who}: {counted(counts[0], 'treasure')}")
    return out


# -- actions --------------------------------------------------------------------------------------


def action_text(state, action: Action, names: Names = None) -> str:
    """An action as a player would say it ("Use Theft with Elia Rose (2 energy)", "Move Bento
    Rush to C7"), for suggestions and undo lines.

    It names only what the player deciding can see: their own hand, the hunters on the map.
    No action names a player, so `names` changes nothing (it is taken like every text function
    of the game). An action it does not know reads in its text form.
    """
    kind = action.kind
    args: tuple[Any, ...] = action.args  # read as the kind says; an action that does not fit reads in its text form
    card = state.cards[state.turn] if 0 <= state.turn < len(state.cards) else None
    who = hunter_name(card.hunter) if card is not None and card.hunter else "the hunter"

    def square(x: int, y: int) -> str:
        return square_name(state, (x, y))

    try:
        if kind == "play":
            return f"Play {hunter_name(args[0])}"
        if kind == "place":
            return f"Start on {place_name(state, (args[0], args[1]))}"
        if kind == "withdraw":
            return f"Withdraw {who}"
        if kind == "roll":
            return "Roll the white die"
        if kind == "move":
            return f"Move {who} to {square(args[0], args[1])}"
        if kind == "end":
            return f"End {possessive(who)} turn"
        if kind == "act" and card is not None:
            return f"Use {HUNTERS[card.hunter].actions[args[0] - 1].name} with {who} ({args[0]} energy)"
        if kind == "boost":
            return f"Spend the {str(args[0]).capitalize()} +{args[1]} Boost"
        if kind == "step":
            return f"Take {who} on to {square(args[0], args[1])}"
        if kind == "shift":
            return f"Move {hunter_name(args[0])} to {square(args[1], args[2])}"
        if kind == "target":
            return f"Target {hunter_name(args[0])}"
        if kind == "guard":
            return f"Spend {counted(args[0], 'Guard marker')}" if args[0] else "Spend no Guard marker"
        if kind == "done":
            r = state.res
            if r is not None and r.push:
                return "Move nobody further"
            if r is not None and r.pc == BOOST_PHASE:
                return "Spend no more Boosts"
            if r is not None and current_step(state).kind == "hit":
                return "Make no more hits"
            return "Stop here and go on with the action"
    except (IndexError, KeyError, AttributeError, TypeError, ValueError):
        pass
    return str(action)


def proper_names() -> tuple[str, ...]:
    """Every name of the content a text may open with, kept as written after a colon (`grammar.after_colon`):
    the hunters and their actions, Treasure Zones."""
    out = ["Treasure Zone"]
    for h in HUNTERS.values():
        out += [h.name, *(a.name for a in h.actions)]
    return tuple(dict.fromkeys(out))


# -- action symbols in words ------------------------------------------------------------------------


def _box_words(box) -> str:
    """What a targeting box does to a target, in words: "takes 2 Damage and is Stunned (...)"."""
    parts = []
    for name, value in box:
        if name == "damage":
            parts.append(f"takes {value} Damage")
        elif name == "heal":
            parts.append(f"heals {value}")
        elif name == "guard":
            parts.append(f"gains {counted(value, 'Guard marker')}")
        elif name == "steal":
            parts.append(f"has {value} treasure stolen")
        elif name == "swap":
            parts.append("swaps places with the hunter")
        elif name == "trap":
            parts.append("is Trapped (no moving until the end of its next turn)")
        elif name == "stun":
            parts.append("is Stunned (no actions until the end of its next turn)")
        elif name == "move":
            parts.append(f"may be moved {counted(value, 'square')} (split as you like between it and the hunter)")
        elif name.startswith("boost_"):
            parts.append(f"gains a Boost ({name[6:].capitalize()} +{value})")
    if not parts:
        return "is targeted"
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


def action_words(hunter: int, number: int, upgraded: bool = False) -> str:
    """Action `number` of `hunter` (with its Upgrade when `upgraded`), its symbols read left to right in sentences:
    "The hunter gains 1 Guard marker, then hits 1 hunter within Range 3, who takes 1 Damage." """
    return steps_words(plan_of(hunter, number, upgraded))


def steps_words(steps, subject: str = "the hunter") -> str:
    """Resolved steps (`hunters.compile_steps`) read in sentences, `subject` doing them: "The hunter hits
    1 hunter within Range 1, who takes 2 Damage. Then the hunter moves up to 2 squares." ("Nothing." for none)."""
    out = [(capital(subject) if k == 0 else "Then " + subject) + " " + body + "."
           for k, body in enumerate(step_clauses(steps))]
    return " ".join(out) if out else "Nothing."


def step_clauses(steps) -> list[str]:
    """What resolved steps do, one clause per sentence (a sentence ends after each Hit, Burst or Trample),
    each without its subject: ["hits 1 hunter within Range 1, who takes 2 Damage", "moves up to 2 squares"]."""
    sentences: list[list[str]] = [[]]
    for st in steps:
        part = ""
        if st.kind == "move":
            part = f"moves up to {counted(st.value, 'square')}"
        elif st.kind == "heal":
            part = f"heals {st.value}"
        elif st.kind == "guard":
            part = f"gains {counted(st.value, 'Guard marker')}"
        elif st.kind.startswith("boost_"):
            part = f"gains a Boost ({st.kind[6:].capitalize()} +{st.value})"
        elif st.kind == "hit":
            reach = "on its own square" if st.range == 0 else f"within Range {st.range}"
            blast = ""
            if st.blast >= 0:
                around = f"every hunter within {counted(st.blast, 'square')} of" if st.blast else "every hunter on the square of"
                blast = f"; its Blast catches {around} the target (the acting hunter too), and each"
            if st.value == 1:
                part = f"hits 1 hunter {reach}{blast or ', who'} {_box_words(st.box)}"
            else:
                part = f"hits {st.value} times {reach} (one hunter or several){blast or '; each target'} {_box_words(st.box)}"
        elif st.kind == "burst":
            part = f"bursts: every other hunter within {counted(st.value, 'square')} {_box_words(st.box)}"
        elif st.kind == "trample":
            part = (f"tramples up to {counted(st.value, 'square')}: every hunter on its way (its starting square too) "
                    f"{_box_words(st.box)}")
        if part:
            sentences[-1].append(part)
        if st.kind in ("hit", "burst", "trample"):
            sentences.append([])
    return [", then ".join(parts) for parts in sentences if parts]


def symbols_words(symbols: str, subject: str) -> list[str]:
    """An action's symbols as the rules write them in its event ("Hit 1 Range 2 [Damage 1]", see
    `hunters.symbols_text`) read as `step_clauses`; [] when the text is empty or does not read as symbols."""
    try:
        return step_clauses(compile_steps(read_symbols_text(symbols)))
    except (ValueError, IndexError):
        return []


def upgrade_words(upgrade) -> str:
    """What an Upgrade changes, in words: "Trample +1", "the box also deals Damage 1", "the box also Stuns"."""
    parts = [f"{name.capitalize()} +{value}" for name, value in upgrade.raises]
    for name, value in upgrade.box_adds:
        parts.append(f"the box also {_symbol_words(name, value)}")
    for name, value in upgrade.self_adds:
        parts.append(f"the hunter also gains {symbols_text(((name, value),))}")
    return ", ".join(parts) if parts else upgrade.text


def _symbol_words(name: str, value: int) -> str:
    verbs = {"damage": f"deals Damage {value}", "stun": "Stuns the target", "trap": "Traps the target",
             "heal": f"Heals {value}", "steal": f"Steals {value}", "swap": "Swaps places", "move": f"Moves the target {value}"}
    return verbs.get(name, symbols_text(((name, value),)))


# What each symbol of a hunter card does, in plain words (a symbol's tooltip on the board).
SYMBOL_WORDS = {
    "move": "Move: move up to this many squares (Trap does not stop it).",
    "heal": f"Heal: get back this much endurance, never above {MAX_ENDURANCE}.",
    "guard": "Guard: gain Guard markers; each blocks 1 damage until the end of the hunter's next turn.",
    "hit": "Hit: choose this many targets (the same one again is allowed) within the Range.",
    "range": "Range: how many rings of squares away a Hit reaches.",
    "blast": "Blast: the box also hits every hunter this many rings around each target.",
    "burst": "Burst: every other hunter within this many rings is a target.",
    "trample": "Trample: move up to this many squares; every hunter passed is a target once.",
    "damage": "Damage: the target loses this much endurance.",
    "steal": "Steal: take this many treasures from the target (not from one with none).",
    "swap": "Swap: the acting hunter and the target change places.",
    "trap": "Trap: the target cannot spend energy on moving until the end of its next turn.",
    "stun": "Stun: the target cannot use actions until the end of its next turn.",
    "boost": "Boost: a marker that can raise this symbol of a later action; it lasts until the end of the next turn.",
}


def symbol_tip(name: str, value: int) -> str:
    """What a symbol of a hunter card does, in plain words: "Heal: get back this much endurance, never above 6.",
    "Boost Hit +1: gain a Boost marker that can raise a Hit symbol by 1 later." (the name itself when unknown)."""
    if name.startswith("boost_"):
        target = name[len("boost_"):].capitalize()
        return f"Boost {target} +{value}: gain a Boost marker that can raise a {target} symbol by {value} later."
    return SYMBOL_WORDS.get(name, name)


__all__ = [
    "action_text",
    "action_words",
    "column_name",
    "grid_column_name",
    "grid_row_name",
    "grid_square_name",
    "columns",
    "corner",
    "hunter_name",
    "place_name",
    "proper_names",
    "player_name",
    "row_name",
    "rows",
    "square_name",
    "squares_text",
    "step_clauses",
    "steps_words",
    "symbol_tip",
    "symbols_words",
    "upgrade_words",
]
