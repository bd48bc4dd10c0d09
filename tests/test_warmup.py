"""No cold worker: gunicorn loads the app in its master and warms it there (balutclub.warmup)
before forking, so a worker's first request costs what a warm one does. `make bench`'s
first_turn measures it (docs/benchmarks.md); these tests check the mechanism, never a timing."""

from __future__ import annotations

import gc
import importlib
from collections.abc import Iterator
from types import ModuleType
from unittest import mock

import pytest
from django.template import engines
from django.template.backends.django import DjangoTemplates

from balutclub import warmup
from scoring.presentation import tablet


@pytest.fixture
def gunicorn_conf(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    monkeypatch.delenv("GUNICORN_PRELOAD", raising=False)
    yield importlib.import_module("balutclub.gunicorn_conf")


def test_gunicorn_loads_the_app_in_the_master_and_warms_it_before_forking(
    gunicorn_conf: ModuleType,
) -> None:
    server = mock.Mock()

    with mock.patch("balutclub.warmup.warm") as warm:
        gunicorn_conf.when_ready(server)

    assert gunicorn_conf.preload_app is True
    warm.assert_called_once_with()
    server.log.exception.assert_not_called()


def test_a_failed_warm_up_is_logged_and_the_server_starts_anyway(gunicorn_conf: ModuleType) -> None:
    server = mock.Mock()

    with mock.patch("balutclub.warmup.warm", side_effect=RuntimeError("no")):
        gunicorn_conf.when_ready(server)

    server.log.exception.assert_called_once()


def test_gunicorn_preload_0_loads_the_app_in_each_worker_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GUNICORN_PRELOAD", "0")
    conf = importlib.reload(importlib.import_module("balutclub.gunicorn_conf"))

    with mock.patch("balutclub.warmup.warm") as warm:
        conf.when_ready(mock.Mock())

    assert conf.preload_app is False
    warm.assert_not_called()
    monkeypatch.delenv("GUNICORN_PRELOAD")
    importlib.reload(conf)


def test_the_warm_up_fills_what_a_first_turn_needs_without_touching_the_database() -> None:
    # No django_db mark: a query here would fail the test, and a master must not hold a
    # connection its forked workers would share.
    tablet.forget_previews()
    engine = engines["django"]
    assert isinstance(engine, DjangoTemplates)
    loader = engine.engine.template_loaders[0]
    loader.reset()

    try:
        warmup.warm()
    finally:
        gc.unfreeze()  # the warm-up freezes what it loaded for the workers, not for this process

    compiled = set(loader.get_template_cache)
    assert {"scoring/game.html", "scoring/partials/turn_answer.html", "base.html"} <= compiled
    assert tablet._preview_rolls.cache_info().currsize >= 3
    assert tablet._columns_payload.cache_info().currsize >= 3
