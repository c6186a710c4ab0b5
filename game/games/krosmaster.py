"""Krosmaster: Blast, as the program knows it (see game/registry.py)."""

from game.registry import GameDeclaration

GAME = GameDeclaration(
    id="krosmaster",
    title="Krosmaster: Blast",
    players=(2, 2),
    rules="game.krosmaster",
    screens="scenes.krosmaster",
    bots="game.bots.krosmaster",
    learn="game.learn.krosmaster",
    lesson_start="game.learn.starts:krosmaster_start",
    order=1,
)
