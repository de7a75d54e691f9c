"""User settings: defaults, the TOML config file, the environment and options.

The config file lives in platformdirs' ``user_config_dir("readlog")`` as
``config.toml`` (``$READLOG_CONFIG`` names another file). It is read only
when it exists and only when a setting is first asked for, so commands that
never need it pay one ``stat``. Python 3.11+ parses it with ``tomllib``; on
3.10 a small parser reads the subset readlog's settings need (strings,
integers, booleans and one-line or multi-line arrays), so there is no extra
dependency for one file of five keys.

Where the library lives: ``--db``, else ``READLOG_DB``, else the config file,
else the user data dir (``library_path``).

Precedence, highest first: a command-line option, the environment, the
config file, the default. ``readlog config`` shows each setting with where
its value came from.
"""

from __future__ import annotations

import os
import re
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
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP, appauthor=False)) / "config.toml"


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
    """TOML text to a dict: tomllib when present, else the small subset parser."""
    try:
        import tomllib
    except ImportError:  # Python 3.10
        return parse_simple(text)
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
    for key in ("columns", "page_size", "mark_read_on_show", "triage_advance"):
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


# ---- the Python 3.10 fallback: a strict parser for the subset above ----------

# Patterns as text (compiled on first use, by re's cache), so importing settings costs nothing.
_KEY = r"\s*([A-Za-z0-9_-]+|\"[^\"\n]*\")\s*=\s*"
_INT = r"[+-]?(?:0|[1-9](?:_?\d)*)"
_CONTROL = r"[\x00-\x08\x0a-\x1f\x7f]"
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


def parse_simple(text: str) -> dict[str, Any]:
    """Top-level ``key = value`` lines with strings, integers, booleans and
    arrays of those; comments and blank lines. Anything else (tables, dates,
    floats, inline tables) is refused with its line number rather than
    misread."""
    out: dict[str, Any] = {}
    lines = text.replace("\r\n", "\n").split("\n")
    i = 0
    while i < len(lines):
        start = i
        line = lines[i]
        i += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = re.match(_KEY, line)
        if not m:
            raise ValueError(f"line {start + 1}: expected key = value")
        key = m.group(1).strip('"')
        rest = line[m.end() :]
        while rest.lstrip().startswith("[") and _open_brackets(rest) and i < len(lines):
            rest += "\n" + lines[i]
            i += 1
        if rest.lstrip().startswith(('"""', "'''")):
            rest, i = _gather_multiline(rest, lines, i)
        try:
            value, end = _value(rest, 0)
            _end_of_line(rest, end)
        except ValueError as exc:
            raise ValueError(f"line {start + 1}: {exc}") from None
        if key in out:
            raise ValueError(f"line {start + 1}: {key} is set twice")
        out[key] = value
    return out


class _Unterminated(ValueError):
    """A string still open at the end of the text read so far."""


def _gather_multiline(rest: str, lines: list[str], i: int) -> tuple[str, int]:
    """Add the lines that a multi-line string starting in ``rest`` spans.

    Lines are added up to the next one holding the closing quotes, and the
    value is tried only then (an escaped quote may mean it goes on), so a
    long text is read in one pass.
    """
    delimiter = rest.lstrip()[:3]
    while True:
        try:
            _value(rest, 0)
            return rest, i
        except _Unterminated:
            if i >= len(lines):
                return rest, i  # the caller reports it
        except ValueError:
            return rest, i
        while i < len(lines):
            rest += "\n" + lines[i]
            i += 1
            if delimiter in lines[i - 1]:
                break


def _open_brackets(text: str) -> bool:
    """Whether an array started on this line is still open (outside strings and comments)."""
    depth, quote, k = 0, "", 0
    while k < len(text):
        ch = text[k]
        if quote:
            if ch == "\\" and quote == '"':
                k += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            while k < len(text) and text[k] != "\n":
                k += 1
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        k += 1
    return depth > 0


def _skip(text: str, k: int, newlines: bool = False) -> int:
    while k < len(text):
        ch = text[k]
        if ch in " \t" or (newlines and ch == "\n"):
            k += 1
        elif newlines and ch == "#":
            while k < len(text) and text[k] != "\n":
                k += 1
        else:
            break
    return k


def _end_of_line(text: str, k: int) -> None:
    k = _skip(text, k)
    if k < len(text) and text[k] != "#":
        raise ValueError(f"unexpected {text[k : k + 10]!r} after the value")


