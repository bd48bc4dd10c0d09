"""The start-a-game form: the game and its options, up to eight seats, the scorer and their PIN.

The HTML field names (`ruleset`, `player_<i>_member`, `player_<i>_guest`, `player_<i>_guess`,
`scorer`, `pin`, ...) are what the browser tests drive; keep them stable.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from scoring import rules
from scoring.box_names import game_title_lazy
from scoring.forms.seats import (
    SEAT_SEARCH_PLACEHOLDER,
    SeatRow,
    active_members,
    chosen_member_id,
    find_field,
    member_named,
    own_choices,
    seat_fields,
    seatable,
    visitor_pin_field,
)
from scoring.forms.visitors import visitors as visitors_of
from scoring.forms.visitors import with_visitors
from scoring.models import GamePlayer, Member
from scoring.rules.game_setup import SETUP_CHOICES_APPLY_TO
from scoring.rules.options import JACKPOT_BONUS_CHOICES, MAX_GUESS_POINTS, THRESHOLD_CHOICES
from scoring.services.games import Seat

SEAT_COUNT = rules.MAX_PLAYERS
# A typo guard only: two digits is far above the Baluts any game can bring.
MAX_GUESS = 99
GUEST_NAME_LENGTH = GamePlayer._meta.get_field("name").max_length

THRESHOLD_LABELS = {
    "at_least": _("At least (usual)"),
    "more_than": _("More than"),
}
JACKPOT_BONUS_LABELS = {
    "added": _("Added (usual)"),
    "replaces": _("Replaces the points"),
}

# Which games each setting changes, after RULES.md. The page only uses this to hide what does
# not apply; a value sent for another game is still validated, and the engine ignores it.
APPLIES_TO = SETUP_CHOICES_APPLY_TO

SELECT = {"class": "form-select form-select-lg"}
TEXT = {"class": "form-control form-control-lg"}


class GameSetupForm(forms.Form):
    ruleset = forms.ChoiceField(
        label=_("Game"),
        choices=[(info.key, game_title_lazy(info.key)) for info in rules.RULESETS],
        initial=rules.DEFAULT_RULESET.key,
        widget=forms.Select(attrs=SELECT),
    )
    # Not required: a post without options gets the defaults RULES.md names.
    thresholds = forms.ChoiceField(
        label=_("Category targets"),
        help_text=_("Standard and Jackpot only."),
        choices=[(value, THRESHOLD_LABELS.get(value, value)) for value in THRESHOLD_CHOICES],
        initial="at_least",
        required=False,
        widget=forms.Select(attrs=SELECT),
    )
    jackpot_bonus = forms.ChoiceField(
        label=_("Jackpot bonus"),
        help_text=_("Jackpot only."),
        choices=[
            (value, JACKPOT_BONUS_LABELS.get(value, value)) for value in JACKPOT_BONUS_CHOICES
        ],
        initial="added",
        required=False,
        widget=forms.Select(attrs=SELECT),
    )
    guess_points = forms.IntegerField(
        label=_("Guess points"),
        help_text=_("For each exact guess of the Baluts. Standard and Jackpot only."),
        min_value=0,
        max_value=MAX_GUESS_POINTS,
        initial=0,
        required=False,
        widget=forms.NumberInput(attrs={**TEXT, "inputmode": "numeric"}),
    )
    friendly = forms.BooleanField(
        label=_("Friendly game"),
        help_text=_("Declared before play: the last player owes no round."),
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )
    scorer = forms.ModelChoiceField(
        label=_("Scorer"),
        help_text=_("A member at the table keeps the score on this tablet."),
        queryset=Member.objects.none(),
        empty_label=_("Who keeps the score?"),
        error_messages={"invalid_choice": "Choose a member who has a PIN."},
        widget=forms.Select(attrs=SELECT),
    )
    # Asked by the view only when the tablet does not know the scorer already.
    pin = forms.CharField(
        label=_("Scorer's PIN"),
        max_length=6,
        required=False,
        widget=forms.PasswordInput(attrs={**TEXT, "inputmode": "numeric", "autocomplete": "off"}),
    )

    def __init__(
        self,
        *args: Any,
        club: Club | None = None,
        visitors: bool = False,
        found: dict[int, list[tuple[int, str]]] | None = None,
        **kwargs: Any,
    ) -> None:
        """`visitors`: the other clubs' members may sit too, found by name (a search field per
        seat; `found`: each seat's matches to offer). Their names are for the club's own
        signed-in members, not for anyone who picks up the tablet (views.setup decides)."""
        super().__init__(*args, **kwargs)
        self.club = club
        members = active_members(club)
        scorer = self.fields["scorer"]
        assert isinstance(scorer, forms.ModelChoiceField)
        # The scorer is one of the club's own: the PIN signs them in to this club.
        scorer.queryset = members.exclude(pin_hash="")
        may_sit = seatable(club, visitors=visitors)
        choices = own_choices(club)
        chosen = self._visitors_chosen(club, choices) if visitors and club is not None else {}
        for seat in range(SEAT_COUNT):
            member, guest, guess = seat_fields(seat)
            number = seat + 1
            field = forms.ModelChoiceField(
                label=format_lazy(_("Seat {number}: member"), number=number),
                queryset=may_sit,
                required=False,
                empty_label="—",
                error_messages={"invalid_choice": _("Choose a member from the list.")},
                widget=forms.Select(attrs=SELECT),
            )
            # Drawn from the list read once (the queryset only checks what is sent), with the
            # visitor chosen for the seat and those found for it.
            offered = [*chosen.get(seat, []), *(found or {}).get(seat, [])]
            field.choices = with_visitors(choices, list(dict.fromkeys(offered)))
            self.fields[member] = field
            if visitors:
                self.fields[find_field(seat)] = forms.CharField(
                    label=format_lazy(
                        _("Seat {number}: find a member of another club"), number=number
                    ),
                    max_length=GUEST_NAME_LENGTH,
                    required=False,
                    widget=forms.TextInput(
                        attrs={
                            **TEXT,
                            "type": "search",
                            "placeholder": SEAT_SEARCH_PLACEHOLDER,
                            "autocomplete": "off",
                        }
                    ),
                )
                # Another club's member sits only with their own PIN typed here: no one seats
                # them (and moves their rating) without them.
                self.fields[visitor_pin_field(seat)] = forms.CharField(
                    label=format_lazy(
                        _("Seat {number}: PIN of a member of another club"), number=number
                    ),
                    max_length=6,
                    required=False,
                    widget=forms.PasswordInput(
                        attrs={
                            **TEXT,
                            "inputmode": "numeric",
                            "autocomplete": "off",
                            "placeholder": _("Their PIN"),
                        }
                    ),
                )
            self.fields[guest] = forms.CharField(
                label=format_lazy(_("Seat {number}: guest's name"), number=number),
                max_length=GUEST_NAME_LENGTH,
                required=False,
                widget=forms.TextInput(
                    attrs={**TEXT, "placeholder": _("Guest's name"), "autocomplete": "off"}
                ),
            )
            self.fields[guess] = forms.IntegerField(
                label=format_lazy(_("Seat {number}: Baluts guessed"), number=number),
                min_value=0,
                max_value=MAX_GUESS,
                required=False,
                widget=forms.NumberInput(attrs={**TEXT, "inputmode": "numeric"}),
            )

    def _visitors_chosen(self, club: Club, own: list[Any]) -> dict[int, list[tuple[int, str]]]:
        """Each seat's visitor as the data (or the initial values) names them: kept in the
        seat's list when the page is drawn again. One query, only if a seat has one."""
        source = self.data if self.is_bound else self.initial
        own_pks = {pk for pk, _label in own}
        by_seat = {
            seat: pk
            for seat in range(SEAT_COUNT)
            if (pk := chosen_member_id(source.get(seat_fields(seat)[0], ""))) is not None
            and pk not in own_pks
        }
        if not by_seat:
            return {}
        labels = dict(visitors_of(club, pks=by_seat.values(), limit=SEAT_COUNT))
        return {seat: [(pk, labels[pk])] for seat, pk in by_seat.items() if pk in labels}

    def add_error(self, field: str | None, error: ValidationError | str | Any) -> None:
        super().add_error(field, error)
        # Bootstrap styles a refused input by class, and the page renders the widgets itself.
        for name in self.errors:
            if name in self.fields:
                widget = self.fields[name].widget
                classes = widget.attrs.get("class", "").split()
                if "is-invalid" not in classes:
                    widget.attrs["class"] = " ".join([*classes, "is-invalid"])

    def clean_thresholds(self) -> str:
        return self.cleaned_data["thresholds"] or "at_least"

    def clean_jackpot_bonus(self) -> str:
        return self.cleaned_data["jackpot_bonus"] or "added"

    def clean_guess_points(self) -> int:
        value = self.cleaned_data["guess_points"]
        return 0 if value is None else int(value)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        seats = self._clean_seats(cleaned)
        cleaned["seats"] = seats
        scorer = cleaned.get("scorer")
        seated = {seat.member.pk for seat in seats if seat.member is not None}
        if scorer is not None and scorer.pk not in seated:
            self.add_error(
                "scorer",
                "The scorer must be one of the players: choose a member who sits at the table.",
            )
        return cleaned

    def _clean_seats(self, cleaned: dict[str, Any]) -> list[Seat]:
        seats: list[Seat] = []
        filled = 0
        member_seat: dict[int, int] = {}
        guest_seat: dict[str, tuple[int, str]] = {}
        for index in range(SEAT_COUNT):
            member_field, guest_field, guess_field = seat_fields(index)
            if any(name in self.errors for name in (member_field, guest_field, guess_field)):
                # Someone meant to sit here: do not add "too few players" to the seat's own error.
                filled += 1
                continue
            member: Member | None = cleaned.get(member_field)
            guest: str = cleaned.get(guest_field) or ""
            guess: int | None = cleaned.get(guess_field)
            if member is None and not guest:
                if guess is not None:
                    self.add_error(guess_field, _("No one sits in this seat to guess."))
                continue
            filled += 1
            number = index + 1
            if member is not None and guest:
                self.add_error(guest_field, _("Choose a member or type a guest's name, not both."))
            elif member is not None:
                if member.pk in member_seat:
                    self.add_error(
                        member_field,
                        _("%(name)s already sits in seat %(seat)d.")
                        % {"name": member.known_as, "seat": member_seat[member.pk]},
                    )
                else:
                    member_seat[member.pk] = number
                    seats.append(Seat(member=member, guess=guess))
            else:
                key = guest.casefold()
                namesake = member_named(self.club, guest)
                if namesake is not None:
                    self.add_error(
                        guest_field,
                        _(
                            "%(name)s is a member's name: choose them from the member list, or "
                            "give the guest another name."
                        )
                        % {"name": namesake.known_as},
                    )
                elif key in guest_seat:
                    first_seat, first_name = guest_seat[key]
                    self.add_error(
                        guest_field,
                        _(
                            "Seat %(seat)d already has a guest called %(name)s: give each guest "
                            "a different name."
                        )
                        % {"seat": first_seat, "name": first_name},
                    )
                else:
                    guest_seat[key] = (number, guest)
                    seats.append(Seat(guest_name=guest, guess=guess))
        if filled < rules.MIN_PLAYERS:
            self.add_error(
                None,
                _("A game needs %(least)d to %(most)d players: fill at least %(least)d seats.")
                % {"least": rules.MIN_PLAYERS, "most": rules.MAX_PLAYERS},
            )
        return seats

    def seats(self) -> list[Seat]:
        """The filled seats in seating order; empty seats are left out."""
        return list(self.cleaned_data["seats"])

    def visitor_seats(self) -> list[tuple[int, Member]]:
        """The seats (0-based) given to members of other clubs, with who sits there."""
        own = set(active_members(self.club).values_list("pk", flat=True))
        return [
            (index, member)
            for index in range(SEAT_COUNT)
            if (member := self.cleaned_data.get(seat_fields(index)[0])) is not None
            and member.pk not in own
        ]

    def options(self) -> dict[str, object]:
        return {
            "thresholds": self.cleaned_data["thresholds"],
            "jackpot_bonus": self.cleaned_data["jackpot_bonus"],
            "guess_points": self.cleaned_data["guess_points"],
        }

    def seat_rows(self) -> list[SeatRow]:
        """Each seat's number and its member, guest and guess fields, for the template."""
        rows = []
        for index in range(SEAT_COUNT):
            member, guest, guess = seat_fields(index)
            find = self[find_field(index)] if find_field(index) in self.fields else None
            pin_name = visitor_pin_field(index)
            pin = self[pin_name] if pin_name in self.fields else None
            rows.append(SeatRow(index + 1, self[member], self[guest], self[guess], find, pin))
        return rows

    @property
    def applies_to(self) -> dict[str, str]:
        """The games each setting changes, as the page's `data-rulesets` attributes."""
        return {name: " ".join(rulesets) for name, rulesets in APPLIES_TO.items()}
