"""Pushes on their own (companion/web/pushes.py): each open page gets only what changed of
its own picture, nothing when nothing did, and parts an htmx answer may still overwrite
are sent again while it may land. Pages are stand-in sockets; the pushes are made here,
one after another, as the pusher makes them."""

import random
import re
import time
from collections import Counter
from importlib import import_module

import pytest

from companion.web.hub import Connection
from companion.web import render
from tests.live.clients import filled
from tests.web.conftest import create_toy, join, post_action
from tests.web.test_parts import FORMS as GAME_FORMS

PART = re.compile(r'<div id="part-([\w-]+)" class="part"( hx-preserve)?>')
# A piece of the board left as the page shows it (a part is a div, a log line an li, a run of
# the log an ol).
BOARD_PIECE_KEPT = re.compile(r'<(?!div |li |ol )[a-z]+ id="[\w-]+" hx-preserve>')
EARLIER_KEPT = '<ol id="log-earlier" hx-preserve></ol>'
FORM_SEQ = re.compile(r'<input type="hidden" name="seq" value="\d+">')
LINE_KEPT = re.compile(r'<li id="line-[^"]*" hx-preserve>')


class Page:
    """A stand-in socket that keeps what it is sent."""

    def __init__(self):
        self.sent = []

    def send(self, text):
        self.sent.append(text)

    def close(self, reason=None, message=None):
        pass

    def wait_for(self, count, timeout=5.0):
        deadline = time.monotonic() + timeout
        while len(self.sent) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.sent


def settled(conn: Connection, timeout: float = 5.0) -> list[str]:
    """What the page was sent, once nothing is queued or on its way."""
    deadline = time.monotonic() + timeout
    while conn.queue or conn.sending:
        assert time.monotonic() < deadline, "the page's queue never emptied"
        time.sleep(0.01)
    return conn.ws.sent


class Clock:
    now = 100.0

    def __call__(self):
        return self.now


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


def parts_of(message: str) -> dict[str, bool]:
    """Part name -> whether the message sends it whole (False: a placeholder)."""
    return {name: not kept for name, kept in PART.findall(message)}


def test_a_push_carries_only_what_changed_and_the_page_then_shows_its_whole_picture(app, client):
    table_id, phones, pages, pushes = setting(app, client)
    push(app, pushes, table_id)
    first = pages["p2"].ws.wait_for(1)[0]
    assert all(parts_of(first).values())  # a new page: everything
    post_action(phones["p1"], table_id, 0, {"type": "secret", "n": 4})
    push(app, pushes, table_id)
    second = pages["p2"].ws.wait_for(2)[1]
    sent = parts_of(second)
    assert sent["status"] and sent["log"] and sent["game_status"]  # move 1, a line, Anna's secret in
    assert not sent["board"] and not sent["scores"] and not sent["sheet"]
    assert len(second) < len(first)
    live = app.extensions["companion"]["tables"].get(table_id)
    with app.test_request_context("/"):
        whole = render.main_html(live, "p2", "phone")
    shown = filled(second, first).replace(f' hx-swap-oob="{render.OOB_SWAP}"', "")
    # A form the push left as it was still carries the move it was drawn at; the page
    # posts the move it shows from its main region (hx-vals), which is the new one.
    assert FORM_SEQ.sub("", shown) == FORM_SEQ.sub("", str(whole))
    assert """hx-vals='{"seq": 1}'""" in shown


def test_a_page_whose_picture_did_not_change_gets_nothing(app, client):
    table_id, phones, pages, pushes = setting(app, client)
    push(app, pushes, table_id)
    for conn in pages.values():
        conn.ws.wait_for(1)
    push(app, pushes, table_id)  # say, a seat was taken: nothing any page shows changed
    for conn in pages.values():
        assert len(settled(conn)) == 1
    post_action(phones["p3"], table_id, 0, {"type": "secret", "n": 2})
    push(app, pushes, table_id)
    for conn in pages.values():
        assert len(settled(conn)) == 2


