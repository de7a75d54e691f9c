"""Zip archives of exports, imported like a directory.

Pocket's last export (2025) and Omnivore's export reach their users as a
.zip (``part_000000.csv``; ``metadata_0_to_20.json`` beside a ``content/``
folder). readlog reads the files inside without unpacking them: the files
at the top of the archive - or inside its single top folder, when it was
made by zipping a folder - are imported like the files of a directory, then
the JSON and CSV files of the folders below (Pocket's ``annotations/``);
anything else deeper down is listed as skipped. Members are streamed; a damaged
or encrypted member is reported and costs only itself.
"""

from __future__ import annotations

import os
import re
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import BinaryIO, cast

from readlog.inputs.limits import bomb, bomb_like, read_limit, too_large
from readlog.inputs.reader import ZIP_MAGIC, InputFile, mtime, open_stream
from readlog.inputs.unpack import Guarded
from readlog.model.errors import ReadlogError, UnreadableInput
from readlog.model.messages import Phrase, Said
from readlog.model.sanitize import shown_name
from readlog.model.stamps import localize

Opener = Callable[[], InputFile]
EMPTY_ZIP = b"PK\x05\x06"  # an archive with nothing in it starts with its end record
# Data files in a folder of an export archive are part of the export (Pocket 2025 keeps its highlights in
# annotations/*.json), read after the files at the top; Omnivore's highlights/<slug>.md are read with the
# metadata_*.json beside them (InputFile.companion); the rest of such folders (Omnivore's content/*.html:
# the articles' pages, not records) is listed as skipped.
DATA_SUFFIXES = (".json", ".csv")
COMPANIONS = "highlights/"  # the folder of files read with a file at the top (Omnivore's)
_OMNIVORE_LIST = re.compile(r"metadata_[^/]*\.json", re.I)
# Pocket's export (2025): its list as part_000000.csv, its highlights in annotations/ beside it; an
# unpacked export's folder is read as its zip is (the list, then the highlights).
_POCKET_LIST = re.compile(r"part_\d+\.csv", re.I)
POCKET_ANNOTATIONS = "annotations/"


def is_pocket_list(name: str) -> bool:
    """Whether a file at the top of an export folder is Pocket's list (``part_000000.csv``)."""
    return _POCKET_LIST.fullmatch(name) is not None


def is_omnivore_list(name: str) -> bool:
    """Whether a file at the top of an export is Omnivore's list (``metadata_0_to_20.json``),
    whose items' highlights are in the ``highlights/`` folder beside it."""
    return _OMNIVORE_LIST.fullmatch(name) is not None


def is_archive(path: str) -> bool:
    """A regular file that starts like a zip archive."""
    if path == "-" or not os.path.isfile(path):
        return False
    try:
        with open(path, "rb") as fh:
            return fh.read(len(ZIP_MAGIC)) in (ZIP_MAGIC, EMPTY_ZIP)
    except OSError:
        return False


def _member_time(info: zipfile.ZipInfo, archive_time: datetime | None) -> tuple[datetime | None, str]:
    """When a member was last written (zip keeps local wall time) and whose
    time that is; the archive file's own when the member's is zip's
    "no time" (1980-01-01 00:00) or impossible."""
    try:
        if info.date_time > (1980, 1, 1, 0, 0, 0):
            return localize(datetime(*info.date_time)), "file"
    except (ValueError, OverflowError):
        pass
    return archive_time, "archive" if archive_time is not None else ""


@contextmanager
def members(path: str, encoding: str | None) -> Iterator[tuple[list[tuple[str, Opener]], list[tuple[str, Said]]]]:
    """(files to try, each with an opener; (name, why) for what is passed over)."""
    shown = shown_name(path)
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise ReadlogError.of("zip_damaged", name=shown, detail=str(exc)) from None
    try:
        archive_time = mtime(os.stat(path).st_mtime)
    except OSError:
        archive_time = None
    with archive:
        infos = [i for i in archive.infolist() if not i.filename.startswith("__MACOSX/")]
        top = _single_folder(infos)
        files: list[tuple[str, Opener]] = []
        deeper: list[tuple[str, Opener]] = []
        skipped: dict[str, Said] = {}
        companions: dict[str, Opener] = {}
        omnivore = any(is_omnivore_list(i.filename[len(top) :]) for i in infos)
        for info in infos:
            inner = info.filename[len(top) :]
            if not inner or info.is_dir():
                continue
            name = f"{shown}:{info.filename}"
            opener = _opener(archive, info, name, encoding, _member_time(info, archive_time))
            if "/" not in inner:
                files.append((name, _with_companions(opener, companions)))
            elif omnivore and inner.startswith(COMPANIONS) and inner.lower().endswith(".md"):
                companions[inner] = opener  # Omnivore's highlights/<slug>.md, read with metadata_*.json
            elif inner.lower().endswith(DATA_SUFFIXES):
                deeper.append((name, opener))  # Pocket's annotations/part_000000.json, after the list itself
            else:
                folder = inner.split("/", 1)[0]
                skipped.setdefault(f"{shown}:{top}{folder}/", Phrase("skip_archive_folder"))
        yield files + deeper, list(skipped.items())


def _with_companions(opener: Opener, companions: dict[str, Opener]) -> Opener:
    """``opener``, whose file finds the members ``companions`` holds by their path (InputFile.companion)."""

    def open_with() -> InputFile:
        infile = opener()
        infile.companion = lambda relative: companions[relative]() if relative in companions else None
        return infile

    return open_with


def _single_folder(infos: list[zipfile.ZipInfo]) -> str:
    """'folder/' when every member is inside that one folder, else ''."""
    tops = {i.filename.split("/", 1)[0] for i in infos}
    if len(tops) == 1 and all("/" in i.filename for i in infos):
        return tops.pop() + "/"
    return ""


def _opener(
    archive: zipfile.ZipFile,
    info: zipfile.ZipInfo,
    name: str,
    encoding: str | None,
    modified: tuple[datetime | None, str],
) -> Opener:
    def open_member() -> InputFile:
        limit = read_limit()
        if info.file_size > limit:  # decompressed, it would pass the cap: refused before unpacking
            raise too_large(name, "limit_expands", limit)
        if bomb_like(info.file_size, info.compress_size):
            raise bomb(name, info.file_size, info.compress_size)
        try:
            stream = archive.open(info)
        except (RuntimeError, NotImplementedError, zipfile.BadZipFile, zlib.error, OSError) as exc:
            raise UnreadableInput.of("zip_member_unreadable", name=name, detail=str(exc)) from None  # encrypted, odd
        guarded = Guarded(stream, "input_archive_member", name=name, limit=limit)
        when, whose = modified
        return open_stream(name, cast(BinaryIO, guarded), info.file_size, encoding, modified=when, modified_by=whose)

    return open_member
