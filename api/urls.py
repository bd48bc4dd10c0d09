from django.urls import path

from api import views

app_name = "api"

urlpatterns = [
    path("settings/api-tokens/", views.tokens, name="tokens"),
    # The club's feeds: results (Atom) and its fixtures and tournament days (iCal).
    path("feeds/results.atom", views.results_atom, name="results_feed"),
    path("feeds/calendar.ics", views.calendar_ics, name="calendar_feed"),
]
