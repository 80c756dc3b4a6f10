"""Benchmarks: they print figures and assert nothing.  Run each from the
repository root as a module, ``.venv/bin/python -m bench.<name> --help``
(bench/README.md)."""
