"""What every engine shares: copying state, seat order, multisets, the shapes the
platform reads, the one random-playout runner used by tests and benchmarks, and the
one replay of a log (history, replay frames, the final chart, import, a restart).

Copying: ``apply`` never changes its input. ``advance`` hands the step's handler a
``Draft`` of the state, which copies a top-level value the first time the handler reads
it and shares every value the move never touches with the input (copy-on-write per
key); a game's ``Copying`` names keys that need no copy (its set-up) or only a shallow
one (flat counters, append-only logs, hands of cards that are moved but never changed).
``clone``, a ``marshal`` round trip, is the deep copy: the fastest of those measured on
mid-game states (``bench/engines.py``: pickle, a recursive dict/list copy, JSON and
``copy.deepcopy`` all cost more). Like pickle it keeps objects that the state itself
shares shared in the copy: build states without aliases. Since successive states share
what a move left alone, nothing may change a state in place once ``apply`` or ``setup``
has returned it. Counted with valgrind (``apply`` alone, replaying one random Fifth
Avenue game), copying only what a move touches took ``apply`` from 72 M to 34 M
instructions, against 38 M for that engine's hand-written copy before the common shape.
"""

import marshal
import threading
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache, wraps
from dataclasses import dataclass, field
from typing import NamedTuple

from .errors import IllegalAction
from .text import Text, _

TABLE = "table"  # the pseudo-seat for inputs from the physical table (draws, reveals)
OVER = "over"    # the phase of a finished game, in every engine


def clone(state: dict) -> dict:
    """A deep copy of plain JSON-like data that ``apply`` may change freely."""
    return marshal.loads(marshal.dumps(state))


def once_per_state(compute: Callable[[dict], dict]) -> Callable[[dict], dict]:
    """``compute(state)`` worked out once per state, for the last few states asked about:
    the public part of a view, which every seat and the table screen read after a move.
    Safe because a state never changes once made (see above); the answer is shared, so
    it is read, never changed. A state is held while it is kept, so its ``id`` names it."""
    kept: dict[int, tuple] = {}
    lock = threading.Lock()

    @wraps(compute)
    def once(state: dict) -> dict:
        found = kept.get(id(state))
        if found is not None and found[0] is state:
            return found[1]
        value = compute(state)
        with lock:
            kept[id(state)] = (state, value)
            while len(kept) > _STATES_KEPT:
                del kept[next(iter(kept))]
        return value
    return once


_STATES_KEPT = 16  # a few tables moving at once, each with its state before and after


# seats ---------------------------------------------------------------------------

def clockwise_from(order: list[str], seat: str) -> list[str]:
    """``order`` (clockwise) rotated to start with ``seat``."""
    i = order.index(seat)
    return order[i:] + order[:i]


def next_seat(order: list[str], seat: str) -> str:
    """The seat to the left of ``seat`` (clockwise)."""
    return order[(order.index(seat) + 1) % len(order)]


@lru_cache(maxsize=1024)
def initials(name: str) -> str:
    """One or two letters that tell players apart on a picture: "Anna Berg" -> "AB"."""
    words = [w for w in name.split() if w[:1].isalnum()]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].capitalize()
    return (words[0][0] + words[-1][0]).upper()


def player(seat: str, name: str, score: int, colour: str | None, **more) -> dict:
    """One entry of ``view()["players"]``: the keys every screen may read, then the game's own.

    ``colour`` is a CSS class token for the player's pieces (``None`` when the game gives
    players no colour)."""
    return {"seat": seat, "name": name, "score": score, "colour": colour,
            "initials": initials(name), **more}


# multisets (small piles of cards or tiles as lists) ----------------------------------

def missing(pool: Iterable, items: Iterable):
    """The first item of ``items`` that ``pool`` cannot supply (counting repeats), else None."""
    left = list(pool)
    for item in items:
        if item not in left:
            return item
        left.remove(item)
    return None


def without(pool: Iterable, items: Iterable) -> list:
    """``pool`` minus ``items``, order kept; the caller has checked ``missing`` first."""
    left = list(pool)
    for item in items:
        left.remove(item)
    return left


# shapes the platform reads ---------------------------------------------------------

def not_due(phase: str, due: Iterable[str]) -> dict:
    """``legal()`` for a seat that has nothing to do now (the same shape in every game)."""
    return {"phase": phase, "prompt": None, "actions": [], "blocked": [], "waiting_for": sorted(due)}


