"""How much work a PDF page would be to read and to draw, measured before either is done.

A score sheet's page holds some 50 KB of drawing instructions and a few signature images of a
tenth of a megapixel. A small upload can declare far more: a content stream that inflates to
tens of megabytes (minutes of pure-Python parsing for pypdf), or an image whose few compressed
kilobytes inflate to gigabytes when PDFium draws it. Such a page is no score sheet, and is
refused by these measures: nothing of it is read or drawn. The measures only read dictionaries
and inflate the content streams (bounded by pypdf's own limit); no image is decoded.
"""

from __future__ import annotations

import re

from pypdf import PageObject
from pypdf.generic import DictionaryObject, IndirectObject, StreamObject

# Forty times a real sheet's page: however a club night's sheet grows, it stays far below.
MAX_CONTENT_BYTES = 2 * 1024 * 1024
# All the images of one page together; a real sheet's signatures are about one megapixel.
MAX_IMAGE_PIXELS = 16_000_000
# An inline image's dictionary (BI ... ID): its width and height, as /W or /Width and /H or
# /Height. One that cannot be read counts as too large.
_INLINE_IMAGE = re.compile(rb"(?<!\S)BI\s+(/.{0,1000}?)\sID\s", re.DOTALL)
_INLINE_SIDE = {
    "width": re.compile(rb"/W(?:idth)?\s+(\d{1,9})\b"),
    "height": re.compile(rb"/H(?:eight)?\s+(\d{1,9})\b"),
}


def page_weight(page: PageObject) -> tuple[int, int]:
    """The page's drawing instructions in bytes (its content and the forms it draws) and its
    images' pixels together; the measuring stops as soon as either is past its limit."""
    contents = page.get_contents()
    content = contents.get_data() if contents is not None else b""
    content_bytes = len(content)
    pixels = _inline_pixels(content)
    seen: set[int] = set()
    resources = [page.get("/Resources")]
    while resources:
        found = resources.pop()
        found = found.get_object() if found is not None else None
        if not isinstance(found, DictionaryObject):
            continue
        xobjects = found.get("/XObject")
        xobjects = xobjects.get_object() if xobjects is not None else None
        if not isinstance(xobjects, DictionaryObject):
            continue
        for reference in xobjects.values():
            xobject = reference.get_object()
            if id(xobject) in seen or not isinstance(xobject, StreamObject):
                continue
            seen.add(id(xobject))
            if xobject.get("/Subtype") == "/Image":
                pixels += _side(xobject.get("/Width")) * _side(xobject.get("/Height"))
            elif xobject.get("/Subtype") == "/Form":
                data = xobject.get_data()
                content_bytes += len(data)
                pixels += _inline_pixels(data)
                resources.append(xobject.get("/Resources"))
            if content_bytes > MAX_CONTENT_BYTES or pixels > MAX_IMAGE_PIXELS:
                return content_bytes, pixels
    return content_bytes, pixels


def _side(value: object) -> int:
    if isinstance(value, IndirectObject):
        value = value.get_object()
    if isinstance(value, int | float) and value >= 0:
        return int(value)
    # No usable size: count it as too large to draw.
    return MAX_IMAGE_PIXELS + 1


def _inline_pixels(content: bytes) -> int:
    pixels = 0
    for found in _INLINE_IMAGE.finditer(content):
        sides = [_INLINE_SIDE[side].search(found[1]) for side in ("width", "height")]
        if sides[0] is None or sides[1] is None:
            return MAX_IMAGE_PIXELS + 1
        pixels += int(sides[0][1]) * int(sides[1][1])
    return pixels
