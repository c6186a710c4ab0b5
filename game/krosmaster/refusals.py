"""Why an action is refused: a sentence a player can read, checking the specific reasons before the generic one."""

from __future__ import annotations

from typing import Any, cast

from game.core import Action
from game.krosmaster.grid import DIST, index, on_board
from game.krosmaster.facts import BONUSES, availability_problem, favor_in, target_problem
from game.krosmaster.content import CONTENT
from game.krosmaster.state import SLOTS, Fighter, State
from game.krosmaster.words import action_text, character_name, options_text, square_name, terrain_name
from game.core.grammar import indefinite

_SHAPES = {
    "pick": ("word",),
    "place": ("int", "int", "int"),
    "slot": ("word",),
    "activate": ("int",),
    "pass": (),
    "move": ("int", "int", "int"),
    "cast": ("int", "word", "int", "int"),
    "favor": ("int", "word", "int", "int"),
    "challenge": ("int", "word", "int", "int"),
    "end": ("int",),
    "face": ("word",),
    "reroll": (),
    "keep": (),
    "remove": ("int", "int"),
}


_EXAMPLES = {
    "pick": "pick arrowna", "place": "place 0 3 9", "slot": "slot left", "activate": "activate 0", "pass": "pass",
    "move": "move 0 3 4", "cast": "cast 0 catroulette 4 5", "favor": "favor 0 left 4 5",
    "challenge": "challenge 0 iops_wrath 3 4", "end": "end 0", "face": "face critical", "reroll": "reroll",
    "keep": "keep", "remove": "remove 2 3",
}


_PHASE_OF = {
    "pick": "draft", "place": "place", "slot": "reveal", "activate": "select", "pass": "select", "move": "act",
    "cast": "act", "favor": "act", "challenge": "act", "end": "act", "face": "decide", "reroll": "decide",
    "keep": "decide", "remove": "decide",
}


_DECISION_KINDS = {"face": ("face",), "reroll": ("reroll", "keep"), "remove": ("remove",)}


_WAITING = {
    "draft": "pick a Krosmaster first",
    "place": "place your Krosmasters on their starting cells first",
    "reveal": "first put the revealed Krosmic Favor in the left or right slot",
    "select": "choose which fighter to play next (activate) or pass",
    "act": "finish playing the active fighter first (end it when done)",
}


def well_formed(a) -> bool:
    """An `Action` whose kind is a word and whose arguments are a tuple of ints and words (never bools)."""
    return (
        type(a) is Action and type(a.kind) is str and type(a.args) is tuple
        and all(type(v) is int or type(v) is str for v in a.args)
    )


def refusal(s: State, a: Action) -> str:
    """Why the well-formed, non-legal action `a` is refused: specific reasons first, then the generic one."""
    if s.phase == "over":
        return "the game is over"
    kind, args = a.kind, cast("tuple[Any, ...]", a.args)  # each argument's type is checked against the shape below
    if kind not in _SHAPES:
        return f"unknown action {kind!r}"
    shape = _SHAPES[kind]
    if len(args) != len(shape) or any((t == "int") != isinstance(v, int) for t, v in zip(shape, args)):
        return f"{kind} is written like {_EXAMPLES[kind]!r}"
    pending = s.pending
    if s.phase == "decide" and pending is not None and kind not in _DECISION_KINDS[pending.kind]:
        what = {"face": "which face the joker shows", "reroll": "whether to roll again (reroll or keep)",
                "remove": "which terrain tile to remove"}[pending.kind]
        return f"first decide {what}"
    if _PHASE_OF[kind] != s.phase:
        if _PHASE_OF[kind] == "decide":
            return "there is no decision to make now"
        return _WAITING[s.phase]
    seat = s.to_move
    if kind in ("place", "activate", "move", "cast", "favor", "challenge", "end"):
        fid = args[0]
        if not 0 <= fid < len(s.fighters):
            return f"there is no fighter number {fid}"
        f = s.fighters[fid]
        if f.owner != seat:
            return "that fighter is the other player's"
        if f.out:
            return "that fighter is knocked out"
        if kind == "place":
            return _place_problem(s, f, args[1], args[2])
        if kind == "activate":
            if f.played:
                return "that fighter has already been played this turn"
            if f.minion:
                return "play your Krosmasters before your Minions"
        elif fid != s.active:
            return f"{character_name(f.kind)} is not the fighter being played ({character_name(s.fighters[s.active].kind)} is)"
        elif kind == "move":
            return _move_problem(s, f, args[1], args[2])
        elif kind in ("cast", "favor", "challenge"):
            return _use_problem(s, f, kind, args[1], args[2], args[3])
    if kind == "pick":
        if args[0] not in CONTENT.krosmasters:
            return f"there is no Krosmaster called {args[0]!r}"
        return f"{CONTENT.krosmasters[args[0]].name} has already been picked"
    if kind == "slot":
        return "the slots are 'left' and 'right'"
    if kind == "face" and pending is not None:
        return f"the joker can show {options_text(pending.options)}"
    if kind == "remove" and pending is not None:
        return f"choose {indefinite(terrain_name(pending.terrain) + ' tile')} on the board to remove"
    return f"{action_text(s, a)} is not possible now"


def _place_problem(s: State, f: Fighter, x: int, y: int) -> str:
    if f.cell >= 0:
        return "that Krosmaster is already on the board"
    if not on_board(x, y):
        return "that cell is off the board"
    cell = index(x, y)
    if cell not in s.board.starts[f.owner]:
        return "Krosmasters start on a starting cell of your own side"
    return "that starting cell is occupied"


def _move_problem(s: State, f: Fighter, x: int, y: int) -> str:
    if s.mp < 1:
        return "no Movement Points left"
    if not on_board(x, y):
        return "that cell is off the board"
    cell = index(x, y)
    if DIST[f.cell][cell] != 1:
        return "a fighter moves one cell at a time, along a row or a column"
    kind = s.board.kind(cell)
    if kind in ("tree", "bush"):
        return f"a {kind} blocks the way to {square_name((x, y))}"
    return f"{square_name((x, y))} is occupied by a fighter"


def _use_problem(s: State, f: Fighter, kind: str, name: str, x: int, y: int) -> str:
    slot = ""
    if kind == "cast":
        ab = CONTENT.character(f.kind).spell(name)
        if ab is None:
            return f"{CONTENT.character(f.kind).name} has no spell {name!r}"
    elif kind == "favor":
        if name not in SLOTS:
            return "the Favor slots are 'left' and 'right'"
        fav = favor_in(s, name)
        if f.minion:
            return "Minions cannot use Krosmic Favors"
        if not fav:
            return f"there is no Favor in the {name} slot"
        slot = name
        ab = CONTENT.favors[fav].ability
    else:
        bonus = BONUSES.get(name)
        if bonus is None or bonus.challenge not in s.challenges:
            return f"no Divine Challenge in play has an active bonus {name!r}"
        if bonus.ability is None:
            return f"{bonus.name} is passive: it always applies"
        ab = bonus.ability
    problem = availability_problem(s, f, ab, slot)
    if problem:
        return problem
    if not on_board(x, y):
        return "that cell is off the board"
    return target_problem(s, f, ab, index(x, y)) or f"{ab.name} cannot be aimed there now"
