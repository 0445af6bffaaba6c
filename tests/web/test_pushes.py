"""Pushes on their own (companion/web/pushes.py): each open page gets the parts of its own
picture that changed, nothing when nothing did, and everything after an answer that drew
its main region whole. Pages are stand-in sockets; the pushes are made here, one after
another, as the pusher makes them."""

import random
import re
import time
from collections import Counter
from importlib import import_module
from types import SimpleNamespace

import pytest

from companion.web import picture
from companion.web import pushes as pushes_module
from companion.web.hub import Connection
from companion.web.moment import Facts
from tests.live.clients import OOB, filled, pushed_parts
from tests.web.conftest import create_toy, join, post_action
from tests.web.test_picture import FORMS as GAME_FORMS


class Page:
    """A stand-in socket that keeps what it is sent."""

    def __init__(self):
        self.sent = []

    def send(self, text):
        self.sent.append(text)

    def close(self, reason=None, message=None):
        pass


def settled(conn: Connection, timeout: float = 5.0) -> list[str]:
    """What the page was sent, once nothing is queued or on its way."""
    deadline = time.monotonic() + timeout
    while conn.queue or conn.sending:
        assert time.monotonic() < deadline, "the page's queue never emptied"
        time.sleep(0.01)
    return conn.ws.sent


def setting(app, client):
    """A toy table with its three phones and the host's screen open."""
    table_id = create_toy(client)
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2", "p3")}
    ext = app.extensions["companion"]
    ext["tables"].listeners.clear()  # pushed by the test, one at a time
    pages = {}
    for seat in phones:
        pages[seat] = Connection(Page(), table_id, seat, "phone", ext["tables"].store.seats(table_id)[seat])
    pages["host"] = Connection(Page(), table_id, None, "host")
    for conn in pages.values():
        ext["hub"].join(conn)
    return table_id, phones, pages, ext["pushes"]


def push(app, pushes, table_id):
    with app.test_request_context("/"):
        pushes.push(table_id)


def sent_parts(message: str) -> set[str]:
    return {part for part, _ in pushed_parts(message)}


def test_a_push_carries_the_parts_that_changed_and_the_page_then_shows_its_whole_picture(app, client):
    table_id, phones, pages, pushes = setting(app, client)
    push(app, pushes, table_id)
    first = settled(pages["p2"])[0]
    live = app.extensions["companion"]["tables"].get(table_id)
    with app.test_request_context("/"):
        whole = picture.picture(live, "p2", "phone")
    assert sent_parts(first) == set(whole.parts)  # a new page: everything
    post_action(phones["p1"], table_id, 0, {"type": "secret", "n": 4})
    push(app, pushes, table_id)
    second = settled(pages["p2"])[1]
    assert {"part-moment", "part-log", "part-game_status"} <= sent_parts(second)  # move 1, a line, Anna's secret in
    assert not {"part-board", "part-scores", "part-sheet"} & sent_parts(second)
    assert len(second) < len(first)
    with app.test_request_context("/"):
        whole = picture.picture(live, "p2", "phone")
    assert filled(second, filled(first, None)) == OOB.sub("", whole.push(None))


def test_a_page_whose_picture_did_not_change_gets_nothing(app, client):
    table_id, phones, pages, pushes = setting(app, client)
    push(app, pushes, table_id)
    for conn in pages.values():
        assert len(settled(conn)) == 1
    push(app, pushes, table_id)  # say, a seat was taken: nothing any page shows changed
    for conn in pages.values():
        assert len(settled(conn)) == 1
    post_action(phones["p3"], table_id, 0, {"type": "secret", "n": 2})
    push(app, pushes, table_id)
    for conn in pages.values():
        assert len(settled(conn)) == 2


def test_phones_are_sent_their_push_first_and_each_message_leaves_before_the_next_page_is_drawn(
        app, client, monkeypatch):
    """A phone takes a push in slower than the host's laptop: its message leaves first. The
    pusher yields after each page (``sleep(0)``: under gevent, the page's sender sends it then)."""
    table_id, phones, pages, pushes = setting(app, client)
    hub, order = app.extensions["companion"]["hub"], []
    deliver, joined = hub.deliver, [pages["host"], pages["p1"], pages["p2"], pages["p3"]]  # the host's first
    monkeypatch.setattr(hub, "connections", lambda table: list(joined))
    monkeypatch.setattr(hub, "deliver", lambda conn, text: order.append(conn.page) or deliver(conn, text))
    monkeypatch.setattr(pushes_module, "time", SimpleNamespace(sleep=lambda seconds: order.append(f"yield {seconds}")))
    push(app, pushes, table_id)  # every page's whole picture
    assert order == ["phone", "yield 0"] * 3 + ["host", "yield 0"]
    order.clear()
    post_action(phones["p1"], table_id, 0, {"type": "secret", "n": 3})
    push(app, pushes, table_id)
    assert order == ["phone", "yield 0"] * 3 + ["host", "yield 0"]


