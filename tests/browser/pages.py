"""What a scorer does on the tablet, step by step, for the browser tests.

Each helper taps what a scorer would tap; none of them works a score out. Expected figures
come from the rules engine (`scoring.rules`), fed the same turns the helpers played.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Locator, Page, Response, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scoring import rules
from scoring.models import Member

# Screenshots to look at after a run; inside the repository (build/ is ignored by git), so two
# checkouts testing at once never overwrite each other's. Each test writes its own file names.
SHOTS = Path(__file__).resolve().parents[2] / "build" / "shots"
PIN = "1234"
TURNS_URL = re.compile(r"/games/\d+/turns/$")


@dataclass(frozen=True)
class Move:
    """A five-dice turn as the scorer taps it.

    `dice` are the five final dice ("44412"); `throws` is the optional throw log, one token a
    throw: "x" for a cocked throw, else the faces of the dice thrown ("66666", "66").
    """

    dice: str
    box: str
    strike: bool = False
    throws: str = ""

    def record(self, player: str) -> dict[str, object]:
        turn: dict[str, object] = {"player": player, "box": self.box, "dice": faces(self.dice)}
        if self.strike:
            turn["strike"] = True
        if self.throws:
            turn["throws"] = [throw_record(token) for token in self.throws.split()]
        return turn


BarbutThrows = Sequence[tuple[str, str]]
"""A Barbut turn: (dice thrown, dice set aside) per throw, e.g. [("1111", "1111"), ("2346", "")]."""


def faces(text: str) -> list[int]:
    return [int(face) for face in text]


def throw_record(token: str) -> dict[str, object]:
    return {"cocked": True} if token == "x" else {"dice": faces(token)}


def shot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# Signing in and starting a game ---------------------------------------------------------------


def sign_in(page: Page, base_url: str, member: Member, pin: str = PIN) -> None:
    """The PIN sign-in of a shared tablet."""
    page.goto(f"{base_url}/signin/")
    page.locator("select[name=member]").select_option(str(member.pk))
    page.locator("input[name=pin]").fill(pin)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("nav .navbar-text")).to_have_text(member.known_as)


@dataclass(frozen=True)
class Seat:
    """A player at the table as the start form takes them: a member, or a guest by name."""

    member: Member | None = None
    guest: str = ""
    guess: int | None = None

    @property
    def name(self) -> str:
        return self.member.known_as if self.member is not None else self.guest


def start_game(
    page: Page,
    base_url: str,
    *,
    ruleset: str,
    seats: Sequence[Seat],
    scorer: Member,
    pin: str = PIN,
    options: Mapping[str, object] | None = None,
    friendly: bool = False,
) -> int:
    """From the home page's "Start a game" to the new game's tablet page; the game's id."""
    page.goto(f"{base_url}/")
    page.get_by_role("link", name="Start a game").click()
    page.wait_for_url(re.compile(r"/games/new/$"))
    form = page.locator("form", has=page.get_by_role("button", name="Start the game"))
    form.locator("select[name=ruleset]").select_option(ruleset)
    for name, value in (options or {}).items():
        field = form.locator(f"[name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    if friendly:
        form.locator("input[name=friendly]").check()
    for i, seat in enumerate(seats):
        if seat.member is not None:
            form.locator(f"select[name=player_{i}_member]").select_option(str(seat.member.pk))
        else:
            form.locator(f"input[name=player_{i}_guest]").fill(seat.guest)
        if seat.guess is not None:
            form.locator(f"input[name=player_{i}_guess]").fill(str(seat.guess))
    form.locator("select[name=scorer]").select_option(str(scorer.pk))
    form.locator("input[name=pin]").fill(pin)
    form.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    match = re.search(r"/games/(\d+)/$", page.url)
    assert match is not None
    expect(page.locator("nav .navbar-text")).to_have_text(scorer.known_as)
    return int(match.group(1))


# Recording turns -------------------------------------------------------------------------------


def play_area(page: Page) -> Locator:
    return page.locator("#play")


def turn_number(page: Page) -> int:
    """How many turns the page says are recorded (the number the next turn is sent as)."""
    return int(play_area(page).get_attribute("data-turn") or "-1")


def player_to_throw(page: Page) -> str:
    return page.locator("#turn-heading [data-player]").inner_text()


def tap(page: Page, target: Locator) -> None:
    """A finger's tap: the pointer pressed where the page shows `target`, whatever covers it.

    Unlike Locator.click, it does not wait for the page to hold still first, which keeps a
    whole game of taps quick; a disabled button takes the tap and does nothing, as on a tablet.
    """
    target.wait_for(state="visible")
    box = target.bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None
    if box["y"] < 0 or box["y"] + box["height"] > viewport["height"]:
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def tap_dice(page: Page, scope: Locator, dice: str) -> None:
    """Tap faces of the pad, one tap a die, each once the pad shows it takes taps (as a scorer
    looks before tapping): a loaded machine may still be drawing the previous step."""
    for face in dice:
        button = scope.locator(f"[data-face='{face}']")
        expect(button).to_be_enabled()
        before = dice_entered(scope)
        tap(page, button)
        # Chromium now and then drops the second of two synthetic clicks on one spot in quick
        # succession (the harness, not the page: each delivered click enters its die). A scorer
        # who does not see the die appear taps again; so does the test, once, and the dice
        # shown are still checked exactly afterwards.
        if not die_appeared(page, scope, before):
            tap(page, button)
            assert die_appeared(page, scope, before), f"the tap on {face} entered no die"


ENTERED_DICE = """scope =>
    scope.querySelectorAll('[data-thrown] .die').length
    + [...scope.querySelectorAll('[data-slot]')].filter(e => e.textContent.trim() !== '·').length"""


def dice_entered(scope: Locator) -> int:
    return int(scope.evaluate(ENTERED_DICE))


def die_appeared(page: Page, scope: Locator, before: int) -> bool:
    try:
        page.wait_for_function(
            f"([scope, before]) => ({ENTERED_DICE})(scope) > before",
            arg=[scope.element_handle(), before],
            timeout=2000,
        )
    except PlaywrightTimeoutError:
        return False
    return True


def submit_turn(page: Page, button: Locator) -> Response:
    """Tap a button that sends the turn; wait for the answer and for it to be swapped in."""
    before = play_area(page).evaluate("e => { e.dataset.stale = 'yes'; return e.dataset.turn; }")
    with page.expect_response(
        lambda r: TURNS_URL.search(r.url) is not None and r.request.method == "POST"
    ) as answer:
        tap(page, button)
    page.wait_for_function(SWAPPED_IN, arg=before)
    expect(play_area(page)).to_have_count(1)
    return answer.value


# A refused or finishing turn is answered with the whole play area (a new #play); a recorded
# one with the pieces it changed, after which the tablet moves #play on to the next turn, with
# its pad set up (the same script sets both).
SWAPPED_IN = """before => {
    const play = document.getElementById('play');
    return Boolean(play) && (!play.dataset.stale || play.dataset.turn !== before);
}"""


def play_five_dice_turn(
    page: Page,
    dice: str,
    box: str,
    *,
    strike: bool = False,
    throws: str = "",
    expected: rules.BoxPreview | None = None,
) -> Response:
    """Tap a five-dice turn in: the throw log if any, the final dice, the box, then confirm.

    `expected` is the engine's preview of the box: the score the box button shows must match.
    """
    turn = page.locator("[data-five-dice-turn]")
    if throws:
        log = turn.locator("details.throw-log")
        if log.get_attribute("open") is None:
            tap(page, log.locator("summary"))
        for token in throws.split():
            if token == "x":
                tap(page, turn.locator("[data-log-cocked]"))
            else:
                tap_dice(page, turn, token)
                tap(page, turn.locator("[data-log-throw]"))
        shown = " · ".join("cocked" if t == "x" else " ".join(t) for t in throws.split())
        expect(turn.locator("[data-log-view]")).to_have_text(shown)
    tap_dice(page, turn, dice)
    expect(turn.locator("[data-slot]")).to_have_text(list(dice))
    button = turn.locator(f"[data-box='{box}']").first
    if expected is not None:
        expect(button.locator("[data-score]")).to_have_text(re.compile(rf"^{expected.score}\b"))
    tap(page, button)
    dialog = turn.locator("dialog[data-confirm]")
    expect(dialog).to_be_visible()
    if expected is not None:
        expect(dialog.locator("[data-confirm-text]")).to_contain_text(
            f"{rules.box_label(box)} {expected.score}"
        )
    if strike:
        return submit_turn(page, dialog.locator("[data-confirm-strike]"))
    return submit_turn(page, dialog.locator("[data-confirm-ok]"))


def play_barbut_turn(page: Page, throws: BarbutThrows) -> Response:
    """Tap each throw's dice, pick what is set aside, throw on; bank, or end a lost turn."""
    turn = page.locator("[data-barbut-turn]")
    for index, (thrown, keep) in enumerate(throws):
        if index:
            tap(page, turn.locator("[data-throw-again]"))
        tap_dice(page, turn, thrown)
        expect(turn.locator("[data-thrown] .die")).to_have_text(list(thrown))
        if not keep:
            assert index == len(throws) - 1, "only the last throw can set nothing aside"
            return submit_turn(page, turn.locator("[data-end-turn]"))
        choice = turn.locator("[data-choices] button").filter(
            has_text=re.compile(rf"^{' '.join(sorted(keep))} →")
        )
        tap(page, choice)
    return submit_turn(page, turn.locator("[data-bank]"))


def barbut_record(player: str, throws: BarbutThrows) -> dict[str, object]:
    return {
        "player": player,
        "throws": [{"dice": faces(thrown), "keep": faces(keep)} for thrown, keep in throws],
    }


# Whole games -----------------------------------------------------------------------------------


@dataclass
class PlayedGame:
    """A game as the tablet was given it: its game record so far, and who threw in what order."""

    ruleset: str
    seats: Sequence[Seat]
    options: Mapping[str, object] = field(default_factory=dict)
    friendly: bool = False
    turns: list[dict[str, object]] = field(default_factory=list)
    order: list[str] = field(default_factory=list)

    @property
    def record(self) -> dict[str, object]:
        """The game record (docs/game-record.md) of the turns played, for the rules engine."""
        return {
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "players": [seat.name for seat in self.seats],
            "friendly": self.friendly,
            "guesses": {seat.name: seat.guess for seat in self.seats if seat.guess is not None},
            "turns": list(self.turns),
        }

    @property
    def setup(self) -> rules.GameSetup:
        return rules.parse_record(self.record).setup

    def play(self, engine: rules.Game, turn: dict[str, object]) -> None:
        """Keep a turn the tablet recorded, and play it on the engine's game too."""
        rules.play(engine, rules.parse_turn(turn, engine.setup))
        self.turns.append(turn)
        self.order.append(str(turn["player"]))


def play_five_dice_game(
    page: Page,
    played: PlayedGame,
    moves: Mapping[str, Sequence[Move]],
    *,
    before_turn: Callable[[rules.FiveDiceGame], None] | None = None,
) -> rules.FiveDiceGame:
    """Play every turn of `moves` (each player's in their own order) on the tablet.

    Whoever the page says is to throw plays their next move; the engine, fed the same turns,
    must agree on the player and on every box score the page shows. Returns the engine's game.
    """
    setup = played.setup
    engine = rules.new_game(setup)
    assert isinstance(engine, rules.FiveDiceGame)
    queues = {name: deque(player_moves) for name, player_moves in moves.items()}
    while not engine.complete:
        if before_turn is not None:
            before_turn(engine)
        name = player_to_throw(page)
        assert engine.next_seat is not None and name == setup.players[engine.next_seat]
        move = queues[name].popleft()
        preview = {p.box: p for p in engine.preview(tuple(sorted(faces(move.dice))))}
        response = play_five_dice_turn(
            page,
            move.dice,
            move.box,
            strike=move.strike,
            throws=move.throws,
            expected=preview[move.box],
        )
        assert response.status == 200, response.text()
        played.play(engine, move.record(name))
        filled = engine.history[-1].filled
        expect(page.locator("#notice")).to_have_text(
            f"{name}: {rules.box_label(move.box)} {filled.score}"
        )
        assert turn_number(page) == engine.turn_count
    assert all(not queue for queue in queues.values()), "moves left over after the last turn"
    return engine


def play_barbut_game(
    page: Page, played: PlayedGame, turns_by_player: Mapping[str, Sequence[BarbutThrows]]
) -> rules.BarbutGame:
    """Play Barbut turns on the tablet, each player's in their own order, to the win."""
    setup = played.setup
    engine = rules.new_game(setup)
    assert isinstance(engine, rules.BarbutGame)
    queues = {name: deque(player_turns) for name, player_turns in turns_by_player.items()}
    while not engine.complete:
        name = player_to_throw(page)
        assert engine.next_seat is not None and name == setup.players[engine.next_seat]
        throws = queues[name].popleft()
        response = play_barbut_turn(page, throws)
        assert response.status == 200, response.text()
        played.play(engine, barbut_record(name, throws))
        outcome = engine.history[-1]
        banked = f"{outcome.points} banked" if outcome.points else "no points this turn"
        expect(page.locator("#notice")).to_have_text(f"{name}: {banked}")
        assert turn_number(page) == engine.turn_count
    assert all(not queue for queue in queues.values()), "turns left over after the win"
    return engine


# The sheet as the page shows it ----------------------------------------------------------------
