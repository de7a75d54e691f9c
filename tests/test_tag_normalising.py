"""A tag's stored form (model/tags.normalise_tag): what an import, a filter and `tag +X` agree on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from readlog.model.tags import normalise_tag, unique_tags


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("rust", "rust"),
        ("#rust", "rust"),
        ("##rust", "rust"),
        ("# rust", "rust"),
        ("# # rust", "rust"),
        ("  #x  ", "x"),
        ("c#", "c#"),
        ("a # b", "a # b"),
        ("# # #", ""),
        ("#", ""),
        ("system\tdesign", "system design"),
        ("数据库", "数据库"),
    ],
)
def test_leading_marks_and_spaces_go_the_rest_stays(typed: str, stored: str) -> None:
    assert normalise_tag(typed) == stored


# Text made mostly of the characters the rule is about, with anything else now and then.
MARKS = st.text(st.sampled_from(["#", " ", "\t", "\u3000", "a", "数", "\n", "\x00", "\u200b"]), max_size=12)


@given(st.one_of(MARKS, st.text(max_size=12)))
def test_normalising_a_stored_tag_changes_nothing(tag: str) -> None:
    """An exported tag is imported through the same rule: a stored tag must be its own
    normal form, or a backup comes back with other tags ("# # # x" became "# # x", then "# x")."""
    once = normalise_tag(tag)
    assert normalise_tag(once) == once
    assert unique_tags([tag, once]) == ([once] if once else [])
