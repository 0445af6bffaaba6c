"""Secrets over the live sockets, on the toy game: every page of every seat shows exactly
the secrets that seat's view holds, at every move, and nothing more (the table screens
none until all are in). A local replica of the game knows every state the server went
through, so each message is checked against the view of its own move."""

import re

from companion.engines import TABLE

from .clients import Browser

SECRET = re.compile(r'data-seat="(\w+)" data-secret="(\d)"')
CHOSEN = {"p2": 7, "p3": 4, "p1": 9}


def test_each_page_shows_exactly_the_secrets_its_view_holds(server):
    table = server.table()
    listeners = {None: server.listen(Browser(server.base), table), "host": server.listen(table.host, table)}
    listeners |= {seat: server.listen(phone, table, phone=True) for seat, phone in table.phones.items()}
    for listener in listeners.values():
        listener.wait_seq(0)
    for seat, n in CHOSEN.items():
        table.play(seat, {"type": "secret", "n": n})
    table.play(TABLE, {"type": "roll", "n": 2})
    for listener in listeners.values():
        listener.wait_seq(table.game.seq)

    engine, shown_own = table.game.engine, False
    for viewer, listener in listeners.items():
        seat = viewer if viewer in CHOSEN else None
        for message in (m for m in listener.messages if m.seq is not None):
            view = engine.view(table.game.states[message.seq], seat)
            allowed = {s: str(n) for s, n in view["secrets"].items() if n is not None}
            assert dict(SECRET.findall(message.text)) == allowed, (viewer, message.seq)
            for other, n in CHOSEN.items():
                if other != seat:
                    assert f"secret number {n}." not in message.text, (viewer, message.seq)
            shown_own |= seat is not None and seat in allowed and message.seq < 3
    assert shown_own, "no phone ever showed its own secret before the reveal"
    final = listeners[None].wait_seq(table.game.seq).text
    assert dict(SECRET.findall(final)) == {s: str(n) for s, n in CHOSEN.items()}
