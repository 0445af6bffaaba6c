"""Palazzo over the live sockets, with sealed bids and private hands: every open page gets
its own fresh picture after each move, and no page but its owner's ever receives a private
card or a submitted sealed bid before the rules reveal it.

A table is played over HTTP (a local replica of the game picks legal actions and knows
every state the server went through) through the starting hands and until a sealed
auction in which a bid lay secret while others were still deciding has been revealed.
Then every raw message every socket received is inspected.
"""

import random
import re
from collections import Counter
from dataclasses import dataclass

import pytest

from tests.web.palazzo_setup import pz_form

from .clients import Browser, Table

SEATS = ("p1", "p2", "p3")
NAMES = {"p1": "Anna", "p2": "Ben", "p3": "Cleo"}
HAND = re.compile(r'<p class="pz-cards pz-hand" data-seat="(\w+)">(.*?)</p>', re.S)
HAND_CARD = re.compile(r'class="pz-card pz-cur-\w hand" data-card="(\w+)"')
CARD_LABEL = re.compile(r"\b[ABC][3-7]\b|certificate 2")
TAP = re.compile(r'data-card="(\w+)" data-max="(\d+)"')
MAX_MOVES = 400


@dataclass
class Submission:
    """A sealed bid (or pass) and the moves during which it was still secret."""

    seat: str
    cards: list
    seq: int  # the move that submitted it
    revealed: int  # the first move at which it is no longer secret

    @property
    def secret_moves(self) -> range:
        return range(self.seq, self.revealed)


def pending_bid(state) -> bool:
    """A sealed auction with a bid in while some seat still has to submit."""
    return state["phase"] == "sealed_auction" and 0 < len(state["auction"]["bids"]) < len(SEATS)


@pytest.fixture(scope="module")
def played(server):
    """``(table, {viewer: listener})`` once a sealed auction with a secret bid has been
    revealed; viewer None is a plain table screen, "host" the host's."""
    table = Table(server.base, pz_form(names=tuple(NAMES.values()), bidding="sealed", hands="private"), "palazzo")
    for seat in SEATS:
        table.join(seat)
    listeners = {None: server.listen(Browser(server.base), table), "host": server.listen(table.host, table)}
    listeners |= {seat: server.listen(table.phones[seat], table, phone=True) for seat in SEATS}
    rng, seen_bid = random.Random(3), False
    for _ in range(MAX_MOVES):
        table.play(*table.game.choose(rng))
        for listener in listeners.values():
            listener.wait_seq(table.game.seq)
        if pending_bid(table.game.state):
            seen_bid = True
        elif seen_bid:
            break
    assert seen_bid, "no sealed auction with a pending bid was reached"
    return table, listeners


def messages(listener):
    return [m for m in listener.messages if m.seq is not None]


def log_line(html: str, seq: int) -> str | None:
    found = re.search(rf'<li id="[^"]*" value="{seq}">(.*?)</li>', html, re.S)
    return found[1] if found else None


def auction_entry(html: str, seat: str) -> str | None:
    box = re.search(r'<div class="auction pz-auction">(.*?)</div>', html, re.S)
    found = box and re.search(rf'<li data-seat="{seat}">{NAMES[seat]}:(.*?)</li>', box[1], re.S)
    return " ".join(found[1].split()) if found else None


def hand_shown(html: str, seat: str) -> int:
    panel = re.search(rf'<section id="pz-player-{seat}" class="pz-player[^"]*" data-seat="{seat}">(.*?)</section>', html, re.S)[1]
    return int(re.search(r"(\d+) cards? in hand", panel)[1])


def submissions(game) -> list[Submission]:
    found = []
    for seq, (seat, action) in enumerate(game.actions, 1):
        if action["type"] != "sealed_bid":
            continue
        revealed = next((m for m in range(seq, len(game.states)) if game.states[m]["phase"] != "sealed_auction"),
                        len(game.states))
        found.append(Submission(seat, action["cards"], seq, revealed))
    return found


