"""The rating list as a table: the page draws it, and the CSV and Excel downloads hold it."""

from __future__ import annotations

import django_tables2 as tables
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

TEMPLATE = "django_tables2/bootstrap5-responsive.html"
ATTRS = {"class": "table table-striped align-middle fs-5"}


def _player_link(record: dict[str, object]) -> str | None:
    member_id = record["member_id"]
    return reverse("ratings:player", args=[member_id]) if member_id is not None else None


class RatingTable(tables.Table):
    """Lines of ratings.selectors.rating_lines, as dicts, in the list's order."""

    place = tables.Column(verbose_name="#", orderable=False)
    name = tables.Column(verbose_name=_("Player"), orderable=False, linkify=_player_link)
    rating = tables.Column(verbose_name=_("Rating"), orderable=False)
    mu = tables.Column(verbose_name=_("Skill"), orderable=False)
    sigma = tables.Column(verbose_name=_("Uncertainty (±)"), orderable=False)
    games = tables.Column(verbose_name=_("Games rated"), orderable=False)

    class Meta:
        template_name = TEMPLATE
        attrs = ATTRS
        empty_text = _("No one has a rating in this game yet: it comes with the first game.")
        row_attrs = {"data-person": lambda record: record["name"]}

    # Rounded to one place as every other page shows a figure (0.159 is 0.2, -5.496 is -5.5),
    # "24,3" in Danish and German; the downloads keep the full figure.
    def render_rating(self, value: float) -> str:
        return floatformat(value, 1)

    def render_mu(self, value: float) -> str:
        return floatformat(value, 1)

    def render_sigma(self, value: float) -> str:
        return floatformat(value, 1)
