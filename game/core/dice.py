"""The dice of the three games: the six-sided die and the Krosmaster combat die."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Die:
    """A die is a name and its faces, each equally likely."""

    name: str
    faces: tuple[Any, ...]


D6 = Die("d6", (1, 2, 3, 4, 5, 6))

# Faces of the Krosmaster combat die. The rulebook names five kinds of face
# (critical, critical-joker, shield, shield-joker, joker) on a six-sided die; the
# sixth face is blank. Why, and what each face does, is in game/krosmaster/RULES_NOTES.md.
CRITICAL = "critical"
CRITICAL_JOKER = "critical_joker"
SHIELD = "shield"
SHIELD_JOKER = "shield_joker"
JOKER = "joker"
BLANK = "blank"
COMBAT_DIE = Die("combat", (CRITICAL, CRITICAL_JOKER, SHIELD, SHIELD_JOKER, JOKER, BLANK))
