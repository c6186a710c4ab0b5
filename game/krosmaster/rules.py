"""The rules of Krosmaster: Blast: new_game, legal_actions, apply, outcome, view, invariants.

Actions (text forms; F = fighter id, X Y = a cell):
  setup:     "pick KROSMASTER" (draft), "place F X Y" (one fighter at a time, on a starting cell)
  turn:      "slot left" / "slot right" (where the revealed Favor goes), "activate F", "pass" (end the turn)
  fighter:   "move F X Y" (one step), "cast F SPELL X Y", "favor F SLOT X Y", "challenge F BONUS X Y", "end F"
  decisions: "face FACE" (turn a joker), "reroll" / "keep" (Spin Again), "remove X Y" (a terrain tile to make room)
Self-centred abilities are aimed at the user's own cell.
"""

from __future__ import annotations

from game.core import COMBAT_DIE, Action, IllegalAction, Outcome, Rng
from game.krosmaster import events as E
from game.krosmaster.board import (
    BIT, CELLS, DIST, LAYOUTS, NEIGHBOURS, OBSTACLE_MASK, TREE_MASK, XY, clear_sight, direction, index,
    on_board, ring, step,
)
from game.krosmaster.content import CONTENT, Ability, Bonus
from game.krosmaster.state import SLOTS, Fighter, Pending, Setup, State

GAME_ID = "krosmaster"
TITLE = "Krosmaster: Blast"
TEAM_SIZE = 2

SPELLS: dict[str, Ability] = {
    s.id: s for c in list(CONTENT.krosmasters.values()) + list(CONTENT.minions.values()) for s in c.spells
}
BONUSES: dict[str, Bonus] = {b.id: b for ch in CONTENT.challenges.values() for b in ch.bonuses}
ABILITIES: dict[str, Ability] = {a.key: a for a in SPELLS.values()}
ABILITIES.update({f.ability.key: f.ability for f in CONTENT.favors.values()})
ABILITIES.update({b.ability.key: b.ability for b in BONUSES.values() if b.ability})
FACES = CONTENT.faces
# Passive bonuses per challenge: (kind, glyphs needed, amount)
_PASSIVES = {ch.id: tuple((b.passive, b.glyphs, b.amount) for b in ch.bonuses if b.passive) for ch in CONTENT.challenges.values()}

_ACTIONS: dict[tuple, Action] = {}


def _act(kind: str, *args) -> Action:
    """Interned actions: legal_actions builds the same few thousand actions again and again."""
    key = (kind, args)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(kind, args)
    return a


# -- setup -----------------------------------------------------------------------------


def new_game(setup: Setup, seed: int) -> State:
    """A new game: Favors shuffled, challenges drawn, teams dealt (or a draft opened)."""
    setup.validate()
    rng = Rng(seed)
    s = State(setup, rng)
    favors = [f.id for f in CONTENT.favors.values() if not f.superior]
    if setup.superior_favors:
        favors += [f.id for f in CONTENT.favors.values() if f.superior and (setup.special_terrain or not _places_fog(f.ability))]
    rng.shuffle(favors)
    s.pile = tuple(favors[: CONTENT.favor_turns])
    challenges = [c.id for c in CONTENT.challenges.values() if setup.special_terrain or not c.needs_fog]
    rng.shuffle(challenges)
    s.challenges = tuple(challenges[: setup.challenges])
    if setup.choose_krosmasters:
        s.phase = "draft"
        s.to_move = 0
        s.pool = tuple(CONTENT.krosmasters)
    else:
        dealt = rng.shuffled(list(CONTENT.krosmasters))
        s.picks = (tuple(dealt[:TEAM_SIZE]), tuple(dealt[TEAM_SIZE : 2 * TEAM_SIZE]))
        _form_teams(s, [])
    return s


def _places_fog(ability: Ability) -> bool:
    return any(e.kind == "terrain" and e.terrain == "fog" for e in ability.effects)


DRAFT_ORDER = (0, 1, 1, 0)  # blue, pink, pink, blue


def _form_teams(s: State, ev: list) -> None:
    """Teams are known: create the fighters, toss a Glyph for the first player, open placement."""
    s.fighters = [Fighter(seat * TEAM_SIZE + n, k, seat) for seat in (0, 1) for n, k in enumerate(s.picks[seat])]
    s.pool = ()
    s.first = s.rng.below(2)
    ev.append(E.GlyphTossed(s.first))
    s.phase = "place"
    s.to_move = s.first


# -- queries shared by legal_actions, apply and the UI helpers -----------------------------


def glyph_count(s: State, seat: int) -> int:
    return s.glyphs.count(seat)


