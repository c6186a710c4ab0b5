"""Khrysos Hunters on screen: the setup, the board and the map builder."""
