"""QR codes as inline SVG (no Pillow needed)."""

import io

import qrcode
from markupsafe import Markup
from qrcode.image.svg import SvgPathImage


def svg(data: str) -> Markup:
    image = qrcode.make(data, image_factory=SvgPathImage, box_size=10, border=2)
    out = io.BytesIO()
    image.save(out)
    text = out.getvalue().decode()
    return Markup(text[text.index("<svg"):])
