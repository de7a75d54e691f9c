"""Floors for the whole-library commands (benchmarks/whole.py, issue 38 item 2).

Each floor is what a bare Python + sqlite3 script needs to do to give the
same result as the readlog command on the benchmark's library: read the same
rows (default text factory, plain tuples, one query) and write the same bytes
(checked by whole.py: the floor's output and readlog's are compared). A floor
knows the library is clean (readlog stored it: no control characters, no text
that is not UTF-8), so it sanitises nothing; it formats times and tags as
readlog does. Usage: ``python floor_whole.py NAME LIBRARY [OUTPUT]``.

* ``list``: ``list --limit 0`` into a pipe: the live entries newest saved
  first (the entries_live order: saved_at, published, id descending), one
  tab-separated line each: id, state, title, url, source, category, tags,
  time, saved (in the local zone).
* ``search``: ``search 内核 --limit 0 --json``: the live entries that hold the
  word in a searchable column (``instr``: a trigram index cannot look up a
  two-character word), newest saved
  first, written as the same JSON array of the same fields, with a snippet
  cut around the first hit the plain way. Its order and snippets are not
  readlog's (which ranks by where the word is): the bytes differ, the work
  is the same size.
* ``jsonl``, ``json``, ``csv``, ``html``, ``markdown``: ``export -f NAME -o
  OUTPUT``: every entry (markdown: by source, then newest saved), its record
  in the format's shape (docs/export-format.md), written to OUTPUT in 64 KiB
  blocks. The library has no feed items or highlights, and the floor reads
  none.
* ``check``: ``db check``: PRAGMA quick_check, the rows of entries and of the
  search index counted, the view counters recounted, the schema's SQL read,
  and every row of every table (the search index's own aside) decoded as
  UTF-8: its text values joined by newlines in SQL, decoded once.
* ``undo``: undo of an import: the newest action's imports' entries deleted
  in one statement (the triggers remove their search-index entries, with
  readlog's own index function: the index holds its output, so deleting
  needs it again, and keep the view counters), then the imports' rows, the
  action marked undone; one transaction.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import sys
from datetime import datetime
from html import escape
from itertools import groupby

FIELDS = (
    "id", "fingerprint", "title", "source", "category", "summary", "verdict", "url", "published",
    "saved_at", "saved_raw", "imported_at", "read_at", "starred_at", "archived_at", "tags", "note",
)  # fmt: skip
TIMES = {"saved_at", "imported_at", "read_at", "starred_at", "archived_at", "progress_at", "fetched_at", "dead_at"}
FETCH = ("words", "minutes", "lang", "fetched_at", "fetch_status", "fetch_error", "dead_at", "final_url", "text")


def local(value: str | None) -> str | None:
    if not value:
        return None
    return datetime.fromisoformat(value).astimezone().isoformat(timespec="seconds")


class Out:
    def __init__(self, path: str | None) -> None:
        self.stream = open(path, "wb") if path else sys.stdout.buffer  # noqa: SIM115 (closed by close)
        self.block: list[str] = []
        self.size = 0

    def put(self, text: str) -> None:
        self.block.append(text)
        self.size += len(text)
        if self.size >= 1 << 16:
            self.flush()

    def flush(self) -> None:
        self.stream.write("".join(self.block).encode("utf-8"))
        self.block, self.size = [], 0

    def close(self) -> None:
        self.flush()
        self.stream.close()


def floor_list(conn: sqlite3.Connection, out: Out) -> None:
    sql = (
        "SELECT id, read_at, starred_at, title, url, source, category, tags, dead_at, minutes, saved_at "
        "FROM entries WHERE archived_at IS NULL ORDER BY saved_at DESC, published DESC, id DESC"
    )
    for i, read, star, title, url, source, category, tags, dead, minutes, saved in conn.execute(sql):
        state = ("read" if read else "unread") + (" starred" if star else "")
        tagged = " ".join("#" + t for t in json.loads(tags)) if tags != "[]" else ""
        time = "dead" if dead else f"{minutes} min" if minutes else ""
        fields = (str(i), state, title or url, url, source, category, tagged, time, local(saved) or "")
        out.put("\t".join(fields).rstrip() + "\n")


SEARCH_FIELDS = (
    "id, title, source, category, summary, verdict, url, published, saved_at, read_at, starred_at, archived_at, "
    "tags, note, minutes, words, lang, fetched_at, fetch_status, fetch_error, dead_at, final_url, progress"
)


def floor_search(conn: sqlite3.Connection, out: Out, word: str = "内核") -> None:
    sql = (
        f"SELECT {SEARCH_FIELDS} FROM entries WHERE archived_at IS NULL AND (instr(title, ?1) OR instr(summary, ?1) "
        "OR instr(verdict, ?1) OR instr(note, ?1) OR instr(source, ?1) OR instr(category, ?1) OR instr(tags, ?1) "
        "OR instr(text, ?1)) ORDER BY saved_at DESC, id DESC"
    )
    cur = conn.execute(sql, (word,))
    names = [d[0] for d in cur.description]
    first = True
    for values in cur:
        row = dict(zip(names, values, strict=True))
        where = next((f for f in ("title", "summary", "verdict", "note") if word in (row[f] or "")), "title")
        text = row[where]
        at = text.find(word)
        snippet = text[max(0, at - 40) : at] + "**" + word + "**" + text[at + len(word) : at + len(word) + 40]
        record = {
            **{k: row[k] for k in ("id", "title", "source", "category", "summary", "verdict", "url", "published")},
            "saved_at": local(row["saved_at"]),
            "read_at": local(row["read_at"]),
            "starred": bool(row["starred_at"]),
            "starred_at": local(row["starred_at"]),
            "archived": bool(row["archived_at"]),
            "tags": json.loads(row["tags"]),
            "note": row["note"],
            **{k: row[k] or None for k in ("minutes", "words", "lang", "fetched_at", "fetch_status", "fetch_error")},
            "dead": bool(row["dead_at"]),
            "dead_at": row["dead_at"],
            "final_url": row["final_url"] or None,
            "progress": row["progress"],
            "snippet": snippet,
            "snippet_in": where,
        }
        text = json.dumps(record, ensure_ascii=False, indent=2).replace("\n", "\n  ")
        out.put(("[\n  " if first else ",\n  ") + text)
        first = False
    out.put("\n]\n" if not first else "[]\n")


def records(conn: sqlite3.Connection, order: str) -> tuple[list[str], sqlite3.Cursor]:
    cur = conn.execute(f"SELECT * FROM entries ORDER BY {order}")
    return [d[0] for d in cur.description], cur


def record(row: dict[str, object]) -> dict[str, object]:
    out: dict[str, object] = {"readlog": 1}
    for name in FIELDS:
        value = row[name]
        if name in TIMES:
            out[name] = local(value)  # type: ignore[arg-type]
        elif name == "tags":
            out[name] = json.loads(value)  # type: ignore[arg-type]
        elif name in ("id", "published"):
            out[name] = value
        else:
            out[name] = value or ""
    out["progress"] = row["progress"]
    out["progress_at"] = local(row["progress_at"])  # type: ignore[arg-type]
    for name in FETCH:
        value = row[name]
        if name in TIMES:
            out[name] = local(value)  # type: ignore[arg-type]
        elif name in ("words", "minutes", "fetch_status"):
            out[name] = value
        else:
            out[name] = value or ""
    out["feed_items"] = []
    out["highlights"] = []
    return out


def floor_jsonl(conn: sqlite3.Connection, out: Out) -> None:
    names, cur = records(conn, "id")
    for values in cur:
        out.put(json.dumps(record(dict(zip(names, values, strict=True))), ensure_ascii=False) + "\n")


def floor_json(conn: sqlite3.Connection, out: Out) -> None:
    names, cur = records(conn, "id")
    out.put("[")
    first = True
    for values in cur:
        rec = record(dict(zip(names, values, strict=True)))
        text = json.dumps(rec, ensure_ascii=False, indent=2).replace("\n", "\n  ")
        out.put(("\n  " if first else ",\n  ") + text)
        first = False
    out.put("\n]\n" if not first else "]\n")


CSV_COLUMNS = (
    "id", "title", "url", "source", "category", "published", "saved_at", "read_at", "starred_at", "archived_at",
    "tags", "note", "summary", "verdict", "saved_raw", "imported_at", "fingerprint", "progress", "progress_at",
    "words", "minutes", "lang", "fetched_at", "fetch_status", "fetch_error", "dead_at", "final_url", "text",
    "feed_items", "highlights",
)  # fmt: skip


def floor_csv(conn: sqlite3.Connection, out: Out) -> None:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    out.put("\ufeff" + buffer.getvalue())
    names, cur = records(conn, "id")
    for values in cur:
        rec = record(dict(zip(names, values, strict=True)))
        tags = rec["tags"]
        rec["tags"] = json.dumps(tags, ensure_ascii=False) if tags else ""
        rec["feed_items"] = rec["highlights"] = ""
        buffer.seek(0)
        buffer.truncate()
        writer.writerow(["" if rec[c] is None else rec[c] for c in CSV_COLUMNS])
        out.put(buffer.getvalue())


def floor_html(conn: sqlite3.Connection, out: Out) -> None:
    out.put(
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<!-- This is an automatically generated file.\n"
        "     It will be read and overwritten.\n     DO NOT EDIT! -->\n"
        '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n'
        "<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n"
    )
    sql = "SELECT url, title, saved_at, tags, read_at, summary FROM entries ORDER BY id"
    for url, title, saved, tags, read, summary in conn.execute(sql):
        attrs = [f'HREF="{escape(url, quote=True)}"', f'ADD_DATE="{int(datetime.fromisoformat(saved).timestamp())}"']
        if tags != "[]":
            attrs.append(f'TAGS="{escape(",".join(json.loads(tags)), quote=True)}"')
        attrs.append('TOREAD="0"' if read else 'TOREAD="1"')
        line = f"    <DT><A {' '.join(attrs)}>{escape(title or url, quote=False)}</A>\n"
        if summary:
            line += f"    <DD>{escape(summary, quote=False)}\n"
        out.put(line)
    out.put("</DL><p>\n")


def _md_escape(text: str) -> str:
    return "".join("\\" + ch if ch in "\\`*_[]<>|~&!#" else ch for ch in text)


def floor_markdown(conn: sqlite3.Connection, out: Out) -> None:
    today = datetime.now().astimezone().date().isoformat()
    out.put(f"# Reading list\n\nExported from readlog on {today}.\n")
    sql = (
        "SELECT source, title, url, read_at, saved_at, tags, starred_at, archived_at, note FROM entries "
        "ORDER BY source COLLATE NOCASE, saved_at DESC, id DESC"
    )
    written = read = starred = 0
    for _, group in groupby(conn.execute(sql), key=lambda r: r[0].lower()):
        items = list(group)
        out.put(f"\n## {_md_escape(items[0][0])}\n\n")
        for _, title, url, read_at, saved, tags, star, archived, _note in items:
            written += 1
            read += bool(read_at)
            starred += bool(star)
            details = [f"saved {local(saved)[:10]}"]  # type: ignore[index]
            if tags != "[]":
                details.append("tags: " + ", ".join(_md_escape(t) for t in json.loads(tags)))
            line = f"- [{'x' if read_at else ' '}] [{_md_escape(title)}]({url}){' ★' if star else ''}"
            line += " (archived)" if archived else ""
            out.put(line + " — " + " · ".join(details) + "\n")
    out.put(f"\n{written:,} entries · {read} read · {starred} starred\n")


def floor_check(conn: sqlite3.Connection, out: Out) -> None:
    quick = [r[0] for r in conn.execute("PRAGMA quick_check(20)")]
    counts = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("entries", "entries_fts_docsize")}
    views = conn.execute(
        "SELECT count(*) FILTER (WHERE archived_at IS NULL), count(*) FILTER (WHERE read_at IS NULL AND archived_at "
        "IS NULL), count(*) FILTER (WHERE read_at IS NOT NULL AND archived_at IS NULL) FROM entries"
    ).fetchone()
    schema = conn.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
    tables = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' "
            "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'entries\\_fts\\_%' ESCAPE '\\'"
        )
    ]
    conn.text_factory = bytes
    bad = 0
    for table in tables:
        columns = [r[1].decode() for r in conn.execute(f"SELECT * FROM pragma_table_info('{table}')")]
        joined = " || x'0a' || ".join(
            f"coalesce(CASE WHEN typeof({c}) = 'text' THEN CAST({c} AS BLOB) END, x'')" for c in columns
        )
        for (value,) in conn.execute(f"SELECT CAST({joined} AS BLOB) FROM {table}"):
            try:
                value.decode("utf-8")
            except UnicodeDecodeError:
                bad += 1
    out.put(json.dumps({"integrity": quick, "counts": counts, "views": views, "objects": len(schema), "bad": bad}))
    out.put("\n")


def floor_undo(conn: sqlite3.Connection, out: Out) -> None:
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
    from readlog.store.common import INDEX_FUNCTION
    from readlog.store.files import _index_text

    conn.create_function(INDEX_FUNCTION, 1, _index_text, deterministic=True)
    conn.execute("PRAGMA trusted_schema = ON")
    conn.isolation_level = None
    conn.execute("BEGIN IMMEDIATE")
    action = conn.execute("SELECT max(id) FROM actions WHERE undone_at IS NULL").fetchone()[0]
    imports = [r[0] for r in conn.execute("SELECT id FROM imports WHERE action_id = ?", (action,))]
    marks = json.dumps(imports)
    deleted = conn.execute("DELETE FROM entries WHERE import_id IN (SELECT value FROM json_each(?))", (marks,))
    conn.execute("DELETE FROM imports WHERE id IN (SELECT value FROM json_each(?))", (marks,))
    conn.execute("UPDATE actions SET undone_at = ? WHERE id = ?", (datetime.now().isoformat(), action))
    conn.execute("COMMIT")
    out.put(f"{deleted.rowcount} entries removed\n")


FLOORS = {
    "list": floor_list,
    "search": floor_search,
    "jsonl": floor_jsonl,
    "json": floor_json,
    "csv": floor_csv,
    "html": floor_html,
    "markdown": floor_markdown,
    "check": floor_check,
    "undo": floor_undo,
}


def main(argv: list[str]) -> int:
    name, library = argv[0], argv[1]
    out = Out(argv[2] if len(argv) > 2 else None)
    conn = sqlite3.connect(library)
    FLOORS[name](conn, out)
    out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
