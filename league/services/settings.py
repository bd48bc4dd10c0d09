"""The club's settings: one row, changed only by the secretary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Club
from clubs.services import rename_club
from league import settings_memo
from league.models import AuditAction, ClubSettings, PublicArea
from league.services import audit
from league.standings import tiebreakers_for, validate_tiebreakers
from scoring import rules
from scoring.access.roles import is_secretary
from scoring.models import RULESET_KEYS
from scoring.refusals import refusal


def _as_logged(settings: ClubSettings, kept: Sequence[str]) -> audit.Snapshot:
    """The settings as the log compares them: each game's default options and tie-breakers in
    full, so options or an order left as they were (stored as "the usual" before, spelt out
    by the form now) are not logged as a change."""
    taken = audit.snapshot(settings, kept)
    stored = settings.default_options if isinstance(settings.default_options, Mapping) else {}
    options: dict[str, object] = {}
    for ruleset in RULESET_KEYS:
        try:
            options[ruleset] = rules.parse_options(stored.get(ruleset)).as_dict()
        except rules.RuleError:
            options[ruleset] = stored.get(ruleset)
    taken["default_options"] = options
    order = settings.standings_tiebreakers or {}
    taken["standings_tiebreakers"] = {
        ruleset: tiebreakers_for(order, ruleset) for ruleset in RULESET_KEYS
    }
    return taken


@transaction.atomic
def update_club_settings(
    *,
    in_club: Club,
    by: User,
    club_name: str,
    drinks_in_balut: bool,
    drinks_in_jackpot: bool,
    register_bounds: Mapping[str, rules.RegisterBounds | None],
    default_options: Mapping[str, Mapping[str, object]],
    standings_tiebreakers: Mapping[str, Sequence[str]] | None = None,
    public_areas: Sequence[str] | None = None,
    pin_session_hours: int | None = None,
    default_language: str | None = None,
) -> ClubSettings:
    """Save the settings; a game left out of `register_bounds` (or None) has no register.

    `standings_tiebreakers` left out (None) keeps the club's current order for every game;
    `public_areas` (what visitors who are not signed in see: scoring.access.privacy),
    `pin_session_hours` and `default_language` left out keep theirs too.

    They count for games finished from now on: the books already kept stay as they were kept.
    """
    if not is_secretary(by, in_club.pk):
        raise PermissionDenied(gettext("Only the secretary changes the club's settings."))
    unknown = sorted((set(register_bounds) | set(default_options)) - set(RULESET_KEYS))
    if unknown:
        raise ValidationError(gettext("Unknown game %(game)r.") % {"game": unknown[0]})
    options: dict[str, dict[str, object]] = {}
    for ruleset, raw in default_options.items():
        try:
            options[ruleset] = rules.parse_options(dict(raw)).as_dict()
        except rules.RuleError as error:
            raise ValidationError(
                gettext("Default options for %(game)s: %(refusal)s.")
                % {"game": ruleset, "refusal": refusal(error)}
            ) from error
    settings, _ = ClubSettings.objects.select_for_update().get_or_create(club=in_club)
    kept = [
        field.name
        for field in ClubSettings._meta.fields
        if field.name not in ("id", "club", "updated_by", "updated_at")
    ]
    before = _as_logged(settings, kept)
    settings.club_name = club_name.strip()
    settings.drinks_in_balut = drinks_in_balut
    settings.drinks_in_jackpot = drinks_in_jackpot
    for ruleset in RULESET_KEYS:
        bounds = register_bounds.get(ruleset)
        if bounds is not None and (bounds.low < 0 or bounds.low > bounds.high):
            raise ValidationError(
                {
                    f"{ruleset}_register_low": gettext(
                        "The low bound must be from 0 up to the high bound."
                    )
                }
            )
        setattr(settings, f"{ruleset}_register_high", None if bounds is None else bounds.high)
        setattr(settings, f"{ruleset}_register_low", None if bounds is None else bounds.low)
    settings.default_options = options
    if standings_tiebreakers is not None:
        tiebreakers = {
            **settings.standings_tiebreakers,
            **{ruleset: list(keys) for ruleset, keys in standings_tiebreakers.items()},
        }
        # Checked here too, not only by full_clean: its error names the model field, which the
        # settings form does not have, and the page shows this one on top.
        validate_tiebreakers(tiebreakers)
        settings.standings_tiebreakers = tiebreakers
    if public_areas is not None:
        # In PublicArea's order, each once: the same choice always saves the same value.
        chosen = set(public_areas)
        unknown_areas = sorted(chosen - set(PublicArea.values))
        if unknown_areas:
            raise ValidationError(
                {"public_areas": gettext("Unknown part %(area)r.") % {"area": unknown_areas[0]}}
            )
        settings.public_areas = [area for area in PublicArea.values if area in chosen]
    if pin_session_hours is not None:
        settings.pin_session_hours = pin_session_hours
    if default_language is not None:
        settings.default_language = default_language
    settings.updated_by, settings.updated_at = by, timezone.now()
    settings.full_clean()
    settings.save()
    if settings.club_name:
        # The name the club's sheets print is the name the server lists it by.
        rename_club(club=in_club, name=settings.club_name)
    # What this request read before is no longer the club's settings.
    settings_memo.forget()
    old, new = audit.changed(before, _as_logged(settings, kept))
    if new:
        audit.record(
            by=by, action=AuditAction.SETTINGS_CHANGED, target=settings, before=old, after=new
        )
    return settings
