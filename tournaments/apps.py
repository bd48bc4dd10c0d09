from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from scoring.game_panels import add_game_panel

        # A table's game says on its page which tournament, round and table it is.
        add_game_panel("tournaments:game_panel", in_play=True)
