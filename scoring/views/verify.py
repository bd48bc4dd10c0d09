"""The public verify page: type a sheet's code (or follow its QR code), or upload its PDF, and
see whether it matches the game as recorded. Open to anyone; it writes nothing.
"""

from __future__ import annotations

from typing import IO

from django.core.files.uploadhandler import (
    FileUploadHandler,
    MemoryFileUploadHandler,
    StopUpload,
)
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods

from clubs.requests import club_of
from scoring import club, rules
from scoring.access.privacy import may_see
from scoring.forms.signing import MAX_PDF_BYTES, CodeForm, SheetUploadForm
from scoring.models import Game, PublicArea
from scoring.presentation.sheet_check import night_headline
from scoring.presentation.sheets import build_sheet
from scoring.presentation.signature_lines import signature_rows, voided_signatures
from scoring.presentation.turn_lines import correction_lines
from scoring.selectors import (
    club_games,
    game_corrections,
    game_house_rules,
    game_signatures,
    load_game,
    recorded_game,
)
from scoring.sheet_checks import limits
from scoring.sheet_checks.check import check_sheet_pdf
from scoring.sheet_checks.pictures import compared_text
from scoring.verification import normalise_code, verification_code, verification_url

TEMPLATE = "scoring/verify.html"
# The multipart wrapping around the file: a request longer than the file limit plus this is
# refused before Django reads its body.
UPLOAD_OVERHEAD = 64 * 1024


# CSRF is checked by _check_upload, once the size limit is in place: the middleware would read
# the whole upload first to find the token (Django's documented pattern for upload handlers).
@csrf_exempt
@require_http_methods(["GET", "POST"])
def verify(request: HttpRequest) -> HttpResponse:
    """GET: the forms (a typed code goes to its own page); POST: a PDF to check."""
    if request.method == "POST":
        minutes = limits.minutes_until_allowed(request)
        if minutes is not None:
            # Counted and refused before a byte of the body is read.
            return _too_many(request, minutes)
        if _content_length(request) > MAX_PDF_BYTES + UPLOAD_OVERHEAD:
            # Refused on its announced size, before a byte of it is read.
            return _too_large(request)
        limit = SizeLimit(request, MAX_PDF_BYTES)
        # Kept in memory whatever its size (at most MAX_PDF_BYTES): Django would write a file
        # over 2.5 MB to the temporary folder, where a killed worker would leave it.
        request.upload_handlers = [limit, KeptInMemory(request)]
        return _check_upload(request, limit)
    if "code" not in request.GET:
        return _render(request)
    form = CodeForm(request.GET)
    if form.is_valid():
        code = normalise_code(form.cleaned_data["code"])
        if code is not None:
            return redirect("scoring:verify", code=code)
        form.add_error("code", _not_a_code(form.cleaned_data["code"]))
    return _render(request, code_form=form, status=422)


@require_GET
def verify_code(request: HttpRequest, code: str) -> HttpResponse:
    normalised = normalise_code(code)
    if normalised is None:
        form = CodeForm({"code": code[:40]})
        form.is_valid()
        form.add_error("code", _not_a_code(code))
        return _render(request, code_form=form, status=404)
    if normalised != code:
        return redirect("scoring:verify", code=normalised)
    game = (
        club_games(club_of(request)).select_related("scorer").filter(verification_code=code).first()
    )
    if game is None:
        return _render(request, {"code": code, "not_found": True}, status=404)
    # Who owes whom a round is the drinks ledger's business: a visitor sees it only where the
    # club opened the ledger to visitors.
    hide_rounds_owed = not may_see(request, PublicArea.LEDGER)
    return _render(
        request, {"code": code, "hide_rounds_owed": hide_rounds_owed, **_game_context(game)}
    )


def _game_context(game: Game) -> dict[str, object]:
    """The game as recorded, and whether it still gives the code it was signed with."""
    context: dict[str, object] = {
        "game": game,
        "matches": (
            verification_code(recorded_game(game), game.verification_format)
            == game.verification_code
        ),
        "corrections": correction_lines(game_corrections(game)),
    }
    signatures = game_signatures(game)
    context["voided"] = voided_signatures(signatures)
    try:
        loaded = load_game(game)
    except rules.RuleError:
        # Only a hand-edited database gets here: the page says so instead of failing.
        context["unplayable"] = True
        return context
    sheet = build_sheet(loaded, loaded.result(game_house_rules(game)))
    context.update(
        sheet=sheet,
        result=sheet.result,
        five_dice=isinstance(loaded.state, rules.FiveDiceGame),
        rows=signature_rows(loaded.players, sheet.result, signatures),
    )
    return context


