"""Who decides what now (`decision`), how far the game is (`progress`), and which actions reveal
something hidden without the RNG (`reveals`). Every game of the collection keeps its `decision` in a
module of this name, its refusal reasons in `refusals`, `redact` in `redact`, `view` in `view` and
`action_text` in `words`.

Decision kinds (`Decision.kind`), always for the seat `state.to_move`:
  "draft"   pick a Krosmaster for your team ("pick K"), the Choose Krosmasters option;
  "place"   put one of your Krosmasters on a free starting cell of your side ("place F X Y");
  "slot"    put the Krosmic Favor just revealed in the left or the right slot ("slot left|right");
  "select"  choose the next fighter to play ("activate F") or end the turn ("pass");
  "act"     play the active fighter: "move", "cast", "favor", "challenge", then "end F"; the
            prompt says when leaving its cell needs a dodge roll (tackle zones), which a `move`
            or a Favor moving it then makes (`queries.dodge_odds` gives its chances);
  "face"    Dice Sides: turn the joker or shield-joker just rolled ("face F");
  "reroll"  Spin Again: roll the combat die again ("reroll") or keep it ("keep");
  "remove"  a fifth tile of a type: choose which tile of it leaves ("remove X Y");
  "over"    the game has ended (seat None).

`private` is always False: Krosmaster: Blast has no secret that one seat sees and the other
does not. The Favor pile is face down for both players alike (`view` shows it as HIDDEN), every
pick, die and Favor is shown to the whole table, so no hand-off screen is ever needed.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import Decision
from game.core.grammar import counted, listing, possessive
from game.krosmaster import events as E
from game.krosmaster.facts import dodge_dice
from game.krosmaster.content import CONTENT
from game.krosmaster.flow import DRAFT_ORDER, TEAM_SIZE
from game.krosmaster.rules import outcome
from game.krosmaster.state import State
from game.krosmaster.words import face_words, item_name, options_text, player_name, square_name, terrain_name


def decision(state: State, names: Sequence[str] | None = None) -> Decision:
    """The decision pending in `state`: its kind (see the module docstring), seat and a prompt naming
    the player (by the table's `names`, or by colour)."""
    seat = state.to_move
    if seat is None or state.phase == "over":
        result = outcome(state, names)
        if result is None:
            return Decision("over", None, "The game is over.")
        who = "no winner" if not result.winners else f"{player_name(result.winners[0], names)} wins"
        return Decision("over", None, f"Game over, {who}. {result.reason}")
    kind, prompt = _PROMPTS[state.phase](state, seat)
    return Decision(kind, seat, f"{player_name(seat, names)}: {prompt}", False)


def _draft(s: State, seat: int) -> tuple[str, str]:
    done = len(s.picks[0]) + len(s.picks[1])
    nth = len(s.picks[seat]) + 1
    last = " (the last pick)" if done == len(DRAFT_ORDER) - 1 else ""
    return "draft", f"pick Krosmaster {nth} of {TEAM_SIZE} for your team{last}"


def _place(s: State, seat: int) -> tuple[str, str]:
    names = [_fighter(f) for f in s.fighters if f.owner == seat and f.cell < 0]
    return "place", f"place {listing(names, 'or')} on a free starting cell of your side"


def _slot(s: State, seat: int) -> tuple[str, str]:
    return "slot", f"put the revealed Krosmic Favor {item_name('favor', s.revealed)} in the left or right slot"


def _select(s: State, seat: int) -> tuple[str, str]:
    waiting = [f for f in s.fighters if f.owner == seat and not f.out and not f.played and f.cell >= 0]
    kind = "a Minion" if waiting and all(f.minion for f in waiting) else "a Krosmaster"
    return "select", f"choose {kind} to play, or pass to end turn {s.turn}"


def _act(s: State, seat: int) -> tuple[str, str]:
    f = s.fighters[s.active]
    prompt = f"play {_fighter(f)} ({s.ap} AP, {s.mp} MP left), then end its activation"
    dice = dodge_dice(s, f)
    if dice:  # a step or a Favor that moves it (RULES_NOTES.md 33)
        prompt += f"; leaving its cell takes a dodge roll of {counted(dice, 'die')}"
    return "act", prompt


def _decide(s: State, seat: int) -> tuple[str, str]:
    p = s.pending
    assert p is not None, "the decide phase has a decision pending"
    if p.kind == "face":
        name = _fighter(s.fighters[p.user])
        return "face", f"turn the {face_words((p.face,))} {name} rolled into {options_text(p.options)}"
    if p.kind == "reroll":
        name = _fighter(s.fighters[p.user])
        return "reroll", f"roll {possessive(name)} combat die again (Spin Again) or keep the {face_words((p.face,))}"
    tile = terrain_name(p.terrain)
    return "remove", f"choose which {tile} tile to remove to make room for the new one on {square_name(p.cell)}"


_PROMPTS = {"draft": _draft, "place": _place, "reveal": _slot, "select": _select, "act": _act, "decide": _decide}


def _fighter(f) -> str:
    return CONTENT.character(f.kind).name


def reveals(before: State, action, after: State, events: list) -> bool:
    """True when the action turned over a Krosmic Favor from the pile shuffled at the start
    (the next turn began): the Match then treats it as an undo barrier although no die rolled."""
    return any(isinstance(e, E.FavorRevealed) for e in events)


def progress(state: State, names: Sequence[str] | None = None) -> str:
    """How far the game is, in a few words (saves and the menu's Continue list it); it names no
    player, so `names` changes nothing (it is taken like every text function of the game)."""
    if state.turn <= 0:
        return "Setting up"
    return f"Turn {state.turn} of {state.turn + len(state.pile)}"
