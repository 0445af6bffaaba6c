"""Palazzo's screens over plain HTTP: the table picture (quarries numbered from the master
builder's, the supply and its price, knights, palaces with their value now), the phones
(only legal choices, refusals with their rule), server draws, the end with its ranking
and tie-break, and pages that show nothing of another seat's secrets."""

import random
import re
from html import unescape

from flask import render_template

from companion.engines import palazzo as pz
from companion.engines.palazzo import playout
from companion.engines.palazzo import scoring as pz_scoring
from companion.tables import Live
from companion.web import moment, picture
from companion.web.games import palazzo as ui
from tests.web.conftest import events, final_screen, join, post_action, seq_of
from tests.web.palazzo_setup import create_palazzo

SEATS = ("p1", "p2", "p3")
NAMES = {"p1": "Anna", "p2": "Ben", "p3": "Cleo"}


class Table:
    """A Palazzo table with the host's client and a phone per seat."""

    def __init__(self, app, client, **options):
        self.app, self.host = app, client
        self.id = create_palazzo(client, **options)
        self.phones = {seat: join(app, self.id, seat) for seat in SEATS}

    @property
    def live(self) -> Live:
        return self.app.extensions["companion"]["tables"].get(self.id)

    def post(self, seat, action, seen=None, htmx=True):
        seq = self.live.seq if seen is None else seen
        return post_action(self.phones[seat], self.id, seq, action, ui=ui, htmx=htmx)

    def play(self, *moves):
        for seat, action in moves:
            response = self.post(seat, action)
            assert response.status_code == 200, (seat, action, refusal(response))

    def phone(self, seat) -> str:
        return self.phones[seat].get(f"/t/{self.id}/me").get_data(as_text=True)

    def screen(self) -> str:
        return self.host.get(f"/t/{self.id}").get_data(as_text=True)


def end_palaces(html: str) -> dict[str, list[int]]:
    """The end's table of each player's palaces: name -> the palaces' values."""
    table = re.search(r'<table class="pz-end-palaces">.*?</table>', html, re.S)[0]
    assert "<td>" in table and "Place" not in table and "Points" not in table
    return {name: [] if unescape(values) == "—" else [int(v) for v in values.split(" · ")] for name, values in
            re.findall(r'<th scope="row">(.*?)</th>\s*<td>(.*?)</td>', table, re.S)}


def palace_values(state) -> dict[str, list[int]]:
    """What the engine counts for each player's palaces, by name."""
    return {NAMES[seat]: [pz_scoring.palace_points(p)["points"] for p in palaces]
            for seat, palaces in state["palaces"].items()}


def refusal(response) -> str:
    found = re.search(r'class="message refused".*?</div>', response.get_data(as_text=True), re.S)
    return re.sub(r"\s+", " ", found[0]) if found else ""


def quarry_box(html: str, number: int) -> str:
    return html.split(f'data-quarry="{number}">')[1].split('<g id="pz-quarry-')[0]


DRAW = {"type": "draw_tiles", "tiles": ["m5w3", "b3w2"]}
AUCTION_1 = {"type": "auction", "quarry": 1}


def auction_won_by_ben(table):
    """Anna draws and auctions quarry 1 (m2w2); Ben raises with C5, the others pass."""
    table.play(("p1", DRAW), ("p1", AUCTION_1), ("p2", {"type": "raise", "cards": ["c5"]}),
               ("p3", {"type": "pass"}), ("p1", {"type": "pass"}))


