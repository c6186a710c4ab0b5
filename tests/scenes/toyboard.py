"""A minimal board for the toy rules (tests/core/toygame.py), used to test the menu's game entries."""

from scenes.stack import Scene


class ToyBoard(Scene):
    def __init__(self, app, save=None, module=None, setup=None, state=None):
        super().__init__(app)
        self.state = state


def resume(app, match):
    return ToyBoard(app, match.save(), match.rules, match.setup, match.state)
