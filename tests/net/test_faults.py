"""Faults (issue 32): a server killed with SIGKILL and restarted, a client cut mid-decision, and frames that
break the protocol (wrong tokens and stale actions are in test_table_server.py). Loopback only, bounded."""

import asyncio
import json
import time

import pytest
import websockets
from websockets.asyncio.client import connect

from game import registry
from game.core.match import Match
from game.core.rng import Rng
from game.core.save import Save
from net.client import TableClient
from net.connection import hello
from net.conns import BURST, MAX_BAD, RATE
from net.protocol import PROTOCOL
from net.store import Store
from tests.net.harness import Recorder, drive, server_process, settled, start, stop, until

KROM3 = {**registry.load("krom").bench_setup().to_dict(), "players": 3}
KROS = registry.load("krosmaster").bench_setup().to_dict()


def test_a_server_killed_mid_game_restarts_with_every_table_and_the_clients_carry_on(tmp_path):
    folder = tmp_path / "data"
    proc, port = server_process(folder)
    client = TableClient("127.0.0.1", port)
    acked: list = []
    try:
        ann = client.create("krom", KROM3, [{"kind": "host", "name": "Ann"}, {"kind": "remote", "name": "Bob"},
                                            {"kind": "computer", "name": "Cy", "level": "easy"}], wait=False)
        bob = client.join(ann.code)
        other = client.create("krosmaster", KROS, [{"kind": "host", "name": "X"}, {"kind": "host", "name": "Y"}], wait=False)
        rng = Rng(11)
        assert drive([ann, bob], rng, 12, acked=acked) == 12
        proc.kill()  # SIGKILL: no goodbye, no flush but SQLite's own commits
        proc.wait(10)
        time.sleep(0.3)
        proc, again = server_process(folder, port)
        assert again == port
        drive([ann, bob], rng, 30, acked=acked)
        deadline = time.monotonic() + 30
        while not (ann.conn.reconnects and bob.conn.reconnects and other.conn.reconnects) and time.monotonic() < deadline:
            other.wait(0.05)
        assert ann.conn.reconnects >= 1 and bob.conn.reconnects >= 1 and other.conn.reconnects >= 1
        assert len(acked) >= 20 or ann.over, f"the game went on after the restart: {len(acked)} actions acknowledged"
        settled([ann, bob])
        other.poll()
    finally:
        client.close()
        proc.kill()
        proc.wait(10)
    store = Store.in_folder(folder)
    row = store.load(ann.code)
    store.close()
    # nothing acknowledged was lost, nothing applied twice: every acknowledged action is in its place
    for n, text in acked:
        assert row.actions[n - 1] == text, f"action {n} was {text!r} when acknowledged, {row.actions[n - 1]!r} on disk"
    assert len({n for n, _ in acked}) == len(acked)
    full = Match.from_save(Save(row.game, row.version, row.setup, row.seed, row.actions))
    # each screen holds exactly the server's events, redacted for it, once each
    for m, seat in ((ann, 0), (bob, 1)):
        assert len(m.actions) == len(row.actions)
        assert m.history() == [(i, full.rules.redact(e, seat)) for i, e in full.history()]
    assert other.connected and other.seats == (0, 1) and other.decision().seat in (0, 1), "the idle table is back too"


def test_a_client_cut_off_mid_decision_rejoins_by_itself_and_goes_on(threaded_server):
    server, port = threaded_server
    client = TableClient("127.0.0.1", port)
    try:
        ann = client.create("krosmaster", KROS, [{"kind": "host", "name": "Ann"}, {"kind": "remote", "name": "Bob"}], wait=False)
        bob = client.join(ann.code)
        rng = Rng(4)
        acked: list = []
        drive([ann, bob], rng, 6, acked=acked)
        # until it is Bob's decision (Ann plays on her turns; the server's updates are waited for, not a time)
        drive([ann], rng, 200, acked=acked, stop=lambda: bob.poll() is not None and bool(bob.legal_actions()))
        assert bob.legal_actions(), "Bob has a decision to make"
        n = len(bob.actions)
        client.call(bob.conn.drop())
        deadline = time.monotonic() + 30
        while bob.conn.reconnects == 0 and time.monotonic() < deadline:
            bob.wait(0.05)
        assert bob.conn.reconnects == 1
        bob.poll()
        assert len(bob.actions) == n and bob.legal_actions(), "back in his seat, with the same decision"
        assert drive([ann, bob], rng, 10, acked=acked) == 10 or bob.over
        settled([ann, bob])
        table = server.tables[ann.code]
        assert len(table.match.actions) == len(bob.actions) == len(ann.actions)
    finally:
        client.close()


