"""The Wi-Fi QR code on the table screen: phones scan it to join the game-night
network, then scan the join code. Shown only when the network is configured, by
``COMPANION_WIFI_SSID`` and ``COMPANION_WIFI_PASSWORD`` (``deploy/hotspot.sh`` writes
them into the Pi's settings file) or the app settings ``WIFI_SSID``/``WIFI_PASSWORD``."""

import os
from functools import lru_cache

from flask import Blueprint, current_app

from ..network import wifi_qr_text
from . import qr

bp = Blueprint("wifi", __name__)


def settings() -> tuple[str, str] | None:
    config = current_app.config
    ssid = config.get("WIFI_SSID") or os.environ.get("COMPANION_WIFI_SSID")
    if not ssid:
        return None
    return ssid, config.get("WIFI_PASSWORD") or os.environ.get("COMPANION_WIFI_PASSWORD") or ""


@lru_cache(maxsize=4)
def _picture(ssid: str, password: str):
    return qr.svg(wifi_qr_text(ssid, password))


@bp.app_context_processor
def wifi():
    """``wifi`` for templates: the network's name, password and QR code, or None."""
    found = settings()
    if found is None:
        return {"wifi": None}
    ssid, password = found
    return {"wifi": {"ssid": ssid, "password": password, "qr": _picture(ssid, password)}}
