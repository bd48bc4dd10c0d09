"""What the register and the ledger pages share: a filtered table, shown a page at a time or
downloaded whole, and the decisions taken on its rows that come back to it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import django_tables2 as tables
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django_tables2 import RequestConfig

from league.exports import export_response, wanted_format
from league.forms import FilterForm
from league.tables import PER_PAGE


def list_page(
    request: HttpRequest,
    filters: FilterForm,
    table: tables.Table,
    *,
    name: str,
    template: str,
    context: Callable[[], Mapping[str, object]],
) -> HttpResponse:
    """`?export=csv` or `xlsx`: every row of the filtered, sorted table as a download named
    after `name`; otherwise `template` with the table a page at a time, its `filters`, and
    what `context` returns.

    `context` is only called for the page, so a download runs none of its queries.

    A filter the page cannot use (a day before 1900, an id beyond any table) answers 400: the
    page shows why beside the filter, and a download is refused rather than sent unfiltered.
    """
    refused = not filters.is_valid()
    export = wanted_format(request)
    if export is not None:
        if refused:
            return HttpResponseBadRequest(
                " ".join(str(error) for errors in filters.errors.values() for error in errors),
                content_type="text/plain; charset=utf-8",
            )
        RequestConfig(request, paginate=False).configure(table)
        return export_response(table, export=export, name=name)
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return render(
        request,
        template,
        {"table": table, "filters": filters, **context()},
        status=400 if refused else 200,
    )


def decided(request: HttpRequest, decide: Callable[[], str], *, page: str) -> HttpResponse:
    """Back to the list `page` with the outcome of `decide` on top: the message it returns,
    or, when it raises ValidationError, the reason nothing changed.

    A refusal comes back to the list page too, not to an error page of its own: nothing
    changed, and the page's filters and sorting stay usable there.
    """
    try:
        done = decide()
    except ValidationError as refused:
        messages.error(request, gettext("Nothing changed:") + " " + " ".join(refused.messages))
    else:
        messages.success(request, done)
    return redirect(page)