def passive(s: State, seat: int, kind: str, glyphs: int | None = None) -> int:
    """The total of the passive bonuses of `kind` that `seat` has unlocked (1 per flag bonus)."""
    if not s.challenges:
        return 0
    have = glyph_count(s, seat) if glyphs is None else glyphs
    total = 0
    for ch in s.challenges:
        for k, need, amount in _PASSIVES[ch]:
            if k == kind and have >= need:
                total += amount or 1
    return total


def _power(f: Fighter, kind: str):
    return CONTENT.character(f.kind).power(kind)


def _has_power(s: State, f: Fighter, kind: str) -> bool:
    p = _power(f, kind)
    return p is not None and glyph_count(s, f.owner) >= p.glyphs


def ability_range(s: State, f: Fighter, ab: Ability) -> tuple[int, int]:
    """The range of `ab` for fighter `f` now, with range bonuses (Krosmaster spells reaching 2+ only)."""
    low, high = ab.low, ab.high
    if ab.source == "spell" and not f.minion and high >= 2:
        high += passive(s, f.owner, "spell_range")
        p = _power(f, "range")
        if p is not None and glyph_count(s, f.owner) >= p.glyphs:
            high += p.amount
    return low, high


def blockers(s: State) -> int:
    """Bitmask of the cells that block line of sight: trees, fighters and Fog."""
    b = s._block
    if b is None:
        b = TREE_MASK[s.setup.layout]
        for i, fid in enumerate(s.grid):
            if fid >= 0 or s.terrain[i] == "fog":
                b |= BIT[i]
        s._block = b
    return b


def _free(s: State, cell: int) -> bool:
    """No tree, bush or fighter: a fighter may step there."""
    return s.grid[cell] < 0 and not OBSTACLE_MASK[s.setup.layout] & BIT[cell]


def _summon_problem(s: State, seat: int, minion: str, limit: int) -> str | None:
    mine = total = 0
    for f in s.fighters:
        if f.kind == minion and not f.out:
            total += 1
            mine += f.owner == seat
    m = CONTENT.minions[minion]
    if mine >= limit:
        return f"at most {limit} {m.name} per player on the board"
    if total >= m.tokens:
        return f"all {m.tokens} {m.name} tokens are in play"
    return None


def target_problem(s: State, f: Fighter, ab: Ability, cell: int, check_sight: bool = True) -> str | None:
    """Why `f` cannot aim `ab` at `cell` (range, straight line, line of sight, target), or None if it can."""
    here = f.cell
    if ab.target == "self":
        return None if cell == here else f"{ab.name} is used on the user's own cell"
    if not ab.anywhere:
        low, high = ability_range(s, f, ab)
        d = DIST[here][cell]
        if not low <= d <= high:
            return f"out of range: the target is {d} cells away, {ab.name} reaches {low}-{high}"
        if ab.line and direction(here, cell) is None:
            return f"{ab.name} must be aimed along a row or a column"
    if check_sight and ab.sight and not clear_sight(here, cell, blockers(s)):
        return "no line of sight to that cell"
    return kind_problem(s, f, ab, cell)


def kind_problem(s: State, f: Fighter, ab: Ability, cell: int) -> str | None:
    """Whether the cell holds what `ab` needs (a fighter, an enemy, an empty cell, ...)."""
    t = ab.target
    who = s.grid[cell]
    if t in ("fighter", "enemy", "ally_krosmaster"):
        if who < 0:
            return "there is no fighter on that cell"
        other = s.fighters[who]
        if t == "enemy" and other.owner == f.owner:
            return f"{ab.name} targets an enemy fighter"
        if t == "ally_krosmaster" and (other.owner != f.owner or other.minion):
            return f"{ab.name} targets an allied Krosmaster"
        if ab.new_target:
            for spell, last in f.memo:
                if spell == ab.id and last == who:
                    return f"{ab.name} must target another fighter than last time"
        return None
    if who >= 0:
        return "that cell is occupied by a fighter"
    if OBSTACLE_MASK[s.setup.layout] & BIT[cell]:
        return "that cell holds a tree or a bush"
    if s.terrain[cell]:
        return "that cell already holds a terrain tile"
    if t == "terrain" and cell in s.board.glyph_index:
        return "terrain tiles cannot go on Glyph cells"
    for e in ab.effects:
        if e.kind == "summon":
            return _summon_problem(s, f.owner, e.minion, e.limit)
    return None


def targets(s: State, f: Fighter, ab: Ability) -> list[int]:
    """Every cell `f` may aim `ab` at now (ignoring AP and availability)."""
    here = f.cell
    if ab.target == "self":
        return [here]
    if ab.target in ("fighter", "enemy", "ally_krosmaster"):
        low, high = ability_range(s, f, ab)
        cands = sorted(o.cell for o in s.fighters if o.cell >= 0 and low <= DIST[here][o.cell] <= high)
    elif ab.anywhere:
        cands = range(CELLS)
    else:
        low, high = ability_range(s, f, ab)
        cands = ring(here, low, high)
    return [c for c in cands if target_problem(s, f, ab, c) is None]


