"""The wire protocol: JSON text frames, each an object with the protocol version `v` and a type `t`.

Every frame a client sends is checked here before the server reads a field of it (`parse`): it
must be a text frame of at most MAX_FRAME bytes, JSON by the program's one safe loader
(`game.core.serial.load_json`: bounded depth and numbers), an object whose `t` is a known
message type and whose fields have the types and sizes below. Nothing from the wire is ever
`eval`'d or unpickled; a frame that fails gets an `error` answer naming why (`ProtocolError`).

Client to server (an optional integer `id` is echoed back as `re` in the answer):

| t | fields | answer |
| --- | --- | --- |
| hello | program, protocol, rules {game: VERSION} | welcome, or refused (then closed) |
| create | game, setup, seats [{kind: remote/host/computer, name, level}], wait (optional, true) | created {code, host, tokens {seat: token}} |
| join | code, seat (optional), name | joined {code, seat, token} |
| rejoin | code, token (a seat's or the host's) | joined {code, seats, host} |
| spectate | code | joined {code, seats: []} |
| start | code, fill (optional: a computer level) | ok, then table (status "playing") and every seat's first update |
| act | code, seat, action (text), n (actions seen so far) | the seat's update (with `re`), or refused {reason} |
| undo / answer | code, seat (/ accept) | undo_asked / undo_result to the table |
| handover | code, seat, level (host only, an away seat) | table |
| chat | code, seat, text | chat to the table |
| leave / end | code | left / ended |
| tables | | tables {tables: [{code, game, status, seats [{name, open, computer}]}]}: those with an open seat |
| ping | | pong |

A table begins "waiting" (unless its create said `wait: false`, for tools and tests with no lobby): seats
fill, chat works, but nothing is played (an act or undo is refused, no computer seat moves) until the host
sends `start`. Only the host may; while a remote seat is still open the start is refused with the reason
(the `start` field of the host's `table` message), unless `fill` names a computer level: the computer then
plays each open seat, which stays open for a player who joins later to take over. Once started, the
status is "playing", then "over" when the game ends, or "ended" when the host ends the table; a table
restored after a restart keeps its status.

Server to client, unasked: `table` (seats, who is away, status, `start`: why this connection cannot
start the game now, or null), `update` (one seat's view,
decision, legal actions, redacted events: see `net.wire`), `chat`, `undo_asked`, `undo_result`,
`ended`, `record` (seed and actions, only once the game is over), `error` (a malformed frame,
with the count so far).
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from game.core.serial import BadJSON, load_json

PROTOCOL = 2  # 2: tables wait for the host's start
MAX_FRAME = 64 * 1024  # bytes a client may send in one frame (a setup with a custom Khrysos map fits)
MAX_SERVER_FRAME = 8 * 1024 * 1024  # bytes the client accepts from the server (a long game's history at rejoin)
CHAT_LIMIT = 200  # characters of a chat line once cleaned
NAME_LIMIT = 24
MAX_SEATS = 8
SEAT_KINDS = ("remote", "host", "computer")


class ProtocolError(ValueError):
    """A frame that breaks the protocol; `reason` is a sentence sent back to the client."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


_STR, _INT, _BOOL, _DICT, _LIST, _SEAT = "str", "int", "bool", "dict", "list", "seat"

# message type -> {field: (kind, required, max length for strings and lists)}
SCHEMAS: dict[str, dict[str, tuple[str, bool, int]]] = {
    "hello": {"program": (_STR, True, 32), "protocol": (_INT, True, 0), "rules": (_DICT, True, 16)},
    "create": {"game": (_STR, True, 32), "setup": (_DICT, True, 0), "seats": (_LIST, True, MAX_SEATS),
               "wait": (_BOOL, False, 0)},
    "join": {"code": (_STR, True, 12), "seat": (_SEAT, False, 0), "name": (_STR, False, 64)},
    "rejoin": {"code": (_STR, True, 12), "token": (_STR, True, 64)},
    "spectate": {"code": (_STR, True, 12)},
    "start": {"code": (_STR, True, 12), "fill": (_STR, False, 16)},
    "act": {"code": (_STR, True, 12), "seat": (_INT, True, 0), "action": (_STR, True, 200), "n": (_INT, True, 0)},
    "undo": {"code": (_STR, True, 12), "seat": (_INT, True, 0)},
    "answer": {"code": (_STR, True, 12), "seat": (_INT, True, 0), "accept": (_BOOL, True, 0)},
    "handover": {"code": (_STR, True, 12), "seat": (_INT, True, 0), "level": (_STR, True, 16)},
    "chat": {"code": (_STR, True, 12), "seat": (_INT, True, 0), "text": (_STR, True, 1000)},
    "leave": {"code": (_STR, True, 12)},
    "end": {"code": (_STR, True, 12)},
    "tables": {},
    "ping": {},
}


