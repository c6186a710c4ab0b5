"""The Game Icons art: every piece has a face, pieces of one game do not look alike at board
size, seat colours survive colour blindness, the icon data is pinned, and the artists are credited."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import pygame
import pytest
from PIL import Image, ImageChops, ImageStat

from game.khrysos import HUNTERS
from game.krom.content import CHARACTERS
from game.krosmaster.content import CONTENT
from scenes import assets, palette
from sprites import make_sprites

ROOT = Path(__file__).resolve().parents[2]
SPRITES = ROOT / "sprites"
BOARD = 48  # a board cell, in pixels

PIECES = {  # game -> the sprite names of every piece that can stand on its board
    "krosmaster": [assets.face("krosmaster", k) for k in CONTENT.krosmasters]
    + [assets.face("minion", m) for m in CONTENT.minions],
    "krom": [assets.face("krom", c.id) for c in CHARACTERS] + [assets.face("krom", "kromosaurus")],
    "khrysos": [assets.face("khrysos", n) for n in sorted(HUNTERS)],
}
SYMBOLS = {game: [assets.symbol(game, s) for s in table] for game, table in make_sprites.SYMBOLS.items()}

# Two pieces (or two symbols) of one game must differ in at least this fraction of a
# 48-pixel board cell once both silhouettes are scaled to the same 40-pixel box and centred
# (so size and position do not count, only shape). 0.07 of 48x48 is about 160 pixels, a
# 13-pixel square: a difference the size of a head or a raised arm at board scale. The same
# icon re-rendered at 90% size and shifted scores about 0.04 (see the self-check below),
# the closest distinct pair of the current art about 0.085.
MIN_SILHOUETTE_DIFFERENCE = 0.07

# Seat colours: every pair at least this far apart in CIELAB (delta E 1976), for normal
# vision and simulated deuteranopia and protanopia. About 2.3 is a just-noticeable
# difference between touching patches; pieces are small and apart on a board, so we ask for
# about ten times that, roughly the gap between two named colour categories.
MIN_SEAT_DELTA_E = 20.0


def silhouette(im: Image.Image, box: int = 40) -> Image.Image:
    """The alpha of `im` shown at board size, cropped to its ink and fitted, centred, in `box`."""
    alpha = im.convert("RGBA").resize((BOARD, BOARD), Image.LANCZOS).getchannel("A")
    alpha = alpha.crop(alpha.getbbox())
    k = box / max(alpha.size)
    alpha = alpha.resize((max(1, round(alpha.width * k)), max(1, round(alpha.height * k))), Image.LANCZOS)
    out = Image.new("L", (BOARD, BOARD), 0)
    out.paste(alpha, ((BOARD - alpha.width) // 2, (BOARD - alpha.height) // 2))
    return out


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of two silhouettes, as a fraction of the whole cell."""
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0] / 255


def load(name: str) -> Image.Image:
    with Image.open(assets.sprite_path(name)) as im:
        return im.convert("RGBA")


def closest_pair(names: list[str]) -> tuple[float, str, str]:
    shapes = {n: silhouette(load(n)) for n in names}
    return min((difference(shapes[a], shapes[b]), a, b) for a, b in itertools.combinations(names, 2))


# --------------------------------------------------------------------------- faces


@pytest.mark.parametrize("game", PIECES)
def test_every_piece_has_a_face_sprite(game):
    for name in PIECES[game]:
        assert assets.sprite_exists(name), name
        assert load(name).getchannel("A").getextrema()[1] == 255, f"{name} is empty"


@pytest.mark.parametrize("game", PIECES)
def test_pieces_of_one_game_do_not_look_alike_at_board_size(game):
    score, a, b = closest_pair(PIECES[game])
    assert score >= MIN_SILHOUETTE_DIFFERENCE, f"{a} and {b} look alike at {BOARD} px ({score:.3f})"


@pytest.mark.parametrize("game", SYMBOLS)
def test_symbols_of_one_game_do_not_look_alike(game):
    score, a, b = closest_pair(SYMBOLS[game])
    assert score >= MIN_SILHOUETTE_DIFFERENCE, f"{a} and {b} look alike at {BOARD} px ({score:.3f})"


