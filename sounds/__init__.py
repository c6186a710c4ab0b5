"""Generated WAV sound effects; regenerate with python sounds/make_sounds.py."""