def availability_problem(s: State, f: Fighter, ab: Ability, slot: str = "") -> str | None:
    """Why `f` cannot use `ab` at all right now (AP, once per turn, Glyph threshold, ...), or None."""
    seat = f.owner
    if ab.source == "favor":
        if f.minion:
            return "Minions cannot use Krosmic Favors"
        if slot in s.used_slots:
            return f"the {slot} Favor was already used this turn"
        if s.ap < 1 and s.dofus != seat:
            return "no Action Points left (a Favor costs 1 AP without the Dofus)"
    else:
        if ab.source == "bonus":
            if f.minion:
                return "Minions cannot use Divine Challenge bonuses"
            bonus = BONUSES[ab.id]
            have = glyph_count(s, seat)
            if have < bonus.glyphs:
                return f"{ab.name} needs {bonus.glyphs} Glyph cells, you control {have}"
        if s.ap < 1:
            return "no Action Points left"
        if ab.key in s.used and (ab.once_per_turn or ab.source == "bonus"):
            return f"{ab.name} was already used this turn"
    for e in ab.effects:
        if e.kind == "summon":
            problem = _summon_problem(s, seat, e.minion, e.limit)
            if problem:
                return problem
    return None


def dodge_dice(s: State, f: Fighter, cell: int | None = None) -> int:
    """How many dice `f` must roll to leave `cell` (default: where it stands): one per adjacent enemy Krosmaster."""
    if not s.setup.tackle or _power(f, "no_dodge") is not None:
        return 0
    here = f.cell if cell is None else cell
    n = 0
    for c in NEIGHBOURS[here]:
        o = s.grid[c]
        if o >= 0:
            other = s.fighters[o]
            if other.owner != f.owner and not other.minion and not other.out:
                n += 1
    return n


def favor_in(s: State, slot: str) -> str:
    stack = s.left if slot == "left" else s.right
    return stack[-1] if stack else ""


def active_bonuses(s: State) -> list[Bonus]:
    return [b for ch in s.challenges for b in CONTENT.challenges[ch].bonuses if b.ability]


# -- legal actions ---------------------------------------------------------------------


def legal_actions(state: State) -> list[Action]:
    """Every action the seat to move may take now (empty once the game is over)."""
    if state._legal is None:
        state._legal = _legal(state)
        state._legal_set = frozenset(state._legal)
    return list(state._legal)


def _legal(s: State) -> list[Action]:
    phase = s.phase
    if phase == "act":
        return _fighter_actions(s)
    if phase == "select":
        seat = s.to_move
        mine = [f for f in s.fighters if f.owner == seat and not f.out and not f.played and f.cell >= 0]
        krosmasters = [f for f in mine if not f.minion]
        out = [_act("activate", f.id) for f in (krosmasters or mine)]
        out.append(_act("pass"))
        return out
    if phase == "decide":
        p = s.pending
        if p.kind == "face":
            return [_act("face", o) for o in p.options]
        if p.kind == "reroll":
            return [_act("reroll"), _act("keep")]
        return [_act("remove", *XY[c]) for c, t in enumerate(s.terrain) if t == p.terrain]
    if phase == "reveal":
        return [_act("slot", "left"), _act("slot", "right")]
    if phase == "place":
        seat = s.to_move
        free = [c for c in s.board.starts[seat] if s.grid[c] < 0]
        return [_act("place", f.id, *XY[c]) for f in s.fighters if f.owner == seat and f.cell < 0 for c in free]
    if phase == "draft":
        return [_act("pick", k) for k in s.pool]
    return []


def _fighter_actions(s: State) -> list[Action]:
    fid = s.active
    f = s.fighters[fid]
    out = []
    if s.mp > 0:
        layout_obstacles = OBSTACLE_MASK[s.setup.layout]
        for c in NEIGHBOURS[f.cell]:
            if s.grid[c] < 0 and not layout_obstacles & BIT[c]:
                out.append(_act("move", fid, *XY[c]))
    character = CONTENT.character(f.kind)
    if s.ap > 0:
        for ab in character.spells:
            if availability_problem(s, f, ab) is None:
                for c in targets(s, f, ab):
                    out.append(_act("cast", fid, ab.id, *XY[c]))
    if not f.minion:
        for slot in SLOTS:
            fav = favor_in(s, slot)
            if fav:
                ab = CONTENT.favors[fav].ability
                if availability_problem(s, f, ab, slot) is None:
                    for c in targets(s, f, ab):
                        out.append(_act("favor", fid, slot, *XY[c]))
        if s.ap > 0 and s.challenges:
            for b in active_bonuses(s):
                if availability_problem(s, f, b.ability) is None:
                    for c in targets(s, f, b.ability):
                        out.append(_act("challenge", fid, b.id, *XY[c]))
    out.append(_act("end", fid))
    return out


