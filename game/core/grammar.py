"""English for the rules' texts, shared by the three games: articles, counted plurals, sentences, lists, names.

Every line a player reads that the rules write (log lines, prompts, refusal reasons, action
texts, outcome reasons) is built with these, so that "an Arachnee", "1 Glyph cell",
"2 hits left" and "Roll 1 die" come out right without hand-written "s" logic anywhere.
Squares on a grid are named with `square_label` (column letters, row numbers from 1); each
game's `square_name` says which square is "A1".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

# Words whose plural is not the word + "s" / "es" / "ies". Case is kept from the word given.
_IRREGULAR = {"die": "dice", "foot": "feet", "man": "men", "woman": "women", "child": "children"}
# Words that do not change in the plural ("2 damage", "3 energy").
_UNCHANGED = {"damage", "energy", "krom", "wood", "stone", "bone", "sheep", "fish", "hp", "ap", "mp"}
# Vowel-initial words said with a consonant sound ("a unit", "a one-eyed"), and h-words said without one.
_CONSONANT_SOUND = ("uni", "use", "usu", "uti", "eu", "one", "once", "ure")
_VOWEL_SOUND_H = ("hour", "honest", "honour", "honor", "heir")
# Letters whose spoken name starts with a vowel sound: "an F3", "an H1", "a B2".
_VOWEL_LETTERS = set("AEFHILMNORSX")


def capital(text: str) -> str:
    """`text` with its first letter in upper case (anything before it, such as "+" or a digit, kept)."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1 :]
        if not (ch in "+-(" or ch.isspace()):
            return text
    return text


def sentence(text: str) -> str:
    """`text` as a sentence: first letter capital, ending in ".", "!" or "?" ("" stays "")."""
    text = text.strip()
    if not text:
        return ""
    text = tidy(capital(text))
    return text if text.endswith((".", "!", "?")) else text + "."


_DOUBLE_STOP = re.compile(r"([!?])\.(?=\s|$)")


def tidy(text: str) -> str:
    """One stop where a name ending in "!" or "?" closes a sentence: "draws Not today!." -> "draws Not today!"."""
    return _DOUBLE_STOP.sub(r"\1", text)


def after_colon(text: str, names: Iterable[str] = ()) -> str:
    """`text` (a sentence) as it reads after a colon: its first letter in lower case ("Not now: wait for the
    animation"), unless it opens on a name, kept as written: one of `names` (the table's players, the
    game's cards, fighters, hunters...), an abbreviation or a square ("MP", "C7", "MARTINE GALE"), or "I".

    Remembered per text and names: a board's tips ask it for the same refusal with the same ~200 names on
    every hotspot, every time the hotspots are built (issue 30: it was 12% of a Khrysos hotspot walk)."""
    return _after_colon(text, names if isinstance(names, tuple) else tuple(names))


@functools.lru_cache(maxsize=4096)
def _after_colon(text: str, names: tuple[str, ...]) -> str:
    stripped = text.lstrip()
    if not stripped or not stripped[0].isupper():
        return text
    if any(stripped.startswith(n) and not stripped[len(n):len(n) + 1].isalpha() for n in names if n):
        return text
    found = re.match(r"[^\s,.;:!?()]*", stripped)
    assert found is not None  # the pattern matches the empty string
    first = found.group()
    if first == "I" or (len(first) > 1 and (first[1].isupper() or first[1].isdigit())):
        return text
    lead = text[: len(text) - len(stripped)]
    return lead + stripped[0].lower() + stripped[1:]


def one_colon(text: str) -> str:
    """A reason as it reads after "Not now:": a colon of its own becomes a semicolon, so the line has one
    ("Not now: no reroll left; four at most", not "Not now: no reroll left: four at most")."""
    return text.replace(": ", "; ")


def colon(head: str, rest: str) -> str:
    """`head` introducing `rest` after a colon ("Club: reach 5"), except that a head ending in a name that closes
    on "!" or "?" is a sentence of its own, and `rest` the next one: "Nukka plays Not today! Counter it, or pass"."""
    if head.rstrip().endswith(("!", "?")):
        return f"{head.rstrip()} {capital(rest)}"
    return f"{head}: {rest}"


