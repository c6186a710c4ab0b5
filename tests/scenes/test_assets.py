"""The generated art and sounds: manifests match the files, formats are right, scripts reproduce them."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json
import struct
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest
from PIL import Image
import itertools

ROOT = Path(__file__).resolve().parents[2]
SPRITES = ROOT / "sprites"
SOUNDS = ROOT / "sounds"


def manifest(folder: Path) -> list[dict]:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


SPRITE_ENTRIES = manifest(SPRITES)
SOUND_ENTRIES = manifest(SOUNDS)
OPAQUE = {"ui/table_bg.png"}  # backgrounds: RGB; everything else is RGBA

CARD_FAMILIES = ["favor", "favor_superior", "challenge", "minion", "krosmaster", "bonus",
                 "evolution", "hunting", "picking", "destination", "hunter"]
MARKERS = ["injury_1", "injury_5", "ap_minus", "ap_plus", "mp_minus", "mp_plus", "guard",
           "boost", "treasure", "glyph_blue", "glyph_pink", "glyph_neutral", "dofus", "trap",
           "stun", "heart", "krom", "wood", "stone", "bone", "trophy", "minion"]
TERRAIN = ["tree", "bush", "ice", "fire", "fog", "pillar", "start_blue", "start_pink", "floor_a",
           "floor_b"] + [f"zone_{n}" for n in range(1, 7)]
ICONS = ["settings", "sound_on", "sound_off", "pause", "play", "back", "help", "close",
         "fullscreen", "log", "hourglass", "skull", "counter", "target", "range", "damage", "heal",
         "move", "steal", "swap", "burst", "blast", "trample", "hit", "fire", "water", "earth",
         "air", "cave", "forest", "savanna", "mountain"]
COMBAT = ["critical", "critical_joker", "shield", "shield_joker", "joker", "blank"]

REQUIRED_SPRITES = {
    **{f"dice/{kind}_{n}.png": (64, 64) for kind in ["d6", "d6w"] + [f"seat{i}" for i in range(6)]
       for n in range(1, 7)},
    **{f"dice/combat_{face}.png": (64, 64) for face in COMBAT},
    **{f"dice/blur_{i}.png": (64, 64) for i in range(4)},
    **{f"markers/{name}.png": (48, 48) for name in MARKERS},
    **{f"terrain/{name}.png": (64, 64) for name in TERRAIN},
    **{f"standees/base_{name}.png": (64, 24) for name in
       ["blue", "pink"] + [f"seat{i}" for i in range(6)]},
    "standees/figure_blank.png": (56, 80),
    **{f"standees/mark_{shape}.png": (24, 24) for shape in
       ["circle", "square", "triangle", "diamond", "star", "cross"]},
    **{f"icons/{name}.png": (32, 32) for name in ICONS},
    **{f"cards/frame_{family}.png": (180, 252) for family in CARD_FAMILIES},
    **{f"cards/back_{game}.png": (180, 252) for game in ["krosmaster", "krom", "khrysos"]},
    "ui/table_bg.png": (640, 360),
    "ui/app_icon.png": (64, 64),
}
REQUIRED_SOUNDS = {"dice_roll": 0.6, "click": 0.04, "move": 0.2, "hit": 0.25, "ko": 0.6,
                   "capture": 0.35, "victory": 1.2, "card": 0.15, "coin": 0.2}


def ids(entries):
    return [e["path"] for e in entries]


def read_samples(path: Path) -> tuple[wave._wave_params, tuple[int, ...]]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        frames = w.readframes(params.nframes)
    return params, struct.unpack(f"<{params.nframes}h", frames)


# --------------------------------------------------------------------------- sprites


class TestSpriteManifest:
    def test_every_required_sprite_is_listed_with_its_size(self):
        listed = {e["path"]: (e["width"], e["height"]) for e in SPRITE_ENTRIES}
        for path, size in REQUIRED_SPRITES.items():
            assert listed.get(path) == size, path
        for name in ["title", "emblem_krosmaster", "emblem_krom", "emblem_khrysos"]:
            assert f"ui/{name}.png" in listed

    def test_manifest_and_folder_list_the_same_pngs(self):
        on_disk = {p.relative_to(SPRITES).as_posix() for p in SPRITES.rglob("*.png")}
        assert on_disk == {e["path"] for e in SPRITE_ENTRIES}

    def test_entries_are_unique_and_described(self):
        assert len(ids(SPRITE_ENTRIES)) == len(set(ids(SPRITE_ENTRIES)))
        assert all(e["description"].strip() for e in SPRITE_ENTRIES)

    @pytest.mark.parametrize("entry", [e for e in SPRITE_ENTRIES if "title_rect" in e],
                             ids=lambda e: e["path"])
    def test_card_frame_rects_fit_and_do_not_overlap(self, entry):
        rects = [entry[k] for k in ("title_rect", "art_rect", "text_rect")]
        for x, y, w, h in rects:
            assert x >= 0 and y >= 0 and x + w <= entry["width"] and y + h <= entry["height"]
        for (_, y0, _, h0), (_, y1, _, _) in itertools.pairwise(rects):
            assert y0 + h0 <= y1


@pytest.mark.parametrize("entry", SPRITE_ENTRIES, ids=ids(SPRITE_ENTRIES))
def test_sprite_file_matches_its_entry(entry):
    with Image.open(SPRITES / entry["path"]) as im:
        im.load()
        assert im.format == "PNG"
        assert im.size == (entry["width"], entry["height"])
        assert im.mode == ("RGB" if entry["path"] in OPAQUE else "RGBA")
        if entry["path"].split("/")[0] in {"dice", "markers", "icons", "standees", "cards", "faces",
                                           "symbols", "tokens"}:
            assert im.getpixel((0, 0))[3] == 0, "corners should be transparent"
            assert im.getchannel("A").getextrema()[1] >= 200, "something should be solid"


@pytest.mark.parametrize("entry", [e for e in SPRITE_ENTRIES if e["path"].startswith("icons/")],
                         ids=lambda e: e["path"])
def test_icons_are_white_on_transparent(entry):
    with Image.open(SPRITES / entry["path"]) as im:
        pixels = [im.getpixel((x, y)) for y in range(im.height) for x in range(im.width)]
    solid = [px for px in pixels if px[3] == 255]
    assert solid and all(min(px[:3]) >= 235 for px in solid)


def test_pygame_loads_every_png():
    for entry in SPRITE_ENTRIES:
        surface = pygame.image.load(str(SPRITES / entry["path"]))
        assert surface.get_size() == (entry["width"], entry["height"])


# --------------------------------------------------------------------------- sounds


def test_every_required_sound_is_listed():
    listed = {e["path"]: e for e in SOUND_ENTRIES}
    assert set(listed) == {f"{name}.wav" for name in REQUIRED_SOUNDS}
    assert {p.name for p in SOUNDS.glob("*.wav")} == set(listed)
    for name, seconds in REQUIRED_SOUNDS.items():
        assert listed[f"{name}.wav"]["duration"] == pytest.approx(seconds, abs=0.01)


@pytest.mark.parametrize("entry", SOUND_ENTRIES, ids=ids(SOUND_ENTRIES))
def test_wav_format_and_level(entry):
    params, samples = read_samples(SOUNDS / entry["path"])
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    assert params.nframes / 22050 == pytest.approx(entry["duration"], abs=0.001)
    peak = max(abs(v) for v in samples)
    rms = (sum(v * v for v in samples) / len(samples)) ** 0.5
    assert 0.6 * 32767 <= peak <= 0.75 * 32767, "peak should be about -3 dBFS"
    assert peak < 32767 and sum(abs(v) >= 32767 for v in samples) == 0, "clipping"
    assert rms > 0.03 * 32767, "nearly silent"
    assert abs(samples[0]) < 300 and abs(samples[-1]) < 300, "should fade in and out"


def test_pygame_mixer_plays_every_wav():
    try:
        pygame.mixer.init(frequency=22050, size=-16, channels=1)
    except pygame.error as exc:
        pytest.skip(f"no mixer: {exc}")
    try:
        for entry in SOUND_ENTRIES:
            sound = pygame.mixer.Sound(str(SOUNDS / entry["path"]))
            assert sound.get_length() == pytest.approx(entry["duration"], abs=0.02)
    finally:
        pygame.mixer.quit()


# --------------------------------------------------------------------------- reproducibility


@pytest.mark.slow
@pytest.mark.parametrize("folder,script", [(SPRITES, "make_sprites.py"),
                                           (SOUNDS, "make_sounds.py")])
def test_script_reproduces_committed_files_byte_for_byte(tmp_path, folder, script):
    subprocess.run([sys.executable, str(folder / script), "--out", str(tmp_path)], check=True,
                   cwd=ROOT, capture_output=True)
    extra = ["credits.json"] if folder == SPRITES else []  # the art's credits, for the Credits screen
    names = ["manifest.json"] + extra + [e["path"] for e in manifest(folder)]
    produced = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")
                      if p.is_file())
    assert produced == sorted(names)
    for name in names:
        assert (tmp_path / name).read_bytes() == (folder / name).read_bytes(), name
