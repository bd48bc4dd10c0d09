"""The server's own pages: its list of clubs, where "/" leads when it hosts several, and the
first-run page, where "/" leads while it hosts none."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from clubs.forms import FirstRunForm, show_open_club_refusal
from clubs.selectors import all_clubs, federation, is_federation_admin
from clubs.services import open_first_club

PASSWORD_BACKEND = "django.contrib.auth.backends.ModelBackend"


@require_GET
def directory(request: HttpRequest) -> HttpResponse:
    clubs = all_clubs()
    if not clubs:
        return redirect("club_first_run")
    # The federation's pages are offered to whoever may read them (clubs.links finds them).
    federation_open = is_federation_admin(request.user) or federation().public
    return render(
        request, "clubs/directory.html", {"clubs": clubs, "federation_open": federation_open}
    )


@require_http_methods(["GET", "POST"])
def first_run(request: HttpRequest) -> HttpResponse:
    """The server's first club and its secretary, opened by the one-time token only (see
    clubs.services.open_first_club); once a club exists the page is gone."""
    if all_clubs():
        return redirect("club_directory")
    form = FirstRunForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            club, user = open_first_club(
                token=data["token"].strip(),
                slug=data["slug"],
                name=data["name"],
                secretary=data["secretary"],
                email=data["email"],
                password=data["password"],
            )
        except ValidationError as refused:
            show_open_club_refusal(form, refused)
        else:
            # Whoever typed the password twice just now is signed in as the new secretary.
            login(request, user, backend=PASSWORD_BACKEND)
            messages.success(
                request,
                gettext("%(club)s is open and you are its secretary.") % {"club": club.name},
            )
            return redirect("/")
    status = 422 if request.method == "POST" else 200
    return render(request, "clubs/first_run.html", {"form": form}, status=status)
