"""companion/web/guard.py: other origins, security headers, bad Host headers and
bodies without a length."""

import io

import pytest

from companion.web import guard
from tests.web.conftest import PUBLIC, create_table


def status_of(app, table_id):
    return app.extensions["companion"]["tables"].store.table(table_id).status


def finish(client, table_id, **headers):
    return client.post(f"/t/{table_id}/host/status", data={"status": "finished"}, headers=headers)


# --- requests from other origins ---------------------------------------------------------

@pytest.mark.parametrize("headers", [
    {"Origin": "http://localhost:9999"},  # another port of the same machine: same site
    {"Origin": "http://attacker.example"},
    {"Origin": "null"},  # a sandboxed frame or a data: URL
    {"Sec-Fetch-Site": "same-site"},
    {"Sec-Fetch-Site": "cross-site", "Origin": "http://localhost"},
])
def test_a_change_from_another_origin_is_refused_and_changes_nothing(app, client, headers):
    table_id = create_table(client)  # this browser holds the host cookie
    response = finish(client, table_id, **headers)
    assert response.status_code == 403
    assert "another site" in response.get_data(as_text=True)
    assert status_of(app, table_id) == "playing"


@pytest.mark.parametrize("headers", [
    {"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"},
    {"Sec-Fetch-Site": "same-origin"},
    {"Sec-Fetch-Site": "none"},  # typed or opened from a bookmark
    {},  # no browser at all
])
def test_the_servers_own_pages_may_change_things(app, client, headers):
    table_id = create_table(client)
    assert finish(client, table_id, **headers).status_code == 302
    assert status_of(app, table_id) == "finished"


@pytest.mark.parametrize("host, origin, own", [
    ("192.168.1.23:8000", "http://192.168.1.23:8000", True),  # the LAN address, as a phone opens it
    ("127.0.0.1:8000", PUBLIC.rstrip("/"), True),  # the public URL, behind a proxy that sets the Host
    ("tablecompanion.local", "http://TableCompanion.local:80", True),
    ("192.168.1.23:8000", "http://192.168.1.23:8001", False),
    # another scheme is another origin (a TLS proxy in front is the public URL's to name)
    ("192.168.1.23:8000", "https://192.168.1.23:8000", False),
    ("127.0.0.1:8000", "http://192.0.2.10:9000", False),
    ("127.0.0.1:8000", "http://192.0.2.10:notaport", False),
])
def test_which_origins_are_the_servers_own(app, host, origin, own):
    with app.test_request_context("/", method="POST", headers={"Host": host, "Origin": origin}):
        assert guard.from_elsewhere() is not own


def test_reading_from_another_origin_is_allowed(client):
    assert client.get("/", headers={"Origin": "http://attacker.example", "Sec-Fetch-Site": "cross-site"}).status_code == 200


def test_a_socket_from_another_origin_is_refused(app, client):
    table_id = create_table(client)
    headers = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Origin": "http://localhost:9999"}
    assert client.get(f"/t/{table_id}/ws", headers=headers).status_code == 403


# --- headers on every answer --------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/no/such/page", "/rules"])
def test_pages_cannot_be_framed_or_sniffed_and_keep_their_address(client, path):
    response = client.get(path)
    assert response.headers["Content-Security-Policy"] == "frame-ancestors 'none'"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


# --- Host headers ------------------------------------------------------------------------------

@pytest.mark.parametrize("host", ["a" * 64, "a" * 64 + ".example:8000", "x..y", "-a.example",
                                  "a b", "h\u00e9.example", "example:80a", "[::1", "[zz::1]:8000",
                                  ("a" * 60 + ".") * 5])
def test_a_host_header_that_is_no_host_name_is_a_400(app, client, host):
    response = client.get("/", headers={"Host": host})
    assert response.status_code == 400
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    table_id = create_table(client)
    assert finish(client, table_id, Host=host).status_code == 400
    assert status_of(app, table_id) == "playing"


@pytest.mark.parametrize("host", ["a" * 63 + ".example", "localhost:8000", "192.168.1.23:8000",
                                  "[::1]:8000", "[fe80::1]", "tablecompanion.local.", "my_pi.lan"])
def test_real_host_names_pass(client, host):
    assert client.get("/", headers={"Host": host}).status_code == 200


def test_valid_host_by_the_rules_of_dns():
    assert guard.valid_host("a" * 63)
    assert not guard.valid_host("a" * 64)
    assert not guard.valid_host("")
    assert not guard.valid_host(":8000")


# --- bodies without a length ------------------------------------------------------------------

def post_chunked(client, table_id, body: bytes, terminated: bool = True):
    return client.post(
        f"/t/{table_id}/host/status", input_stream=io.BytesIO(body),
        headers={"Transfer-Encoding": "chunked", "Content-Type": "application/x-www-form-urlencoded"},
        environ_overrides={"wsgi.input_terminated": True} if terminated else {},
    )


def test_a_chunked_body_over_the_limit_is_a_413_and_changes_nothing(app, client):
    table_id = create_table(client)
    response = post_chunked(client, table_id, b"status=finished&pad=" + b"x" * 100_000)
    assert response.status_code == 413
    assert status_of(app, table_id) == "playing"


def test_a_chunked_body_within_the_limit_is_read_whole(app, client):
    table_id = create_table(client)
    assert post_chunked(client, table_id, b"pad=" + b"x" * 60_000 + b"&status=finished").status_code == 302
    assert status_of(app, table_id) == "finished"


def test_a_chunked_body_the_server_does_not_end_is_refused(app, client):
    table_id = create_table(client)
    assert post_chunked(client, table_id, b"status=finished", terminated=False).status_code == 411
    assert status_of(app, table_id) == "playing"
