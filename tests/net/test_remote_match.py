"""RemoteMatch, the face of Match the boards read, over a live server: views, undo requests, chat, away seats."""

import time

import pytest

from game import registry
from game.core.decision import HIDDEN
from game.core.errors import IllegalAction
from game.core.rng import Rng
from net.client import NetError, TableClient

KROS = registry.load("krosmaster").bench_setup().to_dict()
KHRY = registry.load("khrysos").bench_setup().to_dict()


def wait(condition, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_undo_chat_and_away_through_remote_matches(threaded_server):
    server, port = threaded_server
    client = TableClient("127.0.0.1", port)
    try:
        ann = client.create("krosmaster", KROS, [{"kind": "host", "name": "Ann"}, {"kind": "remote", "name": "Bob"}], wait=False)
        bob = client.join(ann.code)
        rng = Rng(8)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # play until the screen to move may ask to take its action back
            for m in (ann, bob):
                m.poll()
            mover = ann if ann.legal_actions() else bob if bob.legal_actions() else None
            if mover is None:
                ann.wait(0.2)  # both screens hear of every action: wait for the next message, not for a time
                continue
            if len(mover.actions) and mover.why_no_undo() is None and server.tables[ann.code].match.why_no_undo() is None:
                break
            legal = mover.legal_actions()
            mover.play(legal[rng.below(len(legal))])
        other = bob if mover is ann else ann
        n, revision = len(mover.actions), other.revision
        with pytest.raises(IllegalAction):
            other.play(mover.legal_actions()[0])  # not its turn: the server refuses
        mover.request_undo()
        wait(lambda: other.poll() is not None and other.undo_request is not None)
        assert other.undo_request["by"] == mover.viewer and other.revision > revision
        other.answer_undo(True)
        wait(lambda: mover.poll() is not None and len(mover.actions) == n - 1)
        wait(lambda: other.poll() is not None and len(other.actions) == n - 1 and other.undo_request is None)
        assert mover.legal_actions() and mover.state.to_dict() == server.tables[ann.code].match.view(mover.viewer).to_dict()
        # chat, cleaned, reaches everyone
        bob.send_chat("good game\x00")
        wait(lambda: ann.poll() is not None and ann.chat and ann.chat[-1]["text"] == "good game")
        # Bob goes: Ann's screen says who is away; the host hands his seat to the computer
        bob.close()
        wait(lambda: ann.poll() is not None and "Bob" in ann.status_text)
        ann.handover(1, "random")
        wait(lambda: ann.poll() is not None and ann.table["seats"][1].get("bot") == "random")
        with pytest.raises(NetError):
            ann.handover(0, "random")  # Ann is at the table
    finally:
        client.close()


def test_a_spectator_and_a_seat_see_only_their_own_secrets(threaded_server):
    server, port = threaded_server
    client = TableClient("127.0.0.1", port)
    try:
        ann = client.create("khrysos", KHRY, [{"kind": "host", "name": "Ann"}, {"kind": "remote", "name": "Bob"}], wait=False)
        bob = client.join(ann.code)
        watcher = client.spectate(ann.code)
        assert watcher.seats == () and watcher.viewer is None and watcher.legal_actions() == []
        full = server.tables[ann.code].match.state
        assert list(bob.state.hands[1]) == list(full.hands[1]) and all(c == HIDDEN for c in bob.state.hands[0])
        assert all(c == HIDDEN for h in watcher.state.hands for c in h)
        with pytest.raises(IllegalAction):
            watcher.play("pass")
        assert watcher.save().table["online"]["code"] == ann.code and watcher.save().seed == 0
    finally:
        client.close()
