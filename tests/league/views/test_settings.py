"""The club's settings page: the secretary's, saved through the service."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.models import ClubSettings
from league.selectors import default_options, house_rules
from scoring import rules
from tests.factories import the_club
from tests.scoring.services.helpers import member, secretary

pytestmark = pytest.mark.django_db

SETTINGS = reverse("league:settings")


def form_data(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "club_name": "The British Club",
        "pin_session_hours": "3",
        "public_areas": ["board", "standings", "records", "games"],
        "drinks_in_balut": "on",
        "drinks_in_jackpot": "on",
        "bar_register_high": "159",
        "bar_register_low": "41",
        "balut_thresholds": "at_least",
        "balut_guess_points": "0",
        "jackpot_thresholds": "at_least",
        "jackpot_jackpot_bonus": "added",
        "jackpot_guess_points": "0",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_the_secretary_sees_the_settings_as_they_stand(client: Client) -> None:
    client.force_login(secretary())

    html = client.get(SETTINGS).content.decode()

    assert 'name="bar_register_high" value="159"' in html
    assert 'name="drinks_in_balut"' in html and "checked" in html


def test_the_secretary_saves_the_settings(client: Client) -> None:
    client.force_login(secretary())

    response = client.post(
        SETTINGS,
        form_data(
            drinks_in_balut=None,
            balut_register_high="700",
            balut_register_low="250",
            jackpot_guess_points="3",
        ),
    )

    assert response.status_code == 302
    assert house_rules(the_club()) == rules.HouseRules(
        drinks_in_balut=False,
        register_bounds={
            "bar": rules.RegisterBounds(high=159, low=41),
            "balut": rules.RegisterBounds(high=700, low=250),
        },
    )
    assert default_options(the_club(), "jackpot").guess_points == 3
    assert ClubSettings.objects.get().club_name == "The British Club"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"bar_register_low": ""}, "Give both bounds"),
        ({"bar_register_low": "170"}, "The low bound is above the high one."),
        ({"jackpot_jackpot_bonus": "doubled"}, "Select a valid choice."),
        ({"balut_guess_points": "-1"}, "greater than or equal to 0"),
    ],
)
def test_bad_settings_are_refused_with_a_message_and_nothing_saved(
    client: Client, changes: dict[str, object], message: str
) -> None:
    client.force_login(secretary())

    response = client.post(SETTINGS, form_data(drinks_in_balut=None, **changes))

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not ClubSettings.objects.exists()


def test_members_are_refused_and_visitors_sent_to_sign_in(client: Client) -> None:
    anonymous = client.post(SETTINGS, form_data(drinks_in_balut=None))
    client.force_login(member("Ann").user)
    refused = client.post(SETTINGS, form_data(drinks_in_balut=None))

    assert anonymous["Location"].startswith(reverse("scoring:signin"))
    assert refused.status_code == 403
    assert not ClubSettings.objects.exists()
