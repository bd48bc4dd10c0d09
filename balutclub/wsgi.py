"""WSGI entry point for production servers (e.g. `gunicorn balutclub.wsgi`)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "balutclub.settings")

application = get_wsgi_application()
