"""Krosmaster: Blast on screen, driven through the real SceneStack with synthesized clicks only.

The driver reads the state to decide where to click (like a player looking at the board),
but every action goes through a click on a hotspot: a widget, a card or a cell, where a player clicks.
"""

from __future__ import annotations

import time

import pygame
import pytest

from game.krosmaster import DIST, index
from scenes import ui
from scenes.board import GameOverScene
from scenes.krosmaster.board import KrosmasterBoard
from scenes.board.furniture import ChoiceOverlay
from scenes.krosmaster.orientation import OrientationScene
from scenes.krosmaster.setup import KrosmasterSetup
from scenes.menu import MenuScene
from tests.scenes.helpers import button, click, click_widget, settle


def spot(board, key):
    found = board.spots.get(key)
    assert found is not None, f"no hotspot {key!r}"
    return found


def first_enabled(board, prefix):
    found = [s for s in board.spots if s.key.startswith(prefix) and board.spots.is_enabled(s)]
    assert found, f"no usable {prefix} hotspot"
    return found[0]


def enemy_cast(board):
    """A legal cast at an enemy fighter, if any (the driver never hits its own side)."""
    s = board.match.state
    for a in board.match.legal_actions():
        if a.kind == "cast":
            _fid, _spell, x, y = a.args
            target = s.grid[index(x, y)]
            if target >= 0 and s.fighters[target].owner != s.to_move:
                return a
    return None


def closer_cell(board):
    """The reachable cell nearest an enemy Krosmaster, if it gets closer than where the fighter stands."""
    s = board.match.state
    f = s.fighters[s.active]
    enemies = [o.cell for o in s.fighters if o.owner != f.owner and not o.out and o.cell >= 0]
    reach = board.snap.queries["reach"]
    if not enemies or not reach:
        return None
    here = min(DIST[f.cell][e] for e in enemies)
    best = min(reach, key=lambda c: (min(DIST[index(*c)][e] for e in enemies), reach[c].cost))
    return best if min(DIST[index(*best)][e] for e in enemies) < here else None


def drive(app, board, limit=3000):
    """Play the board to its end screen with clicks; returns how many clicks it took."""
    clicks = 0
    while not isinstance(app.stack.top, GameOverScene):
        clicks += 1
        assert clicks < limit, f"no end after {limit} clicks; stuck at {board.match.decision()}"
        top = app.stack.top
        if isinstance(top, ChoiceOverlay):
            click_widget(app, next(iter(top.buttons)))
            continue
        assert top is board, f"unexpected scene {type(top).__name__}"
        if board.busy:
            settle(app)
            continue
        s = board.match.state
        kind = board.snap.kind
        if kind in ("face", "reroll"):
            app.run_frames(2)  # the question opens over the board
            continue
        if kind in ("place", "remove"):
            click(app, first_enabled(board, "cell:").rect.center)
        elif kind == "slot":
            click(app, spot(board, "slot:left").rect.center)
        elif kind == "select":
            legal = [a for a in board.match.legal_actions() if a.kind == "activate"]
            if legal:
                click(app, board.grid.cell_centre(s.fighters[legal[0].args[0]].xy))
            else:
                click_widget(app, board.end_button)
        elif kind == "act":
            cast = enemy_cast(board)
            if cast is not None:
                fid, spell, x, y = cast.args
                if board.ability != ("spell", spell):
                    click(app, spot(board, f"spell:{fid}:{spell}").rect.center)
                    assert board.ability == ("spell", spell)
                    assert (x, y) in board.grid.layer_cells("in_range")
                click(app, board.grid.cell_centre((x, y)))
                continue
            cell = closer_cell(board) if s.mp > 0 else None
            if cell is not None:
                click(app, board.grid.cell_centre(cell))
            else:
                click_widget(app, board.end_button)
        else:
            raise AssertionError(f"the driver does not know decision {kind!r}")
    return clicks


@pytest.fixture
def fast_app(make_app):
    from scenes.settings import Settings

    return make_app(settings=Settings(animation_speed="instant"), persist_settings=False)


