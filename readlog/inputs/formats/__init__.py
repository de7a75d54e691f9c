"""One module per input format, all with the same two functions (see inputs/detect.py)."""
