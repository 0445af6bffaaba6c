"""Manhattan's screens: the table's picture, the phone's pick, its building turn (cards as the
seat holds them, cities turned to its side, pieces with their reasons), passing, private
hands, the scoring explained, the end, and refusals that name their rule and change nothing."""

import json
import re
from html import unescape

import pytest

from companion.engines.manhattan.board import CARD_LOTS
from companion.web.games import manhattan as ui
from tests.web.conftest import events, final_screen, join, post_action, seq_of
from tests.web.manhattan import act, create_mh, live, pick_all


def page(device, table_id: str) -> str:
    return device.get(f"/t/{table_id}/me").get_data(as_text=True)


def form_of(html: str, kind: str) -> str:
    found = re.search(rf'<form[^>]*class="act act-{kind}.*?</form>', html, re.S)
    return found[0] if found else ""


def post(device, table_id, action, htmx=True):
    html = page(device, table_id)
    return post_action(device, table_id, seq_of(html), action, ui=ui, htmx=htmx)


def tower(html: str, city: str, lot: str) -> str:
    """The table picture's lot ``lot`` ("row-col") of ``city``."""
    start = html.index(f'<g id="mh-city-{city}" class="mh-city" data-city="{city}">')
    end = html.find('class="mh-city"', start + 40)
    block = html[start:end if end > 0 else html.index("</svg>", start)]
    return re.search(rf'<g class="mh-lot[^"]*" data-lot="{lot}".*?</g>', block, re.S)[0]


@pytest.fixture
def table(app, client):
    """Three players: Anna south (black), Bruno west (light blue), Carla north (red)."""
    table_id = create_mh(client)
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2", "p3")}
    return table_id, phones


def test_the_table_screen_draws_six_cities_the_sides_and_the_box(client, table):
    table_id, _ = table
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert html.count('class="mh-city"') == 6 and html.count('class="mh-lot') == 54
    for side, name in (("S", "south: Anna"), ("W", "west: Bruno"), ("N", "north: Carla")):
        assert re.search(rf'data-side="{side}">{name}</text>', html)
    assert 'data-side="E"' not in html  # nobody sits east
    assert "Round 1 of 6" in html and "picking pieces: Anna picks black" in html
    supply = re.search(r'<tr id="mh-supply-red" data-colour="red">(.*?)</tr>', html, re.S)[1]
    assert re.findall(r"<td>(\d+)</td>", supply)[:4] == ["6", "6", "6", "6"]
    assert "css/manhattan.css" in html and "Ca = Carla, red" in html


def test_the_pick_offers_only_what_the_box_holds_and_is_taken(app, client):
    table_id = create_mh(client, pieces=(10, 10, 4, 0))
    anna = join(app, table_id, "p1")
    form = form_of(page(anna, table_id), "pick")
    assert 'name="colour" value="black"' in form and 'data-count="4"' in form
    assert re.search(r'name="n_3" value="0" min="0" max="4"', form)
    assert re.search(r'name="n_4" value="0" min="0" max="0"', form) and "none left in the box" in form
    response = anna.post(f"/t/{table_id}/act", data={"seq": 0, "type": "pick", "colour": "black",
                                                       "n_1": "1", "n_2": "1", "n_3": "2", "n_4": "0"})
    assert response.status_code == 302
    assert events(app, table_id)[-1].action == {"type": "pick", "colour": "black", "heights": [1, 2, 3, 3]}
    screen = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert re.search(r'<tr id="mh-supply-black" data-colour="black">.*?<td class="mh-picked">1 2 3 3', screen, re.S)
    assert "Anna picked black pieces 1, 2, 3, 3 for round 1." in screen


def test_a_pick_the_box_cannot_supply_is_refused_and_changes_nothing(app, client):
    table_id = create_mh(client, pieces=(10, 10, 4, 0))
    anna = join(app, table_id, "p1")
    response = post(anna, table_id, {"type": "pick", "colour": "black", "heights": [4, 4, 4, 4]})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "Only 0 4-storey black pieces are left in the box" in html
    assert 'href="/rules/manhattan#MH-C-3"' in html and form_of(page(anna, table_id), "pick")  # the form is still there
    assert events(app, table_id) == []


def test_a_seat_out_of_turn_is_told_whose_turn_it_is(app, client, table):
    table_id, phones = table
    html = page(phones["p2"], table_id)
    assert "Waiting for Anna" in html and not form_of(html, "pick")
    response = post(phones["p2"], table_id, {"type": "pick", "colour": "light_blue", "heights": [1, 1, 1, 1]})
    assert response.status_code == 422 and "MH-T-2" in response.get_data(as_text=True)
    assert events(app, table_id) == []


