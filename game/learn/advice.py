"""Suggest's words: what the computer would play from a player's seat, said as advice to that player.

`advice(game_id, state, seat, action, said, reason)` takes a bot's answer (its action, the action in
the rules' words and the bot's one-line reason) and returns `(do, why)`: `do` names the move ("Cast
Magic Arrow with Arrowna at E2"), `why` says why in the player's terms. Where the rules' tactics
queries (game/<g>/tactics through each face) show something a careful player looks at, `why` says it
first: "Knock out Martine Gale: only 3 HP left", "Stay out of Golda Purse's reach (up to 4 damage on
B1)". Otherwise the bot's own reason, turned from the computer's voice ("our", "we") to the
player's ("your", "you"). `state` is the seat's own view: nothing here sees a secret.
"""

from __future__ import annotations

import re
from typing import Any

from game.core.actions import Action
from game.core.grammar import listing

# The bots speak as the side they play ("our", "we"); advice speaks to the player of that side.
_VOICE = (
    (re.compile(r"\bour\b"), "your"),
    (re.compile(r"\bOur\b"), "Your"),
    (re.compile(r"\bwe\b"), "you"),
    (re.compile(r"\bWe\b"), "You"),
    (re.compile(r"\bus\b"), "you"),
    (re.compile(r"\btheirs\b"), "the other side's"),
    (re.compile(r"nothing better to do now"), "no other move gains more now"),
    (re.compile(r"the best of a bad lot"), "every move loses here, this one the least"),
    (re.compile(r"win chance about (\d+)%"), r"your chance to win: about \1%"),
    (re.compile(r"; it steps away"), "; step away"),
    (re.compile(r"; it moves away"), "; move it away"),
    (re.compile(r"\bit goes for\b"), "go for"),
)


def in_your_voice(text: str) -> str:
    """A bot's reason said to the player whose seat it played: "our" becomes "your" and so on."""
    for pattern, said in _VOICE:
        text = pattern.sub(said, text)
    return text


def advice(game_id: str, state: Any, seat: int, action: Action, said: str, reason: str) -> tuple[str, str]:
    """(what to do, why) for a suggestion to `seat` (see the module docstring)."""
    why = reason.strip()
    for prefix in (said, str(action)):
        if prefix and why.startswith(prefix):
            why = why[len(prefix):].lstrip(" :")
            break
    why = in_your_voice(why).rstrip(".")
    tactic = None
    try:
        if game_id == "krosmaster":
            tactic = _krosmaster(state, seat, action)
        elif game_id == "khrysos":
            tactic = _khrysos(state, seat, action)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        tactic = None  # a position the queries do not cover: the bot's reason alone
    if tactic:
        chance = re.search(r"\(your chance to win: about \d+%\)", why)
        why = tactic + (f" {chance.group(0)}" if chance else "")
    why = why[:1].upper() + why[1:] if why else "It is what the computer would play here"
    return said, why + "."


# -- Krosmaster -------------------------------------------------------------------------------------


def _krosmaster(state: Any, seat: int, action: Action) -> str | None:
    from game import krosmaster as K

    kind, args = action.kind, action.args
    if kind in ("cast", "favor", "challenge") and len(args) >= 4:
        at = (args[2], args[3])
        target = next((f for f in state.fighters if not f.out and f.cell >= 0 and K.XY[f.cell] == at
                       and f.owner != seat), None)
        if target is None:
            return None
        name = _name(K, state, target.id)
        left = K.CONTENT.character(target.kind).hp - target.injuries
        if any(k.target == target.id for k in K.knockouts(state)):
            return f"Knock out {name}: only {left} HP left"
        return f"Hurt {name} ({left} HP left)"
    if kind == "activate" and args:
        f = state.fighters[args[0]]
        name = _name(K, state, f.id)
        for k in K.knockouts(state):
            if f.id in k.attackers:
                return f"{name} can knock out {_name(K, state, k.target)} this turn"
        if f.cell >= 0:
            here = K.danger_at(state, seat, K.XY[f.cell], ignore=[f.id])
            if here:
                names = listing(_name(K, state, d.attacker) for d in here)
                return (f"{name} stands in {_reach(names)} (up to {sum(d.most for d in here)} damage on "
                        f"{K.square_name(K.XY[f.cell])}): play it before it is hit")
    if kind == "move" and len(args) >= 3:
        return _krosmaster_step(K, state, seat, int(args[0]), (int(args[1]), int(args[2])))
    if kind == "end" and args:
        f = state.fighters[args[0]]
        if f.cell >= 0:
            here = K.danger_at(state, seat, K.XY[f.cell], ignore=[f.id])
            if not here:
                return f"{_name(K, state, f.id)} is out of every enemy's reach where it stands"
    return None


def _name(K: Any, state: Any, fid: int) -> str:
    """A fighter as the player reads it on its card ("Golda Purse"); with its side when both sides have one."""
    kind = state.fighters[fid].kind
    if sum(f.kind == kind for f in state.fighters) > 1:
        return K.fighter_name(state, fid)
    return K.CONTENT.character(kind).name


