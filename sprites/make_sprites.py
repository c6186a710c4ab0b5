"""Draw every sprite of Tabletop Trio with Pillow and write them, with manifest.json, as PNGs.

Run from the repository root: ``python sprites/make_sprites.py [--out DIR]``;
``--sheet PATH`` draws a contact sheet of every piece and symbol (without touching sprites/),
``--update-icons ICONS_JSON`` refreshes the pinned Game Icons subset (see below).

Sprite names (a path under sprites/ without ".png"; scenes ask ``scenes.assets`` for them):

  faces/krosmaster/<Krosmaster id>   e.g. faces/krosmaster/arrowna        96 x 96
  faces/minion/<Minion id>           e.g. faces/minion/gobball            96 x 96
  faces/krom/<character id>          e.g. faces/krom/alma; faces/krom/kromosaurus
  faces/khrysos/<hunter number>      e.g. faces/khrysos/7 (Sister Halcyon)
  tokens/minion/<Minion id>          a Minion token: its face on a disc   48 x 48
  symbols/<game>/<symbol>            a rules symbol in its own colour     48 x 48
      krosmaster: fire water earth air ap mp range injury favor glyph dofus
      krom: cave forest savanna mountain krom wood stone bone hp bonus combat counter
            action evolution trophy
      khrysos: hit range burst trample blast damage heal guard steal swap move trap stun
               boost upgrade treasure energy endurance
  standees/base_<blue|pink|seat0..seat5|neutral>   plinths, marked with the seat's shape
  standees/mark_<circle|square|triangle|diamond|star|cross>   the seat marks (24 x 24)
  dice/…, markers/…, terrain/…, icons/…, cards/…, ui/…   as before (see manifest.json)

Faces and symbols are Game Icons silhouettes (game-icons.net, CC BY 3.0) from the pinned
subset sprites/icons-src/game-icons-subset.json of the npm package @iconify-json/game-icons
1.2.4, rendered by pygame-ce's SVG loader: no network and no npm is needed to regenerate.
The art's credits are written to credits.json (read by the Credits screen) and, when writing
into sprites/ itself, to CREDITS at the repository root.

Every shape is drawn as a coverage mask at ``S`` times the final size, styled (drop
shadow, soft dark outline, flat fill, top highlight, bottom shading) and the finished
image is downsampled with LANCZOS.  Colours come only from ``scenes/palette.py``; noise
comes only from ``random.Random`` with fixed seeds, so every run writes the same bytes.
Paths in the manifest are relative to the folder the manifest is written into.
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import math
import os
import random
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from scenes import palette as P  # noqa: E402  (needs the repo root on sys.path)

S = 2  # supersampling factor: everything is drawn at S times its final size


def _font_dir() -> Path:
    """Folder of the TTF fonts bundled with pygame_gui (found without importing pygame)."""
    import importlib.util

    spec = importlib.util.find_spec("pygame_gui")
    return Path(spec.origin).parent / "data"


FONT_BOLD = _font_dir() / "NotoSans-Bold.ttf"


@functools.cache
def font(size: float, path: Path = FONT_BOLD) -> ImageFont.FreeTypeFont:
    """The bundled bold font at ``size`` final pixels (loaded at S times that)."""
    return ImageFont.truetype(str(path), round(size * S))


# --------------------------------------------------------------------------- colour


def mix(a, b, t: float) -> tuple[int, int, int]:
    """Blend palette colour ``a`` towards ``b`` by ``t`` (0 keeps a, 1 gives b)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def dark(c, t: float = 0.5):
    """``c`` darkened towards the outline colour."""
    return mix(c, P.OUTLINE, t)


def light(c, t: float = 0.5):
    """``c`` lightened towards white."""
    return mix(c, P.WHITE, t)


# --------------------------------------------------------------------------- geometry


def bezier(p0, p1, p2, n: int = 16):
    """Points of the quadratic Bezier curve p0 -> p2 with control p1 (p0 excluded)."""
    pts = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        pts.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                    u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
    return pts


def rotate_points(pts, angle: float, cx: float, cy: float):
    """``pts`` turned by ``angle`` degrees (clockwise on screen) about (cx, cy)."""
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca)
            for x, y in pts]


