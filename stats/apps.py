from django.apps import AppConfig


class StatsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "stats"
    verbose_name = "Statistics"

    def ready(self) -> None:
        # The layers below link a member's name to their page here (clubs.links explains why).
        from clubs.links import PLAYER_PAGE, provide_page

        provide_page(PLAYER_PAGE, "stats:player")
