"""The rules reference: a searchable book of each game's rules, with live diagrams drawn by the game's art.

    open_reference(app, "krosmaster")                          # from the menu's Rules button
    open_reference(app, "khrysos", section="trample")          # e.g. a board's "?" button

Left: a search box (every word typed must be found; accents and case do not matter) and the
list of sections; under it, the glossary entry of the last gold word clicked or searched.
Right: the section's text (pygame-gui text box, scrollable, glossary words in gold: hover for
their meaning, click to keep it) and its diagram, computed by the rules (`game.learn.picture`).
Esc or Close goes back to whatever was below (the menu, the pause overlay). Section ids are
`game.learn.reference(game).ids`; an unknown id opens the first section.
"""

from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList, UITextBox, UITextEntryLine

from game import learn
from game.core.errors import ContentError
from scenes import palette, ui
from scenes.learn import diagrams, marked
from scenes.overlays import MessageScene
from scenes.stack import Scene

HEADER = pygame.Rect(16, 12, 1248, 56)
SEARCH = pygame.Rect(32, 84, 320, 40)
LIST = pygame.Rect(32, 132, 320, 424)
NOTE = pygame.Rect(32, 566, 320, 138)
PAGE = pygame.Rect(368, 76, 896, 632)
TEXT_TOP = 126
DIAGRAM_W = 440
TEXT_SIZE = 17


def open_reference(app, game_id: str, section: str | None = None) -> ReferenceScene | None:
    """Push the rules reference of `game_id`, opened at `section` (a section id) or at the first one.
    A reference that cannot be read shows the reason in a dialog instead (returns None)."""
    try:
        scene = ReferenceScene(app, game_id, section)
    except (ContentError, LookupError) as e:
        app.push(MessageScene(app, "The rules cannot be shown", str(e)))
        return None
    app.push(scene)
    return scene


def _html_block(text: str, glossary, linked: set[str]) -> str:
    """A paragraph as pygame-gui HTML: escaped, **bold** kept, the first mention of each glossary word a link."""
    out = []
    runs = learn.split_marked(text, glossary)
    for i, (run, term) in enumerate(runs):
        if term is not None and term.id not in linked:
            linked.add(term.id)
            tail = runs[i + 1][0] if i + 1 < len(runs) else ""
            if tail[:2] in ("'s", "’s"):  # keep a possessive with its word: the box never breaks the line inside
                run, runs[i + 1] = run + tail[:2], (tail[2:], None)
            out.append(f'<a href="term:{term.id}">{html.escape(run, quote=False)}</a>')
        else:
            out.append(html.escape(run, quote=False))
    joined = "".join(out)
    parts = joined.split("**")
    return "".join(p if i % 2 == 0 else f"<b>{p}</b>" for i, p in enumerate(parts))


def section_html(section: learn.Section, glossary) -> str:
    """The whole text of a section as the text box shows it."""
    linked: set[str] = set()
    chunks = []
    for block in section.blocks:
        body = _html_block(block.text, glossary, linked)
        chunks.append(("• " + body) if block.kind == "item" else body)
    html_text = ""
    for i, (block, chunk) in enumerate(zip(section.blocks, chunks)):
        if i:
            both_items = block.kind == "item" and section.blocks[i - 1].kind == "item"
            html_text += "<br>" if both_items else "<br><br>"
        html_text += chunk
    if section.entries:
        html_text += "<br>"
        for name, text in section.entries:
            lines = text.split("\n")  # an entry of several lines (a hunter's six actions) keeps them apart
            body = "<br>".join(_html_block(line, glossary, linked) for line in lines)
            html_text += f"<br><b>{html.escape(name, quote=False)}</b>" + (f": {body}" if len(lines) == 1 else f"<br>{body}")
    return html_text


# The glossary box's text sizes, largest first: (font size, line step). Under the entry's word (34 px) the box
# holds the whole entry, in the largest size that fits above the "Read:" button when there is one.
NOTE_SIZES = ((14, 19), (13, 17), (12, 15))


