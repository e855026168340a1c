"""The topics of the rulings reference, in display order, with their names in both languages."""

from collections.abc import Mapping

TOPICS: Mapping[str, tuple[str, str]] = {
    "general": ("Conceitos gerais", "General concepts"),
    "seating": ("Lugares, quebra e balanceamento de mesas", "Seating, breaking and balancing"),
    "blinds": ("Button e blinds", "Button and blinds"),
    "dealing": ("Distribuição, misdeal e cartas expostas", "Dealing, misdeals and exposed cards"),
    "betting": ("Apostas e aumentos", "Betting and raising"),
    "allins": ("All-in e potes paralelos", "All-ins and side pots"),
    "showdown": ("Showdown", "Showdown"),
    "split": ("Potes divididos e fichas ímpares", "Split pots and odd chips"),
    "chips": ("Fichas: chip race, troca e visibilidade", "Chips: races, colour-ups and visibility"),
    "elimination": ("Mão a mão e eliminações simultâneas", "Hand-for-hand and simultaneous eliminations"),
    "procedures": ("Níveis, relógio e procedimentos da sala", "Levels, clock and room procedures"),
    "conduct": ("Etiqueta e penalidades", "Etiquette and penalties"),
    "cash": ("Cash game e torneio", "Cash game versus tournament"),
    "limits": ("Estruturas de limite", "Limit structures"),
    "mixed": ("Jogos mistos, stud e draw", "Mixed games, stud and draw"),
}


def topic_name(slug: str, language: str) -> str:
    """The topic's name in Portuguese for 'pt*' languages, otherwise in English."""
    pt, en = TOPICS[slug]
    return pt if language.lower().startswith("pt") else en
