"""What the federation administrator's two forms send, checked and converted."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _


class FederationForm(forms.Form):
    """The federation's name and its public switch (on the same page as NewClubForm, so each
    form's ids carry its own prefix)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "federation_%s")
        super().__init__(*args, **kwargs)

    name = forms.CharField(label=_("The federation's name"), max_length=100, required=False)
    public = forms.BooleanField(label=_("Visitors may read the federation's pages"), required=False)


class NewClubForm(forms.Form):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "new_club_%s")
        super().__init__(*args, **kwargs)

    slug = forms.CharField(
        label=_("Address"),
        max_length=40,
        help_text=_("Its pages will be at /c/north/ for the address north."),
    )
    name = forms.CharField(label=_("Club name"), max_length=100)
    secretary = forms.CharField(
        label=_("First secretary's user name"),
        max_length=150,
        help_text=_("An existing user becomes its secretary; a new one is made."),
    )
    email = forms.EmailField(label=_("The secretary's e-mail address"), required=False)
    password = forms.CharField(
        label=_("Password (for a new user)"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(render_value=False),
    )
