"""Synthesize the sound effects of Tabletop Trio as WAV files, with manifest.json.

Run from the repository root: ``python sounds/make_sounds.py [--out DIR]``.

Standard library only.  Every effect is mono, 16-bit, 22050 Hz, faded in and out so it
starts and stops without a click, and normalised to a peak of about -3 dBFS.  Noise comes
from ``random.Random`` with a fixed seed per effect, so every run writes the same bytes.
Paths in the manifest are relative to the folder the manifest is written into.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import struct
import wave
from pathlib import Path

HERE = Path(__file__).resolve().parent
RATE = 22050
PEAK = 10 ** (-3 / 20)  # -3 dBFS
FADE_IN = 0.002
FADE_OUT = 0.012


# --------------------------------------------------------------------------- building blocks


def silence(duration: float) -> list[float]:
    return [0.0] * round(duration * RATE)


def mix_in(buf: list[float], sound: list[float], at: float = 0.0, gain: float = 1.0) -> None:
    """Add ``sound`` into ``buf`` starting ``at`` seconds (clipped to the buffer's length)."""
    start = round(at * RATE)
    for i, v in enumerate(sound[: max(0, len(buf) - start)]):
        buf[start + i] += v * gain


def tone(freq: float, duration: float, *, to: float | None = None, decay: float | None = None,
         partials=((1.0, 1.0),), vibrato: float = 0.0) -> list[float]:
    """A tone gliding exponentially from ``freq`` to ``to``, built from (ratio, amplitude)
    partials; ``decay`` is the time constant of an exponential fade, in seconds."""
    n = round(duration * RATE)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = freq if to is None else freq * (to / freq) ** (i / n)
        if vibrato:
            f *= 1 + vibrato * math.sin(2 * math.pi * 5.5 * t)
        phase += 2 * math.pi * f / RATE
        v = sum(a * math.sin(r * phase) for r, a in partials)
        if decay:
            v *= math.exp(-t / decay)
        out.append(v)
    return out


def noise(duration: float, rng: random.Random) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(round(duration * RATE))]


def envelope(sound: list[float], attack: float, decay: float) -> list[float]:
    """Linear attack over ``attack`` seconds, then exponential decay (time constant)."""
    a = max(1, round(attack * RATE))
    return [v * (i / a if i < a else math.exp(-(i - a) / RATE / decay))
            for i, v in enumerate(sound)]


def lowpass(sound: list[float], cutoff: float) -> list[float]:
    """One-pole low-pass filter."""
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for v in sound:
        y += k * (v - y)
        out.append(y)
    return out


def bandpass(sound: list[float], centre, q: float = 2.0) -> list[float]:
    """RBJ band-pass biquad; ``centre`` is a frequency or a function of the sample index."""
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for i, x in enumerate(sound):
        f = centre(i) if callable(centre) else centre
        w = 2 * math.pi * f / RATE
        alpha = math.sin(w) / (2 * q)
        a0 = 1 + alpha
        b0, b2 = alpha / a0, -alpha / a0
        a1, a2 = -2 * math.cos(w) / a0, (1 - alpha) / a0
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def knock(freq: float, decay: float, rng: random.Random, brightness: float = 0.5,
          duration: float = 0.08) -> list[float]:
    """A short percussive knock: a damped resonance plus a burst of filtered noise."""
    body = tone(freq, duration, decay=decay, partials=((1.0, 1.0), (2.02, 0.35), (3.9, 0.12)))
    burst = envelope(bandpass(noise(duration, rng), freq * 2.5, 1.5), 0.0005, decay * 0.3)
    return [b + brightness * n for b, n in zip(body, burst)]


def thud(rng: random.Random, start: float = 150.0, end: float = 45.0,
         duration: float = 0.25) -> list[float]:
    """A punchy low thud: a falling sine with a dull noise impact."""
    body = tone(start, duration, to=end, decay=duration * 0.3,
                partials=((1.0, 1.0), (2.0, 0.35)))
    impact = envelope(lowpass(noise(duration, rng), 1500), 0.001, 0.025)
    return [b + 0.7 * n for b, n in zip(body, impact)]


def chime(freq: float, duration: float, decay: float) -> list[float]:
    """A bright bell-like note (inharmonic partials)."""
    return envelope(tone(freq, duration, partials=((1.0, 1.0), (2.76, 0.35), (5.4, 0.12))),
                    0.002, decay)


def soft(freq: float, duration: float, decay: float, vibrato: float = 0.0) -> list[float]:
    """A mellow, slightly hollow note (odd harmonics) for fanfares and tones."""
    return envelope(tone(freq, duration, partials=((1.0, 1.0), (3.0, 0.16), (5.0, 0.05)),
                         vibrato=vibrato), 0.008, decay)


# --------------------------------------------------------------------------- effects


def dice_roll() -> list[float]:
    rng = random.Random(101)
    buf = silence(0.6)
    rumble = envelope(lowpass(noise(0.5, rng), 300), 0.02, 0.18)
    mix_in(buf, rumble, 0.0, 0.5)
    t = 0.01
    gain = 1.0
    while t < 0.52:
        hit = knock(rng.uniform(1700, 3200), rng.uniform(0.006, 0.012), rng, brightness=0.8,
                    duration=0.05)
        mix_in(buf, hit, t, gain * rng.uniform(0.6, 1.0))
        t += rng.uniform(0.018, 0.05) * (1 + 1.5 * t)
        gain *= 0.94
    mix_in(buf, knock(1400, 0.015, rng, duration=0.06), 0.535, 0.55)
    return buf


