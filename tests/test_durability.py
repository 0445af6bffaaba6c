"""A pulled plug loses nothing: actions committed before ``kill -9`` are all there
after a restart, and play goes on from the same move."""

import os
import re
import signal
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

from tests.test_cli import COMPANION, free_port, start, stop, wait_until_serving
from tests.web.conftest import fa_form


class Browser:
    """A cookie-keeping HTTP client, one per device. Its time-out only stops a hung
    test: a server's first pages (templates compiled) took over 10 s on a busy machine."""

    TIMEOUT = 60

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def get(self, path):
        with self.opener.open(self.base + path, timeout=self.TIMEOUT) as response:
            return response.geturl(), response.read().decode()

    def post(self, path, data):
        body = urllib.parse.urlencode(data).encode()
        with self.opener.open(self.base + path, data=body, timeout=self.TIMEOUT) as response:
            return response.geturl(), response.read().decode()


def seq(html):
    return int(re.search(r'data-seq="(\d+)"', html)[1])


def serve(port, db, tmp_path):
    process = start([str(COMPANION), "serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(db),
                     "--public-url", f"http://127.0.0.1:{port}/", "--threads", "4"], tmp_path)
    wait_until_serving(process, port)
    return process


def pull_the_plug(process):
    """SIGKILL the server and its worker at once, as a power cut would."""
    children = open(f"/proc/{process.pid}/task/{process.pid}/children").read().split()
    for pid in [process.pid, *map(int, children)]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    process.wait()


def test_kill_9_mid_game_resumes_every_table_exactly(tmp_path):
    port, db = free_port(), tmp_path / "night.sqlite3"
    base = f"http://127.0.0.1:{port}"
    process = serve(port, db, tmp_path)
    try:
        host = Browser(base)
        url, _ = host.post("/new/fifth_avenue", fa_form())
        table = url.rsplit("/", 1)[1]
        code = re.search(r"/j/([\w-]+)", host.get(f"/t/{table}")[1])[1]
        anna, cleo = Browser(base), Browser(base)
        anna.post(f"/j/{code}", {"seat": "p1"})
        cleo.post(f"/j/{code}", {"seat": "p3"})
        anna.post(f"/t/{table}/act", {"seq": 0, "type": "place_initial_building", "spot": "ts:grey"})
        _, page = cleo.post(f"/t/{table}/act", {"seq": 1, "type": "place_initial_building", "spot": "34w:grey"})
        assert seq(page) == 2
    finally:
        pull_the_plug(process)
    process = serve(port, db, tmp_path)
    try:
        _, page = cleo.get(f"/t/{table}/me")  # the phone still holds its seat
        assert seq(page) == 2 and "Cleo" in page
        _, screen = host.get(f"/t/{table}")
        assert "placed" in screen and "Times Square" in screen
        # Play goes on: the snake order continues with Ben.
        ben = Browser(base)
        ben.post(f"/j/{code}", {"seat": "p2"})
        _, page = ben.post(f"/t/{table}/act", {"seq": 2, "type": "place_initial_building", "spot": "52e:grey"})
        assert seq(page) == 3
    finally:
        returncode, output = stop(process)
    assert "Traceback" not in output
