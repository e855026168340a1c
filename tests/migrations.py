"""Moving a test database between migration states, for the tests of migrations over existing rows."""

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """Migrate the test database to `targets` (forwards or back); the models as they were there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def latest():
    """Every app's last migration: where a test leaves the database, whatever happened."""
    return MigrationExecutor(connection).loader.graph.leaf_nodes()
