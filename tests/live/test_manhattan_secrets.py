"""Manhattan over the live sockets, with private hands: every page gets its own picture after
every move (the phone whose turn it is says so, each phone shows its own cards and the
table screens none), and no message to any other page carries a card a seat holds or drew.

A three-player table is played over HTTP (the engine's playout picks legal actions) into
its second round with the plain table screen, the host's screen and every phone listening;
every raw message is then checked against the state of its own move, which a local
replica of the game knows."""

import random
import re

import pytest

from companion.engines.manhattan.board import CARD_NAMES
from tests.web.manhattan import mh_form

from .clients import Browser, Table

SEATS = ("p1", "p2", "p3")
NAMES = {"p1": "Anna", "p2": "Bruno", "p3": "Carla"}
HELD = re.compile(r'<span class="mh-held">.*?<span class="small">([^<]+)</span></span>', re.S)
CARD_RADIO = re.compile(r'<input type="radio" name="card" value="(\d-\d)"')
PASS_CARD = re.compile(r'<button name="card" value="(\d-\d)" class="mh-card"')
PASS_FORM = re.compile(r'<form[^>]*class="act act-pass.*?</form>', re.S)


@pytest.fixture(scope="module")
def played(server):
    table = Table(server.base, mh_form(names=tuple(NAMES.values()), hands="private"), "manhattan")
    for seat in SEATS:
        table.join(seat)
    listeners = {None: server.listen(Browser(server.base), table), "host": server.listen(table.host, table)}
    listeners |= {seat: server.listen(table.phones[seat], table, phone=True) for seat in SEATS}
    for listener in listeners.values():
        listener.wait_seq(0)
    rng = random.Random(8)
    while table.game.state["round"] < 2 or table.game.state["phase"] != "build":
        table.play(*table.game.choose(rng))
        for listener in listeners.values():
            listener.wait_seq(table.game.seq)
    return table, listeners


def messages(listener):
    return [m for m in listener.messages if m.seq is not None]


def label(square: int) -> str:
    return CARD_NAMES[square]


def test_every_page_gets_its_own_picture_after_every_move(played):
    table, listeners = played
    assert table.game.seq > 40  # 12 cards dealt, 3 picks, 12 turns with a card drawn each, 3 picks
    for viewer, listener in listeners.items():
        seqs = [m.seq for m in messages(listener)]  # a connect's first picture may be overtaken
        assert seqs and seqs[-1] == table.game.seq and seqs == sorted(seqs), viewer
        for message in messages(listener):
            due = table.game.engine.to_act(table.game.states[message.seq])
            if viewer in SEATS:
                assert re.search(r'<span class="me[^"]*">([^<]+)</span>', message.text)[1] == NAMES[viewer]
                mine = re.search(r'data-my-turn="(\d)"', message.text)[1]
                assert mine == ("1" if viewer in due else "0"), (viewer, message.seq)
                assert ('class="turn-banner mine"' in message.text) == (viewer in due), (viewer, message.seq)
            else:
                assert 'class="phone-main"' not in message.text and 'class="mh-map"' in message.text


def test_each_phone_shows_its_own_cards_and_no_page_another_hand(played):
    table, listeners = played
    for viewer, listener in listeners.items():
        for message in messages(listener):
            shown = HELD.findall(message.text)
            if viewer not in SEATS:
                assert shown == [] and "Your cards" not in message.text, (viewer, message.seq)
                continue
            hand = table.game.states[message.seq]["hands"][viewer]
            assert sorted(shown) == sorted(label(c) for c in hand), (viewer, message.seq)


def test_only_the_cards_held_are_offered_and_only_to_their_holder(played):
    table, listeners = played
    offers = 0
    for viewer, listener in listeners.items():
        for message in messages(listener):
            passing = "".join(PASS_FORM.findall(message.text))
            cards = set(CARD_RADIO.findall(message.text)) | set(PASS_CARD.findall(passing))
            if not cards:
                continue
            assert viewer in SEATS, (viewer, message.seq)
            hand = table.game.states[message.seq]["hands"][viewer]
            assert cards <= {f"{c // 3}-{c % 3}" for c in hand}, (viewer, message.seq)
            offers += 1
    assert offers > 10


def test_a_card_drawn_is_named_only_on_its_owners_page(played):
    table, listeners = played
    draws = [(seq, seat, action) for seq, (seat, action) in enumerate(table.game.actions, 1)
             if action["type"] == "draw"]
    assert len(draws) > 20
    for viewer, listener in listeners.items():
        for message in messages(listener):
            for seq, seat, action in draws:
                if seq > message.seq:
                    break
                line = re.search(rf'<li id="[^"]*" value="{seq}">(.*?)</li>', message.text, re.S)
                if line is None:  # scrolled out of the log
                    continue
                card = label(action["card"][0] * 3 + action["card"][1])
                if viewer == seat:
                    assert line[1] == f"You drew the {card} card.", (viewer, seq)
                else:
                    assert line[1] == f"{NAMES[seat]} entered a card drawn.", (viewer, seq)


def test_the_table_screens_count_the_cards_and_never_name_them(played):
    table, listeners = played
    for viewer in (None, "host"):
        last = listeners[viewer].wait_seq(table.game.seq).text
        for seat, name in NAMES.items():
            row = re.search(rf'<span class="name">{name}</span>\s*<span class="small">(.*?)</span>', last, re.S)[1]
            held = len(table.game.state["hands"][seat])
            assert row.endswith(f"{held} card" + ("s" if held != 1 else "")), (viewer, row)
        assert "mh-held" not in last and "You drew" not in last
