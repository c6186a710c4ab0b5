"""A table waits for its host's Start (issue 32): before it, nothing is played and no computer seat moves; only
the host starts, and not while a remote seat is open unless the computer fills it; a server killed in either
status comes back in it. Loopback only, bounded."""

import time

import pytest

from game import registry
from game.core.rng import Rng
from net.client import NetError, TableClient
from tests.net.harness import drive, server_process

KROM3 = {**registry.load("krom").bench_setup().to_dict(), "players": 3}
KROS = registry.load("krosmaster").bench_setup().to_dict()
# Krom's first decision is always seat 0's: a computer there would move the moment it may
COMPUTER_FIRST = [{"kind": "computer", "name": "Cy", "level": "random"}, {"kind": "host", "name": "Ann"},
                  {"kind": "remote", "name": "Bob"}]


def until(condition, matches, seconds=30.0):
    """Take in what the server sends until `condition()` holds; AssertionError after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        for m in matches:
            m.poll()
        matches[0].wait(0.05)


def quiet_for(matches, seconds):
    """Take in everything the server sends for `seconds` (a random computer moves within milliseconds)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for m in matches:
            m.wait(0.02)
            m.poll()


def test_a_computer_that_moves_first_waits_for_the_hosts_start_and_only_the_host_starts(table_client):
    server, client = table_client
    ann = client.create("krom", KROM3, COMPUTER_FIRST, wait=True)
    assert ann.status == "waiting" and ann.played == 0 and ann.decision().seat == 0
    assert ann.why_no_start() == "Waiting for someone to take Bob's seat."
    bob = client.join(ann.code, name="Bob")
    bob.conn.frames = []  # every frame Bob hears from here on
    until(lambda: ann.why_no_start() is None, [ann, bob])
    assert bob.status == "waiting" and bob.why_no_start() == "Only the host starts the game."
    quiet_for([ann, bob], 0.5)
    assert ann.played == bob.played == 0 and server.tables[ann.code].match.played == 0, "the computer waited"
    with pytest.raises(NetError, match="Only the host"):
        bob.start()
    assert ann.status == "waiting" and server.tables[ann.code].status == "waiting"
    # Bob may not act either (were it his turn): the game has not started
    with pytest.raises(NetError, match="not started"):
        client.call(bob.conn.request({"t": "act", "code": bob.code, "seat": 2, "action": "go forest", "n": 0}))
    assert not [f for f in bob.conn.frames if '"t":"update"' in f], "no update before the start"
    ann.start()
    until(lambda: ann.status == bob.status == "playing" and ann.played >= 1 and bob.played >= 1, [ann, bob])
    assert ann.why_no_start() == "The game has started."
    assert server.tables[ann.code].match.actions[0] is not None and ann.actions[0].kind == "hidden"
    with pytest.raises(NetError, match="has started"):
        ann.start()


def test_every_seat_gets_its_first_update_at_start_and_the_table_says_playing(table_client):
    _server, client = table_client
    ann = client.create("krosmaster", KROS, [{"kind": "host", "name": "Ann"}, {"kind": "remote", "name": "Bob"}],
                        wait=True)
    bob = client.join(ann.code)
    bob.conn.frames = []  # what Bob hears from here on
    until(lambda: ann.why_no_start() is None, [ann, bob])
    ann.start()
    until(lambda: bob.status == "playing", [ann, bob])
    until(lambda: any('"t":"update"' in f for f in bob.conn.frames), [ann, bob])
    kinds = [f.split('"t":"', 1)[1].split('"', 1)[0] for f in bob.conn.frames]
    assert kinds.index("table") < kinds.index("update"), kinds
    first = next(f for f in bob.conn.frames if '"t":"update"' in f)
    assert '"n":0' in first and '"events":[]' in first and '"seat":1' in first
    # and the game goes on from there
    assert drive([ann, bob], Rng(3), 4) == 4


