"""The player page: every game, averages, rates and head-to-head, from the kept figures, which
agree with the engine's result of every game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from league.synthesis.history import Synthesized
from scoring.models import GameStatus, Member, Turn
from stats.player import MAX_OPPONENTS, REGULAR_OPPONENT_GAMES, player_stats
from stats.views import GAMES_PER_PAGE
from tests.factories import the_club
from tests.scoring.services.helpers import member, new_game
from tests.stats.engine_results import EngineSeat, engine_seats
from tests.stats.helpers import finished_bar_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(member_client: Client) -> Client:
    """These pages are for signed-in members (scoring.access.privacy): the tests read them as
    one."""
    return member_client


def page(who: Member) -> str:
    return reverse("stats:player", args=[who.pk])


def test_the_page_lists_every_game_with_the_engines_rank_and_total(client: Client) -> None:
    finished_bar_game()
    ann = Member.objects.get(known_as="Ann")
    unfinished = new_game("balut", ("Ann", "Ben"))

    response = client.get(page(ann))

    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('class="list-group-item list-group-item-action') == 2
    assert reverse("scoring:game", args=[unfinished.pk]) in html
    assert "In progress" in html
    stats = player_stats(ann, the_club())
    assert stats.finished == 1 and [game.pk for game in stats.in_progress] == [unfinished.pk]
    best = stats.kinds[0].best
    assert best.score == sum(
        turn.score for turn in Turn.objects.filter(player__member=ann, game=best.game.id)
    )
    assert "Won" in html


def test_win_counts_and_head_to_head_come_from_ranks(client: Client) -> None:
    finished_bar_game()
    finished_bar_game()
    finished_bar_game()
    ann = Member.objects.get(known_as="Ann")
    ben = Member.objects.get(known_as="Ben")

    stats = player_stats(ann, the_club())

    assert [(k.ruleset, k.games, k.wins) for k in stats.kinds] == [("bar", 3, 3)]
    assert {(h.opponent, h.games, h.wins, h.opponent_wins) for h in stats.opponents} == {
        ("Ben", 3, 3, 0),
        ("Cy", 3, 3, 0),
    }
    html = client.get(page(ben)).content.decode()
    assert 'id="head-to-head"' in html
    assert reverse("stats:player", args=[ann.pk]) in html


def test_box_averages_and_scratches_are_the_stored_box_scores(client: Client) -> None:
    finished_bar_game()
    cy = Member.objects.get(known_as="Cy")

    stats = player_stats(cy, the_club())

    boxes = {box.box: box for box in stats.boxes["bar"]}
    # Cy threw 1-1-2-2-3 into every box: only choice scores (9), everything else is a scratch.
    assert boxes["choice"].average == 9
    assert boxes["fours"].scratches == boxes["fours"].filled == 1
    assert boxes["balut"].scratch_rate == 1.0
    assert stats.kinds[0].balut_rate == 0
    html = client.get(page(cy)).content.decode()
    assert 'data-box="choice"' in html


def test_the_balut_rate_counts_non_zero_balut_boxes_per_game() -> None:
    finished_bar_game()
    ann = Member.objects.get(known_as="Ann")

    assert player_stats(ann, the_club()).kinds[0].balut_rate == 1.0


def test_charts_get_their_data_as_json(client: Client) -> None:
    finished_bar_game()
    ann = Member.objects.get(known_as="Ann")

    response = client.get(page(ann))

    html = response.content.decode()
    assert 'id="player-charts" type="application/json"' in html
    assert 'id="chart-over-time"' in html
    assert "vendor/chartjs/chart.umd.min.js" in html
    assert "cdn" not in html.lower()


def test_a_member_without_games_gets_a_plain_page(client: Client) -> None:
    lone = member("Lone")

    response = client.get(page(lone))

    assert response.status_code == 200
    assert 'id="player-games-empty"' in response.content.decode()


def test_an_unknown_member_is_not_found(client: Client) -> None:
    assert client.get(reverse("stats:player", args=[999_999])).status_code == 404


@pytest.mark.parametrize("bad", ["abc", "-1", "99999", ""])
def test_a_bad_page_number_shows_a_page_not_an_error(client: Client, bad: str) -> None:
    finished_bar_game()
    ann = Member.objects.get(known_as="Ann")

    response = client.get(page(ann), {"page": bad}, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert 'id="player-games"' in response.content.decode()


def test_the_games_list_pages_as_an_htmx_fragment(
    client: Client, history: Callable[..., Synthesized]
) -> None:
    history(130)
    busiest = max(Member.objects.all(), key=lambda m: m.seats.count())

    response = client.get(page(busiest), {"page": "2"}, headers={"HX-Request": "true"})

    html = response.content.decode()
    assert 'id="player-games"' in html
    assert "<nav" in html and "<html" not in html


def test_the_pages_of_games_together_hold_every_finished_game_of_the_member(
    client: Client, history: Callable[..., Synthesized]
) -> None:
    history(60, seed=3)
    busiest = max(Member.objects.all(), key=lambda m: m.seats.count())
    played = busiest.seats.filter(game__status=GameStatus.FINISHED).count()
    pages = -(-played // GAMES_PER_PAGE)
    assert pages >= 2

    whole = client.get(page(busiest)).content.decode()
    assert f"Page 1 of {pages}" in whole
    listed = 0
    for number in range(1, pages + 1):
        fragment = client.get(page(busiest), {"page": number}, headers={"HX-Request": "true"})
        html = fragment.content.decode()
        assert f"Page {number} of {pages}" in html
        listed += html.count('player-game"')
    assert listed == played


def test_the_page_takes_the_same_queries_for_few_and_many_games(
    client: Client,
    history: Callable[..., Synthesized],
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    history(4)
    regular = max(Member.objects.all(), key=lambda m: m.seats.count())
    few = regular.seats.count()
    # The session, its user and the menu's two (secretary? their member?), the member, the
    # clubs they played in, one for the page of games (counted by the statistics' month
    # tallies), six statistics, two charts.
    with django_assert_num_queries(15):
        assert client.get(page(regular)).status_code == 200

    # Every batch draws new regulars: add batches until this member has played more.
    for seed in range(8, 14):
        history(30, seed=seed)
        if regular.seats.count() >= few + 3:
            break
    assert regular.seats.count() >= few + 3
    with django_assert_num_queries(15):
        assert client.get(page(regular)).status_code == 200
    # The fragment's sixth: whether the reader belongs to the club (a member of another club
    # of the server is a visitor here), which the whole page asks for its menu anyway. Its
    # games are counted by the member's month tallies, as the whole page counts them.
    with django_assert_num_queries(6):
        fragment = client.get(page(regular), {"page": "2"}, headers={"HX-Request": "true"})
    assert fragment.status_code == 200


def test_every_figure_of_the_busiest_member_is_what_replaying_every_game_gives(
    history: Callable[..., Synthesized],
) -> None:
    history(90, seed=5)
    seats = list(engine_seats())
    busiest_id = Counter(s.member_id for s in seats if s.member_id).most_common(1)[0][0]
    busiest = Member.objects.get(pk=busiest_id)

    stats = player_stats(busiest, the_club())

    mine = [seat for seat in seats if seat.member_id == busiest_id]
    for kind in stats.kinds:
        played = [seat for seat in mine if seat.game.ruleset == kind.ruleset]
        best = max(played, key=lambda seat: seat.score)
        worst = min(played, key=lambda seat: seat.score)
        assert (kind.games, kind.wins, kind.baluts) == (
            len(played),
            sum(seat.rank == 1 for seat in played),
            sum(seat.baluts for seat in played),
        )
        assert (kind.best.score, kind.best.game.id) == (best.score, best.game.pk)
        assert (kind.worst.score, kind.worst.game.id) == (worst.score, worst.game.pk)
    assert stats.finished == len(mine)
    expected = head_to_head_by_replay(seats, busiest_id)
    assert [(h.opponent_id, h.games, h.wins, h.opponent_wins) for h in stats.opponents] == [
        row for row in expected if row[1] >= REGULAR_OPPONENT_GAMES
    ][:MAX_OPPONENTS]


def head_to_head_by_replay(
    seats: list[EngineSeat], member_id: int
) -> list[tuple[int, int, int, int]]:
    by_game: dict[int, list[EngineSeat]] = {}
    for seat in seats:
        by_game.setdefault(seat.game.pk, []).append(seat)
    games: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    their_wins: Counter[int] = Counter()
    for table in by_game.values():
        me = next((seat for seat in table if seat.member_id == member_id), None)
        if me is None:
            continue
        for seat in table:
            if seat.member_id is None or seat.member_id == member_id:
                continue
            games[seat.member_id] += 1
            wins[seat.member_id] += me.rank == 1
            their_wins[seat.member_id] += seat.rank == 1
    names = dict(Member.objects.values_list("pk", "known_as"))
    return sorted(
        ((other, count, wins[other], their_wins[other]) for other, count in games.items()),
        key=lambda row: (-row[1], names[row[0]]),
    )


def test_box_tallies_are_the_sums_of_the_stored_box_scores(
    history: Callable[..., Synthesized],
) -> None:
    history(40, seed=6)
    ann = Member.objects.order_by("pk").first()
    assert ann is not None

    stats = player_stats(ann, the_club())

    for ruleset, boxes in stats.boxes.items():
        for box in boxes:
            turns = Turn.objects.filter(
                player__member=ann,
                game__ruleset=ruleset,
                game__status=GameStatus.FINISHED,
                box=box.box,
            )
            scores = list(turns.values_list("score", flat=True))
            assert (box.filled, box.scratches) == (len(scores), scores.count(0))
            assert box.average == pytest.approx(sum(scores) / len(scores))
    for ruleset, boxes in stats.club_boxes.items():
        for box in boxes:
            scores = list(
                Turn.objects.filter(
                    game__ruleset=ruleset, game__status=GameStatus.FINISHED, box=box.box
                ).values_list("score", flat=True)
            )
            assert box.filled == len(scores)
            assert box.average == pytest.approx(sum(scores) / len(scores))


def test_the_page_refuses_a_post(client: Client) -> None:
    lone = member("Lone")

    assert client.post(page(lone)).status_code == 405
