"""Reusable pieces every board uses: tweens and the event player, dice, standees, markers, cards, the game log, the hand-off screen."""
