"""The API's docs page (/api/v1/docs) names only this server's files, and the
Content-Security-Policy it is sent with allows exactly those: scripts and styles from 'self', no
inline script run (its settings are a JSON data block), nothing from a CDN.
tests/browser/test_api_docs.py runs the page in chromium under that policy."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


class Sources(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[str] = []
        self.styles: list[str] = []
        self.inline: list[str] = []
        self._in_script: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script":
            if named.get("src"):
                self.scripts.append(named["src"] or "")
            else:
                self._in_script = named.get("type") or "text/javascript"
        if tag == "link" and named.get("rel") == "stylesheet":
            self.styles.append(named.get("href") or "")
        if tag == "style" or "style" in named:
            self.inline.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = None

    def handle_data(self, data: str) -> None:
        if self._in_script is not None and data.strip():
            self.inline.append(self._in_script)


def directive(policy: str, name: str) -> list[str]:
    for part in policy.split(";"):
        words = part.split()
        if words and words[0] == name:
            return words[1:]
    return []


def test_the_docs_name_only_this_servers_files_and_the_policy_allows_them(
    client: Client,
) -> None:
    response = client.get("/api/v1/docs")
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    assert policy == settings.CONTENT_SECURITY_POLICY
    page = Sources()
    page.feed(response.content.decode())

    assert page.scripts and page.styles
    for source in [*page.scripts, *page.styles]:
        # Same origin: a path of this server's static files, never another host.
        assert source.startswith(settings.STATIC_URL) and not source.startswith("//"), source
        assert client.get(source).status_code == 200, source
    assert directive(policy, "script-src") == ["'self'"]
    assert directive(policy, "style-src") == ["'self'"]
    assert directive(policy, "connect-src") == ["'self'"]
    # The only inline script is the settings' JSON, which the browser does not run.
    assert page.inline == ["application/json"]
    html = response.content.decode()
    settings_json = re.search(r'id="swagger-settings">(.*?)</script>', html, re.S)
    assert settings_json is not None
    swagger = json.loads(settings_json.group(1))
    assert swagger["url"].startswith("/api/v1/") and swagger["validatorUrl"] is None
