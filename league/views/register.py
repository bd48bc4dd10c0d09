"""The record register: the highest to date, the register, pending claims, historic entries."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.requests import club_of
from league import selectors
from league.awaiting import awaiting_signatures
from league.forms import HistoricEntryForm, NoteForm, RegisterFilterForm
from league.models import PublicArea, RegisterClaim, RegisterEntry
from league.register_record import register_records
from league.scans import scan_content_type
from league.services.register import ratify_claim, reject_claim
from league.tables import RegisterTable
from league.views.access import secretary_required, user_of
from league.views.listing import decided, list_page
from scoring.access.privacy import visible_to_visitors
from scoring.access.roles import is_secretary


@require_GET
@visible_to_visitors(PublicArea.RECORDS)
def register(request: HttpRequest) -> HttpResponse:
    filters = RegisterFilterForm(request.GET, years=selectors.register_years(club_of(request)))
    table = RegisterTable(filters.apply(selectors.register_entries(club_of(request))))

    def context() -> dict[str, object]:
        secretary = is_secretary(request.user, club_of(request).pk)
        return {
            "records": register_records(club_of(request)),
            "pending": selectors.pending_claims(club_of(request)) if secretary else [],
            "awaiting": awaiting_signatures(club_of(request)) if secretary else [],
            "rejected": selectors.rejected_claims(club_of(request))
            if filters.shows_rejected
            else None,
            "secretary": secretary,
        }

    return list_page(
        request,
        filters,
        table,
        name=gettext("Register"),
        template="league/register.html",
        context=context,
    )


@require_POST
@secretary_required
def ratify(request: HttpRequest, claim_id: int) -> HttpResponse:
    claim = get_object_or_404(
        RegisterClaim.objects.filter(game__club=club_of(request)), pk=claim_id
    )
    form = NoteForm(request.POST)

    def ratified() -> str:
        if not form.is_valid():
            raise ValidationError(_errors(form))
        entry = ratify_claim(claim=claim, by=user_of(request), note=form.cleaned_data["note"])
        return gettext("%(name)s's %(score)s is in the register.") % {
            "name": entry.player_name,
            "score": entry.score,
        }

    return decided(request, ratified, page="league:register")


@require_POST
@secretary_required
def reject(request: HttpRequest, claim_id: int) -> HttpResponse:
    claim = get_object_or_404(
        RegisterClaim.objects.filter(game__club=club_of(request)).select_related("player"),
        pk=claim_id,
    )
    form = NoteForm(request.POST)

    def rejected() -> str:
        if not form.is_valid():
            raise ValidationError(_errors(form))
        reject_claim(claim=claim, by=user_of(request), note=form.cleaned_data["note"])
        return gettext("The claim of %(name)s's %(score)s is rejected.") % {
            "name": claim.player.name,
            "score": claim.score,
        }

    return decided(request, rejected, page="league:register")


@require_http_methods(["GET", "POST"])
@secretary_required
def historic_entry(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(
            request,
            "league/historic_entry.html",
            {"form": HistoricEntryForm(club=club_of(request))},
        )
    form = HistoricEntryForm(request.POST, request.FILES, club=club_of(request))
    if form.is_valid():
        try:
            entry = form.enter(by=user_of(request), in_club=club_of(request))
        except ValidationError as refused:
            form.add_error(None, refused)
        else:
            messages.success(
                request,
                gettext("%(name)s's %(score)s is in the register.")
                % {"name": entry.player_name, "score": entry.score},
            )
            return redirect("league:register")
    return render(request, "league/historic_entry.html", {"form": form}, status=422)


# Served by entry, never by path, so only a file attached to an entry goes out, with the type
# its content was checked as; to visitors only if the club opened its documents to them.
@require_GET
@visible_to_visitors(PublicArea.DOCUMENTS)
def register_scan(request: HttpRequest, entry_id: int) -> FileResponse:
    entry = get_object_or_404(RegisterEntry.objects.filter(club=club_of(request)), pk=entry_id)
    if not entry.scan:
        raise Http404(gettext("This entry has no scan."))
    try:
        handle = entry.scan.open("rb")
    except FileNotFoundError as missing:
        raise Http404(gettext("The scan's file is missing.")) from missing
    name = entry.scan.name or ""
    extension = name.rsplit(".", 1)[-1]
    response = FileResponse(
        handle,
        content_type=scan_content_type(name),
        filename=f"balutclub-register-{entry.pk}.{extension}",
    )
    response["X-Content-Type-Options"] = "nosniff"
    return response


def _errors(form: NoteForm) -> str:
    return " ".join(str(error) for errors in form.errors.values() for error in errors)
