"""Replaying a table move by move from its event log: the state, the log line and the
scores after every move, as the table screen shows them (nothing secret).

Working out every frame of a long game costs a few hundred engine calls, so the
frames of the tables replayed most recently are kept, each until its log changes.
"""

import threading
from collections import OrderedDict
from dataclasses import dataclass

from .. import engines
from ..engines.common import Played, replay
from ..store import Store, TableRow

KEEP = 4  # tables whose frames are kept in memory


@dataclass(frozen=True)
class Frame:
    seq: int  # moves made so far (0: the set-up)
    seat: str | None  # who made the last move
    line: object  # the log line of the last move, for the table screen (a text)
    state: dict
    totals: dict[str, int]


class Replays:
    def __init__(self, keep: int = KEEP):
        self._keep = keep
        self._frames: OrderedDict[tuple, list[Frame]] = OrderedDict()
        self._lock = threading.Lock()

    def frames(self, store: Store, row: TableRow) -> list[Frame]:
        """Every frame of a table, from the set-up to its last move."""
        events = store.events(row.id)
        key = (row.id, len(events), events[-1].at if events else 0.0)
        with self._lock:
            if key in self._frames:
                self._frames.move_to_end(key)
                return self._frames[key]
        frames = work_out(row, events)
        with self._lock:
            for old in [k for k in self._frames if k[0] == row.id]:
                del self._frames[old]
            self._frames[key] = frames
            while len(self._frames) > self._keep:
                self._frames.popitem(last=False)
        return frames


def work_out(row: TableRow, events) -> list[Frame]:
    engine = engines.get(row.game)
    state = engine.setup(row.config)
    return [Frame(0, None, None, state, engine.scores(state)["totals"])] + \
        [_frame(engine, played) for played in replay(engine, state, events)]


def _frame(engine, played: Played) -> Frame:
    event, after = played.move, played.after
    line = engine.describe(played.before, after, event.seat, event.action, None)
    return Frame(event.seq, event.seat, line, after, engine.scores(after)["totals"])
