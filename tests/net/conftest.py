"""The net tests share a server run on a thread of its own (for the blocking TableClient)."""

from tests.net.harness import table_client, threaded_server  # noqa: F401 - fixtures, found by pytest here
