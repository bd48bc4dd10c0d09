"""Inter-club competitions: another club's secretary enters their club's team from their own
club's pages; the organiser's secretary accepts the entry (the team joins the division) or
declines it. Nobody enters a club's team but that club's secretary."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.access.roles import is_secretary
from teams.models import Competition, Division, EntryDecision, EntryRequest, Team
from teams.services.teams import add_entry, check_roster, require_secretary


@transaction.atomic
def request_entry(*, by: User, division: Division, team: Team) -> EntryRequest:
    """`team`'s club's secretary asks for it to play in `division` of another club's (or the
    federation's) competition open to other clubs."""
    # The competition's row is locked: two entries of one team at once wait for each other.
    competition = Competition.objects.select_for_update().get(pk=division.competition_id)
    if not is_secretary(by, team.club_id):
        raise PermissionDenied(gettext("Only the team's own club's secretary enters it."))
    if team.club_id == competition.club_id:
        raise ValidationError(
            gettext("%(team)s is the organiser's own team: enter it on the division's page.")
            % {"team": team.name}
        )
    if not competition.open_to_other_clubs:
        raise ValidationError(
            gettext("%(competition)s takes no teams of other clubs.")
            % {"competition": competition.name}
        )
    if division.fixtures.exists():
        raise ValidationError(
            gettext("The fixtures of %(division)s are drawn already: no team can join it now.")
            % {"division": division.name}
        )
    if team.entries.filter(division__competition=competition).exists():
        raise ValidationError(
            gettext("%(team)s plays in this competition already.") % {"team": team.name}
        )
    check_roster(competition, team)
    entry = EntryRequest(
        competition=competition,
        division=division,
        team=team,
        requested_by=by,
        requested_at=timezone.now(),
    )
    entry.full_clean(validate_constraints=False)
    try:
        with transaction.atomic():
            entry.save()
    except IntegrityError as error:
        raise ValidationError(
            gettext("%(team)s has asked to enter already: the organiser answers it.")
            % {"team": team.name}
        ) from error
    return entry


@transaction.atomic
def decide_entry(*, by: User, entry: EntryRequest, accept: bool) -> EntryRequest:
    """The organiser's secretary accepts (the team joins the division) or declines."""
    entry = (
        EntryRequest.objects.select_for_update()
        .select_related("division__competition", "team__club")
        .get(pk=entry.pk)
    )
    require_secretary(by, entry.competition.club_id)
    if entry.decision != EntryDecision.PENDING:
        raise ValidationError(gettext("This entry is answered already."))
    if accept:
        add_entry(division=entry.division, team=entry.team)
    entry.decision = EntryDecision.ACCEPTED if accept else EntryDecision.DECLINED
    entry.decided_at = timezone.now()
    entry.full_clean()
    entry.save(update_fields=["decision", "decided_at"])
    return entry
