from django.urls import path

from ratings import views

app_name = "ratings"

urlpatterns = [
    path("ratings/", views.rating_list, name="list"),
    path("ratings/players/<int:member_id>/", views.player, name="player"),
    path("ratings/games/<int:game_id>/", views.game_changes, name="game"),
]
