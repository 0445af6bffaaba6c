"""Per-game screen adapters: how a game's set-up form and action forms become
engine input. Each game has a module here with the same shape::

    setup_context(store, args) -> dict       # template data for the wizard ("form": prefill)
    config_from_form(form) -> (config, title)  # raises FormError
    action_from_form(form) -> dict           # raises FormError

and templates under ``templates/games/<game>/``: ``setup.html``, ``board.html``,
``actions.html`` (a seat's choices from ``legal()``), ``table_inputs.html`` (the
host's inputs for the pseudo-seat "table") and ``sheet.html`` (the seat's hand).
The platform itself never looks inside a game's state.
"""

from importlib import import_module
from types import ModuleType


class FormError(ValueError):
    """A form that cannot be read as a set-up or an action (a 400)."""


def ui_for(game: str) -> ModuleType:
    return import_module(f"{__name__}.{game}")


def has_ui(game: str) -> bool:
    try:
        ui_for(game)
    except ImportError:
        return False
    return True
