"""The one place that owns the schema: an ordered list of migrations.

Each migration is recorded by name in the library file itself
(``_sqlite_migrations``, sqlite-utils' own table) and, so that read
commands can check cheaply with plain sqlite3, the count of applied
migrations is mirrored in ``PRAGMA user_version``. Once released, a
migration is never edited: a change to the schema is a new function at the
end of the list.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import nullcontext
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlite_utils import Database
    from sqlite_utils.migrations import Migrations

MIGRATION_SET = "readlog"

# Columns of entries that the full-text index covers, in index order: as
# m002 made it, and since m004 (which added the fetched article's text).
FTS_COLUMNS_V2 = ("title", "source", "category", "summary", "verdict", "note", "tags")
FTS_COLUMNS = (*FTS_COLUMNS_V2, "text")
# Whitespace that the index (and the query parser, see search.py) folds into
# single spaces, so that a phrase matches across line breaks and double spaces.
SPACES = " \t\n\v\f\r\xa0\u3000"
# Tags are stored as a JSON list; the index sees them as words, so that a
# search for brackets or quotes does not match the JSON around them.
TAGS_TEXT = (
    "(CASE WHEN json_valid({t}) THEN coalesce((SELECT group_concat(value, ' ') FROM json_each({t})), '') ELSE {t} END)"
)


def m001_initial(db: Database) -> None:
    """Entries and the record of imports (the core version)."""
    db.execute(
        """
        CREATE TABLE entries (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            fingerprint TEXT NOT NULL UNIQUE,
            url_key TEXT NOT NULL DEFAULT '',
            source TEXT NOT NULL DEFAULT '',
            category TEXT NOT NULL DEFAULT '',
            published TEXT,
            saved_at TEXT NOT NULL,
            read_at TEXT,
            starred_at TEXT,
            archived_at TEXT,
            imported_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            import_id INTEGER REFERENCES imports(id),
            saved_raw TEXT NOT NULL DEFAULT '',
            tags TEXT NOT NULL DEFAULT '[]',
            url TEXT NOT NULL DEFAULT '',
            title TEXT NOT NULL DEFAULT '',
            note TEXT NOT NULL DEFAULT '',
            verdict TEXT NOT NULL DEFAULT '',
            summary TEXT NOT NULL DEFAULT ''
        )
        """
    )
    db.execute(
        """
        CREATE TABLE imports (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            path TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            format TEXT NOT NULL,
            as_of TEXT NOT NULL,
            added INTEGER NOT NULL DEFAULT 0,
            updated INTEGER NOT NULL DEFAULT 0,
            skipped INTEGER NOT NULL DEFAULT 0,
            problems INTEGER NOT NULL DEFAULT 0
        )
        """
    )
    # Small columns come first and the long texts last, so that filtering and
    # listing never have to read a row's overflow pages. Partial indexes serve
    # the everyday views (the default list, --unread, --starred) both for
    # ordering and for counting without touching the rows at all.
    for name, spec in {
        "entries_saved": "(saved_at, published)",
        "entries_live": "(saved_at, published) WHERE archived_at IS NULL",
        "entries_unread": "(saved_at, published) WHERE read_at IS NULL AND archived_at IS NULL",
        "entries_starred": "(source COLLATE NOCASE, saved_at) WHERE starred_at IS NOT NULL",
        "entries_source": "(source COLLATE NOCASE, saved_at, published) WHERE archived_at IS NULL",
        "entries_category": "(category COLLATE NOCASE, saved_at, published) WHERE archived_at IS NULL",
        "entries_done": "(saved_at, published) WHERE read_at IS NOT NULL AND archived_at IS NULL",
        "entries_read": "(read_at) WHERE read_at IS NOT NULL",
        "entries_archived": "(archived_at) WHERE archived_at IS NOT NULL",
        "entries_url_key": "(url_key)",
    }.items():
        db.execute(f"CREATE INDEX {name} ON entries {spec}")
    _view_counts(db)


# The views whose size every list footer shows, as conditions on one row.
VIEW_COUNTS = {
    "live": "{r}.archived_at IS NULL",
    "unread": "{r}.read_at IS NULL AND {r}.archived_at IS NULL",
    "done": "{r}.read_at IS NOT NULL AND {r}.archived_at IS NULL",
}


def view_recounts(conn: object) -> dict[str, int]:
    """Each view's size counted from the entries themselves."""
    execute = conn.execute  # type: ignore[attr-defined]
    return {
        view: int(execute(f"SELECT count(*) FROM entries WHERE {cond.format(r='entries')}").fetchone()[0])
        for view, cond in VIEW_COUNTS.items()
    }


