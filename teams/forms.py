"""What the match pages send: the captains' line-ups, and a captain's signature or dispute."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.forms.days import ClubDayField
from scoring.models import Member
from teams.match_rules import Side
from teams.models import Fixture, Team


def _slot_field(team: Team, slot: int) -> forms.ModelChoiceField[Member]:
    return forms.ModelChoiceField(
        queryset=team.members.filter(is_active=True).order_by("known_as"),
        label=_("Player %(slot)d") % {"slot": slot},
        error_messages={"required": _("Choose every player of both teams.")},
    )


class LineupForm(forms.Form):
    """Each team's players in order: fields home_1..home_n and away_1..away_n."""

    def __init__(self, *args: Any, fixture: Fixture, players_per_team: int, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.players_per_team = players_per_team
        for side, team in ((Side.HOME, fixture.home), (Side.AWAY, fixture.away)):
            for slot in range(1, players_per_team + 1):
                self.fields[f"{side}_{slot}"] = _slot_field(team, slot)

    def _side_fields(self, side: Side) -> list[forms.BoundField]:
        return [self[f"{side}_{slot}"] for slot in range(1, self.players_per_team + 1)]

    @property
    def home_fields(self) -> list[forms.BoundField]:
        return self._side_fields(Side.HOME)

    @property
    def away_fields(self) -> list[forms.BoundField]:
        return self._side_fields(Side.AWAY)

    def players(self, side: Side) -> list[Member]:
        return [self.cleaned_data[f"{side}_{slot}"] for slot in range(1, self.players_per_team + 1)]


class TeamLineupForm(forms.Form):
    """One team's line-up chosen before the night: fields player_1..player_n, in table order."""

    def __init__(self, *args: Any, team: Team, players_per_team: int, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.players_per_team = players_per_team
        for slot in range(1, players_per_team + 1):
            self.fields[f"player_{slot}"] = _slot_field(team, slot)

    def players(self) -> list[Member]:
        return [self.cleaned_data[f"player_{slot}"] for slot in range(1, self.players_per_team + 1)]


class CaptainForm(forms.Form):
    """A captain proving who they are by PIN: to sign the card, or (with a reason) dispute it."""

    side = forms.ChoiceField(choices=[(side.value, side.value) for side in Side])
    pin = forms.CharField(required=False, max_length=12, strip=True)
    reason = forms.CharField(required=False, max_length=2000, widget=forms.Textarea)

    def error_message(self) -> str:
        return " ".join(str(error) for errors in self.errors.values() for error in errors)


class ConcedeForm(forms.Form):
    """A side conceding one table's game, and why."""

    side = forms.ChoiceField(choices=[(side.value, side.value) for side in Side])
    table = forms.IntegerField(min_value=1)
    reason = forms.CharField(
        max_length=2000, error_messages={"required": _("Say why the game is conceded.")}
    )

    def error_message(self) -> str:
        return " ".join(str(error) for errors in self.errors.values() for error in errors)


class MoveFixtureForm(forms.Form):
    """A fixture's new day, time and venue (in the club's time zone)."""

    day = ClubDayField(label=_("Day"))
    time = forms.TimeField(label=_("Time"), widget=forms.TimeInput(attrs={"type": "time"}))
    venue = forms.CharField(label=_("Venue"), max_length=120, required=False)

    def starts_at(self) -> datetime.datetime:
        day: datetime.date = self.cleaned_data["day"]
        at: datetime.time = self.cleaned_data["time"]
        return timezone.make_aware(datetime.datetime.combine(day, at))