def test_a_full_game_from_the_menu_to_the_end_screen_with_clicks_only(fast_app, monkeypatch):
    app = fast_app
    started = time.perf_counter()
    monkeypatch.setattr(KrosmasterSetup, "new_seed", lambda self: 4)
    app.push(MenuScene(app))
    settle(app)
    click_widget(app, button(app.stack.top, "New game"))
    settle(app)
    setup = app.stack.top
    assert isinstance(setup, KrosmasterSetup)
    click_widget(app, setup.board_button)
    settle(app)
    picker = app.stack.top
    assert isinstance(picker, OrientationScene)
    click(app, picker.slots["side_b_mirrored"].center)
    settle(app)
    assert app.stack.top is setup and setup.layout == "side_b_mirrored"
    click_widget(app, button(setup, "Start"))
    settle(app, 3)
    board = app.stack.top
    assert isinstance(board, KrosmasterBoard) and board.match.setup.layout == "side_b_mirrored"
    clicks = drive(app, board)
    end = app.stack.top
    assert board.match.over and isinstance(end, GameOverScene)
    outcome = board.match.outcome()
    assert end.reason == ui.sentence(outcome.reason), "the end screen gives the rules' reason as a sentence"
    assert any("Glyph cells" in line for line in end.lines)
    click_widget(app, button(end, "Main menu"))
    settle(app, 3)
    assert isinstance(app.stack.top, MenuScene)
    elapsed = time.perf_counter() - started
    assert elapsed < 60, f"a full game took {elapsed:.1f} s ({clicks} clicks)"


def choose(app, menu, label):
    """Open a drop-down with a click and click one of its options."""
    click_widget(app, menu)
    listing = menu.current_state.options_selection_list
    assert listing is not None, "the drop-down did not open"
    items = [item for item in listing.item_list if item["text"] == label]
    assert items, f"no option {label!r}"
    element = items[0]["button_element"]
    assert element is not None, f"option {label!r} is not shown"
    click(app, element.rect.center)


def option_widget(setup, key):
    return next(w for w, o in setup.option_widgets.items() if o.key == key)


def test_an_advanced_game_with_a_draft_jokers_and_tackles_to_the_end(fast_app, monkeypatch):
    app = fast_app
    monkeypatch.setattr(KrosmasterSetup, "new_seed", lambda self: 11)
    app.push(KrosmasterSetup(app))
    settle(app)
    setup = app.stack.top
    assert not option_widget(setup, "tackle").is_enabled, "a first game locks the advanced rules"
    choose(app, option_widget(setup, "level"), "Advanced rules")
    settle(app)
    choose(app, option_widget(setup, "choose_krosmasters"), "Chosen in turn")
    settle(app)
    assert setup.values["level"] == "advanced" and setup.values["choose_krosmasters"] is True
    assert setup.values["tackle"] and setup.values["die_jokers"] and setup.values["challenges"] == 1
    click_widget(app, button(setup, "Start"))
    settle(app, 3)
    board = app.stack.top
    assert isinstance(board, KrosmasterBoard)
    assert board.match.setup.tackle and board.match.setup.choose_krosmasters
    for _ in range(4):  # the draft: blue, pink, pink, blue, each a click on a card
        assert board.snap.kind == "draft"
        card = first_enabled(board, "card:draft:")
        click(app, card.rect.center)
        settle(app)
        assert card.key.split(":")[2] in board.match.state.picks[0] + board.match.state.picks[1]
    assert board.snap.kind == "place"
    drive(app, board)
    assert board.match.over
    kinds = {a.kind for a in board.match.actions}
    assert {"pick", "place", "slot", "activate", "move", "cast", "face", "end"} <= kinds, kinds


@pytest.mark.parametrize("name", ["krosmaster.board", "krosmaster.setup", "krosmaster.orientation"])
def test_each_krosmaster_scene_takes_an_automated_screenshot(name, tmp_path):
    from tests.scenes.test_automation import run

    out = tmp_path / "shot.png"
    result = run(["scenes", "--scene", name, "--seed", "2", "--frames", "5", "--screenshot", str(out)], tmp_path)
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_the_bench_keeps_the_board_playing_and_animating(app):
    board = KrosmasterBoard.for_automation(app, 1)
    app.push(board)
    settle(app)
    played = len(board.match.actions)
    busy_frames = 0
    for _ in range(240):
        board.bench_step()
        app.run_frames(1)
        busy_frames += board.busy
    assert len(board.match.actions) > played, "the bench plays actions"
    assert busy_frames > 20, "and measures frames while they animate"


