"""What a server process does once, before it takes a request, instead of on its first ones.

A worker's first request used to cost some 0.5 s against some 20 ms warm: importing every view
through the URLconf, compiling the templates, loading each language's catalog and formats,
building the engine's preview tables. gunicorn workers are recycled every ~2,000 requests, so a
club night paid that again and again. balutclub/gunicorn_conf.py loads the app in the master
(preload_app) and calls `warm` there, before any worker is forked: each worker, the recycled
ones too, starts with all of it in memory it shares with the master. Nothing here touches the
database, and the connections are closed at the end anyway: a forked worker must open its own.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Callable, Iterable
from pathlib import Path

import django
from django.conf import settings
from django.db import connections
from django.forms.renderers import get_default_renderer
from django.template import TemplateDoesNotExist, TemplateSyntaxError, engines
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext

logger = logging.getLogger(__name__)

FORM_TEMPLATES = Path(django.__file__).parent / "forms" / "templates"


def warm() -> None:
    # Importing the URLconf imports every view, and what the views import.
    _compile_url_patterns(get_resolver().url_patterns)
    _compile_templates()
    today = timezone.localdate()
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            gettext("Balut")  # the language's catalogs
            formats.date_format(today, "DATE_FORMAT")  # its format module
            reverse("scoring:home")  # the URL resolver's reverse table, kept per language
    # The engine's tables every tablet page and turn answer carry.
    from scoring.presentation.tablet import warm_previews

    warm_previews()
    # The migration graph from the modules on disk (no query): clubs.migrated reads it.
    from clubs.migrated import migrations_on_disk

    migrations_on_disk()
    connections.close_all()
    # What is loaded now stays put: the collector never walks (and so never copies, page by
    # page, into each forked worker) the objects the workers share with the master.
    gc.freeze()


def _compile_url_patterns(patterns: Iterable[URLPattern | URLResolver]) -> None:
    """Each URL pattern compiles its regular expression when first matched: all of them now."""
    for pattern in patterns:
        pattern.pattern.regex  # noqa: B018
        if isinstance(pattern, URLResolver):
            _compile_url_patterns(pattern.url_patterns)


def _compile_templates() -> None:
    """Every template the app's engine finds (the pages', the tables', the admin's) into its
    cached loader, and the form widgets' into the form renderer's: a worker renders from
    memory from its first request on. One that does not compile is left for its page to
    report, as it would be without the warm-up."""
    for engine in engines.all():
        for directory in engine.template_dirs:
            _compile(Path(directory), engine.get_template)
    _compile(FORM_TEMPLATES, get_default_renderer().get_template)


def _compile(directory: Path, get_template: Callable[[str], object]) -> None:
    for path in sorted(directory.rglob("*.html")):
        try:
            get_template(path.relative_to(directory).as_posix())
        except (TemplateDoesNotExist, TemplateSyntaxError):
            logger.warning("The warm-up could not compile the template %s", path)
