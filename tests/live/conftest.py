"""The real app on a loopback port (werkzeug's threaded server in a background thread),
for tests that talk to it with real HTTP requests and real WebSocket clients."""

import threading

import pytest
from werkzeug.serving import make_server

from companion.web import create_app
from tests.web.conftest import PUBLIC, TEST_GAMES, fa_form, toy_form

from .clients import Table

FORMS = {"toy": toy_form, "fifth_avenue": fa_form}


class Server:
    def __init__(self, app, base: str):
        self.app, self.base = app, base
        self.listeners = []

    def table(self, seats=("p1", "p2", "p3"), game="toy", **options) -> Table:
        """A new table (the toy game unless told) whose seats are taken by a phone each."""
        table = Table(self.base, FORMS[game](**options), game)
        for seat in seats:
            table.join(seat)
        return table

    def listen(self, browser, table: Table, phone: bool = False):
        """A socket that is closed when the test ends."""
        listener = browser.listen(table.id, phone)
        self.listeners.append(listener)
        return listener


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server per test module; every test makes tables of its own."""
    database = tmp_path_factory.mktemp("live") / "live.sqlite3"
    app = create_app({"DATABASE": str(database), "PUBLIC_URL": PUBLIC, "TESTING": True, "TEST_GAMES": TEST_GAMES})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    running = Server(app, f"http://127.0.0.1:{httpd.server_port}")
    yield running
    for listener in running.listeners:
        listener.close()
    httpd.shutdown()
    httpd.server_close()
    thread.join(5)
