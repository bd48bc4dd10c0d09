"""Register claims that wait for signatures: a finished game's register candidates open as
claims only once every player has signed (league.services.register.open_claims). Until then the
secretary sees here which games hold candidates and who has still to sign. Nothing here writes.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Exists, OuterRef

from clubs.models import Club
from league.models import PlayerResultRow
from league.selectors import house_rules
from scoring.models import Game, GamePlayer, GameStatus, Signature
from scoring.rules import parse_house_rules


@dataclass(frozen=True)
class Awaiting:
    game: Game
    candidates: list[tuple[str, int, str]]
    """(player, score, "high" or "low") for each register candidate, in seating order."""
    unsigned: list[str]
    """Who has still to sign."""


def awaiting_signatures(club: Club) -> list[Awaiting]:
    """Three queries: the kept totals of games finished, counted, unsigned and without claims,
    their games, and who has signed them.

    Which totals are candidates is the engine's word (RegisterBounds.kind), with the bounds the
    game keeps (those in force when it started or arrived, as open_claims will use them); the
    totals are the engine's, kept per seat."""
    rows = (
        PlayerResultRow.objects.filter(
            club=club,
            game__status=GameStatus.FINISHED,
            game__voided_at__isnull=True,
            game__verification_code="",
            game__register_claims__isnull=True,
        )
        .values("game_id", "ruleset", "score", "player__name", "game__house_rules")
        .order_by("game_id", "player__seat")
    )
    # (ruleset, score, name) of each seat, in seating order, by game; and the game's rules.
    seats: dict[int, list[tuple[str, int, str]]] = defaultdict(list)
    kept: dict[int, dict[str, object]] = {}
    for row in rows:
        seats[row["game_id"]].append((row["ruleset"], row["score"], row["player__name"]))
        kept[row["game_id"]] = row["game__house_rules"]
    club_rules = None
    candidates: dict[int, list[tuple[str, int, str]]] = {}
    for game_id, game_rows in seats.items():
        if kept[game_id]:
            rules = parse_house_rules(kept[game_id])
        else:  # a game made round the services counts by the club's rules of the moment
            rules = club_rules = club_rules or house_rules(club)
        bounds = rules.register_bounds.get(game_rows[0][0])
        if bounds is None or len(game_rows) < rules.register_min_players:
            continue
        found = []
        for _, score, name in game_rows:
            kind = bounds.kind(score)
            if kind is not None:
                found.append((name, score, kind))
        if found:
            candidates[game_id] = found
    if not candidates:
        return []
    games = Game.objects.filter(club=club, pk__in=candidates).order_by("finished_at", "id")
    unsigned: dict[int, list[str]] = defaultdict(list)
    for player in (
        GamePlayer.objects.filter(game_id__in=candidates)
        .exclude(Exists(Signature.objects.filter(player=OuterRef("pk"), voided_at__isnull=True)))
        .order_by("game_id", "seat")
    ):
        unsigned[player.game_id].append(player.name)
    return [Awaiting(game, candidates[game.pk], unsigned[game.pk]) for game in games]