def recount_views(conn: object) -> None:
    """Set the view counters from a recount (on creation, and when rebuilding)."""
    execute = conn.execute  # type: ignore[attr-defined]
    for view, n in view_recounts(conn).items():
        execute("INSERT OR REPLACE INTO view_counts (view, n) VALUES (?, ?)", (view, n))


def _view_counts(db: Database) -> None:
    """How many entries each everyday view holds, kept by triggers.

    Counting even a partial index grows with the library (~8 ms at 100,000
    entries, a tenth of a read command's budget); these counters answer in
    constant time, and the database itself keeps them exact on every insert,
    delete and state change. ``readlog db check`` compares them with a
    recount.
    """
    db.execute("CREATE TABLE view_counts (view TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID")
    recount_views(db.conn)
    plus = {v: f"({c.format(r='new')})" for v, c in VIEW_COUNTS.items()}
    minus = {v: f"({c.format(r='old')})" for v, c in VIEW_COUNTS.items()}
    bodies = {
        "AFTER INSERT ON entries": plus,
        "AFTER DELETE ON entries": {v: f"-{m}" for v, m in minus.items()},
        "AFTER UPDATE OF read_at, archived_at ON entries": {v: f"{plus[v]} - {minus[v]}" for v in VIEW_COUNTS},
    }
    for i, (when, deltas) in enumerate(bodies.items()):
        updates = " ".join(f"UPDATE view_counts SET n = n + {d} WHERE view = '{v}';" for v, d in deltas.items())
        db.execute(f"CREATE TRIGGER view_counts_{i} {when} BEGIN {updates} END")


def _fold(expr: str) -> str:
    """``expr`` with every SPACES character made a plain space and runs of spaces (up to 64) made one."""
    for ch in SPACES[1:]:
        expr = f"replace({expr}, char({ord(ch)}), ' ')"
    for _ in range(6):
        expr = f"replace({expr}, '  ', ' ')"
    return expr


def _indexed_v2(prefix: str, column: str) -> str:
    """What the index is fed for ``column``, as m002 and m004 wrote it into their triggers:
    the whitespace folding run on every value."""
    expr = TAGS_TEXT.format(t=f"{prefix}.{column}") if column == "tags" else f"{prefix}.{column}"
    return f"{_fold(expr)} || ' '"


def _needs_fold(expr: str) -> str:
    """A condition that is true for every value of ``expr`` that _fold would change.

    Byte-exact for any value, blobs and broken UTF-8 included: GLOB with a
    single ASCII character after '*' is a strcspn() over the bytes (the
    fastest test SQLite has), but it stops at a NUL and, in some builds
    (SQLITE_LIKE_DOESNT_MATCH_BLOBS, Debian's among them), never matches a
    blob, so values holding a NUL and blobs always go through the folding;
    the multi-byte spaces are found with instr(), which compares bytes at
    every character start (GLOB would decode UTF-8 and could miss them in a
    broken sequence). The newline comes first because long texts (fetched
    articles) have one early.
    """
    ascii_ = sorted((c for c in SPACES[1:] if ord(c) < 0x80), key=lambda c: c != "\n")
    tests = [f"typeof({expr}) = 'blob'"]
    tests += [f"{expr} GLOB '*' || char({ord(c)}) || '*'" for c in ascii_]
    tests.append(f"{expr} GLOB '*  *'")
    tests += [f"instr({expr}, char({ord(c)}))" for c in SPACES[1:] if ord(c) >= 0x80]
    tests.append(f"instr({expr}, char(0))")
    return " OR ".join(tests)


def _fold_if_needed(expr: str) -> str:
    """``_fold(expr)``, computed only for the values it changes (the same result for every value, NULL
    too); an empty value, as most columns of most entries are, is not even tested."""
    return f"CASE WHEN {expr} = '' THEN '' WHEN {_needs_fold(expr)} THEN {_fold(expr)} ELSE {expr} END"


def _indexed(prefix: str, column: str) -> str:
    """What the index is fed for ``column``: the same text as _indexed_v2 for every value, in
    about a third of the time (see m006).

    For tags, TAGS_TEXT is taken apart so that it is computed once: the
    folding is applied to the aggregate inside its subquery (SQLite computes
    the repeated group_concat() once), and an empty list, the usual case,
    needs no JSON at all.
    """
    expr = f"{prefix}.{column}"
    if column != "tags":
        return f"({_fold_if_needed(expr)}) || ' '"
    words = "group_concat(value, ' ')"
    return (
        f"(CASE WHEN {expr} = '[]' THEN '' WHEN json_valid({expr}) THEN "
        f"coalesce((SELECT {_fold_if_needed(words)} FROM json_each({expr})), '') "
        f"ELSE {_fold_if_needed(expr)} END) || ' '"
    )


