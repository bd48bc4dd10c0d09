"""Every page carries the Content-Security-Policy (balutclub.security_headers): only the app's
own scripts and styles run. A PDF or JSON answer does not need one and carries none."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from scoring import rules
from scoring.models import Game
from tests.scoring.services.helpers import new_game, scorer_of

pytestmark = pytest.mark.django_db

POLICY = settings.CONTENT_SECURITY_POLICY


def test_the_policy_allows_no_inline_script_or_style_and_no_framing() -> None:
    directives = dict(part.split(" ", 1) for part in POLICY.split("; "))

    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in POLICY


@pytest.mark.parametrize(
    "name", ["scoring:home", "scoring:signin", "scoring:game_new", "stats:board", "admin:login"]
)
def test_pages_carry_the_policy(client: Client, name: str) -> None:
    response = client.get(reverse(name))

    assert response.status_code == 200
    assert response["Content-Security-Policy"] == POLICY


def test_the_play_page_its_htmx_answers_and_refusals_carry_the_policy(client: Client) -> None:
    game: Game = new_game()
    client.force_login(scorer_of(game))

    page = client.get(reverse("scoring:game", args=[game.pk]))
    refused = client.post(
        reverse("scoring:record_turn", args=[game.pk]), {"number": 999}, HTTP_HX_REQUEST="true"
    )
    missing = client.get("/no-such-page/")

    assert page["Content-Security-Policy"] == POLICY
    assert refused.status_code >= 400 and refused["Content-Security-Policy"] == POLICY
    assert missing.status_code == 404 and missing["Content-Security-Policy"] == POLICY


def test_a_pdf_and_a_json_answer_carry_none(client: Client) -> None:
    pdf = client.get(reverse("scoring:blank_sheet_pdf"), {"ruleset": rules.DEFAULT_RULESET.key})
    health = client.get("/healthz")

    assert pdf["Content-Type"] == "application/pdf"
    assert "Content-Security-Policy" not in pdf
    assert health["Content-Type"].startswith("application/json")
    assert "Content-Security-Policy" not in health
