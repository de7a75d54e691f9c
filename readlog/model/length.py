"""How long a text is to read: Chinese, Japanese and Korean by the character,
every other script by the word, and the minutes the two take together.

Chinese and Japanese are written without spaces between words, and Korean
is read syllable block by syllable block: each Han character, kana and
Hangul syllable counts as one (a *character*), each run of letters or
digits of any other script as one (a *word*), and a page that mixes them
adds the two. What ``fetch`` stores as an article's ``words`` is that sum,
its reading units; ``show`` names them by what most of the text is
(``in_characters``).

The speeds are for adults reading screen text silently:

* words: 238 a minute, the average for non-fiction in English in Brysbaert
  (2019), "How many words do we read per minute? A review and meta-analysis
  of reading rate", Journal of Memory and Language 109, 104047 (most adults
  read 175-300);
* characters: 330 a minute. The International Reading Speed Texts
  (Trauzettel-Klosinski and Dietz, 2012, "Standardized assessment of reading
  performance: the new International Reading Speed Texts IReST",
  Investigative Ophthalmology & Visual Science 53(9), 5452-5461) measured
  Chinese read aloud at 255 characters a minute (Japanese at 357); reading
  silently is about 1.3 times as fast as reading aloud (238 against 183
  words a minute in Brysbaert's review), which makes about 330.
"""

from __future__ import annotations

import functools
import re

WORDS_PER_MINUTE = 238
CJK_PER_MINUTE = 330

# Han (with its extensions and compatibility ideographs), kana (half-width too) and
# Hangul syllables and letters: the scripts counted by the character.
CJK_CLASS = (
    "\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f"  # kana
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f"  # Han
    "\u3130-\u318f\uac00-\ud7af"  # Hangul
)
SAMPLE = 2000  # characters of a text that tell what most of it is written in


@functools.cache
def cjk() -> re.Pattern[str]:
    """One character counted as such (compiled on first use: every command loads this module)."""
    return re.compile(f"[{CJK_CLASS}]")


@functools.cache
def word() -> re.Pattern[str]:
    """One word of any other script: letters or digits, with ' . - inside it (don't, 5.5, three-four)."""
    return re.compile(rf"[^\W_{CJK_CLASS}]+(?:['’.\-][^\W_{CJK_CLASS}]+)*")


def count(text: str) -> tuple[int, int]:
    """(characters, words) of ``text``: its Chinese, Japanese and Korean characters,
    and its words in every other script."""
    return len(cjk().findall(text)), len(word().findall(text))


def minutes(characters: int, words: int) -> int | None:
    """The reading time of that many characters and words, each at its own speed,
    rounded, at least 1; None for no text."""
    if not characters and not words:
        return None
    return max(1, round(words / WORDS_PER_MINUTE + characters / CJK_PER_MINUTE))


def in_characters(text: str) -> bool:
    """Whether most of ``text`` is counted in characters (a page in Chinese,
    Japanese or Korean), told from its beginning: a look at a long article
    costs no more than at a short one."""
    characters, words = count(text[:SAMPLE])
    return characters > words
