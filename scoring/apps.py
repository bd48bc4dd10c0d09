from django.apps import AppConfig


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        # Old addresses of games and signed sheets lead to their club (clubs.addresses).
        from scoring.addresses import provide_lasting_addresses

        provide_lasting_addresses()
