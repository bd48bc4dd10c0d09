"""What a tablet sends the server, request by request, as the server receives it.

The recorder listens where the server does (Django's `request_started` signal, with the WSGI
environ of every request that reaches the live server, the service worker's and the browser's
alike: a file the browser found in its cache never comes), and takes each POST's form body
from the browser (Playwright's `request` event; a POST never comes from a cache or the service
worker). A request is kept in its shape only: the method, the path with the game's id as
`{game}`, the headers that change what the server does, and the form's fields with their values
where they are constants of the page (`{token}`, `{uuid}`, `{member}`... where they vary).

The browser's update checks of the service worker (`/sw.js` asked again with the worker itself
as referrer) come when the browser decides, some while after a navigation: they are left out;
the worker's registration on a game page is in its step.

Static files are listed apart (`static`, sorted): the browser keeps them, so when it asks for
one again depends on its cache, never on the app; under `make serve` their names carry their
hash and are kept for good (WhiteNoise), so a tablet asks for each once.

`fixtures/tablet_requests.json` holds a recording (tests/browser/test_tablet_wire.py keeps it
true) and the club night benchmark replays it (benchmarks/night_replay.py).
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from django.core.signals import request_finished, request_started
from playwright.sync_api import BrowserContext, Request

# The headers that change what the server does with a request, as the fixture names them.
HEADERS = {
    "HTTP_HX_REQUEST": "HX-Request",
    "HTTP_HX_TARGET": "HX-Target",
    "HTTP_HX_TRIGGER": "HX-Trigger",
    "HTTP_HX_CURRENT_URL": "HX-Current-URL",
    "HTTP_X_CSRFTOKEN": "X-CSRFToken",
    "HTTP_ORIGIN": "Origin",
    "HTTP_REFERER": "Referer",
    "HTTP_ACCEPT_ENCODING": "Accept-Encoding",
    "HTTP_ACCEPT_LANGUAGE": "Accept-Language",
    "HTTP_CACHE_CONTROL": "Cache-Control",
    "HTTP_SERVICE_WORKER": "Service-Worker",
    "HTTP_SEC_FETCH_DEST": "Sec-Fetch-Dest",
    "HTTP_SEC_FETCH_MODE": "Sec-Fetch-Mode",
    "CONTENT_TYPE": "Content-Type",
}
# Form fields whose values vary from request to request: their placeholders.
VARYING = {
    "csrfmiddlewaretoken": "{token}",
    "request_key": "{uuid}",
    "pin": "{pin}",
    "member": "{member}",
    "scorer": "{member}",
    "player_0_member": "{member}",
    "player_1_guest": "{guest}",
    "player": "{player}",
    "dice": "{dice}",
    "box": "{box}",
    "expected_number": "{number}",
}
SERVICE_WORKER = "/sw.js"
GAME_PATH = re.compile(r"/games/\d+/")
QUIET_SECONDS = 1.0


@dataclass
class Wire:
    """Every request the server received, in the steps the test named."""

    base: str
    steps: list[dict[str, Any]] = field(default_factory=list)
    static: set[str] = field(default_factory=set)
    _received: list[dict[str, Any]] = field(default_factory=list)
    _bodies: list[str] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _open: int = 0
    _last: float = 0.0

    def finished(self) -> None:
        with self._lock:
            self._open -= 1
            self._last = time.monotonic()

    def received(self, environ: dict[str, Any]) -> None:
        path = environ["PATH_INFO"]
        with self._lock:
            self._open += 1
            self._last = time.monotonic()
            if path.startswith("/static/"):
                self.static.add(path)
                return
            if environ.get("HTTP_REFERER", "").endswith(SERVICE_WORKER):
                # The browser checking its service worker for an update: when it does is the
                # browser's choice (after a navigation, some time later), so it is left out.
                return
            self._received.append(
                {
                    "method": environ["REQUEST_METHOD"],
                    "path": self.pattern(path),
                    "query": environ.get("QUERY_STRING", ""),
                    "headers": {
                        name: "{token}" if name == "X-CSRFToken" else self.pattern(environ[key])
                        for key, name in HEADERS.items()
                        # A request without a body has no type (WSGI says text/plain).
                        if environ.get(key)
                        and (key != "CONTENT_TYPE" or environ.get("CONTENT_LENGTH"))
                    },
                }
            )

    def sent(self, request: Request) -> None:
        if request.method == "POST" and request.service_worker is None:
            with self._lock:
                self._bodies.append(request.post_data or "")

    def pattern(self, text: str) -> str:
        """Addresses with the server's origin as {origin} and any game's id as {game}."""
        text = text.replace(self.base, "{origin}")
        return GAME_PATH.sub("/games/{game}/", text)

    def step(self, name: str) -> None:
        """Everything received since the last step is this step's (once the server is quiet)."""
        self.quiet()
        with self._lock:
            received, self._received = self._received, []
            bodies, self._bodies = self._bodies, []
        for request in received:
            if request["method"] == "POST":
                request["fields"] = shape(bodies.pop(0)) if bodies else {}
            if not request["query"]:
                del request["query"]
        self.steps.append({"step": name, "requests": ordered(received)})

    def quiet(self, seconds: float = QUIET_SECONDS, within: float = 15.0) -> None:
        """Until the server has answered every request and none came for `seconds`."""
        start = time.monotonic()
        while time.monotonic() - start < within:
            with self._lock:
                calm = not self._open and time.monotonic() - max(self._last, start) >= seconds
            if calm:
                return
            time.sleep(0.02)

    def recording(self) -> dict[str, Any]:
        return {"steps": self.steps, "static": sorted(self.static)}


def shape(body: str) -> dict[str, str]:
    """A form body's fields in order, each with its value or the placeholder of a varying one."""
    return {name: VARYING.get(name, value) for name, value in parse_qsl(body, True)}


def ordered(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The step's navigations and posts in the order sent, then what the pages asked for
    meanwhile (scripts, fragments, the service worker), sorted: the browser asks for those in
    parallel, in no fixed order."""
    main = [r for r in requests if _leads(r)]
    rest = sorted((r for r in requests if not _leads(r)), key=lambda r: (r["path"], r["method"]))
    return main + rest


def _leads(request: dict[str, Any]) -> bool:
    return request["method"] == "POST" or request["headers"].get("Sec-Fetch-Dest") == "document"


@contextmanager
def recorded(context: BrowserContext, base_url: str) -> Iterator[Wire]:
    """Record what the tablet of `context` sends the live server at `base_url`."""
    wire = Wire(base=urlsplit(base_url)._replace(path="").geturl())

    def on_request(sender: object, environ: dict[str, Any], **kwargs: object) -> None:
        wire.received(environ)

    def on_finished(sender: object, **kwargs: object) -> None:
        wire.finished()

    request_started.connect(on_request, weak=False)
    request_finished.connect(on_finished, weak=False)
    context.on("request", wire.sent)
    try:
        yield wire
    finally:
        request_started.disconnect(on_request)
        request_finished.disconnect(on_finished)
        context.remove_listener("request", wire.sent)
