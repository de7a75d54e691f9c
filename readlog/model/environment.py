"""Numbers read from environment variables, for the limits and settings that
take them (model/fields.py, inputs/limits.py, web/client.py, settings.py).

At the bottom with the other values every stage shares, so that a model
module reading its limit from the environment needs nothing above it.
"""

from __future__ import annotations

import math
import os


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