def _value(text: str, k: int) -> tuple[Any, int]:
    k = _skip(text, k)
    if text.startswith(('"""', "'''"), k):
        return _multiline_string(text, k + 3, text[k])
    if text.startswith('"', k):
        return _basic_string(text, k + 1)
    if text.startswith("'", k):
        end = text.find("'", k + 1)
        if end < 0 or "\n" in text[k:end]:
            raise ValueError("unterminated string")
        if re.compile(_CONTROL).search(text, k + 1, end):
            raise ValueError("control character in a string")
        return text[k + 1 : end], end + 1
    if text.startswith("[", k):
        return _array(text, k + 1)
    for word, value in (("true", True), ("false", False)):
        if text.startswith(word, k) and not text[k + len(word) : k + len(word) + 1].isalnum():
            return value, k + len(word)
    m = re.compile(_INT).match(text, k)
    after = text[m.end() : m.end() + 1] if m else ""
    if m and not (after.isalnum() or (after and after in ".:-_")):
        return int(m.group(0).replace("_", "")), m.end()
    raise ValueError(f"cannot read the value {text[k : k + 20].strip()!r} (use quotes for text)")


def _basic_string(text: str, k: int) -> tuple[str, int]:
    out: list[str] = []
    while k < len(text):
        ch = text[k]
        if ch == '"':
            return "".join(out), k + 1
        if ch == "\n":
            break
        if ch == "\\":
            value, k = _escape(text, k)
            out.append(value)
            continue
        if re.match(_CONTROL, ch):
            raise ValueError("control character in a string (write it as \\uXXXX)")
        out.append(ch)
        k += 1
    raise _Unterminated("unterminated string")


def _multiline_string(text: str, k: int, quote: str) -> tuple[str, int]:
    """A multi-line string, basic (three double quotes: escapes, and a
    line-ending backslash joins lines) or literal (three single quotes);
    ``k`` is just past the opening quotes. A newline right after them is not
    part of the text, and up to two quotes may stand just before the closing
    three."""
    if text.startswith("\n", k):
        k += 1
    out: list[str] = []
    while k < len(text):
        ch = text[k]
        if ch == quote and text.startswith(quote * 3, k):
            end = k
            while end < len(text) and text[end] == quote:
                end += 1
            if end - k > 5:
                raise ValueError("too many quotes at the end of a string")
            out.append(quote * (end - k - 3))
            return "".join(out), end
        if ch == "\\" and quote == '"':
            after = _skip(text, k + 1)
            if after == len(text):
                break  # the text read so far ends inside the string
            if text.startswith("\n", after):  # a line-ending backslash: the line goes on
                k = _skip_space(text, after)
                continue
            value, k = _escape(text, k)
            out.append(value)
            continue
        if ch != "\n" and re.match(_CONTROL, ch):
            raise ValueError("control character in a string (write it as \\uXXXX)")
        out.append(ch)
        k += 1
    raise _Unterminated("unterminated string")


def _skip_space(text: str, k: int) -> int:
    """Past spaces, tabs and newlines (not comments: inside a string a # is text)."""
    while k < len(text) and text[k] in " \t\n":
        k += 1
    return k


def _escape(text: str, k: int) -> tuple[str, int]:
    """The character a backslash escape at ``k`` stands for, and where the text goes on."""
    nxt = text[k + 1 : k + 2]
    if nxt in _ESCAPES:
        return _ESCAPES[nxt], k + 2
    if nxt in ("u", "U"):
        size = 4 if nxt == "u" else 8
        digits = text[k + 2 : k + 2 + size]
        if len(digits) != size or not all(c in "0123456789abcdefABCDEF" for c in digits):
            raise ValueError("bad \\u escape")
        code = int(digits, 16)
        if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
            raise ValueError("\\u escape is not a character")
        return chr(code), k + 2 + size
    raise ValueError(f"unknown escape \\{nxt}")


def _array(text: str, k: int) -> tuple[list[Any], int]:
    items: list[Any] = []
    while True:
        k = _skip(text, k, newlines=True)
        if text.startswith("]", k):
            return items, k + 1
        item, k = _value(text, k)
        items.append(item)
        k = _skip(text, k, newlines=True)
        if text.startswith(",", k):
            k += 1
        elif not text.startswith("]", k):
            raise ValueError("expected , or ] in the array")
