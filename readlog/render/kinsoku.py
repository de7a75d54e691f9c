"""Where a line of CJK text may not break (kinsoku): the characters that never start a line
and those that never end one. Apart from wrapping.py, which breaks lines by them, so that
cutting a cell to its width (cut.py, in every table) does not load the whole line breaker."""

from __future__ import annotations

# These never start a line...
NO_LINE_START = frozenset("，。、；：！？）》」』】〉〕］｝〗〙〛”’…‥・ー々〜～,.;:!?)]}%")
# ... and these never end one.
NO_LINE_END = frozenset("（《「『【〈〔［｛〖〘〚“‘([{")
