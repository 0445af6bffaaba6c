"""The gunicorn worker (companion/worker.py). Its header deadline is exercised
against a real server in tests/test_crowd.py."""

import resource
import subprocess
import sys

from gevent import Timeout

from companion import worker

RAISE_FROM_256 = """
import resource
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
from companion.worker import raise_open_files_limit
print(raise_open_files_limit({wanted}), resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard)
"""


def run_limit(wanted):
    out = subprocess.run([sys.executable, "-c", RAISE_FROM_256.format(wanted=wanted)],
                         capture_output=True, text=True, check=True).stdout
    return [int(n) for n in out.split()]


def test_open_files_limit_is_raised_up_to_the_hard_limit():
    reported, soft, hard = run_limit(1024)
    assert reported == soft == min(1024, hard)
    if hard != resource.RLIM_INFINITY:
        reported, soft, _ = run_limit(hard + 1)
        assert reported == soft == hard


def test_the_limit_is_never_lowered():
    reported, soft, _ = run_limit(100)
    assert reported == soft == 256


def test_reading_headers_has_the_deadline():
    ctx = worker.Worker.timeout_ctx(None)
    assert isinstance(ctx, Timeout) and ctx.seconds == worker.HEADER_TIMEOUT
