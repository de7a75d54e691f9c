"""A command line as a shell reads it: how history records the command an action was.

``shlex.join`` quotes every word holding a character outside ASCII, so
``tag 5 +数据库`` would be recorded as ``tag 5 '+数据库'``. Here a word is
quoted (as ``shlex.quote`` does) only when a shell would read it otherwise:
when it is empty or holds whitespace, a shell metacharacter, or a character
that is not printable. Letters of any script stay as they are.
"""

from __future__ import annotations

from collections.abc import Iterable

# The ASCII characters shlex.quote leaves unquoted.
_SAFE_ASCII = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_")


def _plain(word: str) -> bool:
    return bool(word) and all(c in _SAFE_ASCII or (c > "\x7f" and c.isprintable() and not c.isspace()) for c in word)


def quote(word: str) -> str:
    """One word as a shell would read it back whole."""
    if _plain(word):
        return word
    import shlex  # (its import compiles a pattern: only a word a shell would misread needs it)

    return shlex.quote(word)


def join(words: Iterable[object]) -> str:
    """Words (ids may be numbers) as one command line that a shell splits back into them."""
    return " ".join(quote(str(w)) for w in words)
