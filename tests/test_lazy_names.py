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
