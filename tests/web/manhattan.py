"""Manhattan tables for the web, live and browser tests: the set-up wizard filled in as
a host would, and ways to reach a given moment of a game through the table service."""

from companion.web.games import manhattan as ui

NAMES = ("Anna", "Bruno", "Carla", "Dieter")
SIDES = ("S", "W", "N", "E")  # clockwise from the south
COLOURS = ("black", "light_blue", "red", "green")


def mh_form(names=NAMES[:3], sides=None, start="p1", hands="untracked", pieces=(6, 6, 6, 6),
            title="Friday", **extra) -> dict:
    """The wizard's fields: players clockwise from the south; with two players the
    second colours are red and green (black + red, light blue + green)."""
    sides = sides or SIDES[:len(names)]
    form = {"title": title, "start": start, "hands": hands,
            **{f"pieces_{h}": str(n) for h, n in zip(ui.HEIGHTS, pieces)}}
    for i, (name, side) in enumerate(zip(names, sides), 1):
        form |= {f"name_{i}": name, f"side_{i}": side, f"colour_{i}": COLOURS[i - 1],
                 f"colour2_{i}": COLOURS[(i + 1) % 4]}
    return form | extra


def create_mh(client, **options) -> str:
    """A Manhattan table created through the wizard as host; its id."""
    response = client.post("/new/manhattan", data=mh_form(**options))
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return response.headers["Location"].rsplit("/", 1)[1]


def live(app, table_id: str):
    return app.extensions["companion"]["tables"].get(table_id)


def act(app, table_id: str, seat: str, action: dict) -> None:
    """Take ``action`` through the table service (no form): to reach a moment quickly."""
    table = live(app, table_id)
    app.extensions["companion"]["tables"].act(table_id, seat, action, table.seq)


def pick_all(app, table_id: str, heights: dict | None = None) -> None:
    """Every colour picks its round's pieces (``heights[colour]`` or the first option)."""
    table = live(app, table_id)
    while table.state["phase"] == "pick":
        (seat,) = table.engine.to_act(table.state)
        first = table.engine.legal(table.state, seat)["actions"][0]
        chosen = (heights or {}).get(first["colour"], first["heights"])
        act(app, table_id, seat, {"type": "pick", "colour": first["colour"], "heights": chosen})
