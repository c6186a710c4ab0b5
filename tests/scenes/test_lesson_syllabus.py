"""Lessons (issue 21): taken with clicks, a game's lessons make the learner do what issue 21 asks them to learn.

Khrysos: first turns on Alpha Room (energy roll, treasure, moving, each targeting shape, Guard, Trap,
Stun, retiring and replacing). What the learner did is read from the rules' own events, as the
walked lessons' matches recorded them."""

from __future__ import annotations

from scenes.learn import loader
from tests.scenes import lessonwalk

HUMAN = 0  # every lesson of these games seats the learner first


def _menu(app):
    from scenes import registry

    app.stack.push(registry.make_scene("menu", app))
    app.run_frames(2)


def _walk_all(app, game: str) -> list[tuple[object, list]]:
    """Walk every lesson of `game` with clicks; (the lesson's match, its events in order) for each."""
    _menu(app)
    out = []
    for entry in loader.catalogue(game):
        assert entry.lesson is not None, entry.error
        assert entry.lesson.human == HUMAN, f"{entry.id}: the learner sits elsewhere"
        lessonwalk.walk(app, game, entry.id)
        board = lessonwalk.board_of(app)
        assert board.coach.finished
        assert entry.lesson.playable and not board.snap.over, f"{entry.id} does not end on a game to play on"
        assert board.snap.mine, f"{entry.id} ends waiting for a computer, not on the learner's decision"
        out.append((board.match, [e for _, e in board.match.history()]))
    return out


def _named(events, name: str) -> list:
    return [e for e in events if type(e).__name__ == name]


def test_khrysos_lessons_teach_the_roll_moving_every_targeting_shape_guard_trap_stun_and_replacing(app):
    from game import khrysos

    walked = _walk_all(app, "khrysos")
    events = [e for _, evs in walked for e in evs]
    for match, _ in walked:
        assert match.setup.map == "alpha_room"
    mine_hunters = {c.hunter for match, _ in walked for c in match.state.cards if c.seat == HUMAN}
    mine_hunters |= {e.hunter for e in _named(events, "HunterPlayed") if e.seat == HUMAN}
    rolls = [e for e in _named(events, "DiceRolled") if e.seat == HUMAN]
    assert {e.purpose for e in rolls} == {"energy", "zone"}, "the learner rolls for energy and for a new hunter's zone"
    assert _named(events, "TreasurePlaced") and [e for e in _named(events, "TreasureCollected") if e.seat == HUMAN]
    assert [e for e in _named(events, "Moved") if e.piece in mine_hunters and e.cause == "walk"]
    shapes = {e.how for e in _named(events, "Targeted") if e.hunter in mine_hunters}
    assert {"hit", "burst", "trample"} <= shapes, f"the learner's actions aimed only by {sorted(shapes)}"
    assert [e for e in _named(events, "GuardSpent") if e.hunter in mine_hunters], "the learner never spends Guard"
    assert _named(events, "Trapped") and _named(events, "Stunned")
    assert [e for e in _named(events, "KnockedOut") if e.seat == HUMAN and e.how == "withdrew"]
    assert [e for e in _named(events, "HunterPlayed") if e.seat == HUMAN and not e.drawn]
    assert all(isinstance(match.state, khrysos.State) for match, _ in walked)
