"""The Khrysos map's dice (issue 34 "Khrysos table"): two hunters on one square each show their whole die (its
endurance face and its mark), and a Stun or a Trap shows on the map die as on the card."""

from __future__ import annotations

import itertools

import game.khrysos as K
from game.core.match import Match
from game.khrysos.testing import hunter, position
from scenes import registry, saves  # noqa: F401 - the registry first, as the program imports it
from scenes.khrysos.board import KhrysosBoard
from tests.scenes.helpers import click_widget, top
from tests.scenes.test_khrysos import fast_app
from tests.scenes.test_khrysos_board import seats


def test_hunters_on_one_square_stand_apart_and_stun_and_trap_show_on_their_dice(make_app, monkeypatch):
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    app = fast_app(make_app)
    state = position([hunter("Elia Rose", 0, (4, 1)), hunter("Bento Rush", 1, (4, 1), endurance=3, stun=True),
                      hunter("Vex Orion", 0, (7, 1), trap=True), hunter("Mara Quill", 1, (7, 7))])
    board = KhrysosBoard(app, Match(K, K.Setup(players=2), 0, state), seats(2))
    app.push(board)
    app.run_frames(3)
    if hasattr(top(app), "ready"):
        click_widget(app, top(app).ready)
        app.run_frames(3)
    by_name = {d.name: d for d in board.standees.values()}
    elia, bento = by_name["Elia Rose"], by_name["Bento Rush"]
    assert not elia.hit_rect().colliderect(bento.hit_rect()), "two hunters on one square hide each other"
    cell = board.grid.cell_rect((4, 1))
    assert cell.contains(elia.hit_rect()) and cell.contains(bento.hit_rect()), "both stay on their square"
    assert bento.markers == ("stun",) and by_name["Vex Orion"].markers == ("trap",) and elia.markers == ()
    assert by_name["Mara Quill"].hit_rect().width == board.die_size, "a hunter alone keeps its full die"


def test_the_four_player_opening_dice_are_readable_and_beside_their_own_players_name():
    """Issue 34: with four players the opening dice were tiny and stood beside the next player's name."""
    from game.khrysos.events import OpeningRolled
    from scenes.khrysos import art
    from scenes.khrysos.panels import OPENING, opening_area

    event = OpeningRolled(dice=((5,), (6,), (2,), (6,)), rolloffs=(((1, 4), (3, 2)),), first=1, zones=(1, 2, 3, 4))
    area, name = opening_area(4)
    col = OPENING.width // 4
    for seat, _, k, r in art.opening_layout(area, name, event):
        left = OPENING.left + seat * col
        assert left + name <= r.left and r.right <= left + col, f"seat {seat}'s die leaves its column: {r}"
        assert r.width >= (20 if k == 0 else 13), f"a die of {r.width} pixels"
        assert OPENING.top + 12 <= r.top and r.bottom <= OPENING.bottom + 2, "the dice stand under the names"
    assert opening_area(2) == opening_area(3) == (OPENING, 62), "two or three players keep names beside their dice"


def test_a_long_hunter_name_fits_its_button_whole_beside_short_ones(make_app, monkeypatch):
    """Issue 34: "Hit Moss Hallo…" on a decision bar of four buttons (each had the same width)."""
    from types import SimpleNamespace

    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    app = fast_app(make_app)
    app.push(KhrysosBoard.for_automation(app, 3))
    app.run_frames(2)
    board = top(app)
    labels = ["Hit Moss Halloway", "Hit Sola Brightwind", "End turn", "Withdraw"]
    board.bar.sync([SimpleNamespace(key=f"k{i}", label=label, tip="tip") for i, label in enumerate(labels)])
    shown = [board.bar.buttons[f"k{i}"] for i in range(len(labels))]
    assert [b.text for b in shown] == labels
    for a, b in itertools.pairwise(shown):
        assert a.rect.right < b.rect.left, "the buttons stand apart"
    assert shown[-1].rect.right <= board.bar.rect.right
