"""The Django admin of a server: its administrator's (superuser's) alone once it hosts several
clubs.

The admin's pages list every row of a table, whichever club it belongs to: a club's secretary
who is staff would see (and could change) the other clubs' members, games and ledgers there. So
with more than one club the admin lets in superusers only; a secretary administers their club
through the club's own pages. A server with one club keeps the admin as it was for its staff.
"""

from __future__ import annotations

from django.contrib.admin import AdminSite
from django.contrib.admin.apps import AdminConfig
from django.http import HttpRequest


class ServerAdminSite(AdminSite):
    def has_permission(self, request: HttpRequest) -> bool:
        if not super().has_permission(request):
            return False
        if request.user.is_superuser:
            return True
        # Imported here: the site is made while the apps load, before the models may be read.
        from clubs.selectors import all_clubs

        return len(all_clubs()) <= 1


class ServerAdminConfig(AdminConfig):
    default_site = "clubs.admin_site.ServerAdminSite"
