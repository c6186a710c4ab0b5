"""The flow of a game: the draft, placement, turns and fighters' activations, and the end."""

from __future__ import annotations

from game.core import Outcome
from game.krosmaster import events as E
from game.krosmaster.grid import index
from game.krosmaster.facts import end_facts, favor_in, glyph_count, lost_half, passive
from game.krosmaster.content import CONTENT
from game.krosmaster.state import Fighter, State
from game.krosmaster.words import end_reason

TEAM_SIZE = 2


DRAFT_ORDER = (0, 1, 1, 0)  # blue, pink, pink, blue


def form_teams(s: State, ev: list) -> None:
    """Teams are known: create the fighters, toss a Glyph for the first player, open placement."""
    s.fighters = [Fighter(seat * TEAM_SIZE + n, k, seat) for seat in (0, 1) for n, k in enumerate(s.picks[seat])]
    s.pool = ()
    s.first = s.rng.below(2)
    ev.append(E.GlyphTossed(s.first))
    s.phase = "place"
    s.to_move = s.first


def _pick(s: State, args: tuple, ev: list) -> None:
    k = args[0]
    seat = s.to_move
    assert seat is not None, "a seat moves in every phase but the end"
    picks = list(s.picks)
    picks[seat] = picks[seat] + (k,)
    s.picks = (picks[0], picks[1])
    s.pool = tuple(x for x in s.pool if x != k)
    ev.append(E.KrosmasterPicked(seat, k))
    done = len(s.picks[0]) + len(s.picks[1])
    if done < len(DRAFT_ORDER):
        s.to_move = DRAFT_ORDER[done]
    else:
        form_teams(s, ev)


def _place(s: State, args: tuple, ev: list) -> None:
    fid, x, y = args
    cell = index(x, y)
    f = s.edit(fid)
    f.cell = cell
    s.own_grid()[cell] = fid
    s._geo = None
    ev.append(E.Placed(fid, (x, y)))
    seat = s.to_move
    assert seat is not None, "a seat moves in every phase but the end"
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
    end_activation(s, ev)


def end_activation(s: State, ev: list) -> None:
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
    # A fighter skipped this turn (never activated) was not played: its AP/MP markers stay until
    # it has been played, as the rulebook says (RULES_NOTES 17).
    seat = s.to_move
    assert seat is not None, "a seat moves in every phase but the end"
    ev.append(E.TurnEnded(seat, s.turn))
    if not s.pile:
        counts = (glyph_count(s, 0), glyph_count(s, 1))
        _finish(s, () if counts[0] == counts[1] else (0 if counts[0] > counts[1] else 1,), ev)
        return
    _start_turn(s, 1 - seat, ev)


def _finish(s: State, winners: tuple, ev: list) -> None:
    """End the game; its reason is told from the final position (`words.end_reason`)."""
    lost, glyphs = end_facts(s)
    reason = end_reason(winners, lost, glyphs)
    s.result = Outcome(tuple(winners), reason)
    s.phase = "over"
    s.to_move = None
    s.active = -1
    s.ap = s.mp = 0
    s.used = ()
    s.pending = None
    ev.append(E.GameOver(tuple(winners), reason, lost, glyphs))


def check_end(s: State, ev: list) -> bool:
    """End the game at once when half of a team's Krosmasters are KO'd (both at once: no winner)."""
    if s.phase == "over":
        return True
    lost = lost_half(s)
    if not lost:
        return False
    _finish(s, () if len(lost) == 2 else (1 - lost[0],), ev)
    return True


HANDLERS = {
    "pick": _pick,
    "place": _place,
    "slot": _slot,
    "activate": _activate,
    "pass": _pass,
    "end": _end,
}
