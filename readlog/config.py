"""Where the library lives: ``--db``, else ``READLOG_DB``, else the config file, else the user data dir."""

from __future__ import annotations

import os
from pathlib import Path

APP = "readlog"
ENV_DB = "READLOG_DB"


def default_library() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP, appauthor=False)) / "readlog.db"


def library_path(option: str | None) -> tuple[Path, str]:
    """The library file to use and where that choice came from."""
    if option:
        return Path(option).expanduser(), "--db"
    env = os.environ.get(ENV_DB)
    if env:
        return Path(env).expanduser(), ENV_DB
    from readlog.settings import file_value  # reads the config file only if it exists

    configured = file_value("library")
    if configured is not None:
        return configured, "config file"
    return default_library(), "default"


def busy_timeout() -> float:
    """Seconds to wait for another readlog process's lock (READLOG_BUSY_TIMEOUT)."""
    try:
        return max(0.0, float(os.environ.get("READLOG_BUSY_TIMEOUT", "10")))
    except ValueError:
        return 10.0
