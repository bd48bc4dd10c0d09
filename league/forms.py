"""Forms of the league's pages: they validate and convert; the services decide and write."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from league.models import (
    ClubSettings,
    DebtStatus,
    DrinkDebt,
    DrinkReason,
    PublicArea,
    RecordKind,
    RegisterEntry,
    Season,
)
from league.services.register import enter_historic_record
from league.standings import DEFAULT_TIEBREAKERS, TIEBREAKERS, tiebreakers_for
from scoring import rules
from scoring.models import RULESET_CHOICES, RULESET_KEYS, Member
from scoring.rules.options import JACKPOT_BONUS_CHOICES, MAX_GUESS_POINTS, THRESHOLD_CHOICES

MAX_NOTE_LENGTH = 1000
ANY: list[tuple[str, Any]] = [("", _("Any"))]


class FilterForm(forms.Form):
    """A table's filters, read from the query string: a value that is not one of the choices
    is dropped (the table shows unfiltered), never a 500."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            select = isinstance(field.widget, forms.Select)
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


class LedgerFilterForm(FilterForm):
    status = forms.ChoiceField(
        label=_("Status"), choices=[*ANY, *DebtStatus.choices], required=False
    )
    reason = forms.ChoiceField(
        label=_("Reason"), choices=[*ANY, *DrinkReason.choices], required=False
    )
    member = forms.ModelChoiceField(
        label=_("Member"), queryset=Member.objects.all(), required=False, empty_label=_("Anyone")
    )
    game = forms.IntegerField(label=_("Game #"), min_value=1, required=False)

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
        error_messages={"required": "Say why the round is written off."},
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
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The paper register is kept for the games with a register unless the club says not.
        self.fields["ruleset"].initial = next(
            (info.key for info in rules.RULESETS if info.register_bounds is not None), None
        )
        self.fields["scan"].required = True

    def enter(self, *, by: User) -> RegisterEntry:
        """The entry, through the register service (the page and the admin both use this)."""
        data = self.cleaned_data
        return enter_historic_record(
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


OPTION_NAMES = ("thresholds", "jackpot_bonus", "guess_points")


def _thresholds(title: str) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=format_lazy(_("{title}: category targets"), title=title),
        choices=[(value, value.replace("_", " ")) for value in THRESHOLD_CHOICES],
    )


def _guess_points(title: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=format_lazy(_("{title}: guess points"), title=title),
        min_value=0,
        max_value=MAX_GUESS_POINTS,
    )


def _tiebreakers(title: str) -> forms.CharField:
    return forms.CharField(
        label=format_lazy(_("{title}: standings ranked by"), title=title),
        help_text=format_lazy(
            _("In order, separated by commas; empty for the usual order. Known: {known}"),
            known=", ".join(TIEBREAKERS),
        ),
        max_length=200,
        required=False,
    )


def _jackpot_bonus(title: str) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=format_lazy(_("{title}: jackpot bonus"), title=title),
        choices=[(value, value) for value in JACKPOT_BONUS_CHOICES],
    )


OPTION_FIELDS = {
    "thresholds": _thresholds,
    "jackpot_bonus": _jackpot_bonus,
    "guess_points": _guess_points,
}
# The games whose rules leave it to the club whether their rounds owed are booked.
CLUB_DRINKS = [info.key for info in rules.RULESETS if info.drinks == "club"]


def _game_fields() -> dict[str, forms.Field]:
    """Each game's default options (those RULES.md applies to it), then each game's
    standings tie-breakers, named `<game>_<option>` and `<game>_tiebreakers`."""
    fields: dict[str, forms.Field] = {}
    for info in rules.RULESETS:
        for name in info.option_names:
            fields[f"{info.key}_{name}"] = OPTION_FIELDS[name](info.title)
    for info in rules.RULESETS:
        fields[f"{info.key}_tiebreakers"] = _tiebreakers(info.title)
    return fields


