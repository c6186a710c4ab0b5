"""Krom: Evolution on screen, driven through the real SceneStack with synthesized clicks only.

The tests read the state to decide where to click (the rules' random playout policy picks the move),
and play it only by clicking the board's hotspots and widgets where a player would click.
"""

from __future__ import annotations

import time

import pytest

import game.krom as krom
from game.core.decision import HIDDEN
from game.core.errors import SetupError
from game.core.match import Match
from game.core.rng import Rng
from game.krom import testing as kt
from scenes import assets, palette, saves, ui
from scenes.board import GameOverScene, Seat
from scenes.board.furniture import ChoiceOverlay
from scenes.krom import layout
from scenes.krom.board import KromBoard
from scenes.krom.setup import KromSetupScene
from scenes.menu import MenuScene
from scenes.widgets.handoff import HandOffScene
from tests.scenes.helpers import button, click, click_widget, pixel, settle
from tests.scenes.kitcheck import check_hotspots
from tests.scenes.kromdrive import click_action, click_spot, move, spot, step, wait

NAMES = ["Ann", "Bob", "Cleo", "Dan"]


def seats(n: int, bots: dict[int, str] | None = None) -> list[Seat]:
    bots = bots or {}
    return [Seat(NAMES[i], (200, 60 + 40 * i, 60), bot=bots.get(i)) for i in range(n)]


def open_board(app, state, seed=0, table=None, bot_delay=None, speed="instant") -> KromBoard:
    app.settings.animation_speed = speed
    match = Match.new(krom, state.setup, seed)
    match.state = state
    board = KromBoard(app, match, table or seats(state.num_players))
    board.autosave = False
    if bot_delay is not None:
        board.bot_delay = bot_delay
    app.push(board)
    settle(app)
    return board


def ready(app, board) -> None:
    assert isinstance(app.stack.top, HandOffScene) and board.viewer is None, "a hand-off hides the board first"
    click_widget(app, app.stack.top.ready)
    settle(app)


def enabled(board, key: str) -> bool:
    return board.spots.is_enabled(spot(board, key))


def reason(board, key: str) -> str | None:
    return board.spots.reason_of(spot(board, key))


@pytest.mark.slow
def test_a_full_three_player_game_from_the_menu_to_the_end_screen(app, monkeypatch):
    started = time.process_time()  # CPU time: other work on the machine does not count
    monkeypatch.setattr(KromSetupScene, "new_seed", lambda self: 5)  # a game with a stun to steal from
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    app.settings.animation_speed = "instant"
    app.push(MenuScene(app))
    settle(app)
    menu = app.stack.top
    new_game = next(b for b, (what, entry) in menu.game_buttons.items() if what == "new" and entry.game_id == "krom")
    click_widget(app, new_game)
    settle(app)
    setup = app.stack.top
    assert isinstance(setup, KromSetupScene) and setup.count == 3
    for widget, option in list(setup.option_widgets.items()):
        if option.key in ("glacial", "kromosaurus"):
            click_widget(app, widget)
    click_widget(app, button(setup, "Start"))
    settle(app)
    board = next(s for s in app.stack.scenes if isinstance(s, KromBoard))
    assert board.match.setup.glacial and board.match.setup.kromosaurus
    rng = Rng(11)
    done: list[str] = []

    def private_only_to_its_seat(b) -> None:
        if b.snap.decision is not None and b.snap.decision.private and b.snap.mine:
            assert b.viewer == b.snap.seat, f"{b.snap.kind} is private: the screen must show that seat's view"

    while not isinstance(app.stack.top, GameOverScene):
        assert time.process_time() - started < 240, f"the game took too long ({len(done)} steps)"
        done.append(step(app, board, rng, quick_pass=len(done) % 4 == 0, check=private_only_to_its_seat))
    end = app.stack.top
    assert board.match.over
    assert board.seats[board.match.state.winner].name in end.headline
    assert len(end.lines) == 3 and all("points" in line for line in end.lines)
    kinds = {d.split()[0] for d in done}
    assert done.count("hand-off") > 10 and {"go", "end", "steal"} <= kinds
    click_widget(app, button(end, "Main menu"))
    settle(app)
    assert isinstance(app.stack.top, MenuScene)


