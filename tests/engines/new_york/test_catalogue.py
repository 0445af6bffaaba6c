"""Components (NY-C): money cards, tiles against the catalogue, the rules page table."""

import re
from importlib.resources import files

from companion import rules
from companion.engines import new_york as ny
from companion.engines.new_york import catalogue
from companion.engines.text import english

from .helpers import config3, refused, tile


def test_money_cards_are_bank_and_value_1_to_9():
    assert catalogue.parse_card(["red", 9]) == ["red", 9]
    assert catalogue.parse_card({"bank": "blue", "value": 1}) == ["blue", 1]
    refused("NY-C-2", catalogue.parse_card, ["red", 10])
    refused("NY-C-2", catalogue.parse_card, ["purple", 3])
    refused("NY-C-2", catalogue.parse_card, "red 3")


def test_the_deck_holds_three_of_each_card():
    assert sum(catalogue.all_cards(False).values()) == 108
    ny.setup(config3(money_display=[["blue", 9], ["blue", 9], ["green", 2], ["red", 4]]))
    config = config3(money_display=[["blue", 9], ["blue", 9], ["blue", 9], ["red", 4]])
    error = refused("NY-C-2", ny.setup, config)  # Anna already holds a blue 9: a 4th one
    assert "blue 9" in error.message


def test_start_tile_counts_as_a_tile_without_streets():
    state = ny.setup(config3())
    assert state["cities"]["a"] == {"0,0": {"type": "start", "price": None, "streets": ""}}
    assert english(catalogue.tile_text(state["cities"]["a"]["0,0"])) == "Times Square"
    refused("NY-C-1", ny.setup, config3(players=config3()["players"] * 3))


def test_tiles_have_a_type_price_and_up_to_three_streets():
    assert catalogue.parse_tile(["park", 8, ["E", "N"]]) == tile("park", 8, "NE")
    assert catalogue.parse_tile({"type": "church", "price": 7, "streets": "wsn"})["streets"] == "NSW"
    refused("NY-C-3", catalogue.parse_tile, tile("park", 8, "NESW"))
    refused("NY-C-3", catalogue.parse_tile, tile("park", 8, "NX"))
    refused("NY-C-3", catalogue.parse_tile, {"type": "castle", "price": 8, "streets": ""})


def test_every_bank_and_type_of_the_data_file_has_a_word():
    assert set(catalogue.BANK_WORDS) == set(catalogue.BANKS)
    assert set(catalogue.TYPE_WORDS) == set(catalogue.TYPES)
    assert english(catalogue.tile_text(tile("park", 8, "NE"))) == "park 8 (streets: north, east)"
    assert english(catalogue.tile_text(tile("museum", 2))) == "museum 2 (no streets)"
    assert english(catalogue.card_text(["yellow", 3])) == "yellow 3"
    assert english(catalogue.card_text("B")) == "scoring card B"


def test_catalogue_prices_and_counts():
    assert catalogue.TOTAL_TILES == 54
    assert catalogue.parse_tile(tile("skyscraper", 13))["price"] == 13
    error = refused("NY-C-4", catalogue.parse_tile, tile("park", 3))
    assert "park" in error.message and "3" in error.message


def test_a_twelfth_park_is_refused():
    state = ny.setup(config3())
    state["out_of_bag"]["park"] = 11
    state["phase"], state["market"][0] = "refill", None
    error = refused("NY-C-4", ny.apply, state, "table", {"type": "draw_tile", "tile": tile("park", 9)})
    assert "11" in error.message
    ny.apply(state, "table", {"type": "draw_tile", "tile": tile("skyscraper", 9)})


def test_market_spaces_are_named_by_bank():
    state = ny.setup(config3())
    assert [s["space"] for s in ny.view(state, None)["market"]] == ["blue", "green", "yellow", "red"]
    refused("NY-C-5", ny.apply, state, "a", {"type": "buy", "space": "orange", "pay": [["blue", 9]]})


def test_rules_page_table_shows_the_catalogue():
    text = rules.load("new_york")
    assert text.rule("NY-C-4") is not None
    page = files("companion.rules").joinpath("new_york.md").read_text(encoding="utf-8")
    rows = {}
    for line in page.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("|") and cells[0] in catalogue.COUNTS:
            rows[cells[0]] = cells
    assert set(rows) == set(catalogue.TYPES)
    for entry in catalogue.DATA["tiles"]:
        kind, prices = entry["type"], entry["prices"]
        row = rows[kind]
        assert row[1] == str(entry["count"]) and row[2] == f"{prices[0]}–{prices[1]}"
        assert [row[3], row[4], row[5]] == [" / ".join(map(str, entry[c])) for c in "ABC"]
        assert ("inferred" in row[6]) == (len(entry["confirmed"]) < 3)
        for card in entry["confirmed"]:
            assert f"{card} confirmed" in row[6]
        summary = text.rule("NY-C-4").text
        assert re.search(rf"{kind}: {entry['count']} tiles, prices {prices[0]}–{prices[1]}", summary)
