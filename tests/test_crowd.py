"""A real ``companion serve`` with a crowd of idle pages and slow-header clients
open still answers pages and moves, and closes the slow clients by itself
(companion/worker.py). bench/crowd.py measures the same at a larger scale."""

import random

import pytest

from companion import worker
from tests.live.clients import Browser, Table
from tests.live.crowd import Crowd
from tests.test_cli import COMPANION, free_port, start, stop, wait_until_serving
from tests.web.conftest import fa_form

IDLE_TABLES, PAGES_PER_TABLE, SLOW = 20, 10, 50
PROMPT = 10  # seconds: generous, this only tells "answers" from "hangs"


@pytest.fixture
def served(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = start([str(COMPANION), "serve", "--host", "127.0.0.1", "--port", str(port),
                     "--db", str(tmp_path / "crowd.sqlite3"), "--public-url", base + "/"], tmp_path)
    wait_until_serving(process, port)
    yield port, base
    returncode, output = stop(process)
    assert "Traceback" not in output, output


def test_idle_sockets_and_slow_headers_leave_pages_and_moves_answering(served):
    port, base = served
    table = Table(base, fa_form())
    for seat in ("p1", "p2", "p3"):
        table.join(seat)
    crowd = Crowd("127.0.0.1", port, drip=1.0)
    try:
        for _ in range(IDLE_TABLES):
            crowd.open_pages(f"/t/{Table(base, fa_form()).id}/ws", PAGES_PER_TABLE)
        pages = IDLE_TABLES * PAGES_PER_TABLE
        assert crowd.wait_until(lambda: crowd.accepted == pages, 60), (crowd.accepted, crowd.pages_closed)
        crowd.open_slow(SLOW)
        assert crowd.slow_open == SLOW

        assert Browser(base).get("/", timeout=PROMPT).status == 200
        assert Browser(base).get(f"/t/{table.id}", timeout=PROMPT).status == 200
        table.play(*table.game.choose(random.Random(3)))  # asserts a 200 with the new move

        # The header deadline closes every slow client; the idle pages stay open.
        assert crowd.wait_until(lambda: crowd.slow_open == 0, worker.HEADER_TIMEOUT * 6), crowd.slow_open
        assert crowd.accepted == pages and crowd.pages_closed == 0
    finally:
        crowd.close()
