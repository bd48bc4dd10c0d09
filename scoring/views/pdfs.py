"""Score sheets as PDFs: a game's sheet, blank sheets, and a whole club night for the secretary."""

from __future__ import annotations

import tempfile
from datetime import date, datetime, time, timedelta

from django import forms
from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods

from clubs.files import disposition
from clubs.requests import club_of
from scoring import club, pdf, rules
from scoring.access.privacy import PublicArea, visible_to_visitors
from scoring.access.roles import is_secretary
from scoring.forms.days import ClubDayField
from scoring.selectors import (
    club_games,
    game_corrections,
    game_signatures,
    games_started_between,
    load_game,
)

PDF = "application/pdf"
# A club night bigger than this is refused: the secretary prints it in parts.
MAX_CLUB_NIGHT_SHEETS = 400
# Rendered into memory up to this size, then into a temporary file, and streamed from there.
SPOOL_BYTES = 8 * 1024 * 1024


def sheet_language(chosen: str | None, house: club.HouseSettings) -> str:
    """The language a sheet is printed in: the one chosen when printing (`?lang=`), if the
    server speaks it, else the club's default (ClubSettings.default_language)."""
    codes = {code for code, _name in settings.LANGUAGES}
    if chosen in codes:
        return str(chosen)
    return house.default_language if house.default_language in codes else settings.LANGUAGE_CODE


@require_GET
@visible_to_visitors(PublicArea.DOCUMENTS)
def game_sheet_pdf(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(club_games(club_of(request)).select_related("scorer"), pk=game_id)
    house = club.house_settings(club_of(request))
    language = sheet_language(request.GET.get("lang"), house)
    content = pdf.game_sheet_pdf(
        load_game(game),
        game_corrections(game),
        signatures=game_signatures(game),
        site_url=request.build_absolute_uri("/"),
        club=house.club_name,
        language=language,
    )
    response = HttpResponse(content, content_type=PDF)
    with translation.override(language):
        words = _("BalutClub game %(number)d") % {"number": game.pk}
    response["Content-Disposition"] = disposition(words, "pdf", attachment=False)
    return response


@require_GET
def blank_sheet_pdf(request: HttpRequest) -> HttpResponse:
    ruleset = request.GET.get("ruleset", "")
    if ruleset not in rules.RULESET_KEYS:
        return _bad_request(
            _("Unknown game %(game)s: ask for ruleset=%(rulesets)s.")
            % {"game": repr(ruleset), "rulesets": ", ".join(rules.RULESET_KEYS)}
        )
    raw_players = request.GET.get("players", "4")
    try:
        players = int(raw_players)
    except ValueError:
        players = 0
    if not rules.MIN_PLAYERS <= players <= rules.MAX_PLAYERS:
        return _bad_request(
            _("players=%(players)s: a sheet is for %(least)d to %(most)d players.")
            % {"players": repr(raw_players), "least": rules.MIN_PLAYERS, "most": rules.MAX_PLAYERS}
        )
    house = club.house_settings(club_of(request))
    language = sheet_language(request.GET.get("lang"), house)
    content = pdf.blank_sheet_pdf(ruleset, players, club=house.club_name, language=language)
    response = HttpResponse(content, content_type=PDF)
    with translation.override(language):
        words = ngettext(
            "BalutClub blank sheet %(game)s %(count)d player",
            "BalutClub blank sheet %(game)s %(count)d players",
            players,
        ) % {"game": ruleset, "count": players}
    response["Content-Disposition"] = disposition(words, "pdf", attachment=False)
    return response


def _bad_request(message: str) -> HttpResponse:
    return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")


class ClubNightForm(forms.Form):
    date_from = ClubDayField(label=gettext_lazy("From"))
    date_to = ClubDayField(label=gettext_lazy("To (inclusive)"))
    lang = forms.ChoiceField(
        label=gettext_lazy("Language of the sheets"),
        choices=[("", gettext_lazy("The club's language")), *settings.LANGUAGES],
        required=False,
    )

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        date_from, date_to = cleaned.get("date_from"), cleaned.get("date_to")
        if isinstance(date_from, date) and isinstance(date_to, date) and date_from > date_to:
            raise forms.ValidationError(
                _("The range is the wrong way round: 'From' must not be after 'To'.")
            )
        return cleaned

    def bounds(self) -> tuple[datetime, datetime]:
        """From the start of the first day to the start of the day after the last, in the
        club's time zone."""
        start = datetime.combine(self.cleaned_data["date_from"], time.min)
        end = datetime.combine(self.cleaned_data["date_to"] + timedelta(days=1), time.min)
        return timezone.make_aware(start), timezone.make_aware(end)


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _errors(form: forms.Form) -> str:
    return " ".join(str(error) for errors in form.errors.values() for error in errors)


@require_http_methods(["GET", "POST"])
def club_night_pdf(request: HttpRequest) -> HttpResponseBase:
    """GET: the form (with the count of sheets once dates are given); POST: the PDF.

    The page's script asks for the count as JSON first, shows "Rendering N sheets…", then
    posts and saves the PDF; without the script the form posts and the browser downloads it.
    """
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("scoring:signin"))
    if not is_secretary(request.user, club_of(request).pk):
        raise PermissionDenied(_("Only the secretary prints club nights."))
    data = request.POST if request.method == "POST" else request.GET
    form = ClubNightForm(data if "date_from" in data or "date_to" in data else None)
    if not form.is_bound:
        return render(request, "scoring/club_night.html", {"form": form})
    if not form.is_valid():
        return _refuse(request, form, _errors(form))
    games = games_started_between(club_of(request), *form.bounds())
    count = games.count()
    if count > MAX_CLUB_NIGHT_SHEETS:
        return _refuse(
            request,
            form,
            _(
                "%(count)d games in that range: at most %(most)d print at once. "
                "Choose a shorter range."
            )
            % {"count": count, "most": MAX_CLUB_NIGHT_SHEETS},
        )
    if request.method == "GET":
        if _wants_json(request):
            return JsonResponse({"count": count})
        return render(request, "scoring/club_night.html", {"form": form, "count": count})
    if not count:
        return _refuse(request, form, _("No game was started in that range."))
    date_from, date_to = form.cleaned_data["date_from"], form.cleaned_data["date_to"]
    # FileResponse closes the file once it is sent, so no `with` here.
    out = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115
    house = club.house_settings(club_of(request))
    language = sheet_language(form.cleaned_data.get("lang"), house)
    pdf.club_night_pdf(
        games,
        out,
        date_from=date_from,
        date_to=date_to,
        club=house.club_name,
        language=language,
    )
    out.seek(0)
    # ISO dates in the name: they sort, and read the same in every language.
    days = {"first": date_from.isoformat(), "last": date_to.isoformat()}
    with translation.override(language):
        words = (
            _("BalutClub club night %(first)s") % days
            if date_from == date_to
            else _("BalutClub club night %(first)s to %(last)s") % days
        )
    response = FileResponse(out, content_type=PDF)
    response["Content-Disposition"] = disposition(words, "pdf", attachment=True)
    return response


def _refuse(request: HttpRequest, form: ClubNightForm, message: str) -> HttpResponse:
    if _wants_json(request):
        return JsonResponse({"error": message}, status=422)
    context = {"form": form, "error": message}
    return render(request, "scoring/club_night.html", context, status=422)
