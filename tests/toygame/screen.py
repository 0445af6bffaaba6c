"""The toy game's screen adapter (see ``companion.web.games``): a wizard of names, a
typed secret number and die roll, and labels for the complete ``add`` actions."""

from companion.engines.text import _
from companion.web.games import Form, FormError

from .setup import COLOURS


def setup_context(tables, args=None) -> dict:
    return {"form": {}, "colours": COLOURS}


def config_from_form(form) -> tuple[dict, str, None]:
    names = [form.get(f"name_{i}", "").strip()[:24] for i in range(1, 5)]
    players = [{"seat": f"p{i}", "name": n, "colour": COLOURS[i - 1]} for i, n in enumerate(names, 1) if n]
    if len(players) < 2:
        raise FormError(_("Write the names of two to four players."))
    return {"players": players}, form.get("title", "").strip()[:60], None


def _number(name: str):
    def read(form) -> dict:
        try:
            return {"n": int(form.get(name, ""))}
        except ValueError:
            raise FormError(_("Type a number.")) from None

    return Form(read, lambda action: {name: action["n"]})


FORMS = {"secret": _number("n"), "roll": _number("n")}


def label(action: dict):
    """The button of a complete action (``add``)."""
    return _("Add {n}", n=action["n"])
