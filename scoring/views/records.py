"""Game records (docs/game-record.md): download any game as one, and import them (the secretary)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from clubs.files import disposition
from clubs.requests import club_of
from scoring import club
from scoring.access.privacy import PublicArea, visible_to_visitors
from scoring.access.roles import is_secretary
from scoring.forms.records import GameImportForm, RecordUpload
from scoring.models import Game
from scoring.selectors import club_games, game_record, load_game
from scoring.services.records import DuplicateGame, import_game_record

SOURCE_MAX_LENGTH = 200


@require_GET
@visible_to_visitors(PublicArea.DOCUMENTS)
def game_record_download(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(club_games(club_of(request)).select_related("scorer"), pk=game_id)
    document = game_record(load_game(game))
    response = HttpResponse(
        json.dumps(document, indent=1, ensure_ascii=False), content_type="application/json"
    )
    words = _("BalutClub game %(number)d") % {"number": game.pk}
    response["Content-Disposition"] = disposition(words, "json", attachment=True)
    return response


@dataclass(frozen=True)
class ImportReport:
    name: str
    game: Game | None = None
    error: str = ""
    duplicate_of: Game | None = None
    """The game the club already has with the same content, when that is why it was refused."""


@require_http_methods(["GET", "POST"])
@login_required
def game_import(request: HttpRequest) -> HttpResponse:
    if not is_secretary(request.user, club_of(request).pk):
        raise PermissionDenied(_("Only the secretary imports games."))
    reports: list[ImportReport] = []
    status = 200
    if request.method == "POST":
        form = GameImportForm(request.POST, request.FILES)
        if form.is_valid():
            reports = [
                _import(
                    upload,
                    request,
                    played_on=form.cleaned_data["played_on"],
                    allow_duplicate=form.cleaned_data["import_duplicates"],
                    book_rounds=form.cleaned_data["book_rounds"],
                )
                for upload in form.uploads()
            ]
            form = GameImportForm()
        # Each file is reported on its own; the request failed only if nothing was imported.
        if not any(report.game is not None for report in reports):
            status = 422
    else:
        form = GameImportForm()
    return render(
        request, "scoring/game_import.html", {"form": form, "reports": reports}, status=status
    )


def _import(
    upload: RecordUpload,
    request: HttpRequest,
    *,
    played_on: date | None,
    allow_duplicate: bool,
    book_rounds: bool,
) -> ImportReport:
    """Each record in its own transaction: a refused one writes nothing, the others stay."""
    if upload.error:
        return ImportReport(upload.name, error=upload.error)
    try:
        game = import_game_record(
            in_club=club_of(request),
            data=upload.data,
            imported_by=request.user,  # type: ignore[arg-type]
            source=f"import: {upload.name}"[:SOURCE_MAX_LENGTH],
            played_on=played_on,
            allow_duplicate=allow_duplicate,
            book_rounds=book_rounds,
        )
    except DuplicateGame as duplicate:
        return ImportReport(
            upload.name,
            error=_("The club already has this game: same ruleset, players and turns."),
            duplicate_of=duplicate.game,
        )
    except ValidationError as refused:
        return ImportReport(upload.name, error=" ".join(refused.messages))
    except club.BookingFailed as failed:
        return ImportReport(upload.name, error=failed.message)
    return ImportReport(upload.name, game=game)