# -- apply -----------------------------------------------------------------------------


def apply(state: State, action: Action) -> tuple[State, list]:
    """The state after `action` and the events it caused; IllegalAction (state unchanged) if not legal."""
    if state._legal_set is None:
        legal_actions(state)
    if action not in state._legal_set:
        raise IllegalAction(why_not(state, action))
    s = state.copy()
    ev: list = []
    _HANDLERS[action.kind](s, action.args, ev)
    return s, ev


def _pick(s: State, args: tuple, ev: list) -> None:
    k = args[0]
    seat = s.to_move
    picks = list(s.picks)
    picks[seat] = picks[seat] + (k,)
    s.picks = (picks[0], picks[1])
    s.pool = tuple(x for x in s.pool if x != k)
    ev.append(E.KrosmasterPicked(seat, k))
    done = len(s.picks[0]) + len(s.picks[1])
    if done < len(DRAFT_ORDER):
        s.to_move = DRAFT_ORDER[done]
    else:
        _form_teams(s, ev)


def _place(s: State, args: tuple, ev: list) -> None:
    fid, x, y = args
    cell = index(x, y)
    f = s.edit(fid)
    f.cell = cell
    s.grid[cell] = fid
    ev.append(E.Placed(fid, (x, y)))
    seat = s.to_move
    if any(o.owner == seat and o.cell < 0 for o in s.fighters):
        return
    if seat == s.first:
        s.to_move = 1 - seat
        return
    s.dofus = seat
    ev.append(E.DofusTaken(seat))
    _start_turn(s, s.first, ev)


def _start_turn(s: State, seat: int, ev: list) -> None:
    s.turn += 1
    s.to_move = seat
    s.used_slots = ()
    for f in s.fighters:
        if f.owner == seat and f.played:
            s.edit(f.id).played = False
    ev.append(E.TurnStarted(seat, s.turn))
    s.revealed = s.pile[0]
    s.pile = s.pile[1:]
    ev.append(E.FavorRevealed(s.revealed))
    s.phase = "reveal"


def _slot(s: State, args: tuple, ev: list) -> None:
    slot = args[0]
    covered = favor_in(s, slot)
    if slot == "left":
        s.left = s.left + (s.revealed,)
    else:
        s.right = s.right + (s.revealed,)
    ev.append(E.FavorPlaced(s.revealed, slot, covered))
    s.revealed = ""
    s.phase = "select"


def _activate(s: State, args: tuple, ev: list) -> None:
    fid = args[0]
    f = s.fighters[fid]
    c = CONTENT.character(f.kind)
    bonus_mp = passive(s, f.owner, "minion_mp" if f.minion else "krosmaster_mp")
    s.active = fid
    s.ap = max(0, c.ap + f.ap_mark)
    s.mp = max(0, c.mp + f.mp_mark + bonus_mp)
    s.used = ()
    s.phase = "act"
    ev.append(E.FighterActivated(fid, s.ap, s.mp))


def _end(s: State, args: tuple, ev: list) -> None:
    _end_activation(s, ev)


def _end_activation(s: State, ev: list) -> None:
    fid = s.active
    f = s.edit(fid)
    f.played = True
    f.ap_mark = f.mp_mark = 0
    s.active = -1
    s.ap = s.mp = 0
    s.used = ()
    s.phase = "select"
    ev.append(E.ActivationEnded(fid))
    seat = s.to_move
    if not any(o.owner == seat and not o.out and not o.played and o.cell >= 0 for o in s.fighters):
        _end_turn(s, ev)


def _pass(s: State, args: tuple, ev: list) -> None:
    _end_turn(s, ev)


def _end_turn(s: State, ev: list) -> None:
    seat = s.to_move
    for f in s.fighters:
        if f.owner == seat and not f.played and not f.out:
            g = s.edit(f.id)  # skipped fighters count as played: their markers go
            g.played = True
            g.ap_mark = g.mp_mark = 0
    ev.append(E.TurnEnded(seat, s.turn))
    if not s.pile:
        counts = (glyph_count(s, 0), glyph_count(s, 1))
        if counts[0] == counts[1]:
            _finish(s, (), f"the Favor pile is empty and both control {counts[0]} Glyph cells", ev)
        else:
            win = 0 if counts[0] > counts[1] else 1
            _finish(s, (win,), f"the Favor pile is empty: {counts[win]} Glyph cells to {counts[1 - win]}", ev)
        return
    _start_turn(s, 1 - seat, ev)


def _finish(s: State, winners: tuple, reason: str, ev: list) -> None:
    s.result = Outcome(tuple(winners), reason)
    s.phase = "over"
    s.to_move = None
    s.active = -1
    s.ap = s.mp = 0
    s.used = ()
    s.pending = None
    ev.append(E.GameOver(tuple(winners), reason))


