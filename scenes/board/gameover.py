"""The end screen over a board: who won and why, each player's points, Play again, Watch the replay, Main menu."""

from __future__ import annotations

import pygame_gui

from scenes import palette, saves, ui
from scenes.board.saveload import start_replay
from scenes.overlays import Overlay


class GameOverScene(Overlay):
    """The end screen over the board."""

    width, height = 560, 600
    title = "Game over"

    def __init__(self, app, board, headline: str, reason: str, lines: list[str]):
        super().__init__(app)
        self.board = board
        self.headline = headline
        self.reason = ui.sentence(reason)
        self.lines = lines

    def on_enter(self) -> None:
        labels = (["Play again"] if self.board.has_play_again else []) + ["Watch the replay", "Save this game",
                                                                          "Main menu"]
        buttons = self.button_column(labels, self.box.bottom - 20 - len(labels) * 66)
        self.actions = dict(zip(buttons, labels))
        tips = {"Play again": "A new game with the same players and options",
                "Watch the replay": "Step through this game from its first move",
                "Save this game": "Keep this finished game under a name: Saved games lists it, to watch or open again"
                + (f" (online, Saved games keeps it by itself as “{self.board.online_save_name()}”)" if self.board.online
                   else ""),
                "Main menu": "Back to the list of games"}
        for b, label in self.actions.items():
            self.spots.add(f"button:{label.lower().replace(' ', '_')}", None, tips[label], widget=b)

    def on_escape(self) -> None:
        pass  # the game is over: the only ways on are the buttons

    def update(self, dt: float) -> None:
        self.board.poll_table(dt)  # online: the server's record of the finished game arrives now (the saves list keeps it)

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.app.play_sound("click")
            label = self.actions[event.ui_element]
            if label == "Play again":
                scene = self.board.play_again()
                if scene is not None:
                    self.app.stack.reset(scene)
                    return True
            if label == "Watch the replay" and start_replay(self.app, self.board.finished_match()):
                return True
            if label == "Save this game":
                self.app.open_saves(self.board)
                return True
            self.app.home()
            return True
        return super().handle_event(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        ui.text(surface, self.headline, (self.box.centerx, self.box.top + 70), 34, palette.GOLD, bold=True, shadow=True,
                anchor="midtop")
        y = self.box.top + 120
        for line in ui.wrap(self.reason, 19, self.box.width - 60):
            ui.text(surface, line, (self.box.centerx, y), 19, palette.TEXT, anchor="midtop")
            y += 26
        for line in self.lines:  # wrapped, never cut (a score and where it comes from)
            for row in ui.wrap(line, 17, self.box.width - 60):
                ui.text(surface, row, (self.box.centerx, y), 17, palette.TEXT_DIM, anchor="midtop")
                y += 22


def show_game_over(board) -> None:
    """The game just ended: discard its autosave, say who won and why, and put the end screen up (nothing of the
    last move's messages, a suggestion or a flash, stays behind it)."""
    board.flash_text, board.flash_left, board.suggested = None, 0.0, None
    if board.autosave:
        try:
            saves.discard_autosave(board.rules.GAME_ID)
        except Exception as e:  # noqa: BLE001 - the game is over either way; say so, never crash
            board.flash(str(e))
        if getattr(board.app, "autoplay", False):  # --autoplay (the crash-safety test): the autosave is gone
            print(f"game over {len(board.match.actions)}", flush=True)
    tick = getattr(board, "ticks_when_over", None)
    if tick is not None:  # a lesson whose point is a whole game ("Play a first game") is ticked once it is played
        from scenes.learn import ticks

        ticks.mark_done(*tick)
    outcome = board.match.outcome()
    if outcome is None or not outcome.winners:
        title = "No winner"
    else:
        title = " and ".join(board.seats[w].name for w in outcome.winners) + (" wins!" if len(outcome.winners) == 1 else " win!")
    reason = board.named(outcome.reason) if outcome is not None else ""
    board.app.play_sound("victory")
    board.app.push(GameOverScene(board.app, board, title, reason, board.end_lines()))
