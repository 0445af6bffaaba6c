"""The helper that turns engine actions back into form fields reads back as the same action."""

import random

from werkzeug.datastructures import MultiDict

from companion.engines import fifth_avenue as fa
from companion.engines.fifth_avenue import playout
from companion.web.games.fifth_avenue import action_from_form

from .forms import form_fields


def normal(action: dict) -> dict:
    """Bid cards are posted as counts, so their order does not survive."""
    if action["type"] == "bid":
        return action | {"cards": sorted(map(str, action["cards"]))}
    return action


def test_every_action_of_random_games_survives_the_form_round_trip():
    rng, kinds = random.Random(7), set()
    for game in range(6):
        state = fa.setup(playout.random_config(rng, 2 + game % 3))
        while not fa.is_over(state):
            seat = rng.choice(sorted(fa.to_act(state)))
            action = playout.random_action(state, seat, rng)
            form = MultiDict(form_fields(action))
            assert normal(action_from_form(form)) == normal(action), (action, form)
            kinds.add(action["type"])
            state = fa.apply(state, seat, action)
    assert {"place_initial_building", "place_shop", "take_colored", "move_commission", "bid",
            "build", "dummy_bid"} <= kinds