def _check_end(s: State, ev: list) -> bool:
    """End the game at once when half of a team's Krosmasters are KO'd (both at once: no winner)."""
    if s.phase == "over":
        return True
    lost = []
    for seat in (0, 1):
        team = [f for f in s.fighters if f.owner == seat and not f.minion]
        if team and 2 * sum(f.out for f in team) >= len(team):
            lost.append(seat)
    if not lost:
        return False
    if len(lost) == 2:
        _finish(s, (), "both teams lost half of their Krosmasters at once", ev)
    else:
        _finish(s, (1 - lost[0],), f"{E.COLOUR[lost[0]]} lost half of their Krosmasters", ev)
    return True


# -- movement ----------------------------------------------------------------------------


def _move(s: State, args: tuple, ev: list) -> None:
    fid, x, y = args
    f = s.fighters[fid]
    dice = dodge_dice(s, f)
    if dice:
        faces = tuple(s.rng.roll(COMBAT_DIE) for _ in range(dice))
        ev.append(E.DiceRolled(fid, "dodge", faces))
        results = [FACES[face].dodge for face in faces]
        result = "tackled" if "tackled" in results else "free" if all(r == "free" for r in results) else "caught"
        ev.append(E.DodgeRolled(fid, faces, result))
        if result != "free":
            s.mp = 0
            if result == "tackled":
                s.ap = 0
            return
    s.mp -= 1
    to = index(x, y)
    _enter(s, fid, to, direction(f.cell, to), "walk", ev)
    _after_action(s, ev)


def _enter(s: State, fid: int, to: int, d: tuple[int, int] | None, cause: str, ev: list) -> None:
    """Move a fighter one cell (a step, a shove, a slide) and apply what the cell does to it."""
    f = _put(s, fid, to, cause, ev)
    if _arrive(s, fid, to, ev) and d is not None and s.terrain[to] == "ice" and _power(f, "no_slip") is None:
        nxt = step(to, d)
        if nxt >= 0 and _free(s, nxt):
            _enter(s, fid, nxt, d, "slide", ev)


def _arrive(s: State, fid: int, cell: int, ev: list) -> bool:
    """Fog clears, Fire burns, a Krosmaster captures a Glyph cell. False if the fighter was KO'd."""
    f = s.fighters[fid]
    t = s.terrain[cell]
    if t == "fog":
        s.terrain[cell] = ""
        s._block = None
        ev.append(E.TerrainRemoved("fog", XY[cell], "entered"))
    elif t == "fire" and not passive(s, f.owner, "fireproof"):
        _injure(s, fid, CONTENT.terrain["fire"].injuries, "fire", ev)
        if s.fighters[fid].out:
            _check_end(s, ev)
            return False
    if not f.minion:
        gi = s.board.glyph_index.get(cell)
        if gi is not None:
            _capture(s, fid, gi, cell, ev)
    return True


def _capture(s: State, fid: int, gi: int, cell: int, ev: list) -> None:
    seat = s.fighters[fid].owner
    before = s.glyphs[gi]
    if before == seat:
        return
    had = glyph_count(s, seat)
    s.glyphs[gi] = seat
    ev.append(E.GlyphCaptured(XY[cell], seat, fid, before >= 0))
    if s.dofus != seat and s.turn != 1:
        s.dofus = seat
        ev.append(E.DofusTaken(seat))
    gain = passive(s, seat, "capture_mp", glyphs=had)
    if gain:
        _mark(s, fid, "mp", gain, ev)


def _put(s: State, fid: int, to: int, cause: str, ev: list) -> Fighter:
    """Take a fighter from its cell and set it on `to` (no cell effects yet)."""
    f = s.edit(fid)
    frm = f.cell
    s.grid[frm] = -1
    s.grid[to] = fid
    f.cell = to
    s._block = None
    ev.append(E.Moved(fid, (XY[frm], XY[to]), cause))
    return f


def _relocate(s: State, fid: int, to: int, cause: str, ev: list) -> None:
    _put(s, fid, to, cause, ev)
    _arrive(s, fid, to, ev)


def _swap(s: State, a: int, b: int, ev: list) -> None:
    fa, fb = s.edit(a), s.edit(b)
    ca, cb = fa.cell, fb.cell
    fa.cell, fb.cell = cb, ca
    s.grid[ca], s.grid[cb] = b, a
    ev.append(E.Moved(a, (XY[ca], XY[cb]), "swap"))
    ev.append(E.Moved(b, (XY[cb], XY[ca]), "swap"))
    if _arrive(s, a, cb, ev) and s.phase != "over":
        _arrive(s, b, ca, ev)


