"""Play online (issue 32): the Play online scene (host, join, rejoin), the lobby, and the table panel of a board.

The table server and its client are `net/`; everything here only shows what `net.client.RemoteMatch`
holds and asks it to act. `memory` keeps the seat tokens in the user data, `session` the server this
program hosts and the clients it opened.
"""
