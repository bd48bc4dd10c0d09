"""What a reader sees on a page, for assertions that a name is absent.

A page's markup carries random tokens (the CSRF token is 64 letters and digits), so a short
name such as "Cy" turns up in it by chance about once in sixty pages: absence is checked on
the text alone.
"""

from html.parser import HTMLParser


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._in_script = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._in_script += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._in_script = max(0, self._in_script - 1)

    def handle_data(self, data: str) -> None:
        if not self._in_script and data.strip():
            self.parts.append(data.strip())


def text_of(html: str) -> str:
    """The page's text, one line per piece of text, without tags, attributes or scripts."""
    reader = _Text()
    reader.feed(html)
    return "\n".join(reader.parts)
