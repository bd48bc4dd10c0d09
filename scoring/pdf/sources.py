"""From the database to printable sheets: a played game, a blank sheet, a club night."""

from __future__ import annotations

import base64
from collections.abc import Iterable, Sequence
from datetime import date
from typing import IO

from django.conf import settings
from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring import rules, verification
from scoring.box_names import game_title
from scoring.models import Correction, Game, GamePlayer, Signature, SignatureMethod
from scoring.presentation.sheets import build_sheet
from scoring.selectors import LoadedGame, game_house_rules

from . import document, layouts
from .document import PrintedSheet
from .info import (
    CURRENT_LAYOUT,
    CorrectionLine,
    SheetInfo,
    SignatureLine,
    Verification,
    describe_turn,
    guesses_text,
    options_text,
)
from .layouts import Layout


def sheet_language(language: str | None = None) -> str:
    """The language a sheet is printed in: `language` if the server speaks it, else English
    (settings.LANGUAGE_CODE), never whatever language the request happens to be in."""
    codes = {code for code, _name in settings.LANGUAGES}
    return language if language in codes else settings.LANGUAGE_CODE


def club_name(saved: str = "") -> str:
    """The club a sheet is printed for: the name the secretary saved in the club's settings
    (`saved`), else the CLUB_NAME setting.

    The views read the club's settings once per request and pass the name in: a club night's
    hundred sheets then cost no query each, and scoring.pdf needs nothing of league."""
    return saved.strip() or str(getattr(settings, "CLUB_NAME", "") or "BalutClub")


def _who(user: object) -> str:
    member = getattr(user, "member", None)
    if member is not None:
        return str(member.known_as)
    return str(getattr(user, "username", "") or "?")


def correction_line(
    correction: Correction, loaded: LoadedGame, layout: Layout = CURRENT_LAYOUT
) -> CorrectionLine:
    players = {player.pk: player.name for player in loaded.players}
    turn = correction.turn
    return CorrectionLine(
        when=layout.moment(correction.corrected_at),
        turn=turn.number + 1,
        player=players.get(turn.player_id, ""),
        before=describe_turn(correction.before),
        after=describe_turn(correction.after),
        why=correction.reason,
        by=_who(correction.corrected_by),
    )


def signature_line(
    signature: Signature, loaded: LoadedGame, layout: Layout = CURRENT_LAYOUT
) -> SignatureLine:
    players = {player.pk: player.name for player in loaded.players}
    drawing = None
    if signature.method == SignatureMethod.DRAWING and signature.image:
        drawing = base64.b64decode(signature.image.split(",", 1)[-1])
    return SignatureLine(
        player=players.get(signature.player_id, ""),
        when=layout.moment(signature.signed_at),
        drawing_png=drawing,
        typed_name=signature.typed_name if signature.method == SignatureMethod.TYPED else "",
    )


def sheet_verification(
    loaded: LoadedGame, result: rules.GameResult, site_url: str, *, number: int | None = None
) -> Verification | None:
    """The code block of a fully signed sheet; None until every player has signed. `number`:
    the game's number as an earlier printing gave it (the verify page redraws an old sheet)."""
    code = loaded.game.verification_code
    if not code:
        return None
    return Verification(
        code_line=verification.code_line(code),
        game_line=verification.game_line(number or loaded.game.pk),
        url=verification.verification_url(site_url or "http://localhost", code),
        figure_lines=tuple(verification.figure_lines(result)),
    )


def sheet_info(
    loaded: LoadedGame,
    corrections: Sequence[Correction] = (),
    *,
    signatures: Sequence[Signature] = (),
    verified: Verification | None = None,
    club: str = "",
    number: int | None = None,
    layout: Layout = CURRENT_LAYOUT,
) -> SheetInfo:
    game, setup = loaded.game, loaded.setup
    scorer = layout.no_scorer()
    if game.scorer is not None:
        scorer = game.scorer.known_as
        if game.scorer.name and game.scorer.name != scorer:
            scorer += f" ({game.scorer.name})"
    return SheetInfo(
        club=club_name(club),
        ruleset=setup.ruleset,
        title=layout.title(setup.ruleset),
        game_number=number or game.pk,
        started=layout.started(game.started_at),
        options=options_text(setup.ruleset, setup.options),
        scorer=scorer,
        friendly=setup.friendly,
        guesses=guesses_text(setup),
        status=(
            _("VOID")
            if game.is_void
            else (_("finished") if loaded.state.complete else _("in progress"))
        ),
        corrections=tuple(correction_line(c, loaded, layout) for c in corrections),
        signatures=tuple(
            signature_line(signature, loaded, layout)
            for signature in signatures
            if signature.voided_at is None
        ),
        verification=verified,
        language=translation.get_language() or settings.LANGUAGE_CODE,
        void=game.is_void,
        layout=layout,
    )


