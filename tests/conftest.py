"""Test-wide setup: no screen, no sound card, and no pygame banner; private config and data folders."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def dirs(tmp_path, monkeypatch):
    """Private config and data folders (settings, saves, crash log) for one test."""
    config, data = tmp_path / "config", tmp_path / "data"
    monkeypatch.setenv("TABLETRIO_CONFIG_DIR", str(config))
    monkeypatch.setenv("TABLETRIO_DATA_DIR", str(data))
    return config, data
