"""Teaching cards for a table that is learning the game (the table option "We are learning").

The first time each kind of step (a phase of the game's flow: a key of its ``STEPS``,
such as Fifth Avenue's ``choose`` or ``auction``) comes up for a seat, that seat's phone
shows a short card for the step: what may be done now and why, the rules it rests on as
chips, and the rulebook's own example where our digest has one. The table screen shows
the same card while a step comes up for the first time at all.

What counts as "the first time" is worked out from the table's moves and its settings:

- a phone shows the card of the step its seat is due in unless the seat has made a move
  in that step before (any move made while the game was in that phase), has closed that
  step's card, or has asked to be taught no more;
- the table screen shows the card of the step the game is in until anyone has made a
  move in that step, or the host closes it there;
- the finished game (``over``) has no card; a step the table alone acts in (a draw the
  host enters) has one, shown on the table screen.

The settings live in the table's config (``TableRow.config["teach"]``, which no engine
reads): ``{"on": bool, "closed": {seat: [steps]}, "quiet": [seats], "table": [steps]}``.
A card closed stays closed: it is stored before any page is drawn again.

Card texts are data files, one per game and language, ``companion/rules/teach/<game>.md``
(and ``.it.md``, ``.de.md``)::

    # Fifth Avenue
    ## choose · Your turn: choose one action
    Rules: FA-T-1, FA-SH-1
    A paragraph of **little Markdown** (as the rules pages use).

    > The rulebook's example, where there is one.

Each ``## <step> · <title>`` section is one card; ``Rules:`` names its rule IDs (the same
word in every language); ``>`` lines are the example.
"""

import re
import threading
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from flask import Blueprint, redirect, request, url_for
from markupsafe import Markup

from ..engines.common import OVER
from ..engines.text import _
from ..tables import Refused
from . import context
from .filters import inline_md
from .languages import locale_name

LANGUAGES = ("en", "it", "de")
_SECTION = re.compile(r"^##\s+([a-z_]+)\s+·\s+(.+)$")
_RULES = re.compile(r"^Rules:\s*(.*)$")


@dataclass(frozen=True)
class Card:
    """One step's card in one language, as a page draws it (``templates/_teach.html``)."""

    game: str
    step: str
    title: str
    body: Markup  # paragraphs
    rules: tuple
    example: Markup | None
    lang: str


# --- the card files -----------------------------------------------------------------------

def parse(text: str) -> dict:
    """Step -> ``{"title", "rules", "paragraphs", "example"}`` from a card file."""
    cards, card, paragraph = {}, None, []

    def end_paragraph():
        if card is not None and paragraph:
            card["paragraphs"].append(" ".join(paragraph))
        paragraph.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if m := _SECTION.match(line):
            end_paragraph()
            card = cards[m[1]] = {"title": m[2].strip(), "rules": (), "paragraphs": [], "example": []}
        elif card is None:
            continue  # the file's title and any note before the first card
        elif m := _RULES.match(line):
            end_paragraph()
            card["rules"] = tuple(r.strip() for r in m[1].split(",") if r.strip())
        elif line.startswith(">"):
            end_paragraph()
            card["example"].append(line[1:].strip())
        elif line:
            paragraph.append(line)
        else:
            end_paragraph()
    end_paragraph()
    for found in cards.values():
        found["example"] = " ".join(found["example"]) or None
    return cards


@cache
def load(game: str, lang: str = "en") -> dict:
    """A game's cards in ``lang`` (English where there is no such file); {} for a game
    without cards (a test game)."""
    name = f"{game}.md" if lang == "en" else f"{game}.{lang}.md"
    folder = files("companion.rules").joinpath("teach")
    for candidate in (name, f"{game}.md"):
        path = folder.joinpath(candidate)
        if path.is_file():
            return parse(path.read_text(encoding="utf-8"))
    return {}


@cache
def _card(game: str, step: str, lang: str) -> Card | None:
    found = load(game, lang).get(step)
    if found is None:
        return None
    body = Markup("").join(Markup("<p>{}</p>").format(inline_md(p)) for p in found["paragraphs"])
    example = inline_md(found["example"]) if found["example"] else None
    return Card(game, step, found["title"], body, found["rules"], example, lang)


# --- what a page shows ----------------------------------------------------------------------

def steps_of(engine) -> dict:
    """The game's table of steps (``<engine>.flow.STEPS``; {} for a game without one)."""
    flow = getattr(engine, "flow", None)
    return dict(getattr(flow, "STEPS", None) or {})


def settings(config: dict) -> dict:
    """The table's teaching settings, filled in (a table made before them teaches nothing)."""
    found = config.get("teach") if isinstance(config.get("teach"), dict) else {}
    return {"on": bool(found.get("on")), "closed": dict(found.get("closed") or {}),
            "quiet": list(found.get("quiet") or []), "table": list(found.get("table") or [])}


def learning(config: dict) -> bool:
    return settings(config)["on"]


def card(now, viewer: str | None, page: str):
    """The card a page shows at ``now`` (a ``moment.Facts``), or None."""
    if not learning(now.row.config) or now.over:
        return None
    lang = locale_name()
    lang = lang if lang in LANGUAGES else "en"
    return now.get(("teach", viewer, page, lang), lambda: _shown(now, viewer, page, lang))


