"""A table's page links, as django-tables2's bootstrap5 template draws them, drawn in a plain
loop (issue 29).

The same list items, classes, addresses and words (django-tables2's own "previous" and "next",
in its catalog), but each link's address is made here rather than by a `querystring_replace`
tag and a template loop: only a register longer than a page has the links, and drawing them
through the template was most of what its page grew by from one year of history to ten.
"""

from __future__ import annotations

import django_tables2 as tables
from django.utils.formats import localize
from django.utils.html import conditional_escape, escape
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django_tables2.templatetags.django_tables2 import table_page_range

# django-tables2's words, translated by its catalog: named here, not written as literals in
# gettext calls, so they are not extracted into the project's catalogs as words of its own.
_WORDS = ("previous", "next")


def drawn_pages(table: tables.Table) -> SafeString:
    """The page links of `table` (configured by RequestConfig with a paginator), or nothing
    when it has a single page."""
    page = getattr(table, "page", None)
    if not page or table.paginator.num_pages <= 1:
        return mark_safe("")
    previous, following = (conditional_escape(gettext(word)) for word in _WORDS)
    field = table.prefixed_page_field
    query = dict(table.request.GET)

    def address(number: object) -> str:
        return escape("?" + urlencode({**query, field: number}, doseq=True))

    items = []
    if page.has_previous():
        items.append(
            f'<li class="previous page-item"><a href="{address(page.previous_page_number())}" '
            f'class="page-link"><span aria-hidden="true">&laquo;</span> {previous}</a></li>'
        )
    if page.has_previous() or page.has_next():
        for number in table_page_range(page, table.paginator):
            active = " active" if page.number == number else ""
            where = f' href="{address(number)}"' if number != "..." else ""
            items.append(
                f'<li class="page-item{active}"><a class="page-link"{where}>'
                f"{conditional_escape(localize(number))}</a></li>"
            )
    if page.has_next():
        items.append(
            f'<li class="next page-item"><a href="{address(page.next_page_number())}" '
            f'class="page-link">{following} <span aria-hidden="true">&raquo;</span></a></li>'
        )
    return mark_safe(
        '<nav aria-label="Table navigation"><ul class="pagination justify-content-center">'
        + "".join(items)
        + "</ul></nav>"
    )
