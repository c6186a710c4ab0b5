"""The lesson loader (issue 21): a broken lesson file fails on load with the file, the entry and the field in
words, and a lesson whose scene does not play through the rules as written is refused before anyone takes it."""

from __future__ import annotations

import pytest

from game.learn import LessonError, parse_lesson
from scenes.learn.loader import catalogue

GOOD = '''
title = "A walk"
teaches = "Walking"
seed = 1
rng = ["critical"]
playable = false

[position]
at = [[0, 3], [5, 0]]
selected = 0
injuries = 0

[[seats]]
name = "You"
who = "human"

[[steps]]
say = "Walk."
point = ["cell:3,3"]
do = ["walk 3 3"]

[[steps]]
say = "Attack."
point = ["button:attack"]
do = ["attack"]
'''


def refused(text: str, game: str = "demo") -> str:
    with pytest.raises(LessonError) as info:
        parse_lesson(game, "09_broken", text)
    message = str(info.value)
    assert message.startswith(f"lessons/{game}/09_broken.toml"), message
    return message


def test_a_good_lesson_loads_and_is_played_through():
    lesson = parse_lesson("demo", "09_good", GOOD)
    assert lesson.title == "A walk" and len(lesson.steps) == 2 and lesson.checked_to == 2
    assert [str(a) for a in lesson.steps[0].do] == ["walk 3 3"] and lesson.steps[0].point == ("cell:3,3",)


def test_not_toml():
    assert "is not valid TOML" in refused("title = ")


def test_a_missing_field():
    assert "field 'title': is missing" in refused(GOOD.replace('title = "A walk"', ""))


def test_a_typo_in_a_field_name():
    assert "entry 'step 1', field 'dos': is not a known field" in refused(GOOD.replace('do = ["walk 3 3"]', 'dos = ["walk 3 3"]'))
    assert "field 'titel'" in refused(GOOD.replace("title =", "titel =", 1).replace("[position]", 'title = "x"\n[position]'))


def test_a_step_that_asks_for_a_move_must_point_at_something():
    assert "must point at what to click" in refused(GOOD.replace('point = ["cell:3,3"]\n', ""))


def test_a_narration_step_points_at_nothing():
    text = GOOD + '\n[[steps]]\nsay = "Done."\npoint = ["cell:1,1"]\n'
    assert "narration step" in refused(text)


def test_a_key_that_is_not_a_hotspot_key():
    assert "is not a hotspot key" in refused(GOOD.replace('"cell:3,3"', '"the cell"'))


def test_an_action_that_is_not_an_action():
    assert "is not an action" in refused(GOOD.replace('do = ["walk 3 3"]', 'do = [""]'))


def test_exactly_one_human_seat():
    assert "exactly one human seat" in refused(GOOD.replace('who = "human"', 'who = "computer"'))
    assert "must be one of" in refused(GOOD.replace('who = "human"', 'who = "robot"'))


def test_the_seats_match_the_game():
    two = GOOD.replace('[[steps]]', '[[seats]]\nname = "Bob"\nwho = "computer"\n\n[[steps]]', 1)
    assert "the game has 1 seats; the lesson lists 2" in refused(two)


def test_a_position_the_rules_refuse():
    assert "the rules refuse this position" in refused(GOOD.replace("at = [[0, 3], [5, 0]]", "at = [[2, 1], [5, 0]]"))


def test_a_move_the_rules_refuse_names_the_step_and_the_rules_reason():
    message = refused(GOOD.replace('do = ["walk 3 3"]', 'do = ["walk 2 2"]'))
    assert "entry 'step 1', field 'do': walk 2 2 is refused by the rules here" in message


def test_a_die_face_the_dice_do_not_have():
    assert "the RNG script does not fit attack" in refused(GOOD.replace('rng = ["critical"]', "rng = [7]"))


def test_scripted_dice_left_over():
    assert "left over at the end" in refused(GOOD.replace('rng = ["critical"]', 'rng = ["critical", "shield"]'))


def test_exact_moves_cannot_follow_a_free_choice():
    text = GOOD.replace('do = ["walk 3 3"]', 'kinds = ["walk"]')
    assert "comes after a step of free choice" in refused(text)


def test_a_computer_decision_the_lesson_does_not_script():
    text = '''
title = "Waiting"
teaches = "x"
[position]
to_move = 1
fighters = [{kind = "felix_dicebag", owner = 0, cell = [3, 5]}, {kind = "golda_purse", owner = 1, cell = [3, 2]}]
[[seats]]
name = "You"
who = "human"
[[seats]]
name = "Golda"
who = "computer"
[[steps]]
say = "Golda plays."
'''
    assert "Golda (computer) must decide" in refused(text, "krosmaster")


def test_a_wordy_step_is_refused():
    assert "a lesson says it in at most" in refused(GOOD.replace('say = "Walk."', f'say = "{"word " * 120}"'))


def test_an_unknown_game():
    with pytest.raises(LookupError):
        catalogue("chess")


# -- the lessons' own words -----------------------------------------------------------------------------

BOOKS = {"krosmaster": "krosmaster-blast.txt", "krom": "krom-evolution.txt", "khrysos": "khrysos-hunters.txt"}