def test_an_open_seat_refuses_the_start_unless_the_computer_fills_it_and_a_latecomer_takes_it_over(table_client):
    server, client = table_client
    seats = [{"kind": "host", "name": "Ann"}, {"kind": "remote", "name": "Blue"}, {"kind": "remote", "name": "Cy"}]
    ann = client.create("krom", KROM3, seats, wait=True)
    listed = next(t for t in client.tables() if t["code"] == ann.code)  # the Join screen's list
    assert listed["status"] == "waiting" and [(s["open"], s["computer"]) for s in listed["seats"]] == [
        (False, None), (True, None), (True, None)]
    with pytest.raises(NetError, match="Waiting for players to take the seats of Blue and Cy"):
        ann.start()
    with pytest.raises(NetError, match="no computer level 'clever'"):
        ann.start(fill="clever")
    assert ann.status == "waiting"
    ann.start(fill="random")
    until(lambda: ann.status == "playing", [ann])
    info = ann.seat_info
    assert [s["open"] for s in info] == [False, True, True] and [s["computer"] for s in info] == [None, "random", "random"]
    listed = next(t for t in client.tables() if t["code"] == ann.code)
    assert listed["status"] == "playing" and [s["computer"] for s in listed["seats"]] == [None, "random", "random"]
    # the computer plays the empty chairs: Ann's moves are answered without anyone joining
    assert drive([ann], Rng(5), 3) == 3
    until(lambda: ann.played >= 5, [ann])
    # a friend who comes late takes Cy's seat over from the computer
    cy = client.join(ann.code, seat=2, name="Cyd")
    until(lambda: ann.seat_info[2]["computer"] is None and not ann.seat_info[2]["open"], [ann, cy])
    table = server.tables[ann.code]
    assert table.computer_plays(2) is None and table.computer_plays(1) == "random"
    # from now on the table waits for Cyd at his turns: only his screen plays seat 2
    played = drive([ann, cy], Rng(6), 12)
    assert played == 12 or ann.over
    assert any(a.kind != "hidden" for a in cy.actions), "Cyd played his own moves"


@pytest.mark.slow
def test_a_server_killed_keeps_each_tables_status_waiting_or_playing(tmp_path):
    folder = tmp_path / "data"
    proc, port = server_process(folder)
    client = TableClient("127.0.0.1", port)
    try:
        tables = {}
        for started in (False, True):
            ann = client.create("krom", KROM3, COMPUTER_FIRST, wait=True)
            bob = client.join(ann.code)
            until(lambda: ann.why_no_start() is None, [ann, bob])
            if started:
                ann.start()
                until(lambda: ann.status == "playing" and ann.played >= 1, [ann, bob])
                drive([ann, bob], Rng(2), 6)
                until(lambda: ann.played == bob.played and (ann.legal_actions() or bob.legal_actions()), [ann, bob])
            tables[started] = (ann, bob, ann.played)
        proc.kill()  # SIGKILL
        proc.wait(10)
        time.sleep(0.3)
        proc, again = server_process(folder, port)
        assert again == port
        screens = [m for ann, bob, _ in tables.values() for m in (ann, bob)]
        until(lambda: all(m.conn.reconnects >= 1 and m.connected for m in screens), screens)
        until(lambda: all(ann.seat_info and not ann.seat_info[2]["away"] for ann, _, _ in tables.values()), screens)
        for started, (ann, bob, before) in tables.items():
            assert ann.status == bob.status == ("playing" if started else "waiting")
            assert ann.played == bob.played == before
        quiet_for(screens, 0.5)
        ann, bob, _ = tables[False]
        assert ann.played == 0, "a restored waiting table still waits: its computer did not move"
        ann.start()
        until(lambda: ann.status == "playing" and ann.played >= 1, [ann, bob])
        ann, bob, _ = tables[True]
        assert drive([ann, bob], Rng(9), 4) == 4 or ann.over
    finally:
        client.close()
        proc.kill()
        proc.wait(10)
