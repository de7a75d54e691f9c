"""How much readlog decompresses, or holds whole in memory, from one input.

Most shapes are read line by line in flat memory, however large the file.
What cannot be - JSON parsed whole, a feed handed to feedparser, a Firefox
LZ4 block, a property list - and whatever comes out of gzip or a zip
member is capped, so that a few hundred KB of hostile input (a compression
bomb) cannot grow an import to gigabytes. The caps are generous for real
exports and can be raised from the environment:

* READLOG_MAX_READ_MB (default 128): decompressed data, and any file or
  member read whole;
* READLOG_MAX_FEED_MB (default 16): a feed, which feedparser holds in
  memory many times over (a 30 MB feed of 150,000 short items peaked at
  428 MB, measured).

Compressed data that expands more than MAX_RATIO times is refused too,
once past RATIO_FROM: exports compress 3-15 times, only a bomb 1,000
times, and streamed in flat memory a bomb of empty lines would still keep
an import busy for minutes before reaching the size cap.
"""

from __future__ import annotations

from readlog.model.environment import env_number
from readlog.model.errors import UnreadableInput, UsageError

READ_ENV, READ_DEFAULT_MB = "READLOG_MAX_READ_MB", 128.0
FEED_ENV, FEED_DEFAULT_MB = "READLOG_MAX_FEED_MB", 16.0
MB = 1 << 20
MAX_RATIO = 100
RATIO_FROM = 8 * MB  # smaller outputs are harmless whatever their ratio


def _megabytes(env: str, default: float) -> float:
    found = env_number(env)
    if found is None:
        return default
    value, raw = found
    if not 0 < value < 1 << 30:  # also false for nan and inf
        raise UsageError.of("bad_size", env=env, raw=raw[:40], example=int(default * 2))
    return value


def read_limit() -> int:
    """Bytes of decompressed data, or of a file read whole, readlog accepts."""
    return int(_megabytes(READ_ENV, READ_DEFAULT_MB) * MB)


def feed_limit() -> int:
    """Bytes of a feed readlog hands to feedparser."""
    return int(_megabytes(FEED_ENV, FEED_DEFAULT_MB) * MB)


def check() -> None:
    """Raise a UsageError now for a cap set to something that is not a size."""
    read_limit()
    feed_limit()


def too_large(name: str, what: str, limit: int, env: str = READ_ENV, **params: object) -> UnreadableInput:
    """The one-line error for an input past a cap: which cap, and how to raise it
    (an error even inside a directory or an archive, where unknown files are skipped).
    ``what`` is the catalogue key of what went past it ("limit_expands": "it
    expands to"), with its ``params``."""
    from readlog.model.messages import Phrase

    size = f"{limit / MB:g} MB"
    return UnreadableInput.of("input_too_large", name=name, what=Phrase(what, **params), size=size, env=env)


def bomb(name: str, given: int, packed: int) -> UnreadableInput:
    """The one-line error for compressed data that expands like a compression bomb."""
    return UnreadableInput.of(
        "input_bomb", name=name, ratio=MAX_RATIO, given=f"{given / MB:,.0f}", packed=f"{packed / 1024:,.0f}"
    )


def bomb_like(given: int, packed: int) -> bool:
    return given > RATIO_FROM and given > MAX_RATIO * max(packed, 1)
