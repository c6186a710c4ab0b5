"""A screen never waits for the network (issue 32): every `begin_` call returns at once with a Pending, and a dead
address (a closed port, a socket that never answers) fails as a message within the call's timeout. Loopback only,
bounded."""

import asyncio
import socket
import time

import pytest

from game import registry
from game.core.rng import Rng
from net.client import NetError, Pending, TableClient
from net.pending import LATE, RECONNECTING

KROS = registry.load("krosmaster").bench_setup().to_dict()
# Seconds a call may hold the caller: a frame is 1/60 s, and a loaded machine may leave this thread unscheduled
# for a while; what the limit must tell apart is a wait for the network (a round trip, or the 1.5-3 s timeouts
# below), and the silent server's Pending is checked not done when the call returns.
FRAME = 0.2
TWO = [{"kind": "host", "name": "Ann"}, {"kind": "remote", "name": "Bob"}]


def timed(call):
    began = time.monotonic()
    value = call()
    return value, time.monotonic() - began


def ends(pending: Pending, seconds: float) -> float:
    """Look at the pending each 'frame' until done, as a screen would; how long it took (AssertionError past `seconds`)."""
    began = time.monotonic()
    while not pending.done:
        assert time.monotonic() - began < seconds, "the request did not end by itself"
        time.sleep(0.01)
    return time.monotonic() - began


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nobody listens there


def test_a_closed_port_fails_at_once_as_a_message():
    client = TableClient("127.0.0.1", closed_port(), timeout=3)
    try:
        pending, took = timed(lambda: client.begin_join("ABCDEF", name="Bob"))
        assert took < FRAME, f"begin_join held the caller {took:.3f} s"
        assert not pending.done or pending.error
        ends(pending, 3 + 1)
        assert "cannot be reached" in pending.error
        with pytest.raises(NetError, match="cannot be reached"):
            pending.result()
        tables, took = timed(client.begin_tables)
        assert took < FRAME
        ends(tables, 5 + 5 + 1)
        assert "cannot be reached" in tables.error
    finally:
        client.close()


def test_a_server_that_never_answers_fails_within_the_timeout():
    with socket.socket() as silent:  # accepts connections (the kernel does) and never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        client = TableClient("127.0.0.1", silent.getsockname()[1], timeout=1.5)
        try:
            pending, took = timed(lambda: client.begin_create("krosmaster", KROS, TWO, wait=True))
            assert took < FRAME, f"begin_create held the caller {took:.3f} s"
            assert not pending.done
            waited = ends(pending, 1.5 + 1.5)
            assert waited >= 1.0, f"it gave up after {waited:.2f} s, before its timeout"
            assert pending.error == LATE
            with pytest.raises(NetError, match="did not answer in time"):
                client.create("krosmaster", KROS, TWO)  # the blocking form says the same, bounded
        finally:
            client.close()


def test_a_move_sent_without_waiting_comes_back_through_poll_and_a_refusal_as_its_reason(table_client):
    server, client = table_client
    opening = client.begin_create("krosmaster", KROS, TWO, wait=False)
    ends(opening, 15)
    ann = opening.result()
    bob = client.join(ann.code)
    rng = Rng(12)
    deadline = time.monotonic() + 30
    while not (ann.legal_actions() or bob.legal_actions()):
        assert time.monotonic() < deadline
        ann.wait(0.05)
        ann.poll(), bob.poll()
    mover = ann if ann.legal_actions() else bob
    # an illegal move: refused, with the rules' reason, and forgotten
    wrong = "end-turn-of-nobody"
    refused, took = timed(lambda: mover.begin_play(wrong))
    assert took < FRAME
    ends(refused, 15)
    mover.poll()
    assert refused.error and mover.played == 0 and mover.actions == [] and not mover._mine, "the refused move is forgotten"
    # a legal move: at once, then its events arrive through poll() like anyone else's
    action = mover.legal_actions()[rng.below(len(mover.legal_actions()))]
    act = server.on_act

    async def slow_act(conn, msg):  # the server takes its time over this move
        await asyncio.sleep(0.5)
        await act(conn, msg)

    server.on_act = slow_act
    sent, took = timed(lambda: mover.begin_play(action))
    assert took < FRAME, f"begin_play held the caller {took:.3f} s"
    assert not sent.done
    second = mover.begin_play(action)  # one move at a time: a second one before the answer is refused at once
    assert second.done and "still on its way" in second.error
    ends(sent, 15)
    assert sent.error is None and sent.result() == 1
    events = []
    deadline = time.monotonic() + 15
    while mover.played < 1 or not events:
        assert time.monotonic() < deadline, "the move's events never came through poll()"
        events += mover.poll()
        mover.wait(0.05)
    assert mover.actions == [action] and server.tables[ann.code].match.played == 1
    # a chat line, sent without waiting, reaches the other screen
    chat = ann.begin_chat("hello")
    ends(chat, 15)
    assert chat.error is None
    deadline = time.monotonic() + 15
    while not bob.chat:
        assert time.monotonic() < deadline
        bob.wait(0.05)
        bob.poll()
    assert bob.chat[-1]["text"] == "hello"


def test_while_the_connection_is_down_a_move_is_refused_at_once(table_client):
    _server, client = table_client
    ann = client.create("krosmaster", KROS, TWO, wait=False)
    ann.conn.reconnect = False  # stays down: what a dead network does
    client.call(ann.conn.drop())
    deadline = time.monotonic() + 10
    while ann.conn.connected:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    pending, took = timed(lambda: ann.begin_play("anything"))
    assert took < FRAME and pending.done and pending.error == RECONNECTING
    for begin in (ann.begin_undo, lambda: ann.begin_chat("hi"), ann.begin_start, ann.begin_leave):
        pending, took = timed(begin)
        assert took < FRAME and pending.error == RECONNECTING
    with pytest.raises(Exception, match="Reconnecting"):
        ann.play("anything")
