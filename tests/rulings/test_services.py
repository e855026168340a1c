"""floor_decision_record (adjudication.decisions): validation, rule defaulting, adjudication link,
audit; and rulings_sync."""

import pytest

from tdconsole.adjudication.decisions import floor_decision_record, parse_seats
from tdconsole.adjudication.exceptions import FloorDecisionError
from tdconsole.audit.models import AuditEntry
from tdconsole.rulings.models import RuleEntry


def test_parse_seats_accepts_commas_and_spaces_and_drops_repeats():
    assert parse_seats("3, 7 7;9") == [3, 7, 9]
    assert parse_seats("") == []


@pytest.mark.parametrize("bad", ["0", "11", "three", "2,-1"])
def test_parse_seats_rejects_anything_but_seat_numbers(bad):
    with pytest.raises(FloorDecisionError):
        parse_seats(bad)


def test_recording_a_decision_is_audited_with_its_content(event, director):
    decision = floor_decision_record(actor=director, event=event, table_number=5, seats="2,6",
                                     question="Odd chip?", decision="To seat 2", rule_cited="TDA 20")
    audit = AuditEntry.entries.get(action="floor_decision.record")
    assert audit.event_id == event.pk and audit.after["seats"] == "2, 6" and audit.after["rule"] == "TDA 20"
    assert decision.seat_list() == [2, 6]


def test_rule_cited_defaults_to_the_entry_rule(reference, event, director):
    entry = RuleEntry.objects.get(slug="split-pot-odd-chip")
    decision = floor_decision_record(actor=director, event=event, question="Odd chip?", decision="Seat 2",
                                     entry=entry)
    assert decision.rule_cited == "TDA 20-A"


def test_question_and_decision_are_required(event, director):
    with pytest.raises(FloorDecisionError):
        floor_decision_record(actor=director, event=event, question="  ", decision="Call")
    assert not AuditEntry.entries.filter(action="floor_decision.record").exists()


def test_adjudication_of_another_event_is_refused(event, other_event, director):
    from tdconsole.adjudication.models import SavedAdjudication

    saved = SavedAdjudication.objects.create(event=other_event, phh='variant = "NT"\n', ruling={})
    with pytest.raises(FloorDecisionError):
        floor_decision_record(actor=director, event=event, question="Q", decision="D", adjudication=saved)
    mine = SavedAdjudication.objects.create(event=event, phh='variant = "NT"\n', ruling={})
    decision = floor_decision_record(actor=director, event=event, question="Q", decision="D", adjudication=mine)
    assert decision.adjudication == mine


def test_rulings_sync_is_idempotent_and_restores_edited_rows(reference):
    from tdconsole.rulings.models import GlossaryTerm
    from tdconsole.rulings.sync import rulings_sync

    entry = RuleEntry.objects.get(slug="dead-button")
    entry.title_en = "edited by hand"
    entry.save()
    RuleEntry.objects.create(slug="stale-entry", topic="blinds", title_pt="x", title_en="x", ruling_pt="x",
                             ruling_en="x")
    first = rulings_sync()
    second = rulings_sync()
    assert first["removed"] >= 1 and second["removed"] == 0
    assert first["entries"] == second["entries"] == RuleEntry.objects.count()
    assert RuleEntry.objects.get(slug="dead-button").title_en == "Dead button"
    assert GlossaryTerm.objects.count() == second["terms"]


def test_rulings_sync_command_reports_counts(reference):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("rulings_sync", stdout=out)
    assert f"{RuleEntry.objects.count()} entries" in out.getvalue()
