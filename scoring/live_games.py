"""Games in play as the engine sees them, kept in this process from one turn to the next.

Recording a turn used to read every turn of its game and replay them all, so a turn cost more
the longer the game ran. Here the state after the last turn this process saw is kept with the
game's content fingerprint, which every turn extends by one hash (rules.extend_fingerprint) and
a correction recomputes. The game's row, read and locked by the turn anyway, says whether the
kept state is still the game's: the same fingerprint, it is; turns another server process
recorded meanwhile are read (those only) and played on, if they lead to the row's fingerprint;
anything else (a correction, a restored backup, a game this process never saw) replays the game
once. A kept state is never changed: each turn builds a new one (rules.played), kept once its
transaction commits, so a turn that is rolled back leaves nothing behind.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from scoring import rules
from scoring.models import Game, GamePlayer, Turn
from scoring.selectors import LoadedGame, game_setup

RECENT_KEYS = 12
"""How many of the last turns' request keys the page names: the tablet drops a kept entry
whose key the server has recorded, even when the answer to it was lost."""
KEPT_GAMES = 256
"""Games kept per process: a club night has a few dozen at once; the oldest go first."""


@dataclass(frozen=True)
class LiveGame:
    """A game with its players and the engine's state after its turns, without the turns' rows."""

    game: Game
    players: tuple[GamePlayer, ...]
    setup: rules.GameSetup
    state: rules.Game
    fingerprint: str
    """The content fingerprint `state` answers to (the game row's when it is current)."""
    recent_keys: tuple[str, ...]
    """The request keys of the last RECENT_KEYS turns, oldest first."""

    @property
    def turn_count(self) -> int:
        return self.state.turn_count

    @property
    def next_player(self) -> GamePlayer | None:
        seat = self.state.next_seat
        return None if seat is None else self.players[seat]

    def result(self, house_rules: rules.HouseRules = rules.DEFAULT_HOUSE_RULES) -> rules.GameResult:
        return rules.result(self.state, house_rules)

    def after(self, turn: Turn, state: rules.Game, fingerprint: str) -> LiveGame:
        """This game once `turn` (its row, just saved) has made `state`."""
        return replace(
            self,
            state=state,
            fingerprint=fingerprint,
            recent_keys=_recent(self.recent_keys, [turn.request_key]),
        )

    @classmethod
    def from_loaded(cls, loaded: LoadedGame) -> LiveGame:
        """A game read whole (load_game), as the page shows it."""
        return cls(
            game=loaded.game,
            players=loaded.players,
            setup=loaded.setup,
            state=loaded.state,
            fingerprint=loaded.game.fingerprint,
            recent_keys=_recent((), [turn.request_key for turn in loaded.turns]),
        )


_kept: OrderedDict[tuple[int, datetime], LiveGame] = OrderedDict()
_lock = threading.Lock()


def live_game(game: Game) -> LiveGame:
    """`game` (its row as just read, locked by a writer) with its engine state, brought up to
    date from the kept state when there is one, by a replay otherwise."""
    key = (game.pk, game.started_at)
    with _lock:
        kept = _kept.get(key)
    if kept is not None and kept.fingerprint == game.fingerprint:
        return replace(kept, game=game)
    caught_up = _catch_up(kept, game) if kept is not None else None
    live = caught_up or _replayed(game)
    keep(live)
    return live


def keep(live: LiveGame) -> None:
    """Keep `live` for the game's next turn (call it once what made it has committed)."""
    key = (live.game.pk, live.game.started_at)
    with _lock:
        _kept[key] = live
        _kept.move_to_end(key)
        while len(_kept) > KEPT_GAMES:
            _kept.popitem(last=False)


def forget_all() -> None:
    """Drop every kept state: for measuring a cold start, and for tests that need one."""
    with _lock:
        _kept.clear()


def _replayed(game: Game) -> LiveGame:
    """Two queries, the players and the turns' records (no model rows): the game replayed."""
    players = tuple(game.players.select_related("member").order_by("seat"))
    setup = game_setup(game, players)
    rows = list(game.turns.order_by("number").values_list("record", "request_key"))
    state = rules.replay(setup, [rules.parse_turn(record, setup) for record, _ in rows])
    return LiveGame(
        game=game,
        players=players,
        setup=setup,
        state=state,
        fingerprint=game.fingerprint,
        recent_keys=_recent((), [key for _, key in rows]),
    )


def _catch_up(kept: LiveGame, game: Game) -> LiveGame | None:
    """The kept state with the turns recorded since, or None when they do not lead to the
    game's fingerprint (the game was corrected, or is not the one kept)."""
    rows = list(
        game.turns.filter(number__gte=kept.turn_count)
        .order_by("number")
        .values_list("number", "record", "request_key")
    )
    if not rows or [number for number, _, _ in rows] != list(
        range(kept.turn_count, kept.turn_count + len(rows))
    ):
        return None
    fingerprint = kept.fingerprint
    for _, record, _ in rows:
        fingerprint = rules.extend_fingerprint(fingerprint, record)
    if fingerprint != game.fingerprint:
        return None
    state = kept.state.copy()
    try:
        for _, record, _ in rows:
            rules.play(state, rules.parse_turn(record, kept.setup))
    except rules.RuleError:
        return None
    return replace(
        kept,
        game=game,
        state=state,
        fingerprint=fingerprint,
        recent_keys=_recent(kept.recent_keys, [key for _, _, key in rows]),
    )


def _recent(keys: tuple[str, ...], more: Iterable[object]) -> tuple[str, ...]:
    return (*keys, *(str(key) for key in more if key))[-RECENT_KEYS:]
