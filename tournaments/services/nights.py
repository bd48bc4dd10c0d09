"""A club night's next round drawn from the season so far: members who have met least in the
club's finished games sit together first (tournaments.draw.nights), so over the season everyone
meets everyone about as often."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments import draw
from tournaments.models import Round, Tournament
from tournaments.selectors import past_meetings
from tournaments.services.entries import locked
from tournaments.services.rounds import round_to_draw, save_round, tell_entrants, with_scorers

# The round's method, as the draw's other methods are named (in English, as the engine says).
METHOD = "club night (the season's meetings so far)"


@transaction.atomic
def draw_tonight(*, tournament: Tournament, seen: int | None = None) -> Round:
    """The next round of the day only, drawn from how often each pair of its members has
    shared a finished game of the club (guests have met nobody). Unstarted rounds are discarded
    as by any draw; `seen` refuses a second tap as draw_rounds does."""
    tournament = locked(tournament)
    first, entrants = round_to_draw(tournament, seen)
    by_member = {e.member_id: e.pk for e in entrants if e.member_id is not None}
    meetings = {
        (min(by_member[a], by_member[b]), max(by_member[a], by_member[b])): times
        for (a, b), times in past_meetings(tournament.club_id, list(by_member)).items()
    }
    try:
        tables = draw.draw_night(
            [e.pk for e in entrants],
            table_size=tournament.table_size,
            meetings=meetings,
            seed=tournament.seed + first,
        )
    except ValueError as error:
        raise ValidationError(str(error)) from error
    # A table of guests only could not start: a member swapped in, as in every draw.
    tables = with_scorers(tables, entrants, number=first)
    again = sum(
        1
        for table in tables
        for i, a in enumerate(table)
        for b in table[i + 1 :]
        if meetings.get((min(a, b), max(a, b)), 0)
    )
    drawn = save_round(
        tournament=tournament,
        number=first,
        method=METHOD,
        repeats=again,
        explanations=[],
        tables=tables,
    )
    tell_entrants(tournament, [drawn])
    return drawn
