"""Playing a fixture: the match starts its tables' games (ordinary scoring games, scored on the
tablets as any other), and once they are over both captains sign the card by PIN, or one of
them disputes it and the home club's secretary settles the dispute."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.access.roles import is_secretary
from scoring.models import Member
from scoring.services.games import Seat as GameSeat
from scoring.services.games import start_game
from teams.match_rules import FormatError, Side
from teams.models import (
    CardSignature,
    Dispute,
    Fixture,
    FixtureStatus,
    LineupPlace,
    Match,
    MatchGame,
    MatchPlayer,
    Team,
)
from teams.selectors import (
    MatchOutcome,
    card_code,
    figures_digest,
    match_format_of,
    match_outcome,
)
from teams.services.cup import advance_from
from teams.services.notices import tell_of_dispute, tell_of_signed_card


def _team(fixture: Fixture, side: Side) -> Team:
    return fixture.home if side == Side.HOME else fixture.away


def check_players(team: Team, players: Sequence[Member], count: int) -> None:
    if len(players) != count or len(set(players)) != count:
        raise ValidationError(
            gettext("%(team)s fields %(count)d different players.")
            % {"team": team.name, "count": count}
        )
    roster = set(team.members.values_list("pk", flat=True))
    strangers = [player.known_as for player in players if player.pk not in roster]
    if strangers:
        raise ValidationError(
            gettext("Not on the roster of %(team)s: %(names)s.")
            % {"team": team.name, "names": ", ".join(strangers)}
        )


def _players_of(fixture: Fixture, side: Side, given: Sequence[Member] | None) -> list[Member]:
    """The side's line-up chosen before the night when there is one (the players given must be
    it), else the players given on the night."""
    places = LineupPlace.objects.filter(fixture=fixture, side=side).select_related("member")
    chosen = [place.member for place in places.order_by("slot")]
    if not chosen:
        if given is None:
            raise ValidationError(
                gettext("%(team)s has no line-up: choose its players.")
                % {"team": _team(fixture, side).name}
            )
        return list(given)
    if given is not None and list(given) != chosen:
        raise ValidationError(
            gettext("%(team)s plays the line-up chosen before the night: %(names)s.")
            % {
                "team": _team(fixture, side).name,
                "names": ", ".join(member.known_as for member in chosen),
            }
        )
    return chosen


@transaction.atomic
def start_match(
    *,
    by: User,
    fixture: Fixture,
    home_players: Sequence[Member] | None = None,
    away_players: Sequence[Member] | None = None,
) -> Match:
    """The match of `fixture`, each team's players in the order their captain lists them (or
    as their line-up chosen before the night has them), and one scoring game a table
    (teams.match_rules.MatchFormat seats them, mixing the teams)."""
    fixture = (
        Fixture.objects.select_for_update()
        .select_related("home__captain", "away__captain", "division__competition")
        .get(pk=fixture.pk)
    )
    captains = {fixture.home.captain.user_id, fixture.away.captain.user_id}
    if not (is_secretary(by, fixture.division.competition.club_id) or by.pk in captains):
        raise PermissionDenied(gettext("Only a captain or the secretary may start the match."))
    if fixture.status != FixtureStatus.SCHEDULED or Match.objects.filter(fixture=fixture).exists():
        raise ValidationError(gettext("This fixture is not waiting to be played."))
    competition = fixture.division.competition
    try:
        match_format = match_format_of(competition)
    except FormatError as error:
        raise ValidationError(gettext("The competition's match format seats nobody.")) from error
    lists = {
        Side.HOME: _players_of(fixture, Side.HOME, home_players),
        Side.AWAY: _players_of(fixture, Side.AWAY, away_players),
    }
    for side, players in lists.items():
        check_players(_team(fixture, side), players, match_format.players_per_team)
    if set(lists[Side.HOME]) & set(lists[Side.AWAY]):
        raise ValidationError(gettext("Nobody plays for both teams."))
    match = Match(fixture=fixture, started_at=timezone.now(), started_by=by)
    match.full_clean()
    match.save()
    for side, players in lists.items():
        for slot, member in enumerate(players, start=1):
            player = MatchPlayer(match=match, side=side, slot=slot, member=member)
            player.full_clean()
            player.save()
    for number, table in enumerate(match_format.tables, start=1):
        seated = [lists[seat.side][seat.slot - 1] for seat in table]
        # A captain at the table scores it; otherwise its first player, as at any table.
        scorer = next((m for m in seated if m.user_id in captains), seated[0])
        game = start_game(
            # The home team's club plays host: the game is in its books.
            in_club=fixture.home.club,
            ruleset=competition.ruleset,
            seats=[GameSeat(member=member) for member in seated],
            scorer=scorer,
            created_by=by,
        )
        table_game = MatchGame(match=match, table=number, game=game)
        table_game.full_clean()
        table_game.save()
    return match


def _captain_proved(match: Match, side: Side, signer: User) -> Member:
    """The side's captain, when `signer` is their user (proved by PIN, or signed in)."""
    captain = _team(match.fixture, side).captain
    if signer.pk != captain.user_id:
        raise ValidationError(
            {"pin": gettext("Type %(name)s's PIN: the captain signs.") % {"name": captain.known_as}}
        )
    return captain