def hover(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    settle(app)


def tip_text(board):
    spot = board.spots.hovered
    assert spot is not None, "nothing hovered"
    return " ".join(board.spots.tip_of(spot))


def board_for(app, state):
    from game import krosmaster
    from game.core.match import Match

    board = KrosmasterBoard(app, Match(krosmaster, state.setup, 0, state))
    board.autosave = False
    app.push(board)
    settle(app)
    return board


def test_previews_show_the_rules_odds_before_a_dodge_roll_and_a_combat_roll(app):
    from game.krosmaster import Setup, damage_odds, dodge_odds
    from game.krosmaster.testing import build
    from scenes.ui import percent

    state = build([("felix_dicebag", 0, (5, 8)), ("golda_purse", 1, (5, 6)), ("arrowna", 1, (6, 8))],
                  setup=Setup(tackle=True, die_jokers=True), active=0)
    board = board_for(app, state)
    assert (5, 8) in board.grid.layer_cells("danger"), "leaving Felix's cell takes a dodge roll"
    hover(app, spot(board, "cell:4,8").rect.center)
    text = tip_text(board)
    odds = dodge_odds(board.shown, 0, (5, 8))
    assert text.startswith("E9: ") and "Dodge roll leaving F9" in text, text
    assert f"{percent(odds['free'])} get away" in text and f"{percent(odds['tackled'])} tackled" in text, text
    click(app, spot(board, "spell:0:catroulette").rect.center)
    assert board.ability == ("spell", "catroulette")
    assert (5, 6) in board.grid.layer_cells("in_range")
    status, _ = board.status_text()
    assert "Aim Catroulette" in status and "right-click" in status, status
    hover(app, spot(board, "cell:5,6").rect.center)
    text = tip_text(board)
    for damage, p in damage_odds(board.shown, 0, "catroulette", (5, 6)).items():
        assert f"{damage} dmg {percent(p)}" in text, text
    assert board.spots.is_enabled(spot(board, "spell:0:feline_claw")), "Arrowna is next to Felix: Feline Claw can be cast"
    click(app, spot(board, "cell:5,6").rect.center)
    assert board.busy or board.match.actions, "the click cast Catroulette"
    assert str(board.match.actions[0]) == "cast 0 catroulette 5 6"


def test_a_right_click_puts_the_armed_spell_down_even_over_a_greyed_cell(app):
    from game.krosmaster import Setup
    from game.krosmaster.testing import build

    state = build([("felix_dicebag", 0, (5, 8)), ("golda_purse", 1, (5, 6)), ("arrowna", 1, (6, 8))],
                  setup=Setup(), active=0)
    board = board_for(app, state)
    click(app, spot(board, "spell:0:catroulette").rect.center)
    assert board.ability is not None
    greyed = spot(board, "cell:0,0")
    assert not board.spots.is_enabled(greyed)
    click(app, greyed.rect.center, button=3)
    assert board.ability is None and not board.match.actions


def test_a_greyed_spell_whose_target_is_hidden_says_it_is_out_of_sight(app):
    from game.krosmaster.testing import build

    state = build([("felix_dicebag", 0, (0, 6)), ("golda_purse", 0, (7, 9)), ("arrowna", 1, (0, 3)),
                   ("wa_wabbit", 1, (6, 0))], active=0)  # a tree at A5 between Felix and Arrowna
    board = board_for(app, state)
    chip = spot(board, "spell:0:catroulette")
    assert not board.spots.is_enabled(chip)
    assert "out of sight" in board.spots.reason_of(chip)


def test_a_summon_aimed_at_fire_warns_of_the_injuries(app):
    from game.krosmaster.testing import build

    state = build([("martine_gale", 0, (3, 8)), ("golda_purse", 0, (7, 9)), ("arrowna", 1, (3, 1)),
                   ("wa_wabbit", 1, (6, 0))], active=0, terrain={(2, 8): "fire"})
    board = board_for(app, state)
    click(app, spot(board, "spell:0:fleabag").rect.center)
    hover(app, spot(board, "cell:2,8").rect.center)
    assert "Fire: the summoned Minion takes 2 injuries" in tip_text(board)


def test_a_self_targeted_favor_lights_its_user_s_cell(app):
    """Issue 23: aiming Second Wind (used on oneself) must light the user's own cell, the one to click."""
    from game.krosmaster.testing import build

    state = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (7, 9)), ("arrowna", 1, (0, 0)),
                   ("wa_wabbit", 1, (6, 0))], active=0, left=("second_wind",))
    board = board_for(app, state)
    click(app, spot(board, "slot:left").rect.center)
    assert board.ability == ("favor", "left")
    assert (3, 8) in board.grid.layer_cells("in_range")
    assert (3, 8) not in board.grid.layer_cells("selected"), "lit as a target, not outlined over its green"
    cell = spot(board, "cell:3,8")
    assert board.spots.is_enabled(cell)
    click(app, cell.rect.center)
    assert str(board.match.actions[0]) == "favor 0 left 3 8"


