"""For MicroPython only: lets ``from __future__ import annotations`` import.

MicroPython never evaluates annotations, which is what this import asks of
CPython, so the name only has to exist.
"""

annotations = True
