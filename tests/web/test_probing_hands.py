"""A seat cannot probe the secret hands by typing cards: a card another hand holds is
refused in the same words as a card the box has no copy of left, and every page's log
tells that a card that cannot be there was entered (not which one)."""

import html
import random
import re

from companion.engines import TABLE
from companion.engines.new_york import playout
from companion.engines.new_york.catalogue import BANKS, HIGH, LOW
from tests.web.conftest import events, join
from tests.web.new_york import ny_config, ny_form
from tests.web.palazzo_setup import create_palazzo

NOTE = "entered a card that cannot be there; it was refused."


def refusal(page: str) -> str:
    """The text of the refusal a page shows."""
    found = re.search(r'<div class="message refused" role="alert">\s*(.*?)\s*<a class="rule"', page, re.S)
    assert found, "the page shows no refusal"
    return html.unescape(found[1])


def log_text(page: str) -> str:
    return html.unescape(re.search(r'<details class="log".*?</details>', page, re.S)[0])


def enter_hand(phone, table_id: str, cards: dict):
    fields = {"seq": "0", "type": "enter_hand", **{f"n_{card}": str(n) for card, n in cards.items()}}
    return phone.post(f"/t/{table_id}/act", data=fields)


def test_a_card_in_another_hand_is_refused_as_a_card_there_is_none_of(app, client):
    probed = create_palazzo(client, hands="private", names=("Anna", "Ben"))
    anna, ben = join(app, probed, "p1"), join(app, probed, "p2")
    assert enter_hand(anna, probed, {"c7": 3, "a3": 1}).status_code == 302  # every c7 of the box
    probe = enter_hand(ben, probed, {"c7": 1, "a4": 1, "a5": 1, "a6": 1})
    assert probe.status_code == 422

    fresh = create_palazzo(client, hands="private", names=("Anna", "Ben"))
    too_many = enter_hand(join(app, fresh, "p2"), fresh, {"c7": 4})  # the box has three
    assert too_many.status_code == 422
    told = refusal(probe.get_data(as_text=True))
    assert told == refusal(too_many.get_data(as_text=True))
    assert "hand" in told and "another" not in told and "Anna" not in told
    assert len(events(app, probed)) == 1  # Anna's hand only


def test_the_table_sees_that_a_card_that_cannot_be_there_was_entered(app, client):
    table_id = create_palazzo(client, hands="private", names=("Anna", "Ben"))
    anna, ben = join(app, table_id, "p1"), join(app, table_id, "p2")
    before = log_text(client.get(f"/t/{table_id}").get_data(as_text=True))
    assert NOTE not in before
    assert enter_hand(anna, table_id, {"c7": 3, "a3": 1}).status_code == 302
    assert enter_hand(ben, table_id, {"c7": 1, "a4": 1, "a5": 1, "a6": 1}).status_code == 422
    for page in (client.get(f"/t/{table_id}"), anna.get(f"/t/{table_id}/me"), ben.get(f"/t/{table_id}/me")):
        notes = re.findall(r'<li class="undo note">(.*?)</li>', log_text(page.get_data(as_text=True)))
        assert notes == [f"Ben {NOTE}"]  # which card is not said


def test_a_typo_that_no_hand_explains_tells_the_table_nothing(app, client):
    table_id = create_palazzo(client, hands="private", names=("Anna", "Ben"))
    ben = join(app, table_id, "p2")
    assert enter_hand(ben, table_id, {"c7": 1}).status_code == 422  # one card, not four
    assert NOTE not in log_text(client.get(f"/t/{table_id}").get_data(as_text=True))