def _rulebook(game: str):
    import os
    import pathlib

    here = pathlib.Path(__file__).resolve().parents[2]
    for folder in (os.environ.get("TABLETRIO_RULEBOOKS"), here.parent / "shared" / "rulebooks", here / "shared" / "rulebooks"):
        if folder and (pathlib.Path(folder) / BOOKS[game]).is_file():
            return (pathlib.Path(folder) / BOOKS[game]).read_text(encoding="utf-8")
    return None


def _words(text: str) -> list[str]:
    import re

    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("\u2019", "'"))


def _copied(text: str, runs: set, n: int = 8) -> list[str]:
    w = _words(text)
    return [" ".join(w[i:i + n]) for i in range(len(w) - n + 1) if tuple(w[i:i + n]) in runs]


@pytest.mark.parametrize("game", sorted(BOOKS))
def test_no_lesson_text_shares_eight_words_in_a_row_with_the_rulebook(game):
    book = _rulebook(game)
    if book is None:
        pytest.skip("the rulebooks are not beside this checkout (set TABLETRIO_RULEBOOKS to their folder)")
    words = _words(book)
    runs = {tuple(words[i:i + 8]) for i in range(len(words) - 7)}
    assert _copied("Using 1 Movement Point lets you move one Krosmaster to an adjacent cell", runs) or game != "krosmaster"
    copied = []
    if game == "khrysos":  # the map builder lesson's words are checked too
        assert any(e.lesson is not None and e.lesson.in_builder for e in catalogue(game))
    for entry in catalogue(game):
        if entry.lesson is None:
            continue
        lesson = entry.lesson
        texts = [lesson.title, lesson.teaches, lesson.done] + [s.say for s in lesson.steps] + [s.hint or "" for s in lesson.steps]
        copied += [f"{entry.id}: {run}" for text in texts for run in _copied(text, runs)]
    assert not copied, "\n".join(copied)


# -- map builder lessons (Khrysos) ------------------------------------------------------------------------

BUILDER = '''
title = "A map"
teaches = "Maps"
scene = "builder"
playable = false

[position]
tiles = [["zone1", 6, 6], ["zone2", 7, 6]]

[[steps]]
say = "Place a zone."
point = ["tile:zone3", "slot:8,6"]
do = ["place zone3 8 6"]
until = "tiles 3"
'''


def test_a_good_map_builder_lesson_loads_and_its_edits_are_played_through():
    lesson = parse_lesson("khrysos", "09_good", BUILDER)
    assert lesson.in_builder and lesson.checked_to == 1 and lesson.steps[0].until == "tiles 3"
    assert [str(e) for e in lesson.steps[0].do] == ["place zone3 8 6 0"]
    assert [t.tile for t in lesson.start_map().tiles] == ["zone1", "zone2"]


def test_only_khrysos_has_a_map_builder():
    assert "only Khrysos Hunters has a map builder" in refused(GOOD.replace('title =', 'scene = "builder"\ntitle =', 1))


def test_a_board_lesson_waits_for_no_condition():
    assert "only a map builder lesson" in refused(GOOD.replace('do = ["walk 3 3"]', 'do = ["walk 3 3"]\nuntil = "valid"'))


def test_a_map_condition_that_is_not_one():
    assert "field 'until'" in refused(BUILDER.replace('"tiles 3"', '"nice"'), "khrysos")


def test_a_map_edit_that_is_not_one():
    assert "is not a map edit" in refused(BUILDER.replace('"place zone3 8 6"', '"drop zone3"'), "khrysos")


def test_a_map_edit_the_map_refuses():
    assert "already there" in refused(BUILDER.replace('place zone3 8 6', 'place zone3 7 6'), "khrysos")


def test_a_condition_that_already_holds_waits_for_nothing():
    assert "already holds before the step" in refused(BUILDER.replace('"tiles 3"', '"tiles 2"'), "khrysos")


def test_a_condition_the_scripted_edits_do_not_meet():
    assert "does not hold after the step's edits" in refused(BUILDER.replace('"tiles 3"', '"valid"'), "khrysos")


def test_a_playable_builder_lesson_ends_on_a_map_that_can_be_played():
    assert "cannot end on 'Play this map'" in refused(BUILDER.replace("playable = false", "playable = true"), "khrysos")


def test_free_edits_end_on_a_condition_and_only_free_steps_follow():
    free = BUILDER.replace('until = "tiles 3"', 'until = "tiles 3"\nkinds = ["place"]')
    assert parse_lesson("khrysos", "09_free", free).steps[0].kinds == ("place",)
    assert "give 'until'" in refused(BUILDER.replace('until = "tiles 3"', 'kinds = ["place"]'), "khrysos")
    after = free + '\n[[steps]]\nsay = "Turn it."\npoint = ["turn:8,6"]\ndo = ["turn 8 6"]\n'
    assert "comes after a step of free edits" in refused(after, "khrysos")


def test_a_map_the_rules_refuse_to_start_from():
    assert "the rules refuse this map" in refused(BUILDER.replace('["zone2", 7, 6]', '["zone2", 6, 6]'), "khrysos")
