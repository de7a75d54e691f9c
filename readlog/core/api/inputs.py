"""Bringing entries in, as ``readlog import``, ``add`` and ``fetch`` do, and the
checks of their arguments made before any library is opened (check_import,
check_add). The network modules are imported only by ``add(fetch=True)`` and
``fetch()``."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from datetime import date
from typing import IO, TYPE_CHECKING, Any

from readlog.core.api.base import Base, Ids, Tags
from readlog.core.arguments import FILTERS, _checked, _ids_or_all, _older_than
from readlog.model.errors import ReadlogError

if TYPE_CHECKING:
    from readlog.core.capture import Added
    from readlog.core.fetching import FetchReport
    from readlog.core.results import ImportReport
    from readlog.model.record import Entry


class Inputs(Base):
    """Importing files, adding links, fetching pages."""

    @_checked()
    def import_path(
        self,
        path: str | os.PathLike[str] | IO[Any],
        as_of: str | date | None = None,
        *,
        format: str = "auto",
        encoding: str | None = None,
        strict: bool = False,
        name: str | None = None,
    ) -> ImportReport:
        """Import a file, a directory of them or a zip archive, as ``readlog import`` does;
        or an open file, binary or text (read from where it stands, left open), which
        ``name`` names in the report and history.

        ``as_of``: when the export was made, for stamps like 收藏16 天前 (a
        date, a datetime, or text as --as-of takes it; default: when each
        file was last modified, now for an open file). Re-importing adds
        nothing. One call is one action, whatever number of files it read
        (``undo()`` takes it all back). Problems with records are in the
        report (``report.ok``); a path that cannot be imported at all raises
        ReadlogError.
        """
        from readlog.core.importing import import_one
        from readlog.core.results import ImportReport

        given = {"fmt": format, "as_of": as_of, "encoding": encoding, "strict": strict}
        return ImportReport.of(import_one(self.store, path, name, **given))  # type: ignore[arg-type]  # checked: a str

    @_checked()
    def import_paths(
        self,
        paths: Iterable[str | os.PathLike[str] | IO[Any]],
        as_of: str | date | None = None,
        *,
        format: str = "auto",
        encoding: str | None = None,
        strict: bool = False,
        progress: Callable[[str, int | None], Any] | None = None,
    ) -> ImportReport:
        """Import several paths (or open files) as one action, as ``readlog import PATH...``
        does, with the arguments of import_path(): a path that cannot be imported is in
        the report (``report.ok`` is False; its ``files`` say which and why) and the others
        are imported. ``progress``: called with each file's name and size (None: not
        known), a context manager whose value's ``update(bytes_read, entries)`` is called
        as the file is read (as the command's bar)."""
        from readlog.core.importing import import_sources
        from readlog.core.results import ImportReport

        given = {"fmt": format, "as_of": as_of, "encoding": encoding, "strict": strict, "progress": progress}
        return ImportReport.of(import_sources(self.store, paths, **given))  # type: ignore[arg-type]  # checked

    @classmethod
    @_checked(opened=False, as_of=_older_than)
    def check_import(cls, format: str = "auto", as_of: str | date | None = None, encoding: str | None = None) -> None:
        """Every argument import_paths() would refuse (an unknown format, an ``as_of`` or
        ``encoding`` that cannot be read, a cap of $READLOG_MAX_* set to nonsense), said
        before any library is opened, in the words of ``readlog import`` (naming its options)."""
        from readlog.core.importing import prepare

        prepare(format, as_of, encoding)

    @_checked()
    def add(
        self,
        url: str,
        *,
        fetch: bool = False,
        tags: Tags = (),
        star: bool = False,
        read: bool = False,
        title: str | None = None,
        note: str | None = None,
        source: str | None = None,
        category: str | None = None,
    ) -> Entry:
        """Save a link, as ``readlog add`` does, and return its entry.

        ``fetch=True`` reads the page's title, description and site first (the
        network; else the host is the source). A link already saved is
        returned, changed only as the arguments say; one in the trash raises
        ReadlogError.
        """
        given: dict[str, Any] = {"title": title, "tags": tags, "note": note, "source": source, "category": category}
        result = self.add_many([url], fetch=fetch, star=star, read=read, **given)[0]
        if result.status == "trash":
            raise ReadlogError.of("in_trash", n=1, ids=str(result.id), words=str(result.id))
        return self.get(result.id)

    @_checked()
    def add_many(
        self,
        urls: str | Iterable[str],
        *,
        fetch: bool = False,
        tags: Tags = (),
        star: bool = False,
        read: bool = False,
        title: str | None = None,
        note: str | None = None,
        source: str | None = None,
        category: str | None = None,
    ) -> list[Added]:
        """Save several links as one recorded action, as ``readlog add URL...`` does,
        with the arguments of add() (``title`` only for one link): each link's ``Added``,
        in order (the same link twice is one). A link in the trash is not saved
        again: its ``status`` says "trash" (else "added" or "exists")."""
        from readlog.core import capture

        given: dict[str, Any] = {"title": title, "tags": tags, "note": note, "source": source, "category": category}
        opts = capture.options(star=star, read=read, fetch=fetch, **given)
        return capture.add(self.store, urls, opts)  # type: ignore[arg-type]  # checked: a list

    @classmethod
    @_checked(opened=False)
    def check_add(
        cls,
        urls: str | Iterable[str],
        *,
        tags: Tags = (),
        title: str | None = None,
        note: str | None = None,
        source: str | None = None,
        category: str | None = None,
    ) -> None:
        """Every argument add_many() would refuse (BadValue: a link that is not http or
        https, ``title`` with several links, a value longer than its field), said
        before any library is opened, as ``readlog add`` says it."""
        from readlog.core import capture

        given: dict[str, Any] = {"title": title, "tags": tags, "note": note, "source": source, "category": category}
        capture.check_add(urls, capture.options(**given))  # type: ignore[arg-type]  # checked: a list

    @_checked(ids=_ids_or_all, filters=FILTERS, since=_older_than, before=_older_than)
    def fetch(
        self,
        ids: Ids | None = None,
        *,
        refetch: bool = False,
        jobs: int = 4,
        progress: Callable[[int], Any] | None = None,
        as_typed: str | None = None,
        **filters: Any,
    ) -> FetchReport:
        """Download the entries' pages and keep their article text, as ``readlog fetch`` does:
        ``ids``, or those ``filters`` select (as entries() takes them), else every entry
        never fetched (or whose last try failed). Uses the network. ``progress``: called
        with how many pages it will try, a context manager whose value's ``advance(ok, dead)``
        is called after each page (as the command's bar). ``as_typed``: the command line
        history records (default: the call written as ``readlog fetch`` would be typed)."""
        from readlog.core import fetching

        self._alone("fetch")
        chosen: list[int] | None = ids  # type: ignore[assignment]  # checked: a list
        return fetching.fetch_chosen(
            self.store, chosen, filters, refetch=refetch, jobs=jobs, progress=progress, command=as_typed
        )
