"""Setup (FA-S, FA-C-3..6, FA-V-1, FA-2P-1): validation, initial state, initial buildings."""

import pytest

from companion.engines import IllegalAction

from .scenario import act, config, fa, refused, six_lot_config, started


def config_refused(cfg, rule):
    """Assert that ``fa.setup(cfg)`` is refused citing ``rule``; return the refusal."""
    with pytest.raises(IllegalAction) as err:
        fa.setup(cfg)
    assert err.value.rule == rule, err.value
    return err.value


def setup_refused(rule, **overrides):
    return config_refused(config(**overrides), rule)


def test_initial_state_follows_the_setup_rules():
    state = fa.setup(config(4))
    assert state["phase"] == "initial"
    for seat in ["s1", "s2", "s3", "s4"]:
        assert len(state["hands"][seat]) == 9  # FA-S-3
        assert state["reserve"][seat] == 3 and state["supply"][seat] == 12
    assert state["piles"]["black"] == 50 - 16
    assert all(state["piles"][c] == 12 - 4 for c in ["orange", "green", "grey", "brown", "violet"])
    assert state["commissions"] == {"white": {"at": "city_hall", "markers": []},
                                    "beige": {"at": "city_hall", "markers": []}}  # FA-S-5
    assert state["display"] == config()["display"]
    assert state["quarters"]["ts"]["lots"][1] == {"color": "green", "shops": ["perfumery"],
                                                  "owner": None, "buildings": 0}


def test_players_are_validated():
    err = setup_refused("FA-S-3", players=[{"seat": "s1", "name": "Anna", "color": "red"}])
    assert err.details["field"] == "players"
    setup_refused("FA-S-3", players=[{"seat": "s1", "name": "A", "color": "red"},
                                     {"seat": "s1", "name": "B", "color": "blue"}])


def test_player_colours_are_the_four_building_colours_once_each():
    err = setup_refused("FA-C-6", players=[{"seat": "s1", "name": "A", "color": "red"},
                                           {"seat": "s2", "name": "B", "color": "red"}])
    assert err.details["field"] == "players[1].color"
    setup_refused("FA-C-6", players=[{"seat": "s1", "name": "A", "color": "pink"},
                                     {"seat": "s2", "name": "B", "color": "red"}])


def test_ring_must_hold_each_lot_colour_once():
    rings = config()["rings"]
    rings["ts"] = ["orange", "orange", "grey", "brown", "violet"]
    err = setup_refused("FA-C-3", rings=rings)
    assert err.details["field"] == "rings.ts"
    assert err.message == ("Times Square: each lot colour goes in the ring once; orange appears "
                           "more than once and green is missing.")
    rings["ts"] = ["orange", "green", "grey", "brown", "violet", "dashed"]
    err = setup_refused("FA-C-3", rings=rings)
    assert err.message == "Times Square: a ring of the 5-lot board has 5 lots, not 6."
    rings["ts"] = ["orange", "green", "grey", "brown", "pink"]
    err = setup_refused("FA-C-3", rings=rings)
    assert err.message == ("Times Square: 'pink' is not a lot colour of the 5-lot board; the "
                           "colours are orange, green, grey, brown, violet.")
    setup_refused("FA-C-3", board="7-lot")


def test_setup_shops_at_most_two_per_lot_colour():
    shops = config()["initial_shops"]
    shops["42w"]["lot"] = "orange"  # a third orange
    err = setup_refused("FA-S-1", initial_shops=shops)
    assert err.details["color"] == "orange"
    shops["42w"]["lot"] = "grey"  # a second grey is fine
    fa.setup(config(initial_shops=shops))


def test_display_has_twenty_shops_and_shop_types_are_known():
    setup_refused("FA-S-2", display=["boutique"] * 19)
    err = setup_refused("FA-C-5", display=["bakery"] + ["boutique"] * 19)
    assert err.details["field"] == "display[0]"
    setup_refused("FA-C-5", display=["boutique"] * 9 + ["jeweler"] * 11)  # 11 jewelers + 1 setup


def test_six_lot_board_puts_setup_shops_on_the_dashed_lot():
    state = fa.setup(six_lot_config())
    assert all(l["shops"] for q in state["quarters"].values() for l in q["lots"] if l["color"] == "dashed")
    bad = six_lot_config()
    bad["initial_shops"]["ts"]["lot"] = "grey"
    err = config_refused(bad, "FA-V-1")
    assert err.message == "On the 6-lot board the set-up shop of Times Square goes on the dashed lot."