class ClubSettingsForm(forms.ModelForm):
    """The settings page and the admin alike; both save through update_club_settings.

    Besides the model's fields, a field for each game's default options and tie-breakers
    (`_game_fields`), declared below the class so the admin, which lays out a form's declared
    fields, shows them too.
    """

    public_areas = forms.MultipleChoiceField(
        label=_("Open to visitors who are not signed in"),
        choices=PublicArea.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_(
            "Members who are signed in see everything. The secretary's pages stay the "
            "secretary's, and checking a sheet by its code stays open to everyone."
        ),
    )

    class Meta:
        model = ClubSettings
        fields = [
            "club_name",
            "default_language",
            "pin_session_hours",
            *(f"drinks_in_{key}" for key in CLUB_DRINKS),
            *(f"{key}_register_{end}" for key in RULESET_KEYS for end in ("high", "low")),
        ]
        help_texts = {
            "default_language": _(
                "Pages use it when the browser asks for none of the club's languages; "
                "printed score sheets use it unless another is chosen when printing."
            ),
            "club_name": _(
                "Heads every PDF score sheet. Left empty, the sheets carry the "
                "server's CLUB_NAME setting."
            ),
            "pin_session_hours": _(
                "A member signed in with their PIN on the shared tablet is signed out after "
                "this many hours without use (1 to 24), and when they tap Done. It counts "
                "from their next sign-in."
            ),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Left out of a post (a script, an older form): the club keeps its language.
        self.fields["default_language"].required = False
        self.fields["public_areas"].initial = list(self.instance.public_areas or [])
        for ruleset in RULESET_KEYS:
            title = rules.RULESET_TITLES[ruleset]
            self.fields[f"{ruleset}_register_high"].label = format_lazy(
                _("{title}: register above"), title=title
            )
            self.fields[f"{ruleset}_register_low"].label = format_lazy(
                _("{title}: register below"), title=title
            )
            options = rules.parse_options(self.instance.default_options.get(ruleset))
            self.fields[f"{ruleset}_tiebreakers"].initial = ", ".join(
                tiebreakers_for(self.instance.standings_tiebreakers or {}, ruleset)
            )
            for name in OPTION_NAMES:
                field = f"{ruleset}_{name}"
                if field in self.fields:
                    self.fields[field].initial = getattr(options, name)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for ruleset in RULESET_KEYS:
            high = cleaned.get(f"{ruleset}_register_high")
            low = cleaned.get(f"{ruleset}_register_low")
            if (high is None) != (low is None):
                self.add_error(
                    f"{ruleset}_register_low" if low is None else f"{ruleset}_register_high",
                    "Give both bounds, or neither for no register in this game.",
                )
            elif high is not None and low is not None and low > high:
                self.add_error(f"{ruleset}_register_low", _("The low bound is above the high one."))
        return cleaned

    def drink_fields(self) -> list[forms.BoundField]:
        return [self[f"drinks_in_{key}"] for key in CLUB_DRINKS]

    def bound_pairs(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """Each game's two register bounds, side by side on the page."""
        return [
            (self[f"{ruleset}_register_high"], self[f"{ruleset}_register_low"])
            for ruleset in RULESET_KEYS
        ]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.endswith(OPTION_NAMES)]

    def register_bounds(self) -> dict[str, rules.RegisterBounds | None]:
        bounds: dict[str, rules.RegisterBounds | None] = {}
        for ruleset in RULESET_KEYS:
            high = self.cleaned_data.get(f"{ruleset}_register_high")
            low = self.cleaned_data.get(f"{ruleset}_register_low")
            bounds[ruleset] = (
                None if high is None or low is None else rules.RegisterBounds(high=high, low=low)
            )
        return bounds

    def tiebreaker_fields(self) -> list[forms.BoundField]:
        return [self[f"{ruleset}_tiebreakers"] for ruleset in RULESET_KEYS]

    def standings_tiebreakers(self) -> dict[str, list[str]]:
        # Checked against the known keys by the service (the model field's validator).
        chosen = {}
        for ruleset in RULESET_KEYS:
            text = self.cleaned_data.get(f"{ruleset}_tiebreakers") or ""
            keys = [key.strip() for key in text.split(",") if key.strip()]
            chosen[ruleset] = keys or list(DEFAULT_TIEBREAKERS[ruleset])
        return chosen

    def default_options(self) -> dict[str, dict[str, object]]:
        options: dict[str, dict[str, object]] = {}
        for ruleset in RULESET_KEYS:
            chosen = {
                name: self.cleaned_data[f"{ruleset}_{name}"]
                for name in OPTION_NAMES
                if f"{ruleset}_{name}" in self.cleaned_data
            }
            if chosen:
                options[ruleset] = chosen
        return options


# Declared as the metaclass would have, had they been written out in the class body.
GAME_FIELDS = _game_fields()
ClubSettingsForm.declared_fields.update(GAME_FIELDS)
ClubSettingsForm.base_fields.update(GAME_FIELDS)


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "starts_on", "ends_on"]
        labels = {"name": _("Name"), "starts_on": _("Starts on"), "ends_on": _("Ends on")}
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
        }


class StandingsFilterForm(FilterForm):
    """Which season and which game; anything else in the query string falls back to defaults."""

    season = forms.ChoiceField(required=False)
    ruleset = forms.ChoiceField(label=_("Game"), choices=RULESET_CHOICES, required=False)

    def __init__(self, data: Any, *, seasons: list[Season]) -> None:
        super().__init__(data)
        # Choices from the seasons already read: no query of its own to validate.
        self.seasons = seasons
        field = self.fields["season"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(str(season.pk), season.name) for season in seasons]

    def chosen(self) -> tuple[Season | None, str]:
        """The season asked for, else the latest one; the game asked for, else the club's usual
        game (the engine's first)."""
        self.is_valid()
        wanted = self.cleaned_data.get("season")
        season = next((s for s in self.seasons if str(s.pk) == wanted), None)
        if season is None and self.seasons:
            season = self.seasons[0]
        return season, self.cleaned_data.get("ruleset") or rules.DEFAULT_RULESET.key
