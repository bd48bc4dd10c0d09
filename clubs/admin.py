"""The server administrator's view of the clubs and who belongs to which (make new clubs with
`manage.py create_club`, which gives a club its first secretary in the same go)."""

from __future__ import annotations

from django.contrib import admin

from clubs.models import Club, Membership


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "created_at"]
    search_fields = ["name", "slug"]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role", "joined_at"]
    list_filter = ["club", "role"]
    search_fields = ["user__username", "club__name"]
