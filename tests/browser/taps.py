"""The scorer's finger on the tablet: taps where the page shows a button, the pad's rest waited
out by the tablet's clock, dice tapped on the pad and checked as entered."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import ElementHandle, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

CENTRE = """element => {
    const shown = el => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    if (!shown(element)) return null;
    let box = element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
        element.scrollIntoView({block: 'center', behavior: 'instant'});  // not Bootstrap's smooth
        box = element.getBoundingClientRect();
    }
    return [box.left + box.width / 2, box.top + box.height / 2];
}"""


def tap(page: Page, target: Locator) -> None:
    """A finger's tap: the pointer pressed where the page shows `target`, whatever covers it.

    Unlike Locator.click, it does not wait for the page to hold still first, which keeps a
    whole game of taps quick; a disabled button takes the tap and does nothing, as on a tablet.
    A scorer's taps come after the pad's rest: `double_tap` is the one that lands inside it.
    """
    wake_the_pad(page)
    point = target.evaluate(CENTRE)
    if point is None:
        target.wait_for(state="visible")
        point = target.evaluate(CENTRE)
    assert point is not None, "the target is not shown"
    page.mouse.click(*point)


# How long the pad still rests after an answer (tablet_store.js: the second tap of a double
# tap lands on a resting pad and enters nothing), by the tablet's clock.
REST_LEFT = "() => Math.max(0, ((window.BalutTablet || {}).restUntil || 0) - Date.now())"


def wake_the_pad(page: Page) -> None:
    """The scorer's pause before the next turn's first tap: the tablet's clock is moved past
    what is left of the pad's rest (tests.conftest.tablet_context), instead of sitting it out."""
    rest = page.evaluate(REST_LEFT)
    if rest > 0:
        page.clock.fast_forward(int(rest) + 20)


# The pad's face buttons, where a finger taps each (in view), once every one takes taps; and
# how many dice the pad shows entered. Null while the pad is still being drawn or rests, or
# any face is not shown yet.
PAD_FACES = """scope => {
    if (!scope.isConnected) return null;  // the pad was redrawn since: ask for the new one
    const buttons = [...scope.querySelectorAll('[data-face]')];
    if (!buttons.length || buttons.some(b => b.disabled)) return null;
    const centre = CENTRE;
    const points = {};
    for (const _ of [1, 2]) {  // again after any scrolling the first pass did
        for (const b of buttons) points[b.dataset.face] = centre(b);
    }
    // A pad just put in place (the next turn offline) may not be laid out yet: wait for it.
    if (Object.values(points).some(point => point === null)) return null;
    return {points, entered: (ENTERED)(scope)};
}"""


def tap_dice(page: Page, scope: Locator, dice: str) -> None:
    """Tap faces of the pad, one tap a die, once the pad shows it takes taps (as a scorer
    looks before tapping): a loaded machine may still be drawing the previous step."""
    wake_the_pad(page)
    pad = _pad_taking_taps(page, scope)
    before = int(pad["entered"])
    # The dice are counted on the pad as it is now: the answer to turns the queue sent may
    # have redrawn it in place meanwhile, with the taps so far (tablet_queue.js).
    for index, face in enumerate(dice):
        repeated = index > 0 and face == dice[index - 1]
        if repeated:
            _die_entered(page, scope.element_handle(), before + index, pad["points"][face])
        page.mouse.click(*pad["points"][face])
    retap = pad["points"][dice[-1]] if dice else None
    _die_entered(page, scope.element_handle(), before + len(dice), retap)


def _pad_taking_taps(page: Page, scope: Locator) -> dict[str, Any]:
    """The pad's faces and dice entered, once it takes taps. The queue's answer may replace
    the pad element while we wait (tablet_queue.js redraws it in place): a handle to the old
    one would wait for ever, so the scope is looked up again every two seconds, for 30 s."""
    probe = PAD_FACES.replace("CENTRE", CENTRE).replace("ENTERED", ENTERED_DICE)
    for attempt in range(15):
        try:
            found = page.wait_for_function(probe, arg=scope.element_handle(), timeout=2000)
        except PlaywrightTimeoutError:
            if attempt == 14:
                raise
            continue
        pad: dict[str, Any] = found.json_value()
        return pad
    raise AssertionError("unreachable")


def _die_entered(page: Page, handle: ElementHandle, count: int, retap: list[float] | None) -> None:
    """Wait for the pad to show `count` dice entered. Chromium now and then drops the second
    of two synthetic clicks on one spot in quick succession (the harness, not the page: each
    delivered click enters its die). A scorer who does not see the die appear taps again; so
    does the test, once, on that spot; the dice shown are still checked exactly afterwards."""
    if not die_appeared(page, handle, count - 1) and retap is not None:
        page.mouse.click(*retap)
        assert die_appeared(page, handle, count - 1), "a tap on the pad entered no die"


ENTERED_DICE = """scope =>
    scope.querySelectorAll('[data-thrown] .die').length
    + [...scope.querySelectorAll('[data-slot]')].filter(e => e.textContent.trim() !== '·').length"""


def dice_entered(scope: Locator) -> int:
    return int(scope.evaluate(ENTERED_DICE))


def die_appeared(page: Page, scope: ElementHandle, before: int) -> bool:
    """Whether the pad (`scope`, an element handle) shows more than `before` dice within 2 s."""
    try:
        page.wait_for_function(
            f"([scope, before]) => ({ENTERED_DICE})(scope) > before",
            arg=[scope, before],
            timeout=2000,
        )
    except PlaywrightTimeoutError:
        return False
    return True


def send_the_queue_now(page: Page) -> None:
    """The scorer taps the queue's badge to send the waiting turns now that the connection is
    back. The tablet also retries by itself (after 1, 2, 4 … s), so the turns may already be on
    their way or stored, the badge gone: then there is nothing to tap, as for a scorer who looks
    up a moment too late. (Waiting for the badge to show, as `tap` does, would wait for ever.)"""
    wake_the_pad(page)
    point = page.locator("[data-queue-badge]").evaluate(CENTRE)
    if point is not None:
        page.mouse.click(*point)
