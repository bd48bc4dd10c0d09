"""The members: each with the games they have played and the rounds they owe."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from league import selectors
from league.models import PublicArea
from league.privacy import visible_to_visitors
from league.tables import PER_PAGE, MembersTable


@require_GET
@visible_to_visitors(PublicArea.MEMBERS)
def members(request: HttpRequest) -> HttpResponse:
    table = MembersTable(selectors.members_overview().filter(is_active=True))
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return render(request, "league/members.html", {"table": table})
