"""A finger signature as the tablet sends it: a PNG data URL, checked and re-encoded here.

Nothing the browser sent is stored as sent: the PNG is decoded with Pillow (its size read
from the header first, so a small file claiming a huge image is refused before it is unpacked),
then written out again as a plain PNG. What is kept is a clean image of known size, with no
chunks of text or anything else a client may have packed in.
"""

from __future__ import annotations

import base64
import binascii
from io import BytesIO

from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from PIL import Image, UnidentifiedImageError

PREFIX = "data:image/png;base64,"
# A signature pad of 2x a tablet's width compresses to tens of kB; this leaves room to spare.
MAX_PNG_BYTES = 512 * 1024
MAX_DATA_URL_CHARS = len(PREFIX) + 4 * (MAX_PNG_BYTES // 3 + 1)
MIN_SIDE = 50
MAX_WIDTH = 2400
MAX_HEIGHT = 1400


def clean_drawing(data_url: str) -> str:
    """The drawing as a PNG data URL re-encoded by the server; ValidationError if it is not a
    PNG of a signature pad's size, or if nothing is drawn on it."""
    if not data_url:
        raise ValidationError(gettext("Draw the signature on the pad first."))
    if len(data_url) > MAX_DATA_URL_CHARS:
        raise ValidationError(gettext("The drawing is too large: clear the pad and sign again."))
    if not data_url.startswith(PREFIX):
        raise ValidationError(gettext("The drawing did not arrive as a PNG image: sign again."))
    try:
        png = base64.b64decode(data_url[len(PREFIX) :], validate=True)
    except (binascii.Error, ValueError) as error:
        raise ValidationError(gettext("The drawing arrived damaged: sign again.")) from error
    image = _decoded(png)
    if not _has_ink(image):
        raise ValidationError(gettext("The signature pad is empty: draw the signature first."))
    out = BytesIO()
    image.save(out, format="PNG", optimize=True)
    return PREFIX + base64.b64encode(out.getvalue()).decode("ascii")


def _decoded(png: bytes) -> Image.Image:
    if not png.startswith(b"\x89PNG\r\n\x1a\n"):
        raise ValidationError(gettext("The drawing is not a PNG image: sign again."))
    try:
        with Image.open(BytesIO(png), formats=["PNG"]) as image:
            width, height = image.size
            if not (MIN_SIDE <= width <= MAX_WIDTH and MIN_SIDE <= height <= MAX_HEIGHT):
                raise ValidationError(
                    gettext(
                        "The drawing is %(width)d×%(height)d pixels: a signature pad is between "
                        "%(least)d×%(least)d and %(widest)d×%(highest)d."
                    )
                    % {
                        "width": width,
                        "height": height,
                        "least": MIN_SIDE,
                        "widest": MAX_WIDTH,
                        "highest": MAX_HEIGHT,
                    }
                )
            image.load()
            return image.convert("RGBA")
    except ValidationError:
        raise
    # Pillow reports a broken PNG in several ways; each one is the same answer to the signer.
    except (
        UnidentifiedImageError,
        OSError,
        ValueError,
        SyntaxError,
        Image.DecompressionBombError,
    ) as error:
        raise ValidationError(
            gettext("The drawing is not a readable PNG image: sign again.")
        ) from error


def _has_ink(image: Image.Image) -> bool:
    """Something drawn: a pixel that is not see-through and differs from the background."""
    alpha = image.getchannel("A")
    if alpha.getbbox() is None:
        return False
    low, high = image.convert("L").getextrema()
    alpha_low, _ = alpha.getextrema()
    # A fully opaque image with one colour throughout is a blank pad painted in.
    return not (alpha_low == 255 and low == high)
