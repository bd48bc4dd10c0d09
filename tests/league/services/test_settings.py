"""The club's settings: saved by the secretary only, and read as the engine's house rules."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError

from league.models import ClubSettings
from league.selectors import default_options, house_rules
from league.services.settings import update_club_settings
from league.settings_forms import OPTION_NAMES, ClubSettingsForm
from scoring import rules
from scoring.rules.game_setup import SETUP_CHOICES_APPLY_TO
from tests.factories import the_club
from tests.scoring.services.helpers import member, secretary

pytestmark = pytest.mark.django_db

BAR = {"bar": rules.RegisterBounds(high=159, low=41)}


def save(
    by: User,
    *,
    bounds: Mapping[str, rules.RegisterBounds | None] = BAR,
    options: Mapping[str, Mapping[str, object]] | None = None,
    balut: bool = True,
    jackpot: bool = True,
) -> ClubSettings:
    return update_club_settings(
        in_club=the_club(),
        by=by,
        club_name="The British Club",
        drinks_in_balut=balut,
        drinks_in_jackpot=jackpot,
        register_bounds=bounds,
        default_options=options or {},
    )


def test_until_the_secretary_saves_them_the_house_rules_are_the_rules_defaults() -> None:
    assert not ClubSettings.objects.exists()

    assert house_rules(the_club()) == rules.HouseRules()
    assert default_options(the_club(), "balut") == rules.Options()


def test_the_saved_settings_are_the_house_rules() -> None:
    save(
        secretary(),
        bounds={**BAR, "balut": rules.RegisterBounds(high=700, low=250)},
        balut=False,
    )

    assert house_rules(the_club()) == rules.HouseRules(
        drinks_in_balut=False,
        drinks_in_jackpot=True,
        register_bounds={
            "bar": rules.RegisterBounds(high=159, low=41),
            "balut": rules.RegisterBounds(high=700, low=250),
        },
    )
    assert ClubSettings.objects.get().club_name == "The British Club"


def test_a_game_without_bounds_has_no_register() -> None:
    save(secretary(), bounds={})

    assert house_rules(the_club()).register_bounds == {}


def test_default_options_are_kept_per_game() -> None:
    save(secretary(), options={"jackpot": {"jackpot_bonus": "replaces", "guess_points": 2}})

    assert default_options(the_club(), "jackpot") == rules.Options(
        jackpot_bonus="replaces", guess_points=2
    )
    assert default_options(the_club(), "balut") == rules.Options()


def test_only_the_secretary_changes_the_settings() -> None:
    with pytest.raises(PermissionDenied):
        save(member("Ann").user, balut=False)

    assert not ClubSettings.objects.exists()


@pytest.mark.parametrize(
    ("bounds", "options", "message"),
    [
        ({"bar": rules.RegisterBounds(high=40, low=41)}, {}, "low bound"),
        ({"darts": rules.RegisterBounds(high=40, low=1)}, {}, "Unknown game 'darts'"),
        (BAR, {"balut": {"thresholds": "sometimes"}}, "thresholds"),
    ],
)
def test_bad_settings_are_refused_and_nothing_changes(
    bounds: Mapping[str, rules.RegisterBounds], options: dict[str, dict[str, object]], message: str
) -> None:
    boss = secretary()
    save(boss)

    with pytest.raises(ValidationError, match=message):
        save(boss, bounds=bounds, options=options, balut=False)

    assert house_rules(the_club()) == rules.HouseRules()


def test_the_settings_form_offers_each_option_for_the_games_it_applies_to() -> None:
    form = ClubSettingsForm()
    offered = {
        name: tuple(key for key in rules.RULESET_KEYS if f"{key}_{name}" in form.fields)
        for name in OPTION_NAMES
    }

    assert offered == {name: SETUP_CHOICES_APPLY_TO[name] for name in OPTION_NAMES}
