"""The application layer: every operation as plain values in, result values out.

Nothing here prints, asks or imports a face (cli, render, triage) or a UI library."""
