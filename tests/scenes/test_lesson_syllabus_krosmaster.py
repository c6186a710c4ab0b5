"""Lessons (issue 21): taken with clicks, the Krosmaster lessons make the learner do what issue 21 lists.

A ladder of short scenes, one rule each: move; a spell with its range and line of sight; the combat
die; Glyphs and the Dofus; Krosmic Favors; tackle and dodge; a whole first-game turn; then "play a
first game". What the learner did is read from the rules' own events, as each walked lesson's match
recorded them; the rulebook section each part follows is named in the assertion's message."""

from __future__ import annotations

import pytest

from game import krosmaster
from scenes.learn import loader
from tests.scenes import lessonwalk

HUMAN = 0  # every Krosmaster lesson seats the learner on blue


def _menu(app):
    from scenes import registry

    app.stack.push(registry.make_scene("menu", app))
    app.run_frames(2)


def _named(events, name: str) -> list:
    return [e for e in events if type(e).__name__ == name]


@pytest.mark.slow
def test_krosmaster_lessons_teach_moving_spells_the_die_glyphs_favors_tackle_and_a_whole_turn(app):
    _menu(app)
    walked = {}
    for entry in loader.catalogue("krosmaster"):
        assert entry.lesson is not None, entry.error
        assert entry.lesson.human == HUMAN, f"{entry.id}: the learner sits elsewhere"
        lessonwalk.walk(app, "krosmaster", entry.id)
        board = lessonwalk.board_of(app)
        assert board.coach.finished
        start = board.match.state_after(0)
        walked[entry.id] = (start, [e for _, e in board.match.history()], board)
    assert 7 <= len(walked) <= 9, "a ladder of 5-7 scenes, a whole turn, then a first game"

    def mine(state, fid: int) -> bool:
        return state.fighters[fid].owner == HUMAN

    # Movement: the learner walks, one cell per step, never diagonally.
    start, events, _ = walked["01_walk"]
    walks = [e for e in _named(events, "Moved") if mine(start, e.piece) and e.cause == "walk"]
    assert walks, "Movement: the learner never walks"
    for e in walks:
        for (x0, y0), (x1, y1) in zip(e.path, e.path[1:]):
            assert abs(x0 - x1) + abs(y0 - y1) == 1, "Movement: a step is to a side cell, never diagonal"

    # Casting Spells: a spell cast at a target its range reaches (more than one cell away), and a
    # fighter out of sight at first is hit once the caster has walked to a clear line.
    start, events, _ = walked["02_spell"]
    casts = [e for e in _named(events, "SpellCast") if mine(start, e.fighter)]
    assert len({e.cell for e in casts}) >= 2, "Casting Spells: two targets"
    blocked = [e.cell for e in casts
               if not krosmaster.line_of_sight(start, start.fighters[e.fighter].xy, e.cell)]
    assert blocked, "Line of Sight: no target was out of sight from where the caster began"

    # Combat Roll: a critical adds one damage, a shield takes one away, another face leaves it.
    start, events, _ = walked["03_combat_die"]
    faces = [e.faces[0] for e in _named(events, "DiceRolled") if e.purpose == "combat"]
    assert {"critical", "shield"} <= set(faces), "Combat Roll: the learner sees a critical and a shield"
    casts = [e for e in _named(events, "SpellCast") if mine(start, e.fighter)]
    spell = krosmaster.CONTENT.character(start.fighters[casts[0].fighter].kind).spell(casts[0].spell)
    dealt = [e.amount for e in _named(events, "Damaged")]
    bonus = {"critical": 1, "shield": -1}
    assert dealt == [max(0, spell.damage + bonus.get(f, 0)) for f in faces], \
        "Combat Roll: the damage follows the face"

    # Movement (Glyph cells): the learner turns the other team's Glyph over and takes the Dofus.
    start, events, _ = walked["04_glyphs"]
    captured = [e for e in _named(events, "GlyphCaptured") if e.seat == HUMAN]
    assert any(e.flipped for e in captured) and any(not e.flipped for e in captured), \
        "Movement: a Glyph tile turned over and a new one captured"
    assert [e for e in _named(events, "DofusTaken") if e.seat == HUMAN], "Movement: the Dofus comes to the learner"

    # Krosmic Favors: a new Favor in a slot at the start of the turn, one used for 1 AP, one free with the Dofus.
    start, events, _ = walked["05_favors"]
    assert _named(events, "FavorRevealed") and _named(events, "FavorPlaced"), "Reveal a New Krosmic Favor"
    used = [e for e in _named(events, "FavorUsed") if mine(start, e.fighter)]
    assert {e.free for e in used} == {True, False}, "Krosmic Favors: paid with 1 AP, then free with the Dofus"

    # Tackle Zones and Dodge Rolls: caught once, then slipping away.
    start, events, board = walked["06_tackle"]
    assert start.setup.tackle, "the tackle lesson plays with the advanced rule"
    dodges = [e.result for e in _named(events, "DodgeRolled") if mine(start, e.fighter)]
    assert "caught" in dodges and "free" in dodges, "Dodge Rolls: caught, and getting away"

    # A whole first-game turn: set-up, a Favor, both Krosmasters played, then the other player's turn;
    # it ends on a real position the learner may play on.
    start, events, board = walked["07_first_turn"]
    assert start.phase == "place", "the whole turn begins with the set-up"
    placed = [e for e in _named(events, "Placed") if mine(start, e.fighter)]
    assert len(placed) == 2
    ended = [e.seat for e in _named(events, "TurnEnded")]
    assert ended[:2] == [HUMAN, 1 - HUMAN], "Stages of a Player's Turn: the learner's turn, then the other's"
    activated = {e.fighter for e in _named(events, "FighterActivated") if mine(start, e.fighter)}
    assert len(activated) == 2, "both the learner's Krosmasters are played"
    assert board.coach.lesson.playable and not board.snap.over and board.snap.mine

    # Play a first game: the first-game set-up (no advanced rule), a new game to play on.
    start, events, board = walked["08_first_game"]
    setup = start.setup
    assert not (setup.superior_favors or setup.die_jokers or setup.tackle or setup.challenges), \
        "THE FIRST TIME YOU PLAY: basic Favors, no Divine Challenge, no advanced rule"
    assert start.phase == "place" and board.coach.lesson.playable and not board.snap.over
