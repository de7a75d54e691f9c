"""Write one small library per schema version to tests/fixtures/libraries/.

The upgrade tests open each of these with the current code and check that
every entry and its state survive. Run this once whenever a migration is
added (old files are kept as they are: a released schema never changes):

    python scripts/make_fixture_libraries.py            # writes only missing versions
    python scripts/make_fixture_libraries.py --force    # rewrites all

Each library holds the same entries, written with the columns that version
had, plus a record of the import (and, from the version that has them, an
action and its events). ``expected.json`` beside them lists what must survive.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
from pathlib import Path
from typing import Any

from readlog.model.entry import fingerprint, normalize_url
from readlog.store import migrations

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "libraries"
NOW = "2026-11-20T08:00:00+00:00"

ENTRIES: list[dict[str, Any]] = [
    {
        "title": "调度器为什么会饿死后台任务",
        "source": "evening-reads",
        "category": "",
        "summary": "一篇关于操作系统调度公平性的长文。",
        "url": "",
        "saved_at": "2026-11-01T10:00:00+00:00",
        "read_at": "2026-11-02T09:00:00+00:00",
        "starred_at": "2026-11-02T09:05:00+00:00",
        "tags": ["os", "调度"],
        "note": "重读第二节",
    },
    {
        "title": "Notes on writing a tiny parser",
        "source": "Parsers Weekly",
        "category": "科研议题",
        "summary": "A short survey of incremental parsers.",
        "verdict": "Worth keeping for the comparison table.",
        "url": "https://example.org/parsers?utm_source=x",
        "published": "2026-09-15",
        "saved_at": "2026-11-03T10:00:00+00:00",
        "tags": ["parsing"],
    },
    {
        "title": "一页纸讲清 B 树",
        "source": "evening-reads",
        "summary": "用一页图解说明 B 树的分裂与合并。",
        "saved_at": "2026-11-04T10:00:00+00:00",
        "archived_at": "2026-11-05T10:00:00+00:00",
    },
    {
        "title": "[bold]markup[/bold] stays text",
        "source": 'Quote\'s "Blog"',
        "summary": "'; DROP TABLE entries; --",
        "saved_at": "2026-11-06T10:00:00+00:00",
        "starred_at": "2026-11-06T11:00:00+00:00",
    },
]


def expected() -> list[dict[str, Any]]:
    """What each fixture library must still hold after an upgrade."""
    keys = ("title", "source", "category", "summary", "verdict", "url", "published")
    keys += ("saved_at", "read_at", "starred_at", "archived_at", "note")
    out = []
    for e in ENTRIES:
        row = {k: e.get(k, None if k.endswith("_at") or k == "published" else "") for k in keys}
        row["tags"] = e.get("tags", [])
        out.append(row)
    return out


def _row(e: dict[str, Any], import_id: int) -> dict[str, Any]:
    row = {k: v for k, v in e.items() if k != "tags"}
    row.update(
        fingerprint=fingerprint(e.get("url", ""), e["source"], e["title"], e["summary"]),
        url_key=normalize_url(e.get("url", "")),
        saved_raw="",
        imported_at=NOW,
        updated_at=NOW,
        tags=json.dumps(e.get("tags", []), ensure_ascii=False),
        import_id=import_id,
    )
    return row


def _said(version: int, english: str, meaning: dict[str, Any] | None = None) -> str:
    """An action's summary as that version kept it: English up to schema 11, then its meaning as JSON
    (text that no key says, such as the "4 added" of an import before imports were counted, as text)."""
    if version < 12:
        return english
    return json.dumps(meaning or {"text": english}, ensure_ascii=False, separators=(",", ":"))


def build(version: int, path: Path) -> None:
    """A library at schema ``version``, written the way that version would have."""
    from sqlite_utils import Database

    from readlog.store.files import Connection

    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    conn = sqlite3.connect(path, isolation_level=None, factory=Connection)  # with the index's function
    conn.execute("PRAGMA journal_mode=WAL")
    db = Database(conn)
    assert migrations.migrate(db, upto=version) == version
    has_actions = "actions" in db.table_names()
    conn.execute("BEGIN")
    imp: dict[str, Any] = {"started_at": NOW, "finished_at": NOW, "path": "seed.txt", "sha256": "0" * 64}
    imp.update(format="digest", as_of=NOW, added=len(ENTRIES))
    if has_actions:
        action = conn.execute(
            "INSERT INTO actions (at, command, summary) VALUES (?, 'import seed.txt', ?)",
            (NOW, _said(version, "4 added")),
        ).lastrowid
        imp["action_id"] = action
    cols = ", ".join(imp)
    import_id = conn.execute(f"INSERT INTO imports ({cols}) VALUES ({', '.join('?' * len(imp))})", list(imp.values()))
    for e in ENTRIES:
        row = _row(e, int(import_id.lastrowid or 0))
        conn.execute(f"INSERT INTO entries ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})", list(row.values()))
    if has_actions:
        said = _said(version, "1 of 1 changed", {"key": "did_change_of", "params": {"changed": 1, "n": 1}})
        star = conn.execute("INSERT INTO actions (at, command, summary) VALUES (?, 'star 1', ?)", (NOW, said))
        conn.execute(
            "INSERT INTO events (action_id, at, entry_id, kind, before, after) VALUES (?, ?, 1, 'starred', ?, ?)",
            (star.lastrowid, NOW, '{"starred_at": null}', json.dumps({"starred_at": ENTRIES[0]["starred_at"]})),
        )
    conn.execute("COMMIT")
    conn.execute("VACUUM")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rewrite libraries that already exist")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for version in range(1, migrations.LATEST + 1):
        path = OUT / f"v{version}.db"
        if path.exists() and not args.force:
            continue
        build(version, path)
        print(f"wrote {path}")
    (OUT / "expected.json").write_text(json.dumps(expected(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
