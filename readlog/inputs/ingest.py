"""Import files: read -> detect shape -> parse -> store, one transaction a file.

A file's entries are stored in batches inside a single transaction, so an
interrupted or failed import leaves nothing half-written, and running it
again finishes the job without duplicates (entries are matched by
fingerprint and normalised URL). However many files one command reads,
they are recorded as one action (``Recorded``): history lists the command
once, and undo takes back all it did.

A Maildir folder (cur/, new/, tmp/) is one mailbox, its messages read by the
mail format. Any other directory argument imports every file directly inside it whose format is
recognised; the other files, and any folders inside it (which are not
searched), are listed as skipped. A zip archive is imported the same way
(archive.py).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from readlog.inputs import archive
from readlog.inputs import detect as importers
from readlog.inputs.reader import InputFile, Stream, close_input, open_input
from readlog.inputs.vet import vet
from readlog.model import fields
from readlog.model.entry import Entry, Problem, counted
from readlog.model.errors import ReadlogError, UnreadableInput, interrupted_status, signals_as_interrupt
from readlog.model.messages import Phrase, Said, os_reason
from readlog.model.sanitize import shown_name
from readlog.model.stamps import to_iso
from readlog.store import Counts, Store

# Entries stored (and fed to the search index) at a time: larger batches give the index
# fewer, larger segments to merge (30,000 digest entries: 8% less CPU than 500 at a time,
# 13 MB more at the peak; 5,000 saved no more and held 37 MB more: measured).
BATCH = 2000
OWN_FORMATS = ("jsonl", "readlog-csv")  # readlog's own exports
# Browsers' bookmark files (formats/browsers.py, netscape.py): their bookmarks that are not web
# pages (start pages, bookmarklets, saved queries) are expected, counted one line per scheme
# (entry.counted), and do not make the import fail.
BROWSER_FORMATS = ("netscape", "firefox", "chrome", "safari")


@dataclass
class FileResult:
    """What happened to one file."""

    name: str
    format: str = ""
    counts: Counts = field(default_factory=Counts)
    problems: list[Problem] = field(default_factory=list)
    error: str | None = None
    failure: ReadlogError | None = None  # the error (or why it was skipped), to be said in the user's language
    entries: int = 0
    skipped_because: Said = ""  # set for a file in a directory that was not imported, and why
    import_id: int = 0  # its row in the imports table, once started
    cuts: dict[str, int] = field(default_factory=dict)  # field -> values cut to its limit (model/fields.py)
    encoding: str = ""  # the encoding guessed for a feed that names none and is not UTF-8
    # The reference time of stamps that are relative (收藏16 天前) or missing, and where it came
    # from: "given" (--as-of), "file" (the file's modification time), "archive" (the zip
    # archive's, for a member without its own), "now" (standard input, or no usable time).
    as_of: datetime | None = None
    as_of_from: str = ""
    as_of_used: bool = False  # whether any stamp of the file was counted from it

    @property
    def failed(self) -> bool:
        """Whether the file's import went wrong (``readlog import`` exits 1): an
        error, or a problem other than a count of what a browser's file is
        expected to hold (Problem.passes)."""
        return bool(self.error) or any(not p.passes for p in self.problems)


@dataclass
class Recorded:
    """The one action a command's files are recorded under.

    It is started inside the transaction of the first file that stores
    anything and is known to the files after it once that transaction has
    committed: a file rolled back (a failure, --strict, Ctrl-C) takes the
    action with it only if no file before it committed. Its summary counts
    every committed file, and is written again with each file."""

    command: str
    id: int = 0  # 0 until the first file's transaction committed
    totals: Counts = field(default_factory=Counts)

    def start(self, lib: Store) -> int:
        return self.id or lib.start_action(self.command)

    def summarise(self, lib: Store, action: int, counts: Counts) -> None:
        t = self.totals
        lib.set_action_summary(
            action,
            Phrase(
                "did_import",
                added=t.added + counts.added,
                updated=t.updated + counts.updated,
                unchanged=t.unchanged + counts.unchanged,
                skipped=t.skipped + counts.skipped,
            ),
        )

    def committed(self, action: int, counts: Counts) -> None:
        self.id = action
        for name in ("added", "updated", "unchanged", "skipped"):
            setattr(self.totals, name, getattr(self.totals, name) + getattr(counts, name))


def command_of(paths: list[str]) -> str:
    """The command line an import of ``paths`` is recorded as (the first 20 paths)."""
    from readlog.model import shell

    shown = [shown_name(p) for p in paths[:20]]
    return shell.join(["import", *shown]) + (" …" if len(paths) > 20 else "")


class Interrupted(ReadlogError):
    """Ctrl-C, SIGTERM or SIGHUP during an import; the current file was rolled back."""

    exit_code = 130


class StrictFailure(Exception):
    pass


ProgressFactory = Callable[[str, int | None], Any]


def import_files(
    lib: Store,
    paths: Sequence[str | Stream],
    *,
    fmt: str = "auto",
    as_of: datetime | None = None,
    encoding: str | None = None,
    strict: bool = False,
    progress: ProgressFactory | None = None,
    recorded: Recorded | None = None,
) -> list[FileResult]:
    """Import each path (or program's stream) in its own transaction, all
    recorded as one action; a file's failure does not stop the others.

    ``as_of``: the reference time of relative stamps; None counts each file's
    from when it was last written (``reference``). ``recorded``: the action to
    record them under, shared with other calls (a refresh's feeds, each
    imported as it arrives); by default one of this call's own."""
    results: list[FileResult] = []
    done = [0, 0]  # files imported whole, and the entries they added or updated
    if recorded is None:
        recorded = Recorded(command_of([p.name if isinstance(p, Stream) else p for p in paths]))

    def one(path: str, listed: bool, opener: archive.Opener | None = None) -> FileResult:
        result = FileResult(name=shown_name(path))
        results.append(result)
        try:
            _import_one(
                lib,
                opener or (lambda: open_input(path, encoding)),
                result,
                recorded,
                fmt=fmt,
                as_of=as_of,
                strict=strict,
                progress=progress,
                listed=listed,
            )
        except KeyboardInterrupt as exc:
            if result.import_id and _committed(lib, result.import_id):  # Ctrl-C came once the file was committed
                imported_whole(result)
                stopped = _interrupted(done)
            else:
                stopped = _interrupted(done, result)
            stopped.exit_code = interrupted_status(exc)
            raise stopped from None
        except ReadlogError as exc:
            result.error, result.failure = str(exc), exc
        else:
            imported_whole(result)
        return result

    def imported_whole(result: FileResult) -> None:
        if not result.skipped_because:
            done[0] += 1
            done[1] += result.counts.added + result.counts.updated

    def group(path: str, kind: str, files: list[tuple[str, archive.Opener | None]], before: int) -> None:
        """The files of a directory or an archive; say so when none of them was imported."""
        imported = [r for r in (one(name, True, opener) for name, opener in files) if not r.skipped_because]
        if not imported and not any(r.error for r in results[before:]):
            keys = {
                "directory": ("directory_unrecognised", "directory_empty"),
                "archive": ("archive_unrecognised", "archive_empty"),
            }
            none = keys[kind][0] if len(results) > before else keys[kind][1]
            failure = ReadlogError.of(none, name=shown_name(path))
            results.append(FileResult(name=shown_name(path), error=str(failure), failure=failure))

    with signals_as_interrupt():  # SIGTERM and SIGHUP roll the file back as Ctrl-C does
        for path in paths:
            before = len(results)
            if isinstance(path, Stream):
                one(path.name, False, functools.partial(path.open, encoding))
            elif path != "-" and _maildir(path):
                one(path, False, functools.partial(_open_maildir, path))
            elif os.path.isdir(path) and path != "-":
                group(path, "directory", [(m, None) for m in _directory(path, results)], before)
            elif archive.is_archive(path):
                try:
                    with archive.members(path, encoding) as (files, passed):
                        results.extend(FileResult(name=name, skipped_because=why) for name, why in passed)
                        group(path, "archive", list(files), before)
                except ReadlogError as exc:
                    results.append(FileResult(name=shown_name(path), error=str(exc), failure=exc))
            else:
                one(path, listed=False)
    return results


def _maildir(path: str) -> bool:
    """Whether ``path`` is a Maildir folder, imported as one mailbox (formats/mail.py)."""
    from readlog.inputs.formats.mail import is_maildir

    return os.path.isdir(path) and is_maildir(path)


def _open_maildir(path: str) -> InputFile:
    from readlog.inputs.formats.mail import open_maildir

    return open_maildir(path)


def _interrupted(done: list[int], reading: FileResult | None = None) -> Interrupted:
    """What an import stopped by Ctrl-C saved: the files imported whole before
    (``done``: how many, and the entries they added or updated), and nothing
    of the file it was ``reading``, however many of its entries were read."""
    files, entries = done
    if reading is None:
        return Interrupted.of("interrupted_between_files", files=files, entries=entries)
    if files:
        return Interrupted.of(
            "interrupted_after_files", name=reading.name, read=reading.entries, files=files, entries=entries
        )
    return Interrupted.of("interrupted", name=reading.name, read=reading.entries)


def _committed(lib: Store, import_id: int) -> bool:
    """Whether an import interrupted by Ctrl-C had been committed (it may
    arrive just after the commit, or while the file is closed)."""
    try:
        return lib.import_committed(import_id)
    except Exception:  # the library may be unusable now: then nothing is claimed as saved
        return False


def _directory(path: str, results: list[FileResult]) -> list[str]:
    """The files directly inside ``path``, sorted; folders and other oddities are recorded as skipped."""
    files = []
    try:
        found = sorted(os.scandir(path), key=lambda e: e.name)
    except OSError as exc:
        name = shown_name(path)
        failure = ReadlogError.of("directory_unlistable", name=name, reason=os_reason(exc))
        results.append(FileResult(name=name, error=str(failure), failure=failure))
        return []
    omnivore = any(archive.is_omnivore_list(item.name) for item in found)
    pocket = any(archive.is_pocket_list(item.name) for item in found)
    deeper: list[str] = []
    for item in found:
        if item.is_file():
            files.append(item.path)  # the real name, to open; shown_name only names it
        elif omnivore and item.name + "/" == archive.COMPANIONS:
            continue  # Omnivore's highlights/, read with its metadata_*.json (InputFile.companion)
        elif pocket and item.name + "/" == archive.POCKET_ANNOTATIONS:
            deeper += _data_files(item.path, results)  # Pocket's highlights, after its list (as from its zip)
        elif item.is_dir():
            results.append(FileResult(name=shown_name(item.path), skipped_because=Phrase("skip_folder")))
        else:
            results.append(FileResult(name=shown_name(item.path), skipped_because=Phrase("skip_not_regular")))
    return files + deeper


def _data_files(path: str, results: list[FileResult]) -> list[str]:
    """The data files (archive.DATA_SUFFIXES) directly inside an export's folder, sorted; the rest skipped."""
    found = []
    for name in _directory(path, results):
        if name.lower().endswith(archive.DATA_SUFFIXES):
            found.append(name)
        else:
            results.append(FileResult(name=shown_name(name), skipped_because=Phrase("skip_not_data")))
    return found


def _import_one(
    lib: Store,
    opener: Callable[[], InputFile],
    result: FileResult,
    recorded: Recorded,
    *,
    fmt: str,
    as_of: datetime | None,
    strict: bool,
    progress: ProgressFactory | None,
    listed: bool = False,
) -> None:
    try:
        infile = opener()
    except ReadlogError as exc:
        if not listed or isinstance(exc, UnreadableInput):
            raise
        result.skipped_because = str(exc).removeprefix(f"{result.name}: ")
        result.failure = exc  # to say why in the user's language
        return
    result.name = infile.name
    try:
        if listed:
            name = _listed_format(_detected(infile), fmt, result)
            if name is None:
                return
        else:
            name = fmt if fmt != "auto" else _detected(infile)
        if name is None:
            known = ", ".join(importers.FORMATS)
            raise ReadlogError.of("cannot_tell_format", name=infile.name, known=known)
        if name not in importers.FORMATS:
            raise ReadlogError.of("unknown_format", name=name, known=", ".join(importers.FORMATS))
        result.format = name
        result.encoding = infile.guessed_encoding
        if fmt != "auto" and not listed:
            result.problems.extend(_forced_format(infile.sniff_text(), name))
        reference, result.as_of_from = reference_time(as_of, infile)
        result.as_of = reference
        ctx = importers.ParseContext(as_of=reference)
        items = importers.parse(name, infile, ctx)
        try:
            with lib.transaction(), lib.bulk_insert():
                action = _store(lib, infile, items, result, recorded, reference, strict, progress)
                result.as_of_used = ctx.used
            recorded.committed(action, result.counts)
        except StrictFailure:
            result.counts, result.cuts = Counts(), {}
            problems = sum(1 for p in result.problems if not p.passes)
            raise ReadlogError.of("strict_failed", name=infile.name, problems=problems) from None
    finally:
        close_input(infile)


def reference_time(as_of: datetime | None, infile: InputFile) -> tuple[datetime, str]:
    """The time a file's relative stamps (收藏16 天前) are counted from, and
    where it came from: ``as_of`` when given; else when the file was last
    written (an export is written when it is made: importing it a week later
    must not move every "N days ago" by a week), unless that time is
    unknown (standard input), out of range, or later than now; else now."""
    from readlog.inputs.vet import in_range
    from readlog.model.stamps import now

    if as_of is not None:
        return as_of, "given"
    current = now()
    when = infile.modified
    if when is not None and in_range(when) and when <= current:
        return when, infile.modified_by or "file"
    return current, "now"


def _forced_format(text: str, name: str) -> list[Problem]:
    """A warning when --format names a shape the file shows no sign of while
    another format recognises it: the import goes ahead, but not silently."""
    if importers.module(name).sniff(importers.sniffable(text)) > 0:
        return []
    detected = importers.detect(text)
    if detected is None or detected == name:
        return []
    return [Problem(0, "import_format_forced", {"detected": detected, "name": name})]


def _detected(infile: InputFile) -> str | None:
    """The format of a file: the one its container says (a mozLz4 file is
    Firefox's), else the one its text looks like."""
    return infile.format_hint or importers.detect(infile.sniff_text())


def _listed_format(detected: str | None, fmt: str, result: FileResult) -> str | None:
    """The format of a file found in a directory, or None (and why) when it is to be skipped."""
    if detected is None:
        result.skipped_because = Phrase("skip_unrecognised")
    elif fmt not in ("auto", detected):
        result.skipped_because = Phrase("skip_other_format", detected=detected, format=fmt)
    else:
        return detected
    return None


def _store(
    lib: Store,
    infile: Any,
    items: Iterator[Entry | Problem],
    result: FileResult,
    recorded: Recorded,
    as_of: datetime,
    strict: bool,
    progress: ProgressFactory | None,
) -> int:
    """Store one file's entries inside the caller's transaction, under the
    command's action; returns that action's id."""
    action = recorded.start(lib)
    import_id = lib.begin_import(infile.name, "", result.format, to_iso(as_of) or "", action)
    result.import_id = import_id
    batch: list[Entry] = []
    not_own = result.format not in OWN_FORMATS  # a backup gives back every link the library held
    limits = fields.limits()  # read from the environment once, not for each field of each entry
    bar_cm = progress(infile.name, infile.size) if progress else None
    bar = bar_cm.__enter__() if bar_cm else None
    try:
        for item in items:
            if isinstance(item, Problem):
                result.problems.append(item)
                continue
            keep, problems = vet(item, as_of, result.cuts, web_only=not_own, limits=limits)
            result.problems.extend(problems)
            if not keep:
                continue
            batch.append(item)
            result.entries += 1
            if len(batch) >= BATCH:
                lib.upsert(batch, import_id, action, result.counts)
                batch = []
                if bar:
                    bar.update(infile.bytes_read, result.entries)
        if batch:
            lib.upsert(batch, import_id, action, result.counts)
        if bar:
            bar.update(infile.bytes_read, result.entries)
    finally:
        if bar_cm:
            bar_cm.__exit__(None, None, None)
    if result.format in BROWSER_FORMATS:
        result.problems = counted(result.problems)
    if result.entries == 0 and not result.problems:
        result.problems.append(Problem(0, "import_no_entries"))
    result.counts.skipped = sum(p.count for p in result.problems if p.skips_record)
    if strict and result.failed:
        raise StrictFailure
    lib.finish_import(import_id, result.counts, sum(1 for p in result.problems if not p.passes), infile.sha256)
    recorded.summarise(lib, action, result.counts)
    return action