def test_modes_are_validated():
    setup_refused("FA-H-1", auctions="whispered")
    setup_refused("FA-H-2", hands="open")
    assert fa.setup(config(auctions="sealed", hands="private"))["config"]["auctions"] == "sealed"


def test_two_players_get_the_dummy_bidder():
    state = fa.setup(config(2))
    assert state["config"]["dummy"] == {"seat": "dummy", "name": "Alea", "color": "green",
                                        "dummy": True}
    assert state["supply"]["dummy"] == 18
    assert fa.setup(config(2, dummy={"name": "Egon"}))["config"]["dummy"]["name"] == "Egon"
    assert fa.setup(config(3))["config"]["dummy"] is None
    err = setup_refused("FA-2P-1", players=[{"seat": "dummy", "name": "A", "color": "red"},
                                            {"seat": "s2", "name": "B", "color": "blue"}])
    assert err.details["field"] == "players[0].seat"


def test_the_dummy_plays_a_random_unused_colour_fixed_by_the_config():
    """FA-2P-1: "a random colour" nobody plays; the same config gives the same colour."""
    used = {p["color"] for p in config(2)["players"]}
    by_seed = {seed: fa.setup(config(2, seed=seed))["config"]["dummy"]["color"]
               for seed in range(40)}
    assert set(by_seed.values()) == {"red", "yellow", "blue", "green"} - used
    assert all(fa.setup(config(2, seed=seed))["config"]["dummy"]["color"] == colour
               for seed, colour in by_seed.items())
    # without a seed the shuffled layout decides: other displays, other colours
    displays = [config(2)["display"][i:] + config(2)["display"][:i] for i in range(20)]
    colours = {fa.setup(config(2, display=d))["config"]["dummy"]["color"] for d in displays}
    assert colours == {"red", "yellow", "blue", "green"} - used


def test_initial_placement_is_a_snake_starting_counter_clockwise():
    # Rulebook example: Lucia, Arianna, Michele, Flori; then Flori, Michele, Arianna, Lucia,
    # with Lucia the start player and Flori on her left.
    from companion.engines.fifth_avenue.setup import placement_order
    assert placement_order(["lucia", "flori", "michele", "arianna"]) == [
        "lucia", "arianna", "michele", "flori", "flori", "michele", "arianna", "lucia"]
    state = fa.setup(config(3))
    assert state["placing"] == ["s1", "s3", "s2", "s2", "s3", "s1"]
    refused(state, "s2", "place_initial_building", "FA-S-4", quarter="ts", lot="grey")
    state = act(state, "s1", "place_initial_building", quarter="ts", lot="grey")
    assert fa.to_act(state) == {"s3"}


def test_initial_buildings_go_on_empty_lots_in_two_quarters():
    state = fa.setup(config(2))
    refused(state, "s1", "place_initial_building", "FA-S-4", quarter="ts", lot="green")  # shop
    state = act(state, "s1", "place_initial_building", quarter="ts", lot="grey")
    refused(state, "s2", "place_initial_building", "FA-S-4", quarter="ts", lot="grey")  # building
    state = act(state, "s2", "place_initial_building", quarter="ts", lot="brown")
    state = act(state, "s2", "place_initial_building", quarter="34w", lot="grey")
    err = refused(state, "s1", "place_initial_building", "FA-S-4", quarter="ts", lot="violet")
    assert "two different quarters" in err.message
    refused(state, "s1", "place_initial_building", "FA-C-2", quarter="5th", lot="violet")
    refused(state, "s1", "place_initial_building", "FA-C-3", quarter="34e", lot="pink")
    state = act(state, "s1", "place_initial_building", quarter="34e", lot="violet")
    assert state["phase"] == "choose" and state["active"] == "s1"  # FA-S-5
    assert state["reserve"] == {"s1": 3, "s2": 3}  # initial buildings are not from the reserve


def test_dashed_lot_takes_no_building():
    state = fa.setup(six_lot_config())
    from .scenario import put
    put(state, "ts", "dashed")  # even without its shop
    refused(state, "s1", "place_initial_building", "FA-C-3", quarter="ts", lot="dashed")


def test_play_starts_with_the_start_player_and_goes_clockwise():
    state = started(3)
    refused(state, "s2", "take_buildings", "FA-S-5")
    state = act(state, "s1", "take_buildings")
    state = act(state, "s1", "take_colored", cards=[{"color": "grey"}, {"color": "brown"}])
    state = act(state, "s1", "move_commission", commission="white", to="34w")
    assert state["active"] == "s2" and state["phase"] == "choose"
