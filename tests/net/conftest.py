"""The net tests share a server run on a thread of its own (for the blocking TableClient)."""

from tests.net.harness import threaded_server  # noqa: F401 - a fixture, found by pytest here