def out_of_turn(rule: str, seat: str, due: Iterable[str], names: dict[str, str]) -> IllegalAction:
    """The refusal for a seat acting when it is not due."""
    waiting = [names.get(s, s) for s in sorted(due)]
    if not waiting:
        return IllegalAction(rule, _("Nobody is due to act: the game is over."), seat=seat)
    return IllegalAction(rule, _("It is not your turn: waiting for {names}.", names=waiting),
                         seat=seat, to_act=sorted(due))


def unknown_action(rule: str, action, known: Iterable[str]) -> IllegalAction:
    kind = action.get("type") if isinstance(action, dict) else action
    return IllegalAction(rule, _("{kind} is not an action of this game; the actions are {known}.",
                                 kind=repr(kind), known=list(known)), action=action)


# the table of steps (each game's flow.py) -----------------------------------------

Handler = Callable[[dict, str, dict], None]  # changes the state it is given in place


def nobody(state: dict) -> set[str]:
    """``Step.due`` of a step that waits for no one (the end of the game)."""
    return set()


def nothing(state: dict, seat: str) -> tuple[list, list]:
    """``Step.options`` of a step that offers nothing."""
    return [], []


@dataclass(frozen=True)
class Step:
    """One phase of a game: who acts in it, what they may do and what it says.

    ``actions`` maps an action type to its handler, which receives a ``Draft`` of the
    state and changes it; ``out_of_turn`` is the rule cited when a seat that is not due
    acts; ``not_now`` the rule cited for an action that belongs to another phase;
    ``prompt(state, seat)`` is what a due seat is asked (a text). ``due(state)`` is the
    set of seats that must act (``to_act``); ``options(state, seat)`` what a due seat
    may do, as ``legal()``'s ``(actions, blocked)``. ``sealed`` declares a simultaneous
    step: every due seat submits once, in any order, and what each submitted, even
    whether it passed, stays its own until the step is over (the platform names such
    a move only as a sealed submission)."""

    actions: dict[str, Handler]
    out_of_turn: str
    prompt: Callable[[dict, str], Text]
    not_now: str | None = None
    due: Callable[[dict], set[str]] = nobody
    options: Callable[[dict, str], tuple[list, list]] = nothing
    sealed: bool = False
    extra: dict = field(default_factory=dict)  # game-specific facts about the step


@dataclass(frozen=True)
class Copying:
    """How ``advance`` copies a game's state for a handler (see ``Draft``); by default
    each value a handler reads is copied deeply (``clone``). A game may declare:

    ``shared``: top-level keys that no handler ever changes (the table's set-up), shared
    with the input as they are. ``flat``: dicts and lists of strings and numbers only,
    copied one level deep. ``appended``: lists that handlers only append to, whose items
    are never changed in place (a log of events), copied one level deep too.
    ``grouped``: dicts of lists whose items are never changed in place (hands of cards),
    copied two levels deep.

    A wrong declaration makes ``apply`` change its input, which the contract tests
    check on every move of random games."""

    shared: tuple[str, ...] = ()
    flat: tuple[str, ...] = ()
    appended: tuple[str, ...] = ()
    grouped: tuple[str, ...] = ()


_SCALARS = frozenset({str, int, float, bool, type(None)})


