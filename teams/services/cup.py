"""A cup: its bracket drawn (teams.cup), and each tie's winner carried into the next round.

A cup's match is played and signed exactly as a league match (teams.services.matches); the
second captain's signature calls `advance_from` in the same transaction, so a signed card and
its winner's place in the next round commit together or not at all.

A level match: the competition's tie-breakers order a table by match points, game difference,
games scored, matches won and head to head, and two teams level in their one match are level on
every one of them. So a level cup match waits for the secretary, who names the team going
through (after the play-off or the rule the clubs agreed) with `settle_level_tie`.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring.transactions import require_transaction
from teams.cup import CupError, draw_bracket, next_place
from teams.models import CompetitionKind, CupTie, Division, Fixture, Match, Team
from teams.services.fixtures import round_moments
from teams.services.teams import require_secretary


@dataclass(frozen=True)
class CupPlan:
    """The draw the secretary looks over: every tie of every round, unsaved; round one's hold
    the drawn teams."""

    ties: list[CupTie]
    rounds: int

    @property
    def first_round(self) -> list[CupTie]:
        return [tie for tie in self.ties if tie.round == 1]


def plan_cup(
    *,
    division: Division,
    first_round_on: datetime.date,
    starts_at: datetime.time,
    days_between_rounds: int = 7,
    seeded: int = 0,
    seed: int = 0,
) -> CupPlan:
    """The bracket of the division's teams in entry order (the first `seeded` of them seeded,
    the others placed from `seed`), one round every `days_between_rounds` days. Writes nothing:
    the preview the secretary confirms is exactly what `draw_cup` writes with the same seed."""
    if division.competition.kind != CompetitionKind.CUP:
        raise ValidationError(gettext("Only a cup is drawn as a bracket."))
    teams = [entry.team for entry in division.entries.select_related("team").order_by("seed")]
    if len(teams) < 2:
        raise ValidationError(gettext("A division needs at least two teams to draw fixtures."))
    if not 0 <= seeded <= len(teams):
        raise ValidationError(
            {
                "seeded": gettext("Seed from 0 to %(most)d teams: as many as are entered.")
                % {"most": len(teams)}
            }
        )
    try:
        bracket = draw_bracket(len(teams), seeded=seeded, seed=seed)
    except CupError as error:
        raise ValidationError(gettext("This many teams cannot be drawn in one cup.")) from error
    moments = round_moments(
        first_round_on=first_round_on,
        starts_at=starts_at,
        days_between_rounds=days_between_rounds,
        rounds=bracket.rounds,
    )
    ties = []
    for position, drawn in enumerate(bracket.first_round):
        home = teams[drawn.home - 1]
        away = None if drawn.away is None else teams[drawn.away - 1]
        bye = away is None
        ties.append(
            CupTie(
                division=division,
                round=1,
                position=position,
                home=home,
                away=away,
                bye=bye,
                winner=home if bye else None,
                starts_at=moments[0],
            )
        )
    for number in range(2, bracket.rounds + 1):
        ties += [
            CupTie(
                division=division, round=number, position=position, starts_at=moments[number - 1]
            )
            for position in range(bracket.size >> number)
        ]
    for tie in ties:
        tie.full_clean(exclude=["division"], validate_constraints=False)
    return CupPlan(ties=ties, rounds=bracket.rounds)


@transaction.atomic
def draw_cup(
    *,
    by: User,
    division: Division,
    first_round_on: datetime.date,
    starts_at: datetime.time,
    days_between_rounds: int = 7,
    seeded: int = 0,
    seed: int = 0,
) -> list[CupTie]:
    """The bracket as `plan_cup` plans it, in place of one drawn before as long as no match of
    the division has started: round one's fixtures, and the byes carried into round two."""
    division = (
        Division.objects.select_for_update().select_related("competition").get(pk=division.pk)
    )
    require_secretary(by, division.competition.club_id)
    if Match.objects.filter(fixture__division=division).exists():
        raise ValidationError(
            gettext("A match of %(division)s has been played: its fixtures cannot be drawn again.")
            % {"division": division.name}
        )
    plan = plan_cup(
        division=division,
        first_round_on=first_round_on,
        starts_at=starts_at,
        days_between_rounds=days_between_rounds,
        seeded=seeded,
        seed=seed,
    )
    CupTie.objects.filter(division=division).delete()
    division.fixtures.all().delete()
    ties = CupTie.objects.bulk_create(plan.ties)
    for tie in ties:
        if tie.round == 1 and not tie.bye:
            _schedule(tie)
    for tie in ties:
        if tie.bye:
            _carry(tie)
    return ties


def _schedule(tie: CupTie) -> None:
    """The tie's fixture, now both its teams are known: at the home team's venue."""
    assert tie.home is not None and tie.away is not None
    fixture = Fixture(
        division=tie.division,
        round=tie.round,
        home=tie.home,
        away=tie.away,
        starts_at=tie.starts_at,
        venue=tie.home.venue,
    )
    fixture.full_clean()
    fixture.save()
    tie.fixture = fixture
    tie.full_clean()
    tie.save(update_fields=["fixture"])


