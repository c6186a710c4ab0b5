"""What the Krom board's tips say: each card, deck, place, die and player board, as a player reads it.

Every number comes from the snapshot's facts or the card data; the kit paints the tips above
everything and adds the reason when a control is greyed.
"""

from __future__ import annotations

import game.krom as krom
from game.core.grammar import counted, possessive
from scenes import ui
from scenes.krom import cards

def _free(problems: list, i: int) -> bool:
    """Whether the i-th of the rules' answers says "nothing stops it" (None); no answer at all is no."""
    return i < len(problems) and problems[i] is None


def hunting(board, slot: int) -> list[str]:
    card = board.shown.hunting_row[slot]
    if card < 0:
        return ["An empty slot of the Hunting row"]
    chances = krom.hunt_chances(card)
    odds = ", ".join(f"{ui.percent(c)} with {k} bought" for k, c in enumerate(chances))
    lines = [krom.HUNTING[card].name, cards.hunting_text(card), f"Chance to catch: {odds}"]
    if _free(board.facts.prey, slot):
        lines.append("Click to hunt it: choose the dice in the panel")
    return lines


def evolution(board, slot: int) -> list[str]:
    card = board.shown.evolution_row[slot]
    if card < 0:
        return ["An empty slot: the Evolution deck is used up"]
    lines = [krom.EVOLUTIONS[card].name, cards.evolution_text(card)]
    if _free(board.facts.evolutions, slot):
        lines.append("Click to realize it")
    return lines


def bonus(board, card: int) -> list[str]:
    lines = [krom.BONUS[card].name, cards.bonus_text(card)]
    if board.facts.hand.get(card, "") is None:
        lines.append("Click to play it")
    return lines


def destination(place: int) -> list[str]:
    return [f"Destination: the {cards.place_word(place)}",
            f"Click to go to the {cards.place_word(place)} this round (nobody sees it before the reveal)"]


def deck(board, row: int) -> list[str]:
    s = board.shown
    if row == 0:
        return [f"Hunting deck: {counted(len(s.hunting_deck), 'card')} face down, {len(s.hunting_discard)} in the discard pile",
                "A caught prey is replaced from it"]
    return [f"Evolution deck: {counted(len(s.evolution_deck), 'card')} face down", "A realized Evolution is replaced from it"]


def supply(board) -> list[str]:
    s = board.shown
    tokens = ", ".join(f"{s.supply[k]} {k.capitalize()}" for k in ("krom", "wood", "stone", "bone"))
    return [f"The supply: {tokens}",
            f"Bonus deck {len(s.bonus_deck)}, discard {len(s.bonus_discard)}; "
            f"Picking deck {len(s.picking_deck)}, discard {len(s.picking_discard)}"]


def kromosaurus(board) -> list[str]:
    s = board.shown
    table = board.facts.table
    if s.dino_hp <= 0:
        holder = board.who(s.trophy) if s.trophy is not None else "nobody"
        return ["The Kromosaurus is down", f"Its trophy: {holder}; it counts as an Evolution point"]
    where = f"in the {cards.place_word(s.dino_place)}" if s.dino_place >= 0 else "waiting for the reveal"
    return [f"The Kromosaurus: {s.dino_hp} of {table.dino_most_hp} hit points, {where}",
            "It fights everyone in its place, adding its bonus to its die; it never goes to the Cave"]


def place(board, where: int) -> list[str]:
    s = board.shown
    here = [board.who(i) for i, p in enumerate(board.places_shown) if p == where]
    if s.setup.kromosaurus and s.dino_hp > 0 and s.dino_place == where:
        here.append("the Kromosaurus")
    lines = [f"The {cards.place_word(where)}", krom.place_words(where), ui.sentence(krom.tie_words(where))]
    lines.append("Here now: " + (", ".join(here) if here else "nobody"))
    return lines


def player(board, seat: int) -> list[str]:
    f = board.facts.table.seats[seat]
    target = board.facts.table.target
    lines = [f"{board.seats[seat].name} plays {f.character} ({f.weight} kg)",
             f"{krom.points_words(f.points, target)} · {f.hp} of {counted(f.most_hp, 'hit point')} · "
             f"{counted(f.hand, 'Bonus card')} in hand"]
    if f.status:
        lines.append(f.status)
    return lines


def realized(board, seat: int) -> list[str]:
    f = board.facts.table.seats[seat]
    names = [f"{name} ({pts})" for name, pts in f.evolutions]
    if not names:
        return [f"{board.name(seat)} has realized no Evolution yet."]
    return [f"{possessive(board.name(seat))} realized Evolutions:"] + names


def tray_die(board, die: int, kept: bool, climbing: bool = True) -> list[str]:
    """A Mountain die's tip; once the climb is over (`climbing` False) it offers no reroll any more."""
    face = board.tray.dice[die][0].face if die < len(board.tray.dice) else "?"
    if not climbing:
        return [f"Die {die + 1} shows {face}", "The climb is over: these dice are not rolled again"]
    if kept:
        return [f"Die {die + 1} shows {face} and is kept", "Click to reroll it with the others"]
    return [f"Die {die + 1} shows {face}", "Click to keep it out of the next reroll (a gold ring)"]


def tray_card(board) -> list[str]:
    if board.tray.card is None:  # the tray was emptied by an animation since (a new round)
        return tray(board)
    family, card, caption = board.tray.card
    text = {"bonus": cards.bonus_text, "picking": cards.picking_text}.get(family)
    title = krom.BONUS[card].name if family == "bonus" else krom.PICKING[card].name
    return [title, text(card) if text else "", caption]


def fighter_die(board, fighter: int) -> list[str]:
    score = board.tray.scores.get(fighter)
    name = board.name(fighter)
    return [f"{possessive(name)} combat die" + (f": score {score}" if score is not None else ""),
            "The highest score plays first; the others lose the difference in hit points"]


def hand(board) -> list[str]:
    if not board.secrets_shown():
        return ["Bonus hands are secret", "A replay shows nobody's hand" if board.replay is not None else
                "Each player sees their own hand after the hand-off screen"]
    viewer = board.viewer
    count = len(board.shown.players[viewer].hand)
    return [f"{board.who(viewer)}: {counted(count, 'Bonus card')} in hand",
            "Only you see them: the others see how many you hold"]


def tray(board) -> list[str]:
    label = board.tray.label or "The dice tray"
    return [label, "Combats, hunts and climbs roll their dice here; a card just played or drawn shows here"]
