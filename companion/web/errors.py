"""Clear answers for bad requests: a page (or an htmx fragment) that says what is wrong."""

from flask import render_template, request
from werkzeug.exceptions import HTTPException

from ..engines import IllegalAction
from ..tables import Refused
from .filters import say
from .games import FormError


def register(app):
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        return _page(error.description, error.code)

    @app.errorhandler(Refused)
    def refused(error: Refused):
        return _page(error.message, error.status)

    @app.errorhandler(FormError)
    def bad_form(error: FormError):
        return _page(str(error), 400)

    @app.errorhandler(IllegalAction)
    def illegal(error: IllegalAction):
        return _page(say(error.text), 422, rule=error.rule)


def _page(message: str, status: int, rule: str | None = None):
    template = "error_fragment.html" if request.headers.get("HX-Request") else "error.html"
    return render_template(template, message=message, status=status, rule=rule), status