def test_the_likeness_measure_catches_the_same_icon_resized_and_moved():
    face = load(assets.face("krom", "alma"))
    moved = Image.new("RGBA", face.size, (0, 0, 0, 0))
    moved.alpha_composite(face.resize((86, 86), Image.LANCZOS), (7, 3))
    assert difference(silhouette(face), silhouette(moved)) < MIN_SILHOUETTE_DIFFERENCE
    other = load(assets.face("krom", "kromosaurus"))
    assert difference(silhouette(face), silhouette(other)) >= MIN_SILHOUETTE_DIFFERENCE


def test_every_minion_has_a_token_and_every_rules_symbol_exists():
    for minion in CONTENT.minions:
        assert assets.sprite_exists(assets.minion_token(minion)), minion
    wanted = {
        "krosmaster": ["fire", "water", "earth", "air", "ap", "mp", "injury", "favor", "glyph", "dofus"],
        "krom": ["cave", "forest", "savanna", "mountain", "krom", "wood", "stone", "bone", "combat",
                 "counter", "action", "evolution"],
        "khrysos": ["hit", "burst", "trample", "blast", "damage", "heal", "guard", "steal", "swap", "move",
                    "trap", "stun", "boost", "upgrade"],
    }
    for game, symbols in wanted.items():
        for s in symbols:
            assert assets.sprite_exists(assets.symbol(game, s)), (game, s)


def test_asking_for_faces_of_an_unknown_game_is_refused_clearly():
    with pytest.raises(ValueError, match="no faces for 'chess'"):
        assets.face("chess", "king")


# --------------------------------------------------------------------------- seat colours


def to_lab(rgb) -> tuple[float, float, float]:
    """sRGB (0-255) to CIELAB under D65."""
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour, vision: str):
    return colour if vision == "normal" else make_sprites.simulate_cvd(colour, vision)


@pytest.mark.parametrize("vision", ["normal", "deuteranopia", "protanopia"])
@pytest.mark.parametrize("colours", [palette.SEAT_COLOURS, (palette.KROSMASTER_BLUE, palette.KROSMASTER_PINK)],
                         ids=["six seats", "krosmaster sides"])
def test_seat_colours_stay_apart_for_colour_blind_players(vision, colours):
    labs = [to_lab(seen(c, vision)) for c in colours]
    for (i, a), (j, b) in itertools.combinations(enumerate(labs), 2):
        assert math.dist(a, b) >= MIN_SEAT_DELTA_E, (vision, colours[i], colours[j], math.dist(a, b))


def test_the_colour_blindness_simulation_merges_red_and_green():
    """The check above can fail: pure red and a green of equal lightness nearly merge for a deuteranope."""
    red, green = (200, 60, 40), (90, 120, 40)
    assert math.dist(to_lab(red), to_lab(green)) > 40
    assert math.dist(to_lab(seen(red, "deuteranopia")), to_lab(seen(green, "deuteranopia"))) < MIN_SEAT_DELTA_E


def test_every_seat_has_its_own_mark_besides_its_colour():
    assert len(set(palette.SEAT_PATTERNS)) == len(palette.SEAT_COLOURS) == 6
    assert palette.SEATS == palette.SEAT_COLOURS
    marks = {assets.seat_mark(i) for i in range(6)}
    assert all(assets.sprite_exists(m) for m in marks) and len(marks) == 6
    shapes = [silhouette(load(m)) for m in marks]
    assert min(difference(a, b) for a, b in itertools.combinations(shapes, 2)) >= MIN_SILHOUETTE_DIFFERENCE
    for base in ["blue", "pink"] + [f"seat{i}" for i in range(6)]:
        assert assets.sprite_exists(assets.base_mark(base))
    assert assets.base_mark("neutral") is None


# --------------------------------------------------------------------------- icon source and credits


