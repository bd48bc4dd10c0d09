"""A game keeps the house rules it was played under (issue 23, point 4): the club's drinks and
register bounds in force when it started or arrived. Changing a setting afterwards changes the
games started from then on; the books of earlier games, `check_books`, its `--repair`, a later
correction and the health check all keep to each game's own."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from league.awaiting import awaiting_signatures
from league.checks import inconsistent_game_count
from league.models import DebtStatus, DrinkDebt, RegisterClaim
from league.services.register import open_claims
from league.services.settings import update_club_settings
from scoring import rules
from scoring.models import Game
from scoring.selectors import game_house_rules, load_game
from scoring.services.corrections import correct_turn
from tests.factories import the_club
from tests.league.helpers import BAR_PLANS, play_bar
from tests.scoring.services.helpers import imported, play, secretary

pytestmark = pytest.mark.django_db

BAR = rules.RegisterBounds(high=159, low=41)


def set_house_rules(
    by: User, *, drinks_in_balut: bool = True, bar: rules.RegisterBounds | None = BAR
) -> None:
    update_club_settings(
        in_club=the_club(),
        by=by,
        club_name="Balut Club",
        drinks_in_balut=drinks_in_balut,
        drinks_in_jackpot=True,
        register_bounds={"bar": bar},
        default_options={},
    )


def check_books(*args: str) -> str:
    """The command's output; it raises CommandError (exit 1) on any inconsistency."""
    out = io.StringIO()
    call_command("check_books", *args, stdout=out)
    return out.getvalue()


def standing_debts(game: Game) -> list[tuple[str, str]]:
    return sorted(
        (debt.debtor.name, debt.reason)
        for debt in DrinkDebt.objects.filter(game=game, status=DebtStatus.OWED)
    )


def correct_fays_fives(game: Game, score: int) -> None:
    """Fay's last fives, a score from a paper sheet (20), read again as `score`."""
    turn = game.turns.filter(player__name="Fay", box="fives").order_by("number").last()
    assert turn is not None and turn.record == {"player": "Fay", "box": "fives", "score": 20}
    correct_turn(
        game=game,
        number=turn.number,
        turn_record={"box": "fives", "score": score},
        reason="Misread the paper sheet",
        corrected_by=secretary("corrector"),
    )


def test_a_game_keeps_the_house_rules_in_force_when_it_arrived() -> None:
    boss = secretary()
    set_house_rules(boss, drinks_in_balut=False, bar=rules.RegisterBounds(high=170, low=30))
    game = imported("bar-register")

    set_house_rules(boss, drinks_in_balut=True, bar=None)

    game.refresh_from_db()
    assert game_house_rules(game) == rules.HouseRules(
        drinks_in_balut=False,
        drinks_in_jackpot=True,
        register_bounds={"bar": rules.RegisterBounds(high=170, low=30)},
    )
    assert rules.parse_house_rules(game.house_rules).as_dict() == game.house_rules


def test_drinks_turned_on_after_games_were_booked_without_them_leave_those_games_consistent() -> (
    None
):
    boss = secretary()
    set_house_rules(boss, drinks_in_balut=False)
    old = imported("balut-three-players")
    assert standing_debts(old) == []

    set_house_rules(boss, drinks_in_balut=True)

    assert "Checked 1 games (1 finished): 0 inconsistent." in check_books()
    assert inconsistent_game_count() == 0
    assert inconsistent_game_count(window=None) == 0
    out = check_books("--repair")
    assert "Repaired 0 games." in out
    assert standing_debts(old) == []  # no year-old round booked by today's rule
    new = imported("balut-three-players")
    assert standing_debts(new) == [
        ("Cy", "balut_from_cup"),
        ("Cy", "balut_from_cup"),
        ("Cy", "last_place"),
        ("Dee", "three_cocks"),
    ]
    assert "Checked 2 games (2 finished): 0 inconsistent." in check_books()


def test_a_correction_of_an_old_game_books_by_the_games_own_rules() -> None:
    boss = secretary()
    old = imported("balut-three-players")  # the club kept drinks in Standard Balut then
    debts = standing_debts(old)
    assert len(debts) == 4
    set_house_rules(boss, drinks_in_balut=False)

    correct_fays_fives(old, 15)

    # By today's settings every round would be voided; by the game's own they stand.
    assert standing_debts(old) == debts
    assert standing_debts(imported("balut-three-players")) == []
    assert "0 inconsistent" in check_books()
    assert inconsistent_game_count(window=None) == 0


def test_a_game_started_before_a_change_and_finished_after_it_keeps_the_rules_it_started_with() -> (
    None
):
    boss = secretary()
    unfinished = play_bar(leave=1)  # the club's register: above 159, below 41
    set_house_rules(boss, bar=rules.RegisterBounds(high=170, low=30))

    last = load_game(unfinished).next_player
    assert last is not None
    box, dice = BAR_PLANS[last.name][-1]  # the one turn `play_bar` left
    play(unfinished, {"player": last.name, "box": box, "dice": [int(d) for d in dice]})
    unfinished.refresh_from_db()
    assert unfinished.is_finished
    claims = open_claims(game=unfinished)

    assert sorted((c.player.name, c.kind, c.score) for c in claims) == [
        ("Ann", "high", 162),
        ("Ben", "low", 38),
    ]
    # A game started after the change has the new bounds: 162 and 38 are no records there.
    later = play_bar(("Ann", "Ben", "Cy"))
    assert open_claims(game=later) == []
    for game in (unfinished, later):
        game.verification_code = f"CODE{game.pk}"
        game.save(update_fields=["verification_code"])
    assert "0 inconsistent" in check_books()
    assert RegisterClaim.objects.count() == 2


def test_repair_books_a_game_by_its_own_rules_not_the_clubs_of_today() -> None:
    boss = secretary()
    old = imported("balut-three-players")
    DrinkDebt.objects.filter(game=old).delete()  # lost, say, by a hand-edited database
    set_house_rules(boss, drinks_in_balut=False)

    out = check_books("--repair")

    assert "Repaired 1 games." in out and "Still inconsistent after the repair: 0." in out
    assert len(standing_debts(old)) == 4


def test_the_games_awaiting_signatures_show_the_candidates_of_their_own_register_bounds() -> None:
    boss = secretary()
    old = play_bar()  # above 159 and below 41 go to the register
    set_house_rules(boss, bar=rules.RegisterBounds(high=170, low=30))
    later = play_bar()

    waiting = {each.game.pk: each.candidates for each in awaiting_signatures(the_club())}

    assert waiting == {old.pk: [("Ann", 162, "high"), ("Ben", 38, "low")]}
    assert later.pk not in waiting