def test_the_answer_to_a_move_and_the_push_to_the_same_page_are_rendered_once(app, client, monkeypatch):
    table_id, phones, pages, pushes = setting(app, client)
    push(app, pushes, table_id)
    drawn = Counter()
    real = render._picture

    def counted(live, viewer, page, message, host, *args):
        drawn[(viewer, page, host, message is None)] += 1
        return real(live, viewer, page, message, host, *args)

    monkeypatch.setattr(render, "_picture", counted)
    answer = post_action(phones["p1"], table_id, 0, {"type": "secret", "n": 4}, htmx=True)
    assert answer.status_code == 200
    push(app, pushes, table_id)
    assert drawn == {("p1", "phone", False, True): 1, ("p2", "phone", False, True): 1,
                     ("p3", "phone", False, True): 1, (None, "table", True, True): 1}
    for conn in pages.values():
        assert len(settled(conn)) == 2  # every page got the move
    refused = post_action(phones["p2"], table_id, 1, {"type": "secret", "n": 99}, htmx=True)
    assert refused.status_code >= 400
    push(app, pushes, table_id)
    # a page's answer with a message is its own; the pages' pictures are still the same
    assert drawn[("p2", "phone", False, False)] == 1 and drawn[("p2", "phone", False, True)] == 1


def test_parts_an_htmx_answer_may_overwrite_are_sent_again_while_it_may_land(app, client):
    table_id, phones, pages, pushes = setting(app, client)
    pushes.clock = clock = Clock()
    live = app.extensions["companion"]["tables"].get(table_id)
    push(app, pushes, table_id)
    with app.test_request_context("/"):
        answer = render.picture(live, "p1", "phone")  # Anna's page as answered at move 0...
    pushes.replied(table_id, "p1", "phone", answer)
    post_action(phones["p2"], table_id, 0, {"type": "secret", "n": 2})
    push(app, pushes, table_id)
    anna, ben = pages["p1"].ws.wait_for(2), pages["p2"].ws.wait_for(2)
    assert len(LINE_KEPT.findall(anna[1])) == len(LINE_KEPT.findall(ben[1])) == 0
    post_action(phones["p3"], table_id, 1, {"type": "secret", "n": 3})
    push(app, pushes, table_id)
    # ...may land after the push of move 1, but the page ignores an answer older than the
    # move it shows: the push of move 2 need not send again what changed since move 0
    anna, ben = pages["p1"].ws.wait_for(3), pages["p2"].ws.wait_for(3)
    assert len(LINE_KEPT.findall(anna[2])) == len(LINE_KEPT.findall(ben[2])) == 1
    clock.now += 10
    push(app, pushes, table_id)  # nothing changed: nothing sent
    assert len(settled(pages["p1"])) == 3


def test_an_answer_as_old_as_the_pushed_move_counts_after_an_undo(app, client):
    """A move number goes back on an undo: an answer of move 1, older than the page's
    move 2, shows if it lands after the push of the undo, back at move 1."""
    table_id, phones, pages, pushes = setting(app, client)
    tables = app.extensions["companion"]["tables"]
    live = tables.get(table_id)
    post_action(phones["p1"], table_id, 0, {"type": "secret", "n": 4})
    push(app, pushes, table_id)
    with app.test_request_context("/"):
        answer = render.picture(live, "p1", "phone")
    post_action(phones["p2"], table_id, 1, {"type": "secret", "n": 2})
    push(app, pushes, table_id)
    pushes.replied(table_id, "p1", "phone", answer)
    tables.undo(table_id, 1, 2)
    push(app, pushes, table_id)
    post_action(phones["p2"], table_id, 1, {"type": "secret", "n": 3})
    push(app, pushes, table_id)
    anna, ben = pages["p1"].ws.wait_for(4), pages["p2"].ws.wait_for(4)
    # the answer does not tell of the undo, which the last pushes do
    assert "undid" in anna[2] and "undid" not in str(answer.html())
    cleo = pages["p3"].ws.wait_for(4)
    # so the push after it sends the log line of the undo again to Anna, not to Cleo
    assert len(LINE_KEPT.findall(anna[3])) == len(LINE_KEPT.findall(cleo[3])) - 1


