"""Running a lesson: its board with a coach on it, and the ways out (leave, next lesson, play on as a normal game).

    start_lesson(app, "krosmaster", "01_walk")   # the lesson's board replaces everything on the stack

The lesson's game is a real `Match` begun from the lesson's position (`Match.from_position`), played
on the game's own board; a lesson is never autosaved, so a game in progress stays where it was.
At the end the lesson is ticked (`scenes.learn.ticks`); where it ends on a real position, **Play on**
takes the coach away and the game goes on as any other, autosaved after every move.
"""

from __future__ import annotations

from typing import Any

from game import registry as rules_registry
from game.core.errors import ContentError
from game.core.match import Match
from game.learn import LessonBot
from scenes import palette, registry, saves
from scenes.learn import loader, ticks
from scenes.learn.coach import Coach

def board_factory(game_id: str):
    """(app, match) -> the game's board scene, as the menu's Continue builds it (its screens' `resume`)."""
    try:
        return registry.resolve(registry.screens(game_id).resume)
    except LookupError:
        raise LookupError(f"no board for {game_id!r}") from None


def game_title(game_id: str) -> str:
    return rules_registry.declaration(game_id).title


def on_menu(game_id: str) -> bool:
    """Whether the game is one of the menu's (saved after every move), not the showcase table."""
    return game_id in rules_registry.GAMES


def _message(app, title: str, text: str) -> None:
    from scenes.overlays import MessageScene

    app.push(MessageScene(app, title, text))


def _coach(app, game_id: str, lesson_id: str, lesson) -> Coach:
    ids = [e.id for e in loader.catalogue(game_id) if e.lesson is not None]
    following = loader.next_lesson(game_id, lesson_id)
    return Coach(
        lesson, number=ids.index(lesson_id) + 1, of=len(ids),
        on_leave=lambda: leave(app, game_id),
        on_list=lambda: leave(app, game_id),
        on_next=(lambda: start_lesson(app, game_id, following)) if following else None,
        on_done=(lambda: ticks.mark_done(game_id, lesson_id)) if lesson.ticked == "done" else None,
        on_play_on=lambda host: play_on(app, host),
    )


def build_lesson_builder(app, game_id: str, lesson_id: str, lesson):
    """A map builder lesson: the builder on the lesson's map, its coach put on when it enters the stack."""
    from game.khrysos import MapSpec
    from scenes.khrysos import mapstore
    from scenes.khrysos.builder import BuilderScene

    spec = lesson.start_map()
    builder = BuilderScene(app, MapSpec(mapstore.free_name(spec.name), spec.tiles))
    builder.coach = _coach(app, game_id, lesson_id, lesson)
    return builder


def build_lesson_board(app, game_id: str, lesson_id: str):
    """The board of a lesson with its coach on (not pushed); LessonError / LookupError when it cannot be built.
    A map builder lesson (Khrysos) gives the builder instead."""
    lesson = loader.lesson(game_id, lesson_id)
    if lesson.in_builder:
        return build_lesson_builder(app, game_id, lesson_id, lesson)
    rules, setup, state = lesson.start()
    match = Match.from_position(rules, setup, state, seed=lesson.seed)
    match.table["seats"] = [seat.table() for seat in lesson.seats]
    board = board_factory(game_id)(app, match)
    board.autosave = False
    board.coach = _coach(app, game_id, lesson_id, lesson)
    return board


def start_lesson(app, game_id: str, lesson_id: str) -> Any:
    """Put the lesson's board on the stack (everything else goes); a lesson that cannot start says why."""
    try:
        board = build_lesson_board(app, game_id, lesson_id)
    except (ContentError, LookupError, ValueError) as e:
        _message(app, "This lesson cannot start", str(e))
        return None
    app.stack.reset(board)
    return board


def leave(app, game_id: str) -> None:
    """Back to the menu, with the game's lesson list open."""
    app.home()
    app.open_lessons(game_id)


def play_on(app, board) -> None:
    """The lesson's game goes on as a normal game; a game in progress of the same kind is replaced (asked first).
    At the end of a map builder lesson: the map is saved among the player's and a game is set up on it."""
    from scenes.khrysos.builderlesson import BuilderLesson

    if isinstance(board, BuilderLesson):  # the map builder
        board.detach()
        board.play()
        return
    game_id = board.rules.GAME_ID
    info = saves.autosave_info(game_id) if on_menu(board.rules.GAME_ID) else None
    if info is not None and info.error is None:
        from scenes.overlays import MessageScene

        app.push(MessageScene(app, "Play on from here?",
                              f"This game will take the place of your {game_title(game_id)} game in progress "
                              f"({info.players}, {info.progress}).",
                              [("Play on", lambda: detach(board)), ("Cancel", None)]))
        return
    detach(board)


def detach(board) -> None:
    """Take the coach off the board: the computers play at their own level again, the game is autosaved."""
    coach = board.coach
    if coach is None:
        return
    board.coach = None
    for seat, bot in list(board.bots.items()):
        if isinstance(bot, LessonBot):
            board.bots[seat] = bot.fallback
    coach.remove()
    board.coach_detached()
    if coach.lesson.ticked == "played":  # ticked when this game, played on, ends (scenes/board/gameover.py)
        board.ticks_when_over = (coach.lesson.game, coach.lesson.id)
    board.autosave = on_menu(board.rules.GAME_ID)
    board.write_autosave()
    board.log.add("The lesson is over: this game goes on as a normal game, saved after every move.", palette.GOLD)
    board.refresh_hotspots()
