"""``readlog sync``: one library on every machine, through a folder a replication engine keeps in step.

No UI here (the core's rule): segments.py is the target folder's files,
document.py the CRDT document (pycrdt), engine.py one sync. Imported only by
``Library.sync`` (readlog/core/api/syncing.py), never by ``import readlog`` or
another command: pycrdt is loaded by a sync alone. docs/sync.md is the design.
"""
