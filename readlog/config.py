"""Where the library lives: ``--db``, else ``READLOG_DB``, else the config file, else the user data dir."""

from __future__ import annotations

import math
import os
from pathlib import Path

from readlog.errors import UsageError

APP = "readlog"
ENV_DB = "READLOG_DB"
ENV_BUSY = "READLOG_BUSY_TIMEOUT"
DEFAULT_BUSY_TIMEOUT = 10.0
MAX_BUSY_TIMEOUT = 86400.0  # a day; SQLite keeps the wait in milliseconds in a 32-bit int


def default_library() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP, appauthor=False)) / "readlog.db"


def library_path(option: str | None) -> tuple[Path, str]:
    """The library file to use and where that choice came from."""
    if option is not None:
        if not option.strip():  # an unset shell variable: never quietly the next library in line
            raise UsageError.of("empty_db_option")
        return Path(option).expanduser(), "--db"
    env = os.environ.get(ENV_DB)
    if env:
        return Path(env).expanduser(), ENV_DB
    from readlog.settings import file_value  # reads the config file only if it exists

    configured = file_value("library")
    if configured is not None:
        return configured, "config file"
    return default_library(), "default"


def env_number(name: str) -> tuple[float, str] | None:
    """$name as a number and as written; None when unset or empty (the default
    applies), nan for text that is not a number (which no range admits)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    try:
        return float(raw), raw
    except ValueError:
        return math.nan, raw


def busy_timeout() -> float:
    """Seconds to wait for another readlog process's lock (READLOG_BUSY_TIMEOUT;
    unset or empty: 10). Anything but a number from 0 to a day is a usage error."""
    found = env_number(ENV_BUSY)
    if found is None:
        return DEFAULT_BUSY_TIMEOUT
    value, raw = found
    if not 0 <= value <= MAX_BUSY_TIMEOUT:  # also false for nan
        raise UsageError.of("bad_busy_timeout", env=ENV_BUSY, raw=raw[:40], max=MAX_BUSY_TIMEOUT)
    return value


MIN_COLUMNS = 40  # narrower leaves no room for any text at all
MAX_COLUMNS = 500  # wider is a mistake (COLUMNS=99999), and every line would be padded to it


def tame_columns() -> None:
    """Make $COLUMNS a width readlog can lay out: a value that is not a
    positive number (COLUMNS=0 made --help print nothing) is dropped, so the
    terminal's own width is used; others are kept within MIN_COLUMNS and
    MAX_COLUMNS. Done once at start-up, before anything sizes itself."""
    raw = os.environ.get("COLUMNS")
    if raw is None:
        return
    try:
        value = int(raw.strip())
    except ValueError:
        value = 0
    if value <= 0:
        del os.environ["COLUMNS"]
    else:
        os.environ["COLUMNS"] = str(min(max(value, MIN_COLUMNS), MAX_COLUMNS))
