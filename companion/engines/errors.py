"""The one error every engine raises for an action the rules forbid."""


class IllegalAction(ValueError):
    """An action (or a setup) the rules forbid.

    ``rule`` is a rule ID from the game's digest (``"FA-A-5"``); ``message`` is a
    sentence for people at a table that names the offending input; ``details``
    carries structured facts (the input, the allowed values) for screens and tests.

    >>> e = IllegalAction("FA-SH-2", "Lot grey in 34w already holds two shops.", lot="grey")
    >>> e.rule, e.details["lot"]
    ('FA-SH-2', 'grey')
    """

    def __init__(self, rule: str, message: str, **details):
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message
        self.details = details

    def to_dict(self) -> dict:
        return {"rule": self.rule, "message": self.message, "details": self.details}
