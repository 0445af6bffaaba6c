"""New York's screens over plain HTTP: the table's pictures, a phone's turn (taking money,
an exact payment and another action, placing bought tiles on squares of the city), the
host's refill inputs, refusals with their rule, scoring A, the end; and what each page
must never show (another seat's money, what the deck still holds)."""

import random
import re
from html import unescape

import pytest

from companion.engines import TABLE
from companion.engines import new_york as ny
from companion.engines.new_york import playout
from companion.web.games import form_fields
from companion.web.games import new_york as ui
from tests.engines.new_york.helpers import draw, letters
from tests.web.conftest import events, final_screen, join, post_action, seq_of
from tests.web.new_york import ny_form

PARK = {"type": "park", "price": 8, "streets": "N"}
MUSEUM = {"type": "museum", "price": 2, "streets": ""}
STATION = {"type": "station", "price": 5, "streets": ""}
CONFIG = {  # Anna starts: 3 cards, 20; Ben can pay the museum exactly with his blue 2
    "players": [{"seat": "p1", "name": "Anna"}, {"seat": "p2", "name": "Ben"},
                {"seat": "p3", "name": "Cleo"}],
    "start_money": {"p1": [["blue", 9], ["red", 9], ["green", 2]],
                    "p2": [["blue", 2], ["red", 8], ["green", 5], ["yellow", 5]],
                    "p3": [["yellow", 9], ["yellow", 8], ["red", 1], ["blue", 2]]},
    "start_player": "p1",
    "money_display": [["blue", 1], ["green", 2], ["yellow", 3], ["red", 4]],
    "market": [MUSEUM, PARK, {"type": "church", "price": 7, "streets": "E"}, STATION],
}
HAND = re.compile(r'<p class="ny-hand">(.*?)</p>', re.S)


@pytest.fixture
def table(app, client):
    response = client.post("/new/new_york", data=ny_form(CONFIG))
    assert response.status_code == 302
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2", "p3")}
    return table_id, phones


def act(device, table_id, action, table=False, htmx=True):
    seq = seq_of(device.get(f"/t/{table_id}" if table else f"/t/{table_id}/me").get_data(as_text=True))
    return post_action(device, table_id, seq, action, ui=ui, htmx=htmx, table=table)


def state(app, table_id):
    return app.extensions["companion"]["tables"].get(table_id).state


def refill(app, client, table_id, cards=("yellow:6", "green:6", "red:6", "blue:6")):
    """The host enters money cards, then lets the server draw the tiles, until a turn starts."""
    cards = list(cards)
    while state(app, table_id)["phase"] == "refill":
        first = ny.legal(state(app, table_id), TABLE)["actions"][0]["type"]
        data = {"seq": seq_of(client.get(f"/t/{table_id}").get_data(as_text=True)), "type": first}
        if first == "draw_money":
            data["card"] = cards.pop(0)
        else:
            data["draw"] = "server"
        assert client.post(f"/t/{table_id}/table-act", data=data).status_code == 302


def test_the_table_screen_draws_the_market_the_money_and_every_city(client, table):
    table_id, _phones = table
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    market = html.split('class="ny-market"')[1].split("</figure>")[0]
    assert [s for s in re.findall(r'data-space="(\w+)"', market)] == ["blue", "green", "yellow", "red"]
    assert "museum 2 (no streets)" in market and "park 8 (streets: north)" in market
    display = html.split('class="ny-display"')[1].split("</figure>")[0]
    assert re.findall(r"<b>(\d)</b> (\w+)", display) == [("1", "blue"), ("2", "green"), ("3", "yellow"), ("4", "red")]
    assert html.count('class="ny-city-svg"') == 3 and html.count(">TS</text>") == 3
    assert "Scoring A: not yet" in html and "Tiles in the bag: 50" in html
    majority = html.split('class="ny-majorities"')[1].split("</table>")[0]
    assert "if scoring A came now" in majority and majority.count("<tr data-type=") == 6
    assert "3 cards" in html and "4 cards" in html  # how many cards each holds, never which


