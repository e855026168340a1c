"""WSGI entry point (gunicorn tdconsole.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tdconsole.settings")
application = get_wsgi_application()
