"""The filter forms' selects, drawn in a plain loop (league.forms.PlainSelect): the markup
Django's own select templates draw, to the byte."""

from __future__ import annotations

from typing import Any

import pytest
from django import forms
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from league.forms import PlainSelect

CHOICES: list[tuple[Any, Any]] = [
    ("", _("Any")),
    ("high", _("High")),
    ("\"<&>'", "Quotes & <tags>"),
    (2026, 2026),
]


@pytest.mark.parametrize("value", [None, "", "high", "\"<&>'", 2026, "2026", "unknown"])
@pytest.mark.parametrize(
    "attrs",
    [
        {},
        {"class": "form-select", "id": "id_kind"},
        {"required": True, "disabled": False, "aria-describedby": 'a"b', "data-x": 3},
    ],
)
@pytest.mark.parametrize("language", ["en", "da", "de"])
def test_a_plain_select_is_drawn_as_djangos_select(
    value: object, attrs: dict[str, Any], language: str
) -> None:
    with translation.override(language):
        plain = PlainSelect(choices=CHOICES).render("kind", value, attrs)
        django = forms.Select(choices=CHOICES).render("kind", value, attrs)

    assert plain == django


def test_options_in_groups_are_left_to_djangos_templates() -> None:
    grouped = [("Old", [("1978", "1978")]), ("New", [("2026", "2026")])]

    plain = PlainSelect(choices=grouped).render("year", "2026", {})

    assert plain == forms.Select(choices=grouped).render("year", "2026", {})
    assert "<optgroup" in plain
