"""Forms of the league's pages: they validate and convert; the services decide and write."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.formats import localize
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from league.models import (
    DebtStatus,
    DrinkDebt,
    DrinkReason,
    RecordKind,
    RegisterEntry,
    Season,
)
from league.services.register import enter_historic_record
from scoring import rules
from scoring.forms.days import ClubDayField
from scoring.models import RULESET_CHOICES, Member
from scoring.selectors import members_of

MAX_NOTE_LENGTH = 1000
ANY: list[tuple[str, Any]] = [("", _("Any"))]


class PlainSelect(forms.Select):
    """A select drawn in a plain loop: the same markup as Django's select.html and its
    select_option.html, but without a template include per option, which made the register's
    year filter cost more with each year of the register (issue 29). Options in groups are left
    to Django's templates."""

    def render(
        self,
        name: str,
        value: Any,
        attrs: dict[str, Any] | None = None,
        renderer: Any = None,
    ) -> SafeString:
        widget = self.get_context(name, value, attrs)["widget"]
        groups = widget["optgroups"]
        if any(group for group, choices, index in groups):
            return super().render(name, value, attrs, renderer)
        options = "".join(
            f'\n  <option value="{escape(option["value"])}"{_attrs(option["attrs"])}>'
            f"{conditional_escape(localize(option['label']))}</option>\n"
            for group, choices, index in groups
            for option in choices
        )
        return mark_safe(
            f'<select name="{escape(widget["name"])}"{_attrs(widget["attrs"])}>{options}\n</select>'
        )


