"""Allow ``python -m readlog``."""

from readlog.cli import main

if __name__ == "__main__":
    main()
