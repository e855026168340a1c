"""Test ids in plain ASCII.

pytest writes a parameter such as "Zé" into a test's id as "Z\\xe9", and an id holding a backslash escape
cannot be handed back to pytest to run that one test: mutmut runs the tests that reach a mutant by their
ids, and `make mutate` stopped on "Failed to run clean test". "Zé" becomes "Zxe9" instead.
"""


def ascii_id(text: str) -> str:
    if text.isascii() and text.isprintable():
        return text
    return text.encode("ascii", "backslashreplace").decode().replace("\\", "").replace("\x00", "x00")
