"""The audit log: every decision taken or taken back, filterable and downloadable."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from clubs.requests import club_of
from league.audit_words import People
from league.models import AuditEntry
from league.secretary_forms import AuditFilterForm
from league.selectors import audit_people
from league.tables import AuditTable
from league.views.access import secretary_required
from league.views.listing import list_page


@require_GET
@secretary_required
def audit_log(request: HttpRequest) -> HttpResponse:
    people = People.of(audit_people(club_of(request)))
    filters = AuditFilterForm(request.GET, people=people)
    table = AuditTable(
        filters.apply(AuditEntry.objects.filter(club=club_of(request))), people=people
    )
    return list_page(
        request,
        filters,
        table,
        name=gettext("Audit log"),
        template="league/audit.html",
        context=dict,
    )
