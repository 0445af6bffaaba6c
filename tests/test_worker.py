"""The gunicorn worker (companion/worker.py). Its header deadline is exercised
against a real server in tests/test_crowd.py."""

import gc
import http.client
import resource
import subprocess
import sys
from pathlib import Path

from gevent import Timeout

from companion import worker
from tests.test_cli import free_port, start, stop, wait_until_serving

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


def test_the_served_worker_scans_for_garbage_after_many_more_new_objects(tmp_path):
    """A real gunicorn with this worker class; its app answers with the collector's
    thresholds as the worker process has them."""
    (tmp_path / "probe.py").write_text(
        "import gc\n"
        "def app(environ, start_response):\n"
        "    start_response('200 OK', [('Content-Type', 'text/plain')])\n"
        "    return [' '.join(map(str, gc.get_threshold())).encode()]\n")
    port = free_port()
    gunicorn = Path(sys.executable).parent / "gunicorn"
    process = start([str(gunicorn), "--worker-class", "companion.worker.Worker", "--bind",
                     f"127.0.0.1:{port}", "--chdir", str(tmp_path), "probe:app"], tmp_path)
    try:
        wait_until_serving(process, port)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/")
        young, middle, old = map(int, connection.getresponse().read().split())
        connection.close()
    finally:
        stop(process)
    assert young == worker.YOUNG_OBJECTS > 700 * 10
    assert (middle, old) == gc.get_threshold()[1:]
