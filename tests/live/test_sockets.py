"""The live sockets against a real server: full view on connect, a fresh view of its own
for every open page after each action, refusals and hand-overs, reconnects. The tables
are of the toy game: these are the platform's sockets, whatever the game."""

import random
import re

from .clients import Browser

MOMENT = re.compile(r'<span id="moment"[^>]*>')


def main_of(text: str) -> tuple[str, int]:
    """Which page's picture a page shows (``"phone"``/``"table"``: a phone's moment says
    whose turn it is) and its move."""
    tag = MOMENT.search(text)
    assert tag, text[:500]
    return "phone" if "data-my-turn" in tag[0] else "table", int(re.search(r'data-seq="(\d+)"', tag[0])[1])


def own_name(text: str) -> str:
    """The player a phone's message is for (its status line)."""
    return re.search(r'<span class="me[^"]*">([^<]+)</span>', text)[1]


def play_moves(table, count: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        table.play(*table.game.choose(rng))


def test_a_socket_gets_the_full_current_view_when_it_connects(server):
    table = server.table()
    play_moves(table, 2)
    screen = server.listen(table.host, table)
    phone = server.listen(table.phones["p2"], table, phone=True)
    assert main_of(screen.wait(lambda m: m.seq is not None).text) == ("table", 2)
    first = phone.wait(lambda m: m.seq is not None).text
    assert main_of(first) == ("phone", 2)
    assert own_name(first) == "Ben"


def test_after_an_action_every_open_page_gets_its_own_fresh_view(server):
    table = server.table()
    screen = server.listen(table.host, table)
    plain_screen = server.listen(Browser(server.base), table)
    phones = {seat: server.listen(browser, table, phone=True) for seat, browser in table.phones.items()}
    for listener in [screen, plain_screen, *phones.values()]:
        listener.wait_seq(0)
    table.play(*table.game.choose(random.Random(3)))
    assert main_of(screen.wait_seq(1).text) == ("table", 1)
    assert main_of(plain_screen.wait_seq(1).text) == ("table", 1)
    for seat, name in (("p1", "Anna"), ("p2", "Ben"), ("p3", "Cleo")):
        message = phones[seat].wait_seq(1).text
        assert main_of(message) == ("phone", 1)
        assert own_name(message) == name


def test_a_phone_socket_without_a_seat_is_closed(server):
    table = server.table()
    stranger = Browser(server.base)
    forged = Browser(server.base)
    forged.cookies[f"seat_{table.id}"] = "not-a-seat-secret"
    for browser in (stranger, forged):
        socket = server.listen(browser, table, phone=True)
        assert socket.wait_closed()
        assert socket.close_reason == 1008
        assert socket.messages == []


def test_a_phone_whose_seat_was_handed_over_is_closed_and_hears_nothing_more(server):
    table = server.table()
    old_phone = table.phones["p1"]
    old = server.listen(old_phone, table, phone=True)
    old.wait_seq(0)
    heard = len(old.messages)
    reply = table.host.post(f"/t/{table.id}/host/seat/p1/handover", {})
    assert reply.status == 200, reply.body[:2000]
    assert old.wait_closed()
    assert old.close_reason == 1008 and len(old.messages) == heard  # closed instead of sent a view

    new_phone = Browser(server.base)
    link = re.search(rf'(/t/{table.id}/seat/[\w-]+)', reply.body)[1]
    assert new_phone.get(link).status == 302
    table.phones["p1"] = new_phone
    fresh = server.listen(new_phone, table, phone=True)
    play_moves(table, 2)
    assert main_of(fresh.wait_seq(2).text) == ("phone", 2)
    assert len(old.messages) == heard
    refused = old_phone.post(f"/t/{table.id}/act", {"seq": 2, "type": "secret", "n": 4}, htmx=True)
    assert refused.status == 403


def test_a_reconnect_gets_the_current_view_again(server):
    table = server.table()
    phone = server.listen(table.phones["p3"], table, phone=True)
    phone.wait_seq(0)
    phone.close()
    play_moves(table, 3)
    again = server.listen(table.phones["p3"], table, phone=True)
    first = again.wait(lambda m: m.seq is not None).text
    assert main_of(first) == ("phone", 3)
    assert own_name(first) == "Cleo"


def test_the_table_screen_shows_a_phone_away_after_its_socket_closes(server, monkeypatch):
    from companion.web import hub
    from companion.web import pushes

    monkeypatch.setattr(hub, "AWAY_AFTER", 0.5)
    monkeypatch.setattr(pushes, "AWAY_AFTER", 0.5)
    table = server.table()
    screen = server.listen(table.host, table)
    phone = server.listen(table.phones["p2"], table, phone=True)
    here = re.compile(r'Ben</span>.*?<span class="presence here">', re.S)
    screen.wait(lambda m: m.seq is not None and here.search(m.text))
    phone.close()
    away = re.compile(r'Ben</span>.*?<span class="presence away">', re.S)
    screen.wait(lambda m: m.seq is not None and away.search(m.text), timeout=5)
