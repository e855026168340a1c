"""Demo data for the embedded default: staff accounts now, the demo tournament beside it."""

import datetime
import json
from decimal import Decimal
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.db import transaction

STAFF_FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "demo_staff.json"


@transaction.atomic
def demo_staff_load() -> tuple[list[dict], str]:
    """Create (or keep) one demo account per role; return them and the shared password.

    An existing account keeps its password and data, so running this twice changes nothing.
    """
    data = json.loads(STAFF_FIXTURE.read_text(encoding="utf-8"))
    password = data["password"]
    for spec in data["users"]:
        user, created = User.objects.get_or_create(
            username=spec["username"],
            defaults={"first_name": spec.get("first_name", ""), "last_name": spec.get("last_name", "")},
        )
        if created:
            user.set_password(password)
            user.save(update_fields=["password"])
        user.groups.add(Group.objects.get_or_create(name=spec["role"])[0])
    return data["users"], password


DEMO_SLUG = "demo"
DEMO_FESTIVAL = "demo-festival"
DEMO_TABLES = 30
DEMO_FIRST_WAVE = 140
DEMO_BUSTS = 14
DEMO_REENTRIES = 10
FIRST_NAMES = [
    "Ana", "Bruno", "Carla", "Daniel", "Eduarda", "Felipe", "Gabriela", "Henrique", "Isabela", "João",
    "Karina", "Lucas", "Mariana", "Nicolas", "Olívia", "Paulo", "Quitéria", "Rafael", "Sofia", "Tiago",
]
LAST_NAMES = ["Almeida", "Barros", "Cardoso", "Duarte", "Esteves", "Figueiredo", "Gomes"]
# The demo's club money: rebuys through level 8 (two a player), the add-on at the break after it, a staff
# add-on, 3% of the pool for the staff; most pay in cash or by PIX.
DEMO_MONEY_RULES = {
    "rebuy_until_level": 8, "rebuy_prize": Decimal("900"), "rebuy_fee": Decimal("100"), "rebuy_chips": 30000,
    "max_rebuys": 2, "addon_break_after_level": 8, "addon_prize": Decimal("500"), "addon_chips": 40000,
    "staff_addon_price": Decimal("20"), "staff_addon_chips": 5000, "staff_percent": Decimal("3"),
}
DEMO_METHODS = ["cash", "cash", "pix", "pix", "card"]
# The card room's chips (value, colour as the room calls it, colour code): the 100s leave at the third break
# of the demo structure, the 500s at the fifth.
DEMO_CHIP_SET = "Fichas do Demo Card Room"
DEMO_CHIPS = [(100, "preta", "#1b1b1b"), (500, "roxa", "#6a2c91"), (1000, "amarela", "#e8c31a"),
              (5000, "vermelha", "#c0262d"), (25000, "verde", "#1f8a3b")]
DEMO_REBUYS = 6
DEMO_STAFF_ADDONS = 12


def _demo_names() -> list[str]:
    """140 distinct player names, the same on every run."""
    return [f"{first} {last}" for last in LAST_NAMES for first in FIRST_NAMES][:DEMO_FIRST_WAVE]


