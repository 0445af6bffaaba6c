"""A Palazzo table as its set-up wizard makes it, for the web, live and browser tests."""

from tests.web.conftest import _created

NAMES = ("Anna", "Ben", "Cleo")
COLOURS = ("red", "blue", "green", "yellow")
TILES = {"supply": "b1w1", "quarry_0": "s1w1", "quarry_1": "m2w2", "quarry_2": "b2w3", "quarry_3": "s4w1"}


def pz_form(names=NAMES, bidding="open", hands="counts", draws="typed", start="p1", **more) -> dict:
    """The wizard filled in as a host would: players clockwise with their colours, the
    five set-up tiles (supply, then quarries 0-3 from the master builder's), options."""
    form = {"title": "Friday", "start": start, "bidding": bidding, "hands": hands, "draws": draws, **TILES}
    for i, name in enumerate(names, 1):
        form[f"name_{i}"], form[f"colour_{i}"] = name, COLOURS[i - 1]
    return form | more


def create_palazzo(client, **options) -> str:
    """Create a Palazzo table as host; returns its id."""
    return _created(client.post("/new/palazzo", data=pz_form(**options)))