def test_icon_data_is_pinned_and_holds_exactly_the_icons_used():
    data = json.loads(make_sprites.ICON_SUBSET.read_text(encoding="utf-8"))
    assert data["source"] == "@iconify-json/game-icons@1.2.4 (npm), icons.json"
    assert "CC BY 3.0" in data["license"]
    assert sorted(data["icons"]) == make_sprites.used_icons()
    assert all(e["body"].startswith("<") and e["author"] for e in data["icons"].values())


def test_credits_file_and_screen_name_the_artists_and_every_icon():
    data = json.loads((SPRITES / "credits.json").read_text(encoding="utf-8"))
    assert (ROOT / "CREDITS").read_text(encoding="utf-8") == make_sprites.credits_text(data)
    gi = data["game_icons"]
    assert gi["license"] == "CC BY 3.0" and "Lorc" in gi["artists"] and "Delapouite" in gi["artists"]
    assert sorted(e["icon"] for e in gi["icons"]) == make_sprites.used_icons()
    for e in gi["icons"]:
        assert e["sprites"] and all(assets.sprite_exists(s) for s in e["sprites"])


def test_sprites_stay_small():
    total = sum(p.stat().st_size for p in SPRITES.rglob("*.png"))
    assert total < 6_000_000, f"{total / 1e6:.1f} MB of PNG"


# --------------------------------------------------------------------------- scenes use the art


@pytest.fixture
def screen(app):
    return app.screen


def test_a_standee_shows_its_face_instead_of_a_letter_and_its_seat_mark(screen):
    from scenes.widgets.standee import StandeeView

    lettered = StandeeView("Alma", "seat0", (60, 120), palette.SEAT_COLOURS[0])
    faced = StandeeView("Alma", "seat0", (60, 120), palette.SEAT_COLOURS[0], face=assets.face("krom", "alma"))
    a, b = lettered._figure(), faced._figure()
    assert a.get_size() == b.get_size()
    w, h = a.get_size()
    window = [(x, y) for x in range(w // 5, 4 * w // 5) for y in range(h // 8, h // 2)]
    assert sum(a.get_at(p) != b.get_at(p) for p in window) > len(window) // 5  # the face replaced the letter
    plate = (w // 2, int(h * 0.82))
    assert a.get_at(plate)[:3] == b.get_at(plate)[:3] != palette.SEAT_COLOURS[0]  # the mark sits on the plate
    faced.draw(screen)
    neutral = StandeeView("Gobball", "neutral", (60, 120), palette.STONE, face=assets.face("minion", "gobball"))
    assert neutral.mark is None
    neutral.draw(screen)  # a base without a seat still draws, with no mark


def test_a_card_shows_a_face_large(screen):
    from scenes.widgets.card import CardView, frame_layout

    card = CardView("cards/frame_hunter", "Pip Tumble", "Acrobat Thief", icon=assets.face("khrysos", 6))
    plain = CardView("cards/frame_hunter", "Pip Tumble", "Acrobat Thief")
    _, art, _ = frame_layout("cards/frame_hunter")
    a, b = card.surface(), plain.surface()
    changed = sum(a.get_at((x, y)) != b.get_at((x, y)) for x in range(art.left, art.right) for y in range(art.top, art.bottom))
    assert changed > art.width * art.height // 5


def test_the_credits_screen_opens_from_the_menu_scrolls_and_goes_back(app):
    from scenes.credits import CreditsScene
    from scenes.menu import MenuScene
    from tests.scenes.helpers import button, click_widget, press_key, top

    app.push(MenuScene(app))
    app.run_frames(2)
    click_widget(app, button(top(app), "Credits"))
    scene = top(app)
    assert isinstance(scene, CreditsScene)
    assert scene.max_scroll() > 0  # more credits than fit: it scrolls
    press_key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll()
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    app.run_frames(2)
    assert scene.scroll == scene.max_scroll() - 2 * 40
    click_widget(app, button(scene, "Back"))
    assert isinstance(top(app), MenuScene)
    click_widget(app, button(top(app), "Credits"))
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), MenuScene)
