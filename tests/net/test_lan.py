"""Finding tables on the local network (mDNS through zeroconf on the loopback only), and a server's open tables."""

import asyncio
import os
import socket
import time

from game import registry
from net import PROGRAM_VERSION
from net.lan import SERVICE, Announcer, Finder, found_from, service_info
from tests.net.harness import Recorder, start, stop


def test_a_server_announced_on_the_loopback_is_found():
    # Named for this run: another program announcing on this machine's loopback at the same time (a second copy of
    # the app, another test run) is heard too, and is not ours to check.
    name = f"Ann's table {os.getpid()}"
    announcer = Announcer(45678, name=name, interfaces=["127.0.0.1"], addresses=["127.0.0.1"])
    finder = Finder(interfaces=["127.0.0.1"])
    announcer.start()
    try:
        finder.start()
        deadline = time.monotonic() + 10
        while not [f for f in finder.servers() if f.name == name] and time.monotonic() < deadline:
            time.sleep(0.05)
        found = [f for f in finder.servers() if f.name == name]
        assert [(f.name, f.address, f.port, f.program) for f in found] == [(name, "127.0.0.1", 45678, PROGRAM_VERSION)]
        assert found[0].compatible
    finally:
        finder.stop()
        announcer.stop()


class FakeZeroconf:
    def __init__(self, info):
        self.info = info

    def get_service_info(self, service_type, name, timeout=0):
        return self.info


class Change:
    def __init__(self, name):
        self.name = name


def test_the_finder_keeps_well_formed_announcements_and_forgets_removed_ones():
    finder = Finder()
    info = service_info(5000, "Bob\x1b[31m", ["127.0.0.1"])
    assert finder.revision == 0
    finder.heard(FakeZeroconf(info), SERVICE, info.name, Change("Added"))
    assert [(f.name, f.port) for f in finder.servers()] == [("Bob[31m", 5000)]
    assert finder.revision == 1
    finder.heard(FakeZeroconf(info), SERVICE, info.name, Change("Updated"))  # the same announcement: no news
    finder.heard(FakeZeroconf(None), SERVICE, "other." + SERVICE, Change("Added"))  # never resolved: ignored
    assert len(finder.servers()) == 1 and finder.revision == 1
    finder.heard(FakeZeroconf(info), SERVICE, info.name, Change("Removed"))
    assert finder.servers() == [] and finder.revision == 2
    from zeroconf import ServiceInfo

    odd = ServiceInfo(SERVICE, "odd." + SERVICE, port=5001, addresses=[socket.inet_aton("127.0.0.1")], properties={"protocol": "seven"})
    assert found_from(odd) is None
    assert socket.inet_aton("127.0.0.1") in info.addresses


def test_a_server_lists_its_tables_with_an_open_seat(tmp_path):
    async def main():
        server, ws, port = await start(tmp_path)
        try:
            host = await Recorder(port).open()
            setup = registry.load("krosmaster").bench_setup().to_dict()
            seats = [{"kind": "host", "name": "Ann"}, {"kind": "remote", "name": "Guest"}]
            first = await host.client.request({"t": "create", "game": "krosmaster", "setup": setup, "seats": seats})
            listed = (await host.client.request({"t": "tables"}))["tables"]
            assert listed == [{"code": first["code"], "game": "krosmaster", "status": "waiting",
                               "seats": [{"name": "Ann", "open": False, "computer": None},
                                         {"name": "Guest", "open": True, "computer": None}]}]
            guest = await Recorder(port).open()
            await guest.client.request({"t": "join", "code": first["code"], "name": "Bob"})
            assert (await guest.client.request({"t": "tables"}))["tables"] == []
            for r in (host, guest):
                await r.client.close()
        finally:
            await stop(server, ws)

    asyncio.run(asyncio.wait_for(main(), 30))