def test_a_phone_is_offered_only_what_it_may_do_and_why_not_the_rest(table):
    table_id, phones = table
    anna = phones["p1"].get(f"/t/{table_id}/me").get_data(as_text=True)
    assert 'class="turn-banner mine">Your turn</h1>' in anna and "your-turn" not in anna and 'data-my-turn="1"' in anna
    take = anna.split('class="act act-take_money')[1].split("</form>")[0]
    assert re.findall(r'name="card" value="([\w:]+)"', take) == ["blue:1", "green:2", "yellow:3", "red:4"]
    assert '"blue:1 green:2"' in take.replace("&#34;", '"')  # a legal pair the script allows
    buys = re.findall(r'name="space" value="(\w+)"', anna)
    assert buys == ["blue", "red"]  # Anna holds 2 in green and nothing in yellow
    blocked = anna.split('class="blocked"')[1].split("</details>")[0]
    assert "you hold 2 in green" in blocked and 'href="/rules/new_york#NY-T-3"' in blocked
    assert "Waiting for Anna" in phones["p2"].get(f"/t/{table_id}/me").get_data(as_text=True)


def test_an_illegal_take_is_refused_with_its_rule_and_changes_nothing(app, table):
    table_id, phones = table
    response = act(phones["p1"], table_id, {"type": "take_money", "cards": [["yellow", 3], ["red", 4]]})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and 'href="/rules/new_york#NY-T-2"' in html
    assert "they total 7" in html and events(app, table_id) == []
    response = act(phones["p2"], table_id, {"type": "take_money", "cards": [["blue", 1]]})
    assert response.status_code == 422 and "not your turn" in response.get_data(as_text=True)


def test_taking_money_and_the_hosts_refill(app, client, table):
    table_id, phones = table
    assert act(phones["p1"], table_id, {"type": "take_money", "cards": [["blue", 1], ["green", 2]]}).status_code == 200
    screen = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Turn up the next money card for the display." in screen
    inputs = screen.split('class="table-inputs"')[1]
    cards = re.findall(r'name="card" value="([\w:]+)"', inputs)
    assert len(cards) == 37 and cards[-1] == "A"  # every card, and the next scoring card
    assert "Let the server draw" in inputs
    # a phone may not enter the table's draws; the plain table screen only waits
    assert act(phones["p2"], table_id, {"type": "draw_money", "card": ["blue", 5]}, table=True).status_code == 403
    assert "Waiting for the host" in app.test_client().get(f"/t/{table_id}").get_data(as_text=True)
    assert act(client, table_id, {"type": "draw_money", "card": ["blue", 5]}, table=True).status_code == 200
    # the server draws by chance: a scoring card may come up first, and the refill goes on
    for _ in range(3):
        offered = [a["card"] for a in ny.legal(state(app, table_id), TABLE)["actions"]]
        draw = {"seq": len(events(app, table_id)), "type": "draw_money", "draw": "server"}
        assert client.post(f"/t/{table_id}/table-act", data=draw).status_code == 302
        drawn = events(app, table_id)[-1].action
        assert drawn["type"] == "draw_money" and drawn["card"] in offered
        if state(app, table_id)["phase"] != "refill":
            break
    after = state(app, table_id)
    assert after["phase"] == "turn" and after["active"] == "p2" and len(after["display"]) == 4
    log = client.get(f"/t/{table_id}").get_data(as_text=True).split("What happened</summary>")[1]
    assert "Anna took blue 1, green 2." in log and "turned up blue 5 for the money display" in log


