"""Starting a game: the form at /games/new/, the scorer's PIN, and every refusal (a scorer
already signed in: test_game_new_signed_in.py)."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client
from django.urls import reverse

from league.services.settings import update_club_settings
from scoring.models import Game, Member
from scoring.rules import RegisterBounds
from tests.factories import (
    PIN,
    MemberFactory,
    fast_pin_hashing,  # noqa: F401  (registers the fixture)
    the_club,
)
from tests.scoring.services.helpers import secretary
from tests.scoring.views.game_new_helpers import URL, assert_refused, game_form, signed_in_user_id
from tests.scoring.views.game_new_helpers import ann as ann  # noqa: F401 (registers the fixture)
from tests.scoring.views.game_new_helpers import ben as ben  # noqa: F401 (registers the fixture)
from tests.scoring.views.game_new_helpers import cy as cy  # noqa: F401 (registers the fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def test_anyone_can_open_the_form_on_the_shared_tablet(client: Client, ann: Member) -> None:
    response = client.get(URL)

    assert response.status_code == 200
    html = response.content.decode()
    assert "Start the game</button>" in html
    for name in ("ruleset", "thresholds", "jackpot_bonus", "guess_points", "friendly", "scorer"):
        assert f'name="{name}"' in html
    for seat in range(8):
        for part in ("member", "guest", "guess"):
            assert f'name="player_{seat}_{part}"' in html
    assert 'name="player_8_member"' not in html
    assert 'type="password" name="pin"' in html and 'inputmode="numeric"' in html


def test_the_form_offers_the_four_games_and_the_active_members(client: Client, ann: Member) -> None:
    MemberFactory.create(known_as="Gone", is_active=False)

    html = client.get(URL).content.decode()

    for value, title in (
        ("balut", "Standard Balut"),
        ("jackpot", "Jackpot Balut"),
        ("bar", "Bar Balut (1978)"),
        ("barbut4", "4-Dice Barbut"),
    ):
        assert f'<option value="{value}"' in html
        assert title in html
    assert f'<option value="{ann.pk}">Ann</option>' in html
    assert ">Gone</option>" not in html


def test_the_home_page_leads_to_the_form(client: Client) -> None:
    html = client.get(reverse("scoring:home")).content.decode()

    assert f'href="{URL}"' in html and "Start a game</a>" in html
    assert 'id="games-empty"' in html


def test_a_valid_start_creates_the_game_signs_the_scorer_in_and_opens_its_page(
    client: Client, ann: Member, ben: Member
) -> None:
    data = {
        "ruleset": "jackpot",
        "thresholds": "more_than",
        "jackpot_bonus": "replaces",
        "guess_points": "3",
        "friendly": "on",
        "player_0_member": ann.pk,
        "player_0_guess": "2",
        "player_2_guest": "  Zed  ",
        "player_2_guess": "0",
        "player_5_member": ben.pk,
        "scorer": ben.pk,
        "pin": PIN,
    }

    response = client.post(URL, data)

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:game", kwargs={"game_id": game.pk})
    assert game.ruleset == "jackpot"
    assert game.options == {
        "thresholds": "more_than",
        "jackpot_bonus": "replaces",
        "guess_points": 3,
    }
    assert game.friendly is True
    assert game.scorer == ben
    assert game.created_by == ben.user
    players = [(p.seat, p.name, p.member, p.guess) for p in game.players.order_by("seat")]
    assert players == [(0, "Ann", ann, 2), (1, "Zed", None, 0), (2, "Ben", ben, None)]
    assert signed_in_user_id(client) == ben.user.pk


def test_a_start_without_options_takes_the_usual_ones(
    client: Client, ann: Member, ben: Member
) -> None:
    response = client.post(URL, game_form(ann, ben, ruleset="bar"))

    assert response.status_code == 302
    game = Game.objects.get()
    assert game.ruleset == "bar"
    assert game.options == {"thresholds": "at_least", "jackpot_bonus": "added", "guess_points": 0}
    assert game.friendly is False
    assert [p.name for p in game.players.all()] == ["Ann", "Ben"]


def test_the_scorers_page_opens_on_the_new_game(client: Client, ann: Member, ben: Member) -> None:
    response = client.post(URL, game_form(ann, ben), follow=True)

    assert response.status_code == 200
    assert response.context["game"] == Game.objects.get()
    assert response.context["can_record"] is True


def test_a_member_in_two_seats_is_refused(client: Client, ann: Member, ben: Member) -> None:
    data = game_form(ann, ben, player_3_member=ann.pk)

    assert_refused(client, data, "player_3_member", "Ann already sits in seat 1.")


def test_two_guests_of_the_same_name_are_refused(client: Client, ann: Member) -> None:
    data = game_form(ann, player_1_guest="Zed", player_2_guest="zed")

    html = assert_refused(client, data, "player_2_guest", "Seat 2 already has a guest called Zed")
    assert 'value="Zed"' in html and 'value="zed"' in html


def test_a_guest_under_a_members_name_is_refused(client: Client, ann: Member, ben: Member) -> None:
    data = game_form(ann, player_1_guest="ben")

    assert_refused(client, data, "player_1_guest", "Ben is a member's name")


def test_a_seat_with_both_a_member_and_a_guest_is_refused(
    client: Client, ann: Member, ben: Member
) -> None:
    data = game_form(ann, ben, player_1_guest="Zed")

    assert_refused(
        client, data, "player_1_guest", "Choose a member or type a guest's name, not both."
    )


def test_one_player_is_not_a_game(client: Client, ann: Member) -> None:
    assert_refused(client, game_form(ann), None, "A game needs 2 to 8 players")


def test_a_guess_in_an_empty_seat_is_refused(client: Client, ann: Member, ben: Member) -> None:
    data = game_form(ann, ben, player_4_guess="1")

    assert_refused(client, data, "player_4_guess", "No one sits in this seat to guess.")


def test_a_wrong_pin_is_refused(client: Client, ann: Member, ben: Member) -> None:
    html = assert_refused(client, game_form(ann, ben, pin="9999"), "pin", "That PIN is not right.")

    assert 'value="9999"' not in html  # (an id may be 9999; the typed PIN is not echoed)
    (attempt,) = AccessAttempt.objects.all()
    assert (attempt.username, attempt.failures_since_start) == (ann.user.username, 1)
    assert "9999" not in attempt.post_data, "a wrong PIN is not written down"


def test_a_scorer_who_does_not_play_is_refused(
    client: Client, ann: Member, ben: Member, cy: Member
) -> None:
    data = game_form(ann, ben, scorer=cy)

    assert_refused(client, data, "scorer", "The scorer must be one of the players")
    assert not AccessAttempt.objects.exists(), "no PIN was tried"


def test_a_guest_cannot_be_the_scorer(client: Client, ann: Member, ben: Member) -> None:
    data = game_form(ann, player_1_guest="Zed")
    data["scorer"] = "Zed"

    assert_refused(client, data, "scorer", "Choose a member who has a PIN.")


def test_a_start_without_a_scorer_is_refused(client: Client, ann: Member, ben: Member) -> None:
    data = game_form(ann, ben)
    del data["scorer"]

    assert_refused(client, data, "scorer", "This field is required.")


def test_a_member_without_a_pin_cannot_be_the_scorer(client: Client, ann: Member) -> None:
    no_pin = MemberFactory.create(known_as="Nopin", pin=None)
    data = game_form(ann, no_pin, scorer=no_pin)

    assert_refused(client, data, "scorer", "Choose a member who has a PIN.")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("ruleset", "yahtzee"),
        ("thresholds", "exactly"),
        ("jackpot_bonus", "doubled"),
    ],
)
def test_an_unknown_game_or_option_is_refused(
    client: Client, ann: Member, ben: Member, field: str, value: str
) -> None:
    data = game_form(ann, ben)
    data[field] = value

    assert_refused(client, data, field, f"{value} is not one of the available choices")


def test_guess_points_beyond_the_rules_are_refused(
    client: Client, ann: Member, ben: Member
) -> None:
    data = game_form(ann, ben, guess_points="101")

    assert_refused(client, data, "guess_points", "less than or equal to 100")


def test_wrong_pins_at_the_form_pause_this_device_even_for_the_right_pin(
    client: Client, ann: Member, ben: Member
) -> None:
    wrong = [client.post(URL, game_form(ann, ben, pin="0000")).status_code for _ in range(5)]
    assert settings.AXES_FAILURE_LIMIT == 5
    # The try that reaches the limit is answered "too many" already.
    assert wrong == [422, 422, 422, 422, 429]

    response = client.post(URL, game_form(ann, ben))

    assert response.status_code == 429
    assert "Too many wrong tries from this device" in response.context["form"].errors["pin"][0]
    assert Game.objects.count() == 0 and signed_in_user_id(client) is None


def test_the_form_comes_back_with_what_was_entered(
    client: Client, ann: Member, ben: Member
) -> None:
    data = game_form(
        ann, ben, ruleset="jackpot", player_2_guest="Zed", player_2_guess="4", pin="9999"
    )

    response = client.post(URL, data)

    assert response.status_code == 422
    form = response.context["form"]
    assert form["ruleset"].value() == "jackpot"
    assert str(form["player_0_member"].value()) == str(ann.pk)
    assert form["player_2_guest"].value() == "Zed"
    assert form["player_2_guess"].value() == "4"
    assert 'class="form-control form-control-lg is-invalid"' in response.content.decode()


@pytest.mark.parametrize("method", ["put", "delete", "patch"])
def test_other_methods_are_not_allowed(
    client: Client, ann: Member, ben: Member, method: str
) -> None:
    response = getattr(client, method)(URL)

    assert response.status_code == 405
    assert Game.objects.count() == 0


def test_the_form_starts_from_the_clubs_default_options_for_each_game(
    client: Client, ann: Member
) -> None:
    update_club_settings(
        in_club=the_club(),
        by=secretary(),
        club_name="The British Club",
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={"bar": RegisterBounds(high=159, low=41)},
        default_options={
            "balut": {"thresholds": "more_than", "guess_points": 2},
            "jackpot": {"jackpot_bonus": "replaces"},
        },
    )

    response = client.get(reverse("scoring:game_new"))

    html = response.content.decode()
    assert response.status_code == 200
    assert '<option value="more_than" selected>' in html
    defaults = response.context["option_defaults"]
    assert defaults["balut"]["guess_points"] == 2
    assert defaults["jackpot"]["jackpot_bonus"] == "replaces"
    assert 'id="option-defaults"' in html
