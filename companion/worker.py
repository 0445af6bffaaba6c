"""The gunicorn worker Table Companion runs in: gevent, with a deadline for headers.

Every open page keeps a WebSocket for hours. With gunicorn's gthread worker each
socket held a thread, and once they were all taken plain pages and moves waited
too (128 sockets were enough). gevent's worker gives each connection a greenlet
instead: an idle socket costs a few kilobytes and no thread, so a thousand open
pages are nothing special (bench/crowd.py measures it). gunicorn monkey-patches
the standard library in the worker before the app is loaded, which is how
flask-sock and simple-websocket run under it.

A client that sends its request headers one byte at a time would still hold a
connection slot for as long as it likes; ``HEADER_TIMEOUT`` closes it instead.
"""

import atexit
import gc
import logging
import resource

from gevent import Timeout
from gunicorn.workers.ggevent import GeventWorker

# Seconds a client has, from connecting (or from the end of its previous request
# on a kept-alive connection), to send a request line and all its headers. A phone
# on poor Wi-Fi needs well under a second for the 1-2 KB of a request.
HEADER_TIMEOUT = 10
# Every socket is a file descriptor, and so is every SQLite file a connection has
# open; the usual soft limit of 1,024 would refuse the thousandth page.
OPEN_FILES = 65536
# New objects (net of those freed) between two of the garbage collector's young scans;
# Python's default is 700. A move's objects (its state, views, parts) live until the
# table's next move, and under the default most of them outlived a young scan: the
# oldest generation grew by thousands a second and was scanned whole (55-130 ms, the
# worker frozen) every few seconds at 50 tables. At 10,000 they mostly die young;
# ``bench/live.py`` measures the latency it buys.
YOUNG_OBJECTS = 10_000


class Worker(GeventWorker):
    """gunicorn's gevent worker whose wait for a request's headers has a deadline."""

    def init_process(self):
        raise_open_files_limit()
        collect_less_often()
        if not self.cfg.keepalive:
            # gunicorn reads the first request without any deadline when keep-alive
            # is off; keep it on so that timeout_ctx guards every request.
            self.cfg.set("keepalive", HEADER_TIMEOUT)
        atexit.register(close_logging)
        super().init_process()

    def timeout_ctx(self):
        # gunicorn wraps reading each request line and its headers in this; a
        # silent Timeout (False) ends that read as "no request", which closes the
        # connection.
        return Timeout(HEADER_TIMEOUT, False)


def raise_open_files_limit(wanted: int = OPEN_FILES) -> int:
    """Raise this process's soft limit of open files towards ``wanted`` (never above
    the hard limit, never lowering it); returns the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < ceiling:
        resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))
        soft = ceiling
    return soft


def collect_less_often(young: int = YOUNG_OBJECTS) -> None:
    """Scan for garbage cycles after ``young`` new objects rather than 700 (the older
    generations' thresholds stay)."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, old)


def close_logging() -> None:
    """Close the log handlers while gevent still works. Left to the end of the
    interpreter, a handler collected after gevent's modules are torn down would
    print a traceback on every stop (its lock was patched by gevent)."""
    logging.shutdown()
    logging._handlerList.clear()  # nothing left to close once the modules go
