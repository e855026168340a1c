"""Plain SQL for the desk's busiest statements, with the ORM's own conversions.

Building a statement through Django's ORM costs far more CPU than the database takes to run a small
indexed read or a one-row insert (measured by `simulate_event`: docs/benchmarks.md). The few statements
every sale, bust, payout and audit record runs are written as SQL instead; this module keeps them honest:
table and column names come from the models, values go in as the ORM would send them
(`get_db_prep_save`, `pre_save` for `auto_now_add`) and come back as it would read them (the backend's and
the field's converters: SQLite's text datetimes, float decimals and 0/1 booleans become what the ORM gives).

No model signals are sent (none of the models written here has receivers), and nothing is validated beyond
what the database's constraints check, as with `Model.objects.create`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from django.db import connection, models

Converter = Callable[[Any, Any, Any], Any]


def table(model: type[models.Model]) -> str:
    """The model's table name, quoted."""
    return connection.ops.quote_name(model._meta.db_table)


def column(model: type[models.Model], name: str) -> str:
    """The column of the model's field `name` (or attname), quoted."""
    return connection.ops.quote_name(model._meta.get_field(name).column)


def columns(model: type[models.Model], alias: str) -> str:
    """Every concrete column of the model under the table alias `alias`, in field order (for `instance`)."""
    return ", ".join(f"{alias}.{connection.ops.quote_name(f.column)}" for f in model._meta.concrete_fields)


def lock_suffix(alias: str) -> str:
    """Lock the rows of the table aliased `alias` to the end of the transaction on PostgreSQL (SQLite locks
    the whole database file for a write transaction, and has no FOR UPDATE)."""
    features = connection.features
    if not features.has_select_for_update:
        return ""
    return f" FOR UPDATE OF {alias}" if features.has_select_for_update_of else " FOR UPDATE"


def run(sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    """Run one statement and return its rows (none for a statement that returns none)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall() if cursor.description is not None else []


@cache
def _converters(model: type[models.Model], vendor: str) -> tuple[tuple[Any, tuple[Converter, ...]], ...]:
    found = []
    for field in model._meta.concrete_fields:
        col = field.get_col(model._meta.db_table)
        found.append((col, tuple(connection.ops.get_db_converters(col)) + tuple(field.get_db_converters(connection))))
    return tuple(found)


def instance(model: type[models.Model], values: Sequence[Any]) -> Any:
    """An instance of `model` from a row of all its concrete columns in field order (as `columns` writes
    them), converted as the ORM converts them."""
    converted = []
    for value, (col, converters) in zip(values, _converters(model, connection.vendor), strict=True):
        for convert in converters:
            value = convert(value, col, connection)
        converted.append(value)
    return model.from_db(connection.alias, None, converted)


@cache
def _insert_sql(model: type[models.Model], names: tuple[str, ...], vendor: str) -> str:
    meta = model._meta
    cols = ", ".join(connection.ops.quote_name(meta.get_field(n).column) for n in names)
    marks = ", ".join(["%s"] * len(names))
    return f"INSERT INTO {table(model)} ({cols}) VALUES ({marks}) RETURNING {connection.ops.quote_name(meta.pk.column)}"


def insert(obj: models.Model) -> models.Model:
    """INSERT an unsaved instance (its primary key left to the database) as `Model.objects.create` would,
    and give it its primary key."""
    meta = obj._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    names = tuple(f.attname for f in fields)
    params = [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    rows = run(_insert_sql(type(obj), names, connection.vendor), params)
    obj.pk = rows[0][0]
    obj._state.adding = False
    obj._state.db = connection.alias
    return obj


@cache
def _update_sql(model: type[models.Model], names: tuple[str, ...], vendor: str) -> str:
    meta = model._meta
    sets = ", ".join(f"{connection.ops.quote_name(meta.get_field(n).column)} = %s" for n in names)
    return f"UPDATE {table(model)} SET {sets} WHERE {connection.ops.quote_name(meta.pk.column)} = %s"


def update(obj: models.Model, names: Sequence[str]) -> None:
    """UPDATE the fields `names` of a saved instance, as `obj.save(update_fields=names)` would."""
    meta = obj._meta
    fields = [meta.get_field(n) for n in names]
    params = [f.get_db_prep_save(f.pre_save(obj, False), connection) for f in fields]
    run(_update_sql(type(obj), tuple(f.attname for f in fields), connection.vendor), [*params, obj.pk])
