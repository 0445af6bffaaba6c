"""Fifth Avenue's screens: the board picture, its lots to tap, its refusals and the
host's inputs for the dummy bidder."""

import re
from html import unescape

from tests.web.conftest import create_table, events, join, seq_of


def test_table_screen_shows_the_board(client):
    table_id = create_table(client)
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert 'class="fa-map"' in html and "Times Square" in html


def test_board_picture_marks_the_next_special_scoring(client):
    table_id = create_table(client)
    html = unescape(client.get(f"/t/{table_id}").get_data(as_text=True))
    assert '<text x="' in html and 'class="fa-mark next">★ 3 quarters: 4 VP</text>' in html
    assert html.count('class="fa-mark"') == 3  # the others, not highlighted


def test_the_first_phone_is_offered_its_lots_as_a_picture_and_a_list(app, client):
    table_id = create_table(client)
    html = join(app, table_id, "p1").get(f"/t/{table_id}/me").get_data(as_text=True)
    form = html.split('class="act act-place_initial_building')[1].split("</form>")[0]
    assert 'data-spot="ts:grey"' in form and 'name="spot" value="ts:grey"' in form


def test_the_active_seat_places_and_everyone_sees_it(app, client):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    html = anna.get(f"/t/{table_id}/me").get_data(as_text=True)
    response = anna.post(f"/t/{table_id}/act", data={"seq": seq_of(html), "type": "place_initial_building", "spot": "ts:grey"})
    assert response.status_code == 302
    assert [e.action for e in events(app, table_id)] == [{"type": "place_initial_building", "quarter": "ts", "lot": "grey"}]
    assert "Anna" in client.get(f"/t/{table_id}").get_data(as_text=True).split("What happened</summary>")[1]


def test_an_illegal_action_names_its_rule_and_changes_nothing(app, client):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    # Times Square's brown lot holds a set-up shop: not empty (FA-S-4).
    response = anna.post(f"/t/{table_id}/act", headers={"HX-Request": "true"},
                         data={"seq": 0, "type": "place_initial_building", "spot": "ts:brown"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert re.search(r'href="/rules/fifth_avenue#FA-[A-Z]+-\d+"', html)
    assert events(app, table_id) == []


def test_the_dummys_cards_are_the_hosts_to_enter(app, client):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    draws = {"seq": 0, "type": "dummy_bid", "draws": "4 4"}
    assert anna.post(f"/t/{table_id}/table-act", data=draws).status_code == 403
    # The host may post, but nothing is due from the table now: refused by the rules.
    assert client.post(f"/t/{table_id}/table-act", data=draws).status_code == 422
    assert events(app, table_id) == []