def _shove(s: State, user: int, target: int, amount: int, ev: list) -> None:
    t = s.fighters[target]
    if _power(t, "unshovable") is not None:
        ev.append(E.ShoveResisted(target))
        return
    d = direction(s.fighters[user].cell, t.cell)
    for _ in range(amount):
        nxt = step(s.fighters[target].cell, d)
        if nxt < 0 or not _free(s, nxt):
            return
        _enter(s, target, nxt, d, "shove", ev)
        if s.phase == "over" or s.fighters[target].out:
            return


# -- damage, markers ----------------------------------------------------------------------


def _injure(s: State, fid: int, amount: int, source: str, ev: list) -> None:
    f = s.edit(fid)
    f.injuries += amount
    ev.append(E.Damaged(fid, amount, f.injuries, source))
    if f.injuries >= CONTENT.character(f.kind).hp:
        f.out = True
        ev.append(E.KnockedOut(fid))
        if f.minion:
            s.grid[f.cell] = -1
            f.cell = -1
            s._block = None


def _mark(s: State, fid: int, stat: str, amount: int, ev: list) -> None:
    f = s.edit(fid)
    if stat == "ap":
        f.ap_mark += amount
        if fid == s.active:
            s.ap = max(0, s.ap + amount)
    else:
        f.mp_mark += amount
        if fid == s.active:
            s.mp = max(0, s.mp + amount)
    ev.append(E.MarkerPlaced(fid, stat, amount))


def _heal(s: State, fid: int, amount: int, ev: list) -> None:
    f = s.edit(fid)
    healed = min(amount, f.injuries)
    f.injuries -= healed
    ev.append(E.Healed(fid, healed, f.injuries))


# -- spells, Favors and Divine Challenge bonuses --------------------------------------------


def _cast(s: State, args: tuple, ev: list) -> None:
    fid, spell, x, y = args
    ab = SPELLS[spell]
    s.ap -= 1
    s.used = s.used + (ab.key,)
    ev.append(E.SpellCast(fid, spell, (x, y)))
    _resolve(s, fid, ab, index(x, y), ev)


def _favor(s: State, args: tuple, ev: list) -> None:
    fid, slot, x, y = args
    fav = favor_in(s, slot)
    free = s.dofus == s.fighters[fid].owner
    if not free:
        s.ap -= 1
    s.used_slots = s.used_slots + (slot,)
    ev.append(E.FavorUsed(fid, fav, slot, (x, y), free))
    _resolve(s, fid, CONTENT.favors[fav].ability, index(x, y), ev)


def _challenge(s: State, args: tuple, ev: list) -> None:
    fid, bonus_id, x, y = args
    bonus = BONUSES[bonus_id]
    s.ap -= 1
    s.used = s.used + (bonus.ability.key,)
    ev.append(E.BonusUsed(fid, bonus.challenge, bonus_id, (x, y)))
    _resolve(s, fid, bonus.ability, index(x, y), ev)


def _resolve(s: State, fid: int, ab: Ability, cell: int, ev: list) -> None:
    """Effects first, then the combat roll."""
    user = s.fighters[fid]
    seat = user.owner
    target = s.grid[cell] if ab.aims_at_fighter else -1
    if ab.new_target:
        f = s.edit(fid)
        f.memo = tuple(m for m in f.memo if m[0] != ab.id) + ((ab.id, target),)
    for e in ab.effects:
        if e.glyphs and glyph_count(s, seat) < e.glyphs:
            continue
        k = e.kind
        if k == "ap" or k == "mp":
            who = fid if e.on == "caster" else target
            if not s.fighters[who].out:
                _mark(s, who, k, e.amount, ev)
        elif k == "heal":
            _heal(s, fid if e.on == "caster" else target, e.amount, ev)
        elif k == "shove":
            _shove(s, fid, target, e.amount, ev)
        elif k == "summon":
            _summon(s, seat, e.minion, cell, ev)
        elif k == "terrain":
            _place_terrain(s, fid, e.terrain, cell, ev)
            return
        elif k == "teleport":
            _relocate(s, fid, cell, "teleport", ev)
        elif k == "swap":
            _swap(s, fid, target, ev)
        elif k == "injure":
            _injure(s, target, e.amount, "effect", ev)
            _check_end(s, ev)
        elif k in ("blast", "volley"):
            _area(s, fid, e, ev)
        if s.phase == "over":
            return
    if ab.damage and target >= 0 and not s.fighters[target].out and not s.fighters[fid].out:
        _combat_roll(s, Pending("", user=fid, target=target, damage=ab.damage, ability=ab.key), ev)
        if s.pending is not None:
            return
    _after_action(s, ev)


def _area(s: State, fid: int, e, ev: list) -> None:
    user = s.fighters[fid]
    low, high = e.reach
    hit = []
    for o in s.fighters:
        if o.cell < 0 or o.out or not low <= DIST[user.cell][o.cell] <= high:
            continue
        if e.kind == "volley" and (o.owner == user.owner or not clear_sight(user.cell, o.cell, blockers(s))):
            continue
        hit.append(o.id)
    for o in hit:
        _injure(s, o, e.amount, e.kind, ev)
    _check_end(s, ev)


