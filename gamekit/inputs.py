"""Checks every game makes of what a person, a link or a program hands it: whole numbers of a
range (never a bool, a float or a string that looks like one), text of the documented
characters only (printable ASCII: no look-alike letters, no control or Unicode spaces), and
bad input quoted short in error messages.

MicroPython-safe (the page's main thread reads moves and records).

>>> is_whole(3, 0, 5), is_whole(True, 0, 5), is_whole(3.0, 0, 5), is_whole(9, 0, 5)
(True, False, False, False)
>>> plain("  a1 ", "move", ValueError)
'a1'
>>> plain("\\u212a1", "move", ValueError)
Traceback (most recent call last):
...
ValueError: the move '\u212a1' has a character other than printable ASCII (letters, digits, signs)
>>> shown("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
"""

from __future__ import annotations

QUOTE_LIMIT = 40  # characters of a bad input that an error message quotes
OUTER_SPACE = " \t\r\n"  # what may surround a text and is left out


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as an error message quotes it: text cut short after ``limit`` characters;
    anything else by its ``repr``, cut as short (a value that cannot be shown by its type)."""
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[:limit] + "...")
    try:
        text = repr(value)
    except Exception:  # a huge int, or a repr that fails: the type names it
        return f"a {type(value).__name__}"
    return text if len(text) <= limit + 2 else text[:limit] + "..."


def is_whole(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is an ``int`` (not a bool) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


def is_plain(text: str) -> bool:
    """Whether every character of ``text`` is printable ASCII (space to ``~``)."""
    return all(" " <= c <= "~" for c in text)


def plain(text: object, what: str, error: type[ValueError]) -> str:
    """``text`` without the spaces around it; ``error`` unless it is a ``str`` of printable ASCII
    (``what`` names it in the message)."""
    if not isinstance(text, str):
        raise error(f"a {what} must be text, not {type(text).__name__}")
    clean = text.strip(OUTER_SPACE)
    if not is_plain(clean):
        raise error(f"the {what} {shown(clean)} has a character other than printable ASCII "
                    "(letters, digits, signs)")
    return clean
