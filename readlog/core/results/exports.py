"""What an export wrote."""

from __future__ import annotations


class Exported(int):
    """How many entries ``export()`` wrote: an int (as it always was), which
    also says how many it left out (``skipped``: entries without a link, which
    a bookmark file cannot hold, or without fetched text, which a book cannot;
    the latter also as ``left_out``, (id, title) pairs), the format it wrote
    (``format``), and of a Markdown folder's files how many were already as
    written (``unchanged``)."""

    skipped: int
    format: str
    unchanged: int
    left_out: tuple[tuple[int, str], ...]

    def __new__(
        cls,
        written: int,
        skipped: int = 0,
        format: str = "jsonl",
        unchanged: int = 0,
        left_out: tuple[tuple[int, str], ...] = (),
    ) -> Exported:
        made = super().__new__(cls, written)
        made.skipped = skipped
        made.format = format
        made.unchanged = unchanged
        made.left_out = tuple(left_out)
        return made
