"""The engine's box names and game titles in the reader's language. The engine (scoring.rules)
stays free of Django and names its boxes and games in English; the pages word them here, as
clubs say them at the table.

Printed sheets word them too, in the sheet's own language (scoring.pdf): the verify page reads
that language from the sheet's footer and redraws it in the same words to compare the pixels.
"""

from __future__ import annotations

from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from scoring.rules import RULESET_TITLES
from scoring.rules.boxes import CATEGORY_LABELS, category_of, is_jackpot_box

# By the engine's English name (its category keys are for the engine alone).
CATEGORY_NAMES = {
    label: gettext_lazy(label)
    for label in (
        gettext_noop("Fours"),
        gettext_noop("Fives"),
        gettext_noop("Sixes"),
        gettext_noop("Straight"),
        gettext_noop("Full house"),
        gettext_noop("Choice"),
        gettext_noop("Balut"),
    )
}


def box_name(box: str) -> str:
    """ "fours" -> "Vierer"; a jackpot box "fours_jackpot" -> "Vierer-Jackpot"."""
    english = CATEGORY_LABELS.get(category_of(box), box)
    name = str(CATEGORY_NAMES.get(english, english))
    if is_jackpot_box(box):
        return gettext("%(box)s jackpot") % {"box": name}
    return name


# The games by the engine's English title (rules.RULESET_TITLES), as the club names them.
GAME_TITLES = {
    title: gettext_lazy(title)
    for title in (
        gettext_noop("Standard Balut"),
        gettext_noop("Jackpot Balut"),
        gettext_noop("Bar Balut (1978)"),
        gettext_noop("4-Dice Barbut"),
    )
}


def game_title(ruleset: str) -> str:
    """ "barbut4" -> "4-Würfel-Barbut"; the engine's title for a game named nowhere here."""
    english = RULESET_TITLES.get(ruleset, ruleset)
    return str(GAME_TITLES.get(english, english))


def game_title_lazy(ruleset: str) -> str:
    """game_title, worded when read (a lazy string): for choices and labels declared once and
    read in many languages."""
    return lazy(game_title, str)(ruleset)
