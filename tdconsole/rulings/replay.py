"""Links from reference examples to the adjudication desk page."""

from urllib.parse import urlencode

# The lead's adjudication page; built from the literal path so it works before its URL name exists.
ADJUDICATE_PATH = "/rulings/adjudicate/"


def adjudicator_href(phh: str) -> str:
    """The adjudication page's URL with the hand history prefilled as ?phh=<url-encoded PHH>."""
    return f"{ADJUDICATE_PATH}?{urlencode({'phh': phh})}"
