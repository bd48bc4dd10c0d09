"""The members: each with the games they have played and the rounds they owe; the secretary
adds and changes them here (the admin is for power use)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django_tables2 import RequestConfig

from clubs.requests import club_of
from league import selectors
from league.secretary_forms import MemberForm, member_initial
from league.services.members import add_member, set_member_pin, update_member
from league.tables import PER_PAGE, MembersTable
from league.views.access import secretary_required, user_of
from scoring.access.privacy import visible_to_visitors
from scoring.access.roles import is_secretary
from scoring.demo import demo_sign_ins
from scoring.models import PublicArea
from scoring.selectors import members_of


@require_GET
@visible_to_visitors(PublicArea.MEMBERS)
def members(request: HttpRequest) -> HttpResponse:
    secretary = is_secretary(request.user, club_of(request).pk)
    # The secretary sees former members too, to bring one back.
    listed = selectors.members_overview(club_of(request))
    table = MembersTable(listed if secretary else listed.filter(is_active=True))
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    # The demo's sign-ins, for the secretary of a club the demo was loaded into.
    demo = demo_sign_ins(club_of(request)) if secretary else None
    context = {"table": table, "secretary": secretary, "demo": demo}
    return render(request, "league/members.html", context)


@require_http_methods(["GET", "POST"])
@secretary_required
def member_form(request: HttpRequest, member_id: int | None = None) -> HttpResponse:
    """A new member (no `member_id`), or one member's details, active flag and PIN."""
    member = (
        None if member_id is None else get_object_or_404(members_of(club_of(request)), pk=member_id)
    )
    initial = member_initial(member) if member is not None else None
    form = MemberForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data, by = form.cleaned_data, user_of(request)
        try:
            if member is None:
                saved = add_member(
                    in_club=club_of(request),
                    by=by,
                    name=data["name"],
                    known_as=data["known_as"],
                    email=data["email"],
                    pin=data["pin"],
                )
            else:
                saved = update_member(
                    in_club=club_of(request),
                    member=member,
                    by=by,
                    name=data["name"],
                    known_as=data["known_as"],
                    email=data["email"],
                    is_active=data["is_active"],
                )
                if data["pin"]:
                    set_member_pin(in_club=club_of(request), member=saved, by=by, pin=data["pin"])
        except ValidationError as refused:
            _add_errors(form, refused)
        else:
            messages.success(request, _("%(name)s is saved.") % {"name": saved.known_as})
            return redirect("league:members")
    status = 422 if request.method == "POST" else 200
    return render(
        request, "league/member_form.html", {"form": form, "member": member}, status=status
    )


def _add_errors(form: MemberForm, refused: ValidationError) -> None:
    """The model's errors on the form's fields where they have one (the unique "goes by")."""
    if hasattr(refused, "error_dict"):
        for field, errors in refused.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, refused)