def test_each_page_gets_its_own_fresh_view_after_every_move(played):
    table, listeners = played
    engine = table.game.engine
    for viewer, listener in listeners.items():
        seqs = [m.seq for m in messages(listener)]
        # The last move reached every page, and no page got an older picture after a newer
        # one (a connect's first picture may be skipped when a move's push overtook it).
        assert seqs and seqs[-1] == table.game.seq and seqs == sorted(seqs), viewer
        for message in messages(listener):
            due = engine.to_act(table.game.states[message.seq])
            if viewer in SEATS:
                assert f'<span class="me color-{table.game.config["players"][SEATS.index(viewer)]["colour"]}">' \
                       f'{NAMES[viewer]}</span>' in message.text
                assert ('class="turn-banner mine">Your turn</h1>' in message.text) == (viewer in due), (viewer, message.seq)
            else:
                assert "turn-banner" not in message.text and 'class="act ' not in message.text


def test_a_private_card_reaches_only_its_owners_page(played):
    table, listeners = played
    shown_own = 0
    for viewer, listener in listeners.items():
        for message in messages(listener):
            state = table.game.states[message.seq]
            blocks = HAND.findall(message.text)
            if viewer not in SEATS:
                assert blocks == [] and not HAND_CARD.search(message.text), (viewer, message.seq)
                continue
            assert [seat for seat, _cards in blocks] in ([], [viewer]), (viewer, message.seq)
            own = state["hands"][viewer]["cards"]
            if own is not None:
                assert HAND_CARD.findall(message.text) == own, (viewer, message.seq)
                shown_own += 1
            for form in re.findall(r'class="act act-(?:sealed_bid|raise|buy)\b.*?</form>', message.text, re.S):
                taps = {card: int(n) for card, n in TAP.findall(form)}
                assert all(n <= Counter(own)[card] for card, n in taps.items()), (viewer, message.seq)
    assert shown_own, "no phone ever showed its own hand"


def test_a_starting_hand_is_logged_with_its_cards_for_its_owner_only(played):
    table, listeners = played
    entered = [(seq, seat) for seq, (seat, action) in enumerate(table.game.actions, 1) if action["type"] == "enter_hand"]
    assert len(entered) == len(SEATS)
    for viewer, listener in listeners.items():
        final = listener.wait_seq(table.game.seq).text
        for seq, seat in entered:
            line = log_line(final, seq) or ""
            if seat == viewer:
                assert CARD_LABEL.search(line), line
            else:
                assert line.strip() == f"{NAMES[seat]} entered their starting hand", (viewer, line)


def test_a_sealed_bid_reaches_no_other_page_before_the_reveal(played):
    table, listeners = played
    pending = [s for s in submissions(table.game) if s.secret_moves]
    assert any(s.cards for s in pending), "no bid with cards was ever pending"
    for sub in pending:
        before = table.game.states[sub.seq - 1]["hands"][sub.seat]["count"]
        own = log_line(listeners[sub.seat].wait_seq(sub.seq).text, sub.seq)
        assert "submitted a sealed bid (" in own  # the owner sees the cards (or "no cards")
        assert "your bid:" in auction_entry(listeners[sub.seat].wait_seq(sub.seq).text, sub.seat)
        for viewer, listener in listeners.items():
            if viewer == sub.seat:
                continue
            for message in (m for m in messages(listener) if m.seq in sub.secret_moves):
                where = f"{viewer}'s page at move {message.seq}, {sub.seat}'s bid {sub.cards}"
                line = log_line(message.text, sub.seq)
                assert line.strip() == f"{NAMES[sub.seat]} submitted a sealed bid", (where, line)
                assert auction_entry(message.text, sub.seat) == "bid in", where
                assert hand_shown(message.text, sub.seat) == before, where  # nor how many cards went in


def test_after_the_reveal_every_page_shows_all_the_bids(played):
    table, listeners = played
    last = max(submissions(table.game), key=lambda s: s.seq)
    for listener in listeners.values():
        line = log_line(listener.wait_seq(table.game.seq).text, last.revealed)
        assert line and "Bids:" in line and "wins" in line, line