def test_the_acting_phone_says_your_turn(app, table):
    table_id, phones = table
    mine = page(phones["p1"], table_id)
    assert "your-turn" not in mine and 'class="turn-banner mine">Your turn</h1>' in mine
    assert "Your turn" not in page(phones["p3"], table_id)


def build_turn(app, client, sides=("S", "W", "N"), names=("Anna", "Bruno", "Carla")):
    table_id = create_mh(client, names=names, sides=sides)
    pick_all(app, table_id, {"black": [1, 2, 3, 4], "light_blue": [1, 2, 3, 4], "red": [1, 2, 3, 4],
                             "green": [1, 2, 3, 4]})
    return table_id


def test_a_building_turn_offers_cards_then_cities_then_pieces(app, client):
    table_id = build_turn(app, client)
    anna = join(app, table_id, "p1")
    html = page(anna, table_id)
    form = form_of(html, "place")
    cards = re.findall(r'<input type="radio" name="card" value="(\d-\d)"', form)
    assert cards == [f"{r}-{c}" for r in range(3) for c in range(3)]
    assert re.findall(r'name="city" value="(\w+)"', form) == ["manhattan", "cairo", "sao_paulo", "frankfurt", "sydney", "hong_kong"]
    assert re.findall(r'name="piece" value="([\w-]+)"', form) == ["black-1", "black-2", "black-3", "black-4"]
    data = json.loads(re.search(r'<script type="application/json" class="mh-data"[^>]*>(.*?)</script>', form, re.S)[1])
    assert data["fits"]["0-0"]["cairo"] == {"black": [1, 2, 3, 4]}
    # the choice first: the pass is folded away, the board is in a fold below
    assert re.search(r'<details class="mh-pass" data-keep="pass">', html)
    assert html.index('class="act act-place') < html.index('<details class="board-box"')


