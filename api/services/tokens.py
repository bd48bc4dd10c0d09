"""Issuing and revoking the club's API tokens (the secretary's page, api.views)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from api.models import ApiToken
from api.tokens import PREFIX_LENGTH, digest_of, new_token_text
from clubs.models import Club


@dataclass(frozen=True)
class IssuedToken:
    token: ApiToken
    # Shown once, on the page that issued it; never stored.
    text: str


@transaction.atomic
def issue_token(*, club: Club, name: str, by: User) -> IssuedToken:
    text = new_token_text()
    token = ApiToken(
        club=club,
        name=name.strip(),
        prefix=text[:PREFIX_LENGTH],
        digest=digest_of(text),
        created_by=by,
    )
    token.full_clean()
    token.save()
    return IssuedToken(token=token, text=text)


@transaction.atomic
def revoke_token(*, token: ApiToken, by: User) -> ApiToken:
    # Locked, so two secretaries revoking at once record one of them.
    locked = ApiToken.objects.select_for_update().get(pk=token.pk)
    if locked.revoked_at is not None:
        raise ValidationError(gettext("This token was revoked already."))
    locked.revoked_at = timezone.now()
    locked.revoked_by = by
    locked.full_clean()
    locked.save(update_fields=["revoked_at", "revoked_by"])
    return locked
