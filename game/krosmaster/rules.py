"""The rules of Krosmaster: Blast: new_game, legal_actions, apply, outcome, view, invariants.

Actions (text forms; F = fighter id, X Y = a cell):
  setup:     "pick KROSMASTER" (draft), "place F X Y" (one fighter at a time, on a starting cell)
  turn:      "slot left" / "slot right" (where the revealed Favor goes), "activate F", "pass" (end the turn)
  fighter:   "move F X Y" (one step), "cast F SPELL X Y", "favor F SLOT X Y", "challenge F BONUS X Y", "end F"
  decisions: "face FACE" (turn a joker), "reroll" / "keep" (Spin Again), "remove X Y" (a terrain tile to make room)
Self-centred abilities are aimed at the user's own cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from game.core import Action, IllegalAction, Outcome, Rng, SetupError
from game.core.actions import interned, is_one_of
from game.core.grammar import sentence
from game.krosmaster import flow, resolution
from game.krosmaster.grid import BIT, CELLS, NEIGHBOURS, XY
from game.krosmaster.layouts import OBSTACLE_MASK
from game.krosmaster.facts import active_bonuses, end_facts, favor_in, occupied, summon_room, targets, usable
from game.krosmaster.content import CONTENT, Ability
from game.krosmaster.flow import TEAM_SIZE, form_teams
from game.krosmaster.refusals import refusal, well_formed
from game.krosmaster.state import SLOTS, Setup, State
from game.krosmaster.words import end_reason

GAME_ID = "krosmaster"
TITLE = "Krosmaster: Blast"

action = interned


def new_game(setup: Setup, seed: int) -> State:
    """A new game: Favors shuffled, challenges drawn, teams dealt (or a draft opened); SetupError for bad options."""
    if not isinstance(setup, Setup):
        raise SetupError(f"a Krosmaster game needs a krosmaster Setup, got {type(setup).__name__}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"the seed is an integer, got {type(seed).__name__}")
    setup.validate()
    rng = Rng(seed)
    s = State(setup, rng)
    favors = [f.id for f in CONTENT.favors.values() if not f.superior or setup.superior_favors]
    rng.shuffle(favors)
    s.pile = tuple(favors[: CONTENT.favor_turns])
    challenges = list(CONTENT.challenges)
    rng.shuffle(challenges)
    s.challenges = tuple(challenges[: setup.challenges])
    if setup.choose_krosmasters:
        s.phase = "draft"
        s.to_move = 0
        s.pool = tuple(CONTENT.krosmasters)
    else:
        dealt = rng.shuffled(list(CONTENT.krosmasters))
        s.picks = (tuple(dealt[:TEAM_SIZE]), tuple(dealt[TEAM_SIZE : 2 * TEAM_SIZE]))
        form_teams(s, [])
    return s


_HANDLERS = {**flow.HANDLERS, **resolution.HANDLERS}


def legal_actions(state: State) -> list[Action]:
    """Every action the seat to move may take now (empty once the game is over)."""
    legal = state._legal
    if legal is None:
        legal = state._legal = _legal(state)
    return list(legal)


def _legal_set(state: State) -> frozenset:
    legal = state._legal_set
    if legal is None:
        if state._legal is None:
            state._legal = _legal(state)
        legal = state._legal_set = frozenset(state._legal)
    return legal


def _is_legal(state: State, action) -> bool:
    legal = state._legal
    if legal is None:
        legal = state._legal = _legal(state)
    return is_one_of(action, legal) or (well_formed(action) and action in _legal_set(state))


_CELL_ACTIONS: dict[tuple, tuple[Action, ...]] = {}


def _cell_actions(kind: str, *head: int | str) -> tuple[Action, ...]:
    """The actions `kind *head X Y` for every cell, by cell index (built once, shared)."""
    key = (kind, *head)
    row = _CELL_ACTIONS.get(key)
    if row is None:
        row = _CELL_ACTIONS[key] = tuple(action(kind, *head, *XY[c]) for c in range(CELLS))
    return row


def _legal(s: State) -> list[Action]:
    phase = s.phase
    if phase == "act":
        return _fighter_actions(s)
    if phase == "select":
        seat = s.to_move
        mine = [f for f in s.fighters if f.owner == seat and not f.out and not f.played and f.cell >= 0]
        krosmasters = [f for f in mine if not f.minion]
        out = [_ACTIVATE[f.id] if f.id < len(_ACTIVATE) else action("activate", f.id) for f in (krosmasters or mine)]
        out.append(_PASS)
        return out
    if phase == "decide":
        p = s.pending
        assert p is not None, "the decide phase has a decision pending"
        if p.kind == "face":
            return [action("face", o) for o in p.options]
        if p.kind == "reroll":
            return [action("reroll"), action("keep")]
        return [action("remove", *XY[c]) for c, t in enumerate(s.terrain) if t == p.terrain]
    if phase == "reveal":
        return list(_SLOTS)
    if phase == "place":
        seat = s.to_move
        free = [c for c in s.board.starts[seat] if s.grid[c] < 0]
        return [action("place", f.id, *XY[c]) for f in s.fighters if f.owner == seat and f.cell < 0 for c in free]
    if phase == "draft":
        return [action("pick", k) for k in s.pool]
    return []


def _fighter_actions(s: State) -> list[Action]:
    fid = s.active
    f = s.fighters[fid]
    out = []
    if s.mp > 0:
        closed = occupied(s) | OBSTACLE_MASK[s.setup.layout]
        moves = _cell_actions("move", fid)
        for c in NEIGHBOURS[f.cell]:
            if not closed & BIT[c]:
                out.append(moves[c])
    seen: dict[int, bool] = {}  # line of sight from the fighter's cell, shared by its abilities
    if s.ap > 0:
        used = s.used
        for ab, row, once, summons in _spell_rows(fid, f.kind):
            # `usable` for a spell while the fighter has AP left
            if once and ab.key in used:
                continue
            if summons and not all(summon_room(s, f.owner, e.minion, e.limit) for e in summons):
                continue
            for c in targets(s, f, ab, seen):
                out.append(row[c])
    if not f.minion:
        for slot in SLOTS:
            fav = favor_in(s, slot)
            if fav:
                ab = _FAVOR_ABILITY[fav]
                if usable(s, f, ab, slot):
                    row = _cell_actions("favor", fid, slot)
                    for c in targets(s, f, ab, seen):
                        out.append(row[c])
        if s.ap > 0 and s.challenges:
            for b in active_bonuses(s):
                bonus_ability = cast(Ability, b.ability)  # active bonuses are those with an ability
                if usable(s, f, bonus_ability):
                    row = _cell_actions("challenge", fid, b.id)
                    for c in targets(s, f, bonus_ability, seen):
                        out.append(row[c])
    out.append(_END[fid] if fid < len(_END) else action("end", fid))
    return out


_FAVOR_ABILITY = {k: fav.ability for k, fav in CONTENT.favors.items()}
_END = tuple(action("end", fid) for fid in range(32))
_ACTIVATE = tuple(action("activate", fid) for fid in range(32))
_PASS = action("pass")
_SLOTS = (action("slot", "left"), action("slot", "right"))


_SPELL_ROWS: dict[tuple[int, str], tuple] = {}


def _spell_rows(fid: int, kind: str) -> tuple:
    """`(spell, cast actions by cell, once per turn, summon effects)` for each spell of a fighter of `kind` with id `fid`."""
    key = (fid, kind)
    rows = _SPELL_ROWS.get(key)
    if rows is None:
        rows = _SPELL_ROWS[key] = tuple(
            (ab, _cell_actions("cast", fid, ab.id), ab.once_per_turn, tuple(e for e in ab.effects if e.kind == "summon"))
            for ab in CONTENT.character(kind).spells
        )
    return rows


def why_illegal(state: State, action: Action, names: Sequence[str] | None = None) -> str | None:
    """None when `action` is legal now; otherwise a sentence a player can read saying why not
    (a capital, a full stop; squares named as on the board's edges, fighters by name).

    Anything that is not a well-formed `Action` (None, a string, a list, an Action whose
    arguments are a list or hold something other than ints and words) gets a reason too.
    `names` (seat -> table name) is taken like every text function of the game; no refusal
    names a player, so it changes nothing today.
    """
    if not isinstance(action, Action):
        return f"That is not an action (got {type(action).__name__})."
    if not well_formed(action):
        return "An action is a word followed by numbers and words, like 'move 0 3 4'."
    if action in _legal_set(state):
        return None
    return sentence(refusal(state, action))


def apply(state: State, action: Action) -> tuple[State, list]:
    """The state after `action` and the events it caused; IllegalAction (state unchanged, the
    reason from `why_illegal`) if it is not legal now."""
    if not _is_legal(state, action):
        raise IllegalAction(why_illegal(state, action) or "")
    s = state.copy()
    ev: list = []
    _HANDLERS[action.kind](s, action.args, ev)
    return s, ev


def outcome(state: State, names: Sequence[str] | None = None) -> Outcome | None:
    """Who won and why (None while the game goes on); the reason is a sentence naming the players
    by the table's `names` (or by colour)."""
    result = state.result
    if result is None:
        return None
    lost, glyphs = end_facts(state)
    return Outcome(result.winners, end_reason(result.winners, lost, glyphs, names))


def check_invariants(s: State) -> None:
    layout = s.board
    obstacles = layout.obstacles
    seen: dict[int, int] = {}
    for n, f in enumerate(s.fighters):
        assert f.id == n, f"fighter ids: fighter at index {n} has id {f.id}"
        hp = CONTENT.character(f.kind).hp
        assert f.injuries >= 0, f"injuries: fighter {n} has {f.injuries}"
        assert f.injuries < hp or f.out, f"injuries <= HP unless KO'd: fighter {n} has {f.injuries}/{hp}"
        assert not (f.out and f.minion and f.cell >= 0), f"a KO'd Minion leaves the board: fighter {n}"
        if f.cell >= 0:
            assert f.cell not in obstacles, f"fighters on free cells: fighter {n} stands on a tree or bush"
            assert f.cell not in seen, f"fighters on distinct cells: {n} and {seen[f.cell]} share {XY[f.cell]}"
            assert s.terrain[f.cell] != "fog", f"fog clears when entered: fighter {n} stands in Fog"
            seen[f.cell] = n
    for cell in range(CELLS):
        g = s.grid[cell]
        assert (g >= 0) == (cell in seen) and (g < 0 or seen[cell] == g), f"grid matches fighters at {XY[cell]}"
    assert s.ap >= 0 and s.mp >= 0, f"no negative AP/MP: ap={s.ap} mp={s.mp}"
    counts: dict[str, int] = {}
    for cell, t in enumerate(s.terrain):
        if t:
            counts[t] = counts.get(t, 0) + 1
            assert cell not in obstacles and cell not in layout.glyph_index, f"terrain on a free non-Glyph cell: {XY[cell]}"
    for t, n in counts.items():
        assert n <= CONTENT.terrain[t].tiles, f"at most {CONTENT.terrain[t].tiles} {t} tiles, found {n}"
    tiles = sum(1 for o in s.glyphs if o >= 0)
    assert tiles <= CONTENT.glyph_tiles, f"at most {CONTENT.glyph_tiles} Glyph tiles, found {tiles}"
    for kind, m in CONTENT.minions.items():
        n = sum(1 for f in s.fighters if f.kind == kind and not f.out)
        assert n <= m.tokens, f"at most {m.tokens} {kind} tokens in play, found {n}"
    if s.phase in ("reveal", "select", "act", "decide") or (s.phase == "over" and s.turn > 0):
        assert s.dofus in (0, 1), f"one Dofus holder once play begins, found {s.dofus}"
        drawn = len(s.left) + len(s.right) + (1 if s.revealed else 0)
        assert drawn == s.turn and drawn + len(s.pile) == CONTENT.favor_turns, (
            f"Favor cards: {drawn} drawn in {s.turn} turns, {len(s.pile)} left"
        )
    over = s.phase == "over"
    assert over == (s.to_move is None) == (s.result is not None), "game over iff no seat to move iff a result"
    assert (s.phase == "decide") == (s.pending is not None), "a pending decision exactly in the decide phase"
    if s.phase in ("act", "decide"):
        a = s.fighters[s.active]
        assert a.owner == s.to_move and not a.out and a.cell >= 0, "the active fighter is the mover's and on the board"
        assert not a.played, "the active fighter has not been played yet"
    else:
        assert s.active == -1 and s.ap == 0 and s.mp == 0, "no active fighter outside a fighter's turn"
    assert len(s.challenges) == s.setup.challenges, "as many Divine Challenges as the setup says"
