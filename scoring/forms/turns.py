"""Forms turn what the tablet posts into the turn records the rules engine reads."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from scoring.models import Member
from scoring.selectors import members_of

MAX_THROW_LOG_LENGTH = 10_000


class TurnSubmission(forms.Form):
    """What every turn carries: the turn it is meant to be, and the tablet's retry key."""

    expected_number = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    request_key = forms.UUIDField(widget=forms.HiddenInput)
    player = forms.CharField(max_length=40, widget=forms.HiddenInput)


class FiveDiceTurnForm(TurnSubmission):
    box = forms.CharField(max_length=30)
    dice = forms.CharField(max_length=20, help_text=_("The five final dice, e.g. 44412."))
    strike = forms.BooleanField(required=False)
    throws = forms.CharField(required=False, max_length=MAX_THROW_LOG_LENGTH)

    def clean_dice(self) -> list[int]:
        text = self.cleaned_data["dice"].replace(",", "").replace(" ", "")
        if len(text) != 5 or any(face not in "123456" for face in text):
            raise forms.ValidationError(
                _("Tap all five dice (faces 1 to 6) before choosing a box.")
            )
        return [int(face) for face in text]

    def clean_throws(self) -> list[Any] | None:
        text = self.cleaned_data["throws"].strip()
        if not text:
            return None
        return _json_list(text, "The throw log could not be read; clear it and log again.")

    def turn_record(self) -> dict[str, object]:
        record: dict[str, object] = {
            "player": self.cleaned_data["player"],
            "box": self.cleaned_data["box"],
            "dice": self.cleaned_data["dice"],
        }
        if self.cleaned_data["strike"]:
            record["strike"] = True
        if self.cleaned_data["throws"]:
            record["throws"] = self.cleaned_data["throws"]
        return record


class BarbutTurnForm(TurnSubmission):
    throws = forms.CharField(max_length=MAX_THROW_LOG_LENGTH)

    def clean_throws(self) -> list[Any]:
        message = "The turn's throws could not be read; start the turn again."
        throws = _json_list(self.cleaned_data["throws"], message)
        if not throws:
            raise forms.ValidationError(_("Enter at least one throw."))
        return throws

    def turn_record(self) -> dict[str, object]:
        return {"player": self.cleaned_data["player"], "throws": self.cleaned_data["throws"]}


def _json_list(text: str, message: str) -> list[Any]:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise forms.ValidationError(message) from error
    if not isinstance(value, list):
        raise forms.ValidationError(message)
    return value


class PinSignInForm(forms.Form):
    member = forms.ModelChoiceField(
        label=_("Member"),
        queryset=Member.objects.none(),
        empty_label=_("Who are you?"),
    )
    pin = forms.CharField(
        label="PIN",
        max_length=6,
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )

    def __init__(self, *args: Any, club: Club | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The members of the page's club sign in here; another club's member signs in there.
        member = self.fields["member"]
        assert isinstance(member, forms.ModelChoiceField)
        if club is not None:
            member.queryset = members_of(club).filter(is_active=True).exclude(pin_hash="")
