"""A page's picture: its main region (``#main``) as one viewer sees one moment of a
table, drawn part by part, and what a push sends of it.

A page template (``phone_main.html``, ``table_main.html``) is a skeleton of blocks; each
block is a *part*, drawn on its own and wrapped in ``<div id="part-NAME" class="part">``.
The board (``games/<game>/board.html``) is drawn once per moment and language for every
page; its own top-level blocks are parts too (``part-board-NAME``), held by the page's
``board`` part. A block that names what it reads (``READS``, ``ui.BOARD_READS``,
``ui.SHEET_READS``) is kept from the table's last moment while that stays equal
(``_kept``). A page gets its picture whole (a page load, the answer to a fetch); over its
socket it then gets, after each move, the parts whose HTML changed since it was last
sent, out of band (``Picture.push``).
"""

from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Callable

from flask import current_app
from markupsafe import Markup

from ..tables import Live
from . import context
from .languages import locale_name, speaking
from .games import ui_for
from .moment import Facts, facts, viewer_context, words
from .templating import Undeclared, UndeclaredRead, render_around, render_block, render_template, restricted

PAGES = {"phone": "phone_main.html", "table": "table_main.html"}
BOARD_PART = "board"  # the page's block that shows the board (``{{ board }}``)
#: What blocks of the pages read, where naming it pays (``_kept``): the scores change at
#: a few moves of a game, and their events grow long; the log's earlier part and a
#: phone's own moves, once every few moves.
READS = {"scores": ("scores", "over", "names", "words"), "log_earlier": ("log_earlier", "words"),
         "own_moves": ("offered", "finished", "row")}


@dataclass(frozen=True)
class Picture:
    """A page's main region at move ``seq``: ``parts`` (part id -> its HTML, unwrapped, in
    page order, the board's parts after the page's), ``shown`` (what a push compares: the
    same, but for the page's board part drawn with the board's parts left empty) and
    ``inside`` (part id -> the ids of the parts it holds); ``replaced``: the parts a push
    swaps in whole rather than morphs."""

    seq: int
    parts: dict
    shown: dict
    inside: dict
    whole: Callable[[], str] = field(repr=False, compare=False)  # the region around its parts
    replaced: frozenset = frozenset()

    @cached_property
    def html(self) -> Markup:
        """The whole region, as a page or an answer shows it (a push needs only parts)."""
        return Markup(self.whole())

    def push(self, known: dict | None) -> str | None:
        """The message for a page that shows ``known`` (an earlier picture's ``shown``;
        None: anything): each part that changed, whole, as an out-of-band morph. None when
        the page shows all of this already."""
        out, sent = [], set()
        for part, html in self.parts.items():
            if part not in sent and (known is None or known.get(part) != self.shown[part]):
                out.append(wrap(part, html, oob="outerHTML" if part in self.replaced else "morph"))
                sent.update(self.inside.get(part, ()))
        return "".join(out) or None


def wrap(part: str, html: str, oob: str = "") -> str:
    """A part's element; ``oob``: how a push swaps it in ("morph", "outerHTML")."""
    swap = f' hx-swap-oob="{oob}"' if oob else ""
    return f'<div id="{part}" class="part"{swap}>{html}</div>'


@dataclass(frozen=True)
class Board:
    """The board of a moment in one language: whole, as an outline (its parts empty, what
    a push compares), and its parts (part id -> HTML)."""

    whole: Markup
    outline: Markup
    parts: dict


def board(now: Facts, locale: str) -> Board:
    return now.get(("board", locale), lambda: _board(now, locale))


