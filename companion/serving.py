"""How the server runs: the one set of gunicorn settings used both by
``companion serve`` and by ``deploy/gunicorn.conf.py``, and the start-up notice
with the address and QR code that phones use.
"""

import errno
import fcntl
import os
import socket
import sys
from typing import TextIO

import qrcode
from gunicorn.app.base import BaseApplication
from gunicorn.util import import_app

from companion import network

WSGI_APP = "companion.web:create_app()"
DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8000
# The most connections the one worker serves at once (gunicorn's
# worker_connections): every open page keeps a WebSocket, and a board-game café
# with thirty tables has well over a thousand pages open. Each idle one costs a
# greenlet, not a thread (companion/worker.py; figures in bench/crowd.py).
DEFAULT_CONNECTIONS = 4000
# On stop, open sockets never finish by themselves (phones reconnect to the next
# server), so they get this many seconds before they are cut.
GRACEFUL_TIMEOUT = 3


class CannotServe(Exception):
    """The server cannot start; the message says why and what to do."""


def check_port(host: str, port: int) -> None:
    """Fail early, in words, when the port cannot be bound (gunicorn would retry for
    a while and then say only "Can't connect")."""
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host.strip("[]"), port))
        except PermissionError:
            raise CannotServe(
                f"Port {port} needs extra rights: ports below 1024 are reserved. On the Pi, "
                f"run 'sudo deploy/pi-setup.sh --port {port}', which lets the service use it; "
                "elsewhere pick a port from 1024 up (the default is 8000)."
            ) from None
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise CannotServe(f"Port {port} is already in use: is Table Companion (or another "
                                  "server) already running? Pick another port with --port.") from None
            raise CannotServe(f"Cannot listen on {host} port {port}: {error.strerror}.") from None


_held: dict[str, int] = {}  # database path -> descriptor of its lock file, held while serving


def lock_path(database_path: str) -> str:
    return f"{database_path}.lock"


def claim_database(database_path: str) -> bool:
    """Hold the lock that says "a server uses this database" for this process's life.
    False if another process holds it. ``companion restore`` checks the same lock."""
    path = os.path.abspath(database_path)
    if path in _held:
        return True
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return False
    os.set_inheritable(fd, False)
    _held[path] = fd
    return True


def database_in_use(database_path: str) -> bool:
    """Whether a server (another process) holds the database's lock right now."""
    path = os.path.abspath(database_path)
    if path in _held or not os.path.exists(lock_path(path)):
        return False
    fd = os.open(lock_path(path), os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def bind_address(host: str, port: int) -> str:
    """Gunicorn's ``bind`` value for ``host`` and ``port`` (IPv6 in brackets)."""
    host = host.strip("[]")
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def gunicorn_settings(bind: str, connections: int = DEFAULT_CONNECTIONS) -> dict:
    """All gunicorn settings, by gunicorn's own names."""
    return {
        "wsgi_app": WSGI_APP,
        "bind": [bind],
        # Tables live in this process's memory and their WebSockets stay open for
        # hours, so exactly one process: a second one would see neither.
        "workers": 1,
        # gevent, with a deadline for request headers: an idle socket holds no thread.
        "worker_class": "companion.worker.Worker",
        "worker_connections": connections,
        # The worker reports to gunicorn from a greenlet of its own, whatever the
        # sockets are doing, so a socket open for hours never counts as a hung
        # worker. The timeout only catches a frozen process (say, a stalled SD card).
        "timeout": 120,
        "graceful_timeout": GRACEFUL_TIMEOUT,
        "keepalive": 5,
        # The app is built inside the worker: it may start threads and open
        # SQLite connections, which must not be carried across a fork.
        "preload_app": False,
        # The worker's heartbeat file goes to RAM, not to a slow SD card.
        "worker_tmp_dir": "/dev/shm" if os.path.isdir("/dev/shm") else None,
        # No gunicornc control socket: nothing uses it, and two servers on one
        # machine would fight over its default path.
        "control_socket_disable": True,
        "when_ready": announce,
    }


class Server(BaseApplication):
    """Gunicorn run inside this process, configured from a settings dict only
    (no command line, no configuration file)."""

    def __init__(self, settings: dict):
        self.settings = settings
        super().__init__()

    def load_config(self):
        for name, value in self.settings.items():
            self.cfg.set(name, value)

    def load(self):
        return import_app(self.cfg.wsgi_app)


def announce(server) -> None:
    """Gunicorn ``when_ready`` hook: once the port is bound and before the worker
    starts, fix the public URL (the worker inherits it through the environment)
    and show it with its QR code."""
    address = server.LISTENERS[0].getsockname()
    if not isinstance(address, tuple):  # bound to a Unix socket: no URL to show
        return
    url = network.public_url(address[0], address[1], os.environ.get("COMPANION_PUBLIC_URL"))
    os.environ["COMPANION_PUBLIC_URL"] = url
    if not claim_database(database()):
        sys.stdout.write(f"\nWarning: another server is using {database()}; two servers on one "
                         "database each miss the other's moves.\n")
    show_address(url, database(), sys.stdout)


def database() -> str:
    """The SQLite file the app will use (same rule as ``create_app``). Only the store is
    imported here: this runs in gunicorn's master, and a module of the app imported
    before the worker's gevent patches ``threading`` would keep real locks."""
    from companion.store import default_database

    return os.environ.get("COMPANION_DB") or default_database()


def show_address(url: str, database_path: str, out: TextIO) -> None:
    """Write the start-up notice: the address, its QR code, where games are saved."""
    out.write("\nTable Companion is running. Open this address on the table's screen:\n")
    out.write(f"\n    {url}\n\n")
    print_qr(url, out)
    if url.startswith(f"http://{network.LOOPBACK}"):
        out.write(
            "\nWarning: this address works only on this machine. Connect it to the Wi-Fi\n"
            "the phones use (and do not serve on --host 127.0.0.1), then restart.\n"
        )
    out.write(f"\nPhones must be on the same Wi-Fi. Games are saved in {database_path}\n\n")
    out.flush()


def print_qr(url: str, out: TextIO) -> None:
    """Draw ``url`` as a QR code with text characters (no image library needed).

    Light modules are drawn as solid blocks, which suits the usual light-on-dark
    terminal; on a real terminal explicit colours make it right on any theme."""
    qr = qrcode.QRCode(border=2)  # a narrower quiet zone than the standard 4 keeps it short
    qr.add_data(url)
    try:
        qr.print_ascii(out=out, tty=out.isatty(), invert=True)
    except UnicodeEncodeError:
        out.write("(This terminal cannot draw the QR code; type the address instead.)\n")
