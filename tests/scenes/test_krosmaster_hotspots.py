"""The Krosmaster board on the kit (issue 19): every hotspot explains itself at every position of seeded games,
nothing is usable during a computer's turn or an animation, tips are painted over pygame-gui's widgets, and the
game has no private decision (so no hand-off screen, and nothing a secrecy test could compare)."""

from __future__ import annotations

import pygame
import pytest

from game import krosmaster
from game.core.match import Match
from game.core.rng import Rng
from scenes import palette
from scenes.board import Seat
from scenes.board.furniture import ChoiceOverlay
from scenes.krosmaster import art
from scenes.krosmaster.board import KrosmasterBoard
from tests.scenes.helpers import click, pixel, settle
from tests.scenes.kitcheck import check_hotspots, record_texts

KEY_SHAPES = ("cell:", "fighter:", "spell:", "power:", "slot:", "card:pile", "card:revealed", "card:draft:", "dofus",
              "challenge:", "bonus:", "button:end", "button:undo", "button:redo", "button:suggest",
              "button:rules", "button:danger", "term:", "status")


@pytest.fixture
def fast_app(make_app):
    from scenes.settings import Settings

    return make_app(settings=Settings(animation_speed="instant"), persist_settings=False)


def move(app, pos, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(frames)


def wait(app, board) -> None:
    for _ in range(400):
        if not board.busy and board._thinking is None and board._bot_wait is None:
            return
        app.run_frames(3)


def seats(bot: str | None = None) -> list[Seat]:
    return [Seat("Ann", art.SIDE_COLOURS[0]), Seat("Bob", art.SIDE_COLOURS[1], bot)]


def answer(app, overlay) -> None:
    """Click the question's first usable option, as a player would."""
    for spot in overlay.spots:
        assert overlay.spots.tip_of(spot), f"{spot.key} has no tip"
    first = next(s for s in overlay.spots if overlay.spots.is_enabled(s))
    click(app, first.rect.center)


@pytest.mark.slow
@pytest.mark.parametrize("seed, setup", [(8, krosmaster.bench_setup()),
                                         (5, krosmaster.Setup(choose_krosmasters=True, tackle=True, die_jokers=True,
                                                              challenges=2))])
def test_every_hotspot_explains_itself_at_every_position_of_a_hot_seat_game(fast_app, seed, setup):
    """Every position of the game's first 50 (the draft, the placing, turns with every advanced rule)."""
    app = fast_app
    board = KrosmasterBoard(app, Match.new(krosmaster, setup, seed), seats())
    board.autosave = False
    app.push(board)
    settle(app)
    rng = Rng(seed)
    positions = 0
    while not board.snap.over and positions < 50:
        wait(app, board)
        if isinstance(app.stack.top, ChoiceOverlay):
            answer(app, app.stack.top)
            continue
        assert app.stack.top is board
        assert board.snap.mine, "both seats are humans: every decision is the screen's"
        check_hotspots(board)
        keys = board.spots.keys()
        assert all(k.startswith(KEY_SHAPES) for k in keys), [k for k in keys if not k.startswith(KEY_SHAPES)]
        if board.snap.kind not in ("draft",):
            assert sum(k.startswith("cell:") for k in keys) == krosmaster.WIDTH * krosmaster.HEIGHT
        usable = [s for s in board.spots if board.spots.is_enabled(s) and not s.key.startswith(("button:undo",
                                                                                                "button:redo",
                                                                                                "button:suggest"))]
        assert usable, f"nothing to click at {board.snap.decision}"
        legal = list(board.snap.legal)
        board.act(krosmaster.playout_choice(board.snap.view, legal, rng))
        app.run_frames(1)
        if board.busy and positions % 5 == 0:
            check_hotspots(board)  # mid-animation: nothing usable
        positions += 1
    assert positions == 50


@pytest.mark.slow
def test_during_a_computer_turn_nothing_looks_or_acts_live(fast_app):
    """Seeded games against a random computer, as many as it takes to see it at rest at least 5 times
    (one game may end in few turns)."""
    app = fast_app
    bot_positions = 0
    for seed in range(4, 12):
        if bot_positions >= 12:
            break
        board = KrosmasterBoard(app, Match.new(krosmaster, krosmaster.Setup(), seed), seats("random"))
        board.autosave = False
        app.stack.replace(board)
        settle(app)
        rng = Rng(seed)
        for _ in range(400):
            if board.snap.over or bot_positions >= 12:
                break
            settle(app, 1)
            if isinstance(app.stack.top, ChoiceOverlay):
                answer(app, app.stack.top)
                continue
            if app.stack.top is not board:
                break  # the end screen
            seat = board.snap.seat
            if seat != 1 and board.busy:
                continue
            if seat == 1:  # the computer's turn: its pause and its moves' animations hold the board
                bot_positions += 1
                assert board.locked and not board.spots.live
                check_hotspots(board)
                assert not board.grid.live, "no reachable cell or target lit for the computer"
                assert board.end_button.visible is False or not board.end_button.is_enabled
                chips = [c for f in board.snap.view.fighters if f.cell >= 0 for c in board.fighter_info(f).chips]
                assert chips and not any(c.usable for c in chips), "no spell chip looks live"
                app.run_frames(20)
            elif board.snap.mine:
                board.act(krosmaster.playout_choice(board.snap.view, list(board.snap.legal), rng))
    assert bot_positions >= 5


def ready(app) -> KrosmasterBoard:
    """A game in its third turn, waiting for a human."""
    board = KrosmasterBoard.for_automation(app, 2)
    board.autosave = False
    app.push(board)
    settle(app)
    wait(app, board)
    return board


def test_the_tip_of_undo_is_painted_over_the_button(app):
    board = ready(app)
    undo = board.spots.get("button:undo")
    assert undo is not None and undo.widget is board.undo_button
    top_left = board.undo_button.rect.topleft
    move(app, (top_left[0] + 4, top_left[1] + 4))
    assert board.spots.hovered.key == "button:undo"
    inside = (top_left[0] + 30, top_left[1] + 34)
    assert board.undo_button.rect.collidepoint(inside)
    assert pixel(app, inside) == palette.BG_LIGHT, "the tip's own colour shows over the button"
    move(app, (600, 400))
    assert pixel(app, inside) != palette.BG_LIGHT


def test_a_greyed_redo_says_why(app):
    board = ready(app)
    redo = board.spots.get("button:redo")
    assert not board.spots.is_enabled(redo) and "Nothing to redo" in board.spots.reason_of(redo)
    click(app, board.redo_button.rect.center)
    assert board.spots.refusal is not None and "Nothing to redo" in board.spots.refusal.text


def test_no_krosmaster_decision_is_private_so_there_is_no_hand_off():
    """Krosmaster: Blast has no secret one seat sees and the other does not: `decision().private` is never set, so the
    hand-off secrecy test has nothing to compare (two seats always see the same screen)."""
    for seed in range(6):
        s = krosmaster.new_game(krosmaster.random_setup(Rng(seed)), seed)
        rng = Rng(seed + 100)
        for _ in range(400):
            if s.phase == "over":
                break
            assert not krosmaster.decision(s).private
            s, _ = krosmaster.apply(s, krosmaster.playout_choice(s, krosmaster.legal_actions(s), rng))


def test_every_spell_name_fits_its_chip_without_an_ellipsis(app):
    """Issue 23 (cut text): a smaller font or a second line before an ellipsis ("Capitol Punis…")."""
    from game.krosmaster import CONTENT
    from scenes import ui
    from scenes.krosmaster import panels

    for c in CONTENT.krosmasters.values():
        n = len(c.spells)
        chip = (372 - 22 - 6 * (n - 1)) // n  # a Krosmaster card's chip width (panels.draw_fighter)
        for sp in c.spells:
            name, _ = panels.shrink(sp.name, 13, chip - 8, smallest=11)
            lines = [name] if name == sp.name else ui.wrap(sp.name, 12, chip - 6, bold=True)
            assert len(lines) <= 2 and all(ui.fit(line, 12, chip - 6, bold=True) == line for line in lines), sp.name
    for m in CONTENT.minions.values():
        for sp in m.spells:
            name, _ = panels.shrink(sp.name, 12, 70 - 6, smallest=9)  # a Minion's token chip
            assert name == sp.name, sp.name


def test_every_spell_chip_s_words_stay_inside_the_chip(app, monkeypatch):
    """Issue 23 (spilled text): 'RA 2-4 · 1 dmg · 1/turn' ran over Crippling Arrow's chip edges. Each Krosmaster's
    and Minion's card is drawn as the column draws it; every word drawn on a chip lies inside it, uncut."""
    import pygame

    from game.krosmaster import CONTENT
    from scenes.krosmaster import panels, tips
    from scenes.krosmaster.sides import LEFT

    drawn = record_texts(monkeypatch, panels)
    surface = pygame.Surface(LEFT.size)
    for c in [*CONTENT.krosmasters.values(), *CONTENT.minions.values()]:
        chips = [panels.Chip(sp.id, sp.name, tips.spell_line(sp), [sp.name], None) for sp in c.spells]
        info = panels.FighterInfo(0, c.name, 0, c.minion, c.hp, 0, c.ap, c.ap, c.mp, c.mp, 0, 0, "Ready", False,
                                  chips, [(p.name, p.text) for p in c.powers], c.element, c.id)
        width = (LEFT.width - 6) // 2 if c.minion else LEFT.width
        spots: list = []
        drawn.clear()
        panels.draw_fighter(surface, pygame.Rect(0, 0, width, panels.MINION_H if c.minion else panels.CARD_H), info,
                            spots)
        for spot in (s for s in spots if s.key.startswith("spell:")):
            inside = [(v, r) for v, r in drawn if spot.rect.collidepoint(r.center)]
            assert inside, f"{c.name}: nothing drawn on the chip {spot.key}"
            for value, rect in inside:
                assert not value.endswith("…"), f"{c.name}: {value!r} is cut on its chip"
                assert spot.rect.contains(rect), f"{c.name}: {value!r} {rect} spills out of its chip {spot.rect}"


def test_a_minion_s_name_takes_a_second_line_before_an_ellipsis(app, monkeypatch):
    """Issue 23 (cut text): a Minion's token card showed 'Black Tiwa…' where two lines fit."""
    import pygame

    from game.krosmaster import CONTENT
    from scenes.krosmaster import panels, tips
    from scenes.krosmaster.sides import LEFT

    drawn = record_texts(monkeypatch, panels)
    surface = pygame.Surface(LEFT.size)
    card = pygame.Rect(0, 0, (LEFT.width - panels.GAP) // 2, panels.MINION_H)  # panels.draw_team's Minion width
    for m in CONTENT.minions.values():
        chips = [panels.Chip(sp.id, sp.name, tips.spell_line(sp), [sp.name], None) for sp in m.spells]
        info = panels.FighterInfo(0, m.name, 0, True, m.hp, 0, m.ap, m.ap, m.mp, m.mp, 0, 0, "Ready", False, chips,
                                  [], m.element, m.id)
        spots: list = []
        drawn.clear()
        panels.draw_fighter(surface, card, info, spots)
        chip = next(s.rect for s in spots if s.key.startswith("spell:"))
        words = [(v, r) for v, r in drawn if not chip.collidepoint(r.center)]
        assert "".join(v for v, _ in words).replace(" ", "").find(m.name.replace(" ", "")) >= 0, (m.name, words)
        for value, rect in words:
            assert not value.endswith("…"), f"{m.name} is cut: {value!r}"
            assert card.contains(rect) and not rect.colliderect(chip), f"{value!r} {rect} leaves its place"


def test_a_challenge_bonus_name_takes_a_second_line_before_an_ellipsis(app, monkeypatch):
    """Issue 23 (cut text): 'Call of the Ar…' on a Divine Challenge's bonus chip, where two lines fit."""
    import types

    import pygame

    from game.krosmaster import CONTENT
    from scenes.krosmaster import favors
    from scenes.krosmaster.sides import RIGHT

    drawn = record_texts(monkeypatch, favors)
    surface = pygame.Surface((RIGHT.width, favors.CHALLENGE_H))
    info = types.SimpleNamespace(bonus_reasons={}, unlocked=(set(), set()), armed=None, names=("Ann", "Bob"))
    for ch in CONTENT.challenges.values():
        drawn.clear()
        spots = favors.draw_challenge(surface, pygame.Rect(0, 0, RIGHT.width, favors.CHALLENGE_H - 4), ch.id, info,
                                      (0, 0))
        for b in ch.bonuses:
            chip = next(s.rect for s in spots if s.key == f"bonus:{b.id}")
            words = [(v, r) for v, r in drawn if chip.collidepoint(r.center)]
            assert " ".join(v for v, _ in words) == f"{b.glyphs}x {b.name}", (b.name, words)
            for value, rect in words:
                assert not value.endswith("…") and chip.contains(rect), (b.name, value, rect, chip)


def test_game_words_in_the_columns_are_marked_and_hovering_one_reads_its_glossary_entry(app):
    """The labels the board draws mark the glossary's words (dotted); a hover explains the word, also while the
    other player's turn plays (it is only information)."""
    from game import learn
    from scenes.krosmaster.sides import LEFT, RIGHT

    board = ready(app)
    terms = [s for s in board.spots if s.key.startswith("term:")]
    ids = {s.key.split(":")[1] for s in terms}
    assert {"glyph", "favor", "turn"} <= ids, ids
    assert any(LEFT.contains(s.rect) for s in terms) and any(RIGHT.contains(s.rect) for s in terms)
    glyph = next(s for s in terms if s.key.startswith("term:glyph:"))
    move(app, glyph.rect.center)
    assert board.spots.hovered is not None and board.spots.hovered.key == glyph.key
    text = " ".join(board.spots.tip_of(board.spots.hovered))
    assert text.lower().startswith("glyph") and learn.glossary("krosmaster").term("glyph").text in text, text
    assert glyph.always and board.spots.is_enabled(glyph)
    dots = [pixel(app, (x, y)) for x in range(glyph.rect.left, glyph.rect.right)
            for y in range(glyph.rect.top, glyph.rect.bottom)]
    assert palette.GOLD in dots, "the word is marked (dotted in gold)"
