"""The shapes the screens are built on: legal() and view() (and their explanations)."""

from companion.engines import common
from companion.engines.text import english

from .scenario import TABLE, act, config, fa, hand, in_auction, started


def card(colour, value):
    return {"color": colour, "value": value}


def test_view_of_a_fresh_table():
    view = fa.view(fa.setup(config(2)), None)
    assert [p["seat"] for p in view["players"]] == ["s1", "s2", "dummy"]
    assert view["players"][0] == {"seat": "s1", "name": "Anna", "colour": "red", "initials": "An",
                                  "score": 0, "hand_size": 9, "reserve": 3, "supply": 12,
                                  "on_board": 0, "central_park": 0}
    assert view["players"][2]["colour"] == "green" and view["players"][2]["dummy"] is True
    assert view["start_player"] == "s1" and view["active"] == "s1" and view["phase"] == "initial"
    assert view["board"] == "5-lot" and list(view["quarters"]) == list(fa.QUARTERS)
    ts = view["quarters"]["ts"]
    assert english(ts["name"]) == "Times Square" and ts["closed"] is False
    assert [l["color"] for l in ts["lots"]] == ["orange", "green", "grey", "brown", "violet"]
    assert ts["lots"][1] == {"color": "green", "shops": ["perfumery"], "owner": None, "buildings": 0}
    assert view["commissions"]["white"] == {"at": "city_hall", "markers": []}
    assert len(view["display"]) == 20 and view["current_block"] == 0 and view["next_special"] == 3
    assert view["central_park"] == {"buildings": {"s1": 0, "s2": 0}, "shops": [], "revealed": None}
    assert view["supply"] == {"red": 12, "yellow": 12, "green": 18}
    assert view["piles"]["black"] == 42 and view["piles"]["grey"] == 10
    assert view["auction"] is None and view["last_auction"] is None
    assert view["over"] is False and view["winners"] == [] and "hand" not in view
    assert view["to_act"] == ["s1"]
    assert english(view["status"]) == "Waiting for Anna to place an initial building."


def test_legal_in_the_initial_step():
    state = fa.setup(config(3))
    legal = fa.legal(state, "s1")
    assert legal["phase"] == "initial" and legal["blocked"] == [] and legal["waiting_for"] == ["s1"]
    assert english(legal["prompt"]) == "Place your first initial building on an empty lot."
    lots = legal["actions"][0]["lots"]
    assert {"quarter": "ts", "lot": "grey"} in lots and {"quarter": "ts", "lot": "green"} not in lots
    assert len(lots) == 7 * 4
    waiting = fa.legal(state, "s2")
    assert waiting == {"phase": "initial", "prompt": None, "actions": [], "blocked": [],
                       "waiting_for": ["s1"]}
    assert waiting == common.not_due("initial", fa.to_act(state))
    state = act(state, "s1", "place_initial_building", quarter="ts", lot="grey")
    state = act(state, "s3", "place_initial_building", quarter="ts", lot="brown")
    state = act(state, "s2", "place_initial_building", quarter="ts", lot="violet")
    assert english(fa.legal(state, "s2")["prompt"]) == \
        "Place your second initial building on an empty lot in another quarter."


def test_legal_in_the_choose_step():
    legal = fa.legal(started(), "s1")
    assert [a["type"] for a in legal["actions"]] == ["take_buildings", "place_shop", "take_black"]
    assert legal["actions"][0] == {"type": "take_buildings", "count": 3}
    assert legal["actions"][2] == {"type": "take_black", "values": False, "pile": 50 - 12}
    assert [(b["type"], b["rule"]) for b in legal["blocked"]] == [("score_quarter", "FA-Q-1")]
    assert english(legal["blocked"][0]["reason"]) == \
        "D is not possible: no commission stands in a quarter."
    assert english(legal["prompt"]) == \
        "Choose your action: A take 3 buildings, B place a shop, C draw a black card."


def test_legal_bid_entry_open():
    state = started(3)
    hand(state, "s2", ("orange", 4), ("grey", 5), ("black", 6))
    state = in_auction(state, quarters=["ts"])
    state = act(state, "s1", "bid", cards=[card("grey", 4)])
    legal = fa.legal(state, "s2")
    assert english(legal["prompt"]) == "Bid for Times Square above 4 (Anna), or pass."
    bid, pss = legal["actions"]
    assert bid == {"type": "bid", "colors": ["orange", "grey"], "laid": [], "beat": 4,
                   "min_total": 5, "sealed": False, "kind": "quarter", "quarter": "ts",
                   "held": {"orange": 1, "grey": 1, "black": 1}}
    assert pss == {"type": "pass"}
    assert fa.legal(state, "s3") == common.not_due("auction", {"s2"})
    assert english(fa.view(state, "s3")["status"]) == \
        "Waiting for Bruno to bid or pass on Times Square."


