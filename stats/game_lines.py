"""The player page's list of finished games, a line of HTML per game, drawn in Python.

A page of lines (stats.views.GAMES_PER_PAGE), each a link, a kind's name, a place, a total,
points and a date: drawn by the template language they were two fifths of the page's time
(a URL reversed, three translations and a date per line). Here each line is the same markup,
worded by the same msgids (the catalogues translate them as before), the link's address made
once per page.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from clubs.models import Club
from league.models import PlayerResultRow

# A game id no game has: its place in the reversed address is where each game's id goes.
_STAND_IN = 987654321987


def game_lines(rows: Iterable[PlayerResultRow], *, together: bool, club: Club) -> list[SafeString]:
    """Each row's line (rows annotated with `seats`, as stats.player.finished_games reads them);
    `together`: every club's games, another club's named rather than linked."""
    return _Lines(together=together, club=club).draw(rows)


class _Lines:
    """What the lines of one page share, worked out once: the address around a game's id, the
    words, each kind's name and each day's date."""

    def __init__(self, *, together: bool, club: Club) -> None:
        self.together = together
        self.club = club
        self.before, self.after = reverse("scoring:game", args=[_STAND_IN]).split(str(_STAND_IN))
        self.won = format_html('<span class="badge text-bg-warning">{}</span>', gettext("Won"))
        self.place = gettext("place %(rank)s of %(seats)s")
        self.total = gettext("total %(score)s")
        self.kinds: dict[str, str] = {}
        self.days: dict[object, str] = {}

    def draw(self, rows: Iterable[PlayerResultRow]) -> list[SafeString]:
        return [self._line(row) for row in rows]

    def _kind(self, row: PlayerResultRow) -> str:
        kind = self.kinds.get(row.ruleset)
        if kind is None:
            kind = self.kinds[row.ruleset] = str(row.get_ruleset_display())
        return kind

    def _day(self, row: PlayerResultRow) -> str:
        local = timezone.localtime(row.started_at)
        day = self.days.get(local.date())
        if day is None:
            day = self.days[local.date()] = date_format(local, "DATE_FORMAT")
        return day

    def _line(self, row: PlayerResultRow) -> SafeString:
        elsewhere = self.together and row.club_id != self.club.pk
        if elsewhere:
            opening = format_html(
                '<div class="list-group-item d-flex flex-wrap gap-2 align-items-center fs-5 '
                'player-game" data-club="{}">',
                row.club.slug,
            )
        else:
            opening = format_html(
                '<a class="list-group-item list-group-item-action d-flex flex-wrap gap-2 '
                'align-items-center fs-5 player-game" href="{}{}{}">',
                self.before,
                row.game_id,
                self.after,
            )
        club_badge = (
            format_html(
                '<span class="badge text-bg-secondary player-game-club">{}</span>', row.club.name
            )
            if self.together
            else ""
        )
        place = (
            self.won if row.won else _worded(self.place, rank=row.rank, seats=row.seats)  # type: ignore[attr-defined]
        )
        figures = _worded(self.total, score=row.score)
        if row.points is not None:
            points = _worded(
                ngettext("%(points)s point", "%(points)s points", row.points), points=row.points
            )
            figures = format_html("{}, {}", figures, points)
        return format_html(
            "{}\n          <strong>{}</strong>\n          {}\n"
            '          <span class="text-body-secondary">#{}</span>\n'
            "          <span>{}</span>\n"
            "          <span>{}</span>\n"
            '          <span class="ms-auto text-body-secondary">{}</span>\n        {}',
            opening,
            self._kind(row),
            club_badge,
            row.game_id,
            place,
            figures,
            self._day(row),
            mark_safe("</div>" if elsewhere else "</a>"),
        )


def _worded(message: str, **values: object) -> SafeString:
    """A translated message with its values escaped into it, as {% blocktranslate %} does."""
    return mark_safe(
        message % {name: conditional_escape(str(value)) for name, value in values.items()}
    )
