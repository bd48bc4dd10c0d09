"""The organiser's forms: a new tournament, and an entrant (a member or a guest)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from league.settings_forms import PLACES
from scoring.models import Member
from scoring.selectors import members_of, other_clubs_members
from tournaments.draw import MAX_ROUNDS
from tournaments.models import Tournament
from tournaments.tiebreakers import PICKS, choices, label


def _place(place: int) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=format_lazy(_("Standings, {place}"), place=PLACES[place - 1]),
        choices=choices,
        required=False,
    )


TIEBREAKER_NAMES = [f"tiebreaker_{place}" for place in range(1, PICKS + 1)]


class TournamentForm(forms.ModelForm):
    """The day's settings, with its tie-breakers picked in order (places left blank are
    skipped; none picked is the usual order for the game)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ranked_by"].required = False
        self.fields["min_games"].required = False
        for place, name in enumerate(TIEBREAKER_NAMES, start=1):
            self.fields[name] = _place(place)
        if self.instance.pk is not None:
            for name, key in zip(TIEBREAKER_NAMES, self.instance.tiebreakers, strict=False):
                self.fields[name].initial = key
            # The game is chosen once: its tables' games are of that kind.
            del self.fields["ruleset"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        keys = [(name, cleaned.get(name)) for name in TIEBREAKER_NAMES]
        for place, (name, key) in enumerate(keys):
            if key and key in {earlier for _, earlier in keys[:place]}:
                message = _("{figure} is already picked above: pick each figure once.")
                self.add_error(name, format_lazy(message, figure=label(key)))
        return cleaned

    def clean_ranked_by(self) -> str:
        # Left out (an older form, a script): ranked by totals, as before.
        return str(self.cleaned_data.get("ranked_by") or "total")

    def clean_min_games(self) -> int:
        games = int(self.cleaned_data.get("min_games") or 0)
        rounds = self.cleaned_data.get("rounds") or MAX_ROUNDS
        if games > rounds:
            raise forms.ValidationError(
                _("At most the day's %(rounds)d rounds: nobody could play more games."),
                params={"rounds": rounds},
            )
        return games

    def tiebreaker_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in TIEBREAKER_NAMES]

    def settings(self) -> dict[str, Any]:
        """The cleaned settings for the service: the picked breakers as one ordered list."""
        data = {k: v for k, v in self.cleaned_data.items() if k not in TIEBREAKER_NAMES}
        data["tiebreakers"] = [
            self.cleaned_data[name] for name in TIEBREAKER_NAMES if self.cleaned_data.get(name)
        ]
        return data

    class Meta:
        model = Tournament
        fields = [
            "name",
            "starts_on",
            "ends_on",
            "ruleset",
            "table_size",
            "rounds",
            "swiss",
            "public",
            "ranked_by",
            "min_games",
        ]
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
        }


def by_club(club: Club) -> list[tuple[str, list[tuple[int, str]]]]:
    """The other clubs' members who may enter the club's tournament as themselves, one group a
    club (by the club's name)."""
    groups: dict[str, list[tuple[int, str]]] = {}
    for pk, known_as, club_name in other_clubs_members(club):
        groups.setdefault(club_name, []).append((pk, known_as))
    return sorted(groups.items())


class EntrantForm(forms.Form):
    member = forms.ModelChoiceField(
        label=_("Member"), queryset=Member.objects.none(), required=False
    )
    guest_name = forms.CharField(label=_("or a guest's name"), max_length=40, required=False)
    apart = forms.CharField(
        label=_("Keep apart (a word shared by a family or a club)"), max_length=40, required=False
    )

    def __init__(
        self, *args: Any, club: Club | None = None, visitors: bool = False, **kwargs: Any
    ) -> None:
        """`visitors`: offer the members of the server's other clubs too, grouped by club.
        Their names are for the club's signed-in organiser only (the views decide)."""
        super().__init__(*args, **kwargs)
        member_field = self.fields["member"]
        assert isinstance(member_field, forms.ModelChoiceField)
        if club is None:
            return
        own = members_of(club).filter(is_active=True).order_by("known_as")
        if not visitors:
            # The club's members only: another club's member is not offered (nor accepted).
            member_field.queryset = own
            return
        member_field.queryset = Member.objects.filter(
            is_active=True, user__memberships__isnull=False
        ).distinct()
        # Drawn from lists read once (the queryset only checks what is sent).
        member_field.choices = [
            ("", "---------"),
            *own.values_list("pk", "known_as"),
            *by_club(club),
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("member") and not (data.get("guest_name") or "").strip():
            raise forms.ValidationError(_("Choose a member or type a guest's name."))
        if data.get("member") and (data.get("guest_name") or "").strip():
            raise forms.ValidationError(_("Choose a member or type a guest's name, not both."))
        return data


class ManyEntrantsForm(forms.Form):
    """Many players at once: members ticked from the club's list, and names pasted one a line
    (the service matches the club's members by the name they go by; others enter as guests)."""

    members = forms.ModelMultipleChoiceField(
        label=_("Tick members"),
        queryset=Member.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    names = forms.CharField(
        label=_("or paste names, one a line"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        max_length=4000,
        help_text=_("A member's name enters the member; any other name enters a guest."),
    )

    def __init__(self, *args: Any, club: Club | None = None, entered: Any = (), **kwargs: Any):
        """The club's active members not entered yet (`entered`: member ids in the day)."""
        super().__init__(*args, **kwargs)
        members_field = self.fields["members"]
        assert isinstance(members_field, forms.ModelMultipleChoiceField)
        if club is not None:
            members_field.queryset = (
                members_of(club).filter(is_active=True).exclude(pk__in=entered).order_by("known_as")
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("members") and not (data.get("names") or "").strip():
            raise forms.ValidationError(_("Tick members or paste names, one a line."))
        return data
