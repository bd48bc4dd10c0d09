"""Drawing a tournament's rounds, and starting each table's game from the draw."""

from __future__ import annotations

from collections import defaultdict

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from clubs.models import NoticeKind
from scoring.models import Game, Member
from scoring.notices import send_notice
from scoring.services.games import Seat as GameSeat
from scoring.services.games import start_game
from scoring.transactions import require_transaction
from tournaments import draw
from tournaments.draw.scorers import NotEnoughScorers, seat_scorers
from tournaments.models import Entrant, ReplacedGame, Round, Seat, Table, Tournament
from tournaments.selectors import last_draw, scoring_entrant, standings, started_rounds
from tournaments.services.entries import discard_unstarted_rounds, locked


@transaction.atomic
def draw_rounds(*, tournament: Tournament, seen: int | None = None) -> list[Round]:
    """Draw the rounds not yet started: all of them, or with Swiss only the next (later ones
    follow the standings). Rounds already drawn but not started are drawn again.

    `seen` is the draw the organiser's page showed (selectors.last_draw): when another tap or
    device has drawn since, the draw is refused in words rather than made a second time."""
    tournament = locked(tournament)
    first, entrants = round_to_draw(tournament, seen)
    history = _played_tables(tournament)
    groups: dict[str, list[int]] = defaultdict(list)
    for entrant in entrants:
        if entrant.apart:
            groups[entrant.apart.casefold()].append(entrant.pk)
    # Swiss: one round at a time, round 1 without standings (nobody has played yet).
    by_standings = tournament.swiss and first > 1
    try:
        result = draw.draw(
            [e.pk for e in entrants],
            table_size=tournament.table_size,
            rounds=1 if tournament.swiss else tournament.rounds - first + 1,
            seed=tournament.seed + first,
            apart=list(groups.values()),
            history=history,
            standings=[row.entrant.pk for row in standings(tournament)] if by_standings else None,
        )
    except draw.DrawError as error:
        raise ValidationError(str(error)) from error
    drawn = []
    for offset, drawn_tables in enumerate(result.rounds):
        tables = with_scorers(drawn_tables, entrants, number=first + offset)
        drawn.append(
            save_round(
                tournament=tournament,
                number=first + offset,
                method=result.method,
                repeats=_repeats_in(result.explanations, offset),
                explanations=_explanations_in(result.explanations, offset, tables),
                tables=tables,
            )
        )
    tell_entrants(tournament, drawn)
    return drawn


def round_to_draw(tournament: Tournament, seen: int | None) -> tuple[int, list[Entrant]]:
    """The first round not yet started and who plays in it, its unstarted rounds discarded: a
    step of a draw, the tournament locked. Refused in words when nothing may be drawn."""
    require_transaction("round_to_draw", within="the draw")
    if seen is not None and seen != last_draw(tournament):
        raise ValidationError(
            gettext(
                "The rounds were drawn a moment ago (another tap or device): look at them "
                "before drawing again."
            )
        )
    if Round.objects.filter(tournament=tournament, final=True).exists():
        raise ValidationError(gettext("The final table is seated: undo the cut to draw again."))
    discard_unstarted_rounds(tournament)
    first = started_rounds(tournament) + 1
    if first > tournament.rounds:
        raise ValidationError(gettext("Every round has been drawn and started."))
    entrants = [e for e in tournament.entrants.all() if e.plays_in(first)]
    if len(entrants) < 2:
        raise ValidationError(gettext("Each round needs at least two players."))
    return first, entrants


def save_round(
    *,
    tournament: Tournament,
    number: int,
    method: str,
    repeats: int,
    explanations: list[dict[str, object]],
    tables: tuple[tuple[int, ...], ...],
) -> Round:
    """A drawn round with its tables and seats (entrant ids in seat order): a step of a draw."""
    require_transaction("save_round", within="the draw")
    round_ = Round(
        tournament=tournament,
        number=number,
        method=method[:80],
        repeats=repeats,
        explanations=explanations,
    )
    round_.full_clean()
    round_.save()
    rows = Table.objects.bulk_create(
        Table(round=round_, number=number) for number in range(1, len(tables) + 1)
    )
    Seat.objects.bulk_create(
        Seat(round=round_, table=row, seat=seat, entrant_id=player)
        for row, table in zip(rows, tables, strict=True)
        for seat, player in enumerate(table)
    )
    return round_


def tell_entrants(tournament: Tournament, drawn: list[Round]) -> None:
    """Each member drawn to play hears of the draw once it commits (scoring.notices)."""
    require_transaction("tell_entrants", within="the draw")
    seated = (
        Member.objects.filter(pk__in=Seat.objects.filter(round__in=drawn).values("entrant__member"))
        .select_related("user")
        .order_by("pk")
    )
    send_notice(
        club=tournament.club,
        to=list(seated),
        kind=NoticeKind.DRAW_PUBLISHED,
        template="tournaments/notices/draw_published",
        link=reverse("tournaments:detail", args=[tournament.pk]),
        context={
            "tournament": tournament.name,
            "first": drawn[0].number,
            "last": drawn[-1].number,
        },
    )


