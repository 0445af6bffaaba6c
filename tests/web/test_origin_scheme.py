"""An origin is scheme, host and port: a page served over https on this server's
host and port is another origin than this http server, and may not post to it or
open its sockets; an https:// public URL (a TLS proxy in front) is this server's."""

import pytest

from companion.web import create_app, guard
from tests.web.conftest import TEST_GAMES, create_table

SOCKET = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
          "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}


def status_of(app, table_id):
    return app.extensions["companion"]["tables"].store.table(table_id).status


@pytest.mark.parametrize("origin", ["https://localhost", "https://localhost:80", "HTTPS://LOCALHOST:80",
                                    "ws://localhost", "ftp://localhost"])
def test_a_change_from_the_same_host_and_port_under_another_scheme_is_refused(app, client, origin):
    table_id = create_table(client)  # the test client asks http://localhost/
    response = client.post(f"/t/{table_id}/host/status", data={"status": "finished"},
                           headers={"Origin": origin})
    assert response.status_code == 403
    assert status_of(app, table_id) == "playing"


def test_the_same_scheme_host_and_port_may_change_things(app, client):
    table_id = create_table(client)
    response = client.post(f"/t/{table_id}/host/status", data={"status": "finished"},
                           headers={"Origin": "http://localhost:80"})
    assert response.status_code == 302
    assert status_of(app, table_id) == "finished"


def test_a_socket_from_the_https_origin_of_this_http_server_is_refused(client):
    table_id = create_table(client)
    response = client.get(f"/t/{table_id}/ws", headers={**SOCKET, "Origin": "https://localhost"})
    assert response.status_code == 403


@pytest.fixture
def behind_tls(tmp_path):
    """A server that phones reach through a TLS proxy at https://pi.example:8443/."""
    return create_app({"DATABASE": str(tmp_path / "c.sqlite3"), "PUBLIC_URL": "https://pi.example:8443/",
                       "TESTING": True, "TEST_GAMES": TEST_GAMES})


@pytest.mark.parametrize("origin, own", [
    ("https://pi.example:8443", True),  # the public URL's pages, through the proxy
    ("https://PI.example:8443", True),
    ("http://pi.example:8443", False),
    ("https://pi.example", False),
    ("https://127.0.0.1:8000", False),  # the proxy talks http to the server itself
    ("http://127.0.0.1:8000", True),
])
def test_the_public_url_counts_with_its_own_scheme(behind_tls, origin, own):
    with behind_tls.test_request_context("/", method="POST", headers={"Host": "127.0.0.1:8000", "Origin": origin}):
        assert guard.from_elsewhere() is not own
