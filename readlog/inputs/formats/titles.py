"""Short titles for entries whose shape has none (digests).

A digest gives a summary paragraph and no title; the title is made from the
summary's first sentence:

* a sentence ends at 。！？!?；; (or a full stop before a space) that is not
  inside brackets or quotes: ``类型（以感叹号 ! 表示）的稳定化过程`` is one
  sentence (only brackets that close count: a stray ``（`` does not hide the
  rest of the paragraph);
* an opening that names the article rather than its subject (``文章介绍了``,
  ``本文是``, ``这篇博客由 X 撰写，``, ``This article explains``) is dropped
  from the title - the summary keeps it - so that a narrow column shows the
  subject; ``文章围绕 X 展开`` becomes ``X``;
* a sentence longer than MAX_CELLS gives its first clause, or is cut with an
  ellipsis, never inside an open bracket or quote.

``identity_title`` is the rule readlog used before (first sentence, cut):
the fingerprint of an entry without a link is made from its source, title
and summary, so an entry whose title is made here is fingerprinted with
that title instead (``Entry.identity_title``). Re-importing a digest then
meets the entries stored by any earlier version. Never change it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import NamedTuple

MAX_CELLS = 60  # terminal cells: 30 Chinese characters or 60 Latin ones
MIN_PREFIX = 12  # cells: a cut title may end before an open bracket when at least this much is left

_PAIRS = {"（": "）", "(": ")", "「": "」", "『": "』", "“": "”", "‘": "’", "《": "》", "【": "】", "[": "]", '"': '"'}
_CLOSERS = {v: k for k, v in _PAIRS.items()}
_ENDS = frozenset("。！？!?；;")
_CLAUSE_ENDS = frozenset("，,：:、")
_OPENING_CLAUSE_ENDS = frozenset("，,：:")
_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "cf.", "Mr.", "Ms.", "Mrs.", "Dr.", "St.", "No.", "approx.")

# What a digest's summary opens with when it speaks of the article, not its subject.
_ZH_PIECE = (
    r"(?:文章|博文|博客|论文|报道|帖子|笔记|教程|演讲|讲稿|综述|书评|随笔|周报|简报|长文|短文|译文|报告|文档|访谈|采访|"
    r"播客|视频|論文|報導|筆記|教學|報告)"
)
_ZH_SUBJECT = (
    rf"(?:(?:这篇|這篇|本篇|该篇|該篇|此篇){_ZH_PIECE}|这篇|本篇|本文|该文|此文|文章|博文|文中|该博客|本期|这期|"
    r"帖子|该帖|本帖|這篇|該文|博客文章)"
)
_ZH_ADVERB = r"(?:深入地?|详细地?|系统地?|全面地?|简要地?|简单|主要|重点|首先|进一步|集中|具体|将|则|还)*"
# Verbs whose object is the subject: dropped with the opening (文章介绍了 X -> X).
_ZH_VERB = (
    r"(?:介绍|复盘|盘点|讲述|讲解|讲(?![究座])|记录|解析|探讨|探究|报道|分析|聚焦于|聚焦|梳理|解释|讨论|围绕|总结|回顾|"
    r"描述|阐述|阐释|展示|说明|剖析|揭示|概述|概括|列举|研究|分享|演示|探索|考察|审视|论证|披露|整理|汇总|"
    r"谈论|谈|关注|思考|反思|认为|指出|表示|称(?![为号之])|记述|追溯|评测|评述|解读|对比了?|比较了?|"
    r"介紹|講述|講解|講|記錄|探討|報導|討論|圍繞|總結|回顧|闡述|說明|認為|解釋|評測|解讀)"
)
# Verbs that say what the article wants or claims: kept, only the subject goes (文章呼吁 X -> 呼吁 X).
_ZH_STANCE = (
    r"(?:倡导|呼吁|主张|建议|提出|强调|尝试|试图|质疑|批评|反对|希望|展望|预测|宣布|推荐|提醒|警告|证明|带领|带你|教你)"
)
# How the article goes about it, between its subject and its verb: 作者用一组小实验解释 X, 文章通过三个案例分析了 X
# (a short phrase without a clause's end or 了, so that 作者用 Rust 重写了一个介绍页 is left alone).
_ZH_MEANS = r"(?:(?:用|通过|通過|借助|借由|结合|結合|基于|基於|以)[^，,。：:；;！？!?了]{1,20}?)?"
_ZH_OPENING = (
    rf"^(?:{_ZH_SUBJECT}{_ZH_MEANS}{_ZH_ADVERB}(?:{_ZH_VERB}了?(?:的是|的)?|是(?!否)|为(?![什何]))|"
    rf"作者{_ZH_MEANS}{_ZH_ADVERB}{_ZH_VERB}了?|"
    rf"{_ZH_SUBJECT}(?={_ZH_ADVERB}{_ZH_STANCE}))[\s:：，,]*"
)
# A clause that only says who wrote it or what it continues: 这篇博客由 X 撰写，... / 文章延续 X 系列，...
_ZH_CONTEXT = (
    rf"^(?:{_ZH_SUBJECT}|作者)(?:由.{{1,40}}?(?:撰写|所写|写|发表|发布|翻译|整理|编写)|延续.{{1,40}}|"
    rf"(?:来自|出自|选自|转载自).{{1,40}})$"
)
_MAYBE_OPENING = re.compile(r"^(?:[本这這该該此文博帖]|作者|th|in\s)", re.I)  # a quick no for most sentences
_AROUND = rf"^(?:{_ZH_SUBJECT})?{_ZH_ADVERB}(?:围绕|圍繞)(.+?)(?:展开|展開)([，,：:。！？!?；;.]?)$"
_ZH_VERB_ONLY = rf"^{_ZH_ADVERB}{_ZH_VERB}了?(?:的是|的)?\s*"
_EN_THING = (
    r"(?:blog\s+post|article|post|essay|piece|paper|write-?up|talk|video|newsletter|tutorial|guide|story|report|"
    r"episode|thread|note|entry)"
)
_EN_VERB = (
    r"(?:describes|explains|introduces|discusses|explores|covers|presents|shows|reviews|examines|outlines|details|"
    r"summari[sz]es|recounts|reports\s+on|is\s+about|argues(?:\s+that)?|shares|demonstrates|investigates|surveys|"
    r"analy[sz]es|documents|announces|proposes|chronicles|walks\s+(?:you\s+|readers\s+)?through|"
    r"looks\s+(?:at|into)|(?:dives|digs|delves)\s+into|takes\s+a\s+(?:close\s+)?look\s+at|"
    r"(?:gives|provides)\s+an\s+overview\s+of|tells\s+(?:the\s+story\s+of|how)|is(?=\s+(?:a|an)\s))"
)
_EN_OPENING = (
    rf"^(?:(?:this|the|in\s+this|in\s+the)\s+{_EN_THING}(?:\s+by\s+[^,]{{1,40}}?)?,?\s+"
    rf"(?:(?:the\s+author|the\s+authors|we|I|he|she|they)\s+)?|the\s+authors?\s+)"
    rf"(?:also\s+|briefly\s+|then\s+)?{_EN_VERB}\s+"
)


class _Openings(NamedTuple):
    zh: re.Pattern[str]
    context: re.Pattern[str]
    around: re.Pattern[str]
    verb_only: re.Pattern[str]
    en: re.Pattern[str]


@functools.cache
def _openings() -> _Openings:
    """The patterns above, compiled when a sentence first may open so (_MAYBE_OPENING): their
    alternations take ~20 ms to compile, paid by every import that loads this module (detection
    loads every format's) and needed only by a digest whose summaries speak of the article."""
    return _Openings(
        re.compile(_ZH_OPENING),
        re.compile(_ZH_CONTEXT),
        re.compile(_AROUND),
        re.compile(_ZH_VERB_ONLY),
        re.compile(_EN_OPENING, re.IGNORECASE),
    )


def cells(text: str) -> int:
    """Terminal width of text: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _wider(text: str, limit: int) -> bool:
    """cells(text) > limit, without measuring a text far longer or shorter than that."""
    if len(text) > limit:
        return True  # every character takes a cell at least
    return 2 * len(text) > limit and cells(text) > limit


# What the scanner stops at: brackets and quotes, and the marks that end sentences and clauses.
_MARKS = re.compile("[" + re.escape("".join(sorted({*_PAIRS, *_CLOSERS, *_ENDS, *_CLAUSE_ENDS}))) + r"]|\.(?=\s|\Z)")
SCANNED = 2000  # characters of a summary looked at for its title: its first sentence is in them


def _spans(text: str, ends: frozenset[str], *, stops: bool, first: bool = False) -> list[tuple[int, int]]:
    """Where the pieces of ``text`` are, cut after each of ``ends`` outside
    brackets and quotes (and, with ``stops``, after a full stop followed by
    a space, abbreviations aside); each piece keeps its end mark. Only a
    bracket that closes later hides what is inside it. With ``first``, only
    the first piece (and the rest as one)."""
    stack: list[str] = []
    spans, start = [], 0
    for m in _MARKS.finditer(text):
        ch, i = m.group(), m.start()
        if ch == '"' and stack and stack[-1] == '"':
            stack.pop()
        elif ch in _PAIRS:
            if text.find(_PAIRS[ch], i + 1) != -1:
                stack.append(ch)
        elif ch in _CLOSERS:
            if _CLOSERS[ch] in stack:
                while stack.pop() != _CLOSERS[ch]:
                    pass
        elif stack:
            continue
        elif ch in ends or (ch == "." and stops and not text.endswith(_ABBREVIATIONS, start, i + 1)):
            if text[start : i + 1].strip():
                spans.append((start, i + 1))
            start = i + 1
            if first:
                break
    if start < len(text) and text[start:].strip():
        spans.append((start, len(text)))
    return spans


def _unclosed(text: str) -> list[int]:
    """Where the brackets and quotes still open at the end of ``text`` were opened."""
    stack: list[tuple[str, int]] = []
    for m in _MARKS.finditer(text):
        ch, i = m.group(), m.start()
        if ch == '"' and stack and stack[-1][0] == '"':
            stack.pop()
        elif ch in _PAIRS:
            stack.append((ch, i))
        elif ch in _CLOSERS and any(o == _CLOSERS[ch] for o, _ in stack):
            while stack.pop()[0] != _CLOSERS[ch]:
                pass
    return [i for _, i in stack]


def open_brackets(text: str) -> list[str]:
    """The brackets and quotes still open at the end of ``text``, innermost last."""
    return [text[i] for i in _unclosed(text)]


def _split(text: str, ends: frozenset[str], *, stops: bool, first: bool = False) -> list[str]:
    return [text[s:e].strip() for s, e in _spans(text, ends, stops=stops, first=first)]


def _strip_end(text: str) -> str:
    return text.rstrip("".join(_ENDS) + "." + "".join(_CLAUSE_ENDS) + " ")


def _clause_end(text: str, start: int) -> int:
    """Where the clause of ``text`` that begins at ``start`` ends (after its mark)."""
    spans = _spans(text[start:], _OPENING_CLAUSE_ENDS, stops=False, first=True)
    return start + spans[0][1] if spans else len(text)


def drop_opening(sentence: str) -> str:
    """``sentence`` without an opening that names the article instead of its
    subject; the sentence itself when nothing would be left."""
    if not _MAYBE_OPENING.match(sentence):
        return sentence
    patterns = _openings()
    start, context = 0, False
    end = _clause_end(sentence, start)
    while sentence[end:].strip() and patterns.context.match(_strip_end(sentence[start:end].strip())):
        start, context = end, True  # 这篇博客由 X 撰写，... : the next clause says what it is about
        end = _clause_end(sentence, start)
    first, rest = sentence[start:end].strip(), sentence[end:]
    around = patterns.around.match(first)
    if around:
        first = around.group(1).strip() + around.group(2)
    else:
        first = patterns.zh.sub("", first, count=1)
        if context:
            first = patterns.verb_only.sub("", first, count=1)
    joined = (first + rest).strip()
    english = patterns.en.sub("", joined, count=1)  # "In this post, the author explains": across a comma
    if english != joined and english[:1].islower():
        english = english[0].upper() + english[1:]
    return english if _strip_end(english) and _strip_end(first) else sentence


def _is_wide(ch: str) -> bool:
    return bool(ch) and unicodedata.east_asian_width(ch) in "WF"


def _unwrap(title: str) -> str:
    """A title that is one quotation entire (“X”) without its quotes; 《book titles》 keep theirs."""
    if len(title) > 2 and title[0] in '“「『"' and title[-1] == _PAIRS[title[0]] and not open_brackets(title[1:-1]):
        return title[1:-1].strip()
    return title


def _cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` cells with an ellipsis, never inside an
    open bracket or quote: cut before it when enough is left, else closed."""
    out, used = [], 0
    for ch in text:
        w = 2 if _is_wide(ch) else 1
        if used + w > limit - 1:
            break
        out.append(ch)
        used += w
    cut = "".join(out)
    space = cut.rfind(" ")
    mid_word = cut[-1:].isalnum() and text[len(cut) : len(cut) + 1].isalnum() and not _is_wide(cut[-1:])
    if mid_word and space > len(cut) * 0.6:  # not in the middle of a word
        cut = cut[:space]
    cut = cut.rstrip(" ,，、：:;；-")
    return _closed(cut, limit, ellipsis=True)


def _closed(text: str, limit: int, *, ellipsis: bool) -> str:
    """``text`` (with an ellipsis when it was cut) ending outside every bracket."""
    mark = "…" if ellipsis else ""
    opened = open_brackets(text)
    if not opened:
        return text + mark
    unclosed = _unclosed(text)
    before = text[: unclosed[0]].rstrip(" ,，、：:;；-") if unclosed else ""
    if cells(before) >= MIN_PREFIX:
        return before + "…"
    closers = "".join(_PAIRS[o] for o in reversed(opened))
    while text and cells(text) + cells(mark + closers) > limit:
        text = text[:-1]
        opened = open_brackets(text)
        closers = "".join(_PAIRS[o] for o in reversed(opened))
    return text + mark + closers


def derive_title(summary: str) -> str:
    """A short title made from a summary: its first sentence without an
    opening such as 文章介绍了, or failing that its first clause, cut to
    MAX_CELLS with an ellipsis; never the whole paragraph."""
    text = " ".join(summary[:SCANNED].split())
    if not text:
        return ""
    sentences = _split(text, _ENDS, stops=True, first=True)
    first = _strip_end(drop_opening(sentences[0]))
    if not first:
        first = _strip_end(sentences[0]) or sentences[0]
    if _wider(first, MAX_CELLS):
        clause = _strip_end(_split(first, _OPENING_CLAUSE_ENDS, stops=False, first=True)[0])
        if _wider(clause, 3) and not _wider(clause, MAX_CELLS):
            return _closed(_unwrap(clause), MAX_CELLS, ellipsis=False)
        return _cut(first, MAX_CELLS)
    return _closed(_unwrap(first), MAX_CELLS, ellipsis=False)


_OLD_SENTENCE_END = re.compile(r"(?<=[。！？!?；;])|(?<=\.)(?=\s)")
_OLD_CLAUSE_END = re.compile(r"[，,：:、]")


def identity_title(summary: str) -> str:
    """The title readlog made from a summary before (see the module's
    docstring): what the fingerprint of an entry without a link is made
    from when its title is made from its summary. Never change it."""
    text = " ".join(summary.split())
    if not text:
        return ""
    first = _OLD_SENTENCE_END.split(text, maxsplit=1)[0].strip()
    first = first.rstrip("。！？!?；;.")
    if _wider(first, MAX_CELLS):
        clause = _OLD_CLAUSE_END.split(first, maxsplit=1)[0].strip()
        if _wider(clause, 3) and not _wider(clause, MAX_CELLS):
            return clause
        return _old_cut(first, MAX_CELLS)
    return first


def _old_cut(text: str, limit: int) -> str:
    out, used = [], 0
    for ch in text:
        w = 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        if used + w > limit - 1:
            break
        out.append(ch)
        used += w
    cut = "".join(out)
    space = cut.rfind(" ")
    if space > len(cut) * 0.6:
        cut = cut[:space]
    return cut.rstrip(" ,，、：:;；-") + "…"
