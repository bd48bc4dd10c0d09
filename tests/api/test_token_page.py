"""The secretary's page of API tokens: issue one (shown once, kept as a digest), revoke one;
nobody else may."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from api.models import ApiToken
from api.tokens import digest_of
from tests.factories import fast_pin_hashing  # noqa: F401 (registers the fixture)
from tests.scoring.services.helpers import member, secretary

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]

PAGE = "/settings/api-tokens/"


def signed_in_secretary(client: Client) -> None:
    client.force_login(secretary())


def test_the_secretary_issues_a_token_shown_once_and_kept_hashed(client: Client) -> None:
    signed_in_secretary(client)
    response = client.post(PAGE, {"name": "Our website"})
    assert response.status_code == 200
    text = re.search(r'id="token-text">([^<]+)<', response.content.decode())
    assert text is not None
    token = ApiToken.objects.get()
    assert token.name == "Our website"
    assert token.digest == digest_of(text[1]) != text[1]
    assert text[1] not in client.get(PAGE).content.decode()
    games = client.get(
        "/api/v1/clubs/club/members/", headers={"authorization": f"Bearer {text[1]}"}
    )
    assert games.status_code == 200


def test_the_secretary_revokes_a_token_once(client: Client) -> None:
    signed_in_secretary(client)
    client.post(PAGE, {"name": "The federation"})
    token = ApiToken.objects.get()
    response = client.post(PAGE, {"revoke": str(token.pk)})
    assert response.status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None
    again = client.post(PAGE, {"revoke": str(token.pk)})
    assert again.status_code == 422
    assert "revoked already" in again.content.decode()


@pytest.mark.parametrize("body", [{}, {"name": "   "}, {"revoke": "x"}, {"revoke": "999"}])
def test_bad_input_is_refused_and_changes_nothing(client: Client, body: dict[str, str]) -> None:
    signed_in_secretary(client)
    response = client.post(PAGE, body)
    assert response.status_code == 422
    assert ApiToken.objects.count() == 0


def test_a_member_may_not_issue_and_a_visitor_is_sent_to_sign_in(client: Client) -> None:
    secretary()
    eli = member("Eli")
    client.force_login(eli.user)
    assert client.post(PAGE, {"name": "Mine"}).status_code == 403
    client.logout()
    assert client.get(PAGE).status_code == 302
    assert ApiToken.objects.count() == 0


def test_the_page_answers_no_other_method(client: Client) -> None:
    signed_in_secretary(client)
    assert client.put(PAGE).status_code == 405
