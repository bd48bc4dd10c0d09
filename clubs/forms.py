"""The first-run page's form: the server's first club and its secretary; and how a form shows
open_club's refusals (the federation's "new club" form shows them the same way)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# What a refusal of clubs.services.open_club names, and the form field it belongs to.
OPEN_CLUB_FIELDS = {
    "token": "token",
    "slug": "slug",
    "name": "name",
    "username": "secretary",
    "email": "email",
    "password": "password",
}


def show_open_club_refusal(form: forms.Form, refused: ValidationError) -> None:
    """Each refusal at its field; one naming none (a password the validators refuse, a missing
    one) at the password."""
    if hasattr(refused, "error_dict"):
        for name, errors in refused.error_dict.items():
            field = OPEN_CLUB_FIELDS.get(name)
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error("password", refused.messages)


class FirstRunForm(forms.Form):
    token = forms.CharField(
        label=_("One-time token"),
        max_length=100,
        help_text=_("Printed by manage.py first_run_token (and by make serve) on the server."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )
    name = forms.CharField(label=_("Club name"), max_length=100)
    slug = forms.CharField(
        label=_("Address"),
        max_length=40,
        help_text=_("Small letters, digits and hyphens (e.g. north): the club's short name."),
    )
    secretary = forms.CharField(label=_("Secretary's user name"), max_length=150)
    email = forms.EmailField(label=_("Secretary's e-mail address"))
    password = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password_again = forms.CharField(
        label=_("The password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("password") and data.get("password") != data.get("password_again"):
            self.add_error("password_again", _("The two passwords differ."))
        return data
