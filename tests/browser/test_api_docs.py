"""The read API's browsable docs (/api/v1/docs, Swagger UI) run under the app's
Content-Security-Policy: every file the page asks for comes from this server, the browser
refuses nothing, and the docs draw the API's operations from its schema."""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import ConsoleMessage, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.test_content_security_policy import RECORD_VIOLATIONS
from tests.factories import the_club

pytestmark = pytest.mark.browser


def test_the_api_docs_load_from_this_server_and_run_under_the_policy(
    live_server: LiveServer, tablet_page: Page
) -> None:
    the_club()
    page = tablet_page
    asked: list[str] = []
    refused: list[str] = []
    page.on("request", lambda request: asked.append(request.url))

    def listen(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or message.type == "error":
            refused.append(message.text)

    page.on("console", listen)
    page.add_init_script(RECORD_VIOLATIONS)

    answer = page.goto(f"{live_server.url}/api/v1/docs")
    assert answer is not None and answer.status == 200
    assert answer.headers["content-security-policy"] == settings.CONTENT_SECURITY_POLICY

    # Swagger UI has run: it read the schema and drew the operations.
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("BalutClub")
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible()
    assert any(url.endswith("/api/v1/openapi.json") for url in asked)
    strangers = [url for url in asked if not url.startswith((live_server.url, "data:", "blob:"))]
    assert strangers == []
    assert page.evaluate("window.cspViolations") == []
    assert refused == []