def test_a_click_on_an_empty_favor_slot_arms_nothing_and_the_board_keeps_drawing(app):
    """Played in a real window: a click on the empty left slot armed "the Favor there" and the next frame's
    status line crashed the program (issue 23 play-through)."""
    from game.krosmaster.testing import build

    state = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (7, 9)), ("arrowna", 1, (0, 0)),
                   ("wa_wabbit", 1, (6, 0))], active=0, left=())
    board = board_for(app, state)
    empty = spot(board, "slot:left")
    assert "empty" in " ".join(empty.tip_lines()) and empty.click is None, "an empty slot is only read, never clicked"
    click(app, empty.rect.center, frames=5)
    assert board.ability is None
    assert board.status_text()[0].startswith("Blue")
    assert not board.match.actions


def test_a_played_card_shows_its_spent_points(app):
    from game.krosmaster.testing import build

    state = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (7, 9)), ("arrowna", 1, (0, 0)),
                   ("wa_wabbit", 1, (6, 0))], active=0)
    board = board_for(app, state)
    click(app, spot(board, "button:end").rect.center)
    settle(app)
    assert str(board.match.actions[-1]) == "end 0"
    card = board.fighter_info(board.snap.view.fighters[0])
    assert card.status == "Played" and (card.ap, card.mp) == (0, 0)


def test_a_flashed_message_leaves_the_board_s_top_row_in_sight(app):
    """Issue 23 (clipping): the red flash of a refused click covered the board's top row."""
    from game.krosmaster.testing import build
    from scenes import palette

    state = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (7, 9)), ("arrowna", 1, (0, 0)),
                   ("wa_wabbit", 1, (6, 0))], active=0)
    board = board_for(app, state)
    top_row = board.grid.cell_rect((3, 0))
    before = pygame.Surface.copy(app.screen)
    board.flash("A long refusal that takes more than one line to say why the click did nothing at all here.")
    settle(app)
    assert board.flash_text
    for x in range(top_row.left, top_row.right, 4):
        for y in range(top_row.top, top_row.bottom, 4):
            assert app.screen.get_at((x, y)) == before.get_at((x, y)), "the flash covers the board's top row"
    log = board.log_rect
    assert any(tuple(app.screen.get_at((x, log.top + 20)))[:3] == palette.BG_LIGHT for x in range(log.left, log.right))


def _slot_decision_with_stacks():
    """A first game played at random up to a slot choice with two Favors or more in each slot."""
    from game import krosmaster
    from game.core.match import Match
    from game.core.rng import Rng

    for seed in range(60):
        match = Match.new(krosmaster, krosmaster.Setup(), seed)
        rng = Rng(seed)
        while not match.over:
            seen = match.view(None)
            if match.decision().kind == "slot" and len(seen.left) >= 2 and len(seen.right) >= 2:
                return match
            match.play(krosmaster.playout_choice(seen, krosmaster.legal_actions(seen), rng))
    raise AssertionError("no slot choice with two stacked Favors on each side in 60 games")


def test_the_favor_strip_s_labels_do_not_run_into_each_other(app, monkeypatch):
    """Issue 23: 'Revealed: choose a slot' ran into 'Left slot (2 cards)' / 'Right slot (2 cards)'."""
    from scenes.krosmaster import favors
    from scenes.krosmaster.sides import RIGHT

    board = KrosmasterBoard(app, _slot_decision_with_stacks())
    board.autosave = False
    app.push(board)
    settle(app)
    drawn = []
    real = ui.text

    def recording(surface, value, pos, *args, **kwargs):
        rect = real(surface, value, pos, *args, **kwargs)
        drawn.append((value, rect))
        return rect

    marked_line = favors.marked.draw_marked_line

    def recording_marked(surface, value, pos, glossary, size=16, colour=None, *, bold=False, anchor="topleft", **kw):
        hits = marked_line(surface, value, pos, glossary, size, colour, bold=bold, anchor=anchor, **kw)
        drawn.append((value, ui.render(value, size, (0, 0, 0), bold).get_rect(**{anchor: pos})))
        return hits

    monkeypatch.setattr(favors.ui, "text", recording)
    monkeypatch.setattr(favors.marked, "draw_marked_line", recording_marked)
    board.render_panels()
    labels = [(v, r) for v, r in drawn if v.startswith(("Left slot", "Right slot", "Revealed", "choose a slot"))]
    assert sum("cards)" in v for v, _ in labels) == 2, labels  # both slots name their stacks
    assert {v.split(" (")[0] for v, _ in labels} >= {"Left slot", "Right slot", "Revealed:", "choose a slot"}, labels
    caption = [r for v, r in labels if v in ("Revealed:", "choose a slot")]  # the pile's caption, two lines
    labels = [(v, r) for v, r in labels if v not in ("Revealed:", "choose a slot")] + [
        ("Revealed: choose a slot", caption[0].union(caption[1]))]
    for i, (a, ra) in enumerate(labels):
        assert ra.left >= 0 and ra.right <= RIGHT.width, f"{a!r} leaves the column: {ra}"
        for b, rb in labels[i + 1:]:
            assert not ra.colliderect(rb), f"{a!r} runs into {b!r}"