def test_junk_huge_and_flooding_connections_are_refused_while_other_tables_are_served(tmp_path):
    async def main():
        server, ws, port = await start(tmp_path)
        url = f"ws://127.0.0.1:{port}"
        try:
            a, b = await Recorder(port).open(), await Recorder(port).open()
            created = await a.client.request({"t": "create", "wait": False, "game": "krosmaster", "setup": KROS,
                                              "seats": [{"kind": "host", "name": "A"}, {"kind": "remote", "name": "B"}]})
            code = created["code"]
            await b.client.request({"t": "join", "code": code})
            table = server.tables[code]
            times: list[float] = []
            stop_game = asyncio.Event()

            async def game():
                rng = Rng(9)
                while not stop_game.is_set() and not table.match.over:
                    seat = table.match.state.to_move
                    legal = table.match.legal_actions()
                    began = time.monotonic()
                    await (a if seat == 0 else b).client.request({"t": "act", "code": code, "seat": seat, "n": len(table.match.actions),
                                                                  "action": str(legal[rng.below(len(legal))])})
                    times.append(time.monotonic() - began)
                    await asyncio.sleep(0.01)

            playing = asyncio.create_task(game())

            async def junk():
                async with connect(url) as raw:
                    frames = ["not json", '{"t":"act"}', "[]", f'{{"v":{PROTOCOL},"t":"act","code":"X","seat":0,"action":"a","n":"0"}}',
                              f'{{"v":{PROTOCOL},"t":"ping","extra":1}}', "{" * 5000]
                    answers = []
                    for i in range(MAX_BAD):
                        await raw.send(frames[i % len(frames)])
                        answers.append(json.loads(await raw.recv()))
                    assert all(m["t"] == "error" and m["reason"] for m in answers)
                    assert answers[-1]["count"] == MAX_BAD
                    with pytest.raises(websockets.ConnectionClosed) as closed:
                        await asyncio.wait_for(raw.recv(), 5)
                    assert closed.value.rcvd.code == 1008
                    # a binary frame is refused too (on a fresh connection)
                async with connect(url) as raw:
                    await raw.send(b"\x00\x01binary")
                    assert "binary" in json.loads(await raw.recv())["reason"]

            async def huge():
                async with connect(url, max_size=None) as raw:
                    await raw.send(json.dumps({"v": PROTOCOL, "t": "chat", "code": code, "seat": 0, "text": "x" * (1 << 20)}))
                    with pytest.raises(websockets.ConnectionClosed) as closed:
                        await asyncio.wait_for(raw.recv(), 5)
                    assert closed.value.rcvd.code == 1009  # message too big, said in the closing frame

            async def flood():
                async with connect(url) as raw:
                    await raw.send(json.dumps({"v": PROTOCOL, **hello()}))
                    assert json.loads(await raw.recv())["t"] == "welcome"
                    began, before = time.monotonic(), len(times)
                    answers = []
                    try:
                        for i in range(1000):  # 1,000 frames in about a second
                            await raw.send(json.dumps({"v": PROTOCOL, "t": "ping"}))
                            await asyncio.sleep(max(0.0, began + (i + 1) / 1000 - time.monotonic()))
                        while True:
                            answers.append(json.loads(await asyncio.wait_for(raw.recv(), 5)))
                    except websockets.ConnectionClosed as e:
                        assert e.rcvd is not None and e.rcvd.code == 1008
                    # the other table went on while the flood came (counted in actions, not in time: a loaded
                    # machine slows both alike)
                    flood_served.append(len(times) - before)
                    assert any(m["t"] == "error" and "Too many messages" in m["reason"] for m in answers) or server.stats["flooded"]
                    # no more answered than the budget allows: the burst, plus the rate over the time it took
                    assert len([m for m in answers if m["t"] == "pong"]) <= BURST + RATE * (time.monotonic() - began) + 5

            flood_served: list[int] = []
            await asyncio.gather(junk(), huge(), flood())
            stop_game.set()
            await playing
            assert server.stats["malformed"] >= MAX_BAD and server.stats["flooded"] >= 1
            assert flood_served[0] >= 5, f"the other table was served while the flood came: {flood_served[0]} actions"
            assert max(times) < 10.0, f"no action of the other table waited for the attacks to end: slowest {max(times):.3f} s"
            await a.client.close()
            await b.client.close()
        finally:
            await stop(server, ws)

    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_connection_that_stops_reading_is_cut_rather_than_kept_growing_in_memory():
    """push() sends at once and never waits; a connection whose unread frames pass MAX_BUFFERED is cut (its seat
    shows away), the others keep getting theirs."""
    from websockets.protocol import State

    from net.conns import MAX_BUFFERED, push

    class Transport:
        def __init__(self, buffered):
            self.buffered, self.aborted, self.written = buffered, False, []

        def get_write_buffer_size(self):
            return self.buffered

        def abort(self):
            self.aborted = True

    class Socket:  # what websockets' broadcast reads of a connection, and where it writes
        def __init__(self, buffered):
            self.transport = Transport(buffered)
            self.protocol = type("P", (), {"state": State.OPEN})()
            self.send_in_progress = None
            self.sent = []
            self.protocol.send_text = self.sent.append
            self.send_data = lambda: None

    reader, stalled = Socket(0), Socket(MAX_BUFFERED + 1)
    push([reader, stalled], '{"t":"update"}')
    assert reader.sent == [b'{"t":"update"}'] and not reader.transport.aborted
    assert stalled.transport.aborted


