"""What a printed sheet says besides the score table: its header and the corrections at its foot.

Plain text only, ready to print: the Django side (scoring.pdf.sources) fills these in from the
database, and the renderer never looks anything up itself.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring import rules
from scoring.box_names import box_name
from scoring.pdf.layouts import Layout
from scoring.pdf.layouts import current as current_layout

# Whole phrases, so that no lone option value ("added") becomes a word of the catalogs.
THRESHOLD_TEXT = {
    "at_least": gettext_noop("thresholds: at least"),
    "more_than": gettext_noop("thresholds: more than"),
}
JACKPOT_BONUS_TEXT = {
    "added": gettext_noop("jackpot bonus: added"),
    "replaces": gettext_noop("jackpot bonus: replaces"),
}
# The options that change each game, in print order; the engine says which apply where.
RULESET_OPTIONS = {info.key: info.option_names for info in rules.RULESETS}
# How the footer and the heading name a game; the PDF check reads the footer back.
GAME_NUMBER = gettext_noop("game #%(game)d")


# Blank sheets and unsigned games print in the current layout.
CURRENT_LAYOUT = current_layout()


@dataclass(frozen=True)
class CorrectionLine:
    """One correction as printed: `turn` counts from 1, as players do."""

    when: str
    turn: int
    player: str
    before: str
    after: str
    why: str
    by: str


@dataclass(frozen=True)
class SignatureLine:
    """An active signature as printed: the drawing (PNG bytes), the name a player typed, or
    neither for a PIN."""

    player: str
    when: str
    drawing_png: bytes | None
    typed_name: str = ""


@dataclass(frozen=True)
class Verification:
    """What a fully signed sheet prints for the verify page: the code, its link, the figures."""

    code_line: str
    game_line: str
    url: str
    figure_lines: tuple[str, ...]


@dataclass(frozen=True)
class SheetInfo:
    club: str
    ruleset: str
    title: str
    game_number: int | None
    started: str
    options: str
    scorer: str
    friendly: bool
    guesses: str
    status: str
    corrections: tuple[CorrectionLine, ...] = ()
    blank: bool = False
    # A blank sheet with its players' names printed (a tournament's table).
    named: bool = False
    signatures: tuple[SignatureLine, ...] = ()
    verification: Verification | None = None
    language: str = "en"
    """The language the sheet is printed in: its words, and how the verify page redraws it."""
    void: bool = False
    """The game was voided: every page of it is marked VOID across its middle."""
    layout: Layout = CURRENT_LAYOUT
    """The released layout the sheet is drawn in (scoring.pdf.layouts): a signed game's own."""

    @property
    def has_options(self) -> bool:
        return bool(RULESET_OPTIONS.get(self.ruleset))

    @property
    def heading(self) -> str:
        if self.game_number is None:
            return self.title
        return f"{self.title} \u00b7 {_(GAME_NUMBER) % {'game': self.game_number}}"

    @property
    def footer_label(self) -> str:
        """How a page names its sheet in the footer, e.g. "Standard Balut, game #12"."""
        if self.game_number is None:
            return _("%(title)s, blank sheet") % {"title": self.title}
        return f"{self.title}, {_(GAME_NUMBER) % {'game': self.game_number}}"


def options_text(ruleset: str, options: rules.Options) -> str:
    """The options that apply to the game, in words: "thresholds at least 52, 65, ..."."""
    parts = []
    for name in RULESET_OPTIONS.get(ruleset, ()):
        if name == "thresholds":
            parts.append(_(THRESHOLD_TEXT[options.thresholds]))
        elif name == "jackpot_bonus":
            parts.append(_(JACKPOT_BONUS_TEXT[options.jackpot_bonus]))
        elif name == "guess_points":
            parts.append(_("guess points: %(points)s") % {"points": options.guess_points})
    return "; ".join(parts) or _("none")


def guesses_text(setup: rules.GameSetup) -> str:
    if not setup.five_dice:
        return ""
    guesses = [
        f"{name} {setup.guesses[seat]}"
        for seat, name in enumerate(setup.players)
        if seat in setup.guesses
    ]
    return ", ".join(guesses) or _("none")


def dice_text(value: object) -> str:
    if isinstance(value, Sequence) and not isinstance(value, str):
        return "-".join(str(face) for face in value)
    return str(value)


def describe_turn(record: object) -> str:
    """A turn record (docs/game-record.md) in a few words.

    For example "Fives 5-5-5-5-2" or "throws 1-5 keep 1".
    """
    if not isinstance(record, Mapping):
        return json.dumps(record, ensure_ascii=False)
    if "box" in record:
        text = box_name(str(record["box"]))
        if "dice" in record:
            text += f" {dice_text(record['dice'])}"
        if "score" in record:
            text += " " + _("(score %(score)s)") % {"score": record["score"]}
        if record.get("strike"):
            text += " " + _("struck")
        return text
    throws = record.get("throws")
    if isinstance(throws, Sequence) and not isinstance(throws, str):
        parts = []
        for throw in throws:
            if not isinstance(throw, Mapping):
                parts.append(str(throw))
                continue
            part = dice_text(throw.get("dice", ""))
            keep = throw.get("keep")
            parts.append(
                _("%(dice)s keep %(kept)s") % {"dice": part, "kept": dice_text(keep)}
                if keep
                else part
            )
        return _("throws %(throws)s") % {"throws": "; ".join(parts)}
    return json.dumps(record, ensure_ascii=False, sort_keys=True)
