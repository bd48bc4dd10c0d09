"""How the verify page words its verdict on a club night's upload (scoring.sheet_checks.check):
how many sheets were verified, and why the others were not, counted in a line."""

from __future__ import annotations

from django.utils.translation import ngettext

from scoring.sheet_checks.check import SheetCheck


def night_headline(check: SheetCheck) -> str:
    """ "2 of 11 sheets verified; 9 not signed": the sheets verified, then those whose game is
    not signed by every player (they carry no code to check), then the rest refused."""
    sheets = len(check.sheets)
    verified = check.verified_sheets
    unsigned = sum(
        1 for sheet in check.sheets if sheet.game is not None and not sheet.game.is_signed
    )
    refused = sheets - verified - unsigned
    parts = [
        ngettext(
            "%(verified)d of %(sheets)d sheet verified",
            "%(verified)d of %(sheets)d sheets verified",
            sheets,
        )
        % {"verified": verified, "sheets": sheets}
    ]
    if unsigned:
        parts.append(
            ngettext("%(count)d not signed", "%(count)d not signed", unsigned) % {"count": unsigned}
        )
    if refused:
        parts.append(
            ngettext("%(count)d does not match", "%(count)d do not match", refused)
            % {"count": refused}
        )
    return "; ".join(parts)
