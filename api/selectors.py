"""What the API's own pages and its sign-in read of the tokens."""

from __future__ import annotations

from django.db.models import QuerySet

from api.models import ApiToken
from api.tokens import digest_of
from clubs.models import Club


def club_tokens(club: Club) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(club=club).select_related("created_by", "revoked_by")


def live_token(text: str) -> ApiToken | None:
    """The unrevoked token whose text this is, with its club; None for any other text."""
    return (
        ApiToken.objects.filter(digest=digest_of(text), revoked_at__isnull=True)
        .select_related("club")
        .first()
    )
