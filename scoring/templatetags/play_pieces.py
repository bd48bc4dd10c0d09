"""Filters for the play area's pieces, which the full page and a turn's answer share."""

from __future__ import annotations

import json

from django import template
from django.core.serializers.json import DjangoJSONEncoder
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

# As django.utils.html.json_script escapes: nothing inside can close the script tag.
SCRIPT_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}


@register.filter
def json_payload(value: object) -> SafeString:
    """What `json_script` puts inside its <script> tag, escaped the same way: for a script tag
    written out in full, so that it can carry hx-swap-oob in a turn's answer."""
    return mark_safe(json.dumps(value, cls=DjangoJSONEncoder).translate(SCRIPT_ESCAPES))  # noqa: S308