@transaction.atomic
def demo_tournament_load():
    """Create the demo festival and its re-entry event `demo` (about 150 entries, some out).

    Runs through the same services the desk uses. When the event exists nothing is
    changed, so running this twice gives the same database.
    """
    import random

    from tdconsole.cashier.models import Purchase
    from tdconsole.cashier.purchases import ClockPoint, purchase_sell
    from tdconsole.cashier.rules import money_rules_set
    from tdconsole.cashier.selectors import extra_chips
    from tdconsole.seating.registration import entry_register_seated
    from tdconsole.seating.services import seats_draw_initial, tables_assign
    from tdconsole.tournaments.chipcounts import chip_counts_record
    from tdconsole.tournaments.chipsets import ChipSpec, chip_set_create, event_chip_set_set
    from tdconsole.tournaments.eliminations import entry_eliminate
    from tdconsole.tournaments.events import event_create, event_status_change, structure_templates_load
    from tdconsole.tournaments.models import ChipSet, Entry, Event, Festival, Structure, Table, Venue
    from tdconsole.tournaments.players import player_register

    structure_templates_load()
    venue, _ = Venue.objects.get_or_create(name="Demo Card Room")
    have = set(Table.objects.filter(venue=venue).values_list("number", flat=True))
    Table.objects.bulk_create(
        [Table(venue=venue, number=n, seats=9) for n in range(1, DEMO_TABLES + 1) if n not in have]
    )
    festival, _ = Festival.objects.get_or_create(
        slug=DEMO_FESTIVAL, defaults={"name": "Demo Poker Series", "venue": venue}
    )
    existing = Event.objects.filter(slug=DEMO_SLUG).first()
    if existing is not None:
        return existing, False
    director = User.objects.filter(groups__name="Director").order_by("pk").first()
    event = event_create(
        festival=festival, template=Structure.objects.get(slug="regular-40"), actor=director,
        name="Demo Main Event", slug=DEMO_SLUG, date=datetime.date.today(), currency="BRL",
        buy_in_prize=Decimal("900"), buy_in_fee=Decimal("100"), starting_stack=30000, seats_per_table=9,
        format=Event.Format.REENTRY, max_entries=3, late_registration_level=8, ante_type=Event.AnteType.BIG_BLIND,
        guarantee=Decimal("100000"),
    )
    chip_set = ChipSet.objects.filter(name=DEMO_CHIP_SET).first() or chip_set_create(
        name=DEMO_CHIP_SET, venue=venue, actor=director, chips=[ChipSpec(*chip) for chip in DEMO_CHIPS])
    event = event_chip_set_set(event=event, chip_set=chip_set, actor=director)
    event = event_status_change(event=event, to=Event.Status.REGISTERING, actor=director)
    money_rules_set(event=event, actor=director, values=DEMO_MONEY_RULES)
    tables_assign(event=event, numbers=list(range(1, 21)), actor=director)
    pay = random.Random(14)  # its own draws: the busts below stay the ones the demo always had
    players = []
    for name in _demo_names():
        player = player_register(festival=festival, name=name, actor=director)
        entry_register_seated(event=event, player=player, actor=director, level_position=None,
                              method=pay.choice(DEMO_METHODS))
        players.append(player)
    seats_draw_initial(event=event, actor=director)
    event = event_status_change(event=event, to=Event.Status.RUNNING, actor=director)
    rng = random.Random(2026)
    busted = []
    for _ in range(DEMO_BUSTS):
        entry = rng.choice(list(Entry.objects.filter(event=event, status=Entry.Status.ALIVE).select_related("table")))
        entry_eliminate(event=event, table_number=entry.table.number, seat=entry.seat, actor=director,
                        level_position=None)
        busted.append(entry.player)
    for player in busted[:DEMO_REENTRIES]:
        entry_register_seated(event=event, player=player, actor=director, level_position=None,
                              method=pay.choice(DEMO_METHODS))
    # A chip count at the first break for the first tables.
    counts = {
        e.pk: rng.randrange(8000, 90000, 500)
        for e in Entry.objects.filter(event=event, status=Entry.Status.ALIVE, table__number__lte=4)
    }
    chip_counts_record(event=event, counts=counts, actor=director, addon_chips=extra_chips(event=event))
    # The cash desk before the clock starts: rebuys for the short stacks counted, a few staff add-ons.
    before_start = ClockPoint()
    short = [pk for pk, chips in sorted(counts.items()) if chips <= event.starting_stack][:DEMO_REBUYS]
    for pk in short:
        purchase_sell(event=event, entry_id=pk, kind=Purchase.Kind.REBUY, method=pay.choice(DEMO_METHODS),
                      actor=director, clock=before_start)
    for pk in sorted(counts)[:DEMO_STAFF_ADDONS]:
        purchase_sell(event=event, entry_id=pk, kind=Purchase.Kind.STAFF_ADDON, method=Purchase.Method.CASH,
                      actor=director, clock=before_start)
    return event, True