def parse(frame: str | bytes) -> dict:
    """A client's frame as a checked message; ProtocolError (with a sentence for the client) otherwise."""
    if isinstance(frame, bytes | bytearray):
        raise ProtocolError("Frames are JSON text, not binary.")
    if len(frame) > MAX_FRAME:  # characters: at most 4 bytes each, and websockets already bounds the bytes
        raise ProtocolError(f"A frame may hold at most {MAX_FRAME} bytes.")
    try:
        data = load_json(frame)
    except BadJSON as e:
        raise ProtocolError(f"The frame is not JSON: {e.reason}.") from None
    if not isinstance(data, dict):
        raise ProtocolError("A frame is a JSON object.")
    kind = data.get("t")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise ProtocolError(f"Unknown message type {_quote(kind)}.")
    version = data.get("v")
    if version != PROTOCOL and kind != "hello":  # a hello of any version is read: its answer says what to update
        raise ProtocolError(f"This server speaks protocol {PROTOCOL}, the frame says {_quote(version)}.")
    schema = SCHEMAS[kind]
    for name in data:
        if name not in schema and name not in ("t", "v", "id"):
            raise ProtocolError(f"A {kind} message has no field {_quote(name)}.")
    if "id" in data and not _is_int(data["id"]):
        raise ProtocolError("A message's id is an integer.")
    for name, (field_kind, required, limit) in schema.items():
        if name not in data:
            if required:
                raise ProtocolError(f"A {kind} message needs the field {name!r}.")
            continue
        _check(kind, name, data[name], field_kind, limit)
    return data


def _check(kind: str, name: str, value: Any, field_kind: str, limit: int) -> None:
    where = f"The {kind} message's field {name!r}"
    if field_kind == _STR:
        if not isinstance(value, str):
            raise ProtocolError(f"{where} is text.")
        if len(value) > limit:
            raise ProtocolError(f"{where} is at most {limit} characters long.")
    elif field_kind == _INT:
        if not _is_int(value) or not -(2**31) <= value < 2**31:
            raise ProtocolError(f"{where} is a whole number.")
    elif field_kind == _SEAT:
        if value is not None and (not _is_int(value) or not 0 <= value < MAX_SEATS):
            raise ProtocolError(f"{where} is a seat number or null.")
    elif field_kind == _BOOL:
        if not isinstance(value, bool):
            raise ProtocolError(f"{where} is true or false.")
    elif field_kind == _DICT:
        if not isinstance(value, dict):
            raise ProtocolError(f"{where} is an object.")
        if limit and len(value) > limit:
            raise ProtocolError(f"{where} has at most {limit} entries.")
    elif field_kind == _LIST:
        if not isinstance(value, list):
            raise ProtocolError(f"{where} is a list.")
        if len(value) > limit:
            raise ProtocolError(f"{where} has at most {limit} entries.")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _quote(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:37] + "..."


def encode(message: dict) -> str:
    """A message as the frame sent: compact JSON with sorted keys (equal messages, equal bytes), version added."""
    return json.dumps({"v": PROTOCOL, **message}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def decode(frame: str | bytes) -> dict:
    """A server's frame read by the client; ProtocolError when it is not a message. The standard JSON reader
    (never eval): the server is the program's own, and its frames are the bulk of a client's reading."""
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError) as e:
        raise ProtocolError(f"The server sent something that is not JSON ({type(e).__name__}).") from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ProtocolError("The server sent something that is not a message.")
    return data


def clean_text(text: str, limit: int) -> str:
    """Text a player typed, safe to show everyone: control and format characters (bidi overrides included)
    removed, runs of white space made one space, cut to `limit` characters."""
    kept = "".join(" " if ch.isspace() else ch for ch in text if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    return " ".join(kept.split())[:limit]


def seat_specs(seats: list) -> list[dict]:
    """The seats of a create message, checked: each {kind, name, level}; ProtocolError otherwise."""
    out = []
    for i, spec in enumerate(seats):
        if not isinstance(spec, dict):
            raise ProtocolError(f"Seat {i + 1} of the table is an object.")
        kind = spec.get("kind")
        if kind not in SEAT_KINDS:
            raise ProtocolError(f"Seat {i + 1}'s kind is one of {', '.join(SEAT_KINDS)}.")
        name = spec.get("name", "")
        if not isinstance(name, str) or len(name) > 64:
            raise ProtocolError(f"Seat {i + 1}'s name is text of at most 64 characters.")
        level = spec.get("level")
        if kind == "computer" and not isinstance(level, str):
            raise ProtocolError(f"Seat {i + 1} is played by the computer: it needs a level.")
        if set(spec) - {"kind", "name", "level"}:
            raise ProtocolError(f"Seat {i + 1} has fields other than kind, name and level.")
        out.append({"kind": kind, "name": clean_text(name, NAME_LIMIT), "level": level if kind == "computer" else None})
    return out
