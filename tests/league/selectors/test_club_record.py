"""One club record everywhere: the register, the records page and the board give the same
highest and lowest of each game, historic paper records included, with their dates."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.club_record import club_extremes
from league.models import PlayerResultRow, RegisterEntry
from league.services.books import book_game
from league.services.register import enter_historic_record
from league.services.undo import remove_register_entry
from tests.factories import the_club
from tests.league.helpers import play_bar
from tests.scoring.services.helpers import secretary

pytestmark = pytest.mark.django_db


def paper(by: User, score: int, kind: str, year: int) -> None:
    enter_historic_record(
        in_club=the_club(),
        date=datetime.date(year, 3, 14),
        player_name=f"Old {score}",
        member=None,
        score=score,
        kind=kind,
        ruleset="bar",
        scan=None,
        note="",
        by=by,
    )


def pages(client: Client) -> dict[str, str]:
    return {
        "register": client.get(reverse("league:register")).content.decode(),
        "records": client.get(reverse("stats:records")).content.decode(),
        "board": client.get(reverse("stats:board")).content.decode(),
    }


def test_a_historic_171_is_the_record_on_the_register_the_records_page_and_the_board(
    client: Client,
) -> None:
    boss = secretary()
    game = play_bar()
    book_game(game=game)
    best = PlayerResultRow.objects.order_by("-score").first()
    assert best is not None and best.score < 171
    paper(boss, 171, "high", 1985)
    paper(boss, 12, "low", 1991)

    (bar,) = club_extremes(the_club())
    assert (bar.highest.score, bar.highest.day) == (171, datetime.date(1985, 3, 14))
    assert bar.lowest is not None
    assert (bar.lowest.score, bar.lowest.day) == (12, datetime.date(1991, 3, 14))
    for name, html in pages(client).items():
        assert "171" in html and "14 Mar 1985" in html, name
        assert "Old 12" in html and "14 Mar 1991" in html, name


def test_without_paper_records_the_games_own_extremes_are_the_record_with_their_day(
    client: Client,
) -> None:
    game = play_bar()
    book_game(game=game)
    rows = PlayerResultRow.objects.filter(game=game)
    high = max(rows, key=lambda row: row.score)
    low = min(rows, key=lambda row: row.score)
    day = timezone.localdate(high.finished_at).strftime("%-d %b %Y")

    found = pages(client)

    assert str(high.score) in found["records"] and str(low.score) in found["records"]
    assert day in found["records"]
    # Rule 13: on the register and the bar's board the record is the register's; the game's
    # totals beyond its bounds are shown waiting for their signatures, not as the record.
    register, board = found["register"], found["board"]
    assert f"{high.score}</span> {high.player.name}, awaiting signatures" in register
    assert f"{low.score}</span> {low.player.name}, awaiting signatures" in register
    assert f"{high.score}</span> {high.player.name}, awaiting signatures" in board


def test_a_removed_paper_record_is_no_longer_the_record_anywhere(client: Client) -> None:
    boss = secretary()
    book_game(game=play_bar())
    paper(boss, 199, "high", 1985)
    entry = club_extremes(the_club())[0].highest
    assert entry.score == 199 and entry.entry_id is not None

    remove_register_entry(
        entry=RegisterEntry.objects.get(pk=entry.entry_id), by=boss, reason="Not a club night"
    )

    assert club_extremes(the_club())[0].highest.score != 199
    # A game's id may happen to be 199 ("/games/199/", "#199"); only a score of 199 counts.
    score_199 = re.compile(r"(?<![#/\d])199(?![\d/])")
    for name, html in pages(client).items():
        assert not score_199.search(html), name
