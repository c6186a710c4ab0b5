"""Lessons (issue 21): taken with clicks, a game's lessons make the learner do what issue 21 asks them to learn.

Krom: a guided first round with computer seats (secret destinations and the reveal, the place order, a
combat decided with the weights, each place's action, a Bonus card, an Evolution), then a normal game.
Khrysos: first turns on Alpha Room (energy roll, treasure, moving, each targeting shape, Guard, Trap,
Stun, retiring and replacing), and a lesson in the map builder (the six zones, connection, turning
tiles, walls and pillars). What the learner did is read from the rules' own events, as the walked
lessons' matches recorded them, and for the builder from the maps its edits made."""

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
        if entry.lesson.in_builder:
            continue  # taught in the map builder: its own test below
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


def test_krom_lessons_teach_a_first_round_every_place_a_bonus_card_and_an_evolution(app):
    from game import krom

    walked = _walk_all(app, "krom")
    events = [e for _, evs in walked for e in evs]
    first = walked[0][1]
    # The first lesson is one whole round: the secret picks revealed, the Action phases in the places'
    # order, and it ends at the next round's Movement phase.
    assert _named(first, "DestinationsRevealed")
    phases = [e.place for e in _named(first, "ActionPhaseStarted")]
    assert phases == sorted(phases) and len(phases) == 3
    assert walked[0][0].state.phase == "move" and walked[0][0].state.round == 2
    # A combat decided by the weights: the top two scores tie, and the winner is the one the place's
    # tie rule favours (the lightest in the Forest and the Mountain, the heaviest in the Cave and the Savanna).
    ties = 0
    for match, evs in walked:
        for c in _named(evs, "CombatWon"):
            if len(c.scores) > 1 and c.scores[0] == c.scores[1]:
                ties += 1
                a, b = c.ranking[:2]
                lighter = krom.fighter_weight(match.state, a) < krom.fighter_weight(match.state, b)
                assert lighter == (c.place in (1, 3)), "the tie went against the place's weight rule"
    assert ties, "no lesson shows a tie decided by weight"
    # Each place's action, played by the learner.
    mine = [e for e in events if getattr(e, "seat", None) == HUMAN or getattr(e, "thief", None) == HUMAN]
    played = {e.place for e in _named(mine, "ActionPhaseStarted")}
    played |= {m.state_after(0).turn.place for m, _ in walked  # a lesson may begin in the learner's Action phase
               if m.state_after(0).turn is not None and m.state_after(0).turn.seat == HUMAN}
    assert played == {0, 1, 2, 3}
    assert _named(mine, "PickingDrawn"), "the learner never hikes in the Forest"
    assert any(h.caught for h in _named(mine, "Hunted")), "the learner never hunts in the Savanna"
    assert _named(mine, "MountainScored"), "the learner never climbs the Mountain"
    assert _named(mine, "Bought") or _named(mine, "Rested"), "the learner never uses the Cave"
    # Bonus cards: one in a combat, one in an Action phase, one countered; a stun and its steal; Evolutions.
    played = [krom.BONUS[e.card].timing for e in _named(mine, "BonusPlayed")]
    assert "combat" in played and any(t not in ("combat", "counter") for t in played)
    assert [e for e in _named(events, "BonusCountered") if e.seat == HUMAN]
    assert _named(mine, "Stole")
    assert len(_named(mine, "EvolutionRealized")) >= 3


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


def test_khrysos_map_builder_lesson_teaches_six_zones_joining_a_turn_a_wall_and_a_pillar(app):
    """Issue 21: "a lesson in the map builder (the six zones, connection, turning tiles, walls and pillars)".
    Read from the map itself: the learner's edits, replayed from the lesson's first map through the rules'
    own `apply_edit`, give the builder's map; the rules' validator judges every map on the way."""
    from game.khrysos import apply_edit, condition_holds
    from game.khrysos.maps import TILES, map_warnings, validate_map

    _menu(app)
    entry = next(e for e in loader.catalogue("khrysos") if e.lesson is not None and e.lesson.in_builder)
    lessonwalk.walk(app, "khrysos", entry.id)
    builder = lessonwalk.board_of(app)
    edits = builder.coach.history
    assert edits == builder.edits and edits, "the learner's edits were not all counted"
    maps = [entry.lesson.start_map()]
    for edit in edits:
        maps.append(apply_edit(maps[-1], edit))
    final = maps[-1]
    assert final.tiles == builder.spec.tiles
    # The six zones: missing at the start, all there at the end; the map can be played.
    assert not condition_holds(maps[0], "six_zones") and condition_holds(final, "six_zones")
    assert validate_map(final) == [] and map_warnings(final) == []
    # Connection: the learner laid a tile the rules found cut off, then joined it.
    cut = [i for i, m in enumerate(maps) if condition_holds(m, "cut_off")]
    assert cut and condition_holds(final, "connected"), "no tile was ever cut off, or it was never joined"
    assert any(e.kind == "move" for e in edits[cut[0]:]), "the cut-off tile was not moved to join the map"
    # A pillar and solid lines placed by the learner.
    placed = [TILES[e.tile] for e in edits if e.kind == "place"]
    assert any(t.pillars for t in placed) and any(t.walls for t in placed)
    # A turn: a tile with solid lines turned, and the turn mended a floor its lines had cut apart.
    turns = [i for i, e in enumerate(edits) if e.kind == "turn"]
    assert turns
    turned = {(edits[i].x, edits[i].y) for i in turns}
    assert any(TILES[t.tile].walls and t.rotation for t in final.tiles if (t.x, t.y) in turned)
    assert map_warnings(maps[turns[0]]) and not map_warnings(final), "the turn did not open the walled-off tile"
