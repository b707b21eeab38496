"""The bundle format of a game's bytecode files: written by the setup step, read by the page.

A bundle is a JSON line of ``[path, length]`` pairs, then the files' bytes one
after the other in that order (``scripts/build_mpy.py`` packs one per game,
``web/loader.py`` unpacks it on the main thread). Pure Python, MicroPython-safe.

>>> unpack(pack([("a.mpy", b"xy"), ("b/c.mpy", b"z")]))
[('a.mpy', b'xy'), ('b/c.mpy', b'z')]
"""

from __future__ import annotations

import json


def pack(files: list[tuple[str, bytes]]) -> bytes:
    """The bundle of these (path, bytes) files."""
    head = json.dumps([[path, len(data)] for path, data in files]).encode() + b"\n"
    return head + b"".join(data for _, data in files)


def unpack(data: bytes) -> list[tuple[str, bytes]]:
    """The (path, bytes) of each file of a bundle; ``ValueError`` if it is not one."""
    end = data.find(b"\n")
    if end < 0:
        raise ValueError("a bundle starts with a line naming its files")
    files = []
    at = end + 1
    for path, length in json.loads(data[:end].decode()):
        files.append((str(path), data[at:at + length]))
        at += length
    if at != len(data):
        raise ValueError(f"the bundle holds {len(data) - at} bytes more than its files")
    return files
