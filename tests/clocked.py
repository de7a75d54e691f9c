"""``python tests/clocked.py ARGS``: ``python -m readlog ARGS`` at a given time.

Tests that need a real process (signals, locks, closed streams, terminals)
run readlog through this file so that the child's clock is the test's, not
the machine's: $READLOG_TEST_NOW (ISO 8601, set by helpers.child_env) is
where the clock starts; it ticks on from there. Without it readlog runs at
the real time. Only the tests use this; readlog itself has no clock switch.

The clock costs the child no more than its own module: time_machine's pytest plugin
(which would import all of pytest) and its date parser are kept out.

Ctrl-C is given back its usual meaning: a suite started in the background
of a shell without job control (``pytest &`` in a script) inherits SIGINT
ignored, and so would every readlog it starts, which would make the tests
of Ctrl-C hang or pass for the wrong reason. readlog itself keeps whatever
its shell decided.
"""

import os
import runpy
import signal
import sys
from datetime import datetime

signal.signal(signal.SIGINT, signal.default_int_handler)

when = os.environ.get("READLOG_TEST_NOW")
if when:
    # time_machine imports pytest when it can, for its plugin: 0.17 s of a child's 0.36 s,
    # paid by each of the suite's hundreds of readlog processes, which have no use for it.
    # dateutil's parser likewise (~20 ms a child): time_machine parses only a destination given
    # as text with it, and this one is a datetime. A readlog command that parses dates imports
    # the parser itself afterwards, as it would anyway.
    unwanted = ("pytest", "dateutil.parser")
    for name in unwanted:
        sys.modules[name] = None  # type: ignore[assignment]  # "import pytest" raises ImportError
    try:
        import time_machine
    finally:
        for name in unwanted:
            del sys.modules[name]

    time_machine.travel(datetime.fromisoformat(when), tick=True).start()
sys.path[0] = os.getcwd()  # as under -m: the working folder, not tests/, leads the search path
runpy.run_module("readlog", run_name="__main__", alter_sys=True)