def test_an_exact_payment_gives_another_action_then_the_tiles_are_placed(app, client, table):
    table_id, phones = table
    act(phones["p1"], table_id, {"type": "take_money", "cards": [["blue", 1], ["green", 2]]})
    refill(app, client, table_id)
    ben = phones["p2"].get(f"/t/{table_id}/me").get_data(as_text=True)
    form = ben.split('value="blue">')[1].split("</form>")[0]
    assert 'name="exact" value="blue:2"' in form  # pay exactly, in one tap
    assert "exactly the price, so you take another action" in form  # what the script will say
    response = act(phones["p2"], table_id, {"type": "buy", "space": "blue", "pay": [["blue", 2]]})
    html = phones["p2"].get(f"/t/{table_id}/me").get_data(as_text=True)
    assert response.status_code == 200 and "You paid exactly: take another action" in html
    assert "Ben paid exactly and takes another action." in client.get(f"/t/{table_id}").get_data(as_text=True)
    act(phones["p2"], table_id, {"type": "buy", "space": "red", "pay": [["red", 8]]})
    assert state(app, table_id)["phase"] == "place"
    html = phones["p2"].get(f"/t/{table_id}/me").get_data(as_text=True)
    assert html.count('class="act act-place') == 2  # one picture per bought tile
    place = html.split('class="act act-place')[1].split("</form>")[0]
    assert 'name="tile" value="museum:2:"' in place
    ok = set(re.findall(r'class="ny-spot ok" data-square="(-?\d+,-?\d+)"', place))
    assert ok == {"0,-1", "1,0", "0,1", "-1,0"}
    assert "Put the museum 2 (no streets) into your reserve" in html
    # a square that shares no side with the city: refused with its rule, nothing changes
    before = len(events(app, table_id))
    response = act(phones["p2"], table_id, {"type": "place", "tile": MUSEUM, "x": 1, "y": 1})
    assert response.status_code == 422 and 'href="/rules/new_york#NY-B-4"' in response.get_data(as_text=True)
    assert len(events(app, table_id)) == before
    # a page drawn with the refusal (no script: htmx puts it in the form that sent it) shows
    # it beside the very form that sent it, not beside both
    near = re.search(r'name="near" value="(place:museum[^"]*)"', place)[1]
    data = {"seq": before, "near": near, **form_fields(ui, {"type": "place", "tile": MUSEUM, "x": 1, "y": 1})}
    answer = phones["p2"].post(f"/t/{table_id}/act", data=data).get_data(as_text=True)
    forms = answer.split('class="act act-place')[1:]
    assert ["NY-B-4" in f.split("</form>")[0] for f in forms] == [True, False]
    assert act(phones["p2"], table_id, {"type": "place", "tile": MUSEUM, "x": 1, "y": 0}).status_code == 200
    assert act(phones["p2"], table_id, {"type": "to_reserve", "tile": STATION}).status_code == 200
    assert state(app, table_id)["phase"] == "refill"
    screen = client.get(f"/t/{table_id}").get_data(as_text=True)
    ben_city = screen.split('data-seat="p2"')[1].split("</figure>")[0]
    assert ben_city.count('class="ny-tile ny-t-museum') == 1 and "reserve:" in ben_city
    tile_form = screen.split('class="table-input table-input-draw_tile"')[1].split("</form>")[0]
    assert "The tile drawn for the blue market space:" in tile_form
    draw = {"seq": len(events(app, table_id)), "type": "draw_tile", "tile_type": "park",
            "tile_price": "9", "tile_streets": ["S", "W"]}
    assert client.post(f"/t/{table_id}/table-act", data=draw).status_code == 302
    assert state(app, table_id)["market"][0] == {"type": "park", "price": 9, "streets": "SW"}
    bad = dict(draw, seq=len(events(app, table_id)), tile_price="30")
    response = client.post(f"/t/{table_id}/table-act", data=bad, headers={"HX-Request": "true"})
    assert response.status_code == 422 and "NY-C-4" in response.get_data(as_text=True)


def test_scoring_a_is_entered_by_the_host_and_explained(app, client, table):
    table_id, phones = table
    act(phones["p1"], table_id, {"type": "buy", "space": "blue", "pay": [["blue", 9]]})
    act(phones["p1"], table_id, {"type": "place", "tile": MUSEUM, "x": 1, "y": 0})
    refill(app, client, table_id)  # a tile for the blue space
    act(phones["p2"], table_id, {"type": "take_money", "cards": [["blue", 1]]})
    assert act(client, table_id, {"type": "draw_money", "card": "A"}, table=True).status_code == 200
    screen = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Scoring A: scored" in screen
    assert "The table turned up scoring card A: scoring A now." in screen
    anna = phones["p1"].get(f"/t/{table_id}/me").get_data(as_text=True)
    sheet = unescape(anna.split('class="scores"')[1])
    assert "Scoring A: buildings" in sheet and "Anna: 1 museum tile, 1st → 1" in sheet
    assert 'href="/rules/new_york#NY-SC-2"' in sheet and "Anna: longest outer street, 0 sides → 0" in sheet
    cards = re.findall(r'name="card" value="([\w:]+)"', screen.split('class="table-inputs"')[1])
    assert "A" not in cards and "B" in cards  # A is up: B may come next


