"""Scans of paper score sheets kept with historic register entries: an image or a PDF.

The kind is read from the file's content, not its name or the browser's word, and the stored
name is made here (a random name with the right extension), so what is served back later is
known to be what it claims to be.
"""

from __future__ import annotations

import uuid
from typing import IO, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from PIL import Image

# A phone photo of a sheet is a few MB; a scanner's PDF of one page rarely more.
MAX_SCAN_BYTES = 10 * 1024 * 1024
# A phone's photo is 12 to 50 megapixels; members' browsers draw what is kept.
MAX_SCAN_PIXELS = 64_000_000
CONTENT_TYPES = {"pdf": "application/pdf", "png": "image/png", "jpg": "image/jpeg"}
_IMAGE_FORMATS = {"PNG": "png", "JPEG": "jpg"}


class TooManyPixels(Exception):
    """A photo whose few bytes would be an enormous picture when drawn."""


def scan_extension(file: IO[bytes] | Any) -> str | None:
    """ "pdf", "png" or "jpg" for a file that really is one; None otherwise; TooManyPixels for
    a photo of more than MAX_SCAN_PIXELS (never decoded here: only its header is read)."""
    file.seek(0)
    try:
        if file.read(5) == b"%PDF-":
            return "pdf"
        file.seek(0)
        try:
            with Image.open(file) as image:
                image_format, pixels = image.format, image.width * image.height
                image.verify()
        except Image.DecompressionBombError as error:
            raise TooManyPixels from error
        # Pillow raises many kinds of error for a damaged or hostile file (not only
        # UnidentifiedImageError): each of them means "not an image we keep".
        except Exception:
            return None
        if pixels > MAX_SCAN_PIXELS:
            raise TooManyPixels
        return _IMAGE_FORMATS.get(image_format or "")
    finally:
        file.seek(0)


def validate_scan(file: Any) -> None:
    if file.size > MAX_SCAN_BYTES:
        raise ValidationError(
            gettext("The scan is too large (%(size)s MB): at most %(most)d MB.")
            % {"size": f"{file.size / 1024 / 1024:.1f}", "most": MAX_SCAN_BYTES // 1024 // 1024}
        )
    try:
        extension = scan_extension(file)
    except TooManyPixels as error:
        raise ValidationError(
            gettext(
                "The photo has more pixels than a scan needs (at most %(most)d megapixels): "
                "take it again at a lower resolution."
            )
            % {"most": MAX_SCAN_PIXELS // 1_000_000}
        ) from error
    if extension is None:
        raise ValidationError(
            gettext("A scan must be a photo (JPEG or PNG) or a PDF of the paper sheet.")
        )


def scan_upload_to(instance: object, filename: str) -> str:
    # The uploader's file name is not kept: it may be anything, and it is never needed again.
    from league.models import RegisterEntry  # here: league.models imports this module

    assert isinstance(instance, RegisterEntry) and instance.scan
    try:
        extension = scan_extension(instance.scan) or "bin"
    except TooManyPixels:
        # validate_scan refused it before it could be saved.
        extension = "bin"
    return f"register/scans/{uuid.uuid4().hex}.{extension}"


def scan_content_type(name: str) -> str:
    return CONTENT_TYPES.get(name.rsplit(".", 1)[-1], "application/octet-stream")