def test_a_spell_s_caption_stays_over_the_board_when_its_caster_is_in_column_a(make_app):
    """Issue 23 (clipping): a spell's name, popped over a caster on the board's left edge, ran over the left
    column of fighter cards."""
    from game.krosmaster.testing import build
    from scenes import assets
    from scenes.settings import Settings

    app = make_app(settings=Settings(animation_speed="normal"), persist_settings=False)
    state = build([("felix_dicebag", 0, (0, 8)), ("golda_purse", 0, (7, 9)), ("arrowna", 1, (0, 6)),
                   ("wa_wabbit", 1, (6, 0))], active=0)
    board = board_for(app, state)
    click(app, spot(board, "spell:0:catroulette").rect.center)
    click(app, spot(board, "cell:0,6").rect.center)
    app.run_frames(3)
    captions = [f for f in board.floaters.items if f.text == "Catroulette"]
    assert captions, "casting pops the spell's name over the caster"
    width = assets.font(captions[0].size, True).size("Catroulette")[0]
    left = captions[0].pos[0] - width // 2
    assert left >= board.grid.rect.left, f"the caption starts at x={left}, left of the board ({board.grid.rect.left})"


def test_the_left_slot_s_highlight_is_drawn_whole(app):
    """Issue 23 (clipping): the lit edge round the left Favor slot was cut at the column's edge."""
    from scenes import palette
    from scenes.krosmaster.sides import RIGHT

    board = KrosmasterBoard(app, _slot_decision_with_stacks())
    board.autosave = False
    app.push(board)
    settle(app)
    slot = spot(board, "slot:left").rect
    edge = slot.inflate(6, 6)
    assert edge.left >= RIGHT.left, f"the highlight starts at x={edge.left}, outside the column ({RIGHT.left})"
    lit = [tuple(app.screen.get_at((x, slot.centery)))[:3] for x in range(edge.left, edge.left + 3)]
    assert tuple(palette.LEGAL)[:3] in lit, f"no lit edge left of the slot: {lit}"


def played_out(app, board, limit=900):
    """Run frames until the board's animations have played (at the settings' speed)."""
    for _ in range(limit):
        if not board.busy:
            return
        app.run_frames(1)
    raise AssertionError("the animations never end")


def test_the_glyph_toss_and_a_combat_roll_are_told_once_their_animation_has_shown_them(make_app):
    """Issue 23 (results before their animation): the log, the status line and the column said who plays first
    while the Glyph tile still spun, and the log a roll's face while the die still tumbled."""
    from game import krosmaster
    from game.core.match import Match
    from game.krosmaster.testing import build
    from scenes.settings import Settings

    app = make_app(settings=Settings(animation_speed="normal"), persist_settings=False)
    board = KrosmasterBoard(app, Match.new(krosmaster, krosmaster.Setup(), 3))
    board.autosave = False
    app.push(board)
    app.run_frames(5)
    assert board.toss is not None, "the Glyph toss is spinning"
    assert not any("plays first" in line for line in board.log.lines)
    status, _ = board.status_text()
    names = [seat.name for seat in board.seats]
    assert not any(name in status for name in names), f"the status line names a player during the toss: {status}"
    assert board.side_info().to_move is None, "the column says whose turn it is during the toss"
    played_out(app, board)
    assert any("plays first" in line for line in board.log.lines), board.log.lines
    app.stack.pop()

    state = build([("felix_dicebag", 0, (5, 8)), ("golda_purse", 1, (5, 6)), ("arrowna", 1, (6, 8))], active=0)
    board = board_for(app, state)
    before = len(board.log.lines)
    click(app, spot(board, "spell:0:catroulette").rect.center)
    click(app, spot(board, "cell:5,6").rect.center)
    for _ in range(200):
        app.run_frames(1)
        if board.dice and any(d.rolling for d in board.dice):
            break
    assert board.dice and any(d.rolling for d in board.dice), "the combat die tumbles"
    assert not any("rolls" in line for line in board.log.lines[before:]), board.log.lines[before:]
    played_out(app, board)
    assert any("rolls" in line for line in board.log.lines[before:]), board.log.lines[before:]
