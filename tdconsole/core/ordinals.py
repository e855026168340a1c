"""Places written the way each language writes them: "7th" in English, "7º" in pt-BR."""

from tdconsole.core.money import format_number


def ordinal(place: int, lang: str) -> str:
    """1 -> '1st' / '1º', 12 -> '12th' / '12º', 1001 -> '1,001st' / '1.001º'."""
    number = format_number(int(place), lang)
    if lang.lower().startswith("pt"):
        return number + "º"
    place = abs(int(place))
    if place % 100 in (11, 12, 13):
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return number + suffix
