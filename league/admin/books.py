"""The register, the ledger and the club's settings in the admin: the actions call the same
services as the pages, so every check (and every refusal) is the same."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.admin.helpers import ActionForm
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext

from clubs.models import Club
from clubs.requests import club_or_none
from league.admin.base import SecretaryAdmin, refusal, report, secretary, sole_club
from league.forms import HistoricEntryForm
from league.models import AuditEntry, ClubSettings, DrinkDebt, RegisterClaim, RegisterEntry
from league.services.ledger import settle_debt, write_off_debt
from league.services.register import ratify_claim, reject_claim
from league.settings_forms import ClubSettingsForm
from league.views.settings import save_settings


class NoteActionForm(ActionForm):
    """The action bar with a text box: the note of a decision, the reason of a write-off."""

    note = forms.CharField(label="Note / reason", required=False, max_length=1000)


def _note(request: HttpRequest) -> str:
    return request.POST.get("note", "").strip()


@admin.register(RegisterClaim)
class RegisterClaimAdmin(SecretaryAdmin):
    list_display = ["player", "score", "kind", "game", "status", "decided_by", "decided_at"]
    list_filter = ["status", "kind", "created_at"]
    search_fields = ["player__name"]
    list_select_related = ["player", "game", "decided_by"]
    readonly_fields = [f.name for f in RegisterClaim._meta.fields]
    action_form = NoteActionForm
    actions = ["ratify", "reject"]

    @admin.action(description="Ratify the selected claims (into the register)")
    def ratify(self, request: HttpRequest, queryset: QuerySet[RegisterClaim]) -> None:
        by, note, done, refused = secretary(request), _note(request), 0, []
        for claim in queryset.select_related("player"):
            try:
                ratify_claim(claim=claim, by=by, note=note)
            except (ValidationError, PermissionDenied) as error:
                refused.append(refusal(f"{claim.player.name} {claim.score}", error))
            else:
                done += 1
        report(self, request, done, refused, "claim(s) ratified")

    @admin.action(description="Reject the selected claims (type the note first)")
    def reject(self, request: HttpRequest, queryset: QuerySet[RegisterClaim]) -> None:
        by, note, done, refused = secretary(request), _note(request), 0, []
        for claim in queryset.select_related("player"):
            try:
                reject_claim(claim=claim, by=by, note=note)
            except (ValidationError, PermissionDenied) as error:
                refused.append(refusal(f"{claim.player.name} {claim.score}", error))
            else:
                done += 1
        report(self, request, done, refused, "claim(s) rejected")


@admin.register(RegisterEntry)
class RegisterEntryAdmin(SecretaryAdmin):
    """Entries come from ratified claims; the admin adds historic ones only, as the page does."""

    list_display = ["date", "score", "kind", "player_name", "ruleset", "game", "historic"]
    list_filter = ["kind", "ruleset", "historic", "date", "removed_at"]
    search_fields = ["player_name", "note"]
    list_select_related = ["game"]
    form = HistoricEntryForm

    def has_add_permission(self, request: HttpRequest) -> bool:
        return self.has_view_permission(request)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return [f.name for f in RegisterEntry._meta.fields] if obj is not None else []

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return HistoricEntryForm.Meta.fields
        return [f.name for f in RegisterEntry._meta.fields]

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        # An entry's page is read-only: every field is shown, none is in the form, so the
        # historic entry form (which sets up its `ruleset` and `scan` fields) has nothing to
        # set up; a plain form keeps the page from failing. Changes go through the register.
        if obj is not None:
            kwargs["form"] = forms.ModelForm
        else:
            kwargs["form"] = _historic_entry_form(club_or_none(request))
        return super().get_form(request, obj, change=change, **kwargs)

    def save_model(self, request: HttpRequest, obj: RegisterEntry, form: Any, change: bool) -> None:
        entry = form.enter(by=secretary(request), in_club=sole_club(request))
        obj.pk, obj.scan = entry.pk, entry.scan
        obj._state.adding = False


def _historic_entry_form(club: Club | None) -> type[HistoricEntryForm]:
    """The historic entry form offering `club`'s members (the admin builds the form itself)."""

    class ClubHistoricEntryForm(HistoricEntryForm):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, club=club, **kwargs)

    return ClubHistoricEntryForm


@admin.register(DrinkDebt)
class DrinkDebtAdmin(SecretaryAdmin):
    list_display = ["game", "debtor", "reason", "owed_to", "status", "settled_by", "settled_at"]
    list_filter = ["status", "reason", "created_at"]
    search_fields = ["debtor__name", "owed_to"]
    list_select_related = ["game", "debtor", "settled_by"]
    readonly_fields = [f.name for f in DrinkDebt._meta.fields]
    action_form = NoteActionForm
    actions = ["settle", "write_off"]

    @admin.action(description="Settle the selected rounds")
    def settle(self, request: HttpRequest, queryset: QuerySet[DrinkDebt]) -> None:
        by, done, refused = secretary(request), 0, []
        for debt in queryset.select_related("debtor"):
            try:
                settle_debt(debt=debt, by=by)
            except (ValidationError, PermissionDenied) as error:
                refused.append(refusal(f"{debt.debtor.name}, game #{debt.game_id}", error))
            else:
                done += 1
        report(self, request, done, refused, "round(s) settled")

    @admin.action(description="Write off the selected rounds (type the reason first)")
    def write_off(self, request: HttpRequest, queryset: QuerySet[DrinkDebt]) -> None:
        by, reason, done, refused = secretary(request), _note(request), 0, []
        for debt in queryset.select_related("debtor"):
            try:
                write_off_debt(debt=debt, by=by, reason=reason)
            except (ValidationError, PermissionDenied) as error:
                refused.append(refusal(f"{debt.debtor.name}, game #{debt.game_id}", error))
            else:
                done += 1
        report(self, request, done, refused, "round(s) written off")


@admin.register(ClubSettings)
class ClubSettingsAdmin(SecretaryAdmin):
    form = ClubSettingsForm

    def has_add_permission(self, request: HttpRequest) -> bool:
        club = club_or_none(request)
        return (
            self.has_view_permission(request)
            and club is not None
            and not ClubSettings.objects.filter(club=club).exists()
        )

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self.has_view_permission(request)

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        # One row: the list would only ever hold it, so go straight to it (or to making it).
        if not self.has_view_permission(request):
            raise PermissionDenied(gettext("Only the secretary sees the club's settings."))
        kept = ClubSettings.objects.filter(club=club_or_none(request)).first()
        if kept is not None:
            url = reverse("admin:league_clubsettings_change", args=[kept.pk])
        else:
            url = reverse("admin:league_clubsettings_add")
        return HttpResponseRedirect(url)

    def save_model(self, request: HttpRequest, obj: ClubSettings, form: Any, change: bool) -> None:
        club = club_or_none(request)
        if club is None:
            raise PermissionDenied(gettext("Only the secretary sees the club's settings."))
        saved = save_settings(form, user=secretary(request), in_club=club)
        obj.pk = saved.pk
        obj._state.adding = False


@admin.register(AuditEntry)
class AuditEntryAdmin(SecretaryAdmin):
    """Read-only, like the log's page: written by the services only, never changed."""

    list_display = ["at", "by", "action", "object_repr", "reason"]
    list_filter = ["action", "at"]
    search_fields = ["object_repr", "reason"]
    list_select_related = ["by"]
    readonly_fields = [f.name for f in AuditEntry._meta.fields]
