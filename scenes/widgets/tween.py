"""Tweens and timelines: small animations composed in sequence or in parallel, and a player that turns rule events into them.

An animation advances by `update(dt)`, which returns the time it did not use (so a
sequence can start its next step within the same frame), and can be `finish`ed at
once: skipping an animation jumps to its end state, which is always the state the
rules returned. Speed comes from the settings (`"instant"` finishes everything).
"""

from __future__ import annotations

import math
from collections import deque
from functools import partial
from typing import Any
from collections.abc import Callable, Iterable


# -- easing -------------------------------------------------------------------------
def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


# -- animations ---------------------------------------------------------------------
class Anim:
    """Base animation: `update(dt)` returns leftover time once done; `finish()` jumps to the end."""

    done = False

    def update(self, dt: float) -> float:
        self.finish()
        return dt

    def finish(self) -> None:
        self.done = True


class Tween(Anim):
    """Calls `apply(eased_progress)` every frame for `duration` seconds, then `apply(1.0)` and `on_done`."""

    def __init__(self, duration: float, apply: Callable[[float], Any], ease: Callable[[float], float] = ease_out_cubic,
                 on_start: Callable[[], Any] | None = None, on_done: Callable[[], Any] | None = None):
        self.duration = max(0.0, duration)
        self.apply = apply
        self.ease = ease
        self.on_start = on_start
        self.on_done = on_done
        self.elapsed = 0.0
        self.started = False
        self.done = False

    def _start(self) -> None:
        if not self.started:
            self.started = True
            if self.on_start:
                self.on_start()

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        self._start()
        self.elapsed += dt
        if self.elapsed >= self.duration:
            leftover = self.elapsed - self.duration
            self.finish()
            return leftover
        self.apply(self.ease(self.elapsed / self.duration))
        return 0.0

    def finish(self) -> None:
        if self.done:
            return
        self._start()
        self.apply(1.0)
        self.done = True
        if self.on_done:
            self.on_done()


class Wait(Tween):
    def __init__(self, duration: float):
        super().__init__(duration, lambda t: None)


class Call(Anim):
    """Runs a function once, taking no time (a sound, a state swap, a log line)."""

    def __init__(self, fn: Callable[[], Any]):
        self.fn = fn
        self.done = False

    def update(self, dt: float) -> float:
        self.finish()
        return dt

    def finish(self) -> None:
        if not self.done:
            self.done = True
            self.fn()


class Later(Anim):
    """An animation built only when its turn comes (`build` returns it, or None for nothing), so it starts
    from what the animations before it left on screen."""

    def __init__(self, build: Callable[[], Anim | None]):
        self.build = build
        self.inner: Anim | None = None
        self.built = False
        self.done = False

    def _inner(self) -> Anim | None:
        if not self.built:
            self.built = True
            self.inner = self.build()
        return self.inner

    def update(self, dt: float) -> float:
        inner = self._inner()
        if inner is None:
            self.done = True
            return dt
        dt = inner.update(dt)
        self.done = inner.done
        return dt if self.done else 0.0

    def finish(self) -> None:
        inner = self._inner()
        if inner is not None:
            inner.finish()
        self.done = True


class Sequence(Anim):
    def __init__(self, *steps: Anim | None):
        self.steps = deque(s for s in steps if s is not None)
        self.done = not self.steps

    def update(self, dt: float) -> float:
        while self.steps and dt >= 0:
            dt = self.steps[0].update(dt)
            if not self.steps[0].done:
                return 0.0
            self.steps.popleft()
        self.done = True
        return dt

    def finish(self) -> None:
        while self.steps:
            self.steps.popleft().finish()
        self.done = True


class Parallel(Anim):
    def __init__(self, *parts: Anim | None):
        self.parts = [p for p in parts if p is not None]
        self.done = not self.parts

    def update(self, dt: float) -> float:
        leftovers = [p.update(dt) for p in self.parts if not p.done]
        self.done = all(p.done for p in self.parts)
        return min(leftovers, default=dt) if self.done else 0.0

    def finish(self) -> None:
        for p in self.parts:
            p.finish()
        self.done = True


class Timeline:
    """Plays queued animations one after another at the speed the settings give; `skip` ends them all."""

    def __init__(self, speed: Callable[[], float] = lambda: 1.0):
        self.queue: deque[Anim] = deque()
        self.speed = speed
        self.background: list[Anim] = []  # decorative animations that run alongside (pulses, pops)

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    @property
    def active(self) -> bool:
        """Anything at all plays, decorative animations included (the screen needs frames)."""
        return bool(self.queue) or bool(self.background)

    def add(self, anim: Anim | None) -> None:
        if anim is not None:
            self.queue.append(anim)

    def add_background(self, anim: Anim | None) -> None:
        if anim is not None:
            self.background.append(anim)

    def update(self, dt: float) -> None:
        factor = self.speed()
        if math.isinf(factor):
            self.skip()
            return
        dt *= factor
        for anim in self.background:
            anim.update(dt)
        self.background = [a for a in self.background if not a.done]
        while self.queue and dt >= 0:
            dt = self.queue[0].update(dt)
            if not self.queue[0].done:
                break
            self.queue.popleft()

    def skip(self) -> None:
        while self.queue:
            self.queue.popleft().finish()
        for anim in self.background:
            anim.finish()
        self.background.clear()


class EventPlayer:
    """Turns the events returned by the rules into animations, played in order on a timeline.

    `handlers` maps an event kind (its class name) to a function returning an `Anim`
    (or None for events with nothing to show). Unknown kinds only reach `on_event`
    (the game log, typically), which is called as each event's animation starts, or, with
    `after=True`, once it has played (a die's result is told when the die stops). Each animation
    is built when its turn comes, from what the animations before it left on screen.
    """

    def __init__(self, timeline: Timeline, handlers: dict[str, Callable[[Any], Anim | None]],
                 on_event: Callable[[Any], Any] | None = None, *, after: bool = False):
        self.timeline = timeline
        self.handlers = handlers
        self.on_event = on_event
        self.after = after

    def play(self, events: Iterable[Any], then: Callable[[], Any] | None = None) -> None:
        """Queue each event's log line and animation; an event's animation is built when its turn comes."""
        for event in events:
            steps: list[Anim] = []
            handler = self.handlers.get(type(event).__name__)
            if handler is not None:
                steps.append(Later(partial(handler, event)))
            if self.on_event is not None:
                told = Call(partial(self.on_event, event))
                steps.insert(len(steps) if self.after else 0, told)
            self.timeline.add(Sequence(*steps))
        if then is not None:
            self.timeline.add(Call(then))
