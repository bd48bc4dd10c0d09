from django.apps import AppConfig


class TeamsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "teams"
    verbose_name = "Teams"

    def ready(self) -> None:
        # The TV board (stats) shows tonight's team match without importing teams.
        from clubs.board_panels import provide_board_panel
        from teams.board_panel import tonights_panel

        provide_board_panel(tonights_panel)
