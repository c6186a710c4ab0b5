"""Khrysos Hunters, as the program knows it (see game/registry.py)."""

from game.registry import GameDeclaration

GAME = GameDeclaration(
    id="khrysos",
    title="Khrysos Hunters",
    players=(2, 4),
    rules="game.khrysos",
    screens="scenes.khrysos",
    bots="game.bots.khrysos",
    learn="game.learn.khrysos",
    lesson_start="game.learn.starts:khrysos_start",
    order=3,
)