def test_two_players_on_one_character_hear_the_rules_own_words(app):
    """The setup does not check the characters itself: the rules' SetupError is what the player reads."""
    setup = KromSetupScene(app, 2)
    app.push(setup)
    settle(app)
    setup.extras[1] = setup.extras[0]
    click_widget(app, button(setup, "Start"))
    settle(app)
    with pytest.raises(SetupError) as refused:
        krom.Setup(players=2, characters=(setup.extras[0],) * 2)
    assert app.stack.top is setup and setup.error == ui.sentence(str(refused.value))
    assert "same character" in setup.error and krom.CHARACTERS[0].name in setup.error


def labels_fit(board) -> None:
    """Issue 23: every panel button shows its whole label in its own font, or a smaller font, or is cut with an
    ellipsis and its tip gives the label whole; nothing in the panel runs out of it."""
    assert not board.panel.overflow
    for key, widget in board.panel.widgets.items():
        assert layout.PANEL.contains(widget.rect), f"{key} leaves the panel"
        size = 15 if "@small_button" in widget.object_ids else 18
        assert ui.render(widget.text, size, palette.TEXT, True).get_width() <= widget.rect.width - 16, \
            f"{widget.text!r} spills out of its button"
        s = board.spots.for_widget(widget)
        if widget.text.endswith("…") and s is not None:
            assert s.tip_lines()[0].startswith(widget.text[:-1]), f"{widget.text!r} is cut and its tip does not say it whole"


def play_checking(app, board, rng, limit: int, quick_pass=False) -> int:
    """Play `limit` steps of a game on screen, checking every hotspot at every position; returns how many checked."""
    checked = 0

    def check(b) -> None:
        nonlocal checked
        checked += check_hotspots(b)
        labels_fit(b)

    for i in range(limit):
        if isinstance(app.stack.top, GameOverScene):
            break
        step(app, board, rng, quick_pass=quick_pass and i % 3 == 0, check=check)
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("seed, bots", [(3, {}), (8, {1: "easy", 2: "random"})])
def test_every_hotspot_says_what_it_does_or_why_not_at_every_position(app, monkeypatch, seed, bots):
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    state = krom.new_game(krom.Setup(players=3, glacial=True, kromosaurus=True), seed)
    board = open_board(app, state, seed, seats(3, bots))
    board.bot_delay = 0.0
    assert play_checking(app, board, Rng(seed), 120, quick_pass=True) > 2000


def test_during_a_computer_turn_nothing_can_be_used(app):
    # the computer waits (it thinks from the start of its turn and plays once the pause is over): its turn is on screen
    board = open_board(app, kt.position(), table=seats(3, {0: "easy"}), bot_delay=1000.0, speed="normal")
    assert board.snap.seat == 0 and board.locked
    check_hotspots(board)
    assert all(not board.spots.is_enabled(s) for s in board.spots if not s.always)
    assert "computer" in board.spots.reason_of(spot(board, "card:evolution:0"))


def test_the_secret_pick_is_seen_only_by_its_player(app):
    board = open_board(app, kt.position())
    ready(app, board)
    assert board.viewer == 0
    assert not enabled(board, "card:destination:cave")
    assert "must move" in reason(board, "card:destination:cave"), "the rules' reason"
    click(app, spot(board, "card:destination:cave").rect.center)
    assert board.match.actions == [], "a greyed card plays nothing"
    click_spot(app, board, "card:destination:savanna")
    wait(app, board)
    assert board.match.state.picks[0] == 2
    ready(app, board)
    assert board.viewer == 1 and board.shown.picks[0] == HIDDEN, "Bob sees that Ann picked, not where"
    assert board.facts.table.seats[0].status == "Destination chosen"
    hand = [k for k in board.spots.keys() if k.startswith("card:hand:")]
    assert len(hand) == len(board.match.state.players[1].hand), "only Bob's own Bonus hand is on screen"


