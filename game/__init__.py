"""Pure rules: one subpackage per game plus core/, shared by all; nothing here imports pygame."""
