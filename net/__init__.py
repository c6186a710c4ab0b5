"""Remote play: the table server, its wire protocol and the client side (issue 32).

Nothing here imports pygame or `scenes/`: the server runs headless (`tabletrio-server`), and the
app's screens talk to it through `net.client.RemoteMatch`, which has the face of
`game.core.match.Match`. Modules: `protocol` (the JSON messages and their checks), `store`
(tables in SQLite), `server` (asyncio + websockets), `client` (asyncio client, a thread-backed
wrapper for the app, `RemoteMatch`), `wire` (what a seat is sent of a match), `bench` (the load
measurement), `lan` (mDNS announcement and browsing).
"""

PROGRAM_VERSION = "0.1.0"  # the program's version, compared at hello (pyproject's `version`; a test keeps them equal)
