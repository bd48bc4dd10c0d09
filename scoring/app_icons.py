"""The app's icons, drawn with Pillow from the same die as static/favicon.svg (a white die
showing five, on black): the installed app's 192 and 512 px icons and /favicon.ico. Drawn when
first asked for and kept per process, so no binary file is committed or goes stale."""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw

ICON_SIZES = (192, 512)
FAVICON_SIZES = (16, 32, 48)
# The die's pips on a 64-unit face, as in static/favicon.svg.
PIPS = ((20, 20), (44, 20), (32, 32), (20, 44), (44, 44))


def _die(size: int) -> Image.Image:
    image = Image.new("RGBA", (size, size), (0, 0, 0, 255))
    draw = ImageDraw.Draw(image)
    unit = size / 64
    # Inside the maskable safe zone (the middle 80%): a launcher's round mask leaves it whole.
    margin = 8 * unit
    draw.rounded_rectangle(
        (margin, margin, size - margin, size - margin), radius=10 * unit, fill=(250, 250, 250, 255)
    )
    for x, y in PIPS:
        cx, cy = 32 + (x - 32) * 0.85, 32 + (y - 32) * 0.85
        radius = 5 * unit
        draw.ellipse(
            (cx * unit - radius, cy * unit - radius, cx * unit + radius, cy * unit + radius),
            fill=(0, 0, 0, 255),
        )
    return image


@cache
def icon_png(size: int) -> bytes:
    out = io.BytesIO()
    _die(size).save(out, format="PNG", optimize=True)
    return out.getvalue()


@cache
def favicon_ico() -> bytes:
    out = io.BytesIO()
    _die(max(FAVICON_SIZES)).save(out, format="ICO", sizes=[(size, size) for size in FAVICON_SIZES])
    return out.getvalue()
