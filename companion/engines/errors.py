"""The one error every engine raises for an action the rules forbid."""

from .text import Text, english


class IllegalAction(ValueError):
    """An action (or a setup) the rules forbid.

    ``rule`` is a rule ID from the game's digest (``"FA-A-5"``); ``text`` is a
    translatable sentence for people at a table that names the offending input (see
    ``companion.engines.text``), ``message`` the same in English; ``details`` carries
    structured facts (the input, the allowed values) for screens and tests.

    >>> from companion.engines.text import _
    >>> e = IllegalAction("FA-SH-2", _("Lot {lot} already holds two shops.", lot="grey"), lot="grey")
    >>> e.rule, e.message, e.details["lot"]
    ('FA-SH-2', 'Lot grey already holds two shops.', 'grey')
    """

    def __init__(self, rule: str, text: Text, **details):
        self.rule = rule
        self.text = text
        self.message = english(text)
        self.details = details
        super().__init__(f"{self.message} ({rule})")

    def to_dict(self) -> dict:
        return {"rule": self.rule, "text": self.text, "details": self.details}