def article(word: str) -> str:
    """"a" or "an" before `word`, by its sound: "an Arachnee", "an Ice tile", "a Unicorn", "an F3", "an 8"."""
    w = word.strip().lstrip("\"'(")
    if not w:
        return "a"
    if w[0].isdigit():
        digits = re.match(r"\d+", w)
        assert digits is not None  # w begins with a digit
        number = digits.group()
        return "an" if number.startswith("8") or (len(number) in (2, 5, 6) and number[:2] in ("11", "18")) else "a"
    if w[0] in "+-":
        return "a"  # "a +1 AP marker", "a -2 MP marker": said "plus one", "minus two"
    if len(w) >= 2 and w[0].isupper() and (w[1].isdigit() or w[1].isupper()):
        return "an" if w[0] in _VOWEL_LETTERS else "a"  # a square ("an H1") or an abbreviation ("an AP")
    lower = w.lower()
    if lower.startswith(_VOWEL_SOUND_H):
        return "an"
    if lower[0] in "aeiou":
        return "a" if lower.startswith(_CONSONANT_SOUND) else "an"
    return "a"


def indefinite(noun: str) -> str:
    """`noun` with "a" or "an" before it: "an Arachnee", "a Bow Meow", "an Ice tile"."""
    return f"{article(noun)} {noun}"


def plural(noun: str) -> str:
    """The plural of `noun`; in a phrase the head word turns ("Glyph cell" -> "Glyph cells",
    "point of energy" -> "points of energy", "die" -> "dice", "injury" -> "injuries")."""
    head, sep, tail = noun.partition(" of ")
    words = head.split(" ")
    words[-1] = _plural_word(words[-1])
    return " ".join(words) + (sep + tail if sep else "")


def _plural_word(word: str) -> str:
    lower = word.lower()
    if lower in _UNCHANGED or not word[-1:].isalpha():
        return word
    if lower in _IRREGULAR:
        out = _IRREGULAR[lower]
        return out.capitalize() if word[0].isupper() else out
    if lower.endswith("y") and len(lower) > 1 and lower[-2] not in "aeiou":
        return word[:-1] + "ies"
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    return word + "s"


def counted(n: int, noun: str, many: str | None = None) -> str:
    """`n` and `noun`, plural unless n is 1 or -1: "1 Glyph cell", "2 Glyph cells", "0 hits", "1 die".
    `many` gives the plural when it is not the regular one."""
    word = noun if abs(n) == 1 else (many if many is not None else plural(noun))
    return f"{n} {word}"


def listing(items: Iterable[str], conj: str = "and") -> str:
    """Items as a list in words: "A", "A and B", "A, B and C" (`conj` "or" for a choice)."""
    items = [str(i) for i in items if str(i)]
    if len(items) <= 1:
        return items[0] if items else ""
    return f"{', '.join(items[:-1])} {conj} {items[-1]}"


def possessive(name: str) -> str:
    """"Ann's", "Valkyr's", "Bento Rush's"."""
    return f"{name}'s"


def seat_name(seat: int, names: Sequence[str] | None, default: str) -> str:
    """What the table calls `seat`: `names[seat]` when the table gave one, else the game's `default` word.

    `names` is the sequence every text function of the three games accepts (seat index ->
    the name the table gave that seat); None, a short sequence or an empty entry keeps the
    game's default ("Blue", the Krom's character, "Player 2").
    """
    if names is not None and 0 <= seat < len(names):
        name = str(names[seat]).strip()
        if name:
            return name
    return default


def column_label(index: int) -> str:
    """The letters of column `index` counted from 0, as a spreadsheet names them: A .. Z, AA, AB, .."""
    if index < 0:
        raise ValueError(f"a column is counted from 0, got {index}")
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def row_label(index: int) -> str:
    """The number of row `index` counted from 0, as a player counts it: "1" for the top row."""
    if index < 0:
        raise ValueError(f"a row is counted from 0, got {index}")
    return str(index + 1)


def square_label(column: int, row: int) -> str:
    """A square as a player reads it on the board's edges: column letters then row number ("C7")."""
    return column_label(column) + row_label(row)
