"""Allow ``python -m readlog``."""

from readlog.cli import entry

if __name__ == "__main__":
    entry()
