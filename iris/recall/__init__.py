"""Recall from the command line: `iris recall` and `iris memories import` (cli.py). The
ranking itself lives with the store (iris/store/recall.py)."""
