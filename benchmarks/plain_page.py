"""Issue 29's plain page, the turn benchmark's floor: the verify page's form, a GET by the same
signed-in scorer, so it pays the same session, user and base layout a page of the app pays."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from benchmarks.request_clocks import BenchmarkError, TemplateClock
from benchmarks.stats import summarize

PLAIN_PAGE = "scoring:verify"
PLAIN = {"Accept-Encoding": "gzip"}
# Untimed plain pages whose template time is taken (the clock around each template render).
TEMPLATE_SAMPLES = 50


def get_plain(client: Client) -> None:
    response = client.get(reverse(PLAIN_PAGE), headers=PLAIN)
    if response.status_code != 200:
        raise BenchmarkError(f"plain page: HTTP {response.status_code}")


def plain_template_ms(client: Client, samples: int = TEMPLATE_SAMPLES) -> float:
    """The median CPU milliseconds a plain page spends in its templates (untimed requests)."""
    times = []
    for _ in range(samples):
        with TemplateClock() as templates:
            get_plain(client)
        times.append(templates.total)
    return summarize(times).median_ms
