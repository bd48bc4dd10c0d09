"""The home page renders the app shell with locally served assets."""

from html.parser import HTMLParser

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from tests.factories import the_club

pytestmark = pytest.mark.django_db


class AssetCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.assets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "script" and attributes.get("src"):
            self.assets.append(str(attributes["src"]))
        if tag == "link" and attributes.get("href"):
            self.assets.append(str(attributes["href"]))


def home_html(client: Client) -> str:
    response = client.get(reverse("scoring:home"))
    assert response.status_code == 200
    return response.content.decode()


def test_the_home_page_answers_with_the_clubs_own_name(client: Client) -> None:
    assert reverse("scoring:home") == "/"
    html = home_html(client)
    name = the_club().name
    assert f"<title>{name}</title>" in html
    assert f"{name}</h1>" in html
    assert "BalutClub" not in html


def test_assets_are_served_from_static_never_a_cdn(client: Client) -> None:
    collector = AssetCollector()
    collector.feed(home_html(client))
    assert collector.assets, "the page loads no CSS or JS at all"
    # The JavaScript catalog is the app's own view (in the page's language), served from here too.
    catalog = reverse("javascript-catalog")
    assert catalog in collector.assets
    # So are the installable app's manifest and icons (scoring.views.install, drawn here).
    own = {catalog, reverse("scoring:manifest"), "/favicon.ico", "/icons/192.png", "/icons/512.png"}
    collector.assets = [asset for asset in collector.assets if asset not in own]
    for asset in collector.assets:
        assert asset.startswith("/static/"), asset
        assert "http" not in asset and not asset.startswith("//"), asset
    names = {asset.removeprefix("/static/") for asset in collector.assets}
    assert {
        "vendor/bootstrap/bootstrap.min.css",
        "vendor/bootstrap/bootstrap.bundle.min.js",
        "vendor/htmx/htmx.min.js",
        "css/balutclub.css",
    } <= names
    for name in names:
        assert finders.find(name), f"{name} is referenced but not found; run `make install`"


def test_the_page_is_dark_and_sized_for_tablets(client: Client) -> None:
    html = home_html(client)
    assert '<html lang="en" data-bs-theme="dark">' in html
    assert 'name="viewport" content="width=device-width, initial-scale=1' in html


def test_htmx_requests_carry_the_csrf_token(client: Client) -> None:
    client.get(reverse("scoring:home"))
    html = home_html(client)
    assert 'hx-headers=\'{"X-CSRFToken": "' in html


def test_the_admin_asks_for_a_sign_in(client: Client) -> None:
    response = client.get("/admin/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
