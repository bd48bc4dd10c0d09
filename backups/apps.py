from django.apps import AppConfig


class BackupsConfig(AppConfig):
    """Backups and restores of the whole server or of one club: the top layer, which may read
    every app's tables (docs/architecture.md). No models of its own."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "backups"
    verbose_name = "Backups"
