"""The engine's box names in the reader's language. The engine (scoring.rules) stays free of
Django and names its boxes in English; the pages word them here, as clubs say them at the table.

Printed sheets keep the engine's names: the verify page redraws a sheet to compare it pixel by
pixel, so a sheet is drawn in one language whoever prints or checks it.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from scoring.rules.boxes import category_of, is_jackpot_box

CATEGORY_NAMES = {
    "fours": gettext_lazy("Fours"),
    "fives": gettext_lazy("Fives"),
    "sixes": gettext_lazy("Sixes"),
    "straight": gettext_lazy("Straight"),
    "full_house": gettext_lazy("Full house"),
    "choice": gettext_lazy("Choice"),
    "balut": gettext_lazy("Balut"),
}


def box_name(box: str) -> str:
    """ "fours" -> "Vierer"; a jackpot box "fours_jackpot" -> "Vierer-Jackpot"."""
    category = category_of(box)
    name = str(CATEGORY_NAMES.get(category, category))
    if is_jackpot_box(box):
        return gettext("%(box)s jackpot") % {"box": name}
    return name
