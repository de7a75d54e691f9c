"""The ids of entries and actions: the largest one there can be.

At the bottom, so that each stage checks an id against the same bound
without climbing: the reader of ``3 5 8-12`` (core/filters.py), readlog's
own import format (inputs/formats/jsonl.py) and the store.
"""

# The largest id SQLite can store (a signed 64-bit integer); larger numbers
# typed by a user can match nothing and must not reach SQLite (OverflowError).
MAX_ID = 2**63 - 1
