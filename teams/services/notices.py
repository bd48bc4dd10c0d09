"""Telling the home club's secretary of a dispute: by email to each secretary with an address.

Sent after the dispute is kept (transaction.on_commit), never inside it: a mail server that does
not answer must not undo the captain's dispute. The dispute waits on the secretary's disputes
page either way. With several clubs (issue 25) the home team's club's secretaries are meant.
"""

from __future__ import annotations

import logging

from django.contrib.auth.models import User
from django.core.mail import send_mail
from django.urls import reverse
from django.utils.translation import gettext

from clubs.models import Role
from teams.models import Dispute, Match

logger = logging.getLogger(__name__)


def secretaries_to_tell(dispute: Dispute) -> list[str]:
    # The home club's secretaries: a dispute goes to the club that hosted the match.
    home_club = dispute.match.fixture.home.club_id
    users = User.objects.filter(
        memberships__club_id=home_club, memberships__role=Role.SECRETARY, is_active=True
    ).exclude(email="")
    return sorted(set(users.values_list("email", flat=True)))


def tell_secretaries_of(dispute: Dispute) -> None:
    addresses = secretaries_to_tell(dispute)
    if not addresses:
        return
    words = {
        "home": dispute.match.fixture.home.name,
        "away": dispute.match.fixture.away.name,
        "captain": dispute.raised_by.known_as,
    }
    subject = gettext("Match card disputed: %(home)s v %(away)s") % words
    body = "\n\n".join(
        [
            gettext("%(captain)s disputes the card of %(home)s v %(away)s:") % words,
            dispute.reason,
            reverse("teams:match", args=[dispute.match_id]),
        ]
    )
    try:
        send_mail(subject, body, None, addresses)
    except OSError:
        # The dispute is kept and listed for the secretary; only the mail is lost.
        logger.exception("Could not mail the secretaries about dispute %s", dispute.pk)


def captains_to_tell(match: Match) -> list[str]:
    """Each captain's address: their member's own, else their sign-in's; none without."""
    addresses = []
    for team in (match.fixture.home, match.fixture.away):
        captain = team.captain
        address = captain.email or (captain.user.email if captain.user.is_active else "")
        if address:
            addresses.append(address)
    return sorted(set(addresses))


def tell_captains_of_reopening(match_id: int) -> None:
    """After the correction is kept: each captain, by email, that the card waits for them."""
    match = Match.objects.select_related(
        "fixture__home__captain__user", "fixture__away__captain__user"
    ).get(pk=match_id)
    words = {"home": match.fixture.home.name, "away": match.fixture.away.name}
    subject = gettext("Match card corrected: %(home)s v %(away)s") % words
    body = "\n\n".join(
        [
            gettext(
                "A game of %(home)s v %(away)s was corrected after the card was signed, and "
                "the card's figures changed. Both captains sign the corrected card again:"
            )
            % words,
            reverse("teams:match", args=[match.pk]),
        ]
    )
    for address in captains_to_tell(match):
        try:
            send_mail(subject, body, None, [address])
        except OSError:
            # The card waits on the match page either way; only the mail is lost.
            logger.exception("Could not mail captain %s about match %s", address, match.pk)
