"""Krosmaster: Blast on screen: the board-orientation picker, the setup and the board."""
