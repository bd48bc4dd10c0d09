"""What the secretary's setup pages send: a competition, a division, a team and its roster, and
the fixtures' first day. Each names what is wrong in the reader's language; the services
check again (teams.services.setup, teams.services.teams, teams.services.fixtures)."""

from __future__ import annotations

import datetime
import re
from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.dates import WEEKDAYS
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from scoring.forms.days import ClubDayField
from scoring.models import Member
from scoring.rules.tiebreakers import TEAM
from scoring.selectors import members_of
from teams.match_rules import MAX_PLAYERS_PER_TEAM, Counting, FormatError, MatchFormat
from teams.models import Competition, Division, Organiser, Team
from teams.models.competitions import breaker_label
from teams.services.fixtures import MAX_DAYS_BETWEEN_ROUNDS
from teams.tables import DEFAULT_BREAKERS


class CompetitionForm(forms.ModelForm):
    class Meta:
        model = Competition
        fields = [
            "name",
            "kind",
            "double_round_robin",
            "ruleset",
            "players_per_team",
            "reserves",
            "table_size",
            "counting",
            "organiser",
            "open_to_other_clubs",
        ]

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club  # whose competitions a name must differ from
        self.fields["players_per_team"].widget.attrs.update(min=1, max=MAX_PLAYERS_PER_TEAM)
        self.fields["reserves"].widget.attrs.update(min=0, max=MAX_PLAYERS_PER_TEAM)
        # Left out (an older page, a script): the club runs it, with no reserves.
        self.fields["organiser"].required = False
        self.fields["reserves"].required = False
        # The tie-breakers in order: one choice a step, the first required, the rest optional.
        chosen = list(self.instance.breakers) if self.instance.pk else list(DEFAULT_BREAKERS)
        choices: list[tuple[str, Any]] = [(key, breaker_label(key)) for key in TEAM]
        for step in range(1, len(TEAM) + 1):
            self.fields[f"breaker_{step}"] = forms.ChoiceField(
                label=_("Tie-breaker %(step)d") % {"step": step},
                choices=choices if step == 1 else [("", "—"), *choices],
                required=step == 1,
                initial=chosen[step - 1] if step <= len(chosen) else "",
            )

    @property
    def breaker_fields(self) -> list[forms.BoundField]:
        return [self[f"breaker_{step}"] for step in range(1, len(TEAM) + 1)]

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(gettext("Give the competition a name."))
        taken = Competition.objects.filter(club=self.club, name__iexact=name).exclude(
            pk=self.instance.pk
        )
        if taken.exists():
            raise forms.ValidationError(
                gettext("A competition is called %(name)s already.") % {"name": name}
            )
        return name

    def clean_organiser(self) -> str:
        return str(self.cleaned_data.get("organiser") or Organiser.CLUB)

    def clean_reserves(self) -> int:
        reserves: int | None = self.cleaned_data.get("reserves")
        return 0 if reserves is None else reserves

    def clean_players_per_team(self) -> int:
        count: int = self.cleaned_data["players_per_team"]
        if not 1 <= count <= MAX_PLAYERS_PER_TEAM:
            raise forms.ValidationError(
                gettext("A team fields from 1 to %(most)d players.")
                % {"most": MAX_PLAYERS_PER_TEAM}
            )
        return count

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        steps = [data.pop(f"breaker_{step}", "") for step in range(1, len(TEAM) + 1)]
        breakers = [step for step in steps if step]
        if len(set(breakers)) != len(breakers):
            self.add_error(None, gettext("Choose each tie-breaker once."))
        data["tie_breakers"] = ",".join(breakers)
        counting, per_team, size = (
            data.get(k) for k in ("counting", "players_per_team", "table_size")
        )
        if counting and per_team and size:
            try:
                MatchFormat(players_per_team=per_team, table_size=size, counting=Counting(counting))
            except FormatError:
                self.add_error(
                    "table_size",
                    gettext(
                        "A table seats an even number of players, 2 to 8, and both teams' "
                        "players fill whole tables."
                    ),
                )
        return data

    def validate_unique(self) -> None:
        # clean_name says it in the reader's words, ignoring case.
        return None


