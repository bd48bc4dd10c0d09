from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class TokenForm(forms.Form):
    name = forms.CharField(
        label=_("Who the token is for"),
        max_length=60,
        help_text=_("For example: our website, the federation."),
    )
