"""A void game reads void everywhere: its page shows no unstruck winner, rounds or register
lines, no correction links and no Finished badge; lists badge it Void; the club night's PDF
marks its sheet VOID."""

from __future__ import annotations

from datetime import datetime, timedelta
from io import BytesIO

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.services.books import book_game
from scoring.models import Game
from scoring.pdf import club_night_pdf
from scoring.selectors import games_started_between
from scoring.services.games import void_game
from tests.factories import the_club
from tests.league.helpers import play_bar
from tests.scoring.pdf.helpers import lines_of
from tests.scoring.services.helpers import secretary

pytestmark = pytest.mark.django_db


@pytest.fixture
def void_bar() -> Game:
    game = play_bar()
    book_game(game=game)
    return void_game(game=game, by=secretary(), reason="Entered twice")


def test_the_void_games_page_strikes_its_result_and_offers_no_correction(
    client: Client, void_bar: Game
) -> None:
    client.force_login(secretary("deputy"))

    html = client.get(reverse("scoring:game", args=[void_bar.pk])).content.decode()

    assert 'id="void"' in html and 'id="void-badge"' in html
    assert 'id="finished-badge"' not in html
    struck = html[html.index("data-void-struck") :]
    banner = html.index('id="winner-banner"')
    assert html.index("data-void-struck") < banner, "the winner banner only inside the strike"
    assert "Ann wins" in struck
    assert reverse("scoring:correct_turn", args=[void_bar.pk, 0]) not in html


def test_a_game_that_counts_keeps_its_finished_badge_and_plain_banner(client: Client) -> None:
    game = play_bar()
    client.force_login(secretary())

    html = client.get(reverse("scoring:game", args=[game.pk])).content.decode()

    assert 'id="finished-badge"' in html and "data-void-struck" not in html


def test_lists_badge_a_void_game(client: Client, void_bar: Game) -> None:
    html = client.get(reverse("scoring:home")).content.decode()

    item = html[html.index(reverse("scoring:game", args=[void_bar.pk])) :].split("</a>")[0]
    assert "data-void-badge" in item


def test_the_club_night_pdf_marks_a_void_game_void(void_bar: Game) -> None:
    counting = play_bar()
    day = timezone.localdate(void_bar.started_at)
    start = timezone.make_aware(datetime(day.year, day.month, day.day))
    out = BytesIO()

    club_night_pdf(
        games_started_between(the_club(), start, start + timedelta(days=1)),
        out,
        date_from=day,
        date_to=day,
    )

    text = "\n".join(lines_of(out.getvalue()))
    assert text.count("VOID") >= 2, "its status line and the mark across its page"
    assert counting.pk != void_bar.pk