@csrf_protect
def _check_upload(request: HttpRequest, limit: SizeLimit) -> HttpResponse:
    form = SheetUploadForm(request.POST, request.FILES)
    if limit.exceeded:
        return _too_large(request)
    if not form.is_valid():
        return _render(request, upload_form=form, status=422)
    upload = form.cleaned_data["sheet"]
    with limits.check_slot() as free:
        if not free:
            return _busy(request)
        # Each sheet is drawn by its game's own house rules, as the server prints it.
        check = check_sheet_pdf(
            upload.read(MAX_PDF_BYTES + 1),
            club=club.house_settings(club_of(request)).club_name,
            in_club_id=club_of(request).pk,
        )
    context: dict[str, object] = {
        "check": check,
        "upload_name": upload.name,
        "compared": compared_text(),
    }
    if len(check.sheets) > 1:
        context["night_headline"] = night_headline(check)
    if check.accepted and check.game is not None:
        context["check_url"] = verification_url(request, check.game.verification_code)
    return _render(request, context, status=200 if check.accepted else 422)


class SizeLimit(FileUploadHandler):
    """Stops reading an uploaded file once it passes `limit` bytes: what comes after is
    discarded as it arrives, never kept in memory or on disk. It sits before Django's own
    handlers and passes every chunk on to them."""

    def __init__(self, request: HttpRequest, limit: int) -> None:
        super().__init__(request)
        self.limit = limit
        self.exceeded = False

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        if start + len(raw_data) > self.limit:
            self.exceeded = True
            raise StopUpload(connection_reset=False)
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None


class KeptInMemory(MemoryFileUploadHandler):
    """Django's in-memory handler, for any size: SizeLimit before it bounds the file."""

    def handle_raw_input(
        self,
        input_data: IO[bytes],
        META: dict[str, str],  # noqa: N803 (Django's name)
        content_length: int,
        boundary: str,
        encoding: str | None = None,
    ) -> None:
        self.activated = True


def _content_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def _too_large(request: HttpRequest) -> HttpResponse:
    message = gettext("The file is too large: a score sheet PDF is at most %(most)d MB.") % {
        "most": _megabytes()
    }
    return _render(request, {"upload_error": message}, status=413)


def _too_many(request: HttpRequest, minutes: int) -> HttpResponse:
    message = ngettext(
        "This device has uploaded as many PDFs as the verify page takes from one device for "
        "now: try again in %(minutes)d minute. Typing a sheet's code works meanwhile.",
        "This device has uploaded as many PDFs as the verify page takes from one device for "
        "now: try again in %(minutes)d minutes. Typing a sheet's code works meanwhile.",
        minutes,
    ) % {"minutes": minutes}
    response = _render(request, {"upload_error": message}, status=429)
    response["Retry-After"] = str(minutes * 60)
    return response


def _busy(request: HttpRequest) -> HttpResponse:
    message = gettext(
        "The server is checking other uploaded PDFs right now: try again in a minute. "
        "Typing a sheet's code works meanwhile."
    )
    response = _render(request, {"upload_error": message}, status=429)
    response["Retry-After"] = "60"
    return response


def _render(
    request: HttpRequest,
    context: dict[str, object] | None = None,
    *,
    code_form: CodeForm | None = None,
    upload_form: SheetUploadForm | None = None,
    status: int = 200,
) -> HttpResponse:
    context = dict(context or {})
    context.update(
        code_form=code_form or CodeForm(initial={"code": context.get("code", "")}),
        upload_form=upload_form or SheetUploadForm(),
        max_megabytes=_megabytes(),
    )
    return render(request, TEMPLATE, context, status=status)


def _not_a_code(text: str) -> str:
    return gettext(
        "%(text)s is not a verification code: a code is 10 letters and digits (2 to 7), "
        "printed like K7Q2-M3XD-4T."
    ) % {"text": repr(text[:40])}


def _megabytes() -> int:
    return MAX_PDF_BYTES // (1024 * 1024)
