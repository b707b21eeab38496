"""Generated data of the Chase package: ``board_tables`` (written by ``python -m chase.data``)."""
