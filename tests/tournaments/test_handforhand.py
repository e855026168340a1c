"""Hand-for-hand on, off and the next hand (tournaments/handforhand.py)."""

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.handforhand import hand_for_hand_next, hand_for_hand_set


def test_hand_for_hand_controls_are_audited(closed_event, director):
    hand_for_hand_set(event=closed_event, on=True, actor=director)
    hand_for_hand_next(event=closed_event, actor=director)
    hand_for_hand_set(event=closed_event, on=False, actor=director)
    closed_event.refresh_from_db()
    assert closed_event.hand_for_hand_round == 2 and not closed_event.hand_for_hand
    actions = list(AuditEntry.entries.filter(event_id=closed_event.pk, action__startswith="event.hand_for_hand")
                   .values_list("action", flat=True))
    assert len(actions) == 3
