"""The read API (django-ninja): version 1 under /api/v1/, its OpenAPI schema at
/api/v1/openapi.json and its browsable docs at /api/v1/docs, drawn by the Swagger UI files
django-ninja ships (served as our static files: nothing from another site).

Every answer carries an ETag of its body, so a website polling the standings gets a 304 while
nothing changed; every caller is counted against API_REQUESTS_PER_CLIENT (django-ratelimit, per
client address, as the verify page's uploads are).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import get_conditional_response, patch_vary_headers, set_response_etag
from django.utils.translation import gettext
from django_ratelimit.core import get_usage
from ninja import NinjaAPI, Swagger

from api.access import ClubToken, visitor
from api.endpoints import clubs, competitions, games, league, tournaments

READS = ("GET", "HEAD")


def throttled_and_tagged(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def answer(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        usage = get_usage(
            request,
            group="api",
            key="ip",
            rate=settings.API_REQUESTS_PER_CLIENT,
            method=READS,
            increment=True,
        )
        if usage is not None and usage["should_limit"]:
            return JsonResponse(
                {"detail": gettext("Too many requests: try again in a few minutes.")},
                status=429,
                headers={"Retry-After": str(usage["time_left"])},
            )
        response = view(request, *args, **kwargs)
        # What a token or a session may read differs: a cache keeps one answer per caller.
        patch_vary_headers(response, ("Authorization", "Cookie"))
        if request.method not in READS or response.status_code != 200:
            return response
        response["Cache-Control"] = "private, no-cache"
        set_response_etag(response)
        conditional = get_conditional_response(request, etag=response["ETag"], response=response)
        return conditional if conditional is not None else response

    return answer


class ClubApi(NinjaAPI):
    def get_openapi_schema(self, **kwargs: Any) -> Any:
        """A token is optional everywhere: without one the caller reads as a visitor, which
        OpenAPI says with an empty requirement beside the bearer one."""
        schema = super().get_openapi_schema(**kwargs)
        for operations in schema["paths"].values():
            for operation in operations.values():
                if "security" in operation and {} not in operation["security"]:
                    operation["security"].append({})
        return schema


api = ClubApi(
    title="BalutClub",
    version="1",
    description=(
        "Read-only: clubs, members, games, seasons and standings, the register, ratings, "
        "tournaments and team competitions, with the privacy the club's pages keep. "
        "See docs/api.md."
    ),
    urls_namespace="api_v1",
    auth=[ClubToken(), visitor],
    # No validator badge: Swagger UI would fetch it from validator.swagger.io.
    docs=Swagger(settings={"validatorUrl": None}),
    docs_url="/docs",
)
api.add_decorator(throttled_and_tagged, mode="view")
for module in (clubs, games, league, tournaments, competitions):
    api.add_router("/clubs/", module.router)
