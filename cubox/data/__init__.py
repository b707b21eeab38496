"""Generated data of the Cubox package: the searches' opening tables (JSON) and ``board_tables``
(written by ``python -m cubox.data``)."""
