"""Finding and caching art, sounds and fonts, wherever the program is installed."""

from __future__ import annotations

import importlib.resources
import os
import sys
from functools import lru_cache
from pathlib import Path

import pygame


def resource_dir(package: str) -> Path:
    """The folder of a packaged resource tree (sprites, sounds, maps, scenes, pygame_gui.data)."""
    return Path(str(importlib.resources.files(package)))


def sprite_path(name: str) -> Path:
    """Path of a sprite by its name relative to sprites/ without suffix, e.g. "dice/d6_3"."""
    return resource_dir("sprites") / f"{name}.png"


def sound_path(name: str) -> Path:
    return resource_dir("sounds") / f"{name}.wav"


def theme_path() -> Path:
    return resource_dir("scenes") / "theme.json"


_FONT_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}


@lru_cache(maxsize=None)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's typeface (Noto Sans, shipped inside pygame_gui) at a pixel size."""
    return pygame.font.Font(str(resource_dir("pygame_gui.data") / _FONT_FILES[bold]), size)


_images: dict[tuple[str, tuple[int, int] | None], pygame.Surface] = {}


def image(name: str, size: tuple[int, int] | None = None) -> pygame.Surface:
    """A sprite, converted for fast blitting and optionally scaled; loaded once.

    Images fail loudly (a missing sprite is a packaging bug), unlike sounds.
    """
    key = (name, size)
    surf = _images.get(key)
    if surf is None:
        if size is not None:
            surf = pygame.transform.smoothscale(image(name), size)
        else:
            surf = pygame.image.load(str(sprite_path(name)))
            surf = surf.convert_alpha() if pygame.display.get_surface() is not None else surf
        _images[key] = surf
    return surf


def clear_caches() -> None:
    """Forget loaded surfaces and fonts (needed after pygame.quit, e.g. between tests)."""
    from scenes import ui

    _images.clear()
    font.cache_clear()
    ui.clear_caches()


class Audio:
    """Sound effects that degrade quietly: with no audio device the game runs silent."""

    def __init__(self, enabled: bool = True):
        self.available = False
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.volume = 1.0
        if enabled and _audio_device_likely():
            try:
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
                self.available = True
            except pygame.error:
                self.available = False

    def play(self, name: str) -> None:
        if not self.available or self.volume <= 0:
            return
        if name not in self._sounds:
            try:
                self._sounds[name] = pygame.mixer.Sound(str(sound_path(name)))
            except (pygame.error, FileNotFoundError):
                self._sounds[name] = None
        sound = self._sounds[name]
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()


def _audio_device_likely() -> bool:
    """Avoid ALSA's error spew on machines with no sound at all (servers, CI)."""
    if os.environ.get("SDL_AUDIODRIVER"):
        return True
    if not sys.platform.startswith("linux"):
        return True
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    sockets = [Path(runtime) / "pulse" / "native", Path(runtime) / "pipewire-0"] if runtime else []
    return Path("/dev/snd").exists() or any(p.exists() for p in sockets)
