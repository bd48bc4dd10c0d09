"""A released sheet layout never changes what it draws (scoring/pdf/layouts, issue 36).

The verify page redraws a signed sheet in the layout it was signed under and compares pixels,
so the drawing code may change a released layout's page only by breaking every sheet printed
in it. Each released layout draws one fixed signed game, in every language, and the page as
the verify page sees it (drawn by PDFium in grey at its resolution) must hash to the value
recorded when the layout was released. A failure here means: put the change in a new layout
(docs/architecture.md, "Sheet layouts"), never in a released one.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from io import BytesIO

import pytest

from scoring.models import Game, Signature
from scoring.pdf import layouts, printed_game, write_pdf
from scoring.selectors import game_corrections, game_signatures, load_game
from scoring.sheet_checks import drawing, pictures
from tests.scoring.services.helpers import sign_all
from tests.scoring.services.signing_helpers import with_guest

pytestmark = pytest.mark.django_db

PLAYED = datetime(2026, 11, 20, 19, 30, tzinfo=UTC)
SIGNED = datetime(2026, 11, 20, 21, 5, tzinfo=UTC)
# The page each released layout draws for the game below, by language: recorded on release.
# Layout 2's are those of release f4f62e6's own code (drawn there before layouts were modules).
RELEASED_PAGES = {
    (1, "en"): "d8e63a0e8741d25c0b579f6c1f73e4e9d4b5d8230c228bdd40312e07581f9565",
    (1, "da"): "8ef6d675f0038972469c1d9f889c82a04fbd185deb08820652fb1ac4174f567b",
    (1, "de"): "40c015daf14de752c1806e4e5a59b68ef00b047b4b4e97c68809c6993608806f",
    (2, "en"): "f7e868282e3bb376c5846f460782eaf15f177f35ea1f6ca1bc3957042f396d50",
    (2, "da"): "3c71717f25224a507a7e41c811015b79b405dbb775abcf9ff9574c96b376ddd3",
    (2, "de"): "4eefac656fd622d28b3e17de4a5e20f851bd9407c115c7706032acbe03e8a96f",
}


def fixed_game() -> Game:
    """Ann and the guest Zed's game of Bar, signed (Zed by drawing), at fixed moments."""
    game = with_guest()
    sign_all(game)
    Game.objects.filter(pk=game.pk).update(started_at=PLAYED, verification_code="ABCD-EFGH-23")
    Signature.objects.filter(game=game).update(signed_at=SIGNED)
    return Game.objects.get(pk=game.pk)


def page_digest(game: Game, layout: layouts.Layout, language: str) -> str:
    printed = printed_game(
        load_game(game),
        game_corrections(game),
        signatures=game_signatures(game),
        site_url="https://balut.example.org/",
        club="Oak Balut Club",
        language=language,
        number=7,
        layout=layout,
    )
    out = BytesIO()
    write_pdf([printed], out, title="", club="Oak Balut Club")
    with drawing.opened(out.getvalue()) as document:
        page = drawing.draw_page(document, 0, dpi=pictures.DPI, budget=drawing.Budget(60))
    return hashlib.sha256(page.tobytes()).hexdigest()


def test_every_released_layout_has_its_pages_recorded() -> None:
    assert {version for version, _language in RELEASED_PAGES} == set(layouts.RELEASED)
    assert max(layouts.RELEASED) == layouts.CURRENT


def test_each_released_layout_draws_the_fixed_game_as_when_it_was_released() -> None:
    game = fixed_game()
    drawn = {
        (version, language): page_digest(game, layout, language)
        for version, layout in layouts.RELEASED.items()
        for language in ("en", "da", "de")
    }
    assert drawn == RELEASED_PAGES
