"""The screen contract: how the platform draws a game it knows nothing about.

Shared templates read only what every engine gives (see ``companion.engines``):
``legal()``'s prompt, actions and blocked reasons, the scores, the log, and
``view()["players"]`` entries' ``seat``, ``name``, ``score``, ``colour`` (a token the
platform's CSS draws as ``color-<colour>``, or None) and ``initials``. Everything else comes from the game's *screen adapter*, a module
``companion.web.games.<game>`` with::

    setup_context(tables, args) -> dict        # data for the wizard ("form": fields to prefill)
    config_from_form(form) -> (config, title, profile)   # profile: {"name", "data"} to save
                                               # as a board profile, or None; raises FormError
    FORMS = {action type: Form(read, write)}   # the game's own form readers, each beside its
                                               # writer (the inverse, used by tests)
    label(action) -> text                      # the button of a complete action (optional)
    words(config) -> {msgid: name}             # the game's words renamed for a table, e.g. as
                                               # the host's box names them (optional)
    forms(legal) -> [action]                   # the actions to draw a form for, where one form
                                               # offers many (optional; default: each action)
    ACTION_NAMES = {action type: N_(name)}     # each kind of move in a few words, for the
                                               # host's audit trail and the undo notice
    explain(state, seat, legal) -> dict        # why choices a seat's actions do not offer are
                                               # refused, in the engine's words (optional;
                                               # templates see it as ``reasons``)
    BOARD_READS = {block: (name, ...)}         # what each block of board.html reads: "words",
                                               # or a path into the table's view: a key
                                               # ("view.market", "view.tiles.supply"), a field
                                               # of every player ("view.players.name"), or
                                               # one player by place ("view.players.2").
                                               # Optional, and only a speed-up: a block is
                                               # then drawn from those alone (reading anything
                                               # else is an error) and kept while they stay
                                               # equal; a block without one is drawn each move
    SHEET_READS = (name, ...)                  # the same for sheet.html: "scores", "words",
                                               # "me", or a key of the view (optional)

and templates under ``templates/games/<game>/``::

    setup.html           the set-up wizard (a whole page)
    board.html           the public picture of the table (``view`` is the table's view)
    status.html          whose turn, what runs now (auctions, ...): phone and table screens
    sheet.html           the seat's own sheet on its phone (reserve, hand)
    actions/<type>.html  the form of one action type of ``legal()["actions"]`` (``a``)
    table/<type>.html    the fields of one input from the physical table (host only)
    table_inputs.html    all the host's inputs at once, forms included (optional;
                         ``_table_inputs.html``, one form per action, ``table/<type>.html``)
    scripts.html         the game's own CSS and JS, loaded by its pages only (optional)
    player.html          how to draw a player in the list (optional; ``_player.html``)

Game templates see what ``moment.viewer_context`` gives: ``view`` (the viewer's), ``me``
(the viewer's own entry of its ``players``, None for the table screen),
``legal``, ``seq``, ``row``, ``ui`` (the adapter), ``names``, ``to_act``, ``my_turn``
(a phone's seat is due), ``waiting_for`` (the seats other than the viewer's that are due,
none on a phone that is due), ``scores``,
``over``, ``final`` (the ranking at the end), ``undos`` (and ``undo_notice``, what
the last undo, rewind or correction changed, until the next move: ``companion.web.undos``),
``offered`` (a phone's moves a correction handed back, and its own moves only it may
correct), ``notes`` (``companion.web.notes``), ``reasons``, ``page`` ("phone"
or "table"), ``viewer`` and, for the host's inputs,
``table_legal`` and ``words``; engine texts are shown with the ``say`` filter (which
applies ``words``).

Complete actions: where ``legal()`` lists an action exactly as it is to be applied,
its type has no ``FORMS`` entry; each such action is one button that posts the action
itself (``forms.complete`` in ``_forms.html``; ``_complete.html``, labelled by
``label``, when the game has no template for the type) and ``read_complete`` turns
the form back into it, for every game. An action type with a ``FORMS`` entry is read
only by its own reader.

Server draws: the host's input form may carry ``draw=server`` to have the engine's
``table_draw`` make the input; a phone's action form likewise, for an engine with
``seat_draw`` (the seat's random outcome, such as the tiles it would turn up).

Corrections (``companion.web.corrections``): a move's own form is drawn again for the
state before it, on a page of its own; ``act_to``, when set, is where the action forms
(``_forms.html``) and the host's inputs post instead of ``/act`` and ``/table-act``.

Live pages (``companion.web.picture``): a page's picture is drawn for that page at each
move, from what it is given, so a template draws only from that: no clock, no randomness,
no state of its own. A form posts the move it was drawn at (``seq``). After a move, a page
is sent the parts of its picture whose HTML changed: each block of ``phone_main.html`` and
``table_main.html`` is a part, and so is each top-level block of ``board.html``, drawn once
a moment for every page (a block there imports what it uses itself, sets its own names and
lies outside any ``<svg>``: it is swapped in as a ``<div>``; a picture in parts is drawn as
pictures laid over one another, as Manhattan's cities over their ground, each where
``placed`` says). A board without
blocks is one part, sent whole whenever it changed: blocks cost nothing in correctness,
only save bytes.

A game used only by tests (``tests.toygame``) brings its engine, adapter and template
folder along and is registered with the app's ``TEST_GAMES`` setting (or the
environment's ``COMPANION_TEST_GAMES``, comma separated); it is never offered on the
home page.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from types import ModuleType

from flask import current_app

from ... import engines
from ...engines.text import Text, _
from ...names import BadName, label, player_names
from ...tables import Refused

COMPLETE = "action"  # the form field that holds a complete action, as JSON
MAX_DEPTH = 3  # a complete action is plain data nested at most this deep (cards in a list)


class FormError(Refused):
    """A form that cannot be read as a set-up or an action (a 400)."""

    status = 400

    def __init__(self, text: Text):
        super().__init__(text)


def names_from_form(form, count: int) -> list[str | None]:
    """The players' names typed into fields ``name_1`` to ``name_<count>``
    (``names.player_names``: None where nothing was typed)."""
    try:
        return player_names([form.get(f"name_{i}", "") for i in range(1, count + 1)])
    except BadName as error:
        raise FormError(error.text) from None


def typed(form, field: str, limit: int, what: Text) -> str:
    """What the host typed into ``field``, as a label (``names.label``: "" if nothing)."""
    try:
        return label(form.get(field, ""), limit, what)
    except BadName as error:
        raise FormError(error.text) from None


def title_from_form(form) -> str:
    """The name the host gave the table ("" for the game's own)."""
    return typed(form, "title", 60, _("The name of this table"))


def profile_name_from_form(form) -> str:
    """The name of the profile to save ("" for none)."""
    return typed(form, "profile_name", 40, _("The name of the profile"))


@dataclass(frozen=True)
class Form:
    """How one action type travels through a form: ``read(form)`` gives the action's
    fields (without ``type``) from the posted form, ``write(action)`` the form fields
    that post it (without ``type``; a list is a repeated field)."""

    read: Callable[[object], dict]
    write: Callable[[dict], dict]


NO_FIELDS = Form(lambda form: {}, lambda action: {})


def placed(x: float, y: float, width: float, height: float, board: tuple[float, float]) -> dict:
    """Where a part of a board picture in parts goes over its ground, the whole ``board``
    (width, height) in the same SVG units: its ``view`` (the part's viewBox, so it draws in
    the board's units) and ``style`` (its CSS position, in percentages of the board)."""
    w, h = board
    return {"view": f"{x:g} {y:g} {width:g} {height:g}",
            "style": f"left:{100 * x / w:g}%;top:{100 * y / h:g}%;width:{100 * width / w:g}%;height:{100 * height / h:g}%"}


@dataclass(frozen=True)
class TestGame:
    """A game registered for tests only: its engine, adapter and template folder."""

    engine: ModuleType
    ui: ModuleType
    templates: Path


def load_test_game(path: str) -> TestGame:
    """``path`` names a package with an engine, a ``screen`` adapter and ``templates/``."""
    engine = import_module(path)
    return TestGame(engine, import_module(f"{path}.screen"), Path(engine.__file__).parent / "templates")


def _test_games() -> dict[str, TestGame]:
    return current_app.extensions["companion"]["test_games"]


def ui_for(game: str) -> ModuleType:
    """The screen adapter of a game (``ImportError`` if it has none)."""
    extra = _test_games().get(game)
    return extra.ui if extra else import_module(f"{__name__}.{game}")


def has_ui(game: str) -> bool:
    try:
        ui_for(game)
    except ImportError:
        return False
    return True


def offered() -> dict[str, str]:
    """The games a host may start here: installed, with screens. Name -> title."""
    return {g: engines.GAMES[g] for g in engines.available() if has_ui(g)}


def playable(game: str) -> bool:
    """Offered, or registered for tests."""
    return game in _test_games() or game in offered()


# reading and writing action forms -------------------------------------------------

def action_from_form(ui: ModuleType, form) -> dict:
    """A phone's (or the host's) form as an engine action; the engine judges it."""
    if COMPLETE in form:
        action = read_complete(form)
        if action["type"] in ui.FORMS:  # a type with a form of its own comes through it
            raise FormError(_("This button sent an action that cannot be read."))
        return action
    kind = form.get("type", "")
    reader = ui.FORMS.get(kind)
    if reader is None:
        raise FormError(_("{kind} is not an action this form can send.", kind=repr(kind[:40])))
    return {"type": kind, **reader.read(form)}


def read_complete(form) -> dict:
    """The one reader of a complete action: the JSON its button posted."""
    try:
        action = json.loads(form.get(COMPLETE, ""))
    except (ValueError, RecursionError):
        raise FormError(_("This button sent an action that cannot be read.")) from None
    if not isinstance(action, dict) or not isinstance(action.get("type"), str) or not _flat(action):
        raise FormError(_("This button sent an action that cannot be read."))
    return action


def _flat(value, depth: int = 0) -> bool:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return True
    if depth >= MAX_DEPTH:
        return False
    if isinstance(value, list):
        return all(_flat(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _flat(v, depth + 1) for k, v in value.items())
    return False


def form_fields(ui: ModuleType, action: dict) -> dict:
    """The form fields (besides ``seq``) that post ``action``: the inverse of
    ``action_from_form``, for tests that play through the forms."""
    kind = action["type"]
    if kind not in ui.FORMS:
        return {COMPLETE: json.dumps(action)}
    return {"type": kind, **ui.FORMS[kind].write(action)}


__all__ = ["FormError", "Form", "NO_FIELDS", "TestGame", "load_test_game", "ui_for", "has_ui",
           "offered", "playable", "action_from_form", "read_complete", "form_fields", "COMPLETE"]