def test_the_store_checkpoints_in_a_thread_of_its_own_not_inside_a_commit(tmp_path):
    """A checkpoint syncs the disk (35-67 ms measured): SQLite's automatic one ran inside the commit that filled
    its log, on the server's event loop. The store turns it off and checkpoints from a thread of its own."""
    from net.store import SeatRow, TableRow

    class Quick(Store):
        CHECKPOINT_EVERY = 0.05

    store = Quick.in_folder(tmp_path)
    try:
        assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        store.create(TableRow("AAAAAA", "krom", 1, {}, 1, None, "playing", "host-token", [SeatRow("host", "A")]))
        for n in range(1, 1501):
            store.add_action("AAAAAA", n, 0, "go forest")
        deadline = time.monotonic() + 20
        while store.path.stat().st_size < 80_000:  # 40 KB of schema; the actions reach the file only by a checkpoint
            assert time.monotonic() < deadline, "the checkpoint thread copied the log into the database"
            time.sleep(0.05)
        assert store.action_count("AAAAAA") == 1500
    finally:
        store.close()
    assert not store._checkpointer.is_alive()


def test_tables_come_back_in_a_thread_and_two_rejoins_share_one_replay(tmp_path, monkeypatch):
    """After a restart every table is rebuilt by replaying its actions when its first player comes back: in a
    thread of its own, so the loop answers others meanwhile, and once for all the rejoins of one table."""
    import threading

    from net.tables import Table

    replays, released, release = [], [], threading.Event()
    real = Table.from_row.__func__

    def slow(cls, row, store):
        replays.append(row.code)
        released.append(release.wait(10))  # a long game's replay, until the test (on the server's loop) ends it
        return real(cls, row, store)

    async def main():
        server, ws, port = await start(tmp_path)
        try:
            host = await Recorder(port).open()
            created = await host.client.request({"t": "create", "wait": False, "game": "krosmaster", "setup": KROS,
                                                 "seats": [{"kind": "host", "name": "A"}, {"kind": "remote", "name": "B"}]})
            code, token = created["code"], created["host_token"]
            await host.client.close()
            await until(lambda: code not in server.tables)  # idle: unloaded, on disk only
            monkeypatch.setattr(Table, "from_row", classmethod(slow))
            first, second, other = await Recorder(port).open(), await Recorder(port).open(), await Recorder(port).open()
            back = [asyncio.create_task(r.client.request({"t": "rejoin", "code": code, "token": token}, 20))
                    for r in (first, second)]
            await until(lambda: replays)
            assert (await other.client.request({"t": "ping"}))["t"] == "pong", "the loop answers during the replay"
            release.set()
            answers = await asyncio.gather(*back)
            assert replays == [code] and released == [True], "one replay, during which the loop went on"
            assert all(a["t"] == "joined" and a["seats"] == [0] for a in answers)
            for r in (first, second, other):
                await r.client.close()
        finally:
            release.set()
            await stop(server, ws)

    asyncio.run(asyncio.wait_for(main(), 60))
