"""Games in the admin: to look at, with their players, turns and corrections. A game is
changed only by a correction on its own page, where the rules engine checks the whole game."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from league.admin.base import SecretaryAdmin, SecretaryInline
from scoring.models import Correction, Game, GamePlayer, Turn


class PlayerInline(SecretaryInline):
    model = GamePlayer
    fields = readonly_fields = ("seat", "name", "member", "guess")


class TurnInline(SecretaryInline):
    model = Turn
    fields = readonly_fields = ("number", "player", "box", "score", "record", "recorded_at")


class CorrectionInline(SecretaryInline):
    model = Correction
    fields = readonly_fields = (
        "turn",
        "before",
        "after",
        "reason",
        "corrected_by",
        "corrected_at",
    )


@admin.register(Game)
class GameAdmin(SecretaryAdmin):
    list_display = ["__str__", "status", "friendly", "scorer", "started_at", "finished_at"]
    list_filter = ["ruleset", "status", "friendly", "imported", "started_at"]
    search_fields = ["players__name", "source"]
    list_select_related = ["scorer"]
    date_hierarchy = "started_at"
    fields = readonly_fields = (
        "game_page",
        "ruleset",
        "options",
        "house_rules",
        "friendly",
        "status",
        "scorer",
        "started_at",
        "finished_at",
        "imported",
        "source",
        "created_by",
        "voided_at",
        "voided_by",
        "void_reason",
    )
    inlines = [PlayerInline, TurnInline, CorrectionInline]

    @admin.display(description="Correct it")
    def game_page(self, game: Game) -> SafeString:
        url = reverse("scoring:game", args=[game.pk])
        return format_html(
            '<a href="{}">On the game page</a>: each turn there has its Correct button.', url
        )

    def get_search_results(self, request: Any, queryset: Any, search_term: str) -> Any:
        # Searching across players joins them: without distinct a game would show once per hit.
        results, _ = super().get_search_results(request, queryset, search_term)
        return results.distinct(), False
