"""Finding and caching art, sounds and fonts, wherever the program is installed."""

from __future__ import annotations

import importlib.resources
import os
import sys
from functools import cache
from pathlib import Path

import pygame

from scenes import palette


def resource_dir(package: str) -> Path:
    """The folder of a packaged resource tree (sprites, sounds, maps, scenes, pygame_gui.data)."""
    return Path(str(importlib.resources.files(package)))


def sprite_path(name: str) -> Path:
    """Path of a sprite by its name relative to sprites/ without suffix, e.g. "dice/d6_3"."""
    return resource_dir("sprites") / f"{name}.png"


# Sprite names of the pieces and symbols drawn from the Game Icons set (the scheme is written at
# the top of sprites/make_sprites.py). Boards ask for these names; they never build paths.
@cache
def face_families() -> tuple[str, ...]:
    """The families of faces the sprites hold (a game's id, or "minion"): the folders of sprites/faces/."""
    return tuple(sorted(p.name for p in (resource_dir("sprites") / "faces").iterdir() if p.is_dir()))


def face(game: str, piece: str | int) -> str:
    """Sprite name of a piece's face: face("krosmaster", "arrowna"), face("minion", "gobball"),
    face("krom", "alma"), face("krom", "kromosaurus"), face("khrysos", 7) (hunter number)."""
    families = face_families()
    if game not in families:
        raise ValueError(f"no faces for {game!r} (known: {', '.join(families)})")
    return f"faces/{game}/{piece}"


def symbol(game: str, name: str) -> str:
    """Sprite name of a rules symbol, e.g. symbol("khrysos", "trample"), symbol("krom", "cave")."""
    return f"symbols/{game}/{name}"


def minion_token(minion: str) -> str:
    """Sprite name of a Minion token (its face on a disc), e.g. minion_token("gobball")."""
    return f"tokens/minion/{minion}"


def seat_mark(seat: int) -> str:
    """Sprite name of a seat's mark, the second cue besides its colour (palette.SEAT_PATTERNS)."""
    return f"standees/mark_{palette.SEAT_PATTERNS[seat]}"


def base_mark(base: str) -> str | None:
    """The mark sprite of a standee base name ("blue", "pink", "seat0".."seat5"), or None."""
    if base in palette.SIDE_PATTERNS:
        return f"standees/mark_{palette.SIDE_PATTERNS[base]}"
    if base.startswith("seat") and base[4:].isdigit() and int(base[4:]) < len(palette.SEAT_PATTERNS):
        return seat_mark(int(base[4:]))
    return None


def sprite_exists(name: str) -> bool:
    """Whether a sprite of that name is installed (for data that may outgrow the art)."""
    return sprite_path(name).is_file()


def sound_path(name: str) -> Path:
    return resource_dir("sounds") / f"{name}.wav"


def theme_path() -> Path:
    return resource_dir("scenes") / "theme.json"


_FONT_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}


@cache
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
    """Forget loaded surfaces and fonts (needed after pygame.quit, e.g. between tests; `ui.clear_caches`
    forgets the texts rendered with them)."""
    _images.clear()
    font.cache_clear()


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
