"""Lessons accept the natural click (issue 34): a click on a hunter's die in the ringed square, or the bar's
"Hit Moss Halloway" button for a ringed hunter, plays what the ring asks for."""

from __future__ import annotations

from tests.scenes import lessonwalk


def _menu(app):
    from scenes import registry

    app.stack.push(registry.make_scene("menu", app))
    app.run_frames(2)


def test_khrysos_trample_lesson_accepts_the_hunters_die_and_the_hit_button(app):
    _menu(app)
    swapped: list[tuple[str, str]] = []

    def natural(key, same):
        better = [k for k in same if k.startswith(("hunter:", "button:hit"))]
        if better:
            swapped.append((key, better[0]))
            return better[0]
        return key

    clicked = lessonwalk.walk(app, "khrysos", "02_burst_and_trample", natural=natural)
    board = lessonwalk.board_of(app)
    assert board.coach.finished and clicked
    assert ("cell:3,6", "hunter:5") in swapped, swapped  # Torvald's die on the first Trample square
    assert ("hunter:16", "button:hit:16") in swapped, swapped  # the bar's "Hit Moss Halloway" for the ringed Moss


def test_krosmaster_lesson_refusals_say_what_differs_from_the_step(app):
    """Not one line for every wrong click: the clicked cell or card is named, and the move the step wants."""
    from scenes.learn.runner import start_lesson

    _menu(app)
    app.settings.animation_speed = "instant"
    start_lesson(app, "krosmaster", "01_walk")
    app.run_frames(3)
    board = lessonwalk.board_of(app)
    lessonwalk.wait_ready(app, board)
    lessonwalk.click(app, lessonwalk.pixel_of(board, "lesson:next"))  # the welcome note
    lessonwalk.wait_ready(app, board)
    assert board.coach.target() == "cell:4,7"
    wrong = board.spots.get("cell:6,9")  # Wa Wabbit, whom the rules would let you play
    reason = board.spots.reason_of(wrong)
    assert reason.startswith("Not G10 now. The lesson asks you to play "), reason
    assert "Felix Dicebag" in reason and "follow the gold ring" not in reason
    before = board.match.state.to_dict()
    lessonwalk.click(app, wrong.rect.center)
    assert board.spots.refusal.text == reason and board.match.state.to_dict() == before
    card = board.coach_name("fighter:1")
    assert card and "Golda Purse" in card and board.spots.reason_of(board.spots.get("fighter:1")).startswith(f"Not {card} now.")


def test_krom_lesson_3_steal_dialog_leaves_the_lesson_note_readable(app):
    from scenes.board.furniture import ChoiceOverlay

    _menu(app)
    seen = []

    def look(n, key):
        board = lessonwalk.board_of(app)
        top = app.stack.top
        if key.startswith("choice:") and isinstance(top, ChoiceOverlay):
            assert not top.box.colliderect(board.coach.panel), (top.box, board.coach.panel)
            assert app.screen.get_rect().contains(top.box)
            seen.append(key)

    lessonwalk.walk(app, "krom", "03_cave_and_bonus_cards", before_click=look)
    assert seen, "the lesson's steal dialog was not met"
