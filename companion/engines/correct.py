"""Correcting a past move, and rewinding: what the table's moves become when one of them
is replaced, worked out by the engine alone (no I/O, no clock, no randomness).

A correction replaces the move at ``index`` (0-based: ``moves[index]`` is the store's
event number ``index + 1``) and plays every later move again on top, in order, as it
was recorded (draws and reveals included). It stops before the first later move the
engine refuses: that move and all after it are offered back, for their seats to enter
again, the first with the refusal that says why it no longer fits. Nothing is thrown
away: what is not played again is handed back, not lost.

Rewinding is the state after the first moves only (``rewound``).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from .common import Move, replay, state_after


@dataclass(frozen=True)
class Corrected:
    """The outcome of a correction.

    ``state``: the state after ``kept``. ``kept``: the moves that stand, in order: those
    before the corrected one as they were, the replacement, then the later moves that
    were played again (the objects given, so a store event keeps its ``seq``).
    ``stopped``: the index in the original ``moves`` of the first later move the engine
    refused (None: every later move was played again); ``stopped`` moves then stand,
    and the table waits where that move was made. ``refusal``: the
    exception that move raised (an ``IllegalAction`` carries its rule ID in ``rule``;
    any other error is input the engine no longer expects, and carries none).
    ``offered``: the later moves not played again, from the refused one on, for their
    seats to enter again."""

    state: dict
    kept: tuple
    stopped: int | None
    refusal: Exception | None
    offered: tuple

    @property
    def complete(self) -> bool:
        """Every later move was played again."""
        return self.stopped is None


def corrected(engine, state0: dict, moves: Sequence, index: int, replacement) -> Corrected:
    """``moves`` (objects with ``.seat`` and ``.action``) from ``state0`` with
    ``moves[index]`` replaced by ``replacement`` (a ``(seat, action)`` pair or an object
    with ``.seat`` and ``.action``), the later moves played again up to the first one
    the engine refuses (see ``Corrected``).

    The moves before ``index`` are played with ``common.replay``; a replacement the
    engine refuses raises its ``IllegalAction`` (nothing is corrected). ``IndexError``
    for an ``index`` outside ``moves``."""
    if not 0 <= index < len(moves):
        raise IndexError(f"there is no move {index} among {len(moves)} moves")
    if not hasattr(replacement, "seat"):
        replacement = Move(*replacement)
    before = state_after(engine, state0, moves[:index])
    state = engine.apply(before, replacement.seat, replacement.action)  # refused: raises
    later = moves[index + 1:]
    done, refusal = 0, None
    try:
        for done, played in enumerate(replay(engine, state, later), 1):
            state = played.after
    except Exception as error:  # refused (or input the engine no longer expects): ``done`` were played
        refusal = error
    stopped = None if refusal is None else index + 1 + done
    return Corrected(state=state,
                     kept=(*moves[:index], replacement, *later[:done]),
                     stopped=stopped, refusal=refusal,
                     offered=tuple(later[done:]) if refusal is not None else ())


def rewound(engine, state0: dict, moves: Sequence, count: int) -> dict:
    """The state after the first ``count`` of ``moves`` (0: ``state0``): the table
    rewound to move ``count``."""
    if not 0 <= count <= len(moves):
        raise IndexError(f"cannot rewind to move {count} of {len(moves)}")
    return state_after(engine, state0, moves[:count])


__all__ = ["Corrected", "corrected", "rewound"]
