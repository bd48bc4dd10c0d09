"""Forms of the secretary's pages: taking a decision back, members, the audit log's filters.

They validate and convert; the services (league.services.undo, members, voids) decide and write.
"""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from league.audit_words import People
from league.forms import ENTRY_LABELS, MAX_NOTE_LENGTH, FilterForm, club_members_only
from league.models import AuditAction, AuditEntry, RegisterEntry
from league.selectors import local_midnight
from scoring.forms.days import ClubDayField
from scoring.models import Member


class ConfirmForm(forms.Form):
    """Every undo, void and attestation: why, and a tick that the secretary means it (the
    confirmation before the change, kept in the form so it works without JavaScript)."""

    reason = forms.CharField(
        label=_("Why"),
        max_length=MAX_NOTE_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={"required": _("Say why.")},
    )
    confirm = forms.BooleanField(
        label=_("I am sure"),
        error_messages={"required": _("Tick “I am sure” to go ahead.")},
    )


class HistoricEditForm(forms.ModelForm):
    """A historic entry's figures put right; its scan stays (a new one is a new entry)."""

    reason = forms.CharField(
        label=_("Why"),
        max_length=MAX_NOTE_LENGTH,
        error_messages={"required": _("Say why the entry is edited.")},
    )

    class Meta:
        model = RegisterEntry
        fields = ["date", "player_name", "member", "score", "kind", "ruleset", "note"]
        labels = ENTRY_LABELS
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "note": forms.Textarea(attrs={"rows": 2}),
        }

    def __init__(self, *args: Any, club: Club | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        club_members_only(self, club)

    def _post_clean(self) -> None:
        # The service checks and saves the entry; the form only converts what was typed.
        pass


class MemberForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    known_as = forms.CharField(
        label=_("Goes by"),
        max_length=40,
        help_text=_("The name on the tablet and the sheets; no two members share one."),
    )
    email = forms.EmailField(label=_("Email"), required=False)
    pin = forms.RegexField(
        label=_("New PIN"),
        regex=r"^\d{4,6}$",
        required=False,
        help_text=_("4 to 6 digits. Left empty, the PIN stays as it is."),
        error_messages={"invalid": _("A PIN is 4 to 6 digits.")},
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    is_active = forms.BooleanField(
        label=_("Active member"),
        required=False,
        initial=True,
        help_text=_("A former member cannot sign in; their games and books stay."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.initial:
            # Adding a member (no details to start from): there is no PIN to keep yet.
            self.fields["pin"].label = _("PIN")
            self.fields["pin"].help_text = _(
                "4 to 6 digits. Left empty, the new member has no PIN yet: set one later here."
            )


class AuditFilterForm(FilterForm):
    action = forms.ChoiceField(
        label=_("What"), choices=[("", _("Anything")), *AuditAction.choices], required=False
    )
    by = forms.TypedChoiceField(
        label=_("Who"), coerce=int, required=False, empty_value=None, choices=()
    )
    since = ClubDayField(label=_("From"), required=False)
    until = ClubDayField(label=_("To"), required=False)

    def __init__(self, *args: Any, people: People, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["by"]
        assert isinstance(field, forms.TypedChoiceField)
        # Who can appear in the log, by the name the club knows them by (not their login).
        named = sorted(people.users.items(), key=lambda item: (item[1].casefold(), item[0]))
        field.choices = [("", _("Anyone")), *((str(pk), name) for pk, name in named)]

    def apply(self, entries: QuerySet[AuditEntry]) -> QuerySet[AuditEntry]:
        self.is_valid()
        data = self.cleaned_data
        if data.get("action"):
            entries = entries.filter(action=data["action"])
        if data.get("by") is not None:
            entries = entries.filter(by=data["by"])
        if data.get("since") is not None:
            entries = entries.filter(at__gte=local_midnight(data["since"]))
        if data.get("until") is not None:
            entries = entries.filter(
                at__lt=local_midnight(data["until"] + datetime.timedelta(days=1))
            )
        return entries


def member_initial(member: Member) -> dict[str, object]:
    return {
        "name": member.name,
        "known_as": member.known_as,
        "email": member.email,
        "is_active": member.is_active,
    }
