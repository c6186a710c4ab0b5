"""The rules reference on screen: opened from the menu and from the pause overlay through the real scene
stack with synthesized clicks, searched by typing, browsed by its list, keys and gold words, closed by Esc."""

from __future__ import annotations

import pygame
import pytest

from game import learn
from scenes.learn import marked
from scenes.learn.reference import ReferenceScene, open_reference
from scenes.menu import MenuScene
from scenes.overlays import PauseScene
from tests.scenes.helpers import click, click_widget, press_key, top


def type_text(app, text: str) -> None:
    """Keys as a keyboard sends them: a KEYDOWN with its character, then the TEXTINPUT pygame-gui reads."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()) if ch.isalnum() else 0, mod=0,
                                             unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.run_frames(1)
    app.run_frames(2)


def rules_button(menu: MenuScene, game_id: str):
    return next(b for b, (what, entry) in menu.game_buttons.items() if what == "rules" and entry.game_id == game_id)


def list_titles(scene: ReferenceScene) -> list[str]:
    return [item["text"] for item in scene.list.item_list]


def selected(scene: ReferenceScene) -> list[str]:
    return [item["text"] for item in scene.list.item_list if item["selected"]]


@pytest.fixture
def menu(app):
    app.push(MenuScene(app))
    app.run_frames(2)
    return app


@pytest.mark.parametrize("game", learn.GAMES)
def test_the_menu_rules_button_opens_that_games_reference_and_esc_closes_it(menu, game):
    scene = top(menu)
    button = rules_button(scene, game)
    assert button.text == "Rules"
    assert scene.spots.get(f"button:rules:{game}").tip_lines()[0].startswith("How to play ")
    click_widget(menu, button)
    ref = top(menu)
    assert isinstance(ref, ReferenceScene) and ref.game_id == game
    assert ref.current.id == learn.reference(game).ids[0]
    assert selected(ref) == [ref.current.title]
    assert list_titles(ref) == [s.title for s in learn.reference(game).sections]
    press_key(menu, pygame.K_ESCAPE)
    assert top(menu) is scene


def test_the_rules_button_sits_beside_new_game_on_every_card(menu):
    scene = top(menu)
    for rect, entry in scene.cards:
        new = next(b for b, (what, e) in scene.game_buttons.items() if what == "new" and e is entry)
        rules = rules_button(scene, entry.game_id)
        assert rect.contains(new.rect) and rect.contains(rules.rect)
        assert rules.rect.top == new.rect.top and rules.rect.left > new.rect.right
        assert not rules.rect.colliderect(new.rect)


def test_the_pause_overlay_opens_the_reference_of_the_game_being_played(app):
    from scenes.krosmaster.board import KrosmasterBoard

    app.push(KrosmasterBoard.for_automation(app, 3))
    app.run_frames(3)
    board = top(app)
    board.timeline.skip()
    app.run_frames(1)
    press_key(app, pygame.K_ESCAPE)
    pause = top(app)
    assert isinstance(pause, PauseScene)
    rules = next(b for b in pause.ui.get_sprite_group().sprites() if getattr(b, "text", None) == "Rules")
    assert pause.box.contains(rules.rect)
    click_widget(app, rules)
    ref = top(app)
    assert isinstance(ref, ReferenceScene) and ref.game_id == "krosmaster"
    click_widget(app, ref.close_button)
    assert top(app) is pause
    press_key(app, pygame.K_ESCAPE)
    assert top(app) is board


def test_the_pause_overlay_of_each_board_names_its_own_game(app):
    from scenes.khrysos.board import KhrysosBoard
    from scenes.krom.board import KromBoard

    for cls, game in ((KhrysosBoard, "khrysos"), (KromBoard, "krom")):
        app.push(cls.for_automation(app, 1))
        app.run_frames(2)
        board = top(app)
        board.pause()
        app.run_frames(2)
        rules = next(b for b in top(app).ui.get_sprite_group().sprites() if getattr(b, "text", None) == "Rules")
        click_widget(app, rules)
        assert isinstance(top(app), ReferenceScene) and top(app).game_id == game
        app.stack.pop(board)
        app.run_frames(1)


def test_open_reference_at_a_section_and_at_an_unknown_one(app):
    scene = open_reference(app, "khrysos", section="trample")
    app.run_frames(2)
    assert top(app) is scene and scene.current.id == "trample" and selected(scene) == ["Trample"]
    assert "Trample" in scene.text_box.html_text and 'href="term:trample"' in scene.text_box.html_text
    app.stack.pop(scene)
    other = open_reference(app, "krom", section="no_such_section")
    app.run_frames(2)
    assert other.current.id == "goal"


def test_typing_searches_and_enter_opens_the_best_section(app):
    scene = open_reference(app, "krosmaster")
    app.run_frames(2)
    type_text(app, "tackle")
    assert scene.search.get_text() == "tackle"
    assert list_titles(scene)[0] == "Tackle zones and dodge rolls"
    assert all(learn.reference("krosmaster").section(s.id).title in list_titles(scene) for s in scene.hits)
    assert scene.current.id == "goal"  # the page stays while typing
    assert scene.note_term.id == "tackle_zone"  # the glossary entry of the word typed shows at once
    press_key(app, pygame.K_RETURN)
    assert scene.current.id == "tackle" and selected(scene) == ["Tackle zones and dodge rolls"]
    press_key(app, pygame.K_DOWN)
    assert scene.current.id == scene.hits[1].id


def test_a_search_that_finds_nothing_says_so_and_keeps_the_page(app):
    scene = open_reference(app, "krom", section="mountain")
    app.run_frames(2)
    type_text(app, "zebra")
    assert list_titles(scene) == [] and scene.current.id == "mountain"
    press_key(app, pygame.K_RETURN)
    assert top(app) is scene and scene.current.id == "mountain"
    for _ in range(5):
        press_key(app, pygame.K_BACKSPACE)
    assert len(list_titles(scene)) == len(learn.reference("krom").sections)


def test_clicking_a_section_in_the_list_and_the_arrow_keys(app):
    scene = open_reference(app, "krom")
    app.run_frames(2)
    item = next(i for i in scene.list.item_list if i["text"] == "The Cave")
    click(app, item["button_element"].rect.center, frames=4)
    assert scene.current.id == "cave" and selected(scene) == ["The Cave"]
    press_key(app, pygame.K_DOWN)
    assert scene.current.id == "forest"
    press_key(app, pygame.K_UP)
    press_key(app, pygame.K_UP)
    assert scene.current.id == "stunned"


def _link_rect(box, href: str) -> pygame.Rect:
    """Where pygame-gui draws the link `href` of a text box (the same sum its own hover code makes)."""
    chunk = next(c for c in box.link_hover_chunks if c.href == href)
    x = box.rect[0] + box.padding[0] + box.border_width["left"] + box.shadow_width + box.rounded_corner_width_offsets[0]
    y = box.rect[1] + box.padding[1] + box.border_width["top"] + box.shadow_width + box.rounded_corner_height_offsets[0]
    return pygame.Rect((x + chunk.x, y + chunk.y), chunk.size)


def test_a_gold_word_clicked_in_the_text_shows_its_entry_and_leads_to_its_section(app):
    scene = open_reference(app, "krosmaster", section="favors")
    app.run_frames(2)
    click(app, _link_rect(scene.text_box, "term:dofus").center, frames=4)
    assert scene.note_term.id == "dofus"
    assert scene.note_button is not None and "Glyph cells and the Dofus" in scene.note_button.text
    click_widget(app, scene.note_button, frames=4)
    assert scene.current.id == "glyphs"
    assert scene.note_button is None  # its section is the one open now


def test_a_marked_word_of_a_diagram_caption_explains_itself(app):
    scene = open_reference(app, "krosmaster", section="tackle")
    app.run_frames(3)
    word = next(m for m in scene.marks if m.term.id == "dodge_roll")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=word.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    assert scene.hovered_term().id == "dodge_roll"
    click(app, word.rect.center)
    assert scene.note_term.id == "dodge_roll"


def test_every_section_of_every_game_draws(app):
    for game in learn.GAMES:
        scene = open_reference(app, game)
        app.run_frames(1)
        for sid in learn.reference(game).ids:
            scene.show(sid)
            app.run_frames(1)
            assert scene.current.id == sid
            if learn.reference(game).section(sid).diagram is not None:
                assert scene.tips, f"{game}/{sid}: the diagram has nothing to hover"
                assert any(k.startswith("diagram:") for k in scene.spots.keys())
            assert "button:close" in scene.spots and all(spot.tip_lines() for spot in scene.spots), f"{game}/{sid}"
        app.stack.pop(scene)
        app.run_frames(1)


def test_hovering_a_diagram_cell_shows_what_the_rules_say_there(app):
    scene = open_reference(app, "krosmaster", section="line_of_sight")
    app.run_frames(2)
    rect, _words = next((r, w) for r, w in scene.tips if "line of sight is blocked" in w)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    assert scene.spots.hovered is not None and "line of sight is blocked" in " ".join(scene.spots.hovered.tip_lines())


def test_draw_marked_line_reports_each_glossary_word_where_it_is_drawn(app):
    surface = pygame.Surface((800, 60))
    g = learn.glossary("krosmaster")
    hits = marked.draw_marked_line(surface, "Take the Dofus on a Glyph cell", (10, 10), g, 16)
    assert [m.term.id for m in hits] == ["dofus", "glyph"]
    dofus, glyph = hits
    assert dofus.rect.left > 10 and glyph.rect.left > dofus.rect.right
    assert marked.term_at(hits, glyph.rect.center) is g.term("glyph") and marked.term_at(hits, (5, 5)) is None
    # the dotted underline sits under the word, in the mark colour
    y = glyph.rect.top + 16 + 1
    row = [tuple(surface.get_at((x, y + k)))[:3] for x in range(glyph.rect.left, glyph.rect.right) for k in range(6)]
    assert (240, 184, 64) in row
    from scenes.hotspots import Hotspots

    spots = Hotspots()
    chosen = []
    marked.add_term_spots(spots, hits, click=chosen.append)
    assert spots.keys() == ["term:dofus:0", "term:glyph:1"]
    spots.move(glyph.rect.center)
    assert spots.hovered.tip_lines() == [f"Glyph cell: {g.term('glyph').text}"]
    assert spots.press(glyph.rect.center) and chosen == [g.term("glyph")]
    height, para = marked.draw_marked_paragraph(surface, "A Critical-joker rolled in a dodge roll lets the fighter go",
                                               (0, 0), 180, g, 14)
    assert [m.term.id for m in para] == ["critical_joker", "dodge_roll", "fighter"] and height > 20


@pytest.mark.parametrize("game", learn.GAMES)
def test_every_glossary_entry_shows_whole_in_the_box_under_the_list(app, game):
    """Issue 34's cut glossary box entries: a kept entry under the list showed three lines and "…" when the
    "Read:" button stood below it. Every entry of every game now shows whole, with or without the button."""
    from scenes.learn.reference import note_lines

    for term in learn.glossary(game).terms.values():
        for with_button in (False, True):
            size, _, lines = note_lines(term.text, with_button)
            assert " ".join(lines).split() == term.text.split(), (term.id, with_button, lines)
            assert size >= 12