def star_points(cx, cy, r_out, r_in, n=5, rot=-90.0, jitter=None):
    """A star or starburst with ``n`` points; ``jitter`` (a seeded Random) roughens it."""
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        if jitter is not None:
            r *= 1 + jitter.uniform(-0.12, 0.12)
        a = math.radians(rot + 180.0 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def regular_points(cx, cy, r, n=6, rot=-90.0):
    """A regular polygon (hexagon by default, pointy top)."""
    return [(cx + r * math.cos(math.radians(rot + 360.0 * i / n)),
             cy + r * math.sin(math.radians(rot + 360.0 * i / n))) for i in range(n)]


def teardrop_points(cx, base_y, w, h, lean=0.0, belly=0.6, n=18):
    """A flame or drop: round bottom of width ``w`` at ``base_y``, pointed tip ``h`` above."""
    r = w / 2
    cy = base_y - r
    tip = (cx + lean, base_y - h)
    pts = [(cx + r * math.cos(math.pi * i / n), cy + r * math.sin(math.pi * i / n))
           for i in range(n + 1)]
    pts += bezier((cx - r, cy), (cx - r + lean * 0.3, cy - (h - r) * belly), tip, n)
    pts += bezier(tip, (cx + r + lean * 0.3, cy - (h - r) * belly), (cx + r, cy), n)
    return pts


def shield_points(cx, cy, w, h, n=14):
    """A heater shield centred on (cx, cy)."""
    hw, top, mid, bot = w / 2, cy - h / 2, cy + h * 0.02, cy + h / 2
    pts = [(cx - hw, top)]
    pts += bezier((cx - hw, top), (cx, top + h * 0.10), (cx + hw, top), n)
    pts += [(cx + hw, mid)]
    pts += bezier((cx + hw, mid), (cx + hw, bot - h * 0.15), (cx, bot), n)
    pts += bezier((cx, bot), (cx - hw, bot - h * 0.15), (cx - hw, mid), n)
    return pts


def egg_points(cx, cy, rx, ry, n=48):
    """An egg, narrower at the top."""
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        y = math.sin(a)
        pts.append((cx + rx * math.cos(a) * (1 + 0.16 * y), cy + ry * y))
    return pts


def spiral_points(cx, cy, r0, r1, turns, n=160, rot=0.0):
    """An Archimedean spiral from radius r0 out to r1."""
    pts = []
    for i in range(n + 1):
        t = i / n
        a = math.radians(rot) + 2 * math.pi * turns * t
        r = r0 + (r1 - r0) * t
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def footprint_lines(cx, cy, size, angle):
    """Toe strokes of a three-toed bird footprint pointing to ``angle`` degrees."""
    heel = (cx, cy + size * 0.45)
    toes = []
    for spread, length in ((-38, 0.82), (0, 1.0), (38, 0.82)):
        a = math.radians(-90 + spread)
        toes.append([heel, (heel[0] + size * length * math.cos(a),
                            heel[1] + size * length * math.sin(a))])
    toes.append([heel, (heel[0], heel[1] + size * 0.28)])
    return [rotate_points(t, angle, cx, cy) for t in toes]


# --------------------------------------------------------------------------- masks


class Mask:
    """A coverage mask (mode L) drawn at S× from final-pixel coordinates."""

    def __init__(self, size, im: Image.Image | None = None):
        self.size = size
        self.im = im if im is not None else Image.new("L", (size[0] * S, size[1] * S), 0)
        self.draw = ImageDraw.Draw(self.im)

    @staticmethod
    def _box(box):
        x0, y0, x1, y1 = box
        return [x0 * S, y0 * S, x1 * S - 1, y1 * S - 1]

    @staticmethod
    def _pts(pts):
        return [(x * S, y * S) for x, y in pts]

    def circle(self, cx, cy, r, value=255):
        return self.ellipse((cx - r, cy - r, cx + r, cy + r), value)

    def ellipse(self, box, value=255):
        self.draw.ellipse(self._box(box), fill=value)
        return self

    def rect(self, box, radius=0.0, value=255):
        self.draw.rounded_rectangle(self._box(box), radius=radius * S, fill=value)
        return self

    def polygon(self, pts, value=255):
        self.draw.polygon(self._pts(pts), fill=value)
        return self

    def line(self, pts, width, value=255, caps=True):
        """A polyline with round joints and (optionally) round caps."""
        self.draw.line(self._pts(pts), fill=value, width=round(width * S), joint="curve")
        if caps:
            for x, y in (pts[0], pts[-1]):
                self.circle(x, y, width / 2, value)
        return self

    def arc(self, cx, cy, r, start, end, width, value=255, caps=True):
        """An arc of radius ``r`` (centre of the stroke) from ``start`` to ``end`` degrees."""
        ro = r + width / 2
        self.draw.arc(self._box((cx - ro, cy - ro, cx + ro, cy + ro)), start, end,
                      fill=value, width=round(width * S))
        if caps:
            for a in (start, end):
                self.circle(cx + r * math.cos(math.radians(a)),
                            cy + r * math.sin(math.radians(a)), width / 2, value)
        return self

    def ring(self, cx, cy, r, width, value=255):
        return self.arc(cx, cy, r, 0, 360, width, value, caps=False)

    def text(self, cx, cy, s, size, value=255, path=FONT_BOLD):
        """``s`` centred visually (by its ink box) on (cx, cy)."""
        f = font(size, path)
        left, top, right, bottom = f.getbbox(s)
        self.draw.text((cx * S - (left + right) / 2, cy * S - (top + bottom) / 2), s,
                       font=f, fill=value)
        return self

    # set operations -------------------------------------------------------------
    def copy(self) -> Mask:
        return Mask(self.size, self.im.copy())

    def add(self, other: Mask) -> Mask:
        self.im = ImageChops.lighter(self.im, other.im)
        self.draw = ImageDraw.Draw(self.im)
        return self

    def cut(self, other: Mask) -> Mask:
        self.im = ImageChops.subtract(self.im, other.im)
        self.draw = ImageDraw.Draw(self.im)
        return self

    def clip(self, other: Mask) -> Mask:
        self.im = ImageChops.multiply(self.im, other.im)
        self.draw = ImageDraw.Draw(self.im)
        return self

    def shifted(self, dx, dy) -> Mask:
        out = Image.new("L", self.im.size, 0)
        out.paste(self.im, (round(dx * S), round(dy * S)))
        return Mask(self.size, out)

    def rotated(self, angle, cx, cy) -> Mask:
        """Turned ``angle`` degrees clockwise about (cx, cy)."""
        return Mask(self.size, self.im.rotate(-angle, Image.BICUBIC, center=(cx * S, cy * S)))

    def grown(self, px: float) -> Mask:
        """Dilated by a disc of radius ``px`` (final pixels)."""
        r = round(px * S)
        out = self.im.copy()
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                if (dx or dy) and dx * dx + dy * dy <= r * r + r:
                    shifted = Image.new("L", self.im.size, 0)
                    shifted.paste(self.im, (dx, dy))
                    out = ImageChops.lighter(out, shifted)
        return Mask(self.size, out)

    def blurred(self, px: float) -> Mask:
        return Mask(self.size, self.im.filter(ImageFilter.GaussianBlur(px * S)))

    def scaled(self, alpha: float) -> Mask:
        return Mask(self.size, self.im.point(lambda v: round(v * alpha)))

    def bbox(self):
        return self.im.getbbox()


# --------------------------------------------------------------------------- sprites


def boot(m: Mask, x, y, w, h) -> Mask:
    """Add a chunky boot seen from the side (toe to the right) in box (x, y, w, h) to ``m``."""
    m.rect((x + 0.14 * w, y, x + 0.62 * w, y + 0.8 * h), 0.08 * w)
    m.rect((x + 0.14 * w, y + 0.46 * h, x + w, y + 0.95 * h), 0.24 * h)
    m.rect((x + 0.06 * w, y + 0.8 * h, x + w, y + h), 0.06 * w)
    m.rect((x + 0.06 * w, y, x + 0.7 * w, y + 0.17 * h), 0.05 * w)
    return m


def boot_parts(sp: Sprite, x, y, w, h) -> tuple[Mask, Mask]:
    """Masks of a boot's sole and cuff (for two-tone boots)."""
    sole = shape(sp, lambda m: m.rect((x + 0.06 * w, y + 0.84 * h, x + w, y + h), 0.06 * w))
    cuff = shape(sp, lambda m: m.rect((x + 0.06 * w, y, x + 0.7 * w, y + 0.17 * h), 0.05 * w))
    return sole, cuff


class Sprite:
    """An RGBA picture drawn at S× and styled shape by shape."""

    def __init__(self, w, h, bg=None):
        self.size = (w, h)
        fill = (*bg, 255) if bg is not None else (0, 0, 0, 0)
        self.im = Image.new("RGBA", (w * S, h * S), fill)

    def mask(self) -> Mask:
        return Mask(self.size)

    def fill(self, mask: Mask, colour, alpha: float = 1.0) -> Sprite:
        """Composite flat ``colour`` through ``mask``."""
        layer = Image.new("RGBA", self.im.size, (*colour, 0))
        layer.putalpha(mask.im if alpha >= 1 else mask.scaled(alpha).im)
        self.im.alpha_composite(layer)
        return self

    def gradient(self, mask: Mask, colour, top: float, bottom: float) -> Sprite:
        """Composite ``colour`` through ``mask`` with alpha ramping from top to bottom."""
        box = mask.bbox()
        if not box:
            return self
        ramp = Image.linear_gradient("L").resize((box[2] - box[0], box[3] - box[1]))
        ramp = ramp.point(lambda v: round(255 * (top + (bottom - top) * v / 255)))
        full = Image.new("L", self.im.size, 0)
        full.paste(ramp, box[:2])
        return self.fill(Mask(self.size, ImageChops.multiply(full, mask.im)), colour)

    def paint(self, mask: Mask, colour, *, outline=1.5, ink=None, shadow=0.45,
              highlight=0.28, shade=0.16, band=2.5) -> Sprite:
        """Draw ``mask`` in the house style: shadow, soft outline, fill, highlight, shade."""
        rim = mask.grown(outline) if outline else mask
        if shadow:
            self.fill(rim.shifted(0.8 * S / 2, 1.6 * S / 2).blurred(1.1), P.SHADOW, shadow)
        if outline:
            self.fill(rim, ink if ink is not None else dark(colour, 0.72))
        self.fill(mask, colour)
        if highlight:
            top_band = mask.copy().cut(mask.shifted(0, band)).blurred(0.6).clip(mask)
            self.fill(top_band, P.WHITE, highlight)
        if shade:
            self.gradient(mask, P.OUTLINE, 0.0, shade)
        return self

    def glow(self, mask: Mask, colour, radius: float, alpha: float) -> Sprite:
        """A soft halo of ``colour`` around ``mask``."""
        return self.fill(mask.blurred(radius), colour, alpha)

    def fade(self, alpha: float) -> Sprite:
        """Multiply the whole picture's opacity by ``alpha``."""
        a = self.im.getchannel("A").point(lambda v: round(v * alpha))
        self.im.putalpha(a)
        return self

    def paste(self, other: Sprite, x=0, y=0) -> Sprite:
        self.im.alpha_composite(other.im, (round(x * S), round(y * S)))
        return self

    def final(self) -> Image.Image:
        return downsample(self.im, self.size)


def downsample(im: Image.Image, size) -> Image.Image:
    """LANCZOS resize with premultiplied alpha (no dark fringes)."""
    if im.mode == "RGBA":
        return im.convert("RGBa").resize(size, Image.LANCZOS).convert("RGBA")
    return im.resize(size, Image.LANCZOS)


class Writer:
    """Saves PNGs under an output folder and records their manifest entries."""

    def __init__(self, out: Path):
        self.out = out
        self.entries: list[dict] = []
        self.images: dict[str, Image.Image] = {}  # what was saved, by path without ".png"

    def save(self, rel: str, picture, description: str, **extra) -> None:
        im = picture.final() if isinstance(picture, Sprite) else picture
        path = self.out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        im.save(path, format="PNG", optimize=True)
        self.images[rel.removesuffix(".png")] = im
        self.entries.append({"path": rel, "width": im.width, "height": im.height,
                             "description": description, **extra})

    def write_manifest(self) -> None:
        entries = sorted(self.entries, key=lambda e: e["path"])
        text = json.dumps(entries, indent=1) + "\n"
        (self.out / "manifest.json").write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------- shared motifs


def shape(sp: Sprite, draw) -> Mask:
    """A fresh mask of ``sp``'s size with ``draw(mask)`` applied to it."""
    m = sp.mask()
    draw(m)
    return m


def styled_text(sp: Sprite, cx, cy, s, size, colour=P.WHITE, outline=1.6, ink=P.OUTLINE,
                shadow=0.5):
    """Outlined, shadowed text: numbers on markers, zones and logos."""
    sp.paint(shape(sp, lambda m: m.text(cx, cy, s, size)), colour, outline=outline, ink=ink,
             shadow=shadow, highlight=0, shade=0)


def star(sp: Sprite, cx, cy, r, colour=P.GOLD, **kw):
    sp.paint(shape(sp, lambda m: m.polygon(star_points(cx, cy, r, r * 0.45))), colour, **kw)


def starburst(sp: Sprite, cx, cy, r, seed, colour=P.CRITICAL, core=P.GOLD, points=11):
    """An explosion: jagged red burst with a golden core."""
    rng = random.Random(seed)
    sp.paint(shape(sp, lambda m: m.polygon(star_points(cx, cy, r, r * 0.55, points, -90, rng))),
             colour)
    sp.paint(shape(sp, lambda m: m.polygon(star_points(cx, cy, r * 0.55, r * 0.3, points,
                                                         -90 + 180 / points, rng))),
             core, outline=0, shadow=0, highlight=0.35)


def shield(sp: Sprite, cx, cy, w, h, colour=P.SHIELD):
    """A blue heater shield with a lighter inner border and a central ridge."""
    sp.paint(shape(sp, lambda m: m.polygon(shield_points(cx, cy, w, h))), colour)
    inner = shape(sp, lambda m: m.polygon(shield_points(cx, cy + h * 0.02, w * 0.72, h * 0.74)))
    sp.fill(inner.grown(w / 32).cut(inner), light(colour, 0.6), 0.9)
    sp.fill(shape(sp, lambda m: m.rect((cx, cy - h, cx + w, cy + h))).clip(inner),
            dark(colour, 0.22))


def pips(sp: Sprite, n, colour, cx=32, cy=31, step=13.5, r=5.2, ring=None, angle=0.0):
    """The pips of face ``n`` of a die centred on (cx, cy), turned by ``angle``."""
    layout = {1: [(0, 0)], 2: [(1, -1), (-1, 1)], 3: [(1, -1), (0, 0), (-1, 1)],
              4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
              5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
              6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[n]
    centres = rotate_points([(cx + u * step, cy + v * step) for u, v in layout], angle, cx, cy)
    m = sp.mask()
    for x, y in centres:
        m.circle(x, y, r)
    if ring is not None:
        sp.paint(m, colour, outline=1.0, ink=ring, shadow=0, highlight=0, shade=0)
    else:
        sp.fill(m.shifted(0, 0.8), light(colour, 0.35), 0.5)  # a lip of light under each pip
        sp.fill(m, colour)


def die_body(colour, size=64, angle=0.0, half=27.0) -> Sprite:
    """A rounded-square die body (face up, ``2 * half`` wide at size 64) with bevel."""
    sp = Sprite(size, size)
    k = size / 64
    cx, cy, h = 32 * k, 31 * k, half * k

    def square(inset, radius):
        m = shape(sp, lambda m: m.rect((cx - h + inset, cy - h + inset, cx + h - inset,
                                        cy + h - inset), radius))
        return m.rotated(angle, cx, cy) if angle else m
    sp.paint(square(0, h * 0.4), colour, outline=1.6, highlight=0.45, shade=0.22, band=3.5)
    sp.gradient(square(5 * k, h * 0.3), P.WHITE, 0.10, 0.0)
    return sp


def token_base(sp: Sprite, face=P.TOKEN, rim=None, cx=24, cy=23, r=21):
    """A round cardboard token: face colour, darker rim ring and inner groove."""
    sp.paint(shape(sp, lambda m: m.circle(cx, cy, r)), rim or dark(face, 0.25),
             highlight=0.35, shade=0.1)
    sp.paint(shape(sp, lambda m: m.circle(cx, cy, r - 3)), face, outline=0.8,
             ink=dark(face, 0.45), shadow=0, highlight=0.2, shade=0.12)


def hexagon(sp: Sprite, cx, cy, r, colour, **kw):
    sp.paint(shape(sp, lambda m: m.polygon(regular_points(cx, cy, r))), colour, **kw)


def rune(sp: Sprite, cx, cy, r, colour=P.WHITE):
    """The glyph rune: a diamond eye with a cross stroke."""
    m = sp.mask()
    m.line([(cx, cy - r), (cx + r * 0.7, cy), (cx, cy + r), (cx - r * 0.7, cy), (cx, cy - r)],
           r * 0.22)
    m.line([(cx - r * 0.3, cy - r * 0.15), (cx + r * 0.3, cy + r * 0.15)], r * 0.22)
    sp.paint(m, colour, outline=1.0, shadow=0, highlight=0, shade=0)


def flame(sp: Sprite, cx, base_y, w, h, lean=0.0, colours=(P.FIRE, P.GOLD, P.TREASURE)):
    """A three-layer flame."""
    outer, middle, inner = colours
    sp.paint(shape(sp, lambda m: m.polygon(teardrop_points(cx, base_y, w, h, lean))), outer,
             highlight=0.2)
    sp.paint(shape(sp, lambda m: m.polygon(teardrop_points(cx + lean * 0.1, base_y - h * 0.04,
                                                            w * 0.62, h * 0.66, lean * 0.5))),
             middle, outline=0, shadow=0, highlight=0.3, shade=0)
    sp.fill(shape(sp, lambda m: m.polygon(teardrop_points(cx, base_y - h * 0.06, w * 0.3,
                                                           h * 0.36, lean * 0.2))),
            light(inner, 0.5))


def footprints(m: Mask, prints, size, width):
    """Add bird footprints [(cx, cy, angle), ...] to mask ``m``."""
    for cx, cy, angle in prints:
        for toe in footprint_lines(cx, cy, size, angle):
            m.line(toe, width)
        hx, hy = rotate_points([(cx, cy + size * 0.45)], angle, cx, cy)[0]
        m.circle(hx, hy, width * 0.95)
    return m


def sword_mask(sp: Sprite, cx, cy, length, angle) -> tuple[Mask, Mask, Mask]:
    """Blade, guard and grip masks of a sword pointing up, turned by ``angle``."""
    w = length * 0.055
    tip = cy - length * 0.5
    guard_y = cy + length * 0.22
    blade = shape(sp, lambda m: m.polygon([(cx, tip), (cx + w, tip + w * 1.6), (cx + w, guard_y),
                                           (cx - w, guard_y), (cx - w, tip + w * 1.6)]))
    guard = shape(sp, lambda m: m.rect((cx - w * 3.2, guard_y, cx + w * 3.2, guard_y + w * 1.5),
                                       w * 0.7))
    grip = shape(sp, lambda m: m.rect((cx - w * 0.7, guard_y + w * 1.5, cx + w * 0.7,
                                       cy + length * 0.44), w * 0.4)
                 .circle(cx, cy + length * 0.45, w * 1.2))
    return tuple(x.rotated(angle, cx, cy) for x in (blade, guard, grip))


def gem(sp: Sprite, cx, cy, w, colour=P.GEM):
    """A cut gem seen from the front: crown, table and pavilion facets."""
    h = w * 0.85
    top, girdle, bottom = cy - h * 0.42, cy - h * 0.1, cy + h * 0.52
    outline = [(cx - w * 0.3, top), (cx + w * 0.3, top), (cx + w * 0.5, girdle),
               (cx, bottom), (cx - w * 0.5, girdle)]
    sp.paint(shape(sp, lambda m: m.polygon(outline)), colour, highlight=0.2, shade=0)
    sp.fill(shape(sp, lambda m: m.polygon([(cx - w * 0.3, top), (cx + w * 0.3, top),
                                           (cx + w * 0.18, girdle), (cx - w * 0.18, girdle)])),
            light(colour, 0.5))
    sp.fill(shape(sp, lambda m: m.polygon([(cx + w * 0.18, girdle), (cx + w * 0.5, girdle),
                                           (cx, bottom)])), dark(colour, 0.3))
    sp.fill(shape(sp, lambda m: m.polygon([(cx - w * 0.5, girdle), (cx - w * 0.18, girdle),
                                           (cx, bottom)])), light(colour, 0.2))
    sp.fill(shape(sp, lambda m: m.polygon(star_points(cx - w * 0.14, top + h * 0.14, w * 0.16,
                                                      w * 0.04, 4, 0))), P.WHITE, 0.9)


# --------------------------------------------------------------------------- dice


def make_dice(out: Writer) -> None:
    kinds = [("d6", P.IVORY, P.PIP_DARK, None, "ivory die"),
             ("d6w", P.WHITE, P.PIP_GREY, None, "white energy die (Khrysos)")]
    kinds += [(f"seat{i}", c, P.WHITE, dark(c, 0.55), f"{P.SEAT_NAMES[i].lower()} seat die")
              for i, c in enumerate(P.SEATS)]
    for name, body, pip, ring, what in kinds:
        for n in range(1, 7):
            sp = die_body(body)
            pips(sp, n, pip, ring=ring)
            out.save(f"dice/{name}_{n}.png", sp, f"{what}, face {n}")

    faces = {
        "critical": ("critical", None, "red starburst"),
        "critical_joker": ("critical", "corner", "red starburst with a small gold star"),
        "shield": ("shield", None, "blue shield"),
        "shield_joker": ("shield", "corner", "blue shield with a small gold star"),
        "joker": ("joker", None, "gold star with a J"),
        "blank": (None, None, "empty face"),
    }
    for name, (symbol, corner, what) in faces.items():
        sp = die_body(P.DIE_DARK)
        sp.fill(shape(sp, lambda m: m.rect((11, 10, 53, 52), 7)), dark(P.DIE_DARK, 0.3), 0.6)
        if symbol == "critical":
            starburst(sp, 31, 32, 19, seed=7)
        elif symbol == "shield":
            shield(sp, 31, 32, 30, 34)
        elif symbol == "joker":
            star(sp, 32, 32, 22, highlight=0.4)
            sp.fill(shape(sp, lambda m: m.text(32, 34, "J", 17)), P.PIP_DARK)
        if corner:
            star(sp, 48, 16, 9.5, outline=1.4, ink=P.OUTLINE)
        out.save(f"dice/combat_{name}.png", sp, f"Krosmaster combat die: {what}")

    for i in range(4):
        angle = 18 + 22 * i
        sp = die_body(P.IVORY, angle=angle, half=21)
        pips(sp, 5 - i % 3, P.PIP_DARK, step=10.5, r=4.2, angle=angle)
        out.save(f"dice/blur_{i}.png", motion_blur(sp, 35 + 70 * i, 5 + i),
                 f"motion-blurred tumbling die, frame {i}")


def motion_blur(sp: Sprite, angle_deg: float, length: float) -> Image.Image:
    """``sp`` smeared along ``angle_deg`` over ``length`` final pixels (premultiplied)."""
    src = sp.im.convert("RGBa")
    steps = 9
    acc = None
    for k in range(steps):
        t = (k / (steps - 1) - 0.5) * length * S
        dx = round(t * math.cos(math.radians(angle_deg)))
        dy = round(t * math.sin(math.radians(angle_deg)))
        layer = Image.new("RGBa", src.size, (0, 0, 0, 0))
        layer.paste(src, (dx, dy))
        acc = layer if acc is None else Image.blend(acc, layer, 1 / (k + 1))
    return acc.resize(sp.size, Image.LANCZOS).convert("RGBA")


# --------------------------------------------------------------------------- markers



def signed_number(sp: Sprite, cx, cy, sign, size, digit="1"):
    """A bold "-1" or "+1" with a drawn sign as heavy as the digit, outlined."""
    m = sp.mask()
    m.text(cx + size * 0.3, cy, digit, size)
    sx, bar, thick = cx - size * 0.28, size * 0.27, size * 0.09
    m.rect((sx - bar, cy - thick, sx + bar, cy + thick), thick * 0.5)
    if sign == "plus":
        m.rect((sx - thick, cy - bar, sx + thick, cy + bar), thick * 0.5)
    sp.paint(m, P.WHITE, outline=1.6, ink=P.OUTLINE, shadow=0.5, highlight=0, shade=0)


def make_markers(out: Writer) -> None:
    def token(name, what, draw, **base):
        sp = Sprite(48, 48)
        token_base(sp, **base)
        draw(sp)
        out.save(f"markers/{name}.png", sp, what)

    for n in (1, 5):
        def injury(sp, n=n):
            sp.paint(shape(sp, lambda m: m.polygon(teardrop_points(24, 39, 24, 33, belly=0.75))),
                     P.INJURY, highlight=0.35)
            styled_text(sp, 24, 28, str(n), 17)
        token(f"injury_{n}", f"injury marker, {n}", injury)

    for sign, label in (("minus", "-1"), ("plus", "+1")):
        def ap(sp, label=label):
            star(sp, 24, 24, 19, P.AP, highlight=0.35)
            signed_number(sp, 24, 25.5, sign, 15)

        def mp(sp, label=label):
            sp.paint(boot(sp.mask(), 8, 8, 31, 30), P.MP, highlight=0.35)
            for part, t in zip(boot_parts(sp, 8, 8, 31, 30), (0.45, -0.3)):
                sp.fill(part, dark(P.MP, t) if t > 0 else light(P.MP, -t))
            signed_number(sp, 24, 29, sign, 15)
        rim = P.BLOCKED if sign == "minus" else P.LEGAL
        token(f"ap_{sign}", f"action point marker {label}", ap, rim=rim)
        token(f"mp_{sign}", f"movement point marker {label}", mp, rim=rim)

    token("guard", "guard marker (shield)", lambda sp: shield(sp, 24, 23, 24, 28))

    def boost(sp):
        rng = random.Random(11)
        burst = shape(sp, lambda m: m.polygon(star_points(24, 23, 19, 12.5, 12, -90, rng)))
        sp.paint(burst, light(P.TOKEN, 0.5), outline=2.2, ink=P.CRITICAL, highlight=0.2)
        styled_text(sp, 24, 23, "B", 17, colour=P.CRITICAL, outline=1.2)
    token("boost", "boost marker (B burst)", boost)

    def stun(sp):
        sp.fill(shape(sp, lambda m: m.ellipse((8, 14, 40, 32)).cut(
            shape(sp, lambda k: k.ellipse((10, 16, 38, 30))))), dark(P.TOKEN, 0.45))
        for (x, y, r) in ((12, 20, 7), (26, 30, 7.5), (36, 17, 6)):
            star(sp, x, y, r, P.GOLD, outline=1.2)
    token("stun", "stunned marker (dizzy stars)", stun)

    token("heart", "heart marker", lambda sp: heart(sp, 24, 24, 30, P.HEART))

    def trap(sp):
        springs = shape(sp, lambda m: m.rect((4, 20, 12, 26), 2).rect((36, 20, 44, 26), 2))
        sp.paint(springs, dark(P.METAL, 0.3), outline=1.0)
        sp.paint(shape(sp, lambda m: m.ellipse((8, 11, 40, 35))), dark(P.METAL, 0.25),
                 highlight=0.3)
        jaws = shape(sp, lambda m: m.ellipse((11, 14, 37, 32)))
        sp.paint(jaws, P.METAL, outline=0.8, shadow=0, highlight=0.4, shade=0.2)
        zigzag = [(9 + 3 * i, 23 + (3.2 if i % 2 else -3.2)) for i in range(11)]
        sp.fill(shape(sp, lambda m: m.line(zigzag, 1.8)).clip(jaws), dark(P.METAL, 0.8))
    token("trap", "jaw trap marker", trap)

    def wood(sp):
        sp.paint(shape(sp, lambda m: m.rect((8, 15, 36, 31), 7).rotated(-15, 24, 23)), P.WOOD,
                 highlight=0.3)
        end = shape(sp, lambda m: m.ellipse((29, 12, 41, 28)).rotated(-15, 35, 20))
        sp.paint(end, light(P.WOOD, 0.45), outline=1.2, shadow=0, highlight=0, shade=0)
        sp.fill(shape(sp, lambda m: m.ellipse((32, 16, 38, 24)).rotated(-15, 35, 20)).cut(
            shape(sp, lambda m: m.ellipse((33.5, 18, 36.5, 22)).rotated(-15, 35, 20))),
            P.WOOD, 0.8)
        grain = shape(sp, lambda m: m.line([(12, 22), (22, 20)], 1).line([(15, 27), (27, 24)], 1))
        sp.fill(grain.rotated(-15, 24, 23), dark(P.WOOD, 0.35), 0.8)
    token("wood", "wood resource (log)", wood)

    token("stone", "stone resource (rock)", lambda sp: rock(sp, 24, 24, 16, P.STONE, seed=3))

    def bone(sp):
        sp.paint(bone_mask(sp, 24, 23, 30, 6).rotated(-30, 24, 23), P.BONE, highlight=0.4)
    token("bone", "bone resource", bone)

    token("trophy", "trophy (dinosaur skull)", lambda sp: dino_skull(sp, 24, 24, 34),
          rim=P.GOLD_DARK)

    def minion(sp):
        sp.fill(shape(sp, lambda m: m.ring(24, 23, 13, 1.2)), light(P.CARD_FAMILIES["minion"]),
                0.7)
        helmet(sp, 24, 24, 18, P.METAL)
    token("minion", "minion token back", minion, face=P.CARD_FAMILIES["minion"],
          rim=dark(P.CARD_FAMILIES["minion"], 0.4))

    def dofus(sp):
        egg = shape(sp, lambda m: m.polygon(egg_points(24, 24, 12, 16)))
        sp.paint(egg, P.DOFUS, highlight=0.4)
        rng = random.Random(5)
        spots = sp.mask()
        for _ in range(14):
            x, y, r = rng.uniform(12, 36), rng.uniform(8, 40), rng.uniform(1.0, 2.2)
            spots.circle(x, y, r)
        sp.fill(spots.clip(egg), P.GOLD, 0.9)
        sp.fill(shape(sp, lambda m: m.ellipse((16, 13, 22, 21))).clip(egg), P.WHITE, 0.45)
    token("dofus", "Dofus egg token", dofus)

    # coins are tokens in their own right
    sp = Sprite(48, 48)
    token_base(sp, face=P.TREASURE, rim=P.GOLD_DARK)
    gem(sp, 24, 24, 22)
    out.save("markers/treasure.png", sp, "treasure marker (gold coin with a gem)")

    sp = Sprite(48, 48)
    token_base(sp, face=P.BRONZE, rim=dark(P.BRONZE, 0.3))
    sp.paint(shape(sp, lambda m: m.line(spiral_points(24, 23, 1, 12, 2.3, rot=90), 2.6)),
             light(P.BRONZE, 0.35), outline=0.9, shadow=0, highlight=0, shade=0)
    out.save("markers/krom.png", sp, "Krom coin (bronze shell)")

    # glyph tiles are hexagons
    for name, colour in (("blue", P.KROSMASTER_BLUE), ("pink", P.KROSMASTER_PINK)):
        sp = Sprite(48, 48)
        hexagon(sp, 24, 23, 21, colour, highlight=0.35)
        sp.fill(shape(sp, lambda m: m.polygon(regular_points(24, 23, 21)).cut(
            shape(sp, lambda k: k.polygon(regular_points(24, 23, 17))))), light(colour, 0.35))
        rune(sp, 24, 23, 10)
        out.save(f"markers/glyph_{name}.png", sp, f"{name} glyph tile")
    sp = Sprite(48, 48)
    cell = shape(sp, lambda m: m.polygon(regular_points(24, 23, 21)))
    sp.fill(cell, P.PANEL_EDGE, 0.25)
    sp.paint(cell.copy().cut(shape(sp, lambda m: m.polygon(regular_points(24, 23, 18.5)))),
             P.TEXT_DIM, outline=1.0, shadow=0.3, highlight=0, shade=0)
    rune(sp, 24, 23, 9, colour=P.TEXT_DIM)
    sp.fade(0.85)
    out.save("markers/glyph_neutral.png", sp, "empty glyph cell outline")


def heart(sp: Sprite, cx, cy, w, colour, **kw):
    """A heart ``w`` wide centred on (cx, cy)."""
    r = w * 0.27

    def draw(m):
        m.circle(cx - r * 0.9, cy - r * 0.55, r).circle(cx + r * 0.9, cy - r * 0.55, r)
        m.polygon([(cx - r * 1.83, cy - r * 0.3), (cx + r * 1.83, cy - r * 0.3),
                   (cx, cy + w * 0.45)])
    sp.paint(shape(sp, draw), colour, highlight=0.35, **kw)


def bone_mask(sp: Sprite, cx, cy, length, width) -> Mask:
    """A horizontal bone."""
    def draw(m):
        m.rect((cx - length * 0.4, cy - width * 0.42, cx + length * 0.4, cy + width * 0.42))
        for sx in (-1, 1):
            for sy in (-1, 1):
                m.circle(cx + sx * length * 0.4, cy + sy * width * 0.48, width * 0.5)
    return shape(sp, draw)


def rock(sp: Sprite, cx, cy, r, colour, seed):
    """A faceted grey rock."""
    rng = random.Random(seed)
    pts = [(cx + r * (0.85 + rng.uniform(0, 0.2)) * math.cos(a) * 1.1,
            cy + r * (0.85 + rng.uniform(0, 0.2)) * math.sin(a) * 0.85)
           for a in (math.radians(200 + i * 360 / 9) for i in range(9))]
    body = shape(sp, lambda m: m.polygon(pts))
    sp.paint(body, colour, highlight=0.35, shade=0.25)
    facet = shape(sp, lambda m: m.polygon([pts[0], pts[1], pts[2], (cx + r * 0.1, cy - r * 0.1),
                                           (cx - r * 0.3, cy + r * 0.2)]))
    sp.fill(facet.clip(body), light(colour, 0.3), 0.7)
    crack = shape(sp, lambda m: m.line([(cx + r * 0.1, cy - r * 0.1), (cx + r * 0.45, cy + r * 0.3),
                                        (cx + r * 0.4, cy + r * 0.6)], max(1.0, r / 14)))
    sp.fill(crack.clip(body), dark(colour, 0.45), 0.8)


def dino_skull(sp: Sprite, cx, cy, w, colour=P.BONE):
    """A small dinosaur skull in profile, snout to the left."""
    u = w / 34

    def p(x, y):
        return (cx + (x - 17) * u, cy + (y - 17) * u)
    skull = [p(1, 17), p(4, 11), p(12, 7), p(22, 4), p(30, 6), p(33, 13), p(31, 20),
             p(24, 22), p(18, 24), p(8, 23), p(2, 21)]
    body = shape(sp, lambda m: m.polygon(skull))
    teeth = shape(sp, lambda m: [m.polygon([p(x, 22), p(x + 2.4, 22), p(x + 1.2, 27)])
                                 for x in (5, 9, 13, 17)])
    sp.paint(body.copy().add(teeth), colour, highlight=0.4)
    holes = shape(sp, lambda m: m.ellipse((*p(20, 9), *p(27, 15))).polygon(
        [p(11, 12), p(16, 11), p(15, 16), p(11, 17)]).circle(*p(5, 15), 1.4 * u))
    sp.fill(holes, dark(colour, 0.8))
    sp.fill(shape(sp, lambda m: m.line([p(4, 20.5), p(24, 20)], 1.1 * u)), dark(colour, 0.5), 0.8)


def helmet(sp: Sprite, cx, cy, w, colour):
    """A horned helmet: the generic minion emblem."""
    u = w / 18

    def draw(m):
        m.ellipse((cx - 7 * u, cy - 7 * u, cx + 7 * u, cy + 7 * u))
        m.rect((cx - 7 * u, cy, cx + 7 * u, cy + 6 * u), 1.5 * u)
        for s in (-1, 1):
            m.polygon([(cx + s * 5 * u, cy - 2 * u), (cx + s * 11 * u, cy - 10 * u),
                       (cx + s * 8 * u, cy + 1 * u)])
    sp.paint(shape(sp, draw), colour, highlight=0.35)
    sp.fill(shape(sp, lambda m: m.rect((cx - 5 * u, cy + 0.5 * u, cx + 5 * u, cy + 2.8 * u), u)
                  .rect((cx - 1 * u, cy + 0.5 * u, cx + 1 * u, cy + 5 * u), 0.5 * u)),
            dark(colour, 0.75))


# --------------------------------------------------------------------------- terrain


def canopy(sp: Sprite, cx, cy, r, colour, seed, lobes=7):
    """A lumpy round canopy of overlapping circles, lit from the top left."""
    rng = random.Random(seed)
    blobs = [(cx, cy, r * 0.62)]
    for i in range(lobes):
        a = 2 * math.pi * i / lobes + rng.uniform(-0.2, 0.2)
        d = r * rng.uniform(0.5, 0.6)
        blobs.append((cx + d * math.cos(a), cy + d * math.sin(a), r * rng.uniform(0.36, 0.44)))
    body = shape(sp, lambda m: [m.circle(*b) for b in blobs])
    sp.paint(body, colour, outline=1.4, shadow=0, highlight=0.12, shade=0.25)
    for x, y, br in blobs[1:]:
        lit = shape(sp, lambda m: m.circle(x - br * 0.22, y - br * 0.28, br * 0.62))
        sp.fill(lit.blurred(0.5).clip(body), light(colour, 0.22), 0.75)
    return body


def floor(sp: Sprite, colour, slabs, seed):
    """Stone slabs [(x0, y0, x1, y1), ...] with grout, bevels and seeded speckles."""
    sp.fill(shape(sp, lambda m: m.rect((0, 0, 64, 64))), dark(colour, 0.35))
    rng = random.Random(seed)
    for box in slabs:
        x0, y0, x1, y1 = box
        tone = mix(colour, P.WHITE if rng.random() < 0.5 else P.OUTLINE, rng.uniform(0, 0.08))
        slab = shape(sp, lambda m: m.rect((x0 + 0.5, y0 + 0.5, x1 - 0.5, y1 - 0.5), 2))
        sp.paint(slab, tone, outline=0, shadow=0, highlight=0.12, shade=0.12, band=1.5)
        specks = sp.mask()
        for _ in range(int((x1 - x0) * (y1 - y0) / 40)):
            specks.circle(rng.uniform(x0 + 2, x1 - 2), rng.uniform(y0 + 2, y1 - 2),
                          rng.uniform(0.4, 0.9))
        sp.fill(specks, dark(tone, 0.3), 0.5)


FLOOR_A = [(0, 0, 32, 32), (32, 0, 64, 32), (0, 32, 32, 64), (32, 32, 64, 64)]
FLOOR_B = [(0, 0, 40, 24), (40, 0, 64, 40), (0, 24, 22, 64), (22, 24, 40, 64), (40, 40, 64, 64)]


def make_terrain(out: Writer) -> None:
    sp = Sprite(64, 64)
    sp.fill(shape(sp, lambda m: m.circle(35, 36, 26)).blurred(2.5), P.SHADOW, 0.55)
    canopy(sp, 31, 31, 27, P.TREE, seed=1, lobes=8)
    out.save("terrain/tree.png", sp, "tree seen from above")

    sp = Sprite(64, 64)
    sp.fill(shape(sp, lambda m: m.circle(34, 35, 19)).blurred(2), P.SHADOW, 0.5)
    canopy(sp, 31, 31, 20, P.BUSH, seed=2, lobes=6)
    berries = shape(sp, lambda m: [m.circle(x, y, 1.8) for x, y in ((24, 26), (38, 30), (30, 40))])
    sp.paint(berries, P.HEART, outline=0.6, shadow=0, highlight=0.3, shade=0)
    out.save("terrain/bush.png", sp, "bush seen from above")

    sp = Sprite(64, 64)
    tile = shape(sp, lambda m: m.rect((1, 1, 63, 63), 4))
    sp.paint(tile, P.ICE, outline=0.8, shadow=0, highlight=0.5, shade=0.15)
    rng = random.Random(9)
    hub = (30, 34)
    rim = [(1, 1), (22, 1), (44, 1), (63, 1), (63, 24), (63, 46), (63, 63), (40, 63), (18, 63),
           (1, 63), (1, 40), (1, 18)]
    for a, b in zip(rim, rim[1:] + rim[:1]):
        facet = shape(sp, lambda m: m.polygon([hub, a, b]))
        sp.fill(facet.clip(tile), light(P.ICE, rng.uniform(0, 0.55)), 0.55)
    cracks = sp.mask()
    for p in rim[::2]:
        cracks.line([hub, p], 0.8)
    cracks.line([(10, 50), (20, 44), (26, 52)], 0.7)
    sp.fill(cracks.clip(tile), P.WHITE, 0.7)
    out.save("terrain/ice.png", sp, "ice tile (crystalline)")

    sp = Sprite(64, 64)
    sp.fill(shape(sp, lambda m: m.ellipse((10, 40, 56, 58))).blurred(2.5), P.FIRE, 0.35)
    for cx, base, w, h, lean in ((20, 52, 16, 30, -3), (44, 52, 15, 27, 4), (32, 54, 20, 42, 1)):
        flame(sp, cx, base, w, h, lean)
    out.save("terrain/fire.png", sp, "fire (flames)")

    sp = Sprite(64, 64)
    cloud = shape(sp, lambda m: [m.circle(x, y, r) for x, y, r in
                                 ((22, 34, 14), (36, 28, 16), (46, 38, 12), (30, 42, 13),
                                  (15, 42, 9))])
    sp.fill(cloud.blurred(3.5), P.FOG, 0.75)
    sp.fill(cloud.shifted(-2, -3).blurred(3).clip(cloud), P.WHITE, 0.35)
    out.save("terrain/fog.png", sp, "fog cloud (semi-transparent)")

    sp = Sprite(64, 64)
    sp.fill(shape(sp, lambda m: m.polygon(regular_points(36, 37, 25, 8, -67.5))).blurred(2.5),
            P.SHADOW, 0.6)
    sp.paint(shape(sp, lambda m: m.polygon(regular_points(31, 31, 25, 8, -67.5))), P.PILLAR,
             highlight=0.3, shade=0.2)
    sp.paint(shape(sp, lambda m: m.circle(31, 31, 17)), light(P.PILLAR, 0.15), outline=1.0,
             ink=dark(P.PILLAR, 0.5), shadow=0, highlight=0.25, shade=0.15)
    sp.fill(shape(sp, lambda m: m.ring(31, 31, 11, 1.2)), dark(P.PILLAR, 0.3), 0.6)
    sp.fill(shape(sp, lambda m: m.line([(22, 40), (27, 36), (26, 31)], 1)), dark(P.PILLAR, 0.4),
            0.7)
    out.save("terrain/pillar.png", sp, "stone pillar seen from above")

    for side, colour in (("blue", P.KROSMASTER_BLUE), ("pink", P.KROSMASTER_PINK)):
        sp = Sprite(64, 64)
        prints = footprints(sp.mask(), [(21, 42, -20), (43, 23, 15)], 15, 3.8)
        sp.paint(prints, colour, outline=1.0, shadow=0, highlight=0.25, shade=0)
        sp.fade(0.6)
        out.save(f"terrain/start_{side}.png", sp, f"{side} starting cell (dragoturkey footprints)")

    for name, colour, slabs, seed in (("a", P.FLOOR, FLOOR_A, 21), ("b", P.FLOOR_ALT, FLOOR_B, 22)):
        sp = Sprite(64, 64)
        floor(sp, colour, slabs, seed)
        out.save(f"terrain/floor_{name}.png", sp, f"stone floor tile, variation {name}")

    for n in range(1, 7):
        sp = Sprite(64, 64)
        floor(sp, P.FLOOR, FLOOR_A, 30 + n)
        ring = shape(sp, lambda m: m.ring(32, 32, 22, 3))
        sp.glow(ring, P.TREASURE, 3.5, 0.9)
        sp.fill(shape(sp, lambda m: m.circle(32, 32, 21)).blurred(4), P.TREASURE, 0.25)
        sp.paint(ring, light(P.TREASURE, 0.3), outline=0.8, ink=P.GOLD_DARK, shadow=0,
                 highlight=0, shade=0)
        styled_text(sp, 32, 32, str(n), 26, colour=P.TREASURE, outline=2.0)
        out.save(f"terrain/zone_{n}.png", sp, f"Khrysos treasure zone {n}")


# --------------------------------------------------------------------------- standees


def make_standees(out: Writer) -> None:
    bases = [(side, colour, f"{side} side", P.SIDE_PATTERNS[side])
             for side, colour in (("blue", P.KROSMASTER_BLUE), ("pink", P.KROSMASTER_PINK))]
    bases += [(f"seat{i}", c, f"{P.SEAT_NAMES[i].lower()} seat", P.SEAT_PATTERNS[i])
              for i, c in enumerate(P.SEAT_COLOURS)]
    bases.append(("neutral", P.STONE, "no seat (the Kromosaurus, a neutral piece)", None))
    for name, colour, what, mark in bases:
        sp = Sprite(64, 24)
        side = shape(sp, lambda m: m.ellipse((4, 7, 60, 21)).rect((4, 9, 60, 14)))
        sp.paint(side, dark(colour, 0.35), highlight=0, shade=0.2)
        sp.paint(shape(sp, lambda m: m.ellipse((4, 3, 60, 16))), colour, outline=0.8, shadow=0,
                 highlight=0.45, shade=0.1)
        sp.fill(shape(sp, lambda m: m.rect((18, 8.5, 46, 10.5), 1)), dark(colour, 0.6), 0.85)
        for x in (13, 51) if mark else ():  # the seat's mark on both shoulders, beside the figure
            sp.paint(mark_mask(sp.mask(), mark, x, 13, 5), P.WHITE, outline=1.0, ink=P.OUTLINE,
                     shadow=0, highlight=0, shade=0.1)
        out.save(f"standees/base_{name}.png", sp,
                 f"standee base, {what}" + (f", {mark} marks" if mark else ""),
                 **({"mark": mark} if mark else {}))

    sp = Sprite(56, 80)
    card = shape(sp, lambda m: m.circle(28, 26, 24).rect((4, 26, 52, 78), 4))
    sp.paint(card, P.TEXT, outline=1.2, shadow=0.35, highlight=0, shade=0.15)
    face = shape(sp, lambda m: m.circle(28, 26, 21).rect((7, 26, 49, 75), 3))
    sp.fill(face, P.PANEL_LIGHT)
    sp.gradient(face, P.WHITE, 0.16, 0.0)
    sp.gradient(face, P.OUTLINE, 0.0, 0.3)
    out.save("standees/figure_blank.png", sp, "blank standee card (draw a name or initial on it)",
             face_rect=[7, 5, 42, 70])


# --------------------------------------------------------------------------- icons

W = 3.0  # icon stroke width


def arrow(m: Mask, pts, head=6.0, width=W):
    """A stroked polyline ending in an open arrow head."""
    m.line(pts, width)
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    a = math.atan2(y1 - y0, x1 - x0)
    for s in (-1, 1):
        b = a + math.pi + s * math.radians(40)
        m.line([(x1, y1), (x1 + head * math.cos(b), y1 + head * math.sin(b))], width)
    return m


def speaker(m: Mask):
    m.rect((4, 12, 10, 20), 1).polygon([(8, 12), (16, 6), (16, 26), (8, 20)])
    return m


def icon_gear(m):
    m.circle(16, 16, 10)
    for i in range(8):
        tooth = Mask(m.size).rect((13.5, 2.5, 18.5, 10), 1).rotated(i * 45, 16, 16)
        m.add(tooth)
    m.cut(Mask(m.size).circle(16, 16, 4.2))


def icon_hourglass(m):
    m.rect((7, 3, 25, 6.5), 1.5).rect((7, 25.5, 25, 29), 1.5)
    glass = [(9, 6), (23, 6), (17.5, 16), (23, 26), (9, 26), (14.5, 16)]
    m.add(Mask(m.size).polygon(glass).cut(Mask(m.size).polygon(
        [(12.5, 8.5), (19.5, 8.5), (15.5, 15.5), (16.5, 15.5), (19.5, 23.5), (12.5, 23.5),
         (15.5, 16.5), (16.5, 16.5)])))
    m.polygon([(13, 23.5), (19, 23.5), (16, 19.5)]).polygon([(13.5, 9.5), (18.5, 9.5), (16, 13)])



def icon_target(m):
    m.ring(16, 16, 9.5, 2.6).circle(16, 16, 3)
    for a in range(0, 360, 90):
        c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
        m.line([(16 + 6 * c, 16 + 6 * s), (16 + 14 * c, 16 + 14 * s)], 2.6)


ICONS = {  # UI icons drawn here
    "settings": icon_gear,
    "sound_on": lambda m: speaker(m).arc(16, 16, 5.5, -50, 50, 2.6).arc(16, 16, 10.5, -50, 50, 2.6),
    "sound_off": lambda m: speaker(m).line([(20, 11), (28, 21)], 2.8).line([(28, 11), (20, 21)], 2.8),
    "pause": lambda m: m.rect((8, 6, 13.5, 26), 1.5).rect((18.5, 6, 24, 26), 1.5),
    "play": lambda m: m.polygon([(9, 5), (26, 16), (9, 27)]),
    "back": lambda m: arrow(m, [(26, 16), (6, 16)], head=9),
    "help": lambda m: m.ring(16, 16, 12.5, 2.5).text(16, 16.5, "?", 17),
    "close": lambda m: m.line([(7, 7), (25, 25)], 3.6).line([(25, 7), (7, 25)], 3.6),
    "fullscreen": lambda m: [m.line(rotate_points([(4, 11), (4, 4), (11, 4)], a, 16, 16), W)
                             for a in (0, 90, 180, 270)],
    "log": lambda m: m.rect((6, 3, 26, 29), 3).cut(Mask(m.size).rect((9, 6, 23, 26), 1.5)).rect(
        (11, 9, 21, 11), 1).rect((11, 14, 21, 16), 1).rect((11, 19, 18, 21), 1),
    "hourglass": icon_hourglass,
    "target": icon_target,
}
# White icons of rules symbols: the same silhouette as symbols/<game>/<symbol>, so a symbol
# looks the same in a log line or on a button as on a card.
SYMBOL_ICONS = {
    "skull": ("krom", "combat"), "counter": ("krom", "counter"), "range": ("khrysos", "range"),
    "damage": ("khrysos", "damage"), "heal": ("khrysos", "heal"), "move": ("khrysos", "move"),
    "steal": ("khrysos", "steal"), "swap": ("khrysos", "swap"), "burst": ("khrysos", "burst"),
    "blast": ("khrysos", "blast"), "trample": ("khrysos", "trample"), "hit": ("khrysos", "hit"),
    "fire": ("krosmaster", "fire"), "water": ("krosmaster", "water"),
    "earth": ("krosmaster", "earth"), "air": ("krosmaster", "air"), "cave": ("krom", "cave"),
    "forest": ("krom", "forest"), "savanna": ("krom", "savanna"),
    "mountain": ("krom", "mountain"),
}


def make_icons(out: Writer) -> None:
    for name in sorted([*ICONS, *SYMBOL_ICONS]):
        sp = Sprite(32, 32)
        m = sp.mask()
        if name in ICONS:
            ICONS[name](m)
            what = f"UI icon: {name.replace('_', ' ')}"
        else:
            game, symbol = SYMBOL_ICONS[name]
            icon(m, SYMBOLS[game][symbol][0], (2, 2, 30, 30))
            what = f"UI icon: {name}, in white (the shape of symbols/{game}/{symbol})"
        sp.paint(m, P.WHITE, outline=0, shadow=0.5, highlight=0, shade=0)
        out.save(f"icons/{name}.png", sp, what)


# --------------------------------------------------------------------------- Game Icons art
#
# Faces and rules symbols are silhouettes from the Game Icons set (game-icons.net, CC BY 3.0),
# read from the pinned subset in icons-src/game-icons-subset.json and rasterised by pygame-ce's
# SVG loader (SDL_image); everything else about them (outline, shading, discs, plinths) is
# drawn here like the rest of the art.

ICON_SUBSET = HERE / "icons-src" / "game-icons-subset.json"
ICON_PACKAGE = "@iconify-json/game-icons"
ICON_VERSION = "1.2.4"
UNKNOWN_AUTHOR = "not recorded here; see game-icons.net"

# Which icon shows which piece, and the colour it is painted in.
KROSMASTER_FACES = {  # Krosmaster id -> (icon, colour)
    "martine_gale": ("woman-elf-face", P.ELEMENTS["earth"]),
    "felix_dicebag": ("dice-fire", P.ELEMENTS["fire"]),
    "golda_purse": ("shiny-purse", P.GOLD),
    "bravo_stormblade": ("spartan-helmet", P.ELEMENTS["air"]),
    "arrowna": ("archer", P.ELEMENTS["air"]),
    "wa_wabbit": ("rabbit-head", P.ELEMENTS["water"]),
}
MINION_FACES = {  # Minion id -> (icon, colour)
    "fleeflee": ("tick", P.ELEMENTS["air"]),
    "black_tiwabbit": ("rabbit", P.STONE),
    "gobball": ("sheep", P.BONE),
    "arachnee": ("angular-spider", P.ELEMENTS["earth"]),
    "chafer": ("skeleton", P.ELEMENTS["fire"]),
    "crackler": ("rock-golem", P.STONE),
    "bramble": ("thorny-vine", P.BUSH),
    "bow_meow": ("cat", P.ELEMENTS["fire"]),
}
SEAT_BY_NAME = {n.lower(): c for n, c in zip(P.SEAT_NAMES, P.SEAT_COLOURS)}
KROM_FACES = {  # character id (and the Kromosaurus) -> (icon, colour)
    "alma": ("caveman", SEAT_BY_NAME["red"]),
    "valkyr": ("tribal-mask", SEAT_BY_NAME["green"]),
    "morhy": ("ogre", SEAT_BY_NAME["blue"]),
    "nukka": ("barbarian", SEAT_BY_NAME["orange"]),
    "karok": ("brute", SEAT_BY_NAME["purple"]),
    "kolos": ("strong-man", SEAT_BY_NAME["yellow"]),
    "kromosaurus": ("dinosaur-rex", P.PLACES["forest"]),
}
HUNTER_HUES = (P.GEM, P.GOLD, P.HEART, P.MP, P.SHIELD, P.BRONZE)
KHRYSOS_FACES = {  # hunter number -> (icon, colour)
    number: (icon, HUNTER_HUES[(number - 1) % len(HUNTER_HUES)])
    for number, icon in enumerate((
        "race-car",           # 1 Elia Rose, Scrapyard Racer
        "fast-noodles",       # 2 Bento Rush, Lunchbox Courier
        "visored-helm",       # 3 Vex Orion, Laser Knight
        "cowled",             # 4 Mara Quill, Shadow Broker
        "anvil-impact",       # 5 Torvald Grimm, Rune Smith
        "acrobatic",          # 6 Pip Tumble, Acrobat Thief
        "nurse-female",       # 7 Sister Halcyon, Field Medic
        "boxing-glove",       # 8 Kaz Ironjaw, Pit Fighter
        "telescope",          # 9 Lumen Vale, Star Cartographer
        "law-star",           # 10 Rook Dunmore, Bounty Marshal
        "vortex",             # 11 Nyx Arden, Void Dancer
        "miner",              # 12 Gus Barrow, Tunnel Miner
        "tree-face",          # 13 Ivy Thornwell, Greenwarden
        "tesla-coil",         # 14 Dex Voltaire, Storm Engineer
        "hang-glider",        # 15 Sola Brightwind, Sky Courier
        "pirate-captain",     # 16 Moss Halloway, Old Sailor
        "dynamite",           # 17 Zara Flint, Spark Sapper
        "meditation",         # 18 Oren Ash, Ember Monk
    ), start=1)
}
FACES = {"krosmaster": KROSMASTER_FACES, "minion": MINION_FACES, "krom": KROM_FACES,
         "khrysos": {str(n): v for n, v in KHRYSOS_FACES.items()}}

SYMBOLS = {  # game -> symbol -> (icon, colour)
    "krosmaster": {
        "fire": ("fire", P.ELEMENTS["fire"]),
        "water": ("water-drop", P.ELEMENTS["water"]),
        "earth": ("earth-spit", P.ELEMENTS["earth"]),
        "air": ("tornado", P.ELEMENTS["air"]),
        "ap": ("round-star", P.AP),
        "mp": ("walking-boot", P.MP),
        "range": ("target-arrows", P.METAL),
        "injury": ("broken-heart", P.INJURY),
        "favor": ("laurels", P.CARD_FAMILIES["favor"]),
        "glyph": ("rune-stone", P.GOLD),
        "dofus": ("dinosaur-egg", P.DOFUS),
    },
    "krom": {
        "cave": ("cave-entrance", P.PLACES["cave"]),
        "forest": ("pine-tree", P.PLACES["forest"]),
        "savanna": ("palm-tree", P.PLACES["savanna"]),
        "mountain": ("mountains", P.PLACES["mountain"]),
        "krom": ("gold-shell", P.GOLD),
        "wood": ("wood-pile", P.WOOD),
        "stone": ("stone-pile", P.STONE),
        "bone": ("crossed-bones", P.BONE),
        "hp": ("hearts", P.HEART),
        "bonus": ("card-random", P.CARD_FAMILIES["bonus"]),
        "combat": ("death-skull", P.BONE),
        "counter": ("cancel", P.BLOCKED),
        "action": ("hand", P.LEGAL),
        "evolution": ("dna1", P.CARD_FAMILIES["evolution"]),
        "trophy": ("trophy", P.GOLD),
    },
    "khrysos": {
        "hit": ("punch", P.CRITICAL),
        "range": ("target-arrows", P.METAL),
        "burst": ("explosion-rays", P.AP),
        "trample": ("stomp", P.BRONZE),
        "blast": ("bright-explosion", P.FIRE),
        "damage": ("sword-wound", P.INJURY),
        "heal": ("heart-plus", P.HEART),
        "guard": ("checked-shield", P.SHIELD),
        "steal": ("robber-hand", P.GOLD),
        "swap": ("trade", P.GEM),
        "move": ("boot-prints", P.MP),
        "trap": ("wolf-trap", P.METAL),
        "stun": ("knocked-out-stars", P.SELECT),
        "boost": ("muscle-up", P.AP),
        "upgrade": ("upgrade", P.LEGAL),
        "treasure": ("gems", P.TREASURE),
        "energy": ("power-lightning", P.IVORY),
        "endurance": ("heart-tower", P.HEART),
    },
}

# The second cue of a seat or side besides its colour: a mark (see palette.SEAT_PATTERNS).
MARK_SHAPES = ("circle", "square", "triangle", "diamond", "star", "cross")


def used_icons() -> list[str]:
    """Every Game Icons name the art uses, sorted."""
    names = {icon for table in FACES.values() for icon, _ in table.values()}
    names |= {icon for table in SYMBOLS.values() for icon, _ in table.values()}
    return sorted(names)


@functools.lru_cache(maxsize=1)
def icon_subset() -> dict:
    """The pinned subset of Game Icons (name -> {"body": svg, "author": ...}) kept in sprites/."""
    data = json.loads(ICON_SUBSET.read_text(encoding="utf-8"))
    missing = [n for n in used_icons() if n not in data["icons"]]
    if missing:
        raise SystemExit(f"{ICON_SUBSET.name} lacks {', '.join(missing)}: run "
                         f"make_sprites.py --update-icons PATH/icons.json from "
                         f"{ICON_PACKAGE}@{ICON_VERSION}")
    return data


def update_icon_subset(icons_json: Path) -> None:
    """Rewrite the subset file from the package's full icons.json, keeping recorded authors."""
    try:
        full = json.loads(Path(icons_json).read_text(encoding="utf-8"))
        full["icons"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"{icons_json} is not the icons.json of {ICON_PACKAGE}: {e}") from None
    old = json.loads(ICON_SUBSET.read_text(encoding="utf-8")) if ICON_SUBSET.exists() else {}
    authors = {n: e.get("author") for n, e in old.get("icons", {}).items()}
    missing = [n for n in used_icons() if n not in full["icons"]]
    if missing:
        raise SystemExit(f"{icons_json} has no icon named {', '.join(missing)}")
    data = {
        "source": f"{ICON_PACKAGE}@{ICON_VERSION} (npm), icons.json",
        "license": "CC BY 3.0, https://creativecommons.org/licenses/by/3.0/",
        "credit": "Icons made by the Game Icons artists, https://game-icons.net",
        "view_box": [full.get("width", 512), full.get("height", 512)],
        "icons": {n: {"body": full["icons"][n]["body"],
                      "author": authors.get(n) or UNKNOWN_AUTHOR} for n in used_icons()},
    }
    ICON_SUBSET.parent.mkdir(parents=True, exist_ok=True)
    ICON_SUBSET.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(data['icons'])} icons to {ICON_SUBSET}")


def _pygame():
    """pygame, imported only when icons are drawn (it renders their SVG)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    return pygame


@functools.cache
def icon_coverage(name: str, w: int, h: int) -> Image.Image:
    """Icon ``name`` rasterised by pygame-ce's SVG loader as a w×h coverage image (mode L)."""
    pygame = _pygame()
    vw, vh = icon_subset()["view_box"]
    body = icon_subset()["icons"][name]["body"].replace("currentColor", "#ffffff")
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {vw} {vh}">{body}</svg>')
    surf = pygame.image.load(io.BytesIO(svg.encode("utf-8")), f"{name}.svg")
    rgba = Image.frombytes("RGBA", surf.get_size(), pygame.image.tobytes(surf, "RGBA"))
    return rgba.getchannel("A")


def icon(m: Mask, name: str, box) -> Mask:
    """Add icon ``name`` fitted into ``box`` (x0, y0, x1, y1 in final pixels) to mask ``m``."""
    x0, y0, x1, y1 = box
    cover = icon_coverage(name, round((x1 - x0) * S), round((y1 - y0) * S))
    layer = Image.new("L", m.im.size, 0)
    layer.paste(cover, (round(x0 * S), round(y0 * S)))
    return m.add(Mask(m.size, layer))


def face_sprite(name: str, colour, size: int = 96) -> Sprite:
    """A piece's face: its silhouette, lit, in a light tint of its colour, on transparent."""
    sp = Sprite(size, size)
    pad = size * 0.06
    m = icon(sp.mask(), name, (pad, pad, size - pad, size - pad))
    sp.paint(m, light(colour, 0.3), outline=size / 40, ink=P.OUTLINE, shadow=0.5,
             highlight=0.3, shade=0.22, band=size / 32)
    return sp


def symbol_sprite(name: str, colour, size: int = 48) -> Sprite:
    """A rules symbol: its silhouette in its own colour with a dark outline."""
    sp = Sprite(size, size)
    pad = size * 0.07
    m = icon(sp.mask(), name, (pad, pad, size - pad, size - pad))
    sp.paint(m, colour, outline=size / 30, ink=P.OUTLINE, shadow=0.45, highlight=0.3,
             shade=0.15, band=size / 24)
    return sp


def minion_token(name: str, colour) -> Sprite:
    """A Minion token: its face on a cardboard disc in the Minion card colour."""
    sp = Sprite(48, 48)
    disc = P.CARD_FAMILIES["minion"]
    token_base(sp, face=dark(disc, 0.2), rim=light(colour, 0.15))
    m = icon(sp.mask(), name, (10, 9, 38, 37))
    sp.paint(m, light(colour, 0.45), outline=1.2, ink=P.OUTLINE, shadow=0.4, highlight=0.3,
             shade=0.15)
    return sp


def mark_mask(m: Mask, shape_name: str, cx, cy, r) -> Mask:
    """Add the seat mark ``shape_name`` of radius ``r`` centred on (cx, cy) to ``m``."""
    if shape_name == "circle":  # a ring, so that it never reads as a blurred square
        m.add(Mask(m.size).circle(cx, cy, r * 0.9).cut(Mask(m.size).circle(cx, cy, r * 0.42)))
    elif shape_name == "square":
        m.rect((cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8))
    elif shape_name == "triangle":
        m.polygon(regular_points(cx, cy + r * 0.15, r * 1.05, 3))
    elif shape_name == "diamond":
        m.polygon([(cx, cy - r), (cx + r * 0.7, cy), (cx, cy + r), (cx - r * 0.7, cy)])
    elif shape_name == "star":
        m.polygon(star_points(cx, cy + r * 0.08, r * 1.05, r * 0.45))
    elif shape_name == "cross":
        t = r * 0.24
        m.rect((cx - r, cy - t, cx + r, cy + t))
        m.rect((cx - t, cy - r, cx + t, cy + r))
    else:
        raise ValueError(f"unknown mark {shape_name!r}")
    return m


# The artists of the Game Icons set, as its licence file names them.
GAME_ICONS_ARTISTS = ("Lorc", "Delapouite", "John Colburn", "Felbrigg", "John Redman",
                      "Carl Olsen", "Sbed", "PriorBlue", "Willdabeast", "Viscious Speed",
                      "Lord Berandas", "Irongamer", "HeavenlyDog", "Skoll", "Andy Meneely",
                      "Aussiesim", "and the other contributors named on game-icons.net")


def hunter_names() -> dict[str, str]:
    """Hunter number (as text) -> name, read from the Khrysos data (for the credits)."""
    import tomllib

    path = HERE.parent / "game" / "khrysos" / "data" / "hunters.toml"
    return {str(h["number"]): h["name"] for h in tomllib.loads(path.read_text("utf-8"))["hunter"]}


def credits_data() -> dict:
    """Who made the art the program shows: written to credits.json for the Credits screen."""
    uses: dict[str, list[str]] = {}
    sprites: dict[str, list[str]] = {}
    hunters = hunter_names()
    for game, table in FACES.items():
        for pid, (name, _) in table.items():
            who = f"hunter {pid} {hunters[pid]}" if game == "khrysos" else pid.replace("_", " ")
            uses.setdefault(name, []).append(f"{game} {who}")
            sprites.setdefault(name, []).append(f"faces/{game}/{pid}")
    for game, table in SYMBOLS.items():
        for symbol, (name, _) in table.items():
            uses.setdefault(name, []).append(f"{game} symbol {symbol}")
            sprites.setdefault(name, []).append(f"symbols/{game}/{symbol}")
    subset = icon_subset()["icons"]
    return {
        "game_icons": {
            "title": "Game Icons",
            "url": "https://game-icons.net",
            "source": f"{ICON_PACKAGE} {ICON_VERSION}",
            "license": "CC BY 3.0",
            "license_url": "https://creativecommons.org/licenses/by/3.0/",
            "artists": list(GAME_ICONS_ARTISTS),
            "changes": "recoloured, outlined, shaded and set on standees, tokens and cards",
            "icons": [{"icon": name, "author": subset[name]["author"], "used_for": uses[name],
                       "sprites": sprites[name]} for name in sorted(uses)],
        },
        "fonts": "Noto Sans and Fira Code, bundled with pygame-gui (SIL Open Font License 1.1)",
        "other_art": "every other picture and every sound is drawn or synthesized by the "
                     "scripts kept beside it (sprites/make_sprites.py, sounds/make_sounds.py)",
    }


def credits_text(data: dict) -> str:
    """The CREDITS file at the repository root, from credits_data()."""
    gi = data["game_icons"]
    lines = ["Tabletop Trio - credits", "", "Piece faces and rules symbols",
             "-----------------------------",
             f"Icons made by the artists of {gi['title']} ({gi['url']}): "
             + ", ".join(gi["artists"][:-1]) + f" {gi['artists'][-1]}.",
             f"Licensed under {gi['license']} ({gi['license_url']}); taken from the npm package "
             f"{gi['source']}; {gi['changes']}.",
             "The artist of each icon is named on its page at game-icons.net; where this file",
             "names one, it was checked against the artist folders of github.com/game-icons/icons.",
             "", "Icons used (icon name on game-icons.net: artist - what it shows here):"]
    for e in gi["icons"]:
        lines.append(f"  {e['icon']}: {e['author']} - {', '.join(e['used_for'])}")
    lines += ["", "Fonts", "-----", data["fonts"] + ".", "", "Everything else", "---------------",
              data["other_art"][0].upper() + data["other_art"][1:] + "."]
    return "\n".join(lines) + "\n"


def make_faces(out: Writer) -> None:
    for game, table in FACES.items():
        for pid, (name, colour) in table.items():
            out.save(f"faces/{game}/{pid}.png", face_sprite(name, colour),
                     f"{game} face of {pid} (Game Icons: {name})", icon=name)
    for pid, (name, colour) in MINION_FACES.items():
        out.save(f"tokens/minion/{pid}.png", minion_token(name, colour),
                 f"Minion token of {pid} (Game Icons: {name})", icon=name)
    for game, table in SYMBOLS.items():
        for symbol, (name, colour) in table.items():
            out.save(f"symbols/{game}/{symbol}.png", symbol_sprite(name, colour),
                     f"{game} rules symbol: {symbol} (Game Icons: {name})", icon=name)
    for shape_name in MARK_SHAPES:
        sp = Sprite(24, 24)
        sp.paint(mark_mask(sp.mask(), shape_name, 12, 12, 9.5), P.WHITE, outline=1.4,
                 ink=P.OUTLINE, shadow=0, highlight=0, shade=0.12)
        out.save(f"standees/mark_{shape_name}.png", sp,
                 f"seat mark: white {shape_name} (second cue besides the seat colour)")
    data = credits_data()
    (out.out / "credits.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if out.out.resolve() == HERE:
        (HERE.parent / "CREDITS").write_text(credits_text(data), encoding="utf-8")


# --------------------------------------------------------------------------- emblems


def medallion(sp: Sprite, cx, cy, r, colour, rim=P.GOLD) -> Mask:
    """A disc with a gold rim; returns the disc's inner mask for clipping."""
    sp.paint(shape(sp, lambda m: m.circle(cx, cy, r)), rim, outline=2.0, highlight=0.4,
             shade=0.25)
    inner = shape(sp, lambda m: m.circle(cx, cy, r * 0.86))
    sp.paint(inner, colour, outline=1.0, shadow=0, highlight=0.2, shade=0.3)
    return inner


def emblem_krosmaster(sp: Sprite, cx, cy, r):
    """Blue and pink halves, a glyph hexagon and crossed swords."""
    inner = medallion(sp, cx, cy, r, P.KROSMASTER_BLUE)
    half = shape(sp, lambda m: m.rect((cx, cy - r, cx + r, cy + r))).clip(inner)
    sp.paint(half, P.KROSMASTER_PINK, outline=0, shadow=0, highlight=0, shade=0.3)
    hexagon(sp, cx, cy, r * 0.5, P.PANEL, ink=P.GOLD, outline=max(1.2, r / 40), shade=0.3)
    rune(sp, cx, cy, r * 0.3, colour=P.GOLD)
    for angle in (-42, 42):
        blade, guard, grip = sword_mask(sp, cx, cy, r * 1.5, angle)
        sp.paint(blade, P.METAL, highlight=0.45, shade=0.2)
        sp.paint(grip, P.WOOD, highlight=0.2)
        sp.paint(guard, P.GOLD, highlight=0.4)


def emblem_krom(sp: Sprite, cx, cy, r):
    """A sandstone disc with a carved spiral and a necklace of fangs."""
    colour = P.PLACES["savanna"]
    medallion(sp, cx, cy, r, colour, rim=P.PLACES["cave"])
    groove = shape(sp, lambda m: m.line(spiral_points(cx, cy - r * 0.12, r * 0.03, r * 0.42, 2.3,
                                                      rot=180), r * 0.08))
    sp.fill(groove.shifted(0, max(0.5, r / 70)), light(colour, 0.4), 0.9)
    sp.fill(groove, dark(colour, 0.5))
    cord = shape(sp, lambda m: m.arc(cx, cy - r * 0.12, r * 0.58, 25, 155, r * 0.05))
    sp.paint(cord, P.WOOD, outline=1.0, shadow=0.3, highlight=0)
    fangs = sp.mask()
    for a in (48, 90, 132):
        c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
        bx, by = cx + r * 0.58 * c, cy - r * 0.12 + r * 0.58 * s
        w = r * 0.11 * (1.25 if a == 90 else 1)
        ln = r * 0.24 * (1.25 if a == 90 else 1)
        fangs.polygon([(bx - w * s, by + w * c), (bx + w * s, by - w * c),
                       (bx + ln * c + w * 0.2 * s, by + ln * s)])
    sp.paint(fangs, P.BONE, highlight=0.4, shade=0.2)


def emblem_khrysos(sp: Sprite, cx, cy, r):
    """A gem glowing inside a dungeon arch."""
    medallion(sp, cx, cy, r, dark(P.CARD_FAMILIES["minion"], 0.45))
    ay = cy - r * 0.12  # centre of the arch's round top

    def arch(m, half):
        m.circle(cx, ay, half).rect((cx - half, ay, cx + half, cy + r * 0.62))
    stone = shape(sp, lambda m: arch(m, r * 0.66))
    sp.paint(stone, P.PILLAR, highlight=0.35, shade=0.3)
    opening = shape(sp, lambda m: arch(m, r * 0.4))
    joints = sp.mask()
    for a in range(180, 361, 30):
        c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
        joints.line([(cx + r * 0.4 * c, ay + r * 0.4 * s), (cx + r * 0.66 * c, ay + r * 0.66 * s)],
                    max(1.0, r / 50), caps=False)
    for y in (0.2, 0.45):
        for sx in (-1, 1):
            joints.line([(cx + sx * r * 0.4, cy + r * y), (cx + sx * r * 0.66, cy + r * y)],
                        max(1.0, r / 50), caps=False)
    sp.fill(joints.clip(stone), dark(P.PILLAR, 0.5))
    sp.fill(opening, P.WALL)
    sp.fill(shape(sp, lambda m: m.circle(cx, cy + r * 0.12, r * 0.3)).blurred(r * 0.12).clip(opening),
            P.TREASURE, 0.75)
    gem(sp, cx, cy + r * 0.12, r * 0.5)
    sp.paint(shape(sp, lambda m: m.rect((cx - r * 0.7, cy + r * 0.58, cx + r * 0.7,
                                         cy + r * 0.7), r * 0.03)), dark(P.PILLAR, 0.2),
             highlight=0.3)


EMBLEMS = {"krosmaster": emblem_krosmaster, "krom": emblem_krom, "khrysos": emblem_khrysos}


# --------------------------------------------------------------------------- cards

CARD_W, CARD_H = 180, 252
TITLE_RECT = [10, 10, 160, 36]
ART_RECT = [14, 50, 152, 96]
TEXT_RECT = [14, 152, 152, 88]

CARD_GAMES = {  # family -> (game, accent of the little corner jewel)
    "favor": "krosmaster", "favor_superior": "krosmaster", "challenge": "krosmaster",
    "minion": "krosmaster", "krosmaster": "krosmaster", "bonus": "krom", "evolution": "krom",
    "hunting": "krom", "picking": "krom", "destination": "krom", "hunter": "khrysos",
}
GAME_ACCENT = {"krosmaster": P.GOLD, "krom": P.BRONZE, "khrysos": P.GEM}


def xywh(rect):
    x, y, w, h = rect
    return (x, y, x + w, y + h)


def card_stock(colour, trim) -> Sprite:
    """A rounded card in ``colour`` with a trim line and faint diagonal hatching."""
    sp = Sprite(CARD_W, CARD_H)
    sp.paint(shape(sp, lambda m: m.rect((0, 0, CARD_W, CARD_H), 12)), colour, outline=0,
             shadow=0, highlight=0.35, shade=0.3, band=3)
    stock = shape(sp, lambda m: m.rect((6, 6, CARD_W - 6, CARD_H - 6), 8))
    sp.paint(stock, dark(colour, 0.5), outline=1.0, ink=trim, shadow=0, highlight=0,
             shade=0.2)
    hatch = sp.mask()
    for k in range(-CARD_H, CARD_W, 9):
        hatch.line([(k, 0), (k + CARD_H, CARD_H)], 0.8, caps=False)
    sp.fill(hatch.clip(stock), light(colour, 0.3), 0.12)
    return sp


def card_frame(family) -> Sprite:
    colour = P.CARD_FAMILIES[family]
    superior = family == "favor_superior"
    trim = P.GOLD if superior else light(colour, 0.45)
    sp = card_stock(colour, trim)
    title = shape(sp, lambda m: m.rect(xywh(TITLE_RECT), 6))
    sp.paint(title, dark(colour, 0.32), outline=1.2, ink=trim, shadow=0.4, highlight=0.3,
             shade=0.3)
    art = shape(sp, lambda m: m.rect(xywh(ART_RECT), 4))
    sp.paint(art, P.PANEL, outline=1.2, ink=trim, shadow=0.4, highlight=0, shade=0)
    sp.gradient(art, P.OUTLINE, 0.55, 0.0)
    text = shape(sp, lambda m: m.rect(xywh(TEXT_RECT), 6))
    sp.paint(text, P.PARCHMENT, outline=1.2, ink=trim, shadow=0.4, highlight=0.25, shade=0.1)
    jewel = GAME_ACCENT[CARD_GAMES[family]]
    corners = [(CARD_W / 2, CARD_H - 6)]
    if superior:
        corners += [(9, 9), (CARD_W - 9, 9), (9, CARD_H - 9), (CARD_W - 9, CARD_H - 9)]
    for x, y in corners:
        sp.paint(shape(sp, lambda m: m.polygon(regular_points(x, y, 5, 4))), jewel,
                 outline=1.0, highlight=0.5, shade=0.2, shadow=0.3)
    return sp


def card_back(game) -> Sprite:
    colour = {"krosmaster": P.CARD_FAMILIES["krosmaster"], "krom": P.PLACES["cave"],
              "khrysos": P.CARD_FAMILIES["minion"]}[game]
    sp = card_stock(colour, P.GOLD)
    lattice = sp.mask()
    for k in range(-CARD_H, CARD_W + CARD_H, 18):
        lattice.line([(k, 0), (k + CARD_H, CARD_H)], 1.2, caps=False)
        lattice.line([(k, 0), (k - CARD_H, CARD_H)], 1.2, caps=False)
    inner = shape(sp, lambda m: m.rect((14, 14, CARD_W - 14, CARD_H - 14), 6))
    sp.fill(lattice.clip(inner), light(colour, 0.25), 0.35)
    frame = inner.copy().cut(shape(sp, lambda m: m.rect((17, 17, CARD_W - 17, CARD_H - 17), 4)))
    sp.paint(frame, P.GOLD, outline=0.8, shadow=0.3, highlight=0, shade=0)
    sp.glow(shape(sp, lambda m: m.circle(CARD_W / 2, CARD_H / 2, 50)), P.OUTLINE, 6, 0.5)
    EMBLEMS[game](sp, CARD_W / 2, CARD_H / 2, 50)
    return sp


def make_cards(out: Writer) -> None:
    for family in P.CARD_FAMILIES:
        game = CARD_GAMES[family]
        out.save(f"cards/frame_{family}.png", card_frame(family),
                 f"{game} card frame: {family.replace('_', ' ')}",
                 title_rect=TITLE_RECT, art_rect=ART_RECT, text_rect=TEXT_RECT,
                 title_ink="TEXT", text_ink="TEXT_DARK")
    for game in EMBLEMS:
        out.save(f"cards/back_{game}.png", card_back(game), f"{game} card back")


# --------------------------------------------------------------------------- ui


def seamless(size, cell, rng: random.Random, blur=0.0) -> Image.Image:
    """Seeded value noise (mode L) of ``size`` that tiles without seams."""
    w, h = size
    gw, gh = w // cell, h // cell
    grid = Image.frombytes("L", (gw, gh), bytes(rng.randrange(256) for _ in range(gw * gh)))
    tiled = Image.new("L", (gw * 3, gh * 3))
    for i in range(3):
        for j in range(3):
            tiled.paste(grid, (i * gw, j * gh))
    big = tiled.resize((w * 3, h * 3), Image.BICUBIC)
    if blur:
        big = big.filter(ImageFilter.GaussianBlur(blur))
    return big.crop((w, h, 2 * w, 2 * h))


def table_background() -> Image.Image:
    rng = random.Random(2024)
    size = (640, 360)
    broad = seamless(size, 40, rng)
    mid = seamless(size, 10, rng, blur=4)
    fine = seamless(size, 1, rng, blur=0.6)
    t = Image.blend(Image.blend(broad, mid, 0.35), fine, 0.3)
    t = t.point(lambda v: round(max(0, min(255, (v - 128) * 1.6 + 110))))
    return Image.composite(Image.new("RGB", size, P.BG_LIGHT), Image.new("RGB", size, P.BG), t)


def title_logo() -> Sprite:
    sp = Sprite(720, 160)
    words = "Tabletop Trio"
    size = 104
    while True:
        left, top, right, bottom = font(size).getbbox(words)
        if (right - left) / S <= 650 and (bottom - top) / S <= 100:
            break
        size -= 2
    letters = shape(sp, lambda m: m.text(360, 70, words, size))
    sp.fill(letters.grown(5).shifted(2, 4).blurred(3), P.SHADOW, 0.7)
    sp.fill(letters.grown(4.5), P.OUTLINE)
    sp.fill(letters.grown(2), P.GOLD_DARK)
    sp.fill(letters, P.GOLD)
    sp.gradient(letters, P.GOLD_DARK, 0.0, 0.75)
    band = letters.copy().cut(letters.shifted(0, 6)).blurred(1.2).clip(letters)
    sp.fill(band, P.WHITE, 0.45)
    rule = shape(sp, lambda m: m.rect((170, 132, 550, 136), 2))
    sp.paint(rule, P.GOLD, outline=1.5, ink=P.OUTLINE, highlight=0.3)
    for x, c in ((320, P.KROSMASTER_BLUE), (360, P.BRONZE), (400, P.GEM)):
        sp.paint(shape(sp, lambda m: m.polygon(regular_points(x, 134, 9, 4))), c, outline=1.6,
                 ink=P.OUTLINE, highlight=0.45)
    return sp


def app_icon() -> Sprite:
    sp = Sprite(64, 64)
    sp.paint(shape(sp, lambda m: m.rect((2, 2, 62, 62), 12)), P.PANEL, outline=1.0,
             ink=P.GOLD, shadow=0, highlight=0.2, shade=0.3)
    sp.glow(shape(sp, lambda m: m.circle(32, 32, 18)), P.GOLD, 6, 0.35)
    die = die_body(P.IVORY, size=44)
    for (u, v), c in zip(((1, -1), (0, 0), (-1, 1)), (P.KROSMASTER_BLUE, P.BRONZE, P.GEM)):
        die.paint(shape(die, lambda m: m.circle(22 + 9.5 * u, 21.3 + 9.5 * v, 4.2)), c,
                  outline=0.8, shadow=0, highlight=0.3, shade=0)
    return sp.paste(die, 10, 11)


def make_ui(out: Writer) -> None:
    out.save("ui/table_bg.png", table_background(), "seamless table felt texture (tile it)")
    out.save("ui/title.png", title_logo(), "Tabletop Trio logotype")
    descriptions = {"krosmaster": "crossed swords over a glyph", "krom": "spiral and fangs",
                    "khrysos": "gem in a dungeon arch"}
    for game, draw in EMBLEMS.items():
        sp = Sprite(160, 160)
        draw(sp, 80, 79, 72)
        out.save(f"ui/emblem_{game}.png", sp, f"{game} emblem: {descriptions[game]}")
    out.save("ui/app_icon.png", app_icon(), "application icon")


# --------------------------------------------------------------------------- contact sheet


def standee_preview(images, face: str, base: str, colour, mark: str, h: int) -> Image.Image:
    """A standee as scenes.widgets.standee.StandeeView draws it (face, plate, mark, plinth)."""
    w = round(h * 0.7)
    bw, bh = round(h * 0.8), round(h * 0.3)
    canvas = Image.new("RGBA", (bw + 4, h + bh), (0, 0, 0, 0))
    base_im = images[f"standees/base_{base}"].resize((bw, bh), Image.LANCZOS)
    by = h - 2 + bh // 2
    canvas.alpha_composite(base_im, (2, by - bh // 2))
    card = images["standees/figure_blank"].resize((w, h), Image.LANCZOS)
    side = min(round(w * 0.86), round(h * 0.62))
    face_im = images[face].resize((side, side), Image.LANCZOS)
    card.alpha_composite(face_im, ((w - side) // 2, round(h * 0.05)))
    plate = (round(w * 0.08), round(h * 0.72), round(w * 0.92), round(h * 0.92))
    ImageDraw.Draw(card).rounded_rectangle(plate, radius=max(2, h // 20), fill=(*colour, 255))
    ph = plate[3] - plate[1]
    if mark:
        mark_im = images[f"standees/mark_{mark}"].resize((ph, ph), Image.LANCZOS)
        card.alpha_composite(mark_im, ((w - ph) // 2, plate[1]))
    canvas.alpha_composite(card, ((bw + 4 - w) // 2, 0))
    return canvas


def simulate_cvd(colour, kind: str):
    """``colour`` as seen with ``kind`` ("deuteranopia" or "protanopia"), Machado et al. 2009."""
    matrix = {"deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                               (-0.011820, 0.042940, 0.968881)),
              "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                             (-0.003882, -0.048116, 1.051998))}[kind]

    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    def enc(v):
        v = min(1.0, max(0.0, v))
        return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))
    rgb = [lin(v) for v in colour]
    return tuple(enc(sum(m * c for m, c in zip(row, rgb))) for row in matrix)


def simulate_image(im: Image.Image, kind: str) -> Image.Image:
    """``im`` (RGBA) as seen with ``kind``, pixel by pixel through simulate_cvd."""
    seen: dict[tuple, tuple] = {}
    out = im.copy()
    px = out.load()
    for y in range(out.height):
        for x in range(out.width):
            r, g, b, a = px[x, y]
            if (r, g, b) not in seen:
                seen[r, g, b] = simulate_cvd((r, g, b), kind)
            px[x, y] = (*seen[r, g, b], a)
    return out


def contact_sheet(images) -> Image.Image:
    """Every piece (as a standee, a bare face at board size and a card picture), every symbol,
    and the seat plinths in normal vision and simulated deuteranopia and protanopia."""
    width, cell = 1500, 124
    per_row = width // cell
    sections = []  # (title, [(label, [images])])
    krosmaster = [(pid, [standee_preview(images, f"faces/krosmaster/{pid}",
                                         "blue" if k % 2 == 0 else "pink",
                                         P.KROSMASTER_BLUE if k % 2 == 0 else P.KROSMASTER_PINK,
                                         P.SIDE_PATTERNS["blue" if k % 2 == 0 else "pink"], 80),
                         images[f"faces/krosmaster/{pid}"].resize((48, 48), Image.LANCZOS)])
                  for k, pid in enumerate(KROSMASTER_FACES)]
    krosmaster += [(pid, [standee_preview(images, f"faces/minion/{pid}", "blue", P.KROSMASTER_BLUE,
                                          "circle", 64),
                          images[f"tokens/minion/{pid}"]]) for pid in MINION_FACES]
    sections.append(("Krosmaster: Blast - Krosmasters (standee, board face) and Minions "
                     "(standee, token)", krosmaster))
    krom = []
    for pid, (_, colour) in KROM_FACES.items():
        if colour in P.SEAT_COLOURS:  # a character stands on the plinth of its colour
            seat = P.SEAT_COLOURS.index(colour)
            figure = standee_preview(images, f"faces/krom/{pid}", f"seat{seat}", colour,
                                     P.SEAT_PATTERNS[seat], 80)
        else:
            figure = standee_preview(images, f"faces/krom/{pid}", "neutral", P.STONE, None, 80)
        krom.append((pid, [figure, images[f"faces/krom/{pid}"].resize((48, 48), Image.LANCZOS)]))
    sections.append(("Krom: Evolution - characters and the Kromosaurus", krom))
    khrysos = []
    for k, pid in enumerate(FACES["khrysos"]):
        seat = k % 4
        khrysos.append((f"{pid} {KHRYSOS_FACES[int(pid)][0]}",
                        [standee_preview(images, f"faces/khrysos/{pid}", f"seat{seat}",
                                         P.SEAT_COLOURS[seat], P.SEAT_PATTERNS[seat], 80),
                         images[f"faces/khrysos/{pid}"].resize((48, 48), Image.LANCZOS)]))
    sections.append(("Khrysos Hunters - the eighteen hunters", khrysos))
    for game, table in SYMBOLS.items():
        sections.append((f"{game} symbols (48 px and 24 px)",
                         [(sym, [images[f"symbols/{game}/{sym}"],
                                 images[f"symbols/{game}/{sym}"].resize((24, 24), Image.LANCZOS)])
                          for sym in table]))
    seats = []
    for kind in ("normal", "deuteranopia", "protanopia"):
        for i, c in enumerate(P.SEAT_COLOURS):
            figure = standee_preview(images, "faces/khrysos/12", f"seat{i}", c,
                                     P.SEAT_PATTERNS[i], 64)
            seats.append((f"{P.SEAT_NAMES[i]} {kind[:6]}",
                          [figure if kind == "normal" else simulate_image(figure, kind)]))
    sections.append(("Seat colours with their marks: normal vision, then simulated "
                     "deuteranopia, then protanopia", seats))

    heights = []
    for _, items in sections:
        rows = (len(items) + per_row - 1) // per_row
        tallest = max(sum(im.height + 4 for im in ims) for _, ims in items)
        heights.append(34 + rows * (tallest + 22))
    sheet = Image.new("RGBA", (width, sum(heights) + 10), (*P.BG, 255))
    floor_tile = images["terrain/floor_a"]
    draw = ImageDraw.Draw(sheet)
    title_font = ImageFont.truetype(str(FONT_BOLD), 18)
    label_font = ImageFont.truetype(str(_font_dir() / "NotoSans-Regular.ttf"), 12)
    y = 6
    for (title, items), height in zip(sections, heights):
        draw.text((10, y), title, font=title_font, fill=P.GOLD)
        tallest = max(sum(im.height + 4 for im in ims) for _, ims in items)
        for k, (label, ims) in enumerate(items):
            x0 = 8 + (k % per_row) * cell
            y0 = y + 34 + (k // per_row) * (tallest + 22)
            sheet.paste(floor_tile.resize((cell - 8, tallest)), (x0, y0))
            yy = y0 + 2
            for im in ims:
                sheet.alpha_composite(im, (x0 + (cell - 8 - im.width) // 2, yy))
                yy += im.height + 4
            draw.text((x0 + 2, y0 + tallest + 2), label[:20], font=label_font, fill=P.TEXT)
        y += height
    return sheet


# --------------------------------------------------------------------------- main


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None,
                        help="folder to write the PNGs and manifest.json into (default: sprites/)")
    parser.add_argument("--sheet", type=Path, metavar="PATH",
                        help="draw a contact sheet of every piece and symbol to PATH (a PNG) "
                             "instead of writing the sprites (unless --out is given too)")
    parser.add_argument("--update-icons", type=Path, metavar="ICONS_JSON",
                        help=f"refresh icons-src/ from the icons.json of {ICON_PACKAGE}@"
                             f"{ICON_VERSION} (npm pack), then stop")
    args = parser.parse_args(argv)
    if args.update_icons:
        update_icon_subset(args.update_icons)
        return
    if args.sheet and args.out is None:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            out = Writer(Path(tmp))
            make_all(out)
    else:
        out = Writer(args.out or HERE)
        make_all(out)
        out.write_manifest()
        print(f"wrote {len(out.entries)} images and manifest.json to {out.out}")
    if args.sheet:
        contact_sheet(out.images).convert("RGB").save(args.sheet, format="PNG", optimize=True)
        print(f"wrote the contact sheet to {args.sheet}")


def make_all(out: Writer) -> None:
    for make in (make_dice, make_markers, make_terrain, make_faces, make_standees, make_icons,
                 make_cards, make_ui):
        make(out)


if __name__ == "__main__":
    main()
