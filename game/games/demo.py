"""The showcase table's rules: not a game on the menu, but it has lessons that teach the engine's own tests."""

from game.registry import GameDeclaration

GAME = GameDeclaration(
    id="demo",
    title="Showcase table",
    players=(1, 1),
    rules="game.demo",
    screens="scenes.showcase",
    lesson_start="game.learn.starts:demo_start",
    menu=False,
    order=99,
)
