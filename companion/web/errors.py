"""Refusals as answers: the one place where a refusal becomes an HTTP status and a
message, shown as a page (or an htmx fragment) in the reader's language."""

from flask import render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from ..engines import IllegalAction
from ..tables import Refused
from .filters import say

REFUSALS = (IllegalAction, Refused)  # what a request may be turned away with


def status(error: Exception) -> int:
    """The HTTP status of a refusal: the rules' refusals are 422, the platform's say theirs."""
    if isinstance(error, IllegalAction):
        return 422
    return error.status


def message(error: Exception) -> dict:
    """The in-page message of a refusal: its text and the rule it cites."""
    return {"kind": "refused", "text": error.text, "rule": error.rule}


def register(app):
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        page, code = _page(_http_message(error), error.code)
        # the refusal's own headers (Allow for a 405, the version a 426 asks for)
        extra = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
        return page, code, extra

    @app.errorhandler(Refused)
    @app.errorhandler(IllegalAction)
    def refused(error):
        return _page(say(error.text), status(error), error.rule)


def _http_message(error: HTTPException) -> str:
    """Werkzeug's own refusals (a wrong method, a request too large) in the reader's language."""
    if error.code == 404:
        return gettext("There is no such page here.")
    if error.code == 405:
        return gettext("This address does not take that kind of request.")
    if error.code == 413:
        return gettext("That request is too large.")
    return gettext("That request could not be handled (%(code)s).", code=error.code)


def _page(text: str, code: int, rule: str | None = None):
    template = "error_fragment.html" if request.headers.get("HX-Request") else "error.html"
    return render_template(template, message=text, status=code, rule=rule), code
