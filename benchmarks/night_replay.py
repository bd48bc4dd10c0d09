"""A tablet as the browser tests recorded it: every request a real tablet sends, replayed.

`fixtures/tablet_requests.json` is what Chromium on the tablet sent the server during a game
(tests/browser/test_tablet_wire.py records it and fails when the tablet's page changes it): each
step a scorer takes (open the sign-in page, sign in with the PIN, open the start form, start the
game, record a turn, come back into view, record the game's last turn) with every request the
server received for it, in its shape: the method, the path, the headers, the form's fields. A
`ReplayTablet` sends exactly those, with this tablet's values in the placeholders: its member,
PIN and guest, the game the start form made, the CSRF token its pages handed it (the form's in
a form, htmx's in X-CSRFToken), a fresh request key, the turn's player, dice, box and number.

A night, per tablet: the static files once (under `make serve` their names carry their hash
and the browser keeps them for good), the sign-in page and the PIN; then for each game the
start form, the game started with the scorer's PIN (the game page, its fragment, htmx's
catalog and the service worker come with it), every turn, the tablet brought back into view
once half-way, and the game's last turn as the tablet sends that one (through htmx: the offline
plan cannot draw the pad after it).
"""

from __future__ import annotations

import json
import re
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from benchmarks.night_client import FORM_TOKEN, HTMX_TOKEN, TabletClient, TabletError

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "tablet_requests.json"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
GAME_ADDRESS = re.compile(r"/games/(\d+)/$")
TURN = "record a turn"
LAST_TURN = "record the game's last turn"
# What a step may be answered with: a form sent is answered with a redirect to the next page.
REDIRECTED = {"POST": {"/signin/", "/games/new/"}}

# (seconds, error, the step's name, the request's path pattern)
OnRequest = Callable[[float, str, str, str], None]


def recorded_steps(path: Path = FIXTURE) -> tuple[dict[str, list[dict[str, Any]]], list[str]]:
    """Each step's requests (the first recording of a step name) and the static files."""
    data = json.loads(path.read_text())
    steps: dict[str, list[dict[str, Any]]] = {}
    for step in data["steps"]:
        steps.setdefault(step["step"], step["requests"])
    return steps, list(data["static"])


class ReplayTablet:
    """One tablet: a browser's cookies and connection, and the values its requests carry."""

    def __init__(self, base: str, tablet: Mapping[str, Any]) -> None:
        self.client = TabletClient(base)
        self.steps, self.static = recorded_steps()
        self.values = {
            "origin": base,
            "member": str(tablet["member"]),
            "pin": str(tablet["pin"]),
            "guest": str(tablet["guest"]),
        }
        self.form_token = ""
        self.htmx_token = ""
        self.game = 0

    def fill(self, text: str, values: Mapping[str, str], token: str) -> str:
        def value(match: re.Match[str]) -> str:
            name = match[1]
            if name == "token":
                return token
            if name == "uuid":
                return str(uuid.uuid4())
            if name == "game":
                return str(self.game)
            return values[name]

        return PLACEHOLDER.sub(value, text)

    def send(self, request: Mapping[str, Any], values: Mapping[str, str]) -> str:
        """One recorded request sent; '' or what went wrong."""
        headers = {
            name: self.fill(value, values, self.htmx_token)
            for name, value in request["headers"].items()
            # The client sets the body's type itself.
            if name != "Content-Type"
        }
        fields = None
        if "fields" in request:
            fields = {
                name: self.fill(value, values, self.form_token)
                for name, value in request["fields"].items()
            }
        path = self.fill(request["path"], values, "")
        if request.get("query"):
            path += "?" + request["query"]
        status, page = self.client.request(request["method"], path, fields, **headers)
        if (token := FORM_TOKEN.search(page)) is not None:
            self.form_token = token[1]
        if (token := HTMX_TOKEN.search(page)) is not None:
            self.htmx_token = token[1]
        if (made := GAME_ADDRESS.search(self.client.location)) is not None:
            self.game = int(made[1])
        expected = 302 if request["path"] in REDIRECTED.get(request["method"], ()) else 200
        return "" if status == expected else f"{request['method']} {path}: HTTP {status}"

    def step(self, name: str, on_request: OnRequest, **values: str) -> None:
        """Every request of the recorded step `name`, one after the other."""
        for request in self.steps[name]:
            begun = time.perf_counter()
            error = self.send(request, {**self.values, **values})
            on_request(time.perf_counter() - begun, error, name, request["path"])
            if error and request["method"] == "POST":
                raise TabletError(error)

    def arrive(self, on_request: OnRequest) -> None:
        """The first visit: the static files once, the sign-in page, the PIN."""
        for path in self.static:
            begun = time.perf_counter()
            status, _ = self.client.request("GET", path)
            error = "" if status == 200 else f"GET {path}: HTTP {status}"
            on_request(time.perf_counter() - begun, error, "static files", path)
        self.step("open the sign-in page", on_request)
        self.step("sign in with the PIN", on_request)

    def play(
        self,
        turns: Sequence[Mapping[str, str]],
        on_request: OnRequest,
        *,
        pace: float | None = None,
        start: float | None = None,
    ) -> None:
        """A game started through the start form and played to its end; with `pace`, one turn
        every `pace` seconds from `start` (perf_counter), else each when the last is answered."""
        if pace is not None and start is not None:
            time.sleep(max(0.0, start - time.perf_counter()))
        self.step("open the start form", on_request)
        self.step("start the game", on_request)
        if not self.game:
            raise TabletError("the start form led to no game")
        begun = time.perf_counter()
        for number, turn in enumerate(turns):
            if pace is not None:
                time.sleep(max(0.0, begun + (number + 1) * pace - time.perf_counter()))
            if number == len(turns) // 2:
                self.step("back in view", on_request)
            name = LAST_TURN if number == len(turns) - 1 else TURN
            self.step(name, on_request, number=str(number), **turn)
        self.game = 0
