"""The scene stack: queued changes, top-down input, bottom-up drawing from the topmost opaque scene."""

import pygame

from scenes.stack import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, *, opaque=True, modal=True, consume=False):
        super().__init__(app=None)
        self.name, self.log = name, log
        self.opaque, self.modal, self.consume = opaque, modal, consume

    def on_enter(self):
        self.log.append(f"enter {self.name}")

    def on_exit(self):
        self.log.append(f"exit {self.name}")

    def on_cover(self):
        self.log.append(f"cover {self.name}")

    def on_uncover(self):
        self.log.append(f"uncover {self.name}")

    def handle_event(self, event):
        self.log.append(f"event {self.name}")
        return self.consume

    def update(self, dt):
        self.log.append(f"update {self.name}")

    def draw(self, surface):
        self.log.append(f"draw {self.name}")


def test_changes_wait_for_apply_pending():
    log = []
    stack = SceneStack()
    a = Probe("a", log)
    stack.push(a)
    assert stack.top is None and log == []
    stack.apply_pending()
    assert stack.top is a and log == ["enter a"]


def test_push_pop_replace_and_lifecycle():
    log = []
    stack = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    stack.replace(c)
    stack.apply_pending()
    stack.pop()
    stack.apply_pending()
    assert log == ["enter a", "cover a", "enter b", "exit b", "enter c", "exit c", "uncover a"]
    assert stack.top is a


def test_pop_a_named_scene_removes_everything_above_it():
    log = []
    stack = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    for s in (a, b, c):
        stack.push(s)
    stack.apply_pending()
    stack.pop(b)
    stack.apply_pending()
    assert stack.scenes == [a]


def test_reset_leaves_only_the_new_scene():
    log = []
    stack = SceneStack()
    stack.push(Probe("a", log))
    stack.push(Probe("b", log))
    stack.apply_pending()
    m = Probe("menu", log)
    stack.reset(m)
    stack.apply_pending()
    assert stack.scenes == [m]


def test_input_goes_down_until_consumed():
    log = []
    stack = SceneStack()
    stack.push(Probe("board", log))
    stack.push(Probe("toast", log, opaque=False, modal=False))
    stack.apply_pending()
    log.clear()
    stack.handle_event(pygame.event.Event(pygame.USEREVENT))
    assert log == ["event toast", "event board"]


def test_a_modal_overlay_keeps_input_from_the_board():
    log = []
    stack = SceneStack()
    stack.push(Probe("board", log))
    stack.push(Probe("pause", log, opaque=False, modal=True))
    stack.apply_pending()
    log.clear()
    stack.handle_event(pygame.event.Event(pygame.USEREVENT))
    assert log == ["event pause"]


def test_drawing_starts_at_the_topmost_opaque_scene_and_only_the_top_updates():
    log = []
    stack = SceneStack()
    stack.push(Probe("menu", log))
    stack.push(Probe("board", log))
    stack.push(Probe("pause", log, opaque=False))
    stack.apply_pending()
    log.clear()
    stack.update(0.016)
    stack.draw(pygame.Surface((10, 10)))
    assert log == ["update pause", "draw board", "draw pause"]


def test_a_scene_may_change_the_stack_while_handling_input():
    log = []
    stack = SceneStack()

    class Opener(Probe):
        def handle_event(self, event):
            stack.push(Probe("dialog", log))
            return True

    stack.push(Opener("opener", log))
    stack.apply_pending()
    stack.handle_event(pygame.event.Event(pygame.USEREVENT))
    assert stack.top.name == "opener"
    stack.apply_pending()
    assert stack.top.name == "dialog"