def _board(now: Facts, locale: str) -> Board:
    game = now.row.game
    ui = ui_for(game)
    template = current_app.jinja_env.get_template(f"games/{game}/board.html")
    values = {"view": now.view(None), "ui": ui, "row": now.row, "game": game,
              "words": now.get("words", lambda: words(now.row))}
    reads = getattr(ui, "BOARD_READS", {})
    if not template.blocks:  # drawn as one part
        whole = Markup(_kept(now, (locale, "board", BOARD_PART), values, reads.get(BOARD_PART),
                             partial(render_template, template)))
        return Board(whole, whole, {})
    parts = {f"part-board-{name}": _kept(now, (locale, "board", name), values, reads.get(name),
                                         partial(render_block, template, name))
             for name in template.blocks}
    whole = render_around(template, values, {name: wrap(f"part-board-{name}", parts[f"part-board-{name}"])
                                             for name in template.blocks})
    outline = render_around(template, values, {name: wrap(f"part-board-{name}", "") for name in template.blocks})
    return Board(Markup(whole), Markup(outline), parts)


def _kept(now: Facts, key: tuple, values: dict, reads: tuple | None, draw: Callable[[dict], str]) -> str:
    """A block drawn, or as it was drawn for the same page at an earlier moment of the
    table if what it reads is unchanged (the key holds the page kind, seat and language:
    nothing kept for one seat is given to another). A block that names what it reads
    (``READS``, ``ui.BOARD_READS``) is given that alone (``templating.restricted``:
    reading anything else is an error); one that names nothing reads everything, which
    changes with every move, so it is drawn every time: slower, never stale. A block that
    reads more than it names fails a test; served, it is drawn from everything."""
    if reads is None or not now.keeps:
        return draw(values)
    given = restricted(values, reads)
    seen = {name: value for name, value in given.items() if not isinstance(value, Undeclared)}
    kept = now.kept.get(key)
    if kept is not None and kept[0] == seen:
        return kept[1]
    try:
        html = draw(given)
    except UndeclaredRead:
        if current_app.testing:
            raise
        current_app.logger.exception("block %s reads more than it names; drawn from everything", key)
        return draw(values)
    now.kept[key] = (seen, html)
    return html


def picture(live: Live, viewer: str | None, page: str, message: dict | None = None, host: bool = False,
            now: Facts | None = None, presence: dict | None = None) -> Picture:
    """The main region of ``page`` ("phone" or "table") for ``viewer``. Without a message,
    drawn once per moment (every table screen shares one, each phone has its own)."""
    now = now or facts(live)
    if presence is None:
        presence = context.hub().presence(now.row.id, live.seats) if page == "table" else {}
    locale = locale_name()
    if message is not None:
        return _picture(now, viewer, page, message, host, presence, locale)
    key = ("picture", viewer, page, host, locale, tuple(sorted(presence.items())))
    return now.get(key, lambda: _picture(now, viewer, page, None, host, presence, locale))


def _picture(now: Facts, viewer: str | None, page: str, message: dict | None, host: bool,
             presence: dict, locale: str) -> Picture:
    with speaking(locale):  # the catalogue looked up once, not once per text
        drawn = board(now, locale)
        values = dict(viewer_context(now, viewer, page, presence, message), host=host, board=drawn.whole)
        template = current_app.jinja_env.get_template(PAGES[page])
        reads = dict(READS, sheet=getattr(values["ui"], "SHEET_READS", None))
        parts = {f"part-{name}": _kept(now, (locale, page, viewer, host, name), values, reads.get(name),
                                       partial(render_block, template, name))
                 for name in template.blocks}
        shown, inside = dict(parts), {}
        if BOARD_PART in template.blocks and drawn.parts:
            shown[f"part-{BOARD_PART}"] = render_block(template, BOARD_PART, dict(values, board=drawn.outline))
            inside[f"part-{BOARD_PART}"] = tuple(drawn.parts)
            parts.update(drawn.parts)
            shown.update(drawn.parts)

    def whole():
        return render_around(template, values, {name: wrap(f"part-{name}", parts[f"part-{name}"])
                                                 for name in template.blocks})

    # A phone's board parts hold no control and no fold, and are large: a phone swaps them
    # in whole, as they come (companion.js); the table screen morphs them (it marks changes).
    replaced = frozenset(drawn.parts) if page == "phone" else frozenset()
    return Picture(now.seq, parts, shown, inside, whole, replaced)