def _summon(s: State, seat: int, minion: str, cell: int, ev: list) -> None:
    fid = len(s.fighters)
    s.fighters.append(Fighter(fid, minion, seat, cell))
    s._owned.add(fid)
    s.grid[cell] = fid
    s._block = None
    ev.append(E.Summoned(fid, minion, seat, XY[cell]))


def _place_terrain(s: State, fid: int, kind: str, cell: int, ev: list) -> None:
    if s.terrain.count(kind) >= CONTENT.terrain[kind].tiles:
        s.pending = Pending("remove", user=fid, terrain=kind, cell=cell)
        s.phase = "decide"
        return
    s.terrain[cell] = kind
    s._block = None
    ev.append(E.TerrainPlaced(kind, XY[cell]))
    _after_action(s, ev)


def _combat_roll(s: State, ctx: Pending, ev: list) -> None:
    face = s.rng.roll(COMBAT_DIE)
    ev.append(E.DiceRolled(ctx.user, "combat", (face,)))
    if s.setup.die_jokers and FACES[face].jokers:
        s.pending = Pending("face", FACES[face].jokers, face, ctx.user, ctx.target, ctx.damage, ctx.ability)
        s.phase = "decide"
        return
    _after_face(s, ctx, face, ev)


def _after_face(s: State, ctx: Pending, face: str, ev: list) -> None:
    user = s.fighters[ctx.user]
    p = _power(user, "reroll")
    if p is not None and ctx.user == s.active and glyph_count(s, user.owner) >= p.glyphs and f"power:{p.id}" not in s.used:
        s.pending = Pending("reroll", (), face, ctx.user, ctx.target, ctx.damage, ctx.ability)
        s.phase = "decide"
        return
    _hit(s, ctx, face, ev)


def combat_damage(s: State, user: Fighter, target: Fighter, ability: Ability, face: str) -> int:
    """Damage of a hit: base, + challenge bonuses, + the die (critical +1, shield -1), never below 0."""
    mod = FACES[face].combat
    if face == "blank" and not user.minion and passive(s, user.owner, "blank_is_critical"):
        mod = FACES["critical"].combat
    damage = ability.damage + mod
    if ability.source == "spell":
        if not user.minion:
            damage += passive(s, user.owner, "spell_damage")
        if not target.minion:
            damage += passive(s, target.owner, "spell_damage_taken")
    return max(0, damage)


def _hit(s: State, ctx: Pending, face: str, ev: list) -> None:
    s.pending = None
    if s.phase == "decide":
        s.phase = "act"
    target = s.fighters[ctx.target]
    damage = combat_damage(s, s.fighters[ctx.user], target, ABILITIES[ctx.ability], face)
    _injure(s, ctx.target, damage, "combat", ev)
    if not _check_end(s, ev):
        _after_action(s, ev)


def _after_action(s: State, ev: list) -> None:
    """Back to the fighter's turn, unless it left the board (a KO'd Minion ends its activation)."""
    if s.phase == "over":
        return
    if s.pending is None and s.phase == "decide":
        s.phase = "act"
    if s.phase == "act" and s.fighters[s.active].out:
        _end_activation(s, ev)


def _face(s: State, args: tuple, ev: list) -> None:
    p = s.pending
    ev.append(E.JokerTurned(p.user, args[0]))
    s.pending = None
    s.phase = "act"
    _after_face(s, p, args[0], ev)


def _reroll(s: State, args: tuple, ev: list) -> None:
    p = s.pending
    power = _power(s.fighters[p.user], "reroll")
    s.used = s.used + (f"power:{power.id}",)
    s.pending = None
    s.phase = "act"
    ev.append(E.Rerolled(p.user, power.id))
    _combat_roll(s, p, ev)


def _keep(s: State, args: tuple, ev: list) -> None:
    _hit(s, s.pending, s.pending.face, ev)


def _remove(s: State, args: tuple, ev: list) -> None:
    p = s.pending
    old = index(args[0], args[1])
    s.terrain[old] = ""
    ev.append(E.TerrainRemoved(p.terrain, XY[old], "limit"))
    s.pending = None
    s.phase = "act"
    _place_terrain(s, p.user, p.terrain, p.cell, ev)


_HANDLERS = {
    "pick": _pick,
    "place": _place,
    "slot": _slot,
    "activate": _activate,
    "pass": _pass,
    "move": _move,
    "cast": _cast,
    "favor": _favor,
    "challenge": _challenge,
    "end": _end,
    "face": _face,
    "reroll": _reroll,
    "keep": _keep,
    "remove": _remove,
}


# -- reasons for refusals ----------------------------------------------------------------

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


