"""Limits of the live sockets against a real server: no compression, a small
maximum message size, and no socket for a page of another origin."""

import socket

from wsproto import ConnectionType, WSConnection
from wsproto.events import (AcceptConnection, CloseConnection, Ping, Pong, RejectConnection, Request,
                            TextMessage)
from wsproto.extensions import PerMessageDeflate



class RawSocket:
    """A WebSocket client that shows the server's answers as wsproto events."""

    def __init__(self, base: str, path: str, origin: str | None = None, deflate: bool = False):
        host, port = base.removeprefix("http://").split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=10)
        self.ws = WSConnection(ConnectionType.CLIENT)
        headers = [(b"origin", origin.encode())] if origin else []
        self.sock.sendall(self.ws.send(Request(host=f"{host}:{port}", target=path, extra_headers=headers,
                                               extensions=[PerMessageDeflate()] if deflate else [])))

    def next_event(self, kinds):
        """The next event of one of ``kinds``; None if the server closes the connection first."""
        while True:
            for event in self.ws.events():
                if isinstance(event, kinds):
                    return event
            data = self.sock.recv(65536)
            if not data:
                return None
            self.ws.receive_data(data)

    def send(self, event) -> None:
        self.sock.sendall(self.ws.send(event))

    def close(self) -> None:
        self.sock.close()


def test_compression_is_not_offered_back(server):
    table = server.table(seats=())
    client = RawSocket(server.base, f"/t/{table.id}/ws", deflate=True)
    try:
        accepted = client.next_event((AcceptConnection, RejectConnection))
        assert isinstance(accepted, AcceptConnection)
        assert accepted.extensions == []
        headers = {name.lower(): value for name, value in accepted.extra_headers}
        assert b"sec-websocket-extensions" not in headers
    finally:
        client.close()


def test_a_message_over_the_limit_closes_the_socket(server):
    limit = server.app.config["SOCK_SERVER_OPTIONS"]["max_message_size"]
    assert limit <= 16 * 1024  # pages send nothing: small is plenty
    table = server.table(seats=())
    client = RawSocket(server.base, f"/t/{table.id}/ws")
    try:
        assert isinstance(client.next_event((AcceptConnection, RejectConnection)), AcceptConnection)
        client.send(TextMessage(data="x" * 100))  # a small one is fine (and ignored)
        client.send(Ping(b"still there?"))
        assert isinstance(client.next_event((Pong, CloseConnection)), Pong)
        client.send(TextMessage(data="x" * (limit + 1)))
        closed = client.next_event((CloseConnection,))
        assert closed is not None and closed.code == 1009  # message too big
    finally:
        client.close()


def test_a_page_of_another_origin_gets_no_socket(server):
    table = server.table(seats=())
    client = RawSocket(server.base, f"/t/{table.id}/ws", origin="http://127.0.0.1:1")
    try:
        refused = client.next_event((AcceptConnection, RejectConnection))
        assert isinstance(refused, RejectConnection) and refused.status_code == 403
    finally:
        client.close()
    own = RawSocket(server.base, f"/t/{table.id}/ws", origin=server.base)
    try:
        assert isinstance(own.next_event((AcceptConnection, RejectConnection)), AcceptConnection)
    finally:
        own.close()
