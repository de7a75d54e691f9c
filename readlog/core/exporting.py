"""What ``export`` does: choose the format, stream the matching rows through
its writer to a file (replaced whole at the end) or a stream.

Shared by ``readlog export`` and the Python API (``lib.export``); the
formats themselves are in export.py. Nothing printed: the caller reports
the Tally.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, BinaryIO, Union

from readlog.model.errors import ReadlogError, UsageError, signals_as_interrupt
from readlog.model.messages import os_reason

if TYPE_CHECKING:
    from readlog.core.export import Tally
    from readlog.model.highlight import Highlight
    from readlog.store import Filters, Store

FORMAT_NAMES = ("jsonl", "json", "csv", "markdown", "html", "epub")
ALIASES = {"md": "markdown", "ndjson": "jsonl", "htm": "html"}
Target = Union[str, "os.PathLike[str]", IO[Any]]


def choose_format(fmt: str | None, output: str | os.PathLike[str] | None) -> str:
    """``fmt`` if given, else the output file's extension (one export.EXTENSIONS
    knows: any other, or none, is a UsageError saying what to do), else jsonl."""
    if fmt is not None:
        name = fmt.strip().lower()
        name = ALIASES.get(name, name)
        if name not in FORMAT_NAMES:
            raise UsageError.of("unknown_export_format", name=fmt, known=", ".join(FORMAT_NAMES))
        return name
    if output is not None and str(output) not in ("", "-"):
        from readlog.core.export import EXTENSIONS

        suffix = Path(output).suffix.lower()
        if suffix not in EXTENSIONS:
            key = "export_unknown_extension" if suffix else "export_no_extension"
            known = ", ".join(EXTENSIONS)
            raise UsageError.of(key, path=str(output), ext=suffix, known=known, formats=", ".join(FORMAT_NAMES))
        return EXTENSIONS[suffix]
    return "jsonl"


def export_to(lib: Store, f: Filters, name: str, target: Target, *, lang: str = "en") -> Tally:
    """Write the entries ``f`` matches in format ``name`` (one of FORMAT_NAMES)
    to ``target``: a path (written to a temporary file beside it and moved
    into place when complete, so a failure never leaves half a file), or an
    open stream, binary (UTF-8 is written) or text. Markdown to a folder (a
    path that is one, or ends in a separator) is a file per entry
    (export_notes); epub is a book (export_epub), written to a path or a
    binary stream. Returns what was written."""
    from readlog.core import export

    sort, reverse = export.ORDER.get(name, export.DEFAULT_ORDER)
    tally = export.Tally()
    if isinstance(target, (str, os.PathLike)):
        from readlog.store import is_library_file

        if is_library_file(lib.path, Path(target)):
            raise ReadlogError.of("export_is_library", path=str(target))
    folder = name == "markdown" and is_folder(target)
    rows = lib.iter_rows(f, sort=sort, reverse=reverse, columns=None if folder else export.COLUMNS.get(name))
    if folder:
        from readlog.core.export_notes import write_folder

        assert isinstance(target, (str, os.PathLike))

        def put(path: Path, data: bytes) -> None:
            with Replacing(path, source=lib.path) as stream:
                stream.write(data)

        try:
            with signals_as_interrupt():
                write_folder(rows, Path(target), tally, highlights_of=highlights_of(lib), lang=lang, put=put)
        except OSError as exc:
            raise ReadlogError.of("export_not_written", path=str(target), reason=os_reason(exc)) from None
        return tally
    if name == "epub":
        return _book(lib, rows, target, tally, lang)
    pieces = export.render(name, rows, tally, lang=lang)
    if isinstance(target, (str, os.PathLike)):
        path = Path(target)
        try:
            with signals_as_interrupt(), Replacing(path, source=lib.path) as stream:
                export.write(pieces, stream)
        except OSError as exc:
            raise ReadlogError.of("export_not_written", path=str(target), reason=os_reason(exc)) from None
    elif _binary(target):
        export.write(pieces, target)  # type: ignore[arg-type]
    else:
        for piece in pieces:
            target.write(piece)
    return tally


def is_folder(target: Target) -> bool:
    """Whether a Markdown export goes to a folder, a file per entry: ``target``
    is a path to a folder, or one ending in a separator (made if missing)."""
    if not isinstance(target, (str, os.PathLike)):
        return False
    text = os.fspath(target)
    return Path(text).is_dir() or text.endswith(("/", os.sep))


def highlights_of(lib: Store) -> Callable[[dict[str, Any]], Sequence[Highlight]]:
    """Each exported entry's highlights, as the Markdown folder and the EPUB book
    write them: read with its row (store/query.py's iter_rows gives them, in their
    order in the text), as model.highlight records."""
    from readlog.model.exchange import HIGHLIGHT_FIELDS
    from readlog.model.highlight import Highlight
    from readlog.model.stamps import from_iso

    def of(row: dict[str, Any]) -> Sequence[Highlight]:
        return tuple(
            Highlight(**{**{name: h[name] for name in HIGHLIGHT_FIELDS}, "made_at": from_iso(h["made_at"])})
            for h in row.get("highlights") or ()
        )

    return of


def _book(lib: Store, rows: Iterable[dict[str, Any]], target: Target, tally: Tally, lang: str) -> Tally:
    """The EPUB book of ``rows`` to ``target``; none of them with fetched text is a ReadlogError."""
    from datetime import datetime

    from readlog.core.export_epub import write_book

    today = datetime.now().astimezone().date().isoformat()

    def book(stream: BinaryIO) -> None:
        write_book(rows, stream, tally, highlights_of=highlights_of(lib), lang=lang, today=today)
        if not tally.written:
            raise ReadlogError.of("epub_no_text", entries=tally.skipped)

    if isinstance(target, (str, os.PathLike)):
        try:
            with signals_as_interrupt(), Replacing(Path(target), source=lib.path) as stream:
                book(stream)
        except OSError as exc:
            raise ReadlogError.of("export_not_written", path=str(target), reason=os_reason(exc)) from None
        return tally
    if not _binary(target):
        raise UsageError.of("epub_text_stream")
    buffer = io.BytesIO()
    book(buffer)
    target.write(buffer.getvalue())
    return tally


def _binary(stream: IO[Any]) -> bool:
    """Whether a stream takes bytes (a file opened "wb", BytesIO, sys.stdout.buffer) rather than text."""
    if isinstance(stream, io.TextIOBase):
        return False
    return isinstance(stream, (io.RawIOBase, io.BufferedIOBase)) or "b" in str(getattr(stream, "mode", ""))


class Replacing:
    """Write to a temporary file beside ``target`` and move it into place only
    when everything was written, so a failed export never leaves half a file
    (or destroys the previous one). A symlink is followed; a device or pipe
    (``-o /dev/stdout``) is written directly. The file gets no permission
    that ``source`` (the library it comes from) or the file it replaces lacks."""

    def __init__(self, target: Path, source: Path | None = None) -> None:
        self.given = target
        self.target = Path(os.path.realpath(target))
        self.source = source
        self.tmp: Path | None = None

    def __enter__(self) -> BinaryIO:
        if self.target.is_dir():
            raise ReadlogError.of("export_is_dir", path=str(self.target))
        if self.given.exists() and not self.given.is_file():
            self.stream = open(self.given, "wb")
            return self.stream
        from readlog.store.copies import create, mode_for

        sources = [self.target] if self.source is None else [self.source, self.target]
        # Named before it exists, so that whatever stops the export from here on
        # (an error, Ctrl-C, SIGTERM) removes it: below, or in __exit__.
        tmp = self.target.with_name(f".{self.target.name}.{os.getpid()}.tmp")
        try:
            self.stream = os.fdopen(create(tmp, mode_for(*sources)), "wb")
            self.tmp = tmp
            return self.stream
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise ReadlogError.of("write_here_failed", path=str(self.target), reason=os_reason(exc)) from None
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        try:
            self.stream.close()
            if self.tmp is None:
                return
            if kind is not None:
                self.tmp.unlink(missing_ok=True)
                return
            os.replace(self.tmp, self.target)
        except OSError as err:
            if self.tmp is not None:
                self.tmp.unlink(missing_ok=True)
            raise ReadlogError.of("write_failed", path=str(self.target), reason=os_reason(err)) from None
        except BaseException:  # SIGTERM or Ctrl-C between closing and the move: nothing left behind
            if self.tmp is not None:
                self.tmp.unlink(missing_ok=True)
            raise
