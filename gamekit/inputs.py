"""The games' checks of input: whole numbers (no bool, no float), printable ASCII text, and
bad input quoted short.

>>> is_whole(3, 0, 5), is_whole(True, 0, 5), plain(" a1 ", "move", ValueError)
(True, False, 'a1')
"""

from __future__ import annotations

OUTER_SPACE = " \t\r\n"  # what may surround a text and is left out


def shown(value: object, limit: int = 40) -> str:
    """``value`` quoted for a message, cut after ``limit`` characters (non-ASCII as itself)."""
    if isinstance(value, str):
        cut = value if len(value) <= limit else value[:limit] + "..."
        return "'" + "".join(c if " " <= c <= "~" or c > "\x9f" else repr(c)[1:-1] for c in cut) + "'"
    try:
        text = repr(value)
    except Exception:  # a huge int
        return f"a {type(value).__name__}"
    return text if len(text) <= limit + 2 else text[:limit] + "..."


def is_whole(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is an int (not a bool) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


def integer(text: str, digits: int) -> int | None:
    """The number ``text`` writes (a minus, at most ``digits`` ASCII digits), else ``None``."""
    body = text[1:] if text.startswith("-") else text
    if not body or len(body) > digits or not all("0" <= c <= "9" for c in body):
        return None
    return int(text)


def is_plain(text: str) -> bool:
    """Whether ``text`` is printable ASCII."""
    return all(" " <= c <= "~" for c in text)


def plain(text: object, what: str, error: type[ValueError]) -> str:
    """``text`` stripped; ``error`` unless it is printable ASCII text."""
    if not isinstance(text, str):
        raise error(f"a {what} must be text, not {type(text).__name__}")
    clean = text.strip(OUTER_SPACE)
    if not is_plain(clean):
        raise error(f"{shown(clean)} is not a {what}: it has a character other than printable ASCII")
    return clean
