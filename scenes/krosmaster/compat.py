"""The few places where the screen reads the Krosmaster rules' API, in one file.

The rules are moving to the shared seam (`decision`, `why_illegal`, `redact`, events with
`piece`); these adapters read either form, so the scene does not care which has landed.
"""

from __future__ import annotations

import types

from game import krosmaster
from game.core.decision import Decision

COLOUR = ("Blue", "Pink")


def piece(event) -> int:
    """The fighter an event is about (`piece` in the shared shapes, `fighter` before them)."""
    value = getattr(event, "piece", None)
    return getattr(event, "fighter", -1) if value is None else value


def rules_module():
    """The rule module a Match plays (with `decision`, `why_illegal` and `redact`)."""
    if hasattr(krosmaster, "decision"):
        return krosmaster
    return _SHIM


def _decision(state) -> Decision:
    seat = state.to_move
    if seat is None:
        return Decision("over", None, "The game is over.")
    kind = {"reveal": "slot", "decide": state.pending.kind if state.pending else "act"}.get(state.phase, state.phase)
    prompts = {
        "draft": "pick a Krosmaster for your team",
        "place": "click a lit starting cell to place your Krosmaster",
        "slot": "put the revealed Krosmic Favor in the left or right slot",
        "select": "choose a fighter to play, or end your turn",
        "act": "move, cast a spell, or end this fighter",
        "face": "turn the joker to a face",
        "reroll": "roll again (Spin Again) or keep",
        "remove": "choose which tile to remove",
    }
    return Decision(kind, seat, f"{COLOUR[seat]}: {prompts.get(kind, kind)}")


def _why_illegal(state, action):
    if action in krosmaster.legal_actions(state):
        return None
    return krosmaster.why_not(state, action)


_SHIM = types.SimpleNamespace(**{name: getattr(krosmaster, name) for name in dir(krosmaster) if not name.startswith("__")})
_SHIM.decision = _decision
_SHIM.why_illegal = _why_illegal
_SHIM.redact = lambda event, seat: event
_SHIM.__name__ = krosmaster.__name__


def injuries(event) -> int | None:
    """Injury markers after a Damaged/Healed event."""
    return getattr(event, "injuries", None)


def _shared(event) -> types.SimpleNamespace:
    fields = getattr(event, "__dataclass_fields__", {})
    ns = types.SimpleNamespace(**{k: getattr(event, k) for k in fields})
    ns.piece = piece(event)
    return ns


def shared_handlers(board) -> dict:
    """The kit's animations of the shared event shapes, fed either form of the Krosmaster events;
    damage and healing also update the injury markers on the card as they land."""
    from scenes.widgets.tween import Sequence

    def hp(kit, event):
        anim = kit(_shared(event))
        after = injuries(event)
        return Sequence(anim, board.hp_changed(piece(event), after)) if after is not None else anim

    return {
        "DiceRolled": lambda e: board._anim_dice(_shared(e)),
        "Moved": lambda e: board._anim_moved(_shared(e)),
        "Damaged": lambda e: hp(board._anim_damaged, e),
        "Healed": lambda e: hp(board._anim_healed, e),
        "KnockedOut": lambda e: board._anim_ko(_shared(e)),
    }


def spell_name(spell_id: str) -> str:
    from game.krosmaster.checks import SPELLS

    spell = SPELLS.get(spell_id)
    return spell.name if spell else spell_id
