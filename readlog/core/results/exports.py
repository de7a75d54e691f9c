"""What an export wrote."""

from __future__ import annotations


class Exported(int):
    """How many entries ``export()`` wrote: an int (as it always was), which
    also says how many it left out (``skipped``: entries without a link, which
    a bookmark file cannot hold) and the format it wrote (``format``)."""

    skipped: int
    format: str

    def __new__(cls, written: int, skipped: int = 0, format: str = "jsonl") -> Exported:
        made = super().__new__(cls, written)
        made.skipped = skipped
        made.format = format
        return made
