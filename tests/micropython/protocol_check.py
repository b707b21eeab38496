"""What the page's side of ``gamekit.protocol`` makes of messages, for comparing MicroPython with CPython.

``protocol_report(texts)`` decodes each message text and describes the
message (its ``repr``, and whether encoding it again decodes to the same
message) or the error. Run as a script (under MicroPython, by ``run.mjs``),
it reads the texts from ``input.json`` and prints the report as JSON.
"""

from __future__ import annotations

import json

from gamekit.protocol import ProtocolError, decode, encode


def describe(text: str) -> str:
    """The message ``text`` holds and whether it survives a round trip, or the error."""
    try:
        message = decode(text)
    except ProtocolError as exc:
        return "ProtocolError: " + str(exc)
    return repr(message) + (" round trip" if decode(encode(message)) == message else " CHANGED")


def protocol_report(texts: list[str]) -> list[str]:
    """One description per message text."""
    return [describe(text) for text in texts]


if __name__ == "__main__":
    with open("input.json") as file:
        print(json.dumps(protocol_report(json.load(file))))