def test_the_cave_basket_buys_each_service_in_turn(app):
    state = kt.action_phase(kt.position(krom=[10, 5, 5], hp=[3, 7, 7]), 0)
    board = open_board(app, state)
    ready(app, board)
    for item in ("wood", "wood", "hp"):
        click_spot(app, board, f"button:more:{item}")
    assert board.panel.widgets["services"].text == "Provide services: 7 Krom"
    click_spot(app, board, "button:services")
    wait(app, board)
    assert [str(a) for a in board.match.actions] == ["buy wood", "buy wood", "buy hp"]
    assert board.match.state.players[0].wood == 2 and board.match.state.players[0].krom == 3
    assert not any(board.basket.values()) and board.panel.widgets["services"].text == "Provide services: 0 Krom", \
        "what was bought leaves the basket"
    assert "button:rest" not in board.spots, "resting is the other choice once services were bought"


def test_a_service_the_rules_refuse_cannot_be_added_and_says_why(app):
    board = open_board(app, kt.action_phase(kt.position(krom=[4, 5, 5]), 0))
    ready(app, board)
    assert not enabled(board, "button:more:hp") and "7" in reason(board, "button:more:hp"), "hit points are full"
    click_spot(app, board, "button:more:wood")
    assert not enabled(board, "button:more:wood"), "4 Krom buy one Wood, not two"
    assert "1 left" in reason(board, "button:more:wood")
    assert not enabled(board, "button:less:stone") and enabled(board, "button:less:wood")


def test_the_savanna_shows_the_rules_odds_before_buying_dice(app):
    state = kt.action_phase(kt.position(places=["savanna", "cave", "cave"]), 0)
    board = open_board(app, state)
    ready(app, board)
    assert "button:hunt:0" not in board.spots
    click_spot(app, board, "card:hunting:1")
    assert board.prey == 1
    card = state.hunting_row[1]
    for extra in range(3):
        label = board.panel.widgets[f"hunt:{extra}"].text
        assert label.endswith(ui.percent(krom.hunt_odds(card, extra))), label
    assert not enabled(board, "button:hunt:2") or state.players[0].krom >= 4


def test_mountain_dice_are_kept_by_clicking_them(app):
    state = kt.with_rolls(kt.action_phase(kt.position(places=["mountain", "cave", "cave"]), 0), [3, 3, 5, 1, 2])
    board = open_board(app, state)
    ready(app, board)
    click_spot(app, board, "button:climb")
    wait(app, board)
    assert board.match.state.turn.dice == (3, 3, 5, 1, 2)
    click_spot(app, board, "die:0")
    wait(app, board)
    assert board.match.state.turn.kept == (0,)
    chance = ui.percent(krom.reroll_improves((3, 3, 5, 1, 2), (0,)))
    assert any(chance in r.text for r, _ in board.panel.placed)
    assert board.tray.dice[0][0].highlight


def test_the_second_climber_of_a_round_rolls_dice_of_their_own_colour(app):
    state = kt.position(["alma", "morhy"], hands=[[], []])
    state, _ = kt.run(kt.with_rolls(state, [4, 2, 1, 1, 1, 1, 1, 2, 2, 3, 4, 6]), "go mountain", "go mountain")
    board = open_board(app, state, table=seats(2))

    def play(kind: str) -> None:
        while isinstance(app.stack.top, HandOffScene):
            ready(app, board)
        while board.snap.kind == "combat":  # a combat-card window asks everyone fighting: pass
            click_spot(app, board, "button:pass")
            wait(app, board)
            while isinstance(app.stack.top, HandOffScene):
                ready(app, board)
        click_action(app, board, next(a for a in board.match.legal_actions() if a.kind == kind))
        wait(app, board)

    play("climb")
    first = board.match.state.turn.seat
    assert {d.style for d, _ in board.tray.dice} == {f"seat{first}"}
    play("stop")
    play("end")
    play("climb")
    second = board.match.state.turn.seat
    assert second != first
    assert {d.style for d, _ in board.tray.dice} == {f"seat{second}"}, "the second climber's dice are theirs"


def test_the_automation_table_plays_itself(app):
    board = KromBoard.for_automation(app, 2)
    app.push(board)
    app.settings.animation_speed = "fast"
    app.run_frames(600)
    assert len(board.match.actions) > 3