def note_lines(text: str, with_button: bool) -> tuple[int, int, list[str]]:
    """(font size, line step, lines) of a glossary entry in the box under the list: the whole text, never cut
    (a text longer than every size allows ends in "…" at the smallest, which the glossary's length limit keeps
    from happening: tests/scenes/test_reference.py checks every entry of every game)."""
    room = NOTE.height - 34 - (46 if with_button else 8)
    for size, step in NOTE_SIZES:
        lines = ui.wrap(text, size, NOTE.width - 24)
        if len(lines) * step <= room:
            return size, step, lines
    size, step = NOTE_SIZES[-1]
    keep = max(1, room // step)
    lines = ui.wrap(text, size, NOTE.width - 24)[:keep]
    lines[-1] = ui.fit(lines[-1] + " …", size, NOTE.width - 24)
    return size, step, lines


class ReferenceScene(Scene):
    """The rules reference of one game (see the module docstring)."""

    opaque = True

    def __init__(self, app, game_id: str, section: str | None = None):
        super().__init__(app)
        self.game_id = game_id
        self.glossary = learn.glossary(game_id)
        self.reference = learn.reference(game_id)
        self.start = section if section in self.reference.by_id else self.reference.sections[0].id
        self.current: learn.Section | None = None
        self.hits: list[learn.Section] = list(self.reference.sections)
        self.query = ""
        self.note_term: learn.Term | None = None  # the glossary entry shown under the list
        self.mouse: tuple[int, int] = (-1, -1)
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.marks: list[marked.Marked] = []
        self._diagrams: dict[str, tuple[pygame.Surface, list, list]] = {}  # section id -> (picture, tips, marks)
        self._boxes: dict[str, UITextBox] = {}  # section id -> its text box, built on first visit

    # -- building -------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.ui.preload_fonts([{"name": "noto_sans", "point_size": TEXT_SIZE, "style": "bold"}])
        self.close_button = UIButton(pygame.Rect(HEADER.right - 150, HEADER.top + 8, 138, 40), "Close", self.ui)
        self.search = UITextEntryLine(SEARCH, self.ui, placeholder_text="Search the rules…", object_id="#reference_search")
        self.list = UISelectionList(LIST, [s.title for s in self.reference.sections], self.ui, object_id="#reference_list",
                                    allow_double_clicks=False)
        self.text_box: UITextBox | None = None  # the box of the section shown
        self.note_button: UIButton | None = None
        self.show(self.start)

    def _text_rect(self, with_diagram: bool) -> pygame.Rect:
        width = PAGE.width - 32 - (DIAGRAM_W + 16 if with_diagram else 0)
        return pygame.Rect(PAGE.left + 16, TEXT_TOP, width, PAGE.bottom - 16 - TEXT_TOP)

    def show(self, section_id: str) -> None:
        """Open a section: its text, its diagram, and its line lit in the list."""
        section = self.reference.section(section_id)
        self.current = section
        box = self._boxes.get(section.id)
        if box is None:  # laying out a long text takes a moment: once per section, then it is kept
            box = self._boxes[section.id] = UITextBox(section_html(section, self.glossary),
                                                      self._text_rect(section.diagram is not None), self.ui,
                                                      object_id="#reference_text")
        for other in self._boxes.values():
            if other is not box and other.visible:
                other.hide()
        if not box.visible:
            box.show()
        self.text_box = box
        self._select_in_list(section.title)
        self.tips, self.marks = [], []
        if section.diagram is not None:
            cached = self._diagrams.get(section.id)
            if cached is None:
                cached = self._diagrams[section.id] = self._render_diagram(section, self._diagram_column())
            _, self.tips, self.marks = cached
        if self.note_term is not None:
            self.set_note(self.note_term)  # its "Read" button goes when its section is the one open
        self.refresh_spots()

    def refresh_spots(self) -> None:
        """Every control of the page as a hotspot of the kit: its tip above everything, its click."""
        spots = self.spots
        spots.clear()
        spots.add("button:close", None, "Back to where you were (Esc)", widget=self.close_button, click=self.close)
        spots.add("search", SEARCH, "Type words to find the sections that speak of them; Enter opens the first, "
                                    "the arrow keys step through them")
        if self.note_button is not None and self.note_term is not None:
            title = self.reference.section(self.note_term.see).title
            spots.add("button:read", None, f"Open the section {title!r}", widget=self.note_button, click=self.read_note)
        for i, (rect, words) in enumerate(self.tips):
            spots.add(f"diagram:{i}", rect, words)
        marked.add_term_spots(spots, self.marks, click=self.set_note)
        spots.rehover()

    def read_note(self) -> None:
        """Open the section of the glossary entry shown under the list."""
        term = self.note_term
        if term is not None:
            self.app.play_sound("click")
            self.show(term.see)
            self.set_note(term)

    def _select_in_list(self, title: str) -> None:
        for item in self.list.item_list:
            on = item["text"] == title
            item["selected"] = on
            button = item.get("button_element")
            if button is not None:
                button.select() if on else button.unselect()
        titles = [item["text"] for item in self.list.item_list]
        bar = self.list.scroll_bar
        if title in titles and bar is not None:
            height = self.list.list_item_height
            top = titles.index(title) * height
            container = self.list.list_and_scroll_bar_container
            assert container is not None, "a selection list builds its container"
            visible = container.rect.height
            start = bar.start_percentage * self.list.total_height_of_list
            if top < start or top + height > start + visible:
                wanted = max(0.0, min(top - visible / 2, self.list.total_height_of_list - visible))
                bar.set_scroll_from_start_percentage(wanted / max(1, self.list.total_height_of_list))

    # -- search ---------------------------------------------------------------------------------
    def set_query(self, query: str) -> None:
        """Filter the section list to the sections matching `query` (all of them when empty)."""
        self.query = query
        self.hits = [h.section for h in learn.search(self.game_id, query)]
        self.list.set_item_list([s.title for s in self.hits])
        terms = learn.matching_terms(self.glossary, query) if query.strip() else []
        if terms:
            self.set_note(terms[0])
        if self.current is not None:
            self._select_in_list(self.current.title)  # the page stays until a hit is chosen (click, Enter, arrows)

    def set_note(self, term: learn.Term | None) -> None:
        """Show a glossary entry under the list, with a button to its section when that is not the one open."""
        self.note_term = term
        if self.note_button is not None:
            self.note_button.kill()
            self.note_button = None
        if term is not None and (self.current is None or term.see != self.current.id):
            title = self.reference.section(term.see).title
            self.note_button = UIButton(pygame.Rect(NOTE.left + 10, NOTE.bottom - 40, NOTE.width - 20, 32),
                                        ui.fit(f"Read: {title}", 15, NOTE.width - 40), self.ui, object_id="@small_button")
        if self.current is not None:
            self.refresh_spots()

    # -- input ----------------------------------------------------------------------------------
    def process_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self._step(-1 if event.key == pygame.K_UP else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hits:
            self.show(self.hits[0].id)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and not self.search.is_focused and event.unicode and event.unicode.isprintable():
            self.search.focus()  # typing anywhere searches
        return super().process_event(event)

    def _step(self, delta: int) -> None:
        if not self.hits:
            return
        at = self.hits.index(self.current) if self.current in self.hits else (-1 if delta > 0 else len(self.hits))
        self.show(self.hits[max(0, min(len(self.hits) - 1, at + delta))].id)

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.search:
            self.set_query(self.search.get_text())
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            section = next((s for s in self.reference.sections if s.title == event.text), None)
            if section is not None:
                self.app.play_sound("click")
                self.show(section.id)
            return True
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and event.ui_element is self.text_box:
            target = str(event.link_target)
            if target.startswith("term:") and target[5:] in self.glossary.terms:
                self.set_note(self.glossary.terms[target[5:]])
            return True
        return False

    def close(self) -> None:
        self.app.play_sound("click")
        self.app.stack.pop(self)

    # -- drawing --------------------------------------------------------------------------------
    def hovered_term(self) -> learn.Term | None:
        """The glossary word under the mouse: a gold link of the text box, or a marked word of a caption."""
        box = self.text_box
        if box is not None:
            for chunk in getattr(box, "link_hover_chunks", ()):
                if getattr(chunk, "is_hovered", False):
                    href = str(getattr(chunk, "href", ""))
                    if href.startswith("term:"):
                        return self.glossary.terms.get(href[5:])
        spot = self.spots.hovered
        if spot is not None and spot.key.startswith("term:"):
            return self.glossary.terms.get(spot.key.split(":")[1])
        return None

    _backdrop: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            # What never changes, drawn once: the table, the header, the page and the note panel.
            self._backdrop = pygame.Surface(surface.get_size()).convert()
            back = self._backdrop
            ui.draw_table(back)
            ui.panel(back, HEADER, colour=palette.PANEL, radius=12, shadow=4)
            ui.text(back, f"Rules of {self.reference.title}", (HEADER.left + 18, HEADER.centery), 26, palette.GOLD,
                    bold=True, shadow=True, anchor="midleft")
            ui.text(back, "Esc closes", (HEADER.right - 170, HEADER.centery), 14, palette.TEXT_DIM, anchor="midright")
            ui.panel(back, PAGE, colour=palette.PANEL, radius=12, shadow=4)
            ui.panel(back, NOTE, colour=palette.BG_LIGHT, radius=10, shadow=0)
        surface.blit(self._backdrop, (0, 0))
        section = self.current
        if section is not None:
            ui.text(surface, ui.fit(section.title, 24, PAGE.width - 40, True), (PAGE.left + 18, PAGE.top + 12), 24,
                    palette.TEXT, bold=True)
        if not self.hits:
            ui.text(surface, f"No section speaks of \u201c{ui.fit(self.query.strip(), 15, 200)}\u201d.",
                    (LIST.left + 12, LIST.top + 14), 15, palette.TEXT_DIM)
            ui.text(surface, "Try fewer or shorter words.", (LIST.left + 12, LIST.top + 38), 15, palette.TEXT_DIM)
        self._draw_note(surface)
        if section is not None and section.diagram is not None:
            surface.blit(self._diagrams[section.id][0], self._diagram_column())

    def _draw_note(self, surface: pygame.Surface) -> None:
        term = self.note_term
        if term is None:
            for i, line in enumerate(ui.wrap("Gold words are glossary words: hover one to read it, click it to keep "
                                             "its entry here.", 15, NOTE.width - 24)):
                ui.text(surface, line, (NOTE.left + 12, NOTE.top + 12 + 20 * i), 15, palette.TEXT_DIM)
            return
        ui.text(surface, ui.fit(term.word[:1].upper() + term.word[1:], 17, NOTE.width - 24, True),
                (NOTE.left + 12, NOTE.top + 8), 17, palette.GOLD, bold=True)
        size, step, lines = note_lines(term.text, self.note_button is not None)
        for i, line in enumerate(lines):
            ui.text(surface, line, (NOTE.left + 12, NOTE.top + 34 + step * i), size, palette.TEXT)

    @staticmethod
    def _diagram_column() -> pygame.Rect:
        return pygame.Rect(PAGE.right - 16 - DIAGRAM_W, TEXT_TOP, DIAGRAM_W, PAGE.bottom - 16 - TEXT_TOP)

    def _render_diagram(self, section: learn.Section, column: pygame.Rect):
        picture = learn.picture(self.game_id, section.id)
        assert picture is not None, "drawn only for a section with a diagram"
        layer = pygame.Surface(column.size, pygame.SRCALPHA)
        height = 330 if picture.window is not None else 200
        frame, tips = diagrams.draw_picture(layer, pygame.Rect(6, 6, column.width - 12, height), picture)
        y = frame.bottom + 12
        y += diagrams.draw_legend(layer, (4, y), column.width - 8, picture)
        marks: list[marked.Marked] = []
        for k, text in enumerate((picture.caption, *picture.lines)):
            used, hits = marked.draw_marked_paragraph(layer, text, (4, y + 2), column.width - 8, self.glossary, 15,
                                                      palette.TEXT if k == 0 else palette.TEXT_DIM, line_height=20,
                                                      bold=k == 0)
            marks.extend(hits)
            y += used + 6
            if y > column.height:
                break
        shift = column.topleft
        return (layer, [(r.move(shift), words) for r, words in tips],
                [marked.Marked(m.rect.move(shift), m.term) for m in marks])

    def draw_above(self, surface: pygame.Surface) -> None:
        """Above the widgets: a gold word of the text box explains itself; the kit paints the hotspots' tips."""
        term = self.hovered_term()
        box = self.text_box
        if term is not None and box is not None and box.rect.collidepoint(self.mouse):
            marked.draw_term_tip(surface, term, self.mouse)
            return
        super().draw_above(surface)


def _automation(game_id: str):
    class Automated(ReferenceScene):
        """`--scene <game>.reference [--seed N]`: the reference over the table, at its section number N (from 0)."""

        def __init__(self, app, section: str | None = None):
            super().__init__(app, game_id, section)

        @classmethod
        def for_automation(cls, app, seed: int):
            ids = learn.reference(game_id).ids
            return cls(app, ids[seed % len(ids)])

    Automated.__name__ = Automated.__qualname__ = f"{game_id.capitalize()}Reference"
    return Automated


_AUTOMATED: dict[str, type] = {}


def __getattr__(name: str):
    """`KromReference` and the like: the automation scene of each game with a rules reference (its declaration's
    `learn`), made on first use (scenes.registry names them `<game>.reference`)."""
    game_id = name[: -len("Reference")].lower() if name.endswith("Reference") else ""
    if not learn.has_reference(game_id):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if game_id not in _AUTOMATED:
        _AUTOMATED[game_id] = _automation(game_id)
    return _AUTOMATED[game_id]