def _attrs(attrs: dict[str, Any]) -> str:
    """A tag's attributes as django/forms/widgets/attrs.html writes them."""
    return "".join(
        f" {escape(name)}" if value is True else f' {escape(name)}="{escape(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


class FilterForm(forms.Form):
    """A table's filters, read from the query string: a value that is not one of the choices
    (or a day no club has, an id beyond any table) is dropped, never a 500; the page answers
    400 with the reason beside the filter (league.views.listing.list_page)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            select = isinstance(field.widget, forms.Select)
            if type(field.widget) is forms.Select:
                plain = PlainSelect(attrs=field.widget.attrs, choices=field.widget.choices)
                plain.is_required = field.widget.is_required
                field.widget = plain
            field.widget.attrs["class"] = "form-select" if select else "form-control"


class RegisterFilterForm(FilterForm):
    kind = forms.ChoiceField(
        label=_("High or low"), choices=[*ANY, *RecordKind.choices], required=False
    )
    year = forms.TypedChoiceField(label=_("Year"), coerce=int, required=False, empty_value=None)
    player = forms.CharField(label=_("Player"), max_length=100, required=False)
    show = forms.ChoiceField(
        label=_("Show"),
        required=False,
        choices=[
            ("", _("The register")),
            ("removed", _("Removed entries too")),
            ("rejected", _("Rejected claims too")),
        ],
    )

    def __init__(self, data: Any, *, years: list[int]) -> None:
        super().__init__(data)
        field = self.fields["year"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = ANY + [(year, str(year)) for year in years]

    def apply(self, entries: QuerySet[RegisterEntry]) -> QuerySet[RegisterEntry]:
        self.is_valid()
        data = self.cleaned_data
        if data.get("kind"):
            entries = entries.filter(kind=data["kind"])
        if data.get("year") is not None:
            entries = entries.filter(date__year=data["year"])
        if data.get("player"):
            entries = entries.filter(player_name__icontains=data["player"])
        if data.get("show") != "removed":
            entries = entries.filter(removed_at__isnull=True)
        return entries

    @property
    def shows_rejected(self) -> bool:
        self.is_valid()
        return self.cleaned_data.get("show") == "rejected"


def club_members_only(form: forms.BaseForm, club: Club | None) -> None:
    """A form's `member` choices: the club's members only (none without a club), so another
    club's member is neither offered nor accepted."""
    field = form.fields["member"]
    assert isinstance(field, forms.ModelChoiceField)
    field.queryset = members_of(club) if club is not None else Member.objects.none()


class LedgerFilterForm(FilterForm):
    status = forms.ChoiceField(
        label=_("Status"), choices=[*ANY, *DebtStatus.choices], required=False
    )
    reason = forms.ChoiceField(
        label=_("Reason"), choices=[*ANY, *DrinkReason.choices], required=False
    )
    member = forms.ModelChoiceField(
        label=_("Member"), queryset=Member.objects.none(), required=False, empty_label=_("Anyone")
    )
    # A game's id is a 64-bit integer: a larger one would fail in the database, not match.
    game = forms.IntegerField(label=_("Game #"), min_value=1, max_value=2**63 - 1, required=False)

    def __init__(self, *args: Any, club: Club | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        club_members_only(self, club)

    def apply(self, debts: QuerySet[DrinkDebt]) -> QuerySet[DrinkDebt]:
        # Each valid filter applies even when another is not (cleaned_data lacks that one).
        self.is_valid()
        data = self.cleaned_data
        if data.get("status"):
            debts = debts.filter(status=data["status"])
        if data.get("reason"):
            debts = debts.filter(reason=data["reason"])
        if data.get("member") is not None:
            debts = debts.filter(debtor_member=data["member"])
        if data.get("game") is not None:
            debts = debts.filter(game_id=data["game"])
        return debts


class NoteForm(forms.Form):
    """The secretary's note on a claim: optional to ratify, required to reject (the service
    says so)."""

    note = forms.CharField(max_length=MAX_NOTE_LENGTH, required=False, strip=True)


class WriteOffForm(forms.Form):
    reason = forms.CharField(
        max_length=MAX_NOTE_LENGTH,
        error_messages={"required": _("Say why the round is written off.")},
    )


# The register entry's fields as the forms name them (the model's own names are English).
ENTRY_LABELS = {
    "date": _("Date"),
    "player_name": _("Player's name"),
    "member": _("Member"),
    "score": _("Score"),
    "kind": _("High or low"),
    "ruleset": _("Game"),
    "scan": _("Scan"),
    "note": _("Note"),
}


class HistoricEntryForm(forms.ModelForm):
    """A record from a paper sheet; the scan is checked by the model's validator."""

    class Meta:
        model = RegisterEntry
        fields = ["date", "player_name", "member", "score", "kind", "ruleset", "scan", "note"]
        field_classes = {"date": ClubDayField}
        widgets = {
            "note": forms.Textarea(attrs={"rows": 2}),
            "scan": forms.ClearableFileInput(
                attrs={"accept": "image/jpeg,image/png,application/pdf"}
            ),
        }
        labels = ENTRY_LABELS
        help_texts = {
            "member": _("If the player is (or was) a member."),
            "scan": _("A photo (JPEG, PNG) or a PDF of the paper sheet, at most 10 MB."),
        }

    def __init__(self, *args: Any, club: Club | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        club_members_only(self, club)
        # The paper register is kept for the games with a register unless the club says not.
        self.fields["ruleset"].initial = next(
            (info.key for info in rules.RULESETS if info.register_bounds is not None), None
        )
        self.fields["scan"].required = True

    def enter(self, *, by: User, in_club: Club) -> RegisterEntry:
        """The entry, through the register service (the page and the admin both use this)."""
        data = self.cleaned_data
        return enter_historic_record(
            in_club=in_club,
            date=data["date"],
            player_name=data["player_name"],
            member=data["member"],
            score=data["score"],
            kind=data["kind"],
            ruleset=data["ruleset"],
            scan=data["scan"],
            note=data["note"],
            by=by,
        )


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "starts_on", "ends_on"]
        labels = {"name": _("Name"), "starts_on": _("Starts on"), "ends_on": _("Ends on")}
        # A season of year 1 or 9999 breaks the standings: its edges fall outside the calendar.
        field_classes = {"starts_on": ClubDayField, "ends_on": ClubDayField}


class StandingsFilterForm(FilterForm):
    """Which season and which game; anything else in the query string falls back to defaults."""

    season = forms.ChoiceField(label=_("Season"), required=False)
    ruleset = forms.ChoiceField(label=_("Game"), choices=RULESET_CHOICES, required=False)

    def __init__(self, data: Any, *, seasons: list[Season]) -> None:
        super().__init__(data)
        # Choices from the seasons already read: no query of its own to validate.
        self.seasons = seasons
        field = self.fields["season"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(str(season.pk), season.name) for season in seasons]

    def chosen(self) -> tuple[Season | None, str]:
        """The season asked for, else the one today is in (of two, the later to start), else
        the latest that has begun, else the first to come; the game asked for, else the club's
        usual game (the engine's first)."""
        self.is_valid()
        wanted = self.cleaned_data.get("season")
        season = next((s for s in self.seasons if str(s.pk) == wanted), None)
        if season is None and self.seasons:
            season = self._current()
            # The season list shows the season the table is of.
            self.data = {**dict(self.data.items()), "season": str(season.pk)}
        return season, self.cleaned_data.get("ruleset") or rules.DEFAULT_RULESET.key

    def _current(self) -> Season:
        today = timezone.localdate()
        begun = [season for season in self.seasons if season.starts_on <= today]
        running = [season for season in begun if today <= season.ends_on]
        if running or begun:
            return (running or begun)[0]
        return min(self.seasons, key=lambda season: (season.starts_on, season.pk))
