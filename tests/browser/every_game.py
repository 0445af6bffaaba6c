"""Any of the four games at a table, for the tests of the screens every game shares: a
table created by posting its wizard's form, every player seated on a phone of their own,
and moves posted quickly over HTTP by each phone's cookies (or the host's, for the
table's own inputs), chosen at random from ``legal()``."""

import random
from importlib import import_module
from urllib.parse import urlencode

from companion.engines import TABLE
from companion.engines import get as engine_for
from companion.engines.common import state_after
from companion.store import Store
from companion.web.games import form_fields
from tests.web.conftest import fa_form
from tests.web.manhattan import mh_form
from tests.web.new_york import ny_form
from tests.web.palazzo_setup import pz_form

from .ui import away, join_url_of, post_as, seated_phone

GAMES = ["fifth_avenue", "palazzo", "new_york", "manhattan"]
FORMS = {"fifth_avenue": fa_form, "palazzo": pz_form, "new_york": ny_form, "manhattan": mh_form}


class Table:
    """The host's table screen, the phones by seat, and the engine's state from the store."""

    def __init__(self, server, contexts, game: str, form: dict | None = None, locales=()):
        """``form`` the wizard's fields (the game's usual three players by default); the
        phones take ``locales`` in turn."""
        self.server, self.game = server, game
        self.engine, self.ui = engine_for(game), import_module(f"companion.web.games.{game}")
        desk = contexts("desktop")
        form = form or FORMS[game]()
        created = desk.request.post(f"{server.url}new/{game}", data=urlencode(form, doseq=True),
                                    headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert created.ok and "/t/" in created.url, created.text()[:500]
        self.host = desk.new_page()
        self.host.goto(created.url)
        self.table_id = created.url.rsplit("/", 1)[1]
        self.store = Store(str(server.db))
        self.config = self.store.table(self.table_id).config
        self.names = {p["seat"]: p["name"] for p in self.engine.view(self.state(), None)["players"]
                      if not p.get("dummy")}
        self.phones = {}
        join_url = join_url_of(self.host)
        for i, (seat, name) in enumerate(self.names.items()):
            phone = contexts("phone", **({"locale": locales[i % len(locales)]} if locales else {}))
            self.phones[seat] = seated_phone(phone, join_url, seat, name)

    @property
    def pages(self) -> list:
        return [self.host, *self.phones.values()]

    def events(self) -> list:
        return self.store.events(self.table_id)

    def state(self) -> dict:
        return state_after(self.engine, self.engine.setup(self.config), self.events())

    def post(self, seat: str, action: dict):
        """Post ``action`` as ``seat``'s phone (the host's table input for ``TABLE``)."""
        page = self.host if seat == TABLE else self.phones[seat]
        fields = form_fields(self.ui, action)
        if action["type"] == "dummy_bid" and not action.get("draws"):
            fields = {"type": "dummy_bid", "draw": "server"}
        path = "table-act" if seat == TABLE else "act"
        return post_as(page.context, f"{self.server.url}t/{self.table_id}/{path}",
                       {"seq": str(len(self.events())), **fields})

    def play_until(self, stop, seed: int = 7, limit: int = 3000, before=None) -> None:
        """Random legal moves until ``stop(state)`` holds (or the game is over, or the next
        move would make ``before(state)`` hold: that move is not made)."""
        playout = import_module(f"{self.engine.__name__}.playout")
        rng, state = random.Random(seed), self.state()
        for _move in range(limit):
            if stop(state) or self.engine.is_over(state):
                return
            seat = rng.choice(sorted(self.engine.to_act(state)))
            action = playout.random_action(state, seat, rng)
            after = self.engine.apply(state, seat, action)
            if before is not None and before(after):
                return
            answer = self.post(seat, action)
            assert answer.status < 400, (seat, action, answer.status, answer.text()[:300])
            state = after
        raise AssertionError(f"{self.game}: no stop after {limit} moves")

    def until_a_player_is_due(self) -> str:
        """Moves until a player (not the table) is due; that player's seat."""
        self.play_until(lambda state: any(s != TABLE for s in self.engine.to_act(state)))
        return sorted(s for s in self.engine.to_act(self.state()) if s != TABLE)[0]

    def to_the_end(self, seed: int = 7) -> None:
        """Random moves to the end, the pages away until the move before the last: the game
        ends with every page open, as players see it."""
        with away(self.pages):
            self.play_until(lambda state: False, seed, before=self.engine.is_over)
        self.play_until(lambda state: False, seed)
        assert self.engine.is_over(self.state())
