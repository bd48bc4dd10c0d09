"""The API's routes, one module a part of the club; each reads that part's selectors."""

from __future__ import annotations

from typing import TypeVar

from api.schemas import Paging

T = TypeVar("T")


def page_of(items: list[T] | object, paging: Paging, count: int) -> dict[str, object]:
    return {"count": count, "page": paging.page, "page_size": paging.page_size, "items": items}


def window(paging: Paging) -> slice:
    start = (paging.page - 1) * paging.page_size
    return slice(start, start + paging.page_size)
