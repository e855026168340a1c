"""The topics of the rulings reference, in display order, with their names in both languages."""

from collections.abc import Mapping

TOPICS: Mapping[str, tuple[str, str]] = {
    "seating": ("Lugares, quebra e balanceamento de mesas", "Seating, breaking and balancing"),
    "blinds": ("Button e blinds", "Button and blinds"),
    "betting": ("Apostas e aumentos", "Betting and raising"),
    "allins": ("All-in e potes paralelos", "All-ins and side pots"),
    "showdown": ("Showdown", "Showdown"),
    "split": ("Potes divididos e fichas ímpares", "Split pots and odd chips"),
    "chips": ("Chip race e troca de fichas", "Chip race and colour-ups"),
    "elimination": ("Mão a mão e eliminações simultâneas", "Hand-for-hand and simultaneous eliminations"),
    "cash": ("Cash game e torneio", "Cash game versus tournament"),
    "limits": ("Estruturas de limite", "Limit structures"),
}


def topic_name(slug: str, language: str) -> str:
    """The topic's name in Portuguese for 'pt*' languages, otherwise in English."""
    pt, en = TOPICS[slug]
    return pt if language.lower().startswith("pt") else en