def test_new_yorks_host_entering_a_card_the_deck_cannot_hold_is_told_to_the_table(app, client):
    response = client.post("/new/new_york", data=ny_form(ny_config(3, seed=5)))
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    tables = app.extensions["companion"]["tables"]
    live, rng = tables.get(table_id), random.Random(1)
    catalogue = [[bank, value] for bank in BANKS for value in range(LOW, HIGH + 1)]
    gone = None
    while gone is None:  # play on to a money draw the deck has a card less for
        seat = sorted(live.engine.to_act(live.state))[0]
        if seat == TABLE and live.engine.legal(live.state, TABLE)["actions"][0]["type"] == "draw_money":
            offered = [a["card"] for a in live.engine.legal(live.state, TABLE)["actions"]]
            gone = next((card for card in catalogue if card not in offered), None)  # held, or all shown
            if gone is not None:
                break
        tables.act(table_id, seat, playout.random_action(live.state, seat, rng), live.seq)
    seq = live.seq
    response = client.post(f"/t/{table_id}/table-act",
                           data={"seq": seq, "type": "draw_money", "card": f"{gone[0]}:{gone[1]}"})
    assert response.status_code == 422 and live.seq == seq
    phone = join(app, table_id, "p2").get(f"/t/{table_id}/me").get_data(as_text=True)
    assert f"The host {NOTE}" in log_text(phone)


def test_the_note_is_pushed_to_the_open_table_screen(app, client, monkeypatch):
    from companion.web.hub import Connection
    from tests.web.test_pushes import Page, push, sent_parts, settled

    table_id = create_palazzo(client, hands="private", names=("Anna", "Ben"))
    anna, ben = join(app, table_id, "p1"), join(app, table_id, "p2")
    assert enter_hand(anna, table_id, {"c7": 3, "a3": 1}).status_code == 302
    ext = app.extensions["companion"]
    screen = Connection(Page(), table_id, None, "host")
    ext["hub"].join(screen)
    push(app, ext["pushes"], table_id)
    assert len(settled(screen)) == 1
    scheduled = []
    monkeypatch.setattr(ext["pushes"], "changed", scheduled.append)
    assert enter_hand(ben, table_id, {"c7": 1, "a4": 1, "a5": 1, "a6": 1}).status_code == 422
    assert scheduled == [table_id]  # the refusal has the table's pages pushed
    push(app, ext["pushes"], table_id)
    sent = settled(screen)[1]
    assert "part-log" in sent_parts(sent) and f"Ben {NOTE}" in html.unescape(sent)


def test_the_refusal_and_the_note_are_said_in_each_readers_language(app, client):
    table_id = create_palazzo(client, hands="private", names=("Anna", "Ben"))
    anna, ben = join(app, table_id, "p1"), join(app, table_id, "p2")
    assert enter_hand(anna, table_id, {"c7": 3, "a3": 1}).status_code == 302
    probe = ben.post(f"/t/{table_id}/act", headers={"Accept-Language": "it"},
                     data={"seq": "0", "type": "enter_hand", "n_c7": "1", "n_a4": "1", "n_a5": "1", "n_a6": "1"})
    assert "non ne resta nessuna copia da distribuire" in refusal(probe.get_data(as_text=True))
    german = log_text(anna.get(f"/t/{table_id}/me", headers={"Accept-Language": "de"}).get_data(as_text=True))
    assert "Ben hat eine Karte eingegeben, die es nicht geben kann" in german


def test_palazzos_cards_turned_up_are_marked_for_the_table_only_with_private_hands():
    import pytest

    from companion.engines import IllegalAction, palazzo
    from companion.engines.palazzo.playout import random_config

    for hands, told in (("private", True), ("counts", False)):
        state = palazzo.setup(random_config(random.Random(2), 2, hands=hands, bidding="open"))
        if hands == "private":
            state = palazzo.apply(state, "p1", {"type": "enter_hand", "cards": ["c7", "c7", "c7", "a3"]})
            state = palazzo.apply(state, "p2", {"type": "enter_hand", "cards": ["a4", "a5", "a6", "a7"]})
        else:  # every c7 in the discards: public
            money = state["money"]
            money["unknown"] = [c for c in money["unknown"] if c != "c7"]
            money["discards"] = sorted(money["discards"] + ["c7"] * 3)
        (seat,) = palazzo.to_act(state)
        count = next(a["count"] for a in palazzo.legal(state, seat)["actions"] if a["type"] == "take_money")
        wanted = ["c7"] + ["w2"] * (count - 1)  # no c7 can come from the deck
        with pytest.raises(IllegalAction) as refused:
            palazzo.apply(state, seat, {"type": "take_money", "cards": wanted})
        assert bool(refused.value.details.get("hidden_cards")) is told, hands
