"""Writing the federation's own settings: the only code that does."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext

from clubs.models import Federation


@transaction.atomic
def update_federation(*, name: str, public: bool, by: User) -> Federation:
    """The federation's name and whether visitors may read its pages (its administrator's
    word; the one row is made on first save)."""
    if not (by.is_authenticated and by.is_superuser):
        raise PermissionDenied(gettext("Only a federation administrator may change this."))
    row, _ = Federation.objects.select_for_update().get_or_create(pk=Federation.SINGLETON_ID)
    row.name = name.strip()
    row.public = public
    row.full_clean()
    row.save()
    return row
