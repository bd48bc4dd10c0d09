"""ASGI entry point for production servers (e.g. `uvicorn balutclub.asgi:application`)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "balutclub.settings")

application = get_asgi_application()
