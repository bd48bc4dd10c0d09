"""Who has signed a sheet, for the signing page and the verify page: one row per player, with
their figures and their active signature, and the signatures a correction voided."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring import rules
from scoring.models import GamePlayer, Signature


@dataclass(frozen=True)
class SignatureRow:
    player: GamePlayer
    figures: rules.PlayerResult
    signature: Signature | None
    """The player's active signature; None while they have not signed."""

    @property
    def can_sign_by_pin(self) -> bool:
        return self.player.member is not None and bool(self.player.member.pin_hash)


def signature_rows(
    players: Sequence[GamePlayer], result: rules.GameResult, signatures: Sequence[Signature]
) -> list[SignatureRow]:
    """Players in seating order; `players` with their members loaded (load_game does that)."""
    active = {s.player_id: s for s in signatures if s.is_active}
    return [
        SignatureRow(player=player, figures=figures, signature=active.get(player.pk))
        for player, figures in zip(players, result.players, strict=True)
    ]


def voided_signatures(signatures: Sequence[Signature]) -> list[Signature]:
    return [s for s in signatures if not s.is_active]