def test_the_combat_winner_steals_through_the_kit_s_choice(app):
    state = kt.position(hp=[7, 3, 7], hands=[[], [], []])
    state, _ = kt.run_passing(kt.with_rolls(state, [6, 1]), "go savanna", "go savanna", "go mountain")
    assert krom.decision(state).kind == "steal"
    board = open_board(app, state)
    overlay = app.stack.top
    assert isinstance(overlay, ChoiceOverlay) and board.viewer is None, "stealing shows nothing secret"
    wood = overlay.spots.get("choice:0")
    assert not overlay.spots.is_enabled(wood) and "no Wood" in overlay.spots.reason_of(wood), "the rules refuse it"
    half = next(b for b, o in overlay.buttons.items() if o.label.startswith("Half"))
    assert half.text == "Half their Krom (3)", "the whole label, bracket included"
    click_widget(app, half)
    wait(app, board)
    assert [str(a) for a in board.match.actions] == ["steal krom"]
    assert board.match.state.players[0].krom == 5 + 3


def test_nobody_s_hand_shows_while_the_table_watches_what_happens_next(app):
    board = open_board(app, kt.position(hands=[[0], [1], [2]]))
    app.settings.animation_speed = "normal"
    for seat, place in enumerate(("forest", "savanna", "mountain")):
        ready(app, board)
        assert [k for k in board.spots.keys() if k.startswith("card:hand:")] == ["card:hand:0"], "a seat sees its hand"
        click_spot(app, board, f"card:destination:{place}")
        app.run_frames(2)
        if seat < 2:
            wait(app, board)
            settle(app)
    assert board.busy, "the reveal is animating"
    assert board.viewer == 2 and not board.secrets_shown()
    assert not [k for k in board.spots.keys() if k.startswith("card:hand:")], \
        "the last picker's hand is hidden during the reveal: the next decision is someone else's"


def test_every_card_deck_and_board_has_a_tip(app):
    board = open_board(app, kt.position())
    ready(app, board)
    for key in ("card:hunting:0", "card:evolution:2", "card:hand:0", "card:destination:forest", "deck:hunting",
                "deck:evolution", "supply", "place:savanna", "board:1", "board:1:evolutions", "standee:2"):
        lines = board.spots.tip_of(spot(board, key))
        assert lines and all(line.strip() for line in lines), key
    assert krom.HUNTING[board.shown.hunting_row[0]].name in board.spots.tip_of(spot(board, "card:hunting:0"))[0]


def test_a_tip_is_drawn_over_the_pygame_gui_widgets(app):
    board = open_board(app, kt.action_phase(kt.position(), 0))
    ready(app, board)
    end = spot(board, "button:end").widget
    mx, my = end.rect.left + 20, end.rect.top + 3
    probe = (mx + 16 + 12, my + 18 + 3)  # inside the tip's box (above its first line) and inside the button
    assert end.rect.collidepoint(probe)
    move(app, (10, 700))
    assert pixel(app, probe) != palette.BG_LIGHT, "the button shows there when nothing is hovered"
    move(app, (mx, my))
    assert board.spots.hovered is not None and board.spots.hovered.key == "button:end"
    assert pixel(app, probe) == palette.BG_LIGHT, "the tip is painted above the widget"


def test_the_panel_s_glossary_words_explain_themselves_on_hover(app):
    """The words of the glossary in the panel's lines are marked, and hovering one shows its entry."""
    board = open_board(app, kt.position())
    ready(app, board)
    terms = [s for s in board.spots if s.key.startswith("term:movement_phase:")]
    assert terms, f"the panel's 'Movement phase' is a glossary word: {[s.key for s in board.spots if s.key.startswith('term:')]}"
    term = terms[0]
    assert layout.PANEL.contains(term.rect)
    move(app, term.rect.center)
    assert board.spots.hovered is not None and board.spots.hovered.key == term.key
    tip = board.spots.tip_of(term)
    assert tip[0].startswith("Movement phase: ") and len(tip[0]) > len("Movement phase: ") + 20
    cave = next(s for s in board.spots if s.key.startswith("term:cave:"))  # in "You are in the Cave...", plain text
    move(app, (10, 700))
    underline = cave.rect.top + assets.font(15).get_ascent() + 2
    assert pixel(app, (cave.rect.left, underline)) == palette.GOLD, "a glossary word has a dotted gold underline"
    assert pixel(app, (cave.rect.left + 1, underline)) != palette.GOLD


