"""For MicroPython only: the few names of ``typing`` the page's code imports.

MicroPython has no ``typing`` and never evaluates annotations, so only the
names used at run time need a value: ``TYPE_CHECKING`` is false (the imports
it guards are for type checkers), and the type constructors used in aliases
(``Colour = Literal["red", "blue"]``) accept subscripts and stand for nothing.
"""

TYPE_CHECKING = False


class _AnyType:
    """Stands for a type; subscripting it gives itself."""

    def __getitem__(self, item):
        return self


Any = _AnyType()
Literal = _AnyType()
