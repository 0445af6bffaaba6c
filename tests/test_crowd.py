"""A real ``companion serve`` with a crowd of idle pages and slow clients open still
answers pages and moves, and closes the slow clients by itself (companion/worker.py).
bench/crowd.py measures the same at a larger scale."""

import random

import pytest

from companion import worker
from tests.live.clients import Browser, Table
from tests.live.crowd import SLOW_BODY, Crowd
from tests.test_request_limits import limited_server
from tests.web.conftest import fa_form

IDLE_TABLES, PAGES_PER_TABLE, SLOW = 20, 10, 50
PROMPT = 10  # seconds: generous, this only tells "answers" from "hangs"


BODY_TIMEOUT, PER_ADDRESS = 2, 60  # given to the server: short and small, for the test's sake


@pytest.fixture
def served(tmp_path):
    with limited_server(tmp_path, BODY_TIMEOUT, PER_ADDRESS) as server:
        yield server


def test_idle_sockets_and_slow_headers_leave_pages_and_moves_answering(served):
    port, base = served
    table = Table(base, fa_form())
    for seat in ("p1", "p2", "p3"):
        table.join(seat)
    crowd = Crowd("127.0.0.1", port, drip=1.0)
    try:
        for n in range(IDLE_TABLES):  # each table's pages from an address of their own
            crowd.open_pages(f"/t/{Table(base, fa_form()).id}/ws", PAGES_PER_TABLE, source=f"127.0.1.{n + 1}")
        pages = IDLE_TABLES * PAGES_PER_TABLE
        assert crowd.wait_until(lambda: crowd.accepted == pages, 60), (crowd.accepted, crowd.pages_closed)
        crowd.open_slow(SLOW, source="127.0.2.1")
        assert crowd.slow_open == SLOW

        assert Browser(base).get("/", timeout=PROMPT).status == 200
        assert Browser(base).get(f"/t/{table.id}", timeout=PROMPT).status == 200
        table.play(*table.game.choose(random.Random(3)))  # asserts a 200 with the new move

        # The header deadline closes every slow client; the idle pages stay open.
        assert crowd.wait_until(lambda: crowd.slow_open == 0, worker.HEADER_TIMEOUT * 6), crowd.slow_open
        assert crowd.accepted == pages and crowd.pages_closed == 0
    finally:
        crowd.close()


def test_slow_bodies_from_one_address_take_no_more_than_its_places_and_are_cut(served):
    port, base = served
    table = Table(base, fa_form())
    for seat in ("p1", "p2", "p3"):
        table.join(seat)
    attackers = Crowd("127.0.0.1", port, drip=0.5)
    try:
        attackers.open_slow(PER_ADDRESS * 2, SLOW_BODY, source="127.0.0.20")
        # Half are refused at once; the others wait for their deadline.
        assert attackers.wait_until(lambda: len(attackers.ended) >= PER_ADDRESS, PROMPT), len(attackers.ended)
        assert Browser(base).get("/", timeout=PROMPT).status == 200
        table.play(*table.game.choose(random.Random(4)))
        assert attackers.wait_until(lambda: attackers.slow_open == 0, BODY_TIMEOUT + PROMPT), attackers.slow_open
        answers = sorted(s.answer[:12] for s in attackers.ended)
        assert answers.count(b"HTTP/1.1 408") == PER_ADDRESS, answers
        assert answers.count(b"HTTP/1.1 503") + answers.count(b"") == PER_ADDRESS, answers
    finally:
        attackers.close()
