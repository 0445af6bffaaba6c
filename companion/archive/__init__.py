"""What games leave behind, for the web layer: results and the roster, replays and
exports. The table service hands it out (``Tables.archive``), so the web reaches the
store only through the table service."""

from . import exchange, history
from ..store import Store, TableRow


class Archive:
    def __init__(self, store: Store):
        self._store = store

    def use_clock(self, now) -> None:
        """Dates are written with ``now()`` (the browser's clock on a Pi without one)."""
        self._store.clock = now

    def table(self, table_id: str) -> TableRow | None:
        return self._store.table(table_id)

    def results(self) -> list[history.Game]:
        return history.results(self._store)

    def remember(self, live) -> None:
        """A game that just ended goes into the history at once, from memory."""
        history.remember(self._store, live.row, live.engine, live.state)

    def aliases(self) -> dict:
        return self._store.aliases()

    def merge_people(self, name: str, into: str) -> None:
        self._store.merge_people(name, into)

    def split_person(self, name: str) -> None:
        self._store.split_person(name)

    def frames(self, replays, row: TableRow) -> list:
        return replays.frames(self._store, row)

    def export_json(self, row: TableRow) -> dict:
        return exchange.export_table(self._store, row)

    def export_csv(self, row: TableRow) -> str:
        return exchange.export_csv(self._store, row)