def _fts_values(
    prefix: str, columns: tuple[str, ...] = FTS_COLUMNS, indexed: Callable[[str, str], str] = _indexed
) -> str:
    # Each value gets a trailing space so that every two-character run in the
    # text is the start of some indexed trigram: that lets two-character
    # queries use the index (see search.py). Whitespace runs (up to 64 long)
    # become one space. The same expressions serve insert and delete, so the
    # two always agree.
    return ", ".join(indexed(prefix, c) for c in columns)


def m002_search(db: Database) -> None:
    """Full-text index (FTS5, trigram) kept in step by triggers."""
    _create_search_index(db, FTS_COLUMNS_V2)


def _create_search_index(db: Database, columns: tuple[str, ...]) -> None:
    """The entries_fts table over ``columns``, its vocabulary, its triggers, filled."""
    cols = ", ".join(columns)
    db.execute(
        f"CREATE VIRTUAL TABLE entries_fts USING fts5({cols}, content='entries', "
        "content_rowid='id', tokenize='trigram')"
    )
    db.execute("CREATE VIRTUAL TABLE entries_fts_vocab USING fts5vocab(entries_fts, 'row')")
    _create_search_triggers(db, columns, _indexed_v2)
    rebuild_index(db.conn, columns=columns)


# The triggers that keep the search index in step with every change to entries.
SEARCH_TRIGGERS = ("entries_fts_ai", "entries_fts_ad", "entries_fts_au")


def _create_search_triggers(db: Database, columns: tuple[str, ...], indexed: Callable[[str, str], str]) -> None:
    """SEARCH_TRIGGERS over ``columns``, feeding the index what ``indexed`` makes of each."""
    cols = ", ".join(columns)
    new, old = _fts_values("new", columns, indexed), _fts_values("old", columns, indexed)
    db.execute(
        f"CREATE TRIGGER entries_fts_ai AFTER INSERT ON entries BEGIN "
        f"INSERT INTO entries_fts(rowid, {cols}) VALUES (new.id, {new}); END"
    )
    db.execute(
        f"CREATE TRIGGER entries_fts_ad AFTER DELETE ON entries BEGIN "
        f"INSERT INTO entries_fts(entries_fts, rowid, {cols}) VALUES ('delete', old.id, {old}); END"
    )
    db.execute(
        f"CREATE TRIGGER entries_fts_au AFTER UPDATE OF {cols} ON entries BEGIN "
        f"INSERT INTO entries_fts(entries_fts, rowid, {cols}) VALUES ('delete', old.id, {old}); "
        f"INSERT INTO entries_fts(rowid, {cols}) VALUES (new.id, {new}); END"
    )


# The triggers that keep the search index and the view counters in step with
# each inserted row. A bulk import suspends them inside its transaction and
# does their work once per batch (index_inserted): per row, the search index
# alone costs about four times as much (measured on 5,000 bookmarks).
INSERT_TRIGGERS = ("entries_fts_ai", "view_counts_0")


def index_inserted(conn: object, low: int, high: int) -> None:
    """What INSERT_TRIGGERS do, for all the entries with ids from ``low`` to ``high`` at once."""
    execute = conn.execute  # type: ignore[attr-defined]
    cols = ", ".join(FTS_COLUMNS)
    execute(
        f"INSERT INTO entries_fts(rowid, {cols}) SELECT id, {_fts_values('entries')} FROM entries "
        "WHERE id BETWEEN ? AND ?",
        (low, high),
    )
    for view, cond in VIEW_COUNTS.items():
        execute(
            f"UPDATE view_counts SET n = n + (SELECT count(*) FROM entries WHERE id BETWEEN ? AND ? AND "
            f"{cond.format(r='entries')}) WHERE view = ?",
            (low, high, view),
        )


# Set by migrate() for the length of an upgrade: how to show progress.
_progress: ContextVar[Callable[[str, int | None], Any] | None] = ContextVar("readlog_progress", default=None)
REBUILD_CHUNK = 5000


