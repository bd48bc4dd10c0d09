"""A drawn round's repeats in words: who meets whom again, at which table, and why the draw
could not avoid it, from the codes and numbers the engine reported (tournaments.draw.explain)
and the round stored (Round.explanations)."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext, ngettext


def _number(data: Mapping[str, object], key: str) -> int:
    value = data.get(key, 0)
    return value if isinstance(value, int) else 0


def repeat_sentence(data: Mapping[str, object], names: Mapping[int, str]) -> str:
    """One stored explanation as a sentence; an entrant no longer known is named by number."""
    players = data.get("players")
    pair = list(players) if isinstance(players, list) and len(players) == 2 else [0, 0]

    def name(entrant: object) -> str:
        if isinstance(entrant, int) and entrant in names:
            return names[entrant]
        return gettext("entrant %(id)s") % {"id": entrant}

    words = {
        "a": name(pair[0]),
        "b": name(pair[1]),
        "table": _number(data, "table"),
        "entrants": _number(data, "entrants"),
        "largest": _number(data, "largest"),
        "tables": _number(data, "tables"),
        "player": name(data.get("player")),
        "seats": _number(data, "seats_met"),
        "others": _number(data, "others"),
    }
    reason = data.get("reason")
    if reason == "forced":
        return (
            ngettext(
                "%(a)s and %(b)s meet again at table %(table)d: with %(entrants)d players in "
                "tables of %(largest)d no draw avoids it (%(player)s sits with %(seats)d "
                "players over "
                "the day, and there is only %(others)d other to meet).",
                "%(a)s and %(b)s meet again at table %(table)d: with %(entrants)d players in "
                "tables of %(largest)d no draw avoids it (%(player)s sits with %(seats)d "
                "players over "
                "the day, and there are only %(others)d others to meet).",
                _number(data, "others"),
            )
            % words
        )
    if reason == "crowded":
        return (
            ngettext(
                "%(a)s and %(b)s meet again at table %(table)d: with %(tables)d table in each "
                "round, a table of %(largest)d must seat players who sat together in the "
                "previous round.",
                "%(a)s and %(b)s meet again at table %(table)d: with %(tables)d tables in each "
                "round, a table of %(largest)d must seat players who sat together in the "
                "previous round.",
                _number(data, "tables"),
            )
            % words
        )
    if reason == "history":
        return (
            gettext(
                "%(a)s and %(b)s meet again at table %(table)d: they met in an earlier round "
                "already played, and the rounds drawn now left them no other table."
            )
            % words
        )
    if reason == "apart_forced":
        return (
            ngettext(
                "%(a)s and %(b)s share table %(table)d though they are kept apart: their group is "
                "larger than the %(tables)d table of this round.",
                "%(a)s and %(b)s share table %(table)d though they are kept apart: their group is "
                "larger than the %(tables)d tables of this round.",
                _number(data, "tables"),
            )
            % words
        )
    if reason == "apart_search":
        return (
            gettext(
                "%(a)s and %(b)s share table %(table)d though they are kept apart: the draw "
                "found no seating that keeps every group apart."
            )
            % words
        )
    return (
        gettext(
            "%(a)s and %(b)s meet again at table %(table)d: no known design fits %(entrants)d "
            "players in tables of %(largest)d, and the draw found no seating without it."
        )
        % words
    )


def repeat_sentences(explanations: object, names: Mapping[int, str]) -> list[str]:
    """A round's stored explanations as sentences, in the order the draw reported them."""
    if not isinstance(explanations, list):
        return []
    return [repeat_sentence(each, names) for each in explanations if isinstance(each, Mapping)]
