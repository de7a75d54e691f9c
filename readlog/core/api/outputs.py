"""The library as a whole, as ``readlog`` alone, ``tags``, ``sources``,
``categories`` and ``stats`` show it; the library file's upkeep (``readlog db
check``, ``backup``, ``rebuild-index``); and taking entries out (``readlog export``)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from readlog.core.api.base import Base
from readlog.core.arguments import FILTERS, _checked, _path_or_none, _path_or_stream, _text_or_none
from readlog.model.errors import BadValue

if TYPE_CHECKING:
    from readlog.core.results import Checked, Exported, Overview, TagCount, Tally
    from readlog.store.stats import Stats

MEMORY = Path(":memory:")


class Outputs(Base):
    """Overviews and tallies, the file's upkeep, the export."""

    # ---- seeing the library as a whole -------------------------------------------------------

    @_checked()
    def overview(self) -> Overview:
        """The library at a glance, as ``readlog`` alone shows it: how many
        entries, unread and starred, the five newest unread, and the last import."""
        from readlog.core.reading import overview
        from readlog.core.results import Overview

        return Overview.of(*overview(self.store))

    @_checked()
    def tags(self) -> list[TagCount]:
        """Each tag in use, most entries first, as ``readlog tags`` lists them."""
        from readlog.core.organise import tags
        from readlog.core.results import TagCount

        return [TagCount(r["tag"], int(r["entries"]), int(r["unread"] or 0)) for r in tags(self.store)]

    @_checked()
    def sources(self) -> list[Tally]:
        """Each source with its counts and when it last saved something, as ``readlog sources`` lists them."""
        from readlog.core.results import Tally
        from readlog.core.review import sources

        return [Tally.of(r) for r in sources(self.store)]

    @_checked()
    def categories(self) -> list[Tally]:
        """Each category, as ``readlog categories`` lists them (name None: entries without one)."""
        from readlog.core.results import Tally
        from readlog.core.review import categories

        return [Tally.of(r) for r in categories(self.store)]

    @_checked(since=_text_or_none)
    def stats(self, since: str | None = None) -> Stats:
        """Your reading habits, as ``readlog stats`` shows them: saved and read per
        week (or month, year), backlog, streaks, top sources. ``since``: the
        window, as --since takes it (2026-09-01, 8w, 6mo, all)."""
        from readlog.core.review import stats

        return stats(self.store, since)

    # ---- the library file --------------------------------------------------------------------

    @_checked()
    def check(self) -> Checked:
        """Look at the library file without changing it, as ``readlog db check`` does."""
        from readlog.core.maintenance import check
        from readlog.core.results import Checked

        if self.store.path == MEMORY:  # no file to open again: the connection is looked at
            from readlog.core.maintenance import problems
            from readlog.store.files import inspect_connection

            report = inspect_connection(self.store.conn, self.store.path)
            report = {**report, "problems": problems(report)}
        else:
            report = check(self.store.path)
        return Checked(tuple(report["problems"]), report)

    @_checked(path=_path_or_none)
    def backup(self, path: str | os.PathLike[str] | None = None, *, force: bool = False) -> Path:
        """Write a consistent, checked copy of the library, as ``readlog db backup``
        does (``path``: a file or a folder; default beside the library), and
        give where it went. Never over the library, nor over a file unless ``force``."""
        from readlog.core.maintenance import backup

        self._alone("backup")
        if path is None and self.store.path == MEMORY:
            raise BadValue.of("api_memory_backup")
        return backup(self.store, path, force=force).target  # type: ignore[arg-type]  # checked: a str

    @_checked()
    def rebuild_index(self, *, progress: Callable[[str, int | None], Any] | None = None) -> int:
        """Rebuild the search index from the entries, as ``readlog db rebuild-index``
        does; how many entries it holds. ``progress``: called with a label and a
        total, a context manager around the work (as the command's progress bar)."""
        from readlog.core.maintenance import rebuild_index

        self._alone("rebuild_index")
        return rebuild_index(self.store, progress)

    # ---- taking entries out ------------------------------------------------------------------

    @_checked(filters=FILTERS)
    def export(
        self,
        fmt: str | None,
        file: str | os.PathLike[str] | IO[Any],
        *,
        lang: str = "en",
        **filters: Any,
    ) -> Exported:
        """Write entries in ``fmt`` (jsonl, json, csv, markdown, html or epub;
        None: by the file's extension) to ``file``: a path (replaced whole once
        written) or an open stream, binary or text (epub: binary only).
        Markdown to a folder (a path that is one, or ends in a separator) is a
        note file per entry. Every entry, archived ones too, unless
        ``filters`` (as entries() takes them) say otherwise. Returns how many
        entries were written (an int, an ``Exported`` that also says how many
        were ``skipped``, which ``left_out`` of a book, the ``format`` written
        and how many of a folder's files were ``unchanged``)."""
        from readlog.core.exporting import export_to
        from readlog.core.filters import api_filters
        from readlog.core.results import Exported

        name = self.export_format(fmt, file if isinstance(file, str) else None)  # a PathLike: by fmt only, as before
        f = api_filters(**{"archived": None, **filters})
        tally = export_to(self.store, f, name, file, lang=lang)
        return Exported(tally.written, tally.skipped, name, tally.unchanged, tuple(tally.left_out))

    @classmethod
    @_checked(opened=False, file=lambda value, name: value if value is None else _format_file(value, name))
    def export_format(cls, fmt: str | None, file: str | os.PathLike[str] | IO[Any] | None = None) -> str:
        """The format ``export(fmt, file)`` writes: ``fmt`` checked (jsonl, json,
        csv, markdown, html or epub, or an alias such as md), else the one a path's
        extension names, else jsonl; BadValue for any other. Asked of the class
        as well (``readlog.Library.export_format``): no library is opened."""
        from readlog.core.exporting import choose_format

        return choose_format(fmt, file if isinstance(file, str) else None)


def _format_file(value: Any, name: str) -> Any:
    """export_format's file: a str as it is (the command's ``-`` and empty too), else a path or a stream."""
    return value if isinstance(value, str) else _path_or_stream(value, name)
