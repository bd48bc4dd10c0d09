"""A tablet over plain HTTP, for the club night benchmark and its test: no Django, no browser.

It does what the tablet's page does on the wire: signs in on the sign-in page with a member's
PIN (the form's CSRF token, the session cookie), opens the game page for the CSRF token the page
hands htmx (`hx-headers` on the body), and posts each turn as htmx posts the turn form: the
player, box and dice, the pad's `rolls_from`, a fresh request key, the number of turns already
recorded, and the headers htmx sends (HX-Request, HX-Target "play": the element the form's
answer is for, HX-Current-URL) with the CSRF token. Like a browser it asks for gzip and reads it.

Without HX-Target the server cannot know the answer is for the tablet's play area and answers
with the whole of it, as to any other htmx request: a turn then cost three times what a tablet's
does (the club night measured that until session 14).
"""

from __future__ import annotations

import gzip
import http.client
import re
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

FORM_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
HTMX_TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')
TIMEOUT = 60.0


class TabletError(Exception):
    """The server answered the tablet with something a tablet cannot go on from."""


class TabletClient:
    def __init__(self, base_url: str) -> None:
        parts = urlsplit(base_url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.opened: int | None = None
        # Where the last answer sent the browser (a redirect's Location), or "".
        self.location = ""
        self._connection: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, fields: Mapping[str, str] | None = None, **headers: str
    ) -> tuple[int, str]:
        """Status and body; cookies the server sets are kept, as a browser keeps them."""
        body = urlencode(fields) if fields is not None else None
        sent = {"Accept-Encoding": "gzip", **headers}
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        for attempt in range(2):
            connection = self._connection or http.client.HTTPConnection(
                self.host, self.port, timeout=TIMEOUT
            )
            self._connection = connection
            try:
                connection.request(method, path, body=body, headers=sent)
                response = connection.getresponse()
                raw = response.read()
                if response.headers.get("Content-Encoding") == "gzip":
                    raw = gzip.decompress(raw)
                text = raw.decode("utf-8", "replace")
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                # The server closed a kept-alive connection: a browser opens a new one.
                connection.close()
                self._connection = None
                if attempt:
                    raise
        self.location = response.headers.get("Location") or ""
        for header in response.headers.get_all("Set-Cookie") or []:
            cookie: SimpleCookie = SimpleCookie()
            cookie.load(header)
            for name, morsel in cookie.items():
                self.cookies[name] = morsel.value
        if response.will_close:
            connection.close()
            self._connection = None
        return response.status, text

    def get_status(self, path: str) -> int:
        return self.request("GET", path)[0]

    def sign_in(self, *, member: int, pin: str) -> None:
        status, page = self.request("GET", "/signin/")
        token = FORM_TOKEN.search(page)
        if status != 200 or token is None:
            raise TabletError(f"the sign-in page answered {status} without a form")
        status, page = self.request(
            "POST",
            "/signin/",
            {"member": str(member), "pin": pin, "next": "/", "csrfmiddlewaretoken": token[1]},
        )
        if status != 302 or "sessionid" not in self.cookies:
            raise TabletError(f"signing in with the PIN answered {status}")

    def open_game(self, game: int) -> None:
        status, page = self.request("GET", f"/games/{game}/")
        token = HTMX_TOKEN.search(page)
        if status != 200 or token is None:
            raise TabletError(f"the game page answered {status} without a CSRF token for htmx")
        self.csrf = token[1]
        self.opened = game

    def post_turn(
        self, game: int, turn: Mapping[str, str], expected_number: int
    ) -> tuple[int, str]:
        fields = {
            **turn,
            # The pad's form says its page looks the next pad's rolls up in the engine's columns.
            "rolls_from": "columns",
            "expected_number": str(expected_number),
            "request_key": str(uuid.uuid4()),
        }
        return self.request(
            "POST",
            f"/games/{game}/turns/",
            fields,
            **{
                "HX-Request": "true",
                "HX-Target": "play",
                "HX-Current-URL": f"http://{self.host}:{self.port}/games/{game}/",
                "X-CSRFToken": self.csrf,
            },
        )

    def play(
        self,
        *,
        game: int,
        turns: Sequence[Mapping[str, str]],
        on_turn: Callable[[float, str], None],
        pace: float | None = None,
        start: float | None = None,
    ) -> None:
        """Every turn of `game` in order; `on_turn(seconds, error)` after each. With `pace`,
        one turn every `pace` seconds from `start` (perf_counter), else each as soon as the last
        is answered. The game page is opened first unless it already is (a scorer opens it before
        the first turn, not as part of it)."""
        if self.opened != game:
            self.open_game(game)
        for number, turn in enumerate(turns):
            if pace is not None and start is not None:
                time.sleep(max(0.0, start + number * pace - time.perf_counter()))
            begun = time.perf_counter()
            status, _ = self.post_turn(game, turn, number)
            error = "" if status == 200 else f"game {game} turn {number}: HTTP {status}"
            on_turn(time.perf_counter() - begun, error)