def test_the_cave_panel_keeps_its_end_button_clear_of_the_log(app):
    """Issue 23: with services, rest, and hints to read, End my Action phase used to cover the log."""
    state = kt.action_phase(kt.position(krom=[12, 5, 5], wood=[3, 0, 0], stone=[3, 0, 0], bone=[3, 0, 0],
                                        hands=[[13, 15], [], []]), 0)
    board = open_board(app, state)
    ready(app, board)
    assert any(p is None for p in board.facts.evolutions) and any(r is None for r in board.facts.hand.values())
    assert not board.panel.overflow
    log = board.log.box.rect
    for key, widget in board.panel.widgets.items():
        assert layout.PANEL.contains(widget.rect), f"{key} leaves the panel"
        assert not widget.rect.colliderect(log), f"{key} covers the log"
    assert layout.PANEL.bottom <= log.top


def test_a_change_of_viewer_forgets_the_prey_the_basket_and_the_lifted_card(app):
    board = open_board(app, kt.action_phase(kt.position(places=["savanna", "cave", "cave"], hands=[[13], [], []]), 0))
    ready(app, board)
    click_spot(app, board, "card:hunting:0")
    move(app, spot(board, "card:hand:0").rect.center)
    board.basket["wood"] = 1
    assert board.prey == 0 and board.lifted == "card:hand:0"
    board.wipe()  # what the kit does at every change of viewer
    assert board.prey is None and board.lifted is None and not any(board.basket.values())
    assert not any(st.hovered for st in board.standees)


def test_what_a_player_reads_follows_the_animation(app):
    """Issue 23: no result before its animation: the status line, the panel, the header and the players' boards
    keep to what the animation has shown so far."""
    state = kt.with_rolls(kt.action_phase(kt.position(places=["cave", "forest", "forest"], hands=[[], [], []]), 0),
                          [3, 5])
    board = open_board(app, state)
    ready(app, board)
    app.settings.animation_speed = "normal"
    prompt = board.status_text()[0]
    click_spot(app, board, "button:end")
    assert board.busy
    tumbling = False
    for _ in range(600):
        app.run_frames(1)
        if not board.busy:
            break
        text = board.status_text()[0]
        assert "play a combat card" not in text, "the combat's prompt waits for its dice"
        assert text != prompt, "the status line follows the animation, not the step before"
        assert [r.text for r, _ in board.panel.placed][:1] == ["What happens now"]
        assert not any(board.seat_shown(i)[2] for i in range(3)), "nobody decides while the animation plays"
        if board.tray.rolling:
            tumbling = True
            assert board.seat_shown(0)[0] == "Done this round", "Ann's board follows her End"
            assert board.seat_shown(1)[0] == board.seat_shown(2)[0] == "Fighting", "no result before the dice stop"
    assert tumbling, "the combat dice rolled on screen"
    settle(app)
    assert board.seat_shown(0)[0] == "Done this round"
    app.settings.animation_speed = "instant"
    for _ in range(2):  # each fighter is asked for a combat card, whatever their hand holds (issue 20): both pass
        assert board.snap.kind == "combat" and board.seat_shown(board.snap.seat)[2], "the asked fighter's board shows it"
        ready(app, board)
        click_spot(app, board, "button:pass")
        wait(app, board)
    settle(app)  # Cleo was asked last: she keeps the mouse, no hand-off
    assert app.stack.top is board and board.viewer == 2
    assert board.snap.seat == 2 and board.seat_shown(2)[2], "Cleo won (5 to 3): her board shows she decides"


