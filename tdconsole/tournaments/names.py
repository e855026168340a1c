"""How the desk compares people's names: without case, accents or stray punctuation.

Pure functions (no Django): the search column on Player holds `search_key(name)`, and
what staff type is reduced the same way before it is compared.
"""

from __future__ import annotations

import unicodedata

# Dropped without a trace, so "D'Ávila" is found by "davila" and "Jr." by "jr".
_DROPPED = frozenset("'’‘`´.")


def tidy_name(text: str) -> str:
    """The name as stored: surrounding and repeated whitespace removed."""
    return " ".join((text or "").split())


def search_key(text: str) -> str:
    """Casefolded, accents stripped (NFKD), other punctuation read as a space, whitespace collapsed.

    >>> search_key("  JOÃO   da Silva ")
    'joao da silva'
    >>> search_key("Jean-Luc D'Ávila")
    'jean luc davila'
    >>> search_key("Straße İnce")
    'strasse ince'
    """
    decomposed = unicodedata.normalize("NFKD", (text or "").casefold())
    kept = []
    for char in decomposed:
        if unicodedata.combining(char) or char in _DROPPED:
            continue
        # Hyphens, commas, slashes and the like separate words.
        kept.append(" " if unicodedata.category(char)[0] in "PSZC" else char)
    return " ".join("".join(kept).split())