class Draft(dict):
    """The state a handler changes: a copy made per top-level key, when first read.

    It starts with the input's ``Copying.shared`` values; any other value is copied
    from the input the first time the handler reads it (``__missing__``; strings,
    numbers and ``None`` need no copy), so a move pays only for the parts of the
    state it touches, and the input is never changed. Reads that would see the whole
    dict (iterating, ``len``, ``==``) copy every remaining value first; removing a key
    is refused. ``result()`` is the new state as a plain dict, sharing the values that
    were never read with the input."""

    __slots__ = ("_source", "_shallow", "_grouped")

    def __init__(self, source: dict, copying: Copying = Copying()):
        super().__init__({k: source[k] for k in copying.shared if k in source})
        self._source, self._shallow, self._grouped = source, _shallow(copying), copying.grouped

    def __missing__(self, key):
        value = self._source[key]  # KeyError for a key the state does not have
        if type(value) in _SCALARS:
            pass
        elif key in self._shallow:
            value = value.copy()
        elif key in self._grouped and type(value) is dict:
            value = {k: list(v) for k, v in value.items()}
        else:
            value = clone(value)
        dict.__setitem__(self, key, value)
        return value

    def __contains__(self, key):
        return dict.__contains__(self, key) or key in self._source

    def get(self, key, default=None):
        return self[key] if key in self else default

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def _no_removal(self, *args):
        raise TypeError("a handler changes the values of a state's keys, never removes a key")

    pop = popitem = clear = __delitem__ = _no_removal

    def _whole(self) -> "Draft":
        for key in self._source:
            if not dict.__contains__(self, key):
                self.__missing__(key)
        return self

    def __iter__(self):
        return dict.__iter__(self._whole())

    def __len__(self):
        return dict.__len__(self._whole())

    def __eq__(self, other):
        return dict.__eq__(self._whole(), other)

    def __ne__(self, other):
        return dict.__ne__(self._whole(), other)

    __hash__ = None

    def keys(self):
        return dict.keys(self._whole())

    def values(self):
        return dict.values(self._whole())

    def items(self):
        return dict.items(self._whole())

    def copy(self):
        return dict(dict.items(self._whole()))

    def __repr__(self):
        return dict.__repr__(self._whole())

    def result(self) -> dict:
        new = dict(self._source)
        new.update(dict.items(self))
        return new


_KNOWN: dict[int, tuple] = {}


@lru_cache(maxsize=None)
def _shallow(copying: Copying) -> frozenset:
    return frozenset(copying.flat + copying.appended)



def _known(steps: dict[str, Step]) -> set[str]:
    """Every action type of a table of steps (kept per table: the tables are constants)."""
    entry = _KNOWN.get(id(steps))
    if entry is None or entry[0] is not steps:
        entry = _KNOWN[id(steps)] = (steps, {kind for s in steps.values() for kind in s.actions})
    return entry[1]


def _kind(kind: str, action_names: dict[str, str] | None):
    name = (action_names or {}).get(kind)
    return _(name) if name else kind


def advance(steps: dict[str, Step], state: dict, seat: str, action, due: set[str],
            names: Callable[[dict], dict[str, str]] | dict[str, str], unknown_rule: str,
            copying: Copying = Copying(), action_names: dict[str, str] | None = None) -> dict:
    """The state after ``seat`` does ``action`` in the step ``state["phase"]``.

    The checks every game makes in the same order: a known action type, a seat that is
    due (``names``, or ``names(state)`` if it is a function that reads them, names the
    seats in a refusal, so a move that is not refused never builds them), an action of
    this step; then the step's handler changes a ``Draft`` of the state (copy-on-write,
    see ``Copying``). ``action_names`` (type -> an ``N_``-marked name) names an action
    refused in this step in the reader's language."""
    step = steps[state["phase"]]
    known = _known(steps)
    if not isinstance(action, dict) or not isinstance(action.get("type"), str) \
            or action["type"] not in known:
        raise unknown_action(unknown_rule, action, sorted(known))
    if seat not in due:
        raise out_of_turn(step.out_of_turn, seat, due, names(state) if callable(names) else names)
    handler = step.actions.get(action["type"])
    if handler is None:
        raise IllegalAction(step.not_now or step.out_of_turn,
                            _("{kind} is not possible at this point of the game.",
                              kind=_kind(action["type"], action_names)),
                            action=action, phase=state["phase"])
    draft = Draft(state, copying)
    handler(draft, seat, action)
    return draft.result()


def is_over(state: dict) -> bool:
    """Whether the game has ended (its phase is ``OVER``), the same in every game."""
    return state["phase"] == OVER


