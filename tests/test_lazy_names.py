"""The packages that name what their modules define, each imported when first used
(readlog, readlog.store, readlog.core.results: model.lazy.lazy_names)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from readlog.model.lazy import lazy_names


def test_a_name_is_imported_when_first_used_and_then_kept() -> None:
    namespace = {"__name__": "readlog.store"}
    getattr_ = lazy_names(namespace, {"Filters": ".query", "dedent": "textwrap"})
    from readlog.store.query import Filters

    assert getattr_("Filters") is Filters and namespace["Filters"] is Filters  # within the package
    assert getattr_("dedent") is textwrap.dedent and namespace["dedent"] is textwrap.dedent  # a module by its name
    with pytest.raises(AttributeError, match=r"^module 'readlog.store' has no attribute 'query'$"):
        getattr_("query")
    assert "query" not in namespace


PROBE = """
import json, sys
import readlog, readlog.store, readlog.core.results as results
loaded = lambda: sorted(m for m in sys.modules if m.startswith("readlog"))
before = loaded()
dirs = {m.__name__: dir(m) for m in (readlog, readlog.store, results)}
errors = []
for m in (readlog, readlog.store, results):
    try:
        m.no_such_name
    except AttributeError as exc:
        errors.append(str(exc))
used = [readlog.store.Filters.__module__, results.Change.__module__, readlog.Library.__module__]
print(json.dumps({"before": before, "dirs": dirs, "errors": errors, "used": used, "after": loaded(),
                  "kept": ["Filters" in vars(readlog.store), "Change" in vars(results)]}))
"""


def test_the_packages_load_nothing_until_a_name_is_used() -> None:
    found = json.loads(subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True).stdout)
    assert found["before"] == [
        "readlog",
        "readlog.core",
        "readlog.core.results",
        "readlog.model",
        "readlog.model.errors",
        "readlog.model.lazy",
        "readlog.model.version",
        "readlog.store",
    ]
    readlog_dir, store_dir, results_dir = found["dirs"].values()
    import readlog

    assert set(readlog.__all__) <= set(readlog_dir)  # readlog's __dir__ lists every name, loaded or not
    assert not {"Filters", "Store", "Change"} & set(store_dir + results_dir)  # a name not yet used is not there
    assert "lazy_names" not in store_dir + results_dir + readlog_dir
    assert found["errors"] == [
        "module 'readlog' has no attribute 'no_such_name'",
        "module 'readlog.store' has no attribute 'no_such_name'",
        "module 'readlog.core.results' has no attribute 'no_such_name'",
    ]
    assert found["used"] == ["readlog.store.query", "readlog.core.results.changes", "readlog.core.library"]
    assert {"readlog.store.query", "readlog.core.results.changes", "readlog.core.library"} <= set(found["after"])
    assert found["kept"] == [True, True]


def test_a_lazy_pattern_is_the_compiled_one_compiled_when_first_used() -> None:
    import re

    from readlog.model.lazy import pattern

    source, flags = r"(\d+)-(\d+)?", re.IGNORECASE
    lazy, compiled = pattern(source, flags), re.compile(source, flags)
    assert "match" not in vars(lazy)  # nothing compiled yet
    for text in ("3-5", "x", "12-", "٣-٤"):
        found, wanted = lazy.match(text), compiled.match(text)
        assert (found and found.groups()) == (wanted and wanted.groups())
    assert lazy.sub("#", "1-2 and 3-4") == compiled.sub("#", "1-2 and 3-4") == "# and #"
    assert lazy.findall("1-2 3-") == compiled.findall("1-2 3-")
    assert lazy.pattern == source and lazy.flags == compiled.flags
    assert "match" in vars(lazy)  # kept bound after its first use


def test_importing_the_text_modules_compiles_none_of_their_patterns() -> None:
    """sanitize, links and filters compile a pattern when it is first used, not on import."""
    script = (
        "import re\n"
        "compiled = []\n"
        "real = re._compile\n"
        "re._compile = lambda p, f: compiled.append(p) or real(p, f)\n"
        "from readlog.model import sanitize, links\n"
        "from readlog.core import filters\n"
        "ours = [v._source[0] for m in (sanitize, links, filters) for v in vars(m).values() if hasattr(v, '_source')]\n"
        "print(len(ours), len(set(ours) & set(compiled)))\n"
        "sanitize.clean('a\\x1b[31mred')\n"
        "print(len(set(ours) & set(compiled)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["10", "0", "2"], done.stdout  # then clean's two: _SUSPECT, _ESCAPES