def why_not(s: State, a: Action) -> str:
    """A sentence a player can read saying why `a` is refused now."""
    if s.phase == "over":
        return "the game is over"
    kind, args = a.kind, a.args
    if kind not in _SHAPES:
        return f"unknown action {kind!r}"
    shape = _SHAPES[kind]
    if len(args) != len(shape) or any((t == "int") != isinstance(v, int) for t, v in zip(shape, args)):
        return f"{kind} is written like {_EXAMPLES[kind]!r}"
    if s.phase == "decide" and kind not in _DECISION_KINDS[s.pending.kind]:
        what = {"face": "which face the joker shows", "reroll": "whether to roll again (reroll or keep)",
                "remove": "which terrain tile to remove"}[s.pending.kind]
        return f"first decide {what}"
    if _PHASE_OF[kind] != s.phase:
        if _PHASE_OF[kind] == "decide":
            return "there is no decision to make now"
        return _WAITING[s.phase]
    seat = s.to_move
    if kind in ("place", "activate", "move", "cast", "favor", "challenge", "end"):
        fid = args[0]
        if not 0 <= fid < len(s.fighters):
            return f"there is no fighter {fid}"
        f = s.fighters[fid]
        if f.owner != seat:
            return "not your fighter"
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
            return f"fighter {fid} is not the one being played (fighter {s.active} is)"
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
    if kind == "face":
        return f"the joker can show {', '.join(s.pending.options)}"
    if kind == "remove":
        return f"choose a {s.pending.terrain} tile on the board to remove"
    return f"{a} is not possible now"


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
        return f"a {kind} blocks the way"
    return "that cell is occupied by a fighter"


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


# -- outcome, views, invariants ------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    return state.result


def view(state: State, seat: int | None) -> State:
    """What `seat` (or a spectator, None) may see: the Favor pile's order and the RNG are hidden."""
    v = state.copy()
    v.pile = ("hidden",) * len(state.pile)
    v.rng = Rng(0)
    v._owned = None
    return v


def check_invariants(s: State) -> None:
    board = s.board
    obstacles = board.obstacles
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
            assert cell not in obstacles and cell not in board.glyph_index, f"terrain on a free non-Glyph cell: {XY[cell]}"
    for t, n in counts.items():
        assert n <= CONTENT.terrain[t].tiles, f"at most {CONTENT.terrain[t].tiles} {t} tiles, found {n}"
    if not s.setup.special_terrain:
        assert "fog" not in counts, "no Fog without the special terrain option"
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


# -- options for simulations and the benchmark -----------------------------------------------


def random_setup(rng: Rng) -> Setup:
    return Setup(
        layout=rng.choice(LAYOUTS),
        choose_krosmasters=rng.below(2) == 1,
        superior_favors=rng.below(2) == 1,
        die_jokers=rng.below(2) == 1,
        tackle=rng.below(2) == 1,
        challenges=rng.below(4),
        special_terrain=rng.below(2) == 1,
    )


def bench_setup() -> Setup:
    """The benchmark's game: a typical advanced game (every advanced rule, one Divine Challenge)."""
    return Setup(superior_favors=True, die_jokers=True, tackle=True, challenges=1, special_terrain=True)


_WEIGHTS = {"cast": 6, "move": 4, "favor": 2, "challenge": 3, "end": 1, "activate": 1, "pass": 0.05}


def playout_choice(state: State, actions: list[Action], rng: Rng) -> Action:
    """A random policy that mostly acts: casts at enemies, moves, uses Favors; rarely passes.

    It never casts a spell at its own side unless nothing else is possible, so that random
    games are not decided by friendly fire.
    """
    buckets: dict[str, list[Action]] = {}
    seat = state.to_move
    for a in actions:
        if a.kind == "cast" and _holds(state, a.args[2], a.args[3]) == seat:
            continue
        buckets.setdefault(a.kind, []).append(a)
    if not buckets:
        return actions[rng.below(len(actions))]
    kinds = list(buckets)
    weights = [_WEIGHTS.get(k, 1) for k in kinds]
    roll = rng.below(1000) * sum(weights) / 1000
    for k, w in zip(kinds, weights):
        roll -= w
        if roll < 0:
            break
    choice = buckets[k]
    return choice[rng.below(len(choice))]


def _holds(s: State, x: int, y: int) -> int:
    """The owner of the fighter on (x, y), or -1."""
    fid = s.grid[index(x, y)]
    return s.fighters[fid].owner if fid >= 0 else -1


def demo_state(seed: int = 1) -> State:
    """A game from the default setup played by the random policy past setup and a couple of turns."""
    s = new_game(Setup(), seed)
    rng = Rng(seed ^ 0xD0F05)
    while s.phase != "over" and s.turn < 4:
        s, _ = apply(s, playout_choice(s, legal_actions(s), rng))
    return s
