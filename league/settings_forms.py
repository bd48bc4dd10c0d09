"""The club settings form: the model's fields and, for each game the engine describes, its
default options and standings tie-breakers. The settings page and the admin both use it."""

from __future__ import annotations

from functools import partial
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from league.models import ClubSettings, PublicArea
from league.standings import DEFAULT_TIEBREAKERS, TIEBREAKERS, tiebreaker_label, tiebreakers_for
from scoring import rules
from scoring.box_names import game_title, game_title_lazy
from scoring.forms.setup import JACKPOT_BONUS_LABELS, THRESHOLD_LABELS
from scoring.models import RULESET_KEYS
from scoring.rules.options import JACKPOT_BONUS_CHOICES, MAX_GUESS_POINTS, THRESHOLD_CHOICES

OPTION_NAMES = ("thresholds", "jackpot_bonus", "guess_points")


def _thresholds(title: str) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=format_lazy(_("{title}: category targets"), title=title),
        choices=[(value, THRESHOLD_LABELS[value]) for value in THRESHOLD_CHOICES],
    )


def _guess_points(title: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=format_lazy(_("{title}: guess points"), title=title),
        min_value=0,
        max_value=MAX_GUESS_POINTS,
    )


PLACES = [_("1st"), _("2nd"), _("3rd"), _("4th"), _("5th"), _("6th")]
assert len(PLACES) == len(TIEBREAKERS), "a place to pick for each tie-breaker"


def tiebreaker_choices(ruleset: str) -> list[tuple[str, str]]:
    """Blank (nothing more), then each figure in the reader's words: called when the form is
    drawn, so the labels are in the language of the page."""
    return [("", "—"), *((key, tiebreaker_label(key, ruleset)) for key in TIEBREAKERS)]


def _tiebreaker(ruleset: str, place: int) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=format_lazy(
            _("{title}: standings, {place}"),
            title=game_title_lazy(ruleset),
            place=PLACES[place - 1],
        ),
        choices=partial(tiebreaker_choices, ruleset),
        required=False,
    )


def _tiebreaker_names(ruleset: str) -> list[str]:
    return [f"{ruleset}_tiebreaker_{place}" for place in range(1, len(TIEBREAKERS) + 1)]


def _jackpot_bonus(title: str) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=format_lazy(_("{title}: jackpot bonus"), title=title),
        choices=[(value, JACKPOT_BONUS_LABELS[value]) for value in JACKPOT_BONUS_CHOICES],
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
    standings tie-breakers picked in order, named `<game>_<option>` and `<game>_tiebreaker_<n>`."""
    fields: dict[str, forms.Field] = {}
    for info in rules.RULESETS:
        for name in info.option_names:
            fields[f"{info.key}_{name}"] = OPTION_FIELDS[name](game_title_lazy(info.key))
    for info in rules.RULESETS:
        for place, name in enumerate(_tiebreaker_names(info.key), start=1):
            fields[name] = _tiebreaker(info.key, place)
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
        labels = {"club_name": _("Club name")}
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
        # The model's verbose names stay English (they are in its migrations); the page's words.
        self.fields["club_name"].label = _("Club name")
        for key in CLUB_DRINKS:
            self.fields[f"drinks_in_{key}"].label = format_lazy(
                _("{title}: rounds owed are booked"), title=game_title_lazy(key)
            )
        for ruleset in RULESET_KEYS:
            title = game_title(ruleset)
            self.fields[f"{ruleset}_register_high"].label = format_lazy(
                _("{title}: register above"), title=title
            )
            self.fields[f"{ruleset}_register_low"].label = format_lazy(
                _("{title}: register below"), title=title
            )
            options = rules.parse_options(self.instance.default_options.get(ruleset))
            order = tiebreakers_for(self.instance.standings_tiebreakers or {}, ruleset)
            for name, key in zip(_tiebreaker_names(ruleset), order, strict=False):
                self.fields[name].initial = key
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
                    _("Give both bounds, or neither for no register in this game."),
                )
            elif high is not None and low is not None and low > high:
                self.add_error(f"{ruleset}_register_low", _("The low bound is above the high one."))
            self._refuse_a_repeated_tiebreaker(ruleset, cleaned)
        return cleaned

    def _refuse_a_repeated_tiebreaker(self, ruleset: str, cleaned: dict[str, Any]) -> None:
        picked: set[str] = set()
        for name in _tiebreaker_names(ruleset):
            key = cleaned.get(name)
            if key and key in picked:
                self.add_error(
                    name,
                    format_lazy(
                        _("{figure} is already picked above: pick each figure once."),
                        figure=tiebreaker_label(key, ruleset),
                    ),
                )
            elif key:
                picked.add(key)

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

    def tiebreaker_fields(self) -> list[tuple[str, list[tuple[str, forms.BoundField]]]]:
        """Each game's title and its places to pick, first to last, each with its name."""
        return [
            (
                game_title(ruleset),
                [
                    (str(place), self[name])
                    for place, name in zip(PLACES, _tiebreaker_names(ruleset), strict=True)
                ],
            )
            for ruleset in RULESET_KEYS
        ]

    def standings_tiebreakers(self) -> dict[str, list[str]]:
        """The figures picked, in order; a place left blank is skipped, and none picked is
        the usual order. Checked again by the service (the model field's validator)."""
        chosen = {}
        for ruleset in RULESET_KEYS:
            keys = [
                self.cleaned_data[name]
                for name in _tiebreaker_names(ruleset)
                if self.cleaned_data.get(name)
            ]
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
