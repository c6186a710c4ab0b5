"""The map builder's draft: no edit is lost to a closed window or a killed program (issue 34).

While a map has unsaved edits, a draft of it (its name, its tiles, the file it came from) is written
atomically to the user data folder a moment after each edit (at most one write every `THROTTLE`
seconds, and at once when the builder closes), and removed once the map is saved or its edits are
discarded. The next time the builder opens it offers the draft ("Resume the map you were building?").
Closing the window with unsaved edits asks first, as Back does. A lesson's builder keeps no draft.

The draft file is checked on load like any map file (`game.khrysos.map_from_dict`); a damaged one is
set aside with a message, never a crash. A mixin of `BuilderScene` plus the file functions it uses.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path

import game.khrysos as K
from game.core.serial import atomic_write_text
from game.khrysos import MapError, MapSpec
from scenes import instance, palette
from scenes.overlays import MessageScene
from scenes.settings import data_dir

DRAFT_FORMAT = "tabletrio-khrysos-builder-draft"
DRAFT_VERSION = 1
DRAFT_TITLE = "A map with unsaved edits"
THROTTLE = 0.3  # seconds: at most one write of the draft this often while edits come fast


@dataclass(frozen=True)
class Draft:
    """A map being built when the builder last closed: the map as it was, and the file it was opened from."""

    spec: MapSpec
    path: Path | None


def draft_path() -> Path:
    return data_dir() / "khrysos_builder_draft.json"


def write_draft(spec: MapSpec, path: Path | None) -> str | None:
    """Write the draft atomically; None, or what went wrong in words (a read-only copy writes nothing: the draft
    belongs to the copy that writes the data folder)."""
    if instance.read_only():
        return f"No draft of this map is kept: {instance.read_only()}."
    data = {"format": DRAFT_FORMAT, "version": DRAFT_VERSION, "file": None if path is None else str(path),
            "map": K.map_to_dict(spec)}
    try:
        atomic_write_text(draft_path(), json.dumps(data, indent=1))
    except OSError as e:
        return f"The draft of this map could not be written to {draft_path().parent} ({e.strerror or e})."
    return None


def clear_draft() -> None:
    if instance.read_only():  # the draft is the other copy's: never removed from here
        return
    with contextlib.suppress(OSError):
        draft_path().unlink(missing_ok=True)


def read_draft() -> tuple[Draft | None, str | None]:
    """(the draft, None), (None, None) when there is none, or (None, why it cannot be read) for a damaged one,
    which is then renamed aside (`.damaged`) so it is reported once and kept for a look."""
    target = draft_path()
    if not target.exists():
        return None, None
    try:
        data = json.loads(target.read_bytes().decode("utf-8"))
        if not isinstance(data, dict) or data.get("format") != DRAFT_FORMAT:
            raise ValueError("it is not a map builder's draft")
        if data.get("version") != DRAFT_VERSION:
            raise ValueError(f"it is of another version ({data.get('version')!r})")
        spec = K.map_from_dict(data.get("map"))
        file = data.get("file")
        if file is not None and not isinstance(file, str):
            raise ValueError("the file it names is not a path")
    except (OSError, UnicodeDecodeError, ValueError, MapError) as e:
        why = "the text is not readable" if isinstance(e, UnicodeDecodeError) else (
            "; ".join(e.problems) if isinstance(e, MapError) else str(e.strerror if isinstance(e, OSError) else e))
        with contextlib.suppress(OSError):
            target.replace(target.with_suffix(".damaged"))
        return None, f"The draft of the map you were building could not be read ({why}); it was set aside as {target.with_suffix('.damaged').name}."
    return Draft(spec, None if file is None else Path(file)), None


class BuilderDraft:
    """Keeps the draft of the map being built (its state lives in `BuilderScene`)."""

    _drafted = None  # (name, spec, path) as the draft file last showed it
    _draft_wait = 0.0  # seconds before the next write may happen
    _draft_error: str | None = None
    _closing = False  # the window's close button asked once already
    _draft_offered = False

    def _draft_state(self):
        return self.current_name(), self.spec, self.path

    def _worth_a_draft(self) -> bool:
        return self.dirty and not (not self.tiles and self.path is None)

    resume_later: Draft | None = None  # a draft to open on the first frame (the program's start offered it)

    def keep_draft(self, dt: float, now: bool = False) -> None:
        """Write (or remove) the draft when the map changed since the last look, at most once every THROTTLE
        seconds (`now`: whatever the wait)."""
        if self.resume_later is not None and not now:
            draft, self.resume_later = self.resume_later, None
            self.resume_draft(draft)
            return
        if not self._draft_offered:
            if not now:
                self.offer_draft()  # after the builder's first frame is drawn: the offer sits over the whole builder
            return
        if self.coach is not None:
            return
        self._draft_wait = max(0.0, self._draft_wait - dt)
        state = self._draft_state()
        if state == self._drafted or (self._draft_wait > 0 and not now):
            return
        self._drafted = state
        self._draft_wait = THROTTLE
        if not self._worth_a_draft():
            clear_draft()
            return
        problem = write_draft(self.spec.named(state[0] or self.spec.name), self.path)
        if problem and problem != self._draft_error:
            self.say(problem, palette.BLOCKED)
        self._draft_error = problem

    def drop_draft(self) -> None:
        """The edits were discarded on purpose: no draft of the map as it is now, nor on the way out (the next
        change, after New or Open, gets one again)."""
        self._drafted = self._draft_state()
        clear_draft()

    def offer_draft(self) -> None:
        """On the builder's first frame: the map left unsaved last time, if any, offered back."""
        self._draft_offered = True
        if self.coach is not None:
            return
        draft, problem = read_draft()
        if problem:
            self.say(problem, palette.BLOCKED)
        if draft is None:
            return
        where = f" (its file: {draft.path.name})" if draft.path is not None else " (never saved)"
        count = len(draft.spec.tiles)
        self.app.push(MessageScene(
            self.app, DRAFT_TITLE,
            f"Resume the map you were building? {draft.spec.name!r}{where}, {count} tile{'s' if count != 1 else ''}, "
            f"had unsaved edits when the builder last closed: they were kept as a draft.",
            [("Resume", lambda: self.resume_draft(draft), "Open the map as you left it, with its unsaved edits"),
             ("Discard", clear_draft, "Throw the draft away for good and start as the builder opened")]))

    def resume_draft(self, draft: Draft) -> None:
        path = draft.path if draft.path is not None and draft.path.exists() else None
        self.load(draft.spec, path)
        saved = None
        if path is not None:
            from scenes.khrysos.mapstore import read_entry

            entry = read_entry(path)
            saved = K.map_key(entry.spec) if entry.spec is not None else None
        self.saved_key = saved
        self._drafted = self._draft_state()  # the draft already holds it
        self.say(f"Resumed {draft.spec.name!r} as you left it: save it to keep it.")

    def close_requested(self) -> bool:
        """The window's close button: ask first about unsaved edits, as Back does (True: asked, do not quit yet).
        A second press while the question is up closes: the draft keeps the edits."""
        if self.coach is not None or self._closing or not self._worth_a_draft():
            return False
        self._closing = True
        self.unsaved(self.app.quit, on_cancel=self._not_closing)
        return True

    def _not_closing(self) -> None:
        self._closing = False


def offer_on_start(app) -> None:
    """At the program's start, over the menu: a map left with unsaved edits is offered back at once ("Later"
    leaves the draft for the builder to offer when it next opens)."""
    draft, _ = read_draft()
    if draft is None:
        return

    def resume() -> None:
        from scenes import registry

        builder = registry.resolve(registry.SCENES["khrysos.builder"])(app)  # by name: the builder imports this module
        builder._draft_offered = True  # it is being resumed: no second question
        app.push(builder)
        builder.resume_later = draft

    count = len(draft.spec.tiles)
    app.push(MessageScene(
        app, DRAFT_TITLE,
        f"Resume the map you were building? {draft.spec.name!r}, {count} tile{'s' if count != 1 else ''}, had unsaved "
        "edits when the map builder last closed: they were kept as a draft.",
        [("Resume", resume, "Open the map builder on the map as you left it"),
         ("Later", None, "Keep the draft: the map builder offers it again when it opens"),
         ("Discard", clear_draft, "Throw the draft away for good")]))
