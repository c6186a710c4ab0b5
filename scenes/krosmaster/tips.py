"""The words of the Krosmaster board's tips: cells, walks, aims, cards, Favors, challenges, the draft.

Every number comes from the rules (`game.krosmaster` queries and content); this module only puts
them into sentences a player reads. Chances go through `ui.percent`.
"""

from __future__ import annotations

from game.core.grammar import counted
from game.krosmaster import CONTENT, USE_COST, square_name
from scenes import ui


def spell_line(ab) -> str:
    """The short line under a spell's name on a card: its range, damage and once per turn."""
    rng = "self" if ab.target == "self" else ("any cell" if ab.anywhere else f"RA {ab.low}-{ab.high}")
    dmg = f" · {ab.damage} dmg" if ab.damage else ""
    once = " · 1/turn" if ab.once_per_turn else ""
    return f"{rng}{dmg}{once}"


def ability_tip(ab) -> list[str]:
    """What an ability (spell, Favor or bonus) does, as a tip's lines: name, range, damage, text."""
    if ab.target == "self":
        reach = "Used on oneself."
    elif ab.anywhere:
        reach = "Any cell of the board that can take it."
    else:
        sight = "" if ab.sight else ", no line of sight needed"
        line = ", along a row or a column" if ab.line else ""
        reach = f"Range {ab.low}-{ab.high}{sight}{line}."
    bits = [reach]
    if ab.damage:
        bits.append(f"{ab.damage} damage, then a combat roll (critical +1, shield -1).")
    if ab.once_per_turn:
        bits.append("Once per turn.")
    return [ab.name, " ".join(bits), ab.text]


def said(text: str | None) -> str:
    """A rules reason as a sentence on screen: a capital first and a full stop."""
    text = ui.sentence(text or "")
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def walk_tip(name: str, preview) -> list[str]:
    """The tip of a cell the fighter being played can walk to (`previews.walk_preview`)."""
    lines = [f"Walk {name} here: {preview.cost} MP"]
    for d in preview.dodges:
        lines.append(f"Dodge roll leaving {square_name(d.cell)}: {counted(d.dice, 'die')} "
                     f"({ui.percent(preview.per_die)} to dodge each tackler): {ui.percent(d.free)} get away, "
                     f"{ui.percent(d.caught)} caught, {ui.percent(d.tackled)} tackled")
    if preview.burns:
        lines.append(f"Fire on the way: {counted(preview.burns, 'injury')}")
    return lines


def aim_tip(preview, target_name: str | None, burned: list[str]) -> list[str]:
    """The tip of a cell an armed ability can be aimed at (`previews.aim_preview`)."""
    lines = [preview.name + (f" on {target_name}" if target_name else " here")]
    if preview.ally:
        lines.append("Careful: this fighter is on your own team.")
    if preview.text:
        lines.append(preview.text)
    for who in burned:
        lines.append(f"Fire: {who}")
    if preview.odds:
        parts = ", ".join(f"{d} dmg {ui.percent(p)}" for d, p in preview.odds.items())
        jokers = " (jokers counted as you would turn them)" if preview.jokers else ""
        lines.append(f"Combat roll: {parts}, about {float(preview.expected):.1f} expected{jokers}")
    elif preview.target >= 0 and not preview.text:
        lines.append("No combat roll.")
    return lines


def fighter_tip(info, fighter: str) -> list[str]:
    """A fighter's card or standee: whose (`fighter`: the rules' `fighter_name`), its hit points, its points a
    turn, its state and powers."""
    kind = "Minion" if info.minion else "Krosmaster"
    lines = [f"{fighter} ({kind}): {max(0, info.hp - info.injuries)} of its {info.hp} HP left",
             f"{info.ap_base} AP and {info.mp_base} MP a turn; now {info.ap} AP, {info.mp} MP. {info.status}."]
    lines += [tip for _, tip in info.powers]
    return lines


def favor_tip(favor_id: str) -> list[str]:
    fav = CONTENT.favors[favor_id]
    kind = "Superior Krosmic Favor" if fav.superior else "Krosmic Favor"
    head, reach, text = ability_tip(fav.ability)
    return [f"{head} ({kind})", f"Costs {USE_COST} AP, nothing for the Dofus holder; each Favor once per turn per player.",
            reach, text]


def bonus_tip(bonus_id: str, holders: str) -> list[str]:
    b = next(b for ch in CONTENT.challenges.values() for b in ch.bonuses if b.id == bonus_id)
    kind = f"active, {USE_COST} AP, Krosmasters only" if b.ability else "passive"
    return [f"{b.name} ({kind})", f"Needs {counted(b.glyphs, 'Glyph cell')}; unlocked by {holders}.", b.text]


def challenge_tip(challenge_id: str) -> list[str]:
    ch = CONTENT.challenges[challenge_id]
    lines = [f"{ch.name} (Divine Challenge): its bonuses unlock with the Glyph cells you control."]
    for b in ch.bonuses:
        kind = "active" if b.ability else "passive"
        lines.append(f"{counted(b.glyphs, 'Glyph')}: {b.name} ({kind}): {b.text}")
    return lines


def draft_tip(krosmaster: str) -> list[str]:
    c = CONTENT.krosmasters[krosmaster]
    lines = [f"Pick {c.name}: {c.hp} HP, {c.ap} AP, {c.mp} MP."]
    lines += [f"{sp.name} ({spell_line(sp)}): {sp.text}" for sp in c.spells]
    lines += [f"{p.name}: {p.text}" for p in c.powers]
    return lines


def pile_tip(cards: int) -> list[str]:
    return [f"The Krosmic Favor pile: {counted(cards, 'card')} face down.",
            "One is revealed at the start of each turn; when the pile is empty at the end of a turn, the game ends "
            "and the most Glyph cells wins."]


DOFUS_TIP = ["The Dofus: its holder uses Krosmic Favors without paying AP.",
             "A Krosmaster who captures a Glyph cell takes it for its team."]
