"""The installable app's manifest is named after the club and opens at its home; the icons and
the favicon are images drawn by scoring.app_icons."""

from __future__ import annotations

import io
import json

import pytest
from django.test import Client
from PIL import Image

from tests.factories import other_club, the_club

pytestmark = pytest.mark.django_db


def test_the_manifest_names_the_club_and_starts_at_its_home(client: Client) -> None:
    the_club()
    other_club("north")
    response = client.get("/c/north/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    document = json.loads(response.content)
    assert document["name"] == "North Balut Club"
    assert document["start_url"] == "/c/north/?app"
    assert document["scope"] == "/c/north/"
    assert document["display"] == "standalone"
    icons = [icon["src"] for icon in document["icons"]]
    assert icons == ["/c/north/icons/192.png", "/c/north/icons/512.png"]
    assert all(client.get(src).status_code == 200 for src in icons)


@pytest.mark.parametrize("size", [192, 512])
def test_each_icon_is_a_square_png_of_its_size(client: Client, size: int) -> None:
    response = client.get(f"/icons/{size}.png")
    assert response.status_code == 200
    image = Image.open(io.BytesIO(response.content))
    assert (image.format, image.size) == ("PNG", (size, size))


def test_the_favicon_is_an_icon_and_the_pages_link_it_and_the_manifest(client: Client) -> None:
    the_club()
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert Image.open(io.BytesIO(response.content)).format == "ICO"
    page = client.get("/verify/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    assert 'href="/favicon.ico"' in page


def test_the_icons_answer_nothing_but_reads(client: Client) -> None:
    assert client.post("/icons/192.png").status_code == 405
    assert client.post("/favicon.ico").status_code == 405
    assert client.post("/manifest.webmanifest").status_code == 405
