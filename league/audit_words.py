"""The audit log in sentences: a line's before and after as the secretary would say them.

The log keeps what changed as JSON (league.services.audit: links as ids, times as ISO text),
so it reads the same whatever happens later. This turns it into words in the reader's
language and the club's time: "Club name: (empty) → Balutklubben Ørsted; Open to visitors:
−Standings, −Games", "Status: ratified by Sue on 25 Nov 2026, 14:19 → pending". People are
named by who they are (goes-by name, else full name), never by their login.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import get_language, gettext, ngettext

from league.models import AuditEntry, ClaimStatus, DebtStatus, PublicArea, RecordKind
from league.standings import TIEBREAKERS, tiebreaker_label
from scoring.box_names import game_title
from scoring.models import RULESET_KEYS

# Who and when a decision was taken, said together with the status it set.
STAMPS = {
    "registerclaim": ("decided_by", "decided_at"),
    "drinkdebt": ("settled_by", "settled_at"),
}
STATUSES: dict[str, type[ClaimStatus] | type[DebtStatus]] = {
    "registerclaim": ClaimStatus,
    "drinkdebt": DebtStatus,
}


def person_name(user: User) -> str:
    """Who someone is to the club: the name they go by, else their full name, else (a
    secretary who never gave one) their login."""
    member = getattr(user, "member", None)
    if member is not None:
        return str(member.known_as)
    return user.get_full_name() or user.get_username()


@dataclass(frozen=True)
class People:
    """The names of the users and members a page of the log may mention, read once."""

    users: Mapping[int, str]
    members: Mapping[int, str]

    @classmethod
    def of(cls, users: Iterable[User]) -> People:
        """From users read with their member (select_related("member"))."""
        names, members = {}, {}
        for user in users:
            names[user.pk] = person_name(user)
            member = getattr(user, "member", None)
            if member is not None:
                members[member.pk] = str(member.known_as)
        return cls(users=names, members=members)

    def user(self, pk: object) -> str:
        if isinstance(pk, int) and pk in self.users:
            return self.users[pk]
        return gettext("someone")

    def member(self, pk: object) -> str:
        if isinstance(pk, int) and pk in self.members:
            return self.members[pk]
        return gettext("(none)")


def _empty() -> str:
    return gettext("(empty)")


def _when(value: object) -> str:
    try:
        moment = datetime.datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, datetime.UTC)
    return date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def _day(value: object) -> str:
    try:
        return date_format(datetime.date.fromisoformat(str(value)), "DATE_FORMAT")
    except ValueError:
        return str(value)


def _yes_no(value: object) -> str:
    return gettext("yes") if value else gettext("no")


def _text(value: object) -> str:
    return _empty() if value in (None, "") else str(value)


def _choice(choices: Mapping[str, object]) -> Callable[[object], str]:
    return lambda value: str(choices.get(str(value), _text(value)))


def _ruleset_title(value: object) -> str:
    return game_title(str(value)) if value in RULESET_KEYS else _text(value)


def _count(singular: str, plural: str) -> Callable[[object], str]:
    def say(value: object) -> str:
        number = len(value) if isinstance(value, list) else 0
        return ngettext(singular, plural, number) % {"count": number}

    return say


def _labels() -> dict[str, str]:
    """Each field a line may name, as the pages name it."""
    labels = {
        "club_name": gettext("Club name"),
        "drinks_in_balut": gettext("Rounds owed in Standard Balut"),
        "drinks_in_jackpot": gettext("Rounds owed in Jackpot Balut"),
        "public_areas": gettext("Open to visitors"),
        "pin_session_hours": gettext("PIN sign-in lasts (hours unused)"),
        "default_language": gettext("Language"),
        "name": gettext("Name"),
        "known_as": gettext("Goes by"),
        "email": gettext("Email"),
        "is_active": gettext("Active member"),
        "pin": gettext("PIN set"),
        "starts_on": gettext("Starts on"),
        "ends_on": gettext("Ends on"),
        "status": gettext("Status"),
        "note": gettext("Note"),
        "write_off_reason": gettext("Why written off"),
        "removal_reason": gettext("Removed because"),
        "entry": gettext("Register line"),
        "score": gettext("Score"),
        "date": gettext("Date"),
        "player_name": gettext("Player"),
        "member": gettext("Member"),
        "kind": gettext("High or low"),
        "ruleset": gettext("Game"),
        "removed": gettext("Removed from the register"),
        "void": gettext("Void"),
        "claims": gettext("Register claims"),
        "claims_withdrawn": gettext("Register claims"),
        "entries_removed": gettext("Register lines"),
        "source": gettext("Source"),
        "played": gettext("Played"),
        "players": gettext("Players"),
        "game": gettext("Game"),
    }
    for ruleset in RULESET_KEYS:
        title = game_title(ruleset)
        labels[f"{ruleset}_register_high"] = gettext("{title}: register above").format(title=title)
        labels[f"{ruleset}_register_low"] = gettext("{title}: register below").format(title=title)
    return labels


def _values(people: People) -> dict[str, Callable[[object], str]]:
    """How each field's kept value is said, where it is more than its text."""
    return {
        "drinks_in_balut": _yes_no,
        "drinks_in_jackpot": _yes_no,
        "is_active": _yes_no,
        "pin": _yes_no,
        "removed": _yes_no,
        "void": _yes_no,
        "default_language": _choice(dict(settings.LANGUAGES)),
        "played": _when,
        "players": lambda value: ", ".join(map(str, value)) if isinstance(value, list) else "",
        "starts_on": _day,
        "ends_on": _day,
        "date": _day,
        "kind": _choice(dict(RecordKind.choices)),
        "ruleset": _ruleset_title,
        "member": people.member,
        "entry": lambda value: f"#{value}" if value is not None else _empty(),
        "game": lambda value: f"#{value}" if value is not None else _empty(),
        "claims": _count("%(count)d opened", "%(count)d opened"),
        "claims_withdrawn": _count("%(count)d withdrawn", "%(count)d withdrawn"),
        "entries_removed": _count("%(count)d removed", "%(count)d removed"),
    }


