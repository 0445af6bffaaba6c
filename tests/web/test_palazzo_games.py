"""Whole random Palazzo games played through the web forms, as phones would post them:
every action the engine allows can be posted and is committed as itself, nothing answers
with a 500, every page renders along the way, and the end screen names the winners."""

import random

import pytest

from companion.engines.palazzo import playout
from companion.web.games import form_fields
from companion.web.games import palazzo as ui
from tests.web.conftest import final_screen, join
from tests.web.palazzo_setup import pz_form
from tests.web.test_palazzo_forms import normal

GAMES = [
    dict(names=("Anna", "Ben"), bidding="sealed", hands="private"),
    dict(names=("Anna", "Ben", "Cleo"), bidding="open", hands="counts", start="p2"),
    dict(names=("Anna", "Ben", "Cleo", "Dario"), bidding="sealed", hands="counts", draws="server"),
    dict(names=("Anna", "Ben", "Cleo", "Dario"), bidding="open", hands="private"),
    dict(names=("Anna", "Ben", "Cleo"), bidding="sealed", hands="private", draws="server"),
]
PAGES_EVERY = 10


def server_draws(options) -> set:
    """The moves whose random part the server draws at this table (none unless asked)."""
    if options.get("draws") != "server":
        return set()
    return {"draw_tiles", "enter_hand", "take_money"} if options.get("hands") == "private" else {"draw_tiles"}


@pytest.mark.parametrize("options", GAMES, ids=["2p-sealed-private", "3p-open-counts", "4p-sealed-counts-server",
                                                "4p-open-private", "3p-sealed-private-server"])
def test_a_whole_palazzo_game_through_the_forms(app, client, options):
    response = client.post("/new/palazzo", data=pz_form(**options))
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    tables = app.extensions["companion"]["tables"]
    live = tables.get(table_id)
    phones = {seat: join(app, table_id, seat) for seat in live.seats}
    rng = random.Random(str(options))
    for step in range(3000):
        if live.engine.is_over(live.state):
            break
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        action = playout.random_action(live.state, seat, rng)
        drawn = action["type"] in server_draws(options)
        fields = {"type": action["type"], "draw": "server"} if drawn else form_fields(ui, action)
        response = phones[seat].post(f"/t/{table_id}/act", data={"seq": live.seq, **fields})
        assert response.status_code == 302, (action, response.get_data(as_text=True)[:800])
        committed = tables.store.events(table_id)[-1].action
        if drawn:  # the server chose the random part
            assert committed["type"] == action["type"] and set(committed) == set(action)
        else:
            assert normal(committed) == normal(action), f"the form turned {action} into {committed}"
        if step % PAGES_EVERY == 0:
            pages = [client.get(f"/t/{table_id}")] + [p.get(f"/t/{table_id}/me") for p in phones.values()]
            assert all(page.status_code == 200 for page in pages)
    else:
        pytest.fail("the game did not end")
    screen = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "The game is over." in screen and 'class="pz-end-palaces"' in screen
    names = {p["seat"]: p["name"] for p in live.row.config["players"]}
    scores = live.engine.scores(live.state)
    winners = scores["winners"]
    said = screen.split('class="pz-winners"')[1].split("</p>")[0]
    assert all(names[w] in said for w in winners)
    for page in [screen] + [phone.get(f"/t/{table_id}/me").get_data(as_text=True) for phone in phones.values()]:
        assert "The game is over." in page
        final = final_screen(page)  # the ranking, totals and chart: the shared final screen's
        assert {name for _place, name, winner, _total in final["ranking"] if winner} == {names[w] for w in winners}
        assert [name for _place, name, _winner, _total in final["ranking"][:len(winners)]] == [
            names[p["seat"]] for p in live.row.config["players"] if p["seat"] in winners]
        assert final["totals"] == {names[s]: t for s, t in scores["totals"].items()}
        assert [total for *_rest, total in final["ranking"][len(winners):]] == sorted(
            (t for s, t in scores["totals"].items() if s not in winners), reverse=True)
        assert final["lines"] == len(names)