def test_the_table_picture_numbers_the_quarries_from_the_master_builders(app, client):
    table = Table(app, client)
    html = table.screen()
    assert 'class="pz-yard"' in html and "Knights drawn: 0 of 5" in html
    assert "1 tile · price 9 a tile" in html
    zero = quarry_box(html, 0)
    assert "Quarry 0" in zero and "master builder" in zero and 'data-tile="s1w1"' in zero
    assert "next auction" in quarry_box(html, 1) and 'class="pz-quarry next"' in html
    assert 'x="335" y="18"' in zero  # quarry 0 lies at the top place at setup
    table.play(("p1", DRAW), ("p1", AUCTION_1))
    html = table.screen()
    # He moved on to quarry 1, which is now quarry 0: the numbers follow him round the board.
    moved = quarry_box(html, 0)
    assert 'x="655" y="264"' in moved and "master builder" in moved and 'data-tile="m2w2"' in moved
    assert 'data-tile="b3w2"' in quarry_box(html, 1)  # the old quarry 2
    assert 'class="pz-quarry next"' not in html  # while the auction runs, no quarry is next
    log = html.split("What happened</summary>")[1]
    assert "Anna drew marble 5 (3 windows) to the supply and brick 3 (2 windows) to quarry 2" in log
    assert "moved the master builder on to quarry 1 and opens the auction of marble 2" in log


def test_every_palace_shows_its_value_now_and_its_reason(app, client):
    table = Table(app, client)
    auction_won_by_ben(table)
    table.play(("p2", {"type": "build", "tile": "m2w2", "to": "new"}))
    html = table.screen()
    ben = unescape(re.search(r'<section id="pz-player-p2" class="pz-player color-blue" data-seat="p2">.*?</section>', html, re.S)[0])
    assert "<title>Palace 1: one floor costs 5 → -5</title>" in ben and 'class="pz-palace-value">-5<' in ben
    scores = unescape(re.sub(r"<[^>]+>", "", html.split("Scores")[1]))
    assert "Ben, palace 1: one floor costs 5 → -5" in scores and "Ben -5" in scores
    assert "Your score: -5" in table.phone("p2")


