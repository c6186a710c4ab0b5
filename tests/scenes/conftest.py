"""Fixtures for scene tests: a real App and SceneStack on the dummy video driver, with private config/data dirs."""

from __future__ import annotations

import pygame
import pytest

from tests.net.harness import threaded_server  # noqa: F401 - a fixture: a table server on a thread (tests of online play)


@pytest.fixture
def make_app(dirs):
    """Build an App (fresh pygame, fresh UI managers); closed after the test."""
    from scenes.app import App

    made = []

    def build(**kwargs):
        app = App(**kwargs)
        made.append(app)
        return app

    yield build
    for app in made:
        app.close()
    pygame.quit()


@pytest.fixture
def app(make_app):
    from scenes.settings import Settings

    return make_app(settings=Settings(), persist_settings=True)