def test_each_phone_shows_its_own_money_only(app, client, table):
    table_id, phones = table
    for seat, phone in phones.items():
        html = phone.get(f"/t/{table_id}/me").get_data(as_text=True)
        shown = re.findall(r"<b>(\d)</b> (\w+)", HAND.search(html)[1])
        expected = {"p1": [("9", "blue"), ("9", "red"), ("2", "green")],
                    "p2": [("2", "blue"), ("5", "green"), ("5", "yellow"), ("8", "red")],
                    "p3": [("2", "blue"), ("8", "yellow"), ("9", "yellow"), ("1", "red")]}[seat]
        assert sorted(shown) == sorted(expected), seat
        assert html.count('class="ny-hand"') == 1
    assert 'class="ny-hand"' not in client.get(f"/t/{table_id}").get_data(as_text=True)


def test_no_page_shows_what_the_deck_still_holds(app, client, table):
    table_id, phones = table
    act(phones["p1"], table_id, {"type": "take_money", "cards": [["blue", 1], ["green", 2]]})
    legal = app.extensions["companion"]["tables"].get(table_id).engine.legal(state(app, table_id), TABLE)
    assert {a["count"] for a in legal["actions"]} > {1}  # the engine knows the counts ...
    pages = [client.get(f"/t/{table_id}"), app.test_client().get(f"/t/{table_id}"),
             client.get(f"/t/{table_id}/main")] + [p.get(f"/t/{table_id}/me") for p in phones.values()]
    for page in pages:  # ... and no page carries them, nor the deck's size
        html = page.get_data(as_text=True)
        assert "count" not in html.lower() and "deck" not in html.lower()


def test_squares_not_offered_say_why():
    # a city with a bay at (1, 1): closing it is a hole (NY-B-5)
    grid = draw("""
        T - -
        - . -
        - . .
    """)
    player = {"city": [{"x": x, "y": y, "tile": {"type": "start" if (x, y) == (0, 0) else "park",
                                                  "price": None if (x, y) == (0, 0) else 6,
                                                  "streets": letters(m)}} for (x, y), m in grid.items()]}
    tile = {"type": "park", "price": 6, "streets": ""}
    from companion.engines.new_york import city
    positions = [{"x": x, "y": y} for x, y in city.placements(grid, [0])[0]]
    spots = {(s["x"], s["y"]): s for s in ui.place_spots(player, {"tile": tile, "positions": positions})}
    assert spots[(1, 2)]["ok"] is False and spots[(1, 2)]["rule"] == "NY-B-5"
    assert spots[(2, 2)]["ok"] is True
    street = {"type": "park", "price": 6, "streets": "N"}
    positions = [{"x": x, "y": y} for x, y in city.placements(grid, [city.N])[city.N]]
    spots = {(s["x"], s["y"]): s for s in ui.place_spots(player, {"tile": street, "positions": positions})}
    assert spots[(0, 3)]["rule"] == "NY-B-2"  # its north street meets a plain side
    removal = ui.city_spots(player, {"type": "city_to_reserve", "positions": [{"x": 2, "y": 1}]})
    by_square = {(s["x"], s["y"]): s for s in removal}
    assert by_square[(0, 0)]["rule"] == "NY-T-4" and by_square[(2, 1)]["ok"]