def rebuild_index(
    conn: object,
    progress: Callable[[str, int | None], Any] | None = None,
    columns: tuple[str, ...] = FTS_COLUMNS,
) -> None:
    """Re-create the full-text index from the entries table.

    Done in slices of ids so that a large library can show a progress bar
    (``progress`` is a factory like render.Output.progress); the caller's
    transaction makes it all-or-nothing.
    """
    cols = ", ".join(columns)
    execute = conn.execute  # type: ignore[attr-defined]
    execute("INSERT INTO entries_fts(entries_fts) VALUES ('delete-all')")
    total = execute("SELECT count(*) FROM entries").fetchone()[0]
    factory = progress or _progress.get()
    bar = factory("building the search index", total) if factory and total > REBUILD_CHUNK else nullcontext()
    insert = f"INSERT INTO entries_fts(rowid, {cols}) SELECT id, {_fts_values('entries', columns)} FROM entries "
    step = "SELECT max(id) FROM (SELECT id FROM entries WHERE id > ? ORDER BY id LIMIT ?)"
    with bar as shown:
        low, done = -(2**63), 0
        while (high := execute(step, (low, REBUILD_CHUNK)).fetchone()[0]) is not None:
            execute(insert + "WHERE id > ? AND id <= ?", (low, high))
            done, low = min(total, done + REBUILD_CHUNK), high
            if shown is not None:
                shown.update(done, done)


def m003_events(db: Database) -> None:
    """Actions and their events: undo, history and reading stats."""
    db.execute(
        """
        CREATE TABLE actions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            command TEXT NOT NULL,
            summary TEXT NOT NULL DEFAULT '',
            undone_at TEXT
        )
        """
    )
    db.execute(
        """
        CREATE TABLE events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            action_id INTEGER NOT NULL REFERENCES actions(id),
            at TEXT NOT NULL,
            entry_id INTEGER NOT NULL,
            kind TEXT NOT NULL,
            before TEXT,
            after TEXT
        )
        """
    )
    db.execute("CREATE INDEX events_action ON events (action_id)")
    db.execute("CREATE INDEX events_kind_at ON events (kind, at)")
    db.execute("ALTER TABLE imports ADD COLUMN action_id INTEGER REFERENCES actions(id)")


