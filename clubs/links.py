"""Pages of the layers above that a lower layer's page links to, by what they are, not by name.

The layers import one way (docs/architecture.md), and a `{% url %}` or `reverse()` counts as an
import (tests/test_architecture.py). Yet a standings row names a player, whose page is the
statistics' (a layer above the league), and a game's header offers the league's Void. So the
app that owns such a page says here, in its AppConfig.ready(), which URL name serves which kind
of page; the lower layer asks for the kind. Without the app installed the link is simply absent.
"""

from __future__ import annotations

from django.urls import reverse

# Kinds of page a lower layer may link to, and who provides each.
PLAYER_PAGE = "player"  # stats: a person's page, by Member id
VOID_GAME = "void_game"  # league: the secretary's Void of a game, by Game id
FEDERATION = "federation"  # federation: the federation's pages, no id
MEMBERS = "members"  # league: the club's members (the secretary adds them there), no id
CLUB_SETTINGS = "club_settings"  # league: the club's settings, no id
API_TOKENS = "api_tokens"  # api: the secretary's API tokens of the club, no id

_providers: dict[str, str] = {}


def provide_page(kind: str, url_name: str) -> None:
    """`url_name` (reversed with the ids a page of `kind` takes) serves `kind` from now on."""
    _providers[kind] = url_name


def page_url(kind: str, *object_ids: int) -> str:
    """The address of the `kind` page of `object_ids`, or "" when no installed app serves it."""
    url_name = _providers.get(kind)
    return reverse(url_name, args=object_ids) if url_name else ""
