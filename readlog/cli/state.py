"""State: the global options of one run (--db, --lang), resolved once, and what
they give every command: the Output object, the library, the settings it reads."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import typer

from readlog.model.errors import ReadlogError

if TYPE_CHECKING:
    from readlog.core.library import Library
    from readlog.model.messages import Phrase
    from readlog.render.output import Output


class State:
    """Global options, resolved once per invocation."""

    def __init__(self, db: Optional[str], lang: Optional[str]) -> None:
        self.db_option = db
        self.lang_option = lang
        self._out: Output | None = None
        self._lib: Library | None = None

    @property
    def out(self) -> Output:
        if self._out is None:
            from readlog.render.output import Output
            from readlog.settings import language

            try:
                lang, columns = self.setting("lang"), self.setting("columns")
            except ReadlogError:
                lang, columns = None, None  # a broken config file is reported by the command's own settings use
            self._out = Output(language(self.lang_option, configured=lang), columns=columns)
        return self._out

    def setting(self, key: str) -> Any:
        """A default from the config file, or None when it does not set one (read lazily, once)."""
        from readlog.settings import file_value

        return file_value(key)

    @property
    def page_size(self) -> int:
        """How many entries list and search show on a terminal without --limit."""
        from readlog.settings import DEFAULTS

        value = self.setting("page_size")
        return int(DEFAULTS["page_size"] if value is None else value)

    def listed(self, limit: int | None, *, as_json: bool, page: int | None = None) -> int:
        """How many rows a listing (list, search, trash, history) shows: ``limit``
        when given (0: all, negative: a UsageError). Without it, all of them when a
        program reads them (``--json``, or standard output not a terminal), as git
        log gives; on a terminal, one screen (``page``, else page_size)."""
        from readlog.core.filters import check_limit

        if limit is not None:
            return check_limit(limit)
        if as_json or self.out.piped:
            return 0
        return self.page_size if page is None else page

    @property
    def mark_read_on_show(self) -> bool:
        return bool(self.setting("mark_read_on_show"))

    @property
    def triage_advance(self) -> bool:
        """Whether the triage screen moves to the next entry after s, r or a."""
        value = self.setting("triage_advance")
        return True if value is None else bool(value)

    @property
    def resurface_days(self) -> int:
        """Days a starred entry waits unread before next offers it first again."""
        from readlog.settings import DEFAULTS

        value = self.setting("resurface_days")
        return int(DEFAULTS["resurface_days"] if value is None else value)

    @property
    def use_pager(self) -> bool:
        """Whether show --full pages a long article with $PAGER rather than readlog's reader."""
        return bool(self.setting("use_pager"))

    def library(self) -> Library:
        """The library of --db (else $READLOG_DB, the config file's, the user data
        folder's), opened once: the same Library a script gets from readlog.open()."""
        if self._lib is None:
            from readlog.core.library import open_for_command

            self._lib = open_for_command(self.db_option, notice=self.notice, progress=self.out.progress)
        return self._lib

    def notice(self, said: Phrase) -> None:
        """A notice the core gives (an upgrade), said in the output's language."""
        self.out.notice(said.said(self.out.lang))

    def close(self) -> None:
        if self._lib is not None:
            self._lib.close()


def state_of(ctx: typer.Context) -> State:
    obj = ctx.find_root().obj
    if not isinstance(obj, State):
        obj = State(None, None)
        ctx.find_root().obj = obj
    return obj
