"""Ports for the servers the tests start.

A port the kernel hands out for ``bind(0)`` lies in the ephemeral range, where any
outgoing connection or another test's ``bind(0)`` may take it again between the
moment it is picked and the moment the server listens on it (a README install takes
a minute) or listens again after a restart. The port given here lies below that
range, so only another explicit pick can take it, and picks are spread at random
over thousands of ports."""

import random
import socket
from pathlib import Path

LOWEST = 20000


def _ephemeral_start() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_port() -> int:
    """A port free on every address now and outside the kernel's ephemeral range."""
    highest = max(LOWEST + 1000, _ephemeral_start() - 1)
    for _ in range(200):
        port = random.randint(LOWEST, highest)
        if _free(port):
            return port
    raise AssertionError(f"no free port between {LOWEST} and {highest}")


def _free(port: int) -> bool:
    try:
        with socket.socket() as sock:
            sock.bind(("0.0.0.0", port))
        return True
    except OSError:
        return False
