"""User settings: defaults, the TOML config file, the environment and options.

The config file lives in platformdirs' ``user_config_dir("readlog")`` as
``config.toml`` (``$READLOG_CONFIG`` names another file). It is read only
when it exists and only when a setting is first asked for, so commands that
never need it pay one ``stat``. It is parsed with the standard library's
``tomllib`` (Python 3.11+), or with ``tomli`` on 3.10: the same parser, a
dependency only there.

Where the library lives: ``--db``, else ``READLOG_DB``, else the config file,
else the user data dir (``library_path``).

Precedence, highest first: a command-line option, the environment, the
config file, the default. ``readlog config`` shows each setting with where
its value came from.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from readlog.model.environment import env_number
from readlog.model.errors import ReadlogError, UsageError

APP = "readlog"
ENV_CONFIG = "READLOG_CONFIG"
ENV_DB = "READLOG_DB"
ENV_LANG = "READLOG_LANG"

LIST_COLUMNS = ("source", "category", "tags", "time", "saved")
DEFAULTS: dict[str, Any] = {
    "library": None,  # the user data dir; resolved by readlog.settings
    "columns": list(LIST_COLUMNS),
    "page_size": 20,
    "lang": "en",
    "mark_read_on_show": False,
    "triage_advance": True,
    "use_pager": False,
    "resurface_days": 30,
}
ENV_BUSY = "READLOG_BUSY_TIMEOUT"
DEFAULT_BUSY_TIMEOUT = 10.0
MAX_BUSY_TIMEOUT = 86400.0  # a day; SQLite keeps the wait in milliseconds in a 32-bit int


def default_library() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP, appauthor=False)) / "readlog.db"


def expand(value: str, setting: str, origin: str) -> Path:
    """``value`` as a path with a leading ``~`` or ``~user`` expanded.

    A ``~user`` that names no user (or a home that cannot be found) is a
    usage error naming the setting and where it came from (``--db``,
    ``READLOG_DB``, the config file), not a traceback.
    """
    try:
        path = Path(value).expanduser()
    except RuntimeError:  # "Could not determine home directory."
        raise UsageError.of("setting_no_home", setting=setting, origin=origin, value=value) from None
    if str(path).startswith("~"):  # Python 3.10/3.11 on some systems leave an unknown ~user as it is
        raise UsageError.of("setting_no_home", setting=setting, origin=origin, value=value)
    return path


def library_path(option: str | None) -> tuple[Path, str]:
    """The library file to use and where that choice came from."""
    if option is not None:
        if not option.strip():  # an unset shell variable: never quietly the next library in line
            raise UsageError.of("empty_db_option")
        return expand(option, "library", "--db"), "--db"
    env = os.environ.get(ENV_DB)
    if env:
        return expand(env, "library", ENV_DB), ENV_DB
    configured = file_value("library")
    if configured is not None:
        return configured, "config file"
    return default_library(), "default"


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


HELP = {
    "library": "the library file (relative paths are relative to the config file)",
    "columns": f"columns of list and search, in order; any of {', '.join(LIST_COLUMNS)}",
    "page_size": "entries list, search and trash show on a terminal without --limit (0 = all)",
    "lang": "labels and relative times: en or zh",
    "mark_read_on_show": "whether show marks the entry read (--mark-read / --no-mark-read override)",
    "triage_advance": "whether triage moves to the next entry after s, r or a (false: it stays)",
    "use_pager": "whether show --full pages with $PAGER, not readlog's reader (--pager / --reader override)",
    "resurface_days": "days a starred entry waits unread before next offers it first again",
}

DEFAULT = "default"
FILE = "config file"


class Setting:
    """One effective setting and where it came from (a plain class: a dataclass
    would cost read commands a few milliseconds at start-up)."""

    __slots__ = ("key", "origin", "value")

    def __init__(self, key: str, value: Any, origin: str) -> None:
        self.key, self.value, self.origin = key, value, origin

    def __repr__(self) -> str:
        return f"Setting({self.key!r}, {self.value!r}, {self.origin!r})"


def config_file() -> Path:
    """Where the config file is (it need not exist)."""
    env = os.environ.get(ENV_CONFIG)
    if env:
        return expand(env, "config file", ENV_CONFIG)
    return Path(user_config_dir()) / "config.toml"


def user_config_dir() -> str:
    """platformdirs' ``user_config_dir("readlog")``. On Linux, where $XDG_CONFIG_HOME
    is an absolute path or is not set and $HOME is one, said here as every version
    of platformdirs says it (its import is 16 million instructions, 7% of a short
    command's whole run); anything else is asked of platformdirs."""
    if sys.platform == "linux" and not _android():
        xdg = os.environ.get("XDG_CONFIG_HOME", "")
        if xdg.startswith("/") and xdg == xdg.strip():
            return os.path.join(xdg, APP)
        home = os.environ.get("HOME", "")
        if not xdg and home.startswith("/"):
            return os.path.join(os.path.expanduser("~/.config"), APP)
    from platformdirs import user_config_dir as asked

    return asked(APP, appauthor=False)


def _android() -> bool:
    """Whether this may be an Android app, which platformdirs gives folders of its own."""
    environ = os.environ
    return hasattr(sys, "getandroidapilevel") or "ANDROID_DATA" in environ or "ANDROID_ROOT" in environ


_cache: dict[Path, tuple[float, dict[str, Any], list[str]]] = {}


def load(path: Path | None = None) -> tuple[dict[str, Any], list[str]]:
    """The validated settings in the config file, and the unknown keys in it.

    A missing file gives ``({}, [])``; an unreadable or invalid one raises a
    ReadlogError naming the file, so a typo never silently falls back.
    """
    path = path or config_file()
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return {}, []
    cached = _cache.get(path)
    if cached and cached[0] == stamp:
        return cached[1], cached[2]
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ReadlogError.of("config_unreadable", path=str(path), reason=str(exc)) from None
    try:
        raw = parse_toml(text)
    except ValueError as exc:
        raise ReadlogError.of("config_not_toml", path=str(path), detail=str(exc)) from None
    values, unknown = validate(raw, path.parent, source=path)  # its errors name the file themselves
    _cache[path] = (stamp, values, unknown)
    return values, unknown


def file_value(key: str) -> Any | None:
    """One setting from the config file, or None when it does not set it."""
    return load()[0].get(key)


def parse_toml(text: str) -> dict[str, Any]:
    """TOML text to a dict, by tomllib (tomli, the same parser, on Python 3.10),
    imported here: only a config file or an edit form is parsed. A mistake is a
    ValueError saying what is wrong and where ("Invalid value (at line 2, column 13)")."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(str(exc)) from None


def validate(raw: dict[str, Any], base: Path, *, source: Path | None = None) -> tuple[dict[str, Any], list[str]]:
    """Check each known key's type and range; return the values and unknown keys.
    ``source`` is the config file, named in errors that say where a value came from."""
    values: dict[str, Any] = {}
    unknown = [k for k in raw if k not in DEFAULTS]
    for key, value in raw.items():
        if key in DEFAULTS:
            values[key] = _check(key, value, base, source)
    return values, unknown


def _check(key: str, value: Any, base: Path, source: Path | None = None) -> Any:
    where = str(source or base / "config.toml")
    if key == "library":
        if not isinstance(value, str) or not value.strip():
            raise ReadlogError.of("config_bad_library", path=where, value=repr(value))
        try:
            path = expand(value, "library", where)
        except UsageError as exc:  # a config file error, as the others here (exit 1)
            raise ReadlogError.of(exc.key or "", **exc.params) from None
        return path if path.is_absolute() else base / path
    if key == "columns":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ReadlogError.of("config_bad_columns", path=where, value=repr(value))
        bad = [v for v in value if v.lower() not in LIST_COLUMNS]
        if bad:
            raise ReadlogError.of("config_unknown_column", path=where, name=repr(bad[0]), names=", ".join(LIST_COLUMNS))
        return list(dict.fromkeys(v.lower() for v in value))
    if key == "page_size":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ReadlogError.of("config_bad_page_size", path=where, value=repr(value))
        return value
    if key == "resurface_days":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 36_500:
            raise ReadlogError.of("config_bad_resurface_days", path=where, value=repr(value))
        return value
    if key == "lang":
        lang = normal_lang(value) if isinstance(value, str) else None
        if lang is None:
            raise ReadlogError.of("config_bad_lang", path=where, value=repr(value))
        return lang
    if not isinstance(value, bool):
        raise ReadlogError.of("config_bad_bool", path=where, option=key, value=repr(value))
    return value


def normal_lang(value: str) -> str | None:
    """'zh', 'zh_CN', 'zh-Hant' -> 'zh'; 'en', 'en_US' -> 'en'; else None."""
    low = value.strip().lower()
    if low.startswith("zh"):
        return "zh"
    if low.startswith("en"):
        return "en"
    return None


def effective(db_option: str | None = None, lang_option: str | None = None) -> list[Setting]:
    """Every setting's value and origin, for ``readlog config``."""

    values, _ = load()
    path, origin = library_path(db_option)
    settings = [Setting("library", str(path), _origin(origin))]
    settings.append(_lang_setting(lang_option, values))
    for key in ("columns", "page_size", "mark_read_on_show", "triage_advance", "use_pager", "resurface_days"):
        if key in values:
            settings.append(Setting(key, values[key], FILE))
        else:
            settings.append(Setting(key, DEFAULTS[key], DEFAULT))
    return settings


def _origin(origin: str) -> str:
    if origin.startswith("--"):
        return f"option ({origin})"
    if origin.isupper():
        return f"environment ({origin})"
    return origin


def language(option: str | None = None, configured: str | None = None) -> str:
    """'zh' or 'en': the option, else READLOG_LANG, else the config file's
    lang (``configured``), else the locale - the rule ``readlog config``
    explains (_lang_setting). Loads nothing: shell completion asks it too."""
    return str(_lang_setting(option, {"lang": configured} if configured else {}).value)


def _lang_setting(option: str | None, values: dict[str, Any]) -> Setting:
    if option:
        return Setting("lang", normal_lang(option) or "en", "option (--lang)")
    env = os.environ.get(ENV_LANG)
    if env:
        return Setting("lang", normal_lang(env) or "en", f"environment ({ENV_LANG})")
    if "lang" in values:
        return Setting("lang", values["lang"], FILE)
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(var):
            if normal_lang(os.environ[var]) == "zh":
                return Setting("lang", "zh", f"environment ({var})")
            break  # the first locale variable set decides
    return Setting("lang", DEFAULTS["lang"], DEFAULT)


TEMPLATE = """\
# readlog settings (TOML). Remove the leading "# " to change a default.
# Options (--db, --lang) and the environment (READLOG_DB, READLOG_LANG) override this file.

# library = "~/reading/readlog.db"
# columns = ["source", "category", "tags", "time", "saved"]
# page_size = 20
# lang = "zh"
# mark_read_on_show = false
# triage_advance = true
# use_pager = false
# resurface_days = 30
"""


def write_template(path: Path) -> None:
    """Create a commented starter file; never overwrite one that exists."""
    if path.exists():
        raise ReadlogError.of("config_exists", path=str(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="utf-8") as fh:
            fh.write(TEMPLATE)
    except OSError as exc:
        from readlog.model.messages import os_reason

        raise ReadlogError.of("config_not_written", path=str(path), reason=os_reason(exc)) from None