def test_the_glyphs_speak_each_pages_own_language(app, client):
    """The palaces and tiles are drawn by macros made once for every page (imported
    without context): their words still follow the language of the page being drawn."""
    table = Table(app, client)
    auction_won_by_ben(table)
    table.play(("p2", {"type": "build", "tile": "m2w2", "to": "new"}))
    english = table.screen()
    italian = table.host.get(f"/t/{table.id}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert 'class="pz-palace-no">palace 1<' in english and 'class="pz-palace-no">palazzo 1<' in italian
    assert "Palazzo 1" in italian and 'class="pz-palace-no">palace 1<' not in italian


def test_the_phone_whose_turn_it_is_says_so_and_offers_only_what_is_allowed(app, client):
    table = Table(app, client)
    anna, ben = table.phone("p1"), table.phone("p2")
    assert "your-turn" not in anna and 'class="turn-banner mine">Your turn</h1>' in anna and "Anna: take money, draw two tiles or reconstruct." in ben
    assert "act-take_money" in anna and "act-draw_tiles" in anna and "act-reconstruct" not in anna
    blocked = anna.split("Why not something else?")[1]
    assert "You have no palace to rebuild." in blocked and 'href="/rules/palazzo#PZ-R-1"' in blocked
    assert "<form" not in ben.split('class="turn"')[1].split("</section>")[0]  # nothing to do
    draw = unescape(anna.split("act-draw_tiles")[1].split("</form>")[0])
    assert 'value="s1w1"' not in draw  # every s1w1 lies on a quarry already
    assert re.search(r'value="knight">a knight · 5 left', draw)
    assert "brick 3 (1 window) → quarry 1 · 2 left" in draw


def test_buy_or_auction_offers_the_supply_at_its_price_and_the_next_quarry(app, client):
    table = Table(app, client)
    table.play(("p1", DRAW))
    anna = table.phone("p1")
    buy = anna.split("act-buy")[1].split("</form>")[0]
    assert re.findall(r'name="tile" value="(\w+)"', buy) == ["b1w1", "m5w3"]
    assert "8 a tile" in anna and 'data-need="8"' in buy
    auction = anna.split("act-auction")[1].split("</form>")[0]
    assert 'name="quarry" value="1"' in auction and "Move the master builder to quarry 1 and auction it" in auction


def test_a_payment_of_two_currencies_is_refused_with_its_rule_and_changes_nothing(app, client):
    table = Table(app, client)
    table.play(("p1", DRAW), ("p1", AUCTION_1))
    before = len(events(app, table.id))
    response = table.post("p2", {"type": "raise", "cards": ["a5", "b5"]})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "loose cards A5, B5 are in 2 currencies" in html and 'href="/rules/palazzo#PZ-P-1"' in html
    assert len(events(app, table.id)) == before
    assert "act-raise" in table.phone("p2")  # the form is still there to correct


def test_a_raise_too_small_and_a_stale_move_are_refused(app, client):
    table = Table(app, client)
    table.play(("p1", DRAW), ("p1", AUCTION_1))
    small = table.post("p2", {"type": "raise", "cards": ["w2"]})
    assert small.status_code == 422 and 'href="/rules/palazzo#PZ-A-3"' in small.get_data(as_text=True)
    stale = table.post("p2", {"type": "raise", "cards": ["c5"]}, seen=0)
    assert stale.status_code == 409 and "The table moved on" in stale.get_data(as_text=True)
    wrong = table.post("p3", {"type": "pass"})
    assert wrong.status_code == 422 and "It is not your turn: waiting for Ben" in wrong.get_data(as_text=True)


def test_the_running_auction_shows_every_bid_on_every_page(app, client):
    table = Table(app, client)
    table.play(("p1", DRAW), ("p1", AUCTION_1), ("p2", {"type": "raise", "cards": ["c5"]}))
    for html in (table.screen(), table.phone("p3")):
        box = unescape(html.split('class="auction pz-auction"')[1].split("</div>")[0])
        assert re.search(r"Anna:\s*<strong>3</strong>\s*\(opening certificate 3\)", box)
        assert re.search(r"Ben:\s*<strong>5</strong>\s*\(<span class=\"pz-card pz-cur-c \" data-card=\"c5\">C5</span>\) · highest", box)
        assert re.search(r"Cleo:\s*—\s*· <em>to bid</em>", box)
    cleo = table.phone("p3")
    assert "Highest bid: 5" in cleo and "add at least 6" in cleo


def test_a_tile_that_does_not_fit_on_a_palace_says_why(app, client):
    table = Table(app, client)
    auction_won_by_ben(table)
    table.play(("p2", {"type": "build", "tile": "m2w2", "to": "new"}),
               ("p2", {"type": "draw_tiles", "tiles": ["s3w1", "m1w1"]}),
               ("p2", {"type": "buy", "tiles": ["b1w1"], "cards": ["a7"]}))
    ben = table.phone("p2")
    form = ben.split("act-build")[1].split("</form>")[0]
    assert re.search(r'<button type="button" disabled[^>]*>on palace 1</button>', form)
    assert "Palace 1 ends at floor 2: a floor 1 would go underneath, which takes a reconstruction." in form
    assert 'href="/rules/palazzo#PZ-BLD-2"' in form
    assert 'value="b1w1|new"' in form and 'value="b1w1|discard"' in form and 'value="b1w1|0"' not in form
    table.play(("p2", {"type": "build", "tile": "b1w1", "to": "new"}))
    # Ben's next turn may reconstruct: put the lone brick 1 under the marble 2.
    table.play(("p3", {"type": "draw_tiles", "tiles": ["s2w1", "m4w2"]}), ("p3", {"type": "auction", "quarry": 1}),
               ("p1", {"type": "pass"}), ("p2", {"type": "pass"}),
               ("p3", {"type": "build", "tile": "b2w3", "to": "new"}))
    table.play(("p3", {"type": "build", "tile": "b3w2", "to": "discard"}))
    table.play(("p3", {"type": "build", "tile": "m1w1", "to": "discard"}))
    ben = table.phone("p1")  # Anna's turn now
    assert "act-reconstruct" not in ben
    table.play(("p1", {"type": "take_money", "cards": ["a3", "b3", "c3", "w2"]}),
               ("p1", {"type": "pick", "cards": ["a3", "b3"]}), ("p2", {"type": "pick", "cards": ["c3"]}))
    ben = table.phone("p2")
    form = ben.split("act-reconstruct")[1].split("</form>")[0]
    assert "Put brick 1 (1 window) (palace 2) into palace 1" in form
    table.play(("p2", {"type": "reconstruct", "card": "c3", "move": "insert", "palace": 1, "into": 0}))
    assert table.live.state["palaces"]["p2"] == [["b1w1", "m2w2"]]


def test_money_turned_up_is_shown_to_all_and_taken_in_turn(app, client):
    table = Table(app, client)
    table.play(("p1", {"type": "take_money", "cards": ["a3", "b7", "c3", "w2"]}))
    screen = table.screen()
    assert "Money turned up" in screen and 'data-card="b7">B7<' in screen
    anna = table.phone("p1")
    assert "Tick the 2 cards you take:" in anna
    table.play(("p1", {"type": "pick", "cards": ["b7", "w2"]}))
    ben = table.phone("p2")
    assert re.search(r'<button name="card" value="a3" class="pz-pick">', ben)
    table.play(("p2", {"type": "pick", "cards": ["c3"]}))
    assert "Ben took C3; Cleo gets the last card, A3" in table.screen()


def test_the_server_draws_tiles_for_a_table_that_lets_it(app, client):
    table = Table(app, client, draws="server")
    anna = table.phone("p1")
    assert "Let the server draw two tiles" in anna and "Let the server turn them up" not in anna  # counted hands
    response = table.phones["p1"].post(f"/t/{table.id}/act", data={"seq": 0, "type": "draw_tiles", "draw": "server"},
                                       headers={"HX-Request": "true"})
    assert response.status_code == 200
    drawn = events(app, table.id)[-1].action
    assert drawn["type"] == "draw_tiles" and len(drawn["tiles"]) == 2
    money = table.phones["p1"].post(f"/t/{table.id}/act", data={"seq": 1, "type": "take_money", "draw": "server"})
    assert money.status_code == 422 and len(events(app, table.id)) == 1  # not now, and never with counted hands


def test_with_private_hands_each_phone_enters_or_is_dealt_its_own_cards(app, client):
    table = Table(app, client, hands="private", draws="server")
    anna = table.phone("p1")
    assert "Tap the 4 cards you were dealt" in anna and "Let the server deal my cards" in anna
    table.play(("p1", {"type": "enter_hand", "cards": ["a3", "a4", "b5", "w2"]}))
    response = table.phones["p2"].post(f"/t/{table.id}/act", data={"seq": 1, "type": "enter_hand", "draw": "server"})
    assert response.status_code == 302
    ben_cards = table.live.state["hands"]["p2"]["cards"]
    assert len(ben_cards) == 4
    anna = table.phone("p1")
    assert re.findall(r'class="pz-card pz-cur-\w hand" data-card="(\w+)"', anna) == ["a3", "a4", "b5", "w2"]
    for html in (table.phone("p2"), table.phone("p3"), table.screen()):
        assert "Anna entered their starting hand: " not in html and "Anna entered their starting hand" in html
        assert 'class="pz-cards pz-hand" data-seat="p1"' not in html
    assert re.findall(r'class="pz-card pz-cur-\w hand" data-card="(\w+)"', table.phone("p2")) == ben_cards
    assert "Anna entered their starting hand: A3, A4, B5, certificate 2" in anna


def test_the_end_ranks_the_players_and_breaks_a_tie_by_the_largest_payment(app, client):
    table = Table(app, client, hands="private")
    hands = {"p1": ["a3", "a4", "b5", "w2"], "p2": ["b3", "c4", "c5", "w2"], "p3": ["a6", "b6", "c6", "w2"]}
    table.play(*[(seat, {"type": "enter_hand", "cards": cards}) for seat, cards in hands.items()])
    knights = {"type": "draw_tiles", "tiles": ["knight", "knight"]}
    table.play(("p1", knights), ("p1", AUCTION_1), ("p2", {"type": "pass"}), ("p3", {"type": "pass"}),
               ("p1", {"type": "build", "tile": "m2w2", "to": "discard"}))
    table.play(("p2", knights), ("p2", {"type": "auction", "quarry": 1}), ("p3", {"type": "pass"}),
               ("p1", {"type": "pass"}), ("p2", {"type": "build", "tile": "b2w3", "to": "discard"}))
    table.play(("p3", {"type": "draw_tiles", "tiles": ["knight"]}))
    scores, names = pz.scores(table.live.state), NAMES
    assert scores["winners"] == ["p3"] and len(set(scores["totals"].values())) == 1
    for html in (table.screen(), table.phone("p1")):
        assert "The game is over." in html and "Cleo wins." in html
        tie = html.split('class="pz-tiebreak"')[1].split("</div>")[0]
        assert "Cleo: largest single payment 17 (certificate 2 + 1 group)" in tie
        assert "Ben: largest single payment 11 (C4, C5, certificate 2)" in tie
        assert 'href="/rules/palazzo#PZ-E-3"' in tie
        # the ranking is the shared final screen's: all level, the tie-break puts Cleo first
        # and the others share the second place, not the winner's
        final = final_screen(html)
        assert final["ranking"][0][:3] == (1, "Cleo", True)
        assert sorted(r[:3] for r in final["ranking"][1:]) == [(2, "Anna", False), (2, "Ben", False)]
        assert {names[s]: t for s, t in scores["totals"].items()} == final["totals"] == {
            name: total for _place, name, _winner, total in final["ranking"]}
        assert 'class="pz-ranking"' not in html
        assert end_palaces(html) == palace_values(table.live.state)


def test_with_counted_hands_a_tie_is_a_shared_win_and_says_why(app, client):
    table = Table(app, client)
    knights = {"type": "draw_tiles", "tiles": ["knight", "knight"]}
    table.play(("p1", knights), ("p1", AUCTION_1), ("p2", {"type": "pass"}), ("p3", {"type": "pass"}),
               ("p1", {"type": "build", "tile": "m2w2", "to": "new"}))
    table.play(("p2", knights), ("p2", {"type": "auction", "quarry": 1}), ("p3", {"type": "pass"}),
               ("p1", {"type": "pass"}), ("p2", {"type": "build", "tile": "b2w3", "to": "discard"}))
    table.play(("p3", {"type": "draw_tiles", "tiles": ["knight"]}))
    html = table.screen()
    assert "Shared win: Ben, Cleo." in html
    assert "the win is shared until the tied players compare their cards at the table" in html
    scores = pz.scores(table.live.state)
    assert scores["winners"] == ["p2", "p3"]
    final = final_screen(html)
    assert [(place, name, winner) for place, name, winner, _total in final["ranking"]] == [
        (1, "Ben", True), (1, "Cleo", True), (3, "Anna", False)]
    assert final["totals"] == {NAMES[s]: t for s, t in scores["totals"].items()}
    assert end_palaces(html) == palace_values(table.live.state)
    assert end_palaces(html)["Anna"] == [-5]  # one floor, one palace


def test_a_phone_page_never_changes_with_another_seats_secrets(app, client):
    """Each page is rendered from a state and from the same state with another seat's
    private hand and sealed bid swapped with the unplaced money: they must be identical."""
    table = Table(app, client, hands="private", bidding="sealed")
    rng, checked = random.Random(11), 0
    live = table.live
    while not pz.is_over(live.state) and live.seq < 120:
        seat = rng.choice(sorted(pz.to_act(live.state)))
        table.play((seat, playout.random_action(live.state, seat, rng)))
        if live.seq % 6 and live.state["phase"] != "sealed_auction":
            continue
        for owner in SEATS:
            hidden = playout.hide(live.state, owner, random.Random(live.seq))
            for viewer in [s for s in SEATS if s != owner] + [None]:
                assert page(app, live, live.state, viewer) == page(app, live, hidden, viewer), (owner, viewer, live.seq)
                checked += 1
    assert checked > 100


def page(app, live: Live, state: dict, viewer) -> str:
    """The main region of ``viewer``'s page (None: the table screen) drawn from ``state``."""
    shadow = Live(live.row, live.engine, state, live.seq, live.to_act, live.moves)
    with app.test_request_context("/"):
        now = moment.Facts(shadow, state, live.seq, -1, live.row)
        return picture.picture(shadow, viewer, "phone" if viewer else "table", now=now, presence={}).html


def test_the_phone_and_table_pages_load_palazzos_own_css_and_js(app, client):
    table = Table(app, client)
    for html in (table.screen(), table.phone("p1")):
        assert "css/palazzo.css" in html and "js/palazzo.js" in html
    assert client.get("/static/js/palazzo.js").status_code == 200


def test_the_main_fragment_and_a_plain_form_post_work_without_htmx(app, client):
    table = Table(app, client)
    fragment = table.phones["p1"].get(f"/t/{table.id}/main?page=phone").get_data(as_text=True)
    assert fragment.startswith('<div id="main" class="phone-main"') and seq_of(fragment) == 0
    plain = table.post("p1", DRAW, htmx=False)
    assert plain.status_code == 302
    refused = table.post("p1", {"type": "buy", "tiles": ["b1w1"], "cards": ["a5", "b6"]}, htmx=False)
    assert refused.status_code == 422 and "<html" in refused.get_data(as_text=True)


def test_four_tiles_on_the_next_quarry_are_shared_out_one_each(app, client):
    table = Table(app, client)
    auction_won_by_ben(table)
    table.play(("p2", {"type": "build", "tile": "m2w2", "to": "new"}),
               ("p2", {"type": "draw_tiles", "tiles": ["s3w1", "m1w1"]}),
               ("p2", {"type": "buy", "tiles": ["b1w1"], "cards": ["a7"]}),
               ("p2", {"type": "build", "tile": "b1w1", "to": "new"}),
               ("p3", {"type": "draw_tiles", "tiles": ["s2w1", "m4w1"]}))
    cleo = table.phone("p3")
    auction = cleo.split("act-auction")[1].split("</form>")[0]
    assert "Move the master builder to quarry 1 and share its tiles out" in auction
    assert 'href="/rules/palazzo#PZ-A-2"' in auction
    table.play(("p3", {"type": "auction", "quarry": 1}))
    screen = table.screen()
    assert "Shared out: 4 or more tiles, no auction" in screen
    assert re.search(r"Each takes one, in turn:\s*Cleo, Anna, Ben", screen)
    assert "act-build" in table.phone("p3") and "act-build" not in table.phone("p1")
    table.play(("p3", {"type": "build", "tile": "m4w1", "to": "new"}),
               ("p1", {"type": "build", "tile": "b2w3", "to": "new"}))
    ben = table.phone("p2")
    form = ben.split("act-build")[1].split("</form>")[0]
    assert 'value="b3w2|0"' in form  # floor 3 fits on top of his palace 1 (marble 2)
    table.play(("p2", {"type": "build", "tile": "b3w2", "to": 0}))
    assert "the 1 tile left there leaves the game" in table.screen()


def test_a_game_whose_engine_cannot_draw_for_a_seat_says_so(app, client):
    from tests.web.conftest import create_toy

    table_id = create_toy(client)
    anna = join(app, table_id, "p1")
    response = anna.post(f"/t/{table_id}/act", data={"seq": 0, "type": "secret", "draw": "server"})
    assert response.status_code == 400 and "nothing the server can draw" in response.get_data(as_text=True)
    assert events(app, table_id) == []
