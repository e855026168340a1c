"""FloorDecision moved from rulings to adjudication (adjudication/0005, rulings/0006): a database made before
the move keeps its floor decisions, their links to saved hands and to ruling applications, the content type
and the audit records that name them; migrating back gives the old names again."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection

from tests.factories import make_event
from tests.migrations import latest, migrate

AUDIT = ("audit", "0002_summary_args_translated_when_read")  # the audit trail as it is, in both states
BEFORE = [("adjudication", "0004_ruling_application"), ("rulings", "0005_full_tda_2024_reference"), AUDIT]
AFTER = [("adjudication", "0005_floor_decision_moved_from_rulings"),
         ("rulings", "0006_floor_decision_moved_to_adjudication"), AUDIT]




def content_type():
    return ContentType.objects.filter(model="floordecision").values_list("pk", "app_label").first()


@pytest.mark.django_db(transaction=True)
def test_floor_decisions_and_what_names_them_survive_the_move_and_the_way_back():
    try:
        migrate(latest())
        event = make_event("moved")
        known = content_type()
        old = migrate(BEFORE)
        if known is not None:
            assert content_type() == (known[0], "rulings")
        Saved = old.get_model("adjudication", "SavedAdjudication")
        Decision = old.get_model("rulings", "FloorDecision")
        Application = old.get_model("adjudication", "RulingApplication")
        Audit = old.get_model("audit", "AuditEntry")
        saved = Saved.objects.create(event_id=event.pk, table_number=4, phh='variant = "NT"\n', ruling={})
        decision = Decision.objects.create(event_id=event.pk, table_number=4, seats="2, 6", question="Odd chip?",
                                           decision="Seat 2 gets it", adjudication=saved, search_text="odd chip")
        Application.objects.create(adjudication=saved, event_id=event.pk, table_number=4, floor_decision=decision)
        named = {"model": "rulings.floordecision", "id": decision.pk, "label": "T4"}
        other = {"model": "tournaments.entry", "id": 9, "label": "#9"}
        record = Audit.entries.create(action="floor_decision.record", event_id=event.pk, objects=[named, other])
        untouched = Audit.entries.create(action="entry.register", event_id=event.pk, objects=[other])

        new = migrate(AFTER)
        Moved = new.get_model("adjudication", "FloorDecision")
        assert Moved._meta.db_table == "rulings_floordecision"
        row = Moved.objects.get(pk=decision.pk)
        assert (row.question, row.seats, row.adjudication_id, row.event_id) == ("Odd chip?", "2, 6", saved.pk,
                                                                                event.pk)
        assert new.get_model("adjudication", "RulingApplication").objects.get().floor_decision_id == decision.pk
        assert list(new.get_model("adjudication", "SavedAdjudication").objects.get().floor_decisions.all()) == [row]
        audit = new.get_model("audit", "AuditEntry")
        assert audit.entries.get(pk=record.pk).objects == [{**named, "model": "adjudication.floordecision"}, other]
        assert audit.entries.get(pk=untouched.pk).objects == [other]
        if known is not None:
            assert content_type() == (known[0], "adjudication")

        back = migrate(BEFORE)
        assert back.get_model("rulings", "FloorDecision").objects.get().question == "Odd chip?"
        assert back.get_model("audit", "AuditEntry").entries.get(pk=record.pk).objects == [named, other]
        if known is not None:
            assert content_type() == (known[0], "rulings")
    finally:
        migrate(latest())


@pytest.mark.django_db
def test_the_moved_model_reads_the_table_it_always_had():
    from tdconsole.adjudication.models import FloorDecision, RulingApplication

    assert FloorDecision._meta.app_label == "adjudication"
    assert RulingApplication._meta.get_field("floor_decision").related_model is FloorDecision
    tables = {t.name for t in connection.introspection.get_table_list(connection.cursor())}
    assert "rulings_floordecision" in tables and "adjudication_floordecision" not in tables
