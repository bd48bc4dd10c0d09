"""Members in the admin: created by create_member, changed and given PINs by the services."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest

from league.admin.base import SecretaryAdmin, refusal, report, secretary
from league.admin.base import sole_club as _sole_club
from league.services.members import set_member_pin, unlock_member_pin, update_member
from scoring.models import Member
from scoring.services.members import create_member, validate_pin

PIN_WIDGET = forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "new-password"})


def _clean_pin(value: str) -> str:
    if value:
        try:
            validate_pin(value)
        except ValidationError as error:
            # validate_pin names the model's field; here the message belongs to this field.
            raise ValidationError(error.messages) from error
    return value


class MemberAddForm(forms.ModelForm):
    pin = forms.CharField(
        label="PIN", required=False, widget=PIN_WIDGET, help_text="4 to 6 digits, for the tablet."
    )
    password = forms.CharField(
        required=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text="Only for a member who also signs in here, to the admin.",
    )

    class Meta:
        model = Member
        fields = ["name", "known_as", "email"]

    def clean_pin(self) -> str:
        return _clean_pin(self.cleaned_data["pin"])


class MemberChangeForm(forms.ModelForm):
    new_pin = forms.CharField(
        label="New PIN",
        required=False,
        widget=PIN_WIDGET,
        help_text="Leave empty to keep the PIN. A new PIN also lifts a lock from wrong PINs.",
    )

    class Meta:
        model = Member
        fields = ["name", "known_as", "email", "is_active"]

    def clean_new_pin(self) -> str:
        return _clean_pin(self.cleaned_data["new_pin"])


@admin.register(Member)
class MemberAdmin(SecretaryAdmin):
    list_display = ["known_as", "name", "email", "is_active", "has_pin"]
    list_filter = ["is_active", "joined_at"]
    search_fields = ["known_as", "name", "email"]
    ordering = ["known_as"]
    actions = ["unlock_pins"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return self.has_view_permission(request)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self.has_view_permission(request)

    def get_form(
        self, request: HttpRequest, obj: Any | None = None, change: bool = False, **kwargs: Any
    ) -> Any:
        kwargs["form"] = MemberAddForm if obj is None else MemberChangeForm
        return super().get_form(request, obj, change, **kwargs)

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return ["name", "known_as", "email", "pin", "password"]
        return ["name", "known_as", "email", "is_active", "new_pin", *self.readonly_fields]

    readonly_fields = ["user", "joined_at"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return self.readonly_fields if obj is not None else []

    @admin.display(boolean=True, description="PIN")
    def has_pin(self, member: Member) -> bool:
        return bool(member.pin_hash)

    def save_model(self, request: HttpRequest, obj: Member, form: Any, change: bool) -> None:
        user, data = secretary(request), form.cleaned_data
        if not change:
            made = create_member(
                in_club=_sole_club(request),
                name=data["name"],
                known_as=data["known_as"],
                email=data["email"],
                pin=data["pin"] or None,
                password=data["password"] or None,
            )
            # The admin goes on with `obj` (its log entry, its redirect): make it the new row.
            obj.pk, obj.user, obj.pin_hash = made.pk, made.user, made.pin_hash
            obj._state.adding = False
            return
        update_member(
            in_club=_sole_club(request),
            member=obj,
            by=user,
            name=data["name"],
            known_as=data["known_as"],
            email=data["email"],
            is_active=data["is_active"],
        )
        if data["new_pin"]:
            set_member_pin(in_club=_sole_club(request), member=obj, by=user, pin=data["new_pin"])

    @admin.action(description="Lift the wrong-PIN sign-in lock of the selected members")
    def unlock_pins(self, request: HttpRequest, queryset: QuerySet[Member]) -> None:
        user, done, refused = secretary(request), 0, []
        for member in queryset:
            try:
                unlock_member_pin(in_club=_sole_club(request), member=member, by=user)
            except (ValidationError, PermissionDenied) as error:
                refused.append(refusal(member.known_as, error))
            else:
                done += 1
        report(self, request, done, refused, "PIN lock(s) lifted")
