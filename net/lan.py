"""Finding table servers on the local network: mDNS (DNS-SD) with the `zeroconf` library.

A server started with `--announce` registers a `_tabletrio._tcp.local.` service (`Announcer`); the
app's Join screen runs a `Finder`, whose `servers()` lists what it has heard: name, address,
port, program version. The Join screen then asks a server for its open tables (the `tables`
message) or takes an address and port typed by hand. `interfaces` limits where mDNS speaks
(tests pass the loopback, or use `Finder.heard` with a fake zeroconf, and send nothing elsewhere).
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass
from typing import Any

from net import PROGRAM_VERSION
from net.protocol import PROTOCOL, clean_text

SERVICE = "_tabletrio._tcp.local."


@dataclass(frozen=True)
class Found:
    """A table server heard on the local network."""

    name: str  # the host's name, as announced
    address: str
    port: int
    program: str  # its Tabletop Trio version
    protocol: int

    @property
    def compatible(self) -> bool:
        return self.program == PROGRAM_VERSION and self.protocol == PROTOCOL


def service_info(port: int, name: str | None = None, addresses: list[str] | None = None) -> Any:
    """The zeroconf ServiceInfo a server announces."""
    from zeroconf import ServiceInfo

    host = clean_text(name or socket.gethostname(), 40) or "tabletrio"
    addresses = addresses or [_local_address()]
    return ServiceInfo(SERVICE, f"{host} ({port}).{SERVICE}", port=port,
                       addresses=[socket.inet_aton(a) for a in addresses],
                       properties={"program": PROGRAM_VERSION, "protocol": str(PROTOCOL), "name": host},
                       server=f"{host.replace(' ', '-')}.local.")


def _local_address() -> str:
    """This machine's address on the local network (no packet is sent: a UDP socket only picks its route)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1, never routed: connect() on UDP sends nothing
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


class Announcer:
    """Announce one server on the local network until `stop()`."""

    def __init__(self, port: int, name: str | None = None, interfaces: Any = None, addresses: list[str] | None = None):
        self.port, self.name, self.interfaces, self.addresses = port, name, interfaces, addresses
        self.zc: Any = None
        self.info: Any = None

    def start(self) -> None:
        from zeroconf import InterfaceChoice, Zeroconf

        self.zc = Zeroconf(interfaces=self.interfaces or InterfaceChoice.All)
        self.info = service_info(self.port, self.name, self.addresses)
        self.zc.register_service(self.info, allow_name_change=True)

    def stop(self) -> None:
        if self.zc is not None:
            try:
                self.zc.unregister_service(self.info)
            finally:
                self.zc.close()
                self.zc = None


class Finder:
    """Listen for table servers on the local network; `servers()` is what was heard so far (thread-safe), and
    `revision` counts the changes to it (a screen that naps between inputs compares it to wake up for news)."""

    def __init__(self, interfaces: Any = None):
        self.interfaces = interfaces
        self._found: dict[str, Found] = {}
        self.revision = 0
        self._lock = threading.Lock()
        self.zc: Any = None
        self.browser: Any = None

    def start(self) -> None:
        from zeroconf import InterfaceChoice, ServiceBrowser, Zeroconf

        self.zc = Zeroconf(interfaces=self.interfaces or InterfaceChoice.All)
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self.heard])

    def heard(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        """zeroconf's callback: a service was added, updated or removed."""
        if getattr(state_change, "name", str(state_change)) == "Removed":
            with self._lock:
                if self._found.pop(name, None) is not None:
                    self.revision += 1
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1000)
        found = found_from(info)
        if found is not None:
            with self._lock:
                if self._found.get(name) != found:
                    self._found[name] = found
                    self.revision += 1

    def servers(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.name, f.address, f.port))

    def stop(self) -> None:
        if self.browser is not None:
            self.browser.cancel()
        if self.zc is not None:
            self.zc.close()
            self.zc = None


def found_from(info: Any) -> Found | None:
    """A server from a resolved ServiceInfo; None when it is not a well-formed Tabletop Trio announcement."""
    if info is None or not info.port:
        return None
    props = {(k.decode("utf-8", "replace") if isinstance(k, bytes) else k): (v.decode("utf-8", "replace") if isinstance(v, bytes) else v)
             for k, v in (info.properties or {}).items()}
    addresses = info.parsed_addresses() if hasattr(info, "parsed_addresses") else []
    if not addresses:
        return None
    try:
        protocol = int(props.get("protocol") or 0)
    except ValueError:
        return None
    return Found(clean_text(str(props.get("name") or info.name), 40), addresses[0], int(info.port),
                 clean_text(str(props.get("program") or "?"), 32), protocol)