def test_the_end_shows_the_leftovers_the_ranking_and_the_winner(app, client):
    rng = random.Random(4)
    config = playout.random_config(rng, 3)
    response = client.post("/new/new_york", data=ny_form(config))
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    tables = app.extensions["companion"]["tables"]
    live = tables.get(table_id)
    while not live.engine.is_over(live.state):
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        tables.act(table_id, seat, playout.random_action(live.state, seat, rng), live.seq)
    screen = client.get(f"/t/{table_id}").get_data(as_text=True)
    scores = live.engine.scores(live.state)
    names = {p["seat"]: p["name"] for p in live.row.config["players"]}
    phones = [join(app, table_id, seat).get(f"/t/{table_id}/me") for seat in live.seats]
    assert all(phone.status_code == 200 for phone in phones)
    for page in [screen] + [phone.get_data(as_text=True) for phone in phones]:
        assert "The game is over." in page
        assert "Final ranking" not in page and 'class="ny-chart"' not in page and 'class="ny-rank"' not in page
        # the ranking, the totals and the chart over the game: the shared final screen
        final = final_screen(page)
        assert [total for *_rest, total in final["ranking"]] == sorted(scores["totals"].values(), reverse=True)
        assert {name for _place, name, winner, _total in final["ranking"] if winner} == {
            names[w] for w in scores["winners"]}
        assert final["totals"] == {names[s]: t for s, t in scores["totals"].items()}
        assert final["kinds"] == ["buildings", "streets"] and final["lines"] == 3
        # the game's own part: each scoring card's buildings + streets, which add up to the totals
        own = re.search(r'<table class="ny-scorings">.*?</table>', page, re.S)[0]
        assert "Each scoring: buildings + streets" in own
        cards = list(dict.fromkeys(e["title"]["args"]["card"] for e in scores["events"]))  # as they scored
        assert cards and re.findall(r'<th scope="col">([ABC])</th>', own) == cards
        for seat, name in names.items():
            row = re.search(rf'<tr data-seat="{seat}"><th scope="row">{name}</th>(.*?)</tr>', own, re.S)[1]
            cells = [tuple(map(int, cell)) for cell in re.findall(r"<td>(\d+) \+ (\d+)</td>", row)]
            expected = [tuple(sum(e["points"].get(seat, 0) for e in scores["events"]
                                  if e["title"]["args"]["card"] == card and e["rule"] == rule)
                              for rule in ("NY-SC-2", "NY-SC-3")) for card in cards]
            assert cells == expected and sum(map(sum, cells)) == scores["totals"][seat]
    if live.state["leftovers"]:
        assert "Leftover market tiles" in screen and "NY-E-2" in screen


FIELDS = ["card", "pay", "exact", "space", "tile", "square", "tile_type", "tile_price", "tile_streets",
          "name_1", "name_2", "money_1", "money_2", "display", "market_blue_type", "market_blue_price",
          "market_blue_streets", "start", "type_name_park", "profile_name", "draw"]
TYPES = ["take_money", "buy", "reserve_to_city", "city_to_reserve", "swap", "pass", "place",
         "to_reserve", "to_dirk", "draw_money", "draw_tile"]


def test_random_junk_never_causes_a_500_or_a_write(app, client, table):
    from tests.web.test_hostile import COMMON, junk, junk_action

    table_id, phones = table
    store = app.extensions["companion"]["tables"].store
    rng = random.Random(11)
    routes = [(phones["p1"], f"/t/{table_id}/act"), (client, f"/t/{table_id}/table-act"),
              (app.test_client(), "/new/new_york")]
    for _ in range(400):
        device, url = rng.choice(routes)
        form = {name: junk(rng) for name in rng.sample(FIELDS + COMMON, rng.randint(0, 10))}
        if rng.random() < 0.7:
            form["type"] = rng.choice(TYPES + ["", "x" * 300])
        if rng.random() < 0.3:
            form["action"] = junk_action(rng, TYPES)
        form["seq"] = rng.choice([form.get("seq", "0"), "0"])
        response = device.post(url, data=form, headers={"HX-Request": "true"} if rng.random() < 0.5 else {})
        assert response.status_code < 500, (url, form)
    for query in ({"draw": "all", "name_1": "<b>"}, {"profile": "x" * 300}, {"draw": "money", "money_1": "b99"}):
        assert client.get("/new/new_york", query_string=query).status_code == 200
    assert store.events(table_id) == [] and len(store.tables()) == 1


def test_the_host_undoes_a_payment_and_every_page_follows(app, client, table):
    table_id, phones = table
    act(phones["p1"], table_id, {"type": "buy", "space": "blue", "pay": [["blue", 9]]})
    assert state(app, table_id)["market"][0] is None
    response = client.post(f"/t/{table_id}/host/undo", data={"count": "1", "confirm": "yes", "seq": "1"})
    assert response.status_code == 302
    after = state(app, table_id)
    assert after["market"][0] == MUSEUM and ["blue", 9] in after["hands"]["p1"]
    main = phones["p1"].get(f"/t/{table_id}/main", query_string={"page": "phone"}).get_data(as_text=True)
    assert 'data-seq="0"' in main and "Your turn" in main and "9</b> blue" in main
    assert phones["p2"].get(f"/t/{table_id}/main").status_code == 200  # the table's region
    assert phones["p2"].post(f"/t/{table_id}/host/undo", data={"count": "1", "confirm": "yes", "seq": "0"}).status_code == 403