@dataclass(frozen=True)
class Flow:
    """A game's table of steps with what ``apply`` needs to refuse in its words; its
    methods are the game's ``step``, ``to_act``, ``apply`` and ``legal``.

    ``steps`` maps each phase to its ``Step``; ``select(state)``, if given, picks the
    table for a state instead (a variant that changes steps, such as sealed auctions).
    ``names(state)`` names the seats in a refusal; ``unknown_rule`` is cited for an
    action type the game does not know (see ``advance`` for the rest)."""

    steps: dict[str, Step]
    unknown_rule: str
    names: Callable[[dict], dict[str, str]]
    copying: Copying = Copying()
    action_names: dict[str, str] | None = None
    select: Callable[[dict], dict[str, Step]] | None = None

    def step(self, state: dict) -> Step:
        """The step the game is at, as its table declares it."""
        steps = self.steps if self.select is None else self.select(state)
        return steps[state["phase"]]

    def to_act(self, state: dict) -> set[str]:
        """The seats that must act now (several in a simultaneous step)."""
        return self.step(state).due(state)

    def apply(self, state: dict, seat: str, action) -> dict:
        """The state after ``seat`` does ``action``; ``state`` itself is left unchanged."""
        steps = self.steps if self.select is None else self.select(state)
        return advance(steps, state, seat, action, steps[state["phase"]].due(state), self.names,
                       self.unknown_rule, self.copying, self.action_names)

    def legal(self, state: dict, seat: str) -> dict:
        """What ``seat`` may do now and why not the rest: ``{"phase", "prompt", "actions",
        "blocked", "waiting_for"}`` (``not_due`` for a seat with nothing to do)."""
        step, phase = self.step(state), state["phase"]
        due = step.due(state)
        if seat not in due:
            return not_due(phase, due)
        actions, blocked = step.options(state, seat)
        return {"phase": phase, "prompt": step.prompt(state, seat), "actions": actions,
                "blocked": blocked, "waiting_for": sorted(due)}


# random playouts -------------------------------------------------------------------

def play(engine, config: dict, rng, max_moves: int = 20_000, on_move=None):
    """Play a random game from ``config``: each move by a random due seat, chosen by
    the game's ``playout.random_action`` (built from ``legal()`` only).

    Returns ``(events, state)`` with ``events`` a list of ``(seat, action)``.
    ``on_move(state_before, seat, action, state_after)`` is called after each move.
    Raises ``AssertionError`` if the game has not ended after ``max_moves``.
    """
    from importlib import import_module

    playout = import_module(f"{engine.__name__}.playout")
    state, events = engine.setup(config), []
    while not engine.is_over(state):
        if len(events) >= max_moves:
            raise AssertionError(f"{engine.NAME}: no end after {max_moves} moves")
        seat = rng.choice(sorted(engine.to_act(state)))
        action = playout.random_action(state, seat, rng)
        after = engine.apply(state, seat, action)
        if on_move:
            on_move(state, seat, action, after)
        events.append((seat, action))
        state = after
    return events, state


def random_game(engine, rng, players: int, **options):
    """``(config, events, state)`` of a whole random game with ``players`` players."""
    from importlib import import_module

    config = import_module(f"{engine.__name__}.playout").random_config(rng, players, **options)
    events, state = play(engine, config, rng)
    return config, events, state


# replaying a log ---------------------------------------------------------------------

class Move(NamedTuple):
    """A move as a log keeps it (the store's events have these fields too)."""
    seat: str
    action: dict


class Played(NamedTuple):
    """One move of a replay, with the states before and after it."""
    move: object  # as it was given: a ``Move``, a store event (with its ``seq``)
    before: dict
    after: dict


def replay(engine, state: dict, moves: Iterable) -> Iterator[Played]:
    """Play ``moves`` (anything with ``.seat`` and ``.action``) one by one from ``state``,
    yielding each with the states around it. A move ``apply`` refuses raises its
    ``IllegalAction`` (or the engine's error) when it is reached, after the moves
    before it were yielded, so a caller that counts them knows which one it was."""
    for move in moves:
        after = engine.apply(state, move.seat, move.action)
        yield Played(move, state, after)
        state = after


def state_after(engine, state: dict, moves: Iterable) -> dict:
    """The state ``replay`` reaches after the last of ``moves`` (``state`` if none)."""
    for played in replay(engine, state, moves):
        state = played.after
    return state


def moves(pairs: Iterable) -> list[Move]:
    """``(seat, action)`` pairs, as ``play`` returns a game, as moves for ``replay``."""
    return [Move(seat, action) for seat, action in pairs]


__all__ = ["TABLE", "OVER", "Text", "Step", "Flow", "is_over", "nobody", "nothing", "Copying", "Draft", "advance", "clone", "clockwise_from", "next_seat", "initials", "player",
           "missing", "without", "not_due", "out_of_turn", "unknown_action", "play", "random_game",
           "Move", "Played", "replay", "state_after", "moves"]