def test_a_moves_answer_is_empty_and_the_poster_gets_the_move_as_every_page_does(app, client, monkeypatch):
    table_id, phones, pages, pushes = setting(app, client)
    push(app, pushes, table_id)
    drawn = Counter()
    real = picture._picture

    def counted(now, viewer, page, message, host, *args):
        drawn[(viewer, page, host, message is None)] += 1
        return real(now, viewer, page, message, host, *args)

    monkeypatch.setattr(picture, "_picture", counted)
    answer = post_action(phones["p1"], table_id, 0, {"type": "secret", "n": 4}, htmx=True)
    assert answer.status_code == 200 and answer.get_data(as_text=True) == ""
    push(app, pushes, table_id)
    assert drawn == {("p1", "phone", False, True): 1, ("p2", "phone", False, True): 1,
                     ("p3", "phone", False, True): 1, (None, "table", True, True): 1}
    for conn in pages.values():
        assert len(settled(conn)) == 2  # every page got the move
    assert 'data-seq="1"' in settled(pages["p1"])[1]


def test_a_refusal_is_answered_beside_its_form_and_changes_no_page(app, client):
    table_id, phones, pages, pushes = setting(app, client)
    push(app, pushes, table_id)
    refused = post_action(phones["p2"], table_id, 0, {"type": "secret", "n": 99}, htmx=True)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422 and html.strip().startswith('<div class="message refused"')
    assert 'id="main"' not in html and "HX-Retarget" not in refused.headers
    push(app, pushes, table_id)
    for conn in pages.values():
        assert len(settled(conn)) == 1


@pytest.mark.parametrize("answer", ["stale", "fetch"])
def test_after_an_answer_that_drew_the_main_region_whole_the_next_push_sends_everything(app, client, answer):
    """A stale move (answered with the page anew) and a fetch after waking (``main``) draw
    the page's main region whole: the push that follows does not count on what it last sent."""
    table_id, phones, pages, pushes = setting(app, client)
    for seq, (seat, n) in enumerate((("p1", 4), ("p2", 2), ("p3", 3))):
        post_action(phones[seat], table_id, seq, {"type": "secret", "n": n})
    post_action(client, table_id, 3, {"type": "roll", "n": 4}, table=True)  # the host types the roll
    push(app, pushes, table_id)
    live = app.extensions["companion"]["tables"].get(table_id)
    (due,) = live.engine.to_act(live.state)
    other = next(seat for seat in ("p1", "p2", "p3") if seat != due)
    if answer == "stale":
        reply = post_action(phones[due], table_id, 3, {"type": "add", "n": 1}, htmx=True)
        assert reply.status_code == 409 and reply.headers["HX-Retarget"] == "#main"
        assert reply.get_data(as_text=True).startswith('<div id="main"')
        redrawn = due
    else:
        reply = phones[other].get(f"/t/{table_id}/main?page=phone", headers={"HX-Request": "true"})
        assert reply.status_code == 200 and reply.get_data(as_text=True).startswith('<div id="main"')
        redrawn = other
    post_action(phones[due], table_id, 4, {"type": "add", "n": 1})
    push(app, pushes, table_id)
    with app.test_request_context("/"):
        whole = picture.picture(live, redrawn, "phone")
    assert len(settled(pages[redrawn])) == 2
    assert sent_parts(settled(pages[redrawn])[1]) == set(whole.parts) - {p for ps in whole.inside.values() for p in ps}
    untouched = next(seat for seat in ("p1", "p2", "p3") if seat != redrawn)
    assert sent_parts(settled(pages[untouched])[1]) < set(whole.parts)  # what changed


def every_page(app, client, game: str):
    """A table of ``game`` with a phone per seat, the host's screen and a table screen open,
    pushed by the test: (table id, the table service, the live table, its pages by
    (viewer, page))."""
    table_id = client.post(f"/new/{game}", data=GAME_FORMS[game]()).headers["Location"].rsplit("/", 1)[1]
    ext = app.extensions["companion"]
    tables, live = ext["tables"], ext["tables"].get(table_id)
    for seat in live.seats:
        join(app, table_id, seat)
    tables.listeners.clear()  # pushed by the test, one at a time
    secrets = tables.store.seats(table_id)
    pages = {(seat, "phone"): Connection(Page(), table_id, seat, "phone", secrets[seat]) for seat in live.seats}
    pages[(None, "host")] = Connection(Page(), table_id, None, "host")
    pages[(None, "table")] = Connection(Page(), table_id, None, "table")
    for conn in pages.values():
        ext["hub"].join(conn)
    return table_id, tables, live, pages


