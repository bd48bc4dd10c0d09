from django.urls import path

from stats import views as stats_views

app_name = "stats"

urlpatterns = [
    path("players/<int:member_id>/", stats_views.player, name="player"),
    path("records/", stats_views.records, name="records"),
    path("board/", stats_views.board, name="board"),
]
