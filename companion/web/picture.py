"""A page's picture: its main region (``#main``) as one viewer sees one moment of a
table, drawn part by part, and what a push sends of it.

A page template (``phone_main.html``, ``table_main.html``) is a skeleton of blocks; each
block is a *part*, drawn on its own and wrapped in ``<div id="part-NAME" class="part">``.
The board (``games/<game>/board.html``) is drawn once per moment and language for every
page; its own top-level blocks are parts too (``part-board-NAME``), held by the page's
``board`` part. A page gets its picture whole (a page load, the answer to a fetch); over
its socket it then gets, after each move, the parts whose HTML changed since it was last
sent, each an out-of-band morph (``Picture.push``).
"""

from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable

from flask import current_app
from markupsafe import Markup

from ..tables import Live
from . import context
from .languages import locale_name, speaking
from .games import ui_for
from .moment import Facts, facts, viewer_context, words
from .templating import render_around, render_block, render_template

PAGES = {"phone": "phone_main.html", "table": "table_main.html"}
BOARD_PART = "board"  # the page's block that shows the board (``{{ board }}``)


@dataclass(frozen=True)
class Picture:
    """A page's main region at move ``seq``: ``parts`` (part id -> its HTML, unwrapped, in
    page order, the board's parts after the page's), ``shown`` (what a push compares: the
    same, but for the page's board part drawn with the board's parts left empty) and
    ``inside`` (part id -> the ids of the parts it holds)."""

    seq: int
    parts: dict
    shown: dict
    inside: dict
    whole: Callable[[], str] = field(repr=False, compare=False)  # the region around its parts

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
                out.append(wrap(part, html, oob=True))
                sent.update(self.inside.get(part, ()))
        return "".join(out) or None


def wrap(part: str, html: str, oob: bool = False) -> str:
    swap = ' hx-swap-oob="morph"' if oob else ""
    return f'<div id="{part}" class="part"{swap}>{html}</div>'


@dataclass(frozen=True)
class Board:
    """The board of a moment in one language: whole, as an outline (its parts empty, what
    a push compares), and its parts (part id -> HTML)."""

    whole: Markup
    outline: Markup
    parts: dict


def board(now: Facts, locale: str) -> Board:
    return now.get(("board", locale), lambda: _board(now))


def _board(now: Facts) -> Board:
    game = now.row.game
    template = current_app.jinja_env.get_template(f"games/{game}/board.html")
    values = {"view": now.view(None), "ui": ui_for(game), "row": now.row, "game": game,
              "words": now.get("words", lambda: words(now.row))}
    if not template.blocks:  # drawn as one part
        whole = Markup(render_template(template, values))
        return Board(whole, whole, {})
    parts = {f"part-board-{name}": render_block(template, name, values) for name in template.blocks}
    whole = render_around(template, values, {name: wrap(f"part-board-{name}", parts[f"part-board-{name}"])
                                             for name in template.blocks})
    outline = render_around(template, values, {name: wrap(f"part-board-{name}", "") for name in template.blocks})
    return Board(Markup(whole), Markup(outline), parts)


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
        return _drawn(now, viewer, page, message, host, presence, locale)


def _drawn(now: Facts, viewer: str | None, page: str, message: dict | None, host: bool,
           presence: dict, locale: str) -> Picture:
    drawn = board(now, locale)
    values = dict(viewer_context(now, viewer, page, presence, message), host=host, board=drawn.whole)
    template = current_app.jinja_env.get_template(PAGES[page])
    parts = {f"part-{name}": render_block(template, name, values) for name in template.blocks}
    shown = dict(parts)
    inside = {}
    if BOARD_PART in template.blocks and drawn.parts:
        shown[f"part-{BOARD_PART}"] = render_block(template, BOARD_PART, dict(values, board=drawn.outline))
        inside[f"part-{BOARD_PART}"] = tuple(drawn.parts)
        parts.update(drawn.parts)
        shown.update(drawn.parts)
    def whole():
        return render_around(template, values, {name: wrap(f"part-{name}", parts[f"part-{name}"])
                                                 for name in template.blocks})

    return Picture(now.seq, parts, shown, inside, whole)


def main_html(live: Live, viewer: str | None, page: str, message: dict | None = None,
              host: bool = False) -> Markup:
    """The main region of a page (``#main``), whole."""
    return picture(live, viewer, page, message, host).html