def _shown(now, viewer: str | None, page: str, lang: str) -> Card | None:
    step, taught = now.state.get("phase"), settings(now.row.config)
    if step is None or step == OVER:
        return None
    if page == "phone":
        if viewer is None or viewer not in now.to_act or viewer in taught["quiet"]:
            return None
        if step in taught["closed"].get(viewer, ()) or (viewer, step) in moved(now):
            return None
    else:
        if not now.to_act or step in taught["table"]:
            return None
        if any(made == step for _seat, made in moved(now)):
            return None
    return _card(now.row.game, step, lang)


# --- the steps each seat has made a move in -------------------------------------------------

@dataclass
class _Progress:
    """What a table's moves up to ``seq`` tell: the state after them and the ``(seat,
    step)`` pairs of every move made. ``key`` tells the move at ``seq`` from one that took
    its number after an undo."""

    live: object
    seq: int
    key: int | None
    state: dict
    moved: frozenset


_progress: dict = {}
_progress_lock = threading.Lock()


def moved(now) -> frozenset:
    """``(seat, step)`` for every move of the table up to ``now``: who has made a move in
    which step. Followed move by move from the table's held moves; worked out again from
    the stored log after an undo or a restart."""
    return now.get("teach-moved", lambda: _moved(now))


def _moved(now) -> frozenset:
    live, seq = now.live, now.seq
    with _progress_lock:
        found = _progress.get(live.row.id)
    moves = live.moves  # contiguous, the latest last (an undo replaces the list whole)
    first = moves[0].seq if moves else live.seq + 1

    def held(n):
        return moves[n - first] if first <= n <= moves[-1].seq else None

    usable = (found is not None and found.live is live and found.seq <= seq
              and (found.seq == 0 or (held(found.seq) is not None and held(found.seq).key == found.key))
              and all(held(n) is not None for n in range(found.seq + 1, seq + 1)))
    engine = live.engine
    if usable:
        state, made = found.state, set(found.moved)
        for n in range(found.seq + 1, seq + 1):
            move = held(n)
            made.add((move.seat, state["phase"]))
            state = engine.apply(state, move.seat, move.action)
    else:
        state, made = engine.setup(now.row.config), set()
        for event in context.tables().events(live.row.id):
            if event.seq > seq:
                break
            made.add((event.seat, state["phase"]))
            state = engine.apply(state, event.seat, event.action)
    at = held(seq)
    progress = _Progress(live, seq, at.key if at is not None else None, state, frozenset(made))
    with _progress_lock:
        _progress[live.row.id] = progress
    return progress.moved


# --- closing a card, and the table's option -------------------------------------------------

bp = Blueprint("teach", __name__, url_prefix="/t/<table_id>/teach")


def _step(live) -> str:
    step = request.form.get("step", "")
    steps = steps_of(live.engine)
    if step == OVER or (steps and step not in steps) or not re.fullmatch(r"[a-z_]{1,40}", step):
        raise Refused(_("There is no such step in this game."), 400)
    return step


def _done(live, phone: bool):
    """An htmx post is answered with nothing: every page is drawn again by a push."""
    if request.headers.get("HX-Request"):
        return ""
    return redirect(url_for("play.phone" if phone else "play.table_screen", table_id=live.row.id))


@bp.post("/close")
def close(table_id):
    """Close a step's card: a phone's for its seat; the table screen's (``for=table``) by
    the host only. Closing a card closed already changes nothing. The form carries the
    move it was drawn at (``seq``) as every form does, but a card is closed by its step,
    not its move: a page the table has moved past still closes it."""
    live = context.live_or_404(table_id)
    step = _step(live)
    if request.form.get("for") == "table":
        if not context.is_host(live):
            raise Refused(_("Only the host of this table can do that."), 403)
        _remember(table_id, ("table",), step)
        return _done(live, phone=False)
    _remember(table_id, ("closed", context.seated(live)), step)
    return _done(live, phone=True)


@bp.post("/quiet")
def quiet(table_id):
    """A seat asks to be taught no more (its phone shows no more cards)."""
    live = context.live_or_404(table_id)
    _remember(table_id, ("quiet",), context.seated(live))
    return _done(live, phone=True)


def _remember(table_id: str, where: tuple, item: str) -> None:
    """Add ``item`` once to the list at ``config["teach"][where[0]][where[1]]...``."""

    def change(config):
        found = config.setdefault("teach", {})
        for key in where[:-1]:
            found = found.setdefault(key, {})
        listed = found.setdefault(where[-1], [])
        if item in listed:
            return False
        listed.append(item)

    context.tables().update_config(table_id, change)


def switch(live, on: bool) -> None:
    """Host: turn teaching on or off for the whole table (what was closed stays closed)."""

    def change(config):
        taught = config.setdefault("teach", {})
        if bool(taught.get("on")) == on:
            return False
        taught["on"] = on

    context.tables().update_config(live.row.id, change)


def from_form(form) -> dict | None:
    """The wizard's "We are learning" box: the table's teaching settings, or None."""
    return {"on": True} if form.get("teach") in ("on", "1", "yes") else None


