"""The scoring pages whose old addresses outlast a second club (clubs.addresses): a signed
sheet's verify page, which every printed QR code names, and a game's pages and its PDF."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from clubs.addresses import provide_lasting_address
from clubs.models import Club
from scoring.models import Game
from scoring.verification import normalise_code


def code_owner(match: re.Match[str]) -> Club | None:
    code = normalise_code(match["code"])
    if code is None:
        return None
    # A code names one sheet on the whole server (a constraint): which club is the question.
    game = Game.objects.across_clubs().select_related("club").filter(verification_code=code).first()
    return game.club if game is not None else None


def game_owner(match: re.Match[str]) -> Club | None:
    game = Game.objects.across_clubs().select_related("club").filter(pk=int(match["game"])).first()
    return game.club if game is not None else None


def no_such_code(match: re.Match[str]) -> str:
    return _(
        "No signed sheet on this server has the verification code %(code)s. Check the code "
        "as printed under “Verification code” on the sheet."
    ) % {"code": match["code"][:40]}


def no_such_game(match: re.Match[str]) -> str:
    return _("There is no game #%(game)s on this server.") % {"game": match["game"]}


def provide_lasting_addresses() -> None:
    provide_lasting_address(r"^/verify/(?P<code>[^/]{1,40})/$", code_owner, no_such_code)
    provide_lasting_address(r"^/games/(?P<game>\d{1,18})/", game_owner, no_such_game)