def _areas(before: object, after: object) -> str:
    """What visitors may see now that they could not (+) and what they no longer may (−)."""
    names = {str(value): str(label) for value, label in PublicArea.choices}
    old = set(before) if isinstance(before, list) else set()
    new = set(after) if isinstance(after, list) else set()
    said = [f"+{names.get(area, area)}" for area in PublicArea.values if area in new - old]
    said += [f"−{names.get(area, area)}" for area in PublicArea.values if area in old - new]
    return ", ".join(said) or _empty()


def _option_value(value: object) -> str:
    return str(value).replace("_", " ") if value is not None else _empty()


def _options(before: object, after: object) -> list[str]:
    """Each default option of each game that changed: the settings page's label for it."""
    labels = {
        "thresholds": gettext("{title}: category targets"),
        "jackpot_bonus": gettext("{title}: jackpot bonus"),
        "guess_points": gettext("{title}: guess points"),
    }
    old = before if isinstance(before, Mapping) else {}
    new = after if isinstance(after, Mapping) else {}
    said = []
    for ruleset in RULESET_KEYS:
        was, now = old.get(ruleset) or {}, new.get(ruleset) or {}
        for name in labels:
            if (name in was or name in now) and was.get(name) != now.get(name):
                label = labels[name].format(title=game_title(ruleset))
                said.append(
                    f"{label}: {_option_value(was.get(name))} → {_option_value(now.get(name))}"
                )
    return said


def _tiebreakers(before: object, after: object) -> list[str]:
    old = before if isinstance(before, Mapping) else {}
    new = after if isinstance(after, Mapping) else {}
    said = []
    for ruleset in RULESET_KEYS:
        if old.get(ruleset) == new.get(ruleset) or ruleset not in new:
            continue

        def order(keys: object, ruleset: str = ruleset) -> str:
            if not isinstance(keys, list):
                return _empty()
            known = [key for key in keys if key in TIEBREAKERS]
            return ", ".join(tiebreaker_label(key, ruleset) for key in known)

        label = gettext("{title}: standings ranked by").format(title=game_title(ruleset))
        said.append(f"{label}: {order(old.get(ruleset))} → {order(new.get(ruleset))}")
    return said


def _status(
    entry: AuditEntry, values: Mapping[str, object], people: People
) -> tuple[str, tuple[str, ...]]:
    """A status with who set it and when ("ratified by Sue on 25 Nov 2026 14:19"), and the
    keys that said so."""
    choices = STATUSES.get(entry.object_type)
    status = values.get("status")
    named = dict(choices.choices) if choices is not None else {}
    said = str(named.get(str(status), _text(status))).lower()
    stamps = STAMPS.get(entry.object_type, ())
    if len(stamps) == 2:
        by, at = values.get(stamps[0]), values.get(stamps[1])
        if by is not None and at is not None:
            said = gettext("%(status)s by %(who)s on %(when)s") % {
                "status": said,
                "who": people.user(by),
                "when": _when(at),
            }
    return said, ("status", *stamps)


def describe(entry: AuditEntry, people: People) -> str:
    """What the line changed, in words: each field that changed, before → after."""
    before = entry.before if isinstance(entry.before, Mapping) else {}
    after = entry.after if isinstance(entry.after, Mapping) else {}
    labels, values = _labels(), _values(people)
    keys = [*before, *(key for key in after if key not in before)]
    phrases: list[str] = []
    done: set[str] = set()
    for key in keys:
        if key in done:
            continue
        if key == "public_areas":
            phrases.append(f"{labels[key]}: {_areas(before.get(key), after.get(key))}")
            continue
        if key == "default_options":
            phrases += _options(before.get(key), after.get(key))
            continue
        if key == "standings_tiebreakers":
            phrases += _tiebreakers(before.get(key), after.get(key))
            continue
        label = labels.get(key, key.replace("_", " "))
        if key == "status":
            old, used = _status(entry, before, people)
            new, _ = _status(entry, after, people)
            done.update(used)
        else:
            say = values.get(key, _text)
            old, new = say(before.get(key)), say(after.get(key))
        if key in before and key in after:
            if old == new:
                continue
            phrases.append(f"{label}: {old} → {new}")
        else:
            phrases.append(f"{label}: {new if key in after else old}")
    return "; ".join(phrases)


def subject(entry: AuditEntry) -> str:
    """What the line is about, in the reader's language when the line was written with it."""
    words = entry.object_words or {}
    return str(words.get(get_language() or "", "") or entry.object_repr)