def _carry(tie: CupTie) -> None:
    """The tie's winner into its place in the next round (none after the final)."""
    position, at_home = next_place(tie.position)
    following = (
        # The tie's own row: its teams may still be missing (an outer join PostgreSQL won't lock).
        CupTie.objects.select_for_update(of=("self",))
        .select_related("division", "home", "away")
        .filter(division=tie.division, round=tie.round + 1, position=position)
        .first()
    )
    if following is None:
        return
    if at_home:
        following.home = tie.winner
    else:
        following.away = tie.winner
    following.full_clean()
    following.save(update_fields=["home", "away"])
    if following.home is not None and following.away is not None:
        _schedule(following)


def advance_from(match: Match) -> CupTie | None:
    """Called with the second signature, inside its transaction: the winner of a cup match goes
    into the next round; a level match waits for the secretary (see the module's text)."""
    require_transaction("A cup winner's advance", within="the signature's transaction")
    tie = CupTie.objects.select_for_update().filter(fixture__match=match).first()
    if tie is None or match.home_score is None or match.away_score is None:
        return None
    if match.home_score == match.away_score:
        return tie
    winner = tie.home if match.home_score > match.away_score else tie.away
    if tie.winner_id is not None and winner is not None and tie.winner_id == winner.pk:
        # Signed again after a correction that kept the winner: it is through already.
        return tie
    tie.winner = winner
    tie.full_clean()
    tie.save(update_fields=["winner"])
    _carry(tie)
    return tie


def withdraw_advance(match: Match, *, home_score: int | None, away_score: int | None) -> None:
    """A correction reopened the cup match's card (teams.services.reopening): unless the
    corrected score names the same team, the winner leaves the next round again, and that
    round's fixture goes, until the card is signed anew. Refused once the next round's match
    has started: the secretary sorts that out by hand."""
    require_transaction("Withdrawing a cup winner", within="the correction's transaction")
    tie = CupTie.objects.select_for_update().filter(fixture__match=match).first()
    if tie is None or tie.winner_id is None:
        return
    if home_score is not None and away_score is not None:
        if home_score != away_score:
            still = tie.home_id if home_score > away_score else tie.away_id
            if still == tie.winner_id:
                return
        elif tie.settled_by_secretary:
            return
    position, at_home = next_place(tie.position)
    following = (
        CupTie.objects.select_for_update(of=("self",))
        .filter(division_id=tie.division_id, round=tie.round + 1, position=position)
        .first()
    )
    if following is not None:
        if following.fixture_id is not None:
            if Match.objects.filter(fixture_id=following.fixture_id).exists():
                raise ValidationError(
                    gettext(
                        "This change takes away %(winner)s's win over %(loser)s, but "
                        "%(winner)s has started its next round's match already: the cup "
                        "cannot take that win back, so nothing was changed."
                    )
                    % {
                        "winner": tie.winner,
                        "loser": tie.away if tie.winner_id == tie.home_id else tie.home,
                    }
                )
            stale = following.fixture_id
            following.fixture = None
            following.save(update_fields=["fixture"])
            Fixture.objects.filter(pk=stale).delete()
        if at_home:
            following.home = None
        else:
            following.away = None
        following.full_clean()
        following.save(update_fields=["home", "away"])
    tie.winner = None
    tie.settled_by_secretary = False
    tie.full_clean()
    tie.save(update_fields=["winner", "settled_by_secretary"])


@transaction.atomic
def settle_level_tie(*, by: User, tie: CupTie, winner: Team) -> CupTie:
    """The secretary names who goes through from a signed, level cup match."""
    tie = CupTie.objects.select_for_update().select_related("division__competition").get(pk=tie.pk)
    require_secretary(by, tie.division.competition.club_id)
    match = Match.objects.filter(fixture__cup_tie=tie).first()
    if match is None or not match.is_signed:
        raise ValidationError(
            gettext("The match is not over: its signed card decides who goes through.")
        )
    if tie.winner_id is not None:
        raise ValidationError(gettext("The winner of this tie is known already."))
    if match.home_score != match.away_score:
        raise ValidationError(
            gettext("The match was not level: its card decides who goes through.")
        )
    if winner.pk not in (tie.home_id, tie.away_id):
        raise ValidationError(gettext("Choose one of the two teams of this tie."))
    tie.winner = winner
    tie.settled_by_secretary = True
    tie.full_clean()
    tie.save(update_fields=["winner", "settled_by_secretary"])
    _carry(tie)
    return tie


def advance_by_walkover(fixture: Fixture, winner: Team) -> CupTie | None:
    """A cup tie's fixture given as a walkover (teams.services.walkovers): its winner goes
    into the next round as if the card were signed. Inside the walkover's transaction."""
    require_transaction("A walkover's advance", within="the walkover's transaction")
    tie = CupTie.objects.select_for_update().filter(fixture=fixture).first()
    if tie is None:
        return None
    tie.winner = winner
    tie.full_clean()
    tie.save(update_fields=["winner"])
    _carry(tie)
    return tie
