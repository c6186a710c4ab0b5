"""Generated PNG art; regenerate with python sprites/make_sprites.py."""
