"""Krom: Evolution on screen: the setup scene and the board (`krom.board`)."""
