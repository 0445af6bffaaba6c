"""Whole numbers from forms (``companion.web.forms``): digits that Python reads or refuses
its own way ("²", "①", "٣", thousands of digits) are refused with the field's message,
as a 400 that stores nothing, in the wizards, the action forms and the move number."""

import pytest

from companion.engines.text import _
from companion.web import forms
from companion.web.games import FormError
from companion.web.games import new_york as ny_ui
from tests.web.conftest import create_table, events, join
from tests.web.manhattan import mh_form
from tests.web.new_york import ny_form

ODD = ["²", "①", "٣", "7" * 5000, " ", "1_000", "+3", "0x10", "3\x00", "\u200b3", "１"]


@pytest.mark.parametrize("text", ODD)
def test_only_ascii_digits_read_as_a_number(text):
    assert forms.number(text) is None


def test_a_number_reads_within_its_range_with_a_sign_only_where_one_is_taken():
    assert forms.number(" 12 ") == 12 and forms.number("007") == 7
    assert forms.number("-2") is None and forms.number("-2", low=-5) == -2
    assert forms.number("13", high=12) is None and forms.number(str(2 ** 63)) is None
    assert forms.number("9" * forms.MAX_DIGITS) == 10 ** forms.MAX_DIGITS - 1


def test_a_refused_number_names_its_field(app):
    with app.test_request_context():
        with pytest.raises(FormError) as refused:
            forms.whole("²", _("Pieces of {height} storeys", height=3), 0, 6)
    assert "Pieces of 3 storeys" in refused.value.message and "'²'" in refused.value.message


def tables_of(app) -> list:
    return app.extensions["companion"]["tables"].listing()


@pytest.mark.parametrize("value", ["²", "①", "٣", "7" * 5000])
def test_the_manhattan_wizard_refuses_a_piece_count_that_is_not_in_digits(app, value):
    response = app.test_client().post("/new/manhattan", data=mh_form(pieces_1=value))
    assert response.status_code == 400
    assert "Pieces of 1 storey" in response.get_data(as_text=True)
    assert tables_of(app) == []


@pytest.mark.parametrize("typed", ["b²", "b٣", "b" + "7" * 5000, "b\u0037\u20e3"])
def test_new_york_wizard_money_is_typed_in_digits_0_to_9(typed):
    with pytest.raises(FormError):
        ny_ui.read_cards(f"r9 {typed}", "")
    assert ny_ui.read_cards("r9 b3", "") == [["red", 9], ["blue", 3]]


def new_york_table(app, client) -> str:
    response = client.post("/new/new_york", data=ny_form())
    assert response.status_code == 302, response.get_data(as_text=True)[:800]
    return response.headers["Location"].rsplit("/", 1)[1]


@pytest.mark.parametrize("card", ["blue:²", "blue:①", "blue:" + "7" * 5000])
def test_new_york_refuses_a_money_card_that_is_not_in_digits(app, client, card):
    table_id = new_york_table(app, client)
    live = app.extensions["companion"]["tables"].get(table_id)
    (seat,) = live.engine.to_act(live.state)
    phone = join(app, table_id, seat)
    response = phone.post(f"/t/{table_id}/act", data={"seq": live.seq, "type": "take_money", "card": card})
    assert response.status_code == 400 and "cannot be read" in response.get_data(as_text=True)
    assert events(app, table_id) == []


@pytest.mark.parametrize("seq", ["²", "٣", "0" * 5000, str(2 ** 63)])
def test_a_move_number_that_is_not_in_digits_is_refused(app, client, seq):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    response = anna.post(f"/t/{table_id}/act", data={"seq": seq, "type": "take_buildings"})
    assert response.status_code == 400
    response = client.post(f"/t/{table_id}/host/undo", data={"seq": seq, "count": "1", "confirm": "yes"})
    assert response.status_code == 400
    assert events(app, table_id) == []


@pytest.mark.parametrize("count", ["²", "①", "1" * 5000])
def test_the_undo_count_is_read_in_digits_only(app, client, count):
    table_id = create_table(client)
    response = client.post(f"/t/{table_id}/host/undo", data={"seq": "0", "count": count, "confirm": "yes"})
    assert response.status_code == 400 and "how many moves" in response.get_data(as_text=True)


@pytest.mark.parametrize("to", ["²", "①"])
def test_palazzo_build_reads_a_palace_number_in_digits_0_to_9_only(app, to):
    from werkzeug.datastructures import MultiDict

    from companion.web.games import action_from_form
    from companion.web.games import palazzo as pz_ui

    with app.test_request_context():
        action = action_from_form(pz_ui, MultiDict({"type": "build", "build": f"b1w1|{to}"}))
    assert action["to"] == to  # not a palace number: the rules refuse it as a place to build
    assert action_from_form(pz_ui, MultiDict({"type": "build", "build": "b1w1|2"}))["to"] == 2