@pytest.mark.parametrize("game", sorted(set(GAME_FORMS) - {"toy"}))
def test_every_page_of_every_game_gets_only_what_changed_of_its_own_picture(app, client, game):
    """Random moves of each game with screens; after each, every page (each phone, the
    host's screen, a table screen) is pushed what changed. Put together as the browser
    does, each page then shows exactly its own picture drawn afresh (never another
    seat's), and pushes after the first leave parts out."""
    table_id, tables, live, pages = every_page(app, client, game)
    playout = import_module(f"{live.engine.__name__}.playout")
    rng, shows, pushed, partial = random.Random(game), {}, Counter(), Counter()
    for _ in range(40):
        push(app, app.extensions["companion"]["pushes"], table_id)
        for key, conn in pages.items():
            viewer, page = key
            with app.test_request_context("/"):
                state, seq, version, row = live.snapshot()
                fresh = picture.picture(live, viewer, "phone" if viewer else "table", host=page == "host",
                                        now=Facts(live, state, seq, version, row))
            for message in settled(conn)[pushed[key]:]:
                shows[key] = filled(message, shows.get(key))
                partial[key] += pushed[key] > 0 and len(sent_parts(message)) < len(fresh.parts)
                pushed[key] += 1
            assert shows[key] == OOB.sub("", fresh.push(None)), (key, live.seq)
        if live.engine.is_over(live.state):
            break
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        tables.act(table_id, seat, playout.random_action(live.state, seat, rng), live.seq)
    assert live.seq >= 30
    for key in pages:
        assert pushed[key] > 10 and partial[key] == pushed[key] - 1, (key, pushed[key], partial[key])


#: Boards drawn in parts: the parts that are areas of the board (a quarter, a city, a
#: player's palaces), and how many of them one move may change at most.
AREAS = {"fifth_avenue": ("part-board-quarter_", 1), "manhattan": ("part-board-city_", 3),
         "new_york": ("part-board-city_", 2),  # the city built in, and the turn handed on
         "palazzo": ("part-board-player_", 2)}  # a last pick of money hands a card on


@pytest.mark.parametrize("game", sorted(AREAS))
def test_a_move_pushes_the_areas_of_the_board_it_changed_not_the_whole_board(app, client, game):
    """Random moves: each push to the table screen carries the few areas of the board the
    move changed (a lot built on changes one quarter), never the whole board again."""
    table_id, tables, live, pages = every_page(app, client, game)
    prefix, most = AREAS[game]
    playout = import_module(f"{live.engine.__name__}.playout")
    rng, areas = random.Random(game), []
    for _ in range(40):
        push(app, app.extensions["companion"]["pushes"], table_id)
        if live.engine.is_over(live.state):
            break
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        tables.act(table_id, seat, playout.random_action(live.state, seat, rng), live.seq)
    with app.test_request_context("/"):
        drawn = sum(part.startswith(prefix) for part in picture.picture(live, None, "table").parts)
    later = settled(pages[(None, "table")])[1:]
    areas = [sum(part.startswith(prefix) for part in sent_parts(message)) for message in later]
    assert drawn >= 3 and len(later) >= 30
    assert max(areas) <= most < drawn, areas
    assert sum(n > 0 for n in areas) >= 5, areas  # moves did change the board


def test_a_move_pushes_the_newest_lines_of_the_log_and_its_earlier_part_only_when_a_block_fills(app, client):
    """The log's earlier part (companion/web/log.py) is the same from one move to the next
    until the newest block of moves is full: a push leaves it out, on phones and the table."""
    table_id, tables, live, pages = every_page(app, client, "fifth_avenue")
    playout = import_module(f"{live.engine.__name__}.playout")
    rng, seqs = random.Random(7), []
    for _ in range(25):
        push(app, app.extensions["companion"]["pushes"], table_id)
        seqs.append(live.seq)
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        tables.act(table_id, seat, playout.random_action(live.state, seat, rng), live.seq)
    assert seqs == list(range(25))
    for key in [(None, "table"), (live.seats[0], "phone")]:
        later = [sent_parts(message) for message in settled(pages[key])[1:]]
        assert all("part-log" in parts for parts in later), key
        assert [seq for seq, parts in zip(seqs[1:], later) if "part-log_earlier" in parts] == [11, 21], key
