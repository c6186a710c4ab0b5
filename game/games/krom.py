"""Krom: Evolution, as the program knows it (see game/registry.py)."""

from game.registry import GameDeclaration

GAME = GameDeclaration(
    id="krom",
    title="Krom: Evolution",
    players=(2, 6),
    rules="game.krom",
    screens="scenes.krom",
    bots="game.bots.krom",
    learn="game.learn.krom",
    lesson_start="game.learn.starts:krom_start",
    order=2,
)
