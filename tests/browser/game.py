"""A table under test: its pages, and what the script plays next on it."""

from companion.engines import TABLE
from companion.engines import fifth_avenue as engine
from companion.store import Store

from . import plan
from .ui import perform, perform_table, refusal, wait_for_move


class Game:
    """The host's page, the phones by seat, and the engine's picture from the stored events."""

    def __init__(self, server, table_id: str, host, phones: dict):
        self.store, self.base = Store(str(server.db)), server.url
        self.table_id, self.host, self.phones = table_id, host, phones
        self.config = self.store.table(table_id).config

    @property
    def pages(self) -> list:
        return [self.host, *self.phones.values()]

    def now(self) -> tuple[dict, list, str, dict]:
        """State, events, the seat that acts next in the script, and its action."""
        events = self.store.events(self.table_id)
        state = plan.fold(self.config, events)
        seat = sorted(engine.to_act(state))[0]
        return state, events, seat, plan.next_action(state, seat, events)

    def step(self, timeout: float | None = None) -> tuple[str, dict]:
        """Make the next scripted move on its phone (the table's on the host's page);
        every page then shows it."""
        _, events, seat, action = self.now()
        page = self.host if seat == TABLE else self.phones[seat]
        (perform_table if seat == TABLE else perform)(page, action)
        try:
            wait_for_move([page], len(events) + 1)
        except AssertionError as error:
            raise AssertionError(f"{seat} {action} was not taken: {refusal(page)!r}") from error
        wait_for_move(self.pages, len(events) + 1, timeout)
        return seat, action

    def play_until(self, stop) -> None:
        """Play scripted moves until ``stop(state, seat, action)`` holds before a move."""
        while not stop(*self._next_move()):
            self.step()

    def _next_move(self):
        state, _, seat, action = self.now()
        return state, seat, action