def test_legal_explains_a_bid_that_is_not_possible():
    state = started(3)
    hand(state, "s2", ("green", 4), ("black", 6))
    state = in_auction(state, quarters=["ts"])
    state = act(state, "s1", "pass")
    legal = fa.legal(state, "s2")
    assert [a["type"] for a in legal["actions"]] == ["pass"]
    assert [(b["type"], b["rule"]) for b in legal["blocked"]] == [("bid", "FA-A-3")]
    assert english(legal["blocked"][0]["reason"]) == \
        "You cannot bid: you hold no card of the colours orange, grey, brown, violet."


def test_view_shows_the_open_auction():
    state = started(3)
    hand(state, "s1", ("grey", 4))
    state = in_auction(state, quarters=["ts", "52w"])
    state = act(state, "s1", "bid", cards=[card("grey", 4)])
    auction = fa.view(state, "s3")["auction"]
    assert auction["kind"] == "quarter" and auction["quarter"] == "ts"
    assert auction["opener"] == "s1" and auction["order"] == ["s1", "s2", "s3"]
    assert auction["bids"] == {"s1": {"cards": [card("grey", 4)], "total": 4, "color": "grey"}}
    assert auction["highest"] == {"seat": "s1", "total": 4} and auction["turn"] == "s2"
    assert auction["round_queue"] == ["52w", "central_park"] and auction["sealed"] is False


def test_views_share_what_every_seat_sees():
    """The board is worked out once per state for all its views, and the quarters once for
    as long as the moves leave them alone; each seat still gets its own auction."""
    state = started(3)
    hand(state, "s1", ("grey", 4))
    state = in_auction(state, quarters=["ts", "52w"])
    bid = act(state, "s1", "bid", cards=[card("grey", 4)])
    views = [fa.view(bid, seat) for seat in ("s1", "s2", None)]
    assert views[0]["players"] is views[1]["players"] is views[2]["players"]
    assert views[0]["auction"] is not views[1]["auction"]
    after = dict(bid, phase=bid["phase"])  # a state whose move left the quarters alone
    assert fa.view(after, "s1")["quarters"] is views[0]["quarters"]
    assert fa.view(after, "s1")["players"] is not views[0]["players"]  # another state
    alike = fa.view(common.clone(bid), None)["quarters"]  # equal quarters, but not the same
    assert alike == views[2]["quarters"] and alike is not views[2]["quarters"]


def test_legal_for_build_and_table_inputs():
    state = started(2)
    hand(state, "s1", ("grey", 4), ("grey", 5))
    state = in_auction(state, quarters=["ts"])
    assert fa.legal(state, TABLE) == common.not_due("auction", {"s1"})
    state = act(state, "s1", "bid", cards=[card("grey", 4), card("grey", 5)])
    state = act(state, "s2", "pass")
    legal = fa.legal(state, TABLE)
    assert legal["phase"] == "dummy" and legal["actions"] == [{"type": "dummy_bid", "seat": "dummy"}]
    state = act(state, TABLE, "dummy_bid", draws=[4, 4])
    legal = fa.legal(state, "s1")
    assert legal["actions"] == [{"type": "build", "max": 2, "limit": 2, "kind": "quarter",
                                 "quarter": "ts", "lot": "grey"}]
    assert legal["blocked"][0]["type"] == "close_quarter"
    assert fa.view(state, "s2")["build"]["seat"] == "s1"


def described(state, seat, kind, viewer=None, **fields):
    """The log line of an action (in English) and the state after it."""
    action = {"type": kind, **fields}
    after = fa.apply(state, seat, action)
    return english(fa.describe(state, after, seat, action, viewer)), after


def test_describe_lines():
    state = started(3)
    line, _after = described(state, "s1", "place_shop", shop="jeweler", quarter="ts", lot="grey")
    assert line == "Anna chose B and placed a jeweler on the grey lot of Times Square."
    line, state = described(state, "s1", "take_buildings", "s2")
    assert line == "Anna chose A and took 3 buildings into the reserve."
    line, state = described(state, "s1", "take_colored", cards=[{"color": "orange"}, {"color": "grey"}])
    assert line == "Anna took 2 cards: orange, grey."
    line, state = described(state, "s1", "move_commission", commission="white", to="34e")
    assert line == "Anna moved the white commission from City Hall to 34th Street East."


def test_describe_reads_the_state_after_the_move():
    state = started(3)
    state["supply"]["s1"] = 1
    line, _after = described(state, "s1", "take_buildings")
    assert line == "Anna chose A and took 1 building into the reserve."
    state = started(3)
    state["commissions"]["white"]["at"] = "34w"
    line, _after = described(state, "s1", "score_quarter", quarter="34w")
    assert line == "Anna chose D and scored 34th Street West: Anna 1, Carla 1, Bruno 2."
