"""Secrets over the live sockets when a sealed submission is corrected before the reveal:
only its owner's phone is told what it became; every other page (phones, the table
screen, the host's) is told only that a sealed submission was corrected, in its notice
and its log, and no message, page or log line names either number."""

import re

from .clients import Browser

NOTICE = re.compile(r'class="message info undo-notice"[^>]*>(.*?)</div>', re.S)


def notice(text: str) -> str:
    found = NOTICE.search(text)
    return " ".join(found[1].split()) if found else ""


def test_a_corrected_sealed_bid_is_shown_to_its_owner_only(server):
    table = server.table()
    listeners = {"table": server.listen(Browser(server.base), table), "host": server.listen(table.host, table)}
    listeners |= {seat: server.listen(phone, table, phone=True) for seat, phone in table.phones.items()}
    table.play("p1", {"type": "secret", "n": 4})
    table.play("p2", {"type": "secret", "n": 6})
    for listener in listeners.values():
        listener.wait_seq(2)
    reply = table.phones["p2"].post(f"/t/{table.id}/correct/2", {"seq": 2, "type": "secret", "n": 9}, htmx=True)
    assert reply.status == 200 and reply.headers.get("HX-Redirect") == f"/t/{table.id}/me", reply.body[:500]

    mine = listeners["p2"].wait(lambda m: "corrected" in notice(m.text))
    assert "Move 2 corrected: You chose the secret number 9." in notice(mine.text)
    assert "Instead of: You chose the secret number 6." in notice(mine.text)
    for viewer in ("table", "host", "p1", "p3"):
        listener = listeners[viewer]
        told = listener.wait(lambda m: "corrected" in notice(m.text))
        assert notice(told.text) == "Move 2: a sealed submission was corrected.", viewer
        assert "Ben corrected move 2 (sealed submission)." in told.text, viewer
        for message in listener.messages:
            for n in (6, 9):
                assert f"secret number {n}" not in message.raw, (viewer, n)
            assert 'data-seat="p2" data-secret=' not in message.raw, viewer
    for device, path in [(Browser(server.base), f"/t/{table.id}"), (table.host, f"/t/{table.id}"),
                         (table.host, f"/t/{table.id}/host"), (table.phones["p1"], f"/t/{table.id}/me"),
                         (table.phones["p3"], f"/t/{table.id}/me")]:
        body = device.get(path).body
        assert "secret number 9" not in body and "secret number 6" not in body, path
        assert 'data-seat="p2" data-secret=' not in body, path
