"""export: take entries out in open formats (JSON Lines, JSON, CSV, Markdown, HTML)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Optional

import typer

from readlog.cli import handle_errors, state_of
from readlog.cli import registry as app
from readlog.cli.options import filter_options
from readlog.core.filters import FilterArgs
from readlog.model.errors import ReadlogError, UsageError

if TYPE_CHECKING:
    from readlog.cli import State
    from readlog.core.export import Tally
    from readlog.store import Filters

FORMAT_NAMES = ("jsonl", "json", "csv", "markdown", "html")


@app.command("export")
@handle_errors
@filter_options
def export(
    ctx: typer.Context,
    fmt: Optional[str] = typer.Option(
        None,
        "--format",
        "-f",
        help="jsonl (lossless, the default), json, csv (both lossless too), markdown or html (Netscape bookmarks). "
        "Without it, -o FILE's extension decides.",
    ),
    output: Optional[str] = typer.Option(
        None, "--output", "-o", metavar="FILE", help="Write to FILE (replaced whole at the end); default: stdout."
    ),
    fa: FilterArgs = FilterArgs(),
) -> None:
    """Export entries: every field and state, to stdout or a file.

    Takes the same filters as list, but includes archived entries unless
    --archived asks for only those. jsonl, json and csv keep everything,
    and `readlog import` reads them back (ids, times, states, tags and notes
    included); csv is UTF-8 with a BOM for spreadsheets. markdown is a
    reading list grouped by source; html is a Netscape bookmark file for
    browsers and read-later apps (entries without a URL are left out and
    counted on stderr).

    \b
    Examples:
      readlog export -o backup.jsonl
      readlog export --format csv --starred > starred.csv
      readlog export --unread --since 2w -o to-read.md
      readlog export -f html -o bookmarks.html
    """

    name = choose_format(fmt, output)
    f = fa.filters()
    f.archived = True if fa.archived else None
    run_export(state_of(ctx), f, name, output)


def choose_format(fmt: str | None, output: str | None) -> str:
    """--format if given, else the output file's extension, else jsonl."""
    if fmt is not None:
        name = fmt.strip().lower()
        name = {"md": "markdown", "ndjson": "jsonl", "htm": "html"}.get(name, name)
        if name not in FORMAT_NAMES:
            raise UsageError.of("unknown_export_format", name=fmt, known=", ".join(FORMAT_NAMES))
        return name
    if output and output != "-":
        from readlog.core.export import EXTENSIONS

        return EXTENSIONS.get(Path(output).suffix.lower(), "jsonl")
    return "jsonl"


def run_export(state: State, f: Filters, name: str, output: str | None) -> None:
    """Stream the matching rows through the format's writer to the output."""
    from readlog.core import export

    lib = state.library()
    sort, reverse = export.ORDER.get(name, export.DEFAULT_ORDER)
    tally = export.Tally()
    pieces = export.render(name, lib.iter_rows(f, sort=sort, reverse=reverse), tally, lang=state.out.lang)
    to_file = output is not None and output != "-"
    if to_file:
        assert output is not None
        from readlog.store import is_library_file

        if is_library_file(lib.path, Path(output)):
            raise ReadlogError.of("export_is_library", path=output)
        try:
            with _replacing(Path(output)) as stream:
                export.write(pieces, stream)
        except OSError as exc:
            raise ReadlogError(f"{output}: cannot write ({exc.strerror or exc}); nothing was written") from None
    else:
        sys.stdout.flush()
        binary: BinaryIO | None = getattr(sys.stdout, "buffer", None)
        if binary is None:  # a text-only stdout (embedded use)
            for piece in pieces:
                sys.stdout.write(piece)
        else:
            export.write(pieces, binary)
            binary.flush()
    _report(state, name, tally, output if to_file else None)


def _report(state: State, name: str, tally: Tally, output: str | None) -> None:
    from readlog.model.messages import say

    written, skipped, lang = tally.written, tally.skipped, state.out.lang
    if skipped:
        state.out.notice(say("export_no_url", lang, entries=skipped, format=name))
    if output:
        state.out.notice(say("exported", lang, entries=written, path=output, format=name))
    elif written == 0 and not skipped:
        state.out.notice(say("export_none", lang))


class _replacing:
    """Write to a temporary file beside ``target`` and move it into place only
    when everything was written, so a failed export never leaves half a file
    (or destroys the previous one). A symlink is followed; a device or pipe
    (``-o /dev/stdout``) is written directly."""

    def __init__(self, target: Path) -> None:
        self.given = target
        self.target = Path(os.path.realpath(target))
        self.tmp: Path | None = None

    def __enter__(self) -> BinaryIO:
        if self.target.is_dir():
            raise ReadlogError(f"{self.target}: is a directory; give a file name to -o")
        if self.given.exists() and not self.given.is_file():
            self.stream = open(self.given, "wb")
            return self.stream
        try:
            fd, tmp = tempfile.mkstemp(dir=self.target.parent, prefix=f".{self.target.name}.", suffix=".tmp")
        except OSError as exc:
            raise ReadlogError(f"{self.target}: cannot write here ({exc.strerror})") from None
        self.tmp = Path(tmp)
        umask = os.umask(0)
        os.umask(umask)
        if os.chmod in os.supports_fd:
            os.chmod(fd, 0o666 & ~umask)  # as an ordinary new file would be, not mkstemp's 0600
        self.stream = os.fdopen(fd, "wb")
        return self.stream

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        self.stream.close()
        if self.tmp is None:
            return
        if kind is not None:
            self.tmp.unlink(missing_ok=True)
            return
        try:
            os.replace(self.tmp, self.target)
        except OSError as err:
            self.tmp.unlink(missing_ok=True)
            raise ReadlogError(f"{self.target}: cannot write ({err.strerror})") from None
