"""The secretary's page of the club's API tokens, under the club's settings: issue one (its
text shown once, on the answer), or revoke one (the form's `revoke` names it)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from api.feeds import club_calendar, results_feed
from api.forms import TokenForm
from api.selectors import club_tokens
from api.services.tokens import IssuedToken, issue_token, revoke_token
from clubs.files import disposition
from clubs.requests import club_of
from league.views.access import secretary_required, user_of


@require_http_methods(["GET", "POST"])
@secretary_required
def tokens(request: HttpRequest) -> HttpResponse:
    revoking = request.method == "POST" and "revoke" in request.POST
    form = TokenForm(request.POST if request.method == "POST" and not revoking else None)
    issued: IssuedToken | None = None
    refusal = None
    if revoking:
        refusal = _revoke(request, request.POST["revoke"])
        if refusal is None:
            return redirect("api:tokens")
    elif request.method == "POST" and form.is_valid():
        try:
            issued = issue_token(
                club=club_of(request), name=form.cleaned_data["name"], by=user_of(request)
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            form = TokenForm()
    context = {
        "form": form,
        "issued": issued,
        "refusal": refusal,
        "tokens": club_tokens(club_of(request)),
    }
    refused = form.errors or refusal is not None
    return render(request, "api/tokens.html", context, status=422 if refused else 200)


def _revoke(request: HttpRequest, token_id: str) -> str | None:
    """Revokes the club's token `token_id`: None when done, else why not."""
    token = (
        club_tokens(club_of(request)).filter(pk=token_id).first() if token_id.isdigit() else None
    )
    if token is None:
        return gettext("The club has no such token.")
    try:
        revoke_token(token=token, by=user_of(request))
    except ValidationError as error:
        return error.messages[0]
    messages.success(request, gettext("The token was revoked: it reads nothing any more."))
    return None


@require_safe
def results_atom(request: HttpRequest) -> HttpResponse:
    feed = results_feed(request, club_of(request))
    response = HttpResponse(content_type="application/atom+xml; charset=utf-8")
    feed.write(response, "utf-8")
    return response


@require_safe
def calendar_ics(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(
        club_calendar(request, club_of(request)), content_type="text/calendar; charset=utf-8"
    )
    words = gettext("%(club)s calendar") % {"club": club_of(request).name}
    response["Content-Disposition"] = disposition(words, "ics", attachment=False)
    return response
