"""Two copies of the program at once (issue 34): the first holds a lock in the user data folder; a second one
says so and offers to bring the first to the front or to open read-only, and a read-only copy writes nothing.
A copy that was killed leaves no lock behind. Run with real second processes."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game.core.match import Match
from scenes import instance, saves
from scenes.alreadyopen import AlreadyOpenScene
from scenes.menu import MenuScene
from scenes.settings import Settings, data_dir
from tests.scenes.helpers import click_widget

HOLD = """
import sys
from scenes import instance
lock, other = instance.acquire()
instance.listen_for_front()
print("held" if lock is not None else "refused", flush=True)
for _ in range(400):
    if instance.front_asked():
        print("front", flush=True)
        break
    __import__("time").sleep(0.025)
"""


def holder_process():
    """A second process that takes the lock and waits (10 s at most) to be asked to the front."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD], stdout=subprocess.PIPE, text=True, env=dict(os.environ),
                            cwd=os.getcwd())
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


@pytest.fixture
def writable():
    yield
    instance.set_read_only(None)


def test_a_second_copy_learns_which_process_holds_the_lock_and_a_killed_one_leaves_none(dirs):
    proc = holder_process()
    try:
        lock, other = instance.acquire()
        assert lock is None and other is not None and other.pid == proc.pid, "the first copy holds the data folder"
    finally:
        proc.kill()
        proc.wait(timeout=10)
    assert (data_dir() / instance.LOCK_NAME).exists(), "the killed copy left its lock file behind"
    lock, other = instance.acquire()
    assert lock is not None and other is None, "a stale lock is taken over"
    assert instance.holder().pid == os.getpid()
    lock.release()


@pytest.mark.skipif(instance.FRONT_SIGNAL is None, reason="no signal to ask another process with on this system")
def test_bring_it_to_the_front_asks_the_first_copy_and_closes_this_one(make_app, dirs):
    proc = holder_process()
    try:
        app = make_app(settings=Settings(), persist_settings=False)
        _, other = instance.acquire()
        assert other is not None
        app.push(AlreadyOpenScene(app, other))
        app.run_frames(2)
        click_widget(app, app.stack.top.front)
        assert proc.stdout.readline().strip() == "front", "the first copy heard the request"
        assert not app.running, "this copy closes once the first one was asked"
    finally:
        proc.kill()
        proc.wait(timeout=10)


def test_an_unreachable_first_copy_is_said_so():
    reason = instance.ask_front(instance.Holder(0, "?"))
    assert reason and "switch to the other window yourself" in reason


def test_open_read_only_writes_nothing_and_says_so(make_app, dirs, writable):
    from game import krom

    app = make_app(settings=Settings(), persist_settings=True)
    app.push(AlreadyOpenScene(app, instance.Holder(4242, "09:15")))
    app.run_frames(2)
    click_widget(app, app.stack.top.read_only)
    app.run_frames(2)
    assert isinstance(app.stack.top, MenuScene)
    assert instance.read_only() and "process 4242" in instance.read_only()
    assert not app.persist_settings, "settings changed here are not written"
    match = Match.new(krom, krom.Setup(players=3), 1)
    message = saves.write_autosave(match.save())
    assert message and message.startswith("Not saved: this copy is read-only (another copy, process 4242") and not saves.has_autosave("krom")
    assert saves.write_named("mine", match.save()).startswith("Not saved")
    assert not saves.save_path("mine").exists()
    assert saves.delete_named(saves.save_path("mine")).startswith("Not deleted")
