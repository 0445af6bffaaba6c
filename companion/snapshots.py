"""Snapshots of a table's state, so that a restart rebuilds a table from a recent state
instead of applying every move since the set-up.

Every ``EVERY`` moves the state after the move is kept with the move, in its transaction
(``Store.append``). A table is rebuilt from the latest snapshot that lies at least
``back`` moves before the end of its log (the moves since are applied again: their log
lines need the states around them), else from the set-up. The event log stays the
truth: a snapshot is tied to the rules that made it by their fingerprint (the source of
the game's engine and of the code every engine shares), so rules that changed since, a
fixed bug say, rebuild the table from its first move; an unreadable one is passed over.
"""

import hashlib
import json
from functools import cache
from pathlib import Path
from types import ModuleType

from .engines import common

EVERY = 20


def due(seq: int) -> bool:
    """Whether the state after move ``seq`` is kept."""
    return seq % EVERY == 0


@cache
def fingerprint(engine: ModuleType) -> str:
    """The rules' fingerprint: a digest of the engine's sources and the shared ones."""
    digest = hashlib.sha256()
    here = Path(engine.__file__)
    files = sorted(here.parent.rglob("*.py")) if here.name == "__init__.py" else [here]
    for path in files + [Path(common.__file__)]:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def dump(state: dict) -> str:
    return json.dumps(state, separators=(",", ":"))


def load(text: str) -> dict | None:
    """The state, or None for a snapshot that cannot be read."""
    try:
        state = json.loads(text)
    except ValueError:
        return None
    return state if isinstance(state, dict) else None
