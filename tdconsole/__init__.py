"""tdconsole: a tournament director console for live Texas Hold'em.

This package file stays empty on purpose: `tdconsole.rules` must import without
Django or Celery. The Celery app is loaded by `tdconsole.core.apps.CoreConfig.ready`.
"""
