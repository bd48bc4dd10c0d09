"""The register's page links, drawn in a plain loop (league.table_pages): the same links
django-tables2's bootstrap5 template draws, in every language, whatever the page."""

from __future__ import annotations

import re

import django_tables2 as tables
import pytest
from django.template import Context, Template
from django.test import RequestFactory
from django.utils import translation
from django_tables2 import RequestConfig

from league.table_pages import drawn_pages


class Numbers(tables.Table):
    number = tables.Column()


def configured(pages: int, page: int) -> tables.Table:
    # A filter with characters an address must escape, kept in every link beside the page.
    request = RequestFactory().get(
        "/register/", {"sort": "-number", "player": "<O'Tom & Co>", "page": str(page)}
    )
    table = Numbers([{"number": n} for n in range(pages)])
    RequestConfig(request, paginate={"per_page": 1}).configure(table)
    return table


def links(html: str) -> str:
    """The page links of `html`, whitespace between and around tags and before a tag's end
    left out (the template's indentation shows nothing); "" when it has none."""
    start = html.find('<nav aria-label="Table navigation"')
    if start < 0:
        return ""
    nav = re.sub(r"\s+", " ", html[start : html.index("</nav>", start) + len("</nav>")])
    return re.sub(r"\s*(<[^>]*?)\s*>\s*", r"\1>", nav)


def templates_links(table: tables.Table) -> str:
    template = Template(
        '{% load django_tables2 %}{% render_table table "django_tables2/bootstrap5.html" %}'
    )
    return links(template.render(Context({"table": table, "request": table.request})))


@pytest.mark.parametrize("language", ["en", "da", "de"])
@pytest.mark.parametrize(
    ("pages", "page"), [(1, 1), (2, 1), (2, 2), (7, 3), (30, 1), (30, 15), (30, 30)]
)
def test_the_page_links_are_the_ones_django_tables2_draws(
    language: str, pages: int, page: int
) -> None:
    table = configured(pages, page)

    with translation.override(language):
        assert links(drawn_pages(table)) == templates_links(table)


def test_a_single_page_has_no_links() -> None:
    assert drawn_pages(configured(1, 1)) == ""


def test_a_long_register_skips_pages_with_an_ellipsis_that_links_nowhere() -> None:
    drawn = drawn_pages(configured(30, 15))

    assert '<a class="page-link">...</a>' in drawn
    assert "player=%3CO%27Tom+%26+Co%3E&amp;page=16" in drawn
