"""New York over the live sockets: every page gets its own picture after every move (the
phone whose turn it is says so; each phone shows its own money, the table screens none),
and no page or message ever carries what the money deck still holds: the host's refill
inputs offer every card of the catalogue whatever the deck holds.

A three-player table is played over HTTP (the engine's playout picks legal actions, the
host posts the refills) with the plain table screen, the host's screen and every phone
listening; every message is then checked against the state of its own move, which a
local replica of the game knows."""

import random
import re

import pytest

from companion.engines import TABLE
from companion.engines.new_york import money
from tests.web.new_york import ny_config, ny_form

from .clients import Browser, Table

SEATS = ("p1", "p2", "p3")
MOVES = 120
HAND = re.compile(r'<p class="ny-hand">(.*?)</p>', re.S)
CARD = re.compile(r"<b>(\d)</b> (\w+)</span>")
DRAW_BUTTON = re.compile(r'<button name="card" value="([\w:]+)"')
FULL_DECK = [f"{bank}:{v}" for bank in ("blue", "green", "yellow", "red") for v in range(1, 10)]


@pytest.fixture(scope="module")
def played(server):
    table = Table(server.base, ny_form(ny_config(3, seed=21)), "new_york")
    for seat in SEATS:
        table.join(seat)
    listeners = {None: server.listen(Browser(server.base), table), "host": server.listen(table.host, table)}
    listeners |= {seat: server.listen(table.phones[seat], table, phone=True) for seat in SEATS}
    for listener in listeners.values():
        listener.wait_seq(0)
    rng = random.Random(21)
    for _ in range(MOVES):
        table.play(*table.game.choose(rng))
        for listener in listeners.values():
            listener.wait_seq(table.game.seq)
    return table, listeners


def messages(listener):
    return [m for m in listener.messages if m.seq is not None]


def test_every_page_gets_its_own_picture_after_every_move(played):
    table, listeners = played
    for viewer, listener in listeners.items():
        seqs = [m.seq for m in messages(listener)]
        # the last move reached every page; pictures never go back (a connect's may be overtaken)
        assert seqs and seqs[-1] == table.game.seq and seqs == sorted(seqs), viewer
        for message in messages(listener):
            due = table.game.engine.to_act(table.game.states[message.seq])
            if viewer in SEATS:
                mine = re.search(r'data-my-turn="(\d)"', message.text)[1]
                assert mine == ("1" if viewer in due else "0"), (viewer, message.seq)
                assert ("Your turn" in message.text) == (viewer in due), (viewer, message.seq)
            else:
                assert 'class="phone-main"' not in message.text


def test_each_phone_shows_its_own_money_and_no_page_another_hand(played):
    table, listeners = played
    for viewer, listener in listeners.items():
        for message in messages(listener):
            hands = HAND.findall(message.text)
            if viewer not in SEATS:
                assert hands == [], (viewer, message.seq)
                continue
            assert len(hands) == 1, (viewer, message.seq)
            held = table.game.states[message.seq]["hands"][viewer]
            shown = sorted((bank, int(v)) for v, bank in CARD.findall(hands[0]))
            assert shown == sorted((bank, v) for bank, v in held), (viewer, message.seq)


def test_no_message_carries_what_the_deck_still_holds(played):
    table, listeners = played
    refills, short = 0, False
    for viewer, listener in listeners.items():
        for message in messages(listener):
            text = message.text.lower()
            assert "deck" not in text and "count" not in text, (viewer, message.seq)
            offered = DRAW_BUTTON.findall(message.text)
            if not offered:
                continue
            assert viewer == "host", (viewer, message.seq)  # only the host enters draws
            state = table.game.states[message.seq]
            left = [c for c in money.scoring_left(state)][:1]
            assert offered == FULL_DECK + left, message.seq  # the same whatever the deck holds
            refills += 1
            deck = money.deck(state)
            short |= any(deck[(bank, int(v))] < 3 for bank, v in (c.split(":") for c in FULL_DECK))
    assert refills, "the host never entered a money card"
    assert short, "the deck never lacked a card that the host's inputs offered all the same"


def test_a_refill_entered_by_the_host_reaches_every_page(played):
    table, listeners = played
    draws = [seq for seq, (seat, _action) in enumerate(table.game.actions, 1) if seat == TABLE]
    assert draws
    for seq in draws[-3:]:
        line = re.compile(rf'<li id="[^"]*" value="{seq}">The table (turned up|drew) ')
        for viewer, listener in listeners.items():
            assert line.search(listener.wait_seq(seq).text), (viewer, seq)