def test_a_new_round_s_number_shows_with_its_banner(app):
    state = kt.action_phase(kt.position(places=["mountain", "cave", "forest"], hands=[[], [], []]), 0)
    board = open_board(app, state)
    ready(app, board)
    app.settings.animation_speed = "normal"
    click_spot(app, board, "button:climb")
    wait(app, board)
    click_spot(app, board, "button:stop")
    wait(app, board)
    if board.snap.kind == "reward":
        click_spot(app, board, f"button:{board.facts.options[0].key}")
        wait(app, board)
    assert board.round_shown == 1
    click_spot(app, board, "button:end", frames=0)
    for _ in range(600):
        app.run_frames(1)
        if board.round_shown == 2:
            assert board.banner is not None and board.banner.lines[0] == "Round 2", "the number comes with its banner"
            break
        assert "Round 2" not in [getattr(board.banner, "lines", [""])[0]]
    assert board.round_shown == 2


def test_a_suggestion_outlines_what_to_click_until_the_mouse_changes_hands(app):
    board = open_board(app, kt.position())
    ready(app, board)
    board.show_suggestion(next(a for a in board.match.legal_actions() if str(a) == "go forest"), "go forest: why not")
    board.suggested = next(a for a in board.match.legal_actions() if str(a) == "go forest")
    app.run_frames(2)
    rect = spot(board, "card:destination:forest").rect.inflate(8, 8)
    assert pixel(app, (rect.centerx, rect.top + 1)) == palette.GOLD
    assert board.suggestion_text.startswith("Suggestion: Go to the Forest")
    board.wipe()
    app.run_frames(2)
    assert board.suggested is None and board.suggestion_text is None
    assert pixel(app, (rect.centerx, rect.top + 1)) != palette.GOLD


def test_long_names_on_six_narrow_boards_shrink_before_they_are_cut_and_their_tips_say_them_whole(app):
    """Issue 23: a smaller font before an ellipsis, and a tip when cut."""
    names = ["Bartholomew Longname", "Wilhelmina Stretchy", "Al", "Maximilian Overlong", "Bo", "Christopher Wordy"]
    table = [Seat(n, (200, 60 + 30 * i, 60)) for i, n in enumerate(names)]
    board = open_board(app, kt.position(["alma", "morhy", "valkyr", "nukka", "karok", "kolos"]), table=table)
    ready(app, board)
    width = layout.board_rect(0, 6).width - 60
    for seat, name in enumerate(names):
        shown, size = layout.fitted(name, 15, width, bold=True, smallest=11)
        assert ui.render(shown, size, palette.TEXT, True).get_width() <= width
        if shown != name:
            assert size == 11 and shown.endswith("…"), "cut only once the smallest size does not fit"
            assert name in board.spots.tip_of(spot(board, f"board:{seat}"))[0], "the board's tip names them whole"
        elif len(name) > 12:
            assert size < 15, f"{name!r} fits by a smaller font"
    title = board.spots.tip_of(spot(board, "hand"))[0]
    assert title.startswith("Bartholomew Longname (Alma)")


def test_every_tip_can_be_read_at_every_frame_of_an_animation(app):
    """A tip is read whenever the mouse rests on it: the tray's card tip once a new round has emptied the tray
    used to stop the program."""
    state = kt.action_phase(kt.position(places=["forest", "cave", "cave"], hands=[[], [], []]), 0)
    board = open_board(app, state)
    ready(app, board)
    click_spot(app, board, "button:pick")
    wait(app, board)
    assert board.tray.card is not None and "tray:card" in board.spots
    app.settings.animation_speed = "normal"
    click_spot(app, board, "button:end", frames=0)
    emptied = False
    for _ in range(900):
        app.run_frames(1)
        for s in board.spots:
            assert board.spots.tip_of(s), s.key
        emptied = emptied or board.tray.card is None
        if not board.busy and emptied:
            break
    assert emptied, "the new round emptied the tray"