def _locked_match(match: Match) -> Match:
    return (
        Match.objects.select_for_update()
        .select_related("fixture__home__captain", "fixture__away__captain")
        .get(pk=match.pk)
    )


@transaction.atomic
def sign_card(*, match: Match, side: Side, signer: User) -> CardSignature:
    """The side's captain signs the card; the second signature locks it with its code and the
    fixture counts as played."""
    match = _locked_match(match)
    captain = _captain_proved(match, side, signer)
    outcome = match_outcome(match)
    if outcome is None:
        raise ValidationError(gettext("The games are not all over yet: the card is signed after."))
    if match.disputes.filter(resolved_at__isnull=True).exists():
        raise ValidationError(
            gettext("The card is disputed: the secretary resolves it before anyone signs.")
        )
    now = timezone.now()
    figures = figures_digest(outcome)
    signature = CardSignature(
        match=match, side=side, captain=captain, signed_at=now, figures=figures
    )
    signature.full_clean(validate_constraints=False)
    try:
        with transaction.atomic():
            signature.save()
    except IntegrityError as error:
        raise ValidationError(
            gettext("%(name)s has signed this card already.") % {"name": captain.known_as}
        ) from error
    if match.signatures.count() == len(Side):
        _keep_figures(match, outcome)
        match.verification_code = card_code(match)
        match.signed_at = now
        match.full_clean()
        match.save(update_fields=["verification_code", "signed_at", "home_score", "away_score"])
        fixture = match.fixture
        fixture.status = FixtureStatus.PLAYED
        fixture.full_clean()
        fixture.save(update_fields=["status", "updated_at"])
        # A cup match's winner takes their place in the next round with the card.
        advance_from(match)
        tell_of_signed_card(match)
    return signature


def _keep_figures(match: Match, outcome: MatchOutcome) -> None:
    """What the signed card says, kept for the tables and the players' records."""
    match.home_score, match.away_score = outcome.score.home, outcome.score.away
    players = {(player.side, player.slot): player for player in match.players.all()}
    for line in outcome.lines:
        player = players[(line.side.value, line.slot)]
        player.rank, player.earned = line.rank, line.figure
        player.full_clean()
        player.save(update_fields=["rank", "earned"])


@transaction.atomic
def raise_dispute(*, match: Match, side: Side, signer: User, reason: str) -> Dispute:
    """The side's captain challenges the card instead of signing; both captains and the home
    club's secretaries are told once the dispute is kept."""
    match = _locked_match(match)
    captain = _captain_proved(match, side, signer)
    if match.is_signed:
        raise ValidationError(gettext("Both captains have signed: the card is closed."))
    if match.signatures.filter(side=side).exists():
        raise ValidationError(
            gettext("%(name)s has signed this card already.") % {"name": captain.known_as}
        )
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": gettext("Say what is wrong with the card.")})
    if match.disputes.filter(side=side, resolved_at__isnull=True).exists():
        raise ValidationError(gettext("Your dispute is with the secretary already."))
    dispute = Dispute(
        match=match, side=side, raised_by=captain, reason=reason, raised_at=timezone.now()
    )
    dispute.full_clean()
    dispute.save()
    tell_of_dispute(dispute)
    return dispute


@transaction.atomic
def resolve_dispute(*, by: User, dispute: Dispute) -> Dispute:
    """The secretary has settled it (correcting a game where needed): the captains may sign,
    and are told so with the secretaries once it is kept."""
    # The home club's secretary settles a dispute.
    if not is_secretary(by, dispute.match.fixture.home.club_id):
        raise PermissionDenied(gettext("Only the secretary resolves a dispute."))
    dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
    if dispute.resolved_at is not None:
        raise ValidationError(gettext("This dispute is resolved already."))
    dispute.resolved_at = timezone.now()
    dispute.full_clean()
    dispute.save(update_fields=["resolved_at"])
    tell_of_dispute(dispute)
    return dispute
