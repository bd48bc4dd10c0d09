"""The audit log: every decision taken or taken back, filterable and downloadable."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from league.models import AuditEntry
from league.secretary_forms import AuditFilterForm
from league.tables import AuditTable
from league.views.access import secretary_required
from league.views.listing import list_page


@require_GET
@secretary_required
def audit_log(request: HttpRequest) -> HttpResponse:
    filters = AuditFilterForm(request.GET)
    table = AuditTable(filters.apply(AuditEntry.objects.select_related("by__member")))
    return list_page(
        request, filters, table, name="audit", template="league/audit.html", context=dict
    )
