from django.urls import path

from federation import views

app_name = "federation"

urlpatterns = [
    path("", views.overview, name="overview"),
    path("settings/", views.settings, name="settings"),
    path("clubs/new/", views.new_club, name="new_club"),
    path("register/", views.register, name="register"),
    path("standings/", views.standings, name="standings"),
    path("records/", views.records, name="records"),
    path("ratings/", views.ratings, name="ratings"),
]
