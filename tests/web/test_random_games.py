"""Whole random games played through the web forms, as phones and the host would:
every action the engine allows can be posted, nothing ever answers with a 500,
and every page renders at every stage of a game."""

import random
from importlib import import_module

import pytest

from companion.engines import TABLE
from companion.web.games import form_fields, ui_for
from tests.web.conftest import fa_form, join, toy_form

GAMES = [
    dict(names=("Anna", "Ben"), auctions="sealed", hands="private"),
    dict(names=("Anna", "Ben", "Cleo"), auctions="open", hands="counts"),
    dict(names=("Anna", "Ben", "Cleo", "Dario"), auctions="sealed", hands="counts", board="6-lot"),
]


def six_lot(form):
    for key in list(form):
        if key.startswith("ring_") and key.endswith("_4"):
            form[key[:-1] + "5"] = "dashed"
        if key.startswith("start_lot_"):
            form[key] = "dashed"
    return form


def same_action(a: dict, b: dict) -> bool:
    """Equal, but the order of the cards laid out in one bid does not matter."""
    def norm(action):
        cards = action.get("cards")
        if action["type"] == "bid":
            return action | {"cards": sorted(cards, key=lambda c: (c["color"], c["value"]))}
        return action
    return norm(a) == norm(b)


@pytest.mark.parametrize("names", [("Anna", "Ben"), ("Anna", "Ben", "Cleo", "Dario")], ids=["2p", "4p"])
def test_a_whole_toy_game_through_the_forms(app, client, names):
    play_through(app, client, "toy", toy_form(names), seed=str(names), pages_every=1)


@pytest.mark.parametrize("options", GAMES, ids=["2p-sealed-private", "3p-open-counts", "4p-6lot-sealed"])
def test_a_whole_fifth_avenue_game_through_the_forms(app, client, options):
    form = fa_form(**options)
    if options.get("board") == "6-lot":
        form = six_lot(form)
    play_through(app, client, "fifth_avenue", form, seed=str(options))


def play_through(app, client, game: str, form: dict, seed: str, pages_every: int = 15) -> None:
    response = client.post(f"/new/{game}", data=form)
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    tables = app.extensions["companion"]["tables"]
    live = tables.get(table_id)
    with app.app_context():
        ui = ui_for(game)
    playout = import_module(f"{live.engine.__name__}.playout")
    phones = {seat: join(app, table_id, seat) for seat in live.seats}
    rng = random.Random(seed)
    for step in range(3000):
        if live.engine.is_over(live.state):
            break
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        action = playout.random_action(live.state, seat, rng)
        device, url = (client, "table-act") if seat == TABLE else (phones[seat], "act")
        data = {"seq": live.seq, **form_fields(ui, action)}
        response = device.post(f"/t/{table_id}/{url}", data=data)
        assert response.status_code == 302, (action, response.get_data(as_text=True)[:800])
        committed = tables.store.events(table_id)[-1].action
        assert same_action(committed, action), f"the form turned {action} into {committed}"
        if step % pages_every == 0:
            for page in [client.get(f"/t/{table_id}")] + [p.get(f"/t/{table_id}/me") for p in phones.values()]:
                assert page.status_code == 200
    else:
        pytest.fail("the game did not end")
    screen = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "The game is over." in screen
    winners = live.engine.scores(live.state)["winners"]
    names = {p["seat"]: p["name"] for p in live.row.config["players"]}
    assert all(names[w] in screen.split("Scores")[1] for w in winners)
    for seat, phone in phones.items():
        assert phone.get(f"/t/{table_id}/me").status_code == 200
