"""The socket route refuses a handshake wsproto would refuse before flask-sock takes
the connection (tests/live/test_handshake.py asks the real servers the same, and
more: the test client itself cannot send a Host that is no international name)."""

import pytest

from tests.web.conftest import create_table

KEY = "dGhlIHNhbXBsZSBub25jZQ=="
UPGRADE = {"Connection": "Upgrade", "Upgrade": "websocket"}


@pytest.mark.parametrize("headers, status", [
    ({}, 400),
    ({"Sec-WebSocket-Key": KEY}, 400),
    ({"Sec-WebSocket-Version": "13"}, 400),
    ({"Sec-WebSocket-Key": KEY, "Sec-WebSocket-Version": "99"}, 426),
])
def test_a_broken_handshake_is_a_4xx_page(client, headers, status):
    table_id = create_table(client)
    answer = client.get(f"/t/{table_id}/ws", headers={**UPGRADE, **headers})
    assert answer.status_code == status
    assert f"({status})" in answer.get_data(as_text=True)
    assert answer.headers.get("Sec-WebSocket-Version") == ("13" if status == 426 else None)


def test_a_refusal_keeps_its_own_headers(client):
    answer = client.get("/language")  # the switch only takes posts
    assert answer.status_code == 405
    assert set(answer.headers["Allow"].split(", ")) == {"OPTIONS", "POST"}