@pytest.mark.parametrize("side", ["S", "W", "N", "E"])
def test_the_phones_cities_are_turned_to_the_seats_side(app, client, side):
    """Anna builds on Cairo's north-west lot. On the phone of Bruno, sitting at ``side``,
    that tower shows at the square of the card that would point there from his side
    (MH-T-3), and the N sits on the picture's edge that faces north."""
    others = [s for s in ("S", "W", "N", "E") if s != side]
    table_id = build_turn(app, client, sides=(others[0], side, others[1]))
    anna_card = CARD_LOTS[others[0]].index(0)
    act(app, table_id, "p1", {"type": "place", "colour": "black", "card": [anna_card // 3, anna_card % 3],
                              "city": "cairo", "height": 3})
    form = form_of(page(join(app, table_id, "p2"), table_id), "place")
    cairo = re.search(r'data-city="cairo">.*?</label>', form, re.S)[0]
    cells = {str((int(y) - 11) // 47 * 3 + (int(x) - 11) // 47): inside  # a cell's place, 0-8, from where it is drawn
             for x, y, inside in re.findall(r'<rect x="(\d+)" y="(\d+)" width="44"[^>]*/>((?:<text[^>]*>[^<]*</text>)*)',
                                            cairo)}
    assert sorted(cells) == [str(p) for p in range(9)]
    at = str(CARD_LOTS[side].index(0))
    assert ">3</text>" in cells[at] and ">An</text>" in cells[at]
    assert all(">An</text>" not in cell for sq, cell in cells.items() if sq != at)
    north = {"S": (80, 7), "N": (80, 159), "E": (156, 84), "W": (4, 84)}[side]
    assert f'<text x="{north[0]}" y="{north[1]}" class="mhs-north">N</text>' in cairo


def test_a_placement_shows_on_the_table_with_storeys_owner_and_the_last_card(app, client):
    table_id = build_turn(app, client)
    anna = join(app, table_id, "p1")
    response = post(anna, table_id, {"type": "place", "colour": "black", "card": [0, 0], "city": "cairo", "height": 4},
                    htmx=False)
    assert response.status_code == 302
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    lot = tower(html, "cairo", "0-0")
    assert 'data-owner="black" data-storeys="4"' in lot and 'class="mhb-n">4</text>' in lot
    assert 'class="mhb-i">An</text>' in lot and "tallest" in lot and "mh-last" in lot
    assert "Cairo, north-west: 4 storeys, black (Anna)" in lot  # the lot's title, in words
    assert "leads: An" in html
    assert "Last card: Anna's far left card → Cairo, north-west lot: a 4-storey black piece." in unescape(html)


def test_building_over_a_tower_offers_only_heights_that_reach_it(app, client):
    """Anna's 4 on Cairo's north-west lot: Bruno (west) may build there only with a 4 (MH-B-3);
    the form marks 1-3 with the reason, and a 2 posted anyway is refused."""
    table_id = build_turn(app, client)
    act(app, table_id, "p1", {"type": "place", "colour": "black", "card": [0, 0], "city": "cairo", "height": 4})
    bruno = join(app, table_id, "p2")
    form = form_of(page(bruno, table_id), "place")
    card = ui.key([CARD_LOTS["W"].index(0) // 3, CARD_LOTS["W"].index(0) % 3])
    data = json.loads(re.search(r'class="mh-data"[^>]*>(.*?)</script>', form, re.S)[1])
    assert data["fits"][card]["cairo"] == {"light_blue": [4]}
    why = data["why"][card]["cairo"]["light_blue"]
    assert why["rule"] == "MH-B-3" and why["heights"] == [1, 2, 3]
    assert "belongs to black with 4 storeys" in why["text"] and "at least 4" in why["text"]
    assert re.search(r'data-rules="/rules/manhattan"', form)
    response = post(bruno, table_id, {"type": "place", "colour": "light_blue", "card": ui.square(card),
                                      "city": "cairo", "height": 2})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and 'href="/rules/manhattan#MH-B-3"' in html
    assert "you need a light blue piece of at least 4" in html and form_of(page(bruno, table_id), "place")
    assert len(events(app, table_id)) == 4  # three picks and Anna's tower
    assert post(bruno, table_id, {"type": "place", "colour": "light_blue", "card": ui.square(card),
                                  "city": "cairo", "height": 4}).status_code == 200
    lot = tower(client.get(f"/t/{table_id}").get_data(as_text=True), "cairo", "0-0")
    assert 'data-owner="light_blue" data-storeys="8"' in lot and ">Br</text>" in lot


def test_a_pass_sets_the_smallest_piece_aside(app, client):
    table_id = build_turn(app, client)
    anna = join(app, table_id, "p1")
    form = form_of(page(anna, table_id), "pass")
    assert 'name="colour" value="black"' in form and form.count('name="card"') == 9
    assert post(anna, table_id, {"type": "pass", "colour": "black", "card": [1, 1]}).status_code == 200
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Anna could not build: showed the centre card and set a 1-storey black piece aside." in html
    assert re.search(r'<tr id="mh-supply-black" data-colour="black">.*?<td class="mh-picked">2 3 4 <span class="small">\(1 set aside\)', html, re.S)
    assert "showed the centre card and passed" in html


def test_two_colours_build_and_pass_with_either(app, client):
    table_id = create_mh(client, names=("Anna", "Bruno"), sides=("S", "N"))
    pick_all(app, table_id)
    anna = join(app, table_id, "p1")
    html = page(anna, table_id)
    pieces = re.findall(r'name="piece" value="([\w-]+)"', form_of(html, "place"))
    assert {p.rsplit("-", 1)[0] for p in pieces} == {"black", "red"}
    assert re.findall(r'name="colour" value="(\w+)"', form_of(html, "pass")) == ["black", "red"]
    assert "An1" in html and "An2" in html  # her two colours, told apart without colour
    assert post(anna, table_id, {"type": "place", "colour": "red", "card": [2, 2], "city": "sydney", "height": 1}).status_code == 200
    assert 'data-owner="red"' in tower(client.get(f"/t/{table_id}").get_data(as_text=True), "sydney", "2-2")


def private_table(app, client):
    table_id = create_mh(client, hands="private")
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2", "p3")}
    return table_id, phones


def test_private_hands_start_with_entering_the_cards_dealt(app, client):
    table_id, phones = private_table(app, client)
    html = page(phones["p2"], table_id)
    form = form_of(html, "draw")
    assert form.count('name="card"') == 9 and "Enter 4 more cards" in html
    for card in ([0, 0], [0, 0], [2, 1], [1, 2]):
        assert post(phones["p2"], table_id, {"type": "draw", "card": card}).status_code == 200
    mine = page(phones["p2"], table_id)
    assert "Your cards (4 of 4)" in mine and mine.count('class="mh-held"') == 4
    assert "You drew the far left card." in mine
    for other in (page(phones["p1"], table_id), page(phones["p3"], table_id),
                  client.get(f"/t/{table_id}").get_data(as_text=True)):
        assert "Bruno entered a card drawn." in other and "far left card" not in other
        assert 'class="mh-held"' not in other
    assert "4 cards" in client.get(f"/t/{table_id}").get_data(as_text=True)


def test_a_card_seen_five_times_cannot_be_entered(app, client):
    """Anna was dealt four centres; once three are on the played stack and she holds the
    other two, a centre cannot be what she drew (MH-T-4)."""
    table_id, phones = private_table(app, client)
    for seat, cards in {"p1": [[1, 1]] * 4, "p2": [[1, 1], [0, 1], [0, 1], [0, 1]], "p3": [[0, 2]] * 4}.items():
        for card in cards:
            post(phones[seat], table_id, {"type": "draw", "card": card})
    assert "Your cards (4 of 4)" in page(phones["p1"], table_id)
    pick_all(app, table_id)
    for seat, card, city, drawn in (("p1", [1, 1], "cairo", [0, 2]), ("p2", [1, 1], "sydney", [0, 1]),
                                    ("p3", [0, 2], "hong_kong", [0, 2])):
        colour = live(app, table_id).state["players"][int(seat[1]) - 1]["colours"][0]
        act(app, table_id, seat, {"type": "place", "colour": colour, "card": card, "city": city, "height": 1})
        act(app, table_id, seat, {"type": "draw", "card": drawn})
    act(app, table_id, "p1", {"type": "place", "colour": "black", "card": [1, 1], "city": "frankfurt", "height": 1})
    form = form_of(page(phones["p1"], table_id), "draw")
    assert 'name="card" value="1-1"' not in form and "already hold them all" in form
    assert 'href="/rules/manhattan#MH-T-4"' in form
    response = post(phones["p1"], table_id, {"type": "draw", "card": [1, 1]})
    assert response.status_code == 422 and "MH-T-4" in response.get_data(as_text=True)


def pick_all_private(app, table_id):
    """Seats still short of cards enter far-right cards, then every colour picks."""
    table = live(app, table_id)
    for seat in sorted(table.seats):
        while len(table.state["hands"][seat]) < 4:
            act(app, table_id, seat, {"type": "draw", "card": [0, 2]})
    pick_all(app, table_id)


def test_with_private_hands_the_phone_offers_only_the_cards_held(app, client):
    table_id, phones = private_table(app, client)
    for seat, cards in {"p1": ([0, 0], [0, 0], [2, 2], [1, 0]), "p2": ([1, 1],) * 4, "p3": ([2, 0],) * 4}.items():
        for card in cards:
            act(app, table_id, seat, {"type": "draw", "card": card})
    pick_all(app, table_id)
    form = form_of(page(phones["p1"], table_id), "place")
    assert re.findall(r'name="card" value="(\d-\d)"', form) == ["0-0", "1-0", "2-2"]
    assert "far left ×2" in form
    response = post(phones["p1"], table_id, {"type": "place", "colour": "black", "card": [1, 1], "city": "cairo", "height": 1})
    assert response.status_code == 422 and "MH-H-2" in response.get_data(as_text=True)


def test_each_rounds_scoring_is_explained_line_by_line(app, client):
    """Round 1 of a three-player game, every piece a single storey: the tallest height is
    shared and Frankfurt is tied (nobody scores either). The table lists every line of the
    round's three scorings; the phone its own points and the whole round, ties included."""
    from companion.engines.text import english

    table_id = create_mh(client)
    table = live(app, table_id)
    pick_all(app, table_id, {"black": [1, 1, 1, 1], "light_blue": [1, 1, 1, 1], "red": [1, 1, 1, 1]})
    turns = [("p1", "black", [0, 0], "cairo"), ("p2", "light_blue", [0, 0], "frankfurt"), ("p3", "red", [0, 0], "hong_kong"),
             ("p1", "black", [2, 2], "frankfurt"), ("p2", "light_blue", [0, 0], "sydney"), ("p3", "red", [0, 1], "hong_kong"),
             ("p1", "black", [0, 1], "cairo"), ("p2", "light_blue", [0, 1], "sydney"), ("p3", "red", [0, 2], "hong_kong"),
             ("p1", "black", [0, 2], "cairo"), ("p2", "light_blue", [0, 2], "sydney"), ("p3", "red", [0, 0], "manhattan")]
    for seat, colour, card, city in turns:
        act(app, table_id, seat, {"type": "place", "colour": colour, "card": card, "city": city, "height": 1})
    assert table.state["round"] == 2
    screen = client.get(f"/t/{table_id}").get_data(as_text=True)
    scores = screen.split('<section class="scores">')[1]
    result = table.engine.scores(table.state)
    assert [english(e["title"]) for e in result["events"]] == [
        "Round 1: tallest tower", "Round 1: city majorities", "Round 1: towers owned"]
    for event in result["events"]:
        assert english(event["title"]) in scores and f'href="/rules/manhattan#{event["rule"]}"' in scores
        for line in event["lines"]:
            assert english(line["text"]) in scores.replace("&#39;", "'"), english(line["text"])
    assert "12 towers share the greatest height of 1 storey" in scores
    assert "Frankfurt: Bruno (light blue), Anna (black) tie with 1 tower each; nobody scores." in scores
    phone = page(join(app, table_id, "p1"), table_id)
    fold = re.search(r'<details class="mh-round-score".*?</details>', phone, re.S)[0]
    assert fold.count("<h3>") == 3 and "Frankfurt: Bruno (light blue), Anna (black) tie" in fold
    assert '<li class="mine">Cairo: Anna (black) owns the most towers (3 of 3). <strong>+2</strong>' in fold
    assert f"Your score: {result['totals']['p1']}" in phone and result["totals"]["p1"] == 2 + 4


@pytest.mark.parametrize("names", [("Anna", "Bruno"), ("Anna", "Bruno", "Carla")], ids=["2p", "3p"])
def test_the_end_is_the_shared_final_screen_and_two_colours_are_split(app, client, names):
    """The ranking, each player's points by kind of scoring and the chart are the shared
    final screen's; the game's own end adds each colour's points only when a player builds
    with two colours (two players)."""
    import random

    from companion.engines.manhattan import playout

    table_id = create_mh(client, names=names)
    table, rng = live(app, table_id), random.Random(4)
    while not table.engine.is_over(table.state):
        seat = rng.choice(sorted(table.engine.to_act(table.state)))
        act(app, table_id, seat, playout.random_action(table.state, seat, rng))
    result = table.engine.scores(table.state)
    by_name = {p["name"]: p["seat"] for p in table.row.config["players"]}
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    phone = page(join(app, table_id, "p2"), table_id)
    for shown in (html, phone):
        assert "The game is over." in shown
        assert "Final ranking" not in shown and "Scores after each round" not in shown and "mh-end" not in shown
        final = final_screen(shown)
        assert [total for *_rest, total in final["ranking"]] == sorted(result["totals"].values(), reverse=True)
        assert {by_name[name] for _place, name, winner, _total in final["ranking"] if winner} == set(result["winners"])
        assert {by_name[name]: total for name, total in final["totals"].items()} == result["totals"]
        assert final["kinds"] == ["tallest tower", "city majorities", "towers owned"]
        assert final["lines"] == len(names) and final["chart_title"] == "Scores over the game"
        assert shown.count('class="mh-kinds"') == (len(names) == 2)
    if len(names) == 2:
        kinds = re.search(r'<table class="mh-kinds">.*?</table>', html, re.S)[0]
        assert "Points by colour" in kinds and kinds.count("<tr data-colour=") == 4
        for colour, total in result["colour_totals"].items():
            row = re.search(rf'<tr data-colour="{colour}">(.*?)</tr>', kinds, re.S)[1]
            cells = [int(n) for n in re.findall(r"<td>(?:<strong>)?(\d+)", row)]
            by_rule = [sum(e["by_colour"].get(colour, 0) for e in result["events"] if e["rule"] == rule)
                       for rule in ("MH-SC-1", "MH-SC-2", "MH-SC-3")]
            assert cells == by_rule + [total] and sum(by_rule) == total


def test_the_table_has_nothing_for_the_host_to_draw(app, client, table):
    table_id, _ = table
    response = client.post(f"/t/{table_id}/table-act", data={"seq": 0, "draw": "server"})
    assert response.status_code == 400 and "nothing the server can draw" in response.get_data(as_text=True)


@pytest.mark.parametrize("fields", [
    {"type": "place", "card": "0-0", "city": "cairo"},
    {"type": "pick", "colour": "black", "n_1": "x"},
    {"type": "teleport"},
])
def test_a_broken_form_is_refused_in_the_page_and_changes_nothing(app, table, fields):
    table_id, phones = table
    response = phones["p1"].post(f"/t/{table_id}/act", data={"seq": 0, **fields}, headers={"HX-Request": "true"})
    assert response.status_code == 400 and 'class="message refused"' in response.get_data(as_text=True)
    assert events(app, table_id) == []


def test_the_rules_page_holds_the_decisions_the_screens_rely_on(client):
    html = client.get("/rules/manhattan").get_data(as_text=True)
    for rule in ("MH-C-3", "MH-S-2", "MH-T-3", "MH-T-5", "MH-B-3", "MH-H-1", "MH-H-2", "MH-SC-2"):
        assert f'id="{rule}"' in html
    assert "box profile" in html and "lets the wizard draw one" in html
    assert "No card lets you build? Pass" in html
