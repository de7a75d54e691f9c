"""The version, in a module of its own that imports nothing.

``readlog.__version__`` re-exports it; the User-Agent and ``--version`` read
it from here, so that neither imports the package root (which holds the
Python API and so, lazily, the core): no import loop.
"""

__version__ = "0.1.0"
