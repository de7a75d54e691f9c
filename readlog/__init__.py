"""readlog: a private, local, fast reading tracker for the terminal."""

__version__ = "0.1.0"