def m004_reading(db: Database) -> None:
    """Reading in readlog: a fetched article's text and what the fetch found,
    a trash that deleted entries wait in, and the text in the search index.

    The new columns go at the end of the row (the text last), so listing and
    filtering never read a long article's overflow pages. A trashed entry
    leaves ``entries`` (and with it every view, count and the search index)
    and waits in ``trash`` as its whole row, so restoring brings back all of
    its state under the same id; its identity columns stay queryable so a
    re-import can tell that it was thrown away.
    """
    for spec in (
        "fetched_at TEXT",  # the last attempt to fetch the page, good or bad
        "fetch_status INTEGER",  # the HTTP status of that attempt; NULL when no response came
        "fetch_error TEXT NOT NULL DEFAULT ''",  # why it failed; '' after a good fetch
        "dead_at TEXT",  # when the link was found dead (4xx/5xx after retries, no such host)
        "final_url TEXT NOT NULL DEFAULT ''",  # where the redirects ended
        "lang TEXT NOT NULL DEFAULT ''",  # the article's language (zh, en, ...)
        "words INTEGER",  # words, counting each CJK character as one
        "minutes INTEGER",  # estimated reading time, whole minutes (at least 1)
        "text TEXT NOT NULL DEFAULT ''",  # the article's main text (see fetch)
    ):
        db.execute(f"ALTER TABLE entries ADD COLUMN {spec}")
    db.execute("CREATE INDEX entries_minutes ON entries (minutes) WHERE minutes IS NOT NULL")
    db.execute("CREATE INDEX entries_dead ON entries (dead_at) WHERE dead_at IS NOT NULL")
    db.execute(
        """
        CREATE TABLE trash (
            id INTEGER PRIMARY KEY,
            fingerprint TEXT NOT NULL,
            url_key TEXT NOT NULL DEFAULT '',
            deleted_at TEXT NOT NULL,
            action_id INTEGER REFERENCES actions(id),
            row TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX trash_fingerprint ON trash (fingerprint)")
    db.execute("CREATE INDEX trash_url_key ON trash (url_key) WHERE url_key != ''")
    db.execute("CREATE INDEX trash_deleted ON trash (deleted_at)")
    for trigger in SEARCH_TRIGGERS:
        db.execute(f"DROP TRIGGER {trigger}")
    db.execute("DROP TABLE entries_fts_vocab")
    db.execute("DROP TABLE entries_fts")
    _create_search_index(db, FTS_COLUMNS)


def m005_identity(db: Database) -> None:
    """Identity that loses nothing: fragments are part of a link's key, and a
    feed item's guid is its identity within its feed.

    Every entry's ``url_key`` is computed again with the new rule, and a
    fingerprint that was made from the old key is made again from the new
    one (fingerprints made from text stay as they are). No id changes and
    nothing is merged: the new keys only tell apart links the old ones
    confused. Imports gain the count of records already in the library.
    """
    from readlog.model.entry import normalize_url, refingerprint

    db.execute(
        "CREATE TABLE feed_items (feed TEXT NOT NULL, guid TEXT NOT NULL, entry_id INTEGER NOT NULL, "
        "import_id INTEGER, PRIMARY KEY (feed, guid)) WITHOUT ROWID"
    )
    db.execute("CREATE INDEX feed_items_entry ON feed_items (entry_id, feed)")
    db.execute("CREATE INDEX events_entry ON events (entry_id)")
    db.execute("ALTER TABLE imports ADD COLUMN unchanged INTEGER NOT NULL DEFAULT 0")

    conn = db.conn
    changed = []
    for entry_id, url, url_key, fp in conn.execute("SELECT id, url, url_key, fingerprint FROM entries WHERE url != ''"):
        key, new_fp = normalize_url(url), refingerprint(url, fp)
        if (key, new_fp) != (url_key, fp):
            changed.append((key, new_fp, entry_id))
    conn.executemany("UPDATE entries SET url_key = ?, fingerprint = ? WHERE id = ?", changed)
    trashed = []
    for entry_id, raw in conn.execute("SELECT id, row FROM trash"):
        row = json.loads(raw)
        url = row.get("url") or ""
        key, new_fp = normalize_url(url), refingerprint(url, row.get("fingerprint") or "")
        row.update(url_key=key, fingerprint=new_fp)
        trashed.append((key, new_fp, json.dumps(row, ensure_ascii=False), entry_id))
    conn.executemany("UPDATE trash SET url_key = ?, fingerprint = ?, row = ? WHERE id = ?", trashed)


def m006_fold_spaces_only_when_needed(db: Database) -> None:
    """The search triggers fold whitespace only in the values that have some.

    Every value fed to the index went through thirteen nested replace()
    calls (the whitespace folding) even when it held no whitespace to fold,
    empty columns included: on 5,000 imported bookmarks these expressions
    cost about 0.089 s against 0.005 s for the plain columns. Now a quick
    test (a strcspn-fast GLOB per control character, instr() for the rest)
    lets a value skip the folding it would come through unchanged, and for
    tags the test runs on the joined words inside the JSON subquery, so the
    JSON is still read once: 0.033 s for the same rows. Through the
    triggers, deleting those 5,000 entries went from 0.30 s to 0.21 s and
    changing a column of each from 0.45 s to 0.30 s. The price is a longer
    schema, which every connection parses when it opens the library: about
    0.7 ms more.

    The text fed to the index is the same, byte for byte, for every value
    (the test is true for every value the folding would change; see
    _needs_fold), so the index the old triggers built stays exactly right:
    nothing is rebuilt, only the three triggers are re-created. m002 and
    m004 still write the triggers they always wrote (_indexed_v2), so a new
    library ends with these triggers too. Imports and rebuilds, which feed
    the index without the triggers (index_inserted, rebuild_index), use the
    same expressions.
    """
    for trigger in SEARCH_TRIGGERS:
        db.execute(f"DROP TRIGGER {trigger}")
    _create_search_triggers(db, FTS_COLUMNS, _indexed)


MIGRATIONS: list[Callable[[Database], None]] = [
    m001_initial,
    m002_search,
    m003_events,
    m004_reading,
    m005_identity,
    m006_fold_spaces_only_when_needed,
]
LATEST = len(MIGRATIONS)


def migrate(db: Database, *, upto: int | None = None, progress: Callable[[str, int | None], Any] | None = None) -> int:
    """Apply pending migrations, or only those up to version ``upto``; return the version.

    Each migration runs in its own transaction together with its record, so
    an interrupted upgrade resumes where it stopped. ``progress`` shows long
    steps (building the search index).
    """
    migrations = _migrations()
    later = [fn.__name__ for fn in MIGRATIONS[upto:]] if upto is not None else []
    token = _progress.set(progress)
    try:
        migrations.apply(db, stop_before=later or None)
    finally:
        _progress.reset(token)
    version = len(migrations.applied(db))
    db.execute(f"PRAGMA user_version = {int(version)}")
    return version


def _migrations() -> Migrations:
    from sqlite_utils.migrations import Migrations

    migrations = Migrations(MIGRATION_SET)
    for fn in MIGRATIONS:
        migrations()(fn)
    return migrations