class DivisionForm(forms.ModelForm):
    class Meta:
        model = Division
        fields = ["name", "level"]

    def __init__(self, *args: Any, competition: Competition, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.competition = competition
        self.fields["level"].help_text = _("1 is the top division.")
        self.fields["level"].widget.attrs.update(min=1)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        others = Division.objects.filter(competition=self.competition).exclude(pk=self.instance.pk)
        name, level = (data.get("name") or "").strip(), data.get("level")
        if name and others.filter(name__iexact=name).exists():
            self.add_error(
                "name", gettext("A division is called %(name)s already.") % {"name": name}
            )
        if level is not None and level < 1:
            self.add_error("level", gettext("Levels count from 1, the top division."))
        elif level is not None and others.filter(level=level).exists():
            self.add_error(
                "level", gettext("Another division is at level %(level)d.") % {"level": level}
            )
        return data

    def validate_unique(self) -> None:
        # clean says it, in the reader's words; the competition is not one of the fields.
        return None


class TeamForm(forms.Form):
    """A team of the club: its name, captain, home venue and players (the captain among them)."""

    name = forms.CharField(label=_("Name"), max_length=60)
    captain = forms.ModelChoiceField(queryset=Member.objects.none(), label=_("Captain"))
    venue = forms.CharField(label=_("Home venue"), max_length=120, required=False)
    home_nights = forms.TypedMultipleChoiceField(
        label=_("Nights the venue hosts"),
        choices=list(WEEKDAYS.items()),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("None ticked: any night. The draw puts home fixtures on these nights."),
    )
    members = forms.ModelMultipleChoiceField(
        queryset=Member.objects.none(),
        label=_("Players"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )

    def __init__(self, *args: Any, club: Club, team: Team | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.team = team
        players: QuerySet[Member] = members_of(club).filter(is_active=True).order_by("known_as")
        if team is not None:
            # A player who has since left the club stays listed while on the roster.
            players = (players | team.members.all()).distinct().order_by("known_as")
        for field in ("captain", "members"):
            self.fields[field].queryset = players  # type: ignore[attr-defined]

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        # Across clubs: teams of several clubs meet in one table, so a name is the server's.
        taken = Team.objects.across_clubs().filter(name__iexact=name)
        if self.team is not None:
            taken = taken.exclude(pk=self.team.pk)
        if not name:
            raise forms.ValidationError(gettext("Give the team a name."))
        if taken.exists():
            raise forms.ValidationError(
                gettext("A team is called %(name)s already.") % {"name": name}
            )
        return name

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "members" in data and not data["members"]:
            self.add_error("members", gettext("Choose the team's players: tick at least one."))
        return data


class EnterTeamForm(forms.Form):
    """One of the club's teams not yet in the competition, entered in a division."""

    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=_("Team"))

    def __init__(self, *args: Any, club: Club, competition: Competition, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = Team.objects.filter(  # type: ignore[attr-defined]
            club=club
        ).exclude(entries__division__competition=competition)


class RequestEntryForm(forms.Form):
    """Another club's secretary enters one of their club's teams in a division of `competition`."""

    division = forms.ModelChoiceField(queryset=Division.objects.none(), label=_("Division"))
    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=_("Team"))

    def __init__(self, *args: Any, club: Club, competition: Competition, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["division"].queryset = competition.divisions.order_by(  # type: ignore[attr-defined]
            "level"
        )
        self.fields["team"].queryset = Team.objects.filter(  # type: ignore[attr-defined]
            club=club
        ).exclude(entries__division__competition=competition)


class DrawForm(forms.Form):
    """When the season's rounds are played: the first round's day, the hour, the days between."""

    first_round_on = ClubDayField(label=_("First round on"))
    starts_at = forms.TimeField(
        label=_("Starts at"), widget=forms.TimeInput(attrs={"type": "time"})
    )
    days_between_rounds = forms.IntegerField(
        label=_("Days between rounds"),
        initial=7,
        min_value=1,
        max_value=MAX_DAYS_BETWEEN_ROUNDS,
    )


class LeagueDrawForm(DrawForm):
    """A league's draw: the rounds' days and the days without fixtures (the competition's,
    kept with the draw: a later move onto one is warned about)."""

    blackout_dates = forms.CharField(
        label=_("Days without fixtures"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_(
            "Dates such as 2026-12-24, separated by commas or lines: no round is played on them."
        ),
    )

    def clean_blackout_dates(self) -> list[datetime.date]:
        days = []
        field = forms.DateField()
        for text in re.split(r"[\s,;]+", self.cleaned_data["blackout_dates"] or ""):
            if not text:
                continue
            try:
                days.append(field.clean(text))
            except forms.ValidationError as error:
                raise forms.ValidationError(
                    gettext("%(text)s is not a date: write it as 2026-12-24.") % {"text": text}
                ) from error
        return sorted(set(days))


class CupDrawForm(DrawForm):
    """A cup's draw: the rounds' days as a league's, how many of the entered teams are seeded
    (the first ones in entry order), and the draw's number, so the preview is what is drawn."""

    seeded = forms.IntegerField(
        label=_("Seeded teams"),
        initial=0,
        min_value=0,
        help_text=_("The first teams in the order entered; they get the byes first."),
    )
    seed = forms.IntegerField(
        label=_("Draw number"),
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text=_("Leave empty for a new draw; the same number draws the same bracket."),
    )
