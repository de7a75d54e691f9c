"""What ``import`` does before and around the ingest: check the format and
the export's date (--as-of), then import each path, each file in its own
transaction and all of them as one recorded action.

Shared by ``readlog import`` and the Python API (``lib.import_paths``, which
the command calls, and ``lib.import_path``). Values in, results out; nothing
printed (progress is a callback).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import IO, TYPE_CHECKING, Any

from readlog.model.errors import UsageError

if TYPE_CHECKING:
    from readlog.inputs.ingest import FileResult, ProgressFactory
    from readlog.inputs.reader import Stream
    from readlog.store import Store


def check_format(fmt: str) -> str:
    """The format's name as the importers know it ("auto" detects each file's)."""
    from readlog.inputs import detect as importers

    name = fmt.strip().lower()
    if name != "auto" and name not in importers.FORMATS:
        raise UsageError.of("unknown_format", name=fmt, known=", ".join(importers.FORMATS))
    return name


def reference_time(as_of: str | date | None, option: str = "--as-of") -> datetime | None:
    """When the export was made, for relative stamps (收藏16 天前): ``as_of``
    as a time or date, or as --as-of takes it (2026-12-01, 3d, ...); None
    when not given, for each file's own modification time
    (ingest.reference_time). A time without a zone is local time. Errors
    name ``option``, the option or argument it was given as."""
    from readlog.inputs.vet import in_range
    from readlog.model.stamps import parse_when

    if as_of is None or (isinstance(as_of, str) and not as_of.strip()):
        return None
    try:
        reference = parse_when(as_of)
    except (ValueError, OverflowError) as exc:
        from readlog.model.messages import detail

        raise UsageError.of("bad_option_value", option=option, detail=detail(exc)) from None
    if not in_range(reference):
        raise UsageError.of("as_of_range", option=option, value=as_of)
    return reference


def prepare(fmt: str, as_of: str | date | None, encoding: str | None = None) -> tuple[str, datetime | None]:
    """The checked format and reference time: every usage error of an import,
    found before any file is read or the library opened (an --encoding that
    names no encoding of text included)."""
    from readlog.inputs import limits
    from readlog.inputs.reader import check_encoding

    limits.check()  # a cap set to nonsense is a usage error before any file is read
    check_encoding(encoding)
    return check_format(fmt), reference_time(as_of)


def import_files(
    lib: Store,
    paths: Sequence[str | Stream],
    *,
    fmt: str = "auto",
    as_of: str | date | None = None,
    encoding: str | None = None,
    strict: bool = False,
    progress: ProgressFactory | None = None,
) -> list[FileResult]:
    """Import each path (a file, a directory, a zip archive, or - for standard
    input): one transaction a file, and one recorded action for them all
    (``undo`` takes back the whole call). A file's failure is in its result
    and does not stop the others; bad arguments stop before any file is
    read (UsageError)."""
    from readlog.inputs import ingest

    name, reference = prepare(fmt, as_of, encoding)
    return ingest.import_files(
        lib, paths, fmt=name, as_of=reference, encoding=encoding, strict=strict, progress=progress
    )


def import_sources(
    lib: Store,
    paths: Sequence[str | IO[Any]],
    *,
    fmt: str = "auto",
    as_of: str | date | None = None,
    encoding: str | None = None,
    strict: bool = False,
    progress: ProgressFactory | None = None,
    name: str | None = None,
) -> list[FileResult]:
    """import_files of paths as the Python API takes them: each a path (``-`` for
    standard input) or an open file, binary or text, read from where it stands
    and left open, named by ``name``, else its own ``name``, else ``<stream>``."""
    from readlog.inputs.reader import Stream
    from readlog.model.sanitize import shown_name

    sources: list[str | Stream] = []
    for path in paths:
        if isinstance(path, str):
            sources.append(path)
        else:
            given = name if name is not None else getattr(path, "name", None)
            sources.append(Stream(shown_name(given) if isinstance(given, str) and given else "<stream>", path))
    return import_files(lib, sources, fmt=fmt, as_of=as_of, encoding=encoding, strict=strict, progress=progress)


def import_one(lib: Store, path: str | IO[Any], name: str | None, **given: Any) -> list[FileResult]:
    """``lib.import_path``: one path or open file (import_sources); a path that
    cannot be imported at all (not one file inside it) raises its error."""
    from readlog.model.errors import BadValue, ReadlogError
    from readlog.model.sanitize import shown_name

    if isinstance(path, str) and name is not None:
        raise BadValue.of("api_name_for_streams")
    results = import_sources(lib, [path], name=name, **given)
    shown = shown_name(path) if isinstance(path, str) else results[0].name if results else ""
    for result in results:
        if result.error and result.name == shown:  # the path itself, not one file inside it
            raise result.failure or ReadlogError(result.error)
    return results