def printed_game(
    loaded: LoadedGame,
    corrections: Sequence[Correction] = (),
    *,
    signatures: Sequence[Signature] = (),
    site_url: str = "",
    house_rules: rules.HouseRules | None = None,
    club: str = "",
    language: str | None = None,
    number: int | None = None,
    layout: Layout | None = None,
) -> PrintedSheet:
    """One game's score sheet; a fully signed one carries its verification code and QR code.

    `club`, here and below, is the club's name as the secretary saved it (blank: CLUB_NAME).
    `language`, here and below, is the sheet's (the club's default or the printer's choice;
    English if none): every word of it, its dates and the lines the verify page reads back.
    `house_rules` None: the game's own, those it was played under (as the books keep it).
    `number`: the game's number as the sheet names it, if not its id (a sheet printed before a
    restore gave the game a new one, redrawn to be compared).
    `layout`: the released layout to draw it in; None, the game's own (scoring.pdf.layouts).
    """
    layout = layout or layouts.of_game(loaded.game)
    house = house_rules if house_rules is not None else game_house_rules(loaded.game)
    with translation.override(sheet_language(language)):
        sheet = build_sheet(loaded, loaded.result(house))
        verified = sheet_verification(loaded, sheet.result, site_url, number=number)
        info = sheet_info(
            loaded,
            corrections,
            signatures=signatures,
            verified=verified,
            club=club,
            number=number,
            layout=layout,
        )
    return PrintedSheet(sheet=sheet, info=info)


def blank_sheet(
    ruleset: str,
    players: int,
    *,
    club: str = "",
    language: str | None = None,
    names: Sequence[str] = (),
    heading: str = "",
) -> PrintedSheet:
    """An empty sheet of `ruleset` for `players` players; RuleError for a game or count the
    rules do not have. The engine's empty game gives the rows and boxes, nothing else.

    `names` prints the players' names in their columns (as many as `players`), and `heading`
    follows the game's title (a tournament's round and table, say)."""
    language = sheet_language(language)
    with translation.override(language):
        named = bool(names)
        names = tuple(names) or tuple(
            _("Player %(seat)d") % {"seat": seat + 1} for seat in range(players)
        )
        if len(names) != players:
            raise ValueError(f"{len(names)} names for a sheet of {players} players")
        setup = rules.GameSetup(ruleset=ruleset, players=names)
        seats = tuple(GamePlayer(seat=seat, name=name) for seat, name in enumerate(names))
        loaded = LoadedGame(
            game=Game(ruleset=ruleset),
            players=seats,
            turns=(),
            setup=setup,
            state=rules.new_game(setup),
        )
        info = SheetInfo(
            club=club_name(club),
            ruleset=ruleset,
            title=f"{game_title(ruleset)} · {heading}" if heading else game_title(ruleset),
            game_number=None,
            started="",
            options="",
            scorer="",
            friendly=False,
            guesses=guesses_text(setup),
            status="",
            blank=True,
            named=named,
            language=language,
        )
    return PrintedSheet(sheet=build_sheet(loaded), info=info)


def sheet_title(printed: PrintedSheet) -> str:
    """The PDF title of a document of one sheet: "Standard Balut #12", or a blank sheet's."""
    info = printed.info
    with translation.override(info.language):
        if info.blank:
            return _("%(title)s: blank sheet for %(players)d") % {
                "title": info.title,
                "players": len(printed.sheet.players),
            }
        return f"{info.title} #{info.game_number}"


def write_pdf(
    sheets: Iterable[document.SheetSource],
    out: IO[bytes],
    *,
    title: str,
    club: str = "",
    numbering: tuple[int, int] | None = None,
    language: str | None = None,
) -> int:
    return document.render(
        sheets,
        out,
        title=title,
        author=club_name(club),
        numbering=numbering,
        language=sheet_language(language),
    )


def club_night_title(
    date_from: date, date_to: date, club: str = "", language: str | None = None
) -> str:
    name = club_name(club)
    with translation.override(sheet_language(language)):
        if date_from == date_to:
            return _("%(club)s: club night of %(date)s") % {
                "club": name,
                "date": date_format(date_from, "DATE_FORMAT"),
            }
        return _("%(club)s: games of %(first)s to %(last)s") % {
            "club": name,
            "first": date_format(date_from, "DATE_FORMAT"),
            "last": date_format(date_to, "DATE_FORMAT"),
        }