def click() -> list[float]:
    rng = random.Random(102)
    buf = silence(0.04)
    mix_in(buf, knock(2200, 0.004, rng, brightness=0.6, duration=0.04))
    mix_in(buf, tone(900, 0.04, decay=0.006), 0.0, 0.4)
    return buf


def move() -> list[float]:
    rng = random.Random(103)
    buf = silence(0.2)
    slide = lowpass(bandpass(noise(0.2, rng), 700, 0.8), 1500)
    shaped = [v * math.sin(math.pi * min(1.0, i / (0.16 * RATE))) ** 2 for i, v in enumerate(slide)]
    mix_in(buf, shaped, 0.0, 0.9)
    mix_in(buf, knock(300, 0.025, rng, brightness=0.3), 0.13, 0.8)
    return buf


def hit() -> list[float]:
    rng = random.Random(104)
    buf = silence(0.25)
    mix_in(buf, thud(rng))
    mix_in(buf, knock(1200, 0.004, rng, duration=0.03), 0.0, 0.3)
    return buf


def ko() -> list[float]:
    rng = random.Random(105)
    buf = silence(0.6)
    fall = envelope(tone(660, 0.42, to=120, partials=((1.0, 1.0), (3.0, 0.25), (5.0, 0.1))),
                    0.01, 0.3)
    mix_in(buf, fall, 0.0, 0.6)
    mix_in(buf, thud(rng, 120, 38, 0.2), 0.4, 1.0)
    return buf


def capture() -> list[float]:
    buf = silence(0.35)
    mix_in(buf, chime(1318.5, 0.35, 0.08), 0.0, 0.8)   # E6
    mix_in(buf, chime(1975.5, 0.24, 0.09), 0.11, 0.9)  # B6
    return buf


def victory() -> list[float]:
    buf = silence(1.2)
    notes = (523.25, 659.25, 783.99, 1046.5)  # C5 E5 G5 C6
    for k, f in enumerate(notes):
        mix_in(buf, soft(f, 0.3, 0.12), 0.11 * k, 0.6)
    for f in notes:
        mix_in(buf, soft(f, 0.75, 0.3, vibrato=0.004), 0.46, 0.35)
    mix_in(buf, chime(2093.0, 0.6, 0.15), 0.46, 0.25)  # a sparkle on top
    return buf


def card() -> list[float]:
    rng = random.Random(108)
    n = round(0.15 * RATE)
    swish = bandpass(noise(0.15, rng), lambda i: 1200 + 5000 * (i / n) ** 1.5, 1.2)
    shaped = [v * math.sin(math.pi * i / n) ** 1.5 for i, v in enumerate(swish)]
    buf = silence(0.15)
    mix_in(buf, shaped)
    mix_in(buf, knock(2600, 0.003, rng, duration=0.02), 0.118, 0.25)
    return buf


def coin() -> list[float]:
    buf = silence(0.2)
    ring = ((1.0, 1.0), (1.5, 0.6), (2.0, 0.35), (2.56, 0.25))
    for at, f, g in ((0.0, 2637.0, 1.0), (0.055, 2960.0, 0.6)):
        mix_in(buf, envelope(tone(f, 0.2 - at, partials=ring), 0.0008, 0.045), at, g)
    return buf


EFFECTS = {
    "dice_roll": (dice_roll, "dice rattling on the table"),
    "click": (click, "UI click"),
    "move": (move, "soft wooden slide of a standee"),
    "hit": (hit, "punchy thud of a hit"),
    "ko": (ko, "descending tone and a thud: knocked out"),
    "capture": (capture, "bright two-note chime: glyph or treasure captured"),
    "victory": (victory, "short fanfare arpeggio"),
    "card": (card, "card flip swish"),
    "coin": (coin, "token clink"),
}


# --------------------------------------------------------------------------- output


def finish(sound: list[float]) -> list[int]:
    """Fade in and out, remove DC, normalise to PEAK and quantise to 16 bits."""
    mean = sum(sound) / len(sound)
    sound = [v - mean for v in sound]
    n = len(sound)
    fin, fout = round(FADE_IN * RATE), round(FADE_OUT * RATE)
    for i in range(fin):
        sound[i] *= i / fin
    for i in range(fout):
        sound[n - 1 - i] *= i / fout
    top = max(abs(v) for v in sound)
    return [round(v / top * PEAK * 32767) for v in sound]


def write_wav(path: Path, samples: list[int]) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(struct.pack(f"<{len(samples)}h", *samples))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE,
                        help="folder to write the WAVs and manifest.json into (default: sounds/)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    manifest = []
    for name, (make, description) in EFFECTS.items():
        samples = finish(make())
        write_wav(args.out / f"{name}.wav", samples)
        manifest.append({"path": f"{name}.wav", "duration": round(len(samples) / RATE, 3),
                         "sample_rate": RATE, "description": description})
    text = json.dumps(sorted(manifest, key=lambda e: e["path"]), indent=1) + "\n"
    (args.out / "manifest.json").write_text(text, encoding="utf-8")
    print(f"wrote {len(manifest)} sounds and manifest.json to {args.out}")


if __name__ == "__main__":
    main()
