"""The shapes the screens are built on: legal() and view() (and their explanations)."""

from .scenario import TABLE, act, config, fa, hand, in_auction, started


def card(colour, value):
    return {"color": colour, "value": value}


def test_view_of_a_fresh_table():
    view = fa.view(fa.setup(config(2)), None)
    assert [p["seat"] for p in view["players"]] == ["s1", "s2", "dummy"]
    assert view["players"][0] == {"seat": "s1", "name": "Anna", "color": "red", "score": 0,
                                  "hand_size": 9, "reserve": 3, "supply": 12, "on_board": 0,
                                  "central_park": 0}
    assert view["start_player"] == "s1" and view["active"] == "s1" and view["step"] == "initial"
    assert view["board"] == "5-lot" and list(view["quarters"]) == list(fa.QUARTERS)
    ts = view["quarters"]["ts"]
    assert ts["name"] == "Times Square" and ts["closed"] is False
    assert [l["color"] for l in ts["lots"]] == ["orange", "green", "grey", "brown", "violet"]
    assert ts["lots"][1] == {"color": "green", "shops": ["perfumery"], "owner": None, "buildings": 0}
    assert view["commissions"]["white"] == {"at": "city_hall", "markers": []}
    assert len(view["display"]) == 20 and view["current_block"] == 0 and view["next_special"] == 3
    assert view["central_park"] == {"buildings": {"s1": 0, "s2": 0}, "shops": [], "revealed": None}
    assert view["supply"] == {"red": 12, "yellow": 12, "blue": 18}
    assert view["piles"]["black"] == 42 and view["piles"]["grey"] == 10
    assert view["auction"] is None and view["last_auction"] is None
    assert view["over"] is False and view["winners"] == [] and "hand" not in view
    assert view["to_act"] == ["s1"] and view["prompt"] == "Waiting for Anna to place an initial building."


def test_legal_in_the_initial_step():
    state = fa.setup(config(3))
    legal = fa.legal(state, "s1")
    assert legal["step"] == "initial" and legal["blocked"] == []
    assert legal["prompt"] == "Place your first initial building on an empty lot."
    lots = legal["actions"][0]["lots"]
    assert {"quarter": "ts", "lot": "grey"} in lots and {"quarter": "ts", "lot": "green"} not in lots
    assert len(lots) == 7 * 4
    waiting = fa.legal(state, "s2")
    assert waiting == {"step": "initial", "actions": [], "blocked": [],
                       "prompt": "Waiting for Anna to place an initial building."}


def test_legal_in_the_choose_step():
    legal = fa.legal(started(), "s1")
    assert [a["type"] for a in legal["actions"]] == ["take_buildings", "place_shop", "take_black"]
    assert legal["actions"][0] == {"type": "take_buildings", "count": 3}
    assert legal["actions"][2] == {"type": "take_black", "values": False, "pile": 50 - 12}
    assert legal["blocked"] == [{"type": "score_quarter", "rule": "FA-Q-1",
                                 "reason": "D is not possible: no commission stands in a quarter."}]


def test_legal_bid_entry_open():
    state = started(3)
    hand(state, "s2", ("orange", 4), ("grey", 5), ("black", 6))
    state = in_auction(state, quarters=["ts"])
    state = act(state, "s1", "bid", cards=[card("grey", 4)])
    legal = fa.legal(state, "s2")
    assert legal["prompt"] == "Bid for Times Square above 4 (Anna), or pass."
    bid, pss = legal["actions"]
    assert bid == {"type": "bid", "colors": ["orange", "grey"], "laid": [], "beat": 4,
                   "min_total": 5, "sealed": False, "kind": "quarter", "quarter": "ts",
                   "held": {"orange": 1, "grey": 1, "black": 1}}
    assert pss == {"type": "pass"}
    assert fa.legal(state, "s3")["prompt"] == "Waiting for Bruno to bid or pass on Times Square."


def test_legal_explains_a_bid_that_is_not_possible():
    state = started(3)
    hand(state, "s2", ("green", 4), ("black", 6))
    state = in_auction(state, quarters=["ts"])
    state = act(state, "s1", "pass")
    legal = fa.legal(state, "s2")
    assert [a["type"] for a in legal["actions"]] == ["pass"]
    assert legal["blocked"] == [{"type": "bid", "rule": "FA-A-3", "reason":
                                 "You cannot bid: you hold no orange or grey or brown or violet card."}]


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


def test_legal_for_build_and_table_inputs():
    state = started(2)
    hand(state, "s1", ("grey", 4), ("grey", 5))
    state = in_auction(state, quarters=["ts"])
    assert fa.legal(state, TABLE)["actions"] == []
    state = act(state, "s1", "bid", cards=[card("grey", 4), card("grey", 5)])
    state = act(state, "s2", "pass")
    legal = fa.legal(state, TABLE)
    assert legal["step"] == "dummy" and legal["actions"] == [{"type": "dummy_bid", "seat": "dummy"}]
    state = act(state, TABLE, "dummy_bid", draws=[4, 4])
    legal = fa.legal(state, "s1")
    assert legal["actions"] == [{"type": "build", "max": 2, "limit": 2, "kind": "quarter",
                                 "quarter": "ts", "lot": "grey"}]
    assert legal["blocked"][0]["type"] == "close_quarter"
    assert fa.view(state, "s2")["build"]["seat"] == "s1"


def test_describe_lines():
    state = started(3)
    d = fa.describe
    assert d(state, "s1", {"type": "place_shop", "shop": "jeweler", "quarter": "ts", "lot": "grey"},
             None) == "Anna chose B and placed a jeweler on the grey lot of Times Square."
    assert d(state, "s1", {"type": "take_buildings"}, "s2") == \
        "Anna chose A and took 3 buildings into the reserve."
    state = act(state, "s1", "take_buildings")
    assert d(state, "s1", {"type": "take_colored", "cards": [{"color": "orange"}, {"color": "grey"}]},
             None) == "Anna took an orange card, a grey card."
    state = act(state, "s1", "take_colored", cards=[{"color": "orange"}, {"color": "grey"}])
    assert d(state, "s1", {"type": "move_commission", "commission": "white", "to": "34e"}, None) == \
        "Anna moved the white commission from City Hall to 34th Street East."
