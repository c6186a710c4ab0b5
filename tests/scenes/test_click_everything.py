"""Every control a player can click, clicked: at seeded positions of each game where the player at the screen
decides (every other one by default where they have many controls, all six with TABLETRIO_FULL_SWEEPS=1), live
hotspots (a seeded sample of 15 per position by default, of 30 with TABLETRIO_FULL_SWEEPS=1) are each clicked on a
board of its own, then the board draws a few frames, takes a right-click (which puts an armed spell or Favor
down) and draws again. Nothing may raise.

Played in a real window, a click on an empty Favor slot armed nothing real and the status line crashed
the next frame; the per-position hotspot checks never clicked, so they could not see it.
"""

from __future__ import annotations

import random

import pygame
import pytest

import game.khrysos as khrysos
from game import krom, krosmaster
from game.core.match import Match
from game.core.rng import Rng
from scenes import saves
from scenes.board import Seat
from scenes.khrysos.board import KhrysosBoard
from scenes.krom.board import KromBoard
from scenes.krosmaster.board import KrosmasterBoard
from scenes.settings import Settings
from tests.scenes.helpers import click
from tests.sweeps import FULL, every

SKIP = ("button:suggest",)  # asks the Hard player to think for a second: clicked in its own tests
PER_POSITION = 30 if FULL else 15  # hotspots clicked per position (a seeded sample where there are more)

GAMES = {
    "krosmaster": (KrosmasterBoard, krosmaster, lambda: krosmaster.Setup()),
    "krom": (KromBoard, krom, lambda: krom.Setup(players=3)),
    "khrysos": (KhrysosBoard, khrysos, lambda: khrysos.Setup(players=2, map="alpha_room")),
}
STRIDE = {"krosmaster": 2, "krom": 1, "khrysos": 2}  # Krom's positions have few live controls: all six are clicked


def positions(module, setup, seed: int, count: int) -> list[Match]:
    """`count` positions of one seeded random game where seat 0 decides, spread over its first 150 actions."""
    match = Match.new(module, setup, seed)
    rng = Rng(seed)
    found = []
    while not match.over and len(match.actions) < 150:
        if match.decision().seat == 0:
            found.append(len(match.actions))
        match.play(match.random_action(rng))
    picks = [found[i * (len(found) - 1) // max(1, count - 1)] for i in range(count)] if found else []
    return [match.truncated(n) for n in dict.fromkeys(picks)]


def seats(n: int) -> list[Seat]:
    colours = [(200, 60, 40), (40, 90, 200), (40, 160, 90), (200, 170, 40)]
    return [Seat(f"Seat {i + 1}", colours[i], None if i == 0 else "random") for i in range(n)]


def empty(app) -> None:
    app.stack.apply_pending()
    while len(app.stack):
        app.stack._pop(None)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_live_control_can_be_clicked_at_every_sampled_position(make_app, monkeypatch, game_id):
    cls, module, setup = GAMES[game_id]
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    app = make_app(settings=Settings(animation_speed="instant", master_volume=0.0), persist_settings=False, audio=False)
    rng = random.Random(7)
    clicked = 0
    for match in every(positions(module, setup(), 5, 6), STRIDE[game_id]):
        n = match.players

        def board() -> cls:
            b = cls(app, match.truncated(len(match.actions)), seats(n))
            b.bot_delay = 60.0  # the computer seats wait: only the click's own consequences play
            app.push(b)
            app.run_frames(2)
            return b

        first = board()
        keys = [s.key for s in first.spots if first.spots.is_enabled(s) and (s.click or s.widget) and
                (s.widget is None or s.widget.visible) and not s.key.startswith(SKIP)]
        empty(app)
        for key in rng.sample(keys, min(PER_POSITION, len(keys))):
            b = board()
            spot = b.spots.get(key)
            if spot is None:  # the board filled its hotspots differently after its first frames
                empty(app)
                continue
            where = f"{game_id} after {len(match.actions)} actions, a click on {key!r}"
            try:
                click(app, spot.rect.center, frames=4)
                click(app, spot.rect.center, button=3, frames=2)
                app.run_frames(2)
            except Exception as e:  # noqa: BLE001  # pragma: no cover - the failure names the click
                pytest.fail(f"{where} raised {type(e).__name__}: {e}")
            clicked += 1
            empty(app)
    assert clicked >= 25, f"only {clicked} clicks were tried"
    pygame.event.clear()
