"""What ``import`` does before and around the ingest: check the format and
the export's date (--as-of), then import each path, each file in its own
transaction and all of them as one recorded action.

Shared by ``readlog import`` and the Python API (``lib.import_path``).
Values in, results out; nothing printed (progress is a callback).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING

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
