"""Each PDF test starts in English: a sheet's words follow the language active when it is laid
out, and a page another test rendered must not leave its language behind."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield
