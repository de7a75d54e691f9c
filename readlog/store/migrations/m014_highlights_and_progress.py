"""Schema 14: highlights are records of their own, and entries keep how far they were read. Frozen: never edit."""

from __future__ import annotations

import hashlib
import json
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database

# The formats whose importers, up to schema 13, quoted the passages a reader had marked
# into the entry's note (inputs/formats/links.py ``_highlights`` for Pocket's, Omnivore's,
# Diigo's, Karakeep's and Readwise's lists; json_exports.py ``_annotations`` for wallabag's).
QUOTING_FORMATS_V14 = ("links", "wallabag")
# The SQL function the search triggers call (m013's, registered on every connection readlog opens).
INDEX_FUNCTION_V14 = "readlog_index_text"


def highlight_key_v14(kind: str, passage: str, note: str, location: str, page: str) -> str:
    """A highlight's identity within its entry, as schema 14 wrote it (store/highlights.py's
    ``key`` gives the same): the same passage at the same place is one highlight, whatever
    its note says; a note or bookmark without a passage is known by its words and place."""
    parts = [kind, passage, "" if passage else note, location, page]
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode("utf-8")).hexdigest()[:32]


_QUOTED = re.compile(r"> ?")


def split_quoted_note_v14(note: str) -> tuple[str, list[tuple[str, str]]] | None:
    """A note written by the quoting importers, taken apart: (the reader's own note, [(passage,
    remark)]). Their layout: the reader's own note first, then each highlight as a paragraph
    (paragraphs apart by a blank line) whose first lines start with ``> `` (the passage, one
    ``> `` a line) and whose other lines are the reader's words on it. None when the note has
    no such paragraph, or when a paragraph after the first quoted one starts without ``> ``
    (a note the reader wrote around quotes: it stays the note it is)."""
    paragraphs = note.split("\n\n")
    first = next((i for i, p in enumerate(paragraphs) if p.startswith(">")), None)
    if first is None:
        return None
    found: list[tuple[str, str]] = []
    for paragraph in paragraphs[first:]:
        if not paragraph.startswith(">"):
            return None
        lines = paragraph.split("\n")
        quoted = 0
        while quoted < len(lines) and lines[quoted].startswith(">"):
            quoted += 1
        passage = "\n".join(_QUOTED.sub("", line, count=1) for line in lines[:quoted]).strip()
        remark = "\n".join(lines[quoted:]).strip()
        if passage:
            found.append((passage, remark))
    if not found:
        return None
    return "\n\n".join(paragraphs[:first]).strip(), found


def m014_highlights_and_progress(db: Database) -> None:
    """Entries get ``progress`` (how far they were read, 0 to 1) and ``progress_at``. And a
    table of highlights (a passage, the reader's note on it, when and where it was made,
    its colour; or a note at a place; or a bookmark), each kept with its entry's id and the
    action that made it, so that undoing that action takes it back, with a search index of
    their own (highlights_fts: passages and notes, trigram, fed by readlog_index_text).

    Up to schema 13 the importers of Pocket's, Omnivore's, Diigo's, Readwise's and wallabag's
    exports quoted a record's highlights into the entry's note. Those passages become highlight
    records now, and the note keeps only the reader's own words: for each entry imported from
    one of those formats whose note nobody changed since (no ``note`` or ``edit`` event wrote
    it) and which has the quoting layout exactly (split_quoted_note_v14). The note's change is
    part of the upgrade, not an action: the upgrade is not something ``undo`` takes back.
    """
    db.execute(
        """CREATE TABLE highlights (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            entry_id INTEGER NOT NULL,
            kind TEXT NOT NULL DEFAULT 'highlight',
            passage TEXT NOT NULL DEFAULT '',
            note TEXT NOT NULL DEFAULT '',
            made_at TEXT,
            location TEXT NOT NULL DEFAULT '',
            page TEXT NOT NULL DEFAULT '',
            position INTEGER,
            colour TEXT NOT NULL DEFAULT '',
            added_at TEXT NOT NULL,
            action_id INTEGER,
            key TEXT NOT NULL
        )"""
    )
    # How far the entry was read (0 to 1) and when that was said; NULL: never said.
    db.execute("ALTER TABLE entries ADD COLUMN progress REAL")
    db.execute("ALTER TABLE entries ADD COLUMN progress_at TEXT")
    db.execute("CREATE INDEX entries_in_progress ON entries (saved_at) WHERE progress > 0 AND read_at IS NULL")
    # The highlights' own search index (passages and the notes on them), fed as the entries' is
    # (m013: through readlog_index_text, the fold the queries use).
    db.execute(
        "CREATE VIRTUAL TABLE highlights_fts USING fts5(passage, note, content='highlights', "
        "content_rowid='id', tokenize='trigram')"
    )
    new = ", ".join(f"{INDEX_FUNCTION_V14}(CAST(new.{c} AS BLOB))" for c in ("passage", "note"))
    old = ", ".join(f"{INDEX_FUNCTION_V14}(CAST(old.{c} AS BLOB))" for c in ("passage", "note"))
    insert = f"INSERT INTO highlights_fts(rowid, passage, note) VALUES (new.id, {new});"
    delete = f"INSERT INTO highlights_fts(highlights_fts, rowid, passage, note) VALUES ('delete', old.id, {old});"
    db.execute(f"CREATE TRIGGER highlights_fts_ai AFTER INSERT ON highlights BEGIN {insert} END")
    db.execute(f"CREATE TRIGGER highlights_fts_ad AFTER DELETE ON highlights BEGIN {delete} END")
    db.execute(
        f"CREATE TRIGGER highlights_fts_au AFTER UPDATE OF passage, note ON highlights BEGIN {delete} {insert} END"
    )
    db.execute("CREATE UNIQUE INDEX highlights_entry ON highlights (entry_id, key)")
    db.execute("CREATE INDEX highlights_action ON highlights (action_id) WHERE action_id IS NOT NULL")
    db.execute("CREATE INDEX highlights_newest ON highlights (coalesce(made_at, added_at), id)")
    marks = ", ".join("?" for _ in QUOTING_FORMATS_V14)
    rows = db.execute(
        "SELECT e.id, e.note, i.action_id, i.started_at FROM entries AS e JOIN imports AS i ON i.id = e.import_id "
        f"WHERE i.format IN ({marks}) AND e.note LIKE '%>%' AND NOT EXISTS (SELECT 1 FROM events AS ev "
        "WHERE ev.entry_id = e.id AND ev.kind IN ('note', 'edit') AND json_extract(ev.after, '$.note') IS NOT NULL)",
        QUOTING_FORMATS_V14,
    ).fetchall()
    # Entries in the trash likewise (their row kept whole as JSON): restored, they come back with
    # their highlights as records.
    trashed = db.execute(
        "SELECT t.id, json_extract(t.row, '$.note'), i.action_id, i.started_at FROM trash AS t "
        "JOIN imports AS i ON i.id = json_extract(t.row, '$.import_id') "
        f"WHERE i.format IN ({marks}) AND json_extract(t.row, '$.note') LIKE '%>%' AND NOT EXISTS (SELECT 1 "
        "FROM events AS ev WHERE ev.entry_id = t.id AND ev.kind IN ('note', 'edit') "
        "AND json_extract(ev.after, '$.note') IS NOT NULL)",
        QUOTING_FORMATS_V14,
    ).fetchall()
    for table, found_rows in (("entries", rows), ("trash", trashed)):
        for entry_id, note, action_id, started_at in found_rows:
            parts = split_quoted_note_v14(note) if isinstance(note, str) else None
            if parts is None:
                continue
            own, found = parts
            for passage, remark in found:
                key = highlight_key_v14("highlight", passage, remark, "", "")
                db.execute(
                    "INSERT OR IGNORE INTO highlights (entry_id, kind, passage, note, added_at, action_id, key) "
                    "VALUES (?, 'highlight', ?, ?, ?, ?, ?)",
                    (entry_id, passage, remark, started_at, action_id, key),
                )
            if table == "entries":
                db.execute("UPDATE entries SET note = ? WHERE id = ?", (own, entry_id))
            else:
                db.execute("UPDATE trash SET row = json_set(row, '$.note', ?) WHERE id = ?", (own, entry_id))
