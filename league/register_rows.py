"""The register table's rows, a line of HTML each, drawn in a plain loop (issue 29).

The same cells and row attributes django-tables2 draws for RegisterTable (and its
entry_actions.html), but what every row of a page shares is worked out once per page: the
addresses around an id, the words, each kind's and game's name and each day's date. Per cell,
`format_html` and the models' `get_..._display` (which rebuild the field's choices each call)
were most of the page's time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

from django.db.models import Field
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from league.models import RegisterEntry

EMPTY = "\u2014"  # django-tables2's default for an empty cell
# An id no row has: its place in a reversed address is where each row's id goes.
_STAND_IN = 987654321987


def _around(name: str) -> tuple[str, str]:
    before, after = reverse(name, args=[_STAND_IN]).split(str(_STAND_IN))
    return before, after


def plain(value: object) -> str:
    return EMPTY if value in (None, "") else str(conditional_escape(str(value)))


def _choices(name: str) -> dict[object, str]:
    """A choice field's labels by value, as `get_<name>_display` gives them, escaped."""
    field = RegisterEntry._meta.get_field(name)
    assert isinstance(field, Field)
    return {value: plain(label) for value, label in field.flatchoices}


class RegisterRows:
    """What the rows of one page share, worked out once."""

    def __init__(self, *, secretary: bool) -> None:
        self.secretary = secretary
        self.game = _around("scoring:game")
        self.scan = _around("league:register_scan")
        self.entry = _around("league:register_entry")
        self.words = {
            word: str(conditional_escape(gettext(word)))
            for word in ("Paper sheet", "Scan", "Removed", "Change")
        }
        self.choices = {name: _choices(name) for name in ("kind", "ruleset")}
        self.days: dict[date, str] = {}

    def draw(self, entries: Iterable[RegisterEntry], names: Sequence[str]) -> list[SafeString]:
        return [self.row(entry, names, index) for index, entry in enumerate(entries)]

    def row(self, entry: RegisterEntry, names: Sequence[str], index: int) -> SafeString:
        removed = "entry-removed text-body-secondary " if entry.removed_at else ""
        cells = "".join(
            f'<td class="fw-bold">{self.cell(entry, name)}</td>'
            if name == "score"
            else f"<td>{self.cell(entry, name)}</td>"
            for name in names
        )
        stripe = "odd" if index % 2 else "even"
        return mark_safe(f'<tr data-entry="{entry.pk}" class="{removed}{stripe}">{cells}</tr>')

    def cell(self, entry: RegisterEntry, name: str) -> str:
        if name == "date":
            return EMPTY if entry.date is None else self.day(entry.date)
        if name in self.choices:
            value = getattr(entry, name)
            found = self.choices[name].get(value)
            return plain(value) if found is None else found
        if name == "game":
            return self.game_cell(entry)
        if name == "actions":
            return f"\n{self.actions(entry)}\n"
        return plain(getattr(entry, name))

    def day(self, day: date) -> str:
        drawn = self.days.get(day)
        if drawn is None:
            drawn = self.days[day] = str(conditional_escape(date_format(day, "DATE_FORMAT")))
        return drawn

    def game_cell(self, entry: RegisterEntry) -> str:
        """RegisterTable.render_game's cell."""
        if entry.historic:
            if not entry.scan:
                return self.words["Paper sheet"]
            before, after = self.scan
            return (
                f'<a class="btn btn-outline-light" href="{before}{entry.pk}{after}" '
                f'target="_blank">{self.words["Scan"]}</a>'
            )
        if entry.game_id is None:
            return EMPTY
        before, after = self.game
        game = entry.game_id
        return f'<a class="btn btn-outline-light" href="{before}{game}{after}">#{game}</a>'

    def actions(self, entry: RegisterEntry) -> str:
        """templates/league/partials/entry_actions.html's cell."""
        if self.secretary:
            before, after = self.entry
            word = self.words["Removed" if entry.removed_at else "Change"]
            return f'<a class="btn btn-outline-light" href="{before}{entry.pk}{after}">{word}</a>'
        return self.words["Removed"] if entry.removed_at else ""