def test_an_answer_with_a_refusal_counts_until_it_has_landed(app, client):
    table_id, phones, pages, pushes = setting(app, client)
    pushes.clock = clock = Clock()
    push(app, pushes, table_id)
    refused = post_action(phones["p1"], table_id, 0, {"type": "secret", "n": 99}, htmx=True)
    assert refused.status_code == 422 and 'class="message refused' in refused.text
    for seq, seat, n in ((0, "p2", 2), (1, "p3", 3)):
        post_action(phones[seat], table_id, seq, {"type": "secret", "n": n})
        push(app, pushes, table_id)
    # the page shows a refusal whatever its age, so it may show the one of move 0 still
    anna, ben = pages["p1"].ws.wait_for(3), pages["p2"].ws.wait_for(3)
    assert parts_of(anna[2])["turn"]  # her form, without the refusal beside it
    assert len(LINE_KEPT.findall(anna[2])) == 0 and len(LINE_KEPT.findall(ben[2])) == 1
    clock.now += 10  # it has landed by now
    post_action(phones["p1"], table_id, 2, {"type": "secret", "n": 5})
    push(app, pushes, table_id)
    anna, ben = pages["p1"].ws.wait_for(4), pages["p2"].ws.wait_for(4)
    assert len(LINE_KEPT.findall(anna[3])) == len(LINE_KEPT.findall(ben[3])) == 2


# The form's move, in a part a push leaves as it was: the move that part was drawn at.
FORM_MARKS = re.compile(r'(name="seq" value="|data-keep="[\w-]*?-)\d+"')


def without_form_moves(html: str) -> str:
    return FORM_MARKS.sub(r'\1"', html)


@pytest.mark.parametrize("game", sorted(set(GAME_FORMS) - {"toy"}))
def test_every_page_of_every_game_gets_only_what_changed_of_its_own_picture(app, client, game):
    """Random moves of each game with screens; after each, every page (each phone, the
    host's screen, a table screen) is pushed what changed. Put together as the browser
    does, each page then shows exactly its own picture rendered afresh (never another
    seat's), and each push after the first leaves parts out."""
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
    playout = import_module(f"{live.engine.__name__}.playout")
    rng, shows, pushed, partial, pieces, earlier = random.Random(game), {}, Counter(), Counter(), Counter(), Counter()
    for _ in range(40):
        push(app, ext["pushes"], table_id)
        for key, conn in pages.items():
            for message in settled(conn)[pushed[key]:]:
                shows[key] = filled(message, shows.get(key))
                partial[key] += pushed[key] > 0 and "hx-preserve></div>" in message
                pieces[key] += bool(BOARD_PIECE_KEPT.search(message))
                earlier[key] += EARLIER_KEPT in message
                pushed[key] += 1
            viewer, page = key
            with app.test_request_context("/"):
                fresh = render.main_html(live, viewer, "phone" if viewer else "table", host=page == "host")
            shown = shows[key].replace(f' hx-swap-oob="{render.OOB_SWAP}"', "")
            assert without_form_moves(shown) == without_form_moves(str(fresh)), (key, live.seq)
        if live.engine.is_over(live.state):
            break
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        tables.act(table_id, seat, playout.random_action(live.state, seat, rng), live.seq)
    assert live.seq >= 30
    for key in pages:
        assert pushed[key] > 10 and partial[key] == pushed[key] - 1, (key, pushed[key], partial[key])
        assert pieces[key] > 0, key  # a board piece the page shows as it is was left out
        # the earlier moves of the log go again only when a stretch of moves begins
        assert earlier[key] >= pushed[key] // 2, (key, pushed[key], earlier[key])
