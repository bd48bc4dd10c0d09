"""The secretary's password form on the sign-in page, whichever view drew the page."""

from __future__ import annotations

from typing import Any

from django import template

from scoring.forms.secretary import PasswordSignInForm

register = template.Library()


@register.inclusion_tag("scoring/partials/password_signin.html", takes_context=True)
def password_signin_form(context: template.Context) -> dict[str, Any]:
    """The form as the password sign-in answered it (its errors), else a blank one."""
    return {
        "password_form": context.get("password_form") or PasswordSignInForm(),
        "next": context.get("next", ""),
        "csrf_token": context.get("csrf_token"),
    }
