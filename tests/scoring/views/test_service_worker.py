"""/sw.js: the tablet's service worker, served from the root so it may control /games/."""

from __future__ import annotations

from django.test import Client


def test_the_service_worker_is_served_at_the_root_never_cached(client: Client) -> None:
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    script = response.content.decode()
    assert 'addEventListener("fetch"' in script
    assert "GAME_PAGE" in script


def test_the_service_worker_cannot_be_posted_to(client: Client) -> None:
    assert client.post("/sw.js").status_code == 405
