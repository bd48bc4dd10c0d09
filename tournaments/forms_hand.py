"""The form of a voided table's result entered by hand: each player's score and, where the game
has them, game points, and where the result comes from."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Entrant


class HandResultForm(forms.Form):
    reason = forms.CharField(
        label=_("Where the result comes from"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={"required": _("Say where the result comes from.")},
    )

    def __init__(self, *args: Any, players: list[Entrant], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = players
        for player in players:
            self.fields[f"score_{player.pk}"] = forms.IntegerField(
                label=_("%(name)s: score") % {"name": player.name},
                min_value=-10000,
                max_value=10000,
                error_messages={"required": _("Enter every player's score.")},
            )
            self.fields[f"points_{player.pk}"] = forms.IntegerField(
                label=_("%(name)s: game points") % {"name": player.name},
                required=False,
                min_value=-1000,
                max_value=1000,
            )

    def scores(self) -> dict[int, int]:
        return {p.pk: self.cleaned_data[f"score_{p.pk}"] for p in self.players}

    def points(self) -> dict[int, int | None]:
        return {p.pk: self.cleaned_data.get(f"points_{p.pk}") for p in self.players}