def _krosmaster_step(K: Any, state: Any, seat: int, fid: int, to: tuple[int, int]) -> str | None:
    f = state.fighters[fid]
    if f.cell < 0:
        return None
    now = K.danger_at(state, seat, K.XY[f.cell], ignore=[fid])
    then = K.danger_at(state, seat, to, ignore=[fid])
    if not now:
        return None
    names = listing(_name(K, state, d.attacker) for d in now)
    where = K.square_name(K.XY[f.cell])
    worst = sum(d.most for d in now)
    if not then:
        return f"Stay out of {_reach(names)}: up to {worst} damage on {where}, none on {K.square_name(to)}"
    after = sum(d.most for d in then)
    if after < worst:
        return f"Get away from {_reach(names)}: up to {worst} damage on {where}, {after} on {K.square_name(to)}"
    return None


def _reach(names: str) -> str:
    return f"{names}' reach" if names.endswith("s") else f"{names}'s reach"


# -- Khrysos --------------------------------------------------------------------------------------


def _khrysos(state: Any, seat: int, action: Action) -> str | None:
    from game import khrysos as K

    kind, args = action.kind, action.args
    card = state.cards[state.turn] if 0 <= state.turn < len(state.cards) else None
    if kind in ("move", "step") and card is not None and card.at is not None and len(args) >= 2:
        to = (int(args[0]), int(args[1]))
        now = K.rival_hits_at(state, seat, card.at)
        if not now:
            return None
        then = K.rival_hits_at(state, seat, to)
        names = listing(K.HUNTERS[t.attacker].name for t in now if t.attacker in K.HUNTERS)
        if not then:
            return f"Stay out of {_reach(names)}: a Hit can reach you on {K.square_name(state, card.at)}, not on " \
                   f"{K.square_name(state, to)}"
    if kind == "target" and args:
        hunter = args[0]
        target = next((c for c in state.cards if c.hunter == hunter), None)
        if target is not None and target.seat != seat and hunter in K.HUNTERS:
            return f"Hit {K.HUNTERS[hunter].name}: {target.endurance} endurance left"
    return None


# -- the danger overlay's words ----------------------------------------------------------------------


def has_danger(rules: Any) -> bool:
    """Whether a game's rules answer the danger overlay's question (their face exports the tactics query)."""
    return callable(getattr(rules, "dangers", None)) or callable(getattr(rules, "rival_hits", None))


def danger_map(game_id: str, state: Any, seat: int, ignore: tuple[int, ...] = ()) -> dict[tuple[int, int], tuple[str, int]]:
    """The danger overlay of `seat` (issue 33): every cell or square a rival piece can strike in its next
    turn, with the line a hover shows there ("Golda Purse can reach you here: 2 to 4 damage") and how grave
    it is, 1 to 3 (3: enough to knock out or retire one of the seat's pieces). Krosmaster: the enemy
    fighters' reach (`ignore`: the piece that would stand there, off the board for the question); Khrysos:
    the rival hunters' Hits. From the rules' tactics queries; {} for a game without them."""
    if game_id == "krosmaster":
        from game import krosmaster as K

        mine = [K.CONTENT.character(f.kind).hp - f.injuries for f in state.fighters
                if f.owner == seat and not f.out and f.cell >= 0 and not f.minion]
        weakest = min(mine, default=99)
        return {cell: (_kros_danger(K, state, found), _grade(sum(d.mean for d in found), weakest))
                for cell, found in K.dangers(state, seat, ignore=ignore).items()}
    if game_id == "khrysos":
        from game import khrysos as KH

        mine = [c.endurance for c in state.cards if c.seat == seat and c.hunter and c.at is not None]
        weakest = min(mine, default=99)
        return {square: (_khrysos_danger(KH, found), _grade(max(t.damage for t in found), weakest))
                for square, found in KH.rival_hits(state, seat).items()}
    return {}


def _grade(most: float, weakest: int) -> int:
    """3 when the damage (Krosmaster: on average) takes out the seat's weakest piece, 2 for a heavy blow, else 1."""
    if most >= weakest:
        return 3
    return 2 if 2 * most >= weakest else 1


def _kros_danger(K: Any, state: Any, found: tuple) -> str:
    names = listing(_name(K, state, d.attacker) + _helped(K, d) for d in found)
    mean, most = round(sum(d.mean for d in found)), sum(d.most for d in found)
    amount = f"{most} damage" if mean >= most else f"about {mean} damage, up to {most}"
    return f"{names} can reach you here: {amount}" + (" in all" if len(found) > 1 else "")


def _helped(K: Any, d: Any) -> str:
    """" (with Transposition)": the Favor showing that carries the enemy piece within reach, if any."""
    helper = next((a for a in d.abilities if a.startswith("favor:") and not K.CONTENT.favors[a[6:]].ability.damage), None)
    return f" (with {K.CONTENT.favors[helper[6:]].name})" if helper else ""


def _khrysos_danger(K: Any, found: tuple) -> str:
    parts = []
    for t in found:
        name = K.HUNTERS[t.attacker].name if t.attacker in K.HUNTERS else "a rival hunter"
        hurt = f"up to {t.damage} damage" if t.damage else "a Steal, no damage"
        parts.append(f"{name} ({hurt}, on {round(100 * t.chance)}% of rolls)")
    return f"A rival Hit can reach you here: {listing(parts)}"
