"""Generated data of the Chase package: ``board_tables`` and ``picture_points`` (written by
``python -m chase.data``)."""