def with_scorers(
    tables: tuple[tuple[int, ...], ...], entrants: list[Entrant], *, number: int
) -> tuple[tuple[int, ...], ...]:
    """The drawn tables with a member at each to score its game (tournaments.draw.scorers):
    a table of guests only could not start. Refused in words when there are fewer members
    than tables."""
    require_transaction("with_scorers", within="the draw")
    try:
        return seat_scorers(tables, {e.pk for e in entrants if e.member_id is not None})
    except NotEnoughScorers as short:
        raise ValidationError(
            ngettext(
                "Round %(round)d seats %(tables)d tables, but only %(members)d player is a "
                "member, and each table needs a member to score its game: enter more members, "
                "or seat more players a table.",
                "Round %(round)d seats %(tables)d tables, but only %(members)d players are "
                "members, and each table needs a member to score its game: enter more members, "
                "or seat more players a table.",
                short.scorers,
            )
            % {"round": number, "tables": short.tables, "members": short.scorers}
        ) from short


def _repeats_in(explanations: tuple[draw.Repeat, ...], offset: int) -> int:
    """Pairs seated together in this drawn round who had met before (in an earlier drawn
    round or a played one); a keep-apart pair's first meeting is no repeat."""
    return sum(
        1
        for r in explanations
        if offset in r.rounds and (offset != r.rounds[0] or r.times > len(r.rounds))
    )


def _explanations_in(
    explanations: tuple[draw.Repeat, ...], offset: int, tables: tuple[tuple[int, ...], ...]
) -> list[dict[str, object]]:
    """This round's repeats and broken keep-apart wishes as the engine explains them, with the
    table the pair shares and the numbers the page words the reason with."""
    kept = []
    for repeat in explanations:
        again = offset != repeat.rounds[0] or repeat.times > len(repeat.rounds)
        apart = repeat.reason.startswith("apart")
        if offset not in repeat.rounds or not (again or apart):
            continue
        a, b = repeat.players
        table = next(
            (t for t, seated in enumerate(tables, start=1) if a in seated and b in seated), None
        )
        if table is None:
            continue  # the pair was parted when a table was given a member to score
        kept.append(
            {
                "players": [a, b],
                "table": table,
                "reason": repeat.reason,
                "times": repeat.times,
                "player": repeat.player,
                "seats_met": repeat.seats_met,
                "others": repeat.others,
                "entrants": sum(len(seated) for seated in tables),
                "tables": len(tables),
                "largest": max(len(seated) for seated in tables),
            }
        )
    return kept


def _played_tables(tournament: Tournament) -> list[list[list[int]]]:
    """The started rounds' tables as entrant ids in seat order, for the draw's history."""
    rounds: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    last = started_rounds(tournament)
    for round_number, table, entrant in Seat.objects.filter(
        round__tournament=tournament, round__number__lte=last
    ).values_list("round__number", "table__number", "entrant_id"):
        rounds[round_number][table].append(entrant)
    return [list(tables.values()) for _, tables in sorted(rounds.items())]


@transaction.atomic
def start_table(*, table: Table, by: User, scorer: Member | None = None) -> Game:
    """The table's game, seated as drawn: the scorer is the first member in seat order unless
    another player of the table is chosen. Players who dropped out are left out (the table
    plays short). A second tap (or device) gets the game the first one started."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    if table.game_id is not None:
        return Game.objects.get(pk=table.game_id)
    return _new_game(table, by=by, scorer=scorer)


@transaction.atomic
def replay_table(*, table: Table, by: User) -> Game:
    """A voided table plays again: a new game for the table, the voided one kept in its
    history (ReplacedGame). A second tap gets the replay the first one started."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    game = table.game
    if game is None:
        raise ValidationError(gettext("This table's game has not started: start it instead."))
    if not game.is_void:
        return game
    if table.hand_results.exists():
        raise ValidationError(
            gettext("This table's result was entered by hand: it is not played again.")
        )
    replaced = ReplacedGame(table=table, game=game)
    replaced.full_clean()
    replaced.save()
    return _new_game(table, by=by, scorer=None)


def _new_game(table: Table, *, by: User, scorer: Member | None) -> Game:
    """Start the table's game and make it the table's (the caller holds the table's lock)."""
    tournament = table.round.tournament
    seated: list[Entrant] = [
        seat.entrant
        for seat in table.seats.select_related("entrant__member").order_by("seat")
        if seat.entrant.plays_in(table.round.number)
    ]
    if len(seated) < 2:
        raise ValidationError(gettext("A table needs at least two players to start."))
    if scorer is None:
        first = scoring_entrant(seated)
        if first is None or first.member is None:
            raise ValidationError(
                gettext("Nobody at this table is a member, and a member must score the game.")
            )
        scorer = first.member
    game = start_game(
        in_club=tournament.club,
        ruleset=tournament.ruleset,
        seats=[GameSeat(member=e.member, guest_name=e.name) for e in seated],
        scorer=scorer,
        created_by=by,
        options=tournament.options,
    )
    table.game = game
    table.full_clean()
    table.save(update_fields=["game"])
    return game