def test_a_computer_asked_in_a_reaction_window_answers_sooner_whatever_it_holds(app):
    for hands in ([[13], [9], []], [[13], [], []]):  # Bob holds a counter card, or nothing
        state = kt.action_phase(kt.position(hands=hands), 0)
        state, _ = kt.run(state, "play 13")
        assert krom.decision(state).kind == "counter" and state.to_move == 1, "Bob is asked whatever he holds"
        board = open_board(app, state, table=seats(3, {1: "easy", 2: "easy"}), bot_delay=8.0, speed="normal")
        assert board.snap.kind == "counter"
        assert board.bot_pause() == 8.0 / 4
        app.stack.pop(board)
        settle(app)
    board = open_board(app, kt.position(), table=seats(3, {0: "easy"}), bot_delay=8.0)
    assert board.bot_pause() == 8.0, "elsewhere a computer takes its usual time"


def panel_text(board) -> str:
    return " ".join(row.text for row in board.panel.rows if row.kind == "line")


def test_play_a_bonus_in_hot_seat_each_seat_asked_gets_one_hand_off_and_a_clear_pass(app):
    """Every other player is asked whether to counter (whatever their hand): in hot-seat each gets
    one hand-off screen, then their own panel; one without a counter card sees a lone Pass button."""
    stash, counter = 13, 9  # Hidden stash; Not today!
    board = open_board(app, kt.action_phase(kt.position(hands=[[stash], [], [counter]]), 0))
    ready(app, board)
    click_spot(app, board, "card:hand:0")  # the one card of her hand
    wait(app, board)
    ready(app, board)  # Bob takes the mouse
    assert board.viewer == 1 and board.snap.kind == "counter"
    assert "You hold no counter card: you can only pass." in panel_text(board)
    assert sorted(board.panel.widgets) == ["pass"] and board.panel.widgets["pass"].text == "Pass"
    click_spot(app, board, "button:pass")
    wait(app, board)
    ready(app, board)  # Cleo takes the mouse: she may counter
    assert board.viewer == 2
    assert board.panel.widgets["counter"].text == "Counter it with Not today!" and enabled(board, "button:counter")
    assert board.panel.widgets["pass"].text == "Pass: let it happen"
    click_spot(app, board, "button:pass")
    wait(app, board)
    ready(app, board)  # back to Ann, whose card took effect
    assert board.viewer == 0 and board.snap.kind == "main"
    assert board.snap.view.players[0].krom == 5 + 3
    settle(app)
    assert app.stack.top is board, "one hand-off per change of the deciding seat, no more"


def test_with_one_human_a_window_where_they_can_only_pass_is_passed_for_them(app):
    """With one human and computers, the human asked in a card window with nothing to play is passed
    at once by the board (no hand-off, no extra screen), and the log tells them why."""
    state = kt.position(hands=[[], [], []])
    state, _ = kt.run(kt.with_rolls(state, [2, 5]), "go forest", "go forest", "go savanna")
    assert krom.decision(state).kind == "combat" and state.to_move == 0  # Bob, a computer, is asked first
    table = [Seat("Bob", (60, 200, 60), bot="easy"), Seat("Ann", (200, 60, 60)), Seat("Cleo", (60, 60, 200), bot="easy")]
    board = open_board(app, state, table=table)
    app.settings.animation_speed = "normal"  # Ann's question comes at the end of the animations of Bob's pass
    board.bot_delay = 0.0
    for _ in range(300):
        app.run_frames(2)
        assert not isinstance(app.stack.top, HandOffScene), "one human: no hand-off"
        if board.snap.view.combat is None:
            break
    assert board.snap.view.combat is None, "Ann was left with a lone Pass to click"
    assert [str(a) for a in board.match.actions[:2]] == ["pass", "pass"]
    assert "You hold no combat card: you pass." in board.log.lines


def test_the_supply_line_names_its_decks_in_words_and_fits_beside_the_kromosaurus(app):
    """It read "Bonus 27/0  Picking 20/0", which a new player cannot decode; its tip gives the discard piles."""
    from scenes.krom.sides import supply_decks

    board = open_board(app, krom.new_game(krom.Setup(players=4, kromosaurus=True), 3))
    text = supply_decks(board.shown)
    assert text == f"Decks: Bonus {len(board.shown.bonus_deck)} · Picking {len(board.shown.picking_deck)}"
    assert ui.render(text, 13, palette.TEXT, False).get_width() <= layout.SUPPLY.width
    assert "discard" in " ".join(board.spots.tip_of(spot(board, "supply")))
