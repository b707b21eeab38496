"""Generated data of the 42-cluster package: ``board_tables`` (written by ``python -m cluster42.data``)."""
