"""Ruff's pyflakes rules (F: undefined names, unused imports and
variables, repeated keys, ...) over the server, the tests and the
benchmarks, in the test command.  Line length and style are not enforced
yet (the code keeps ~110-character lines); ESLint for static/ is not here
yet either."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_python_passes_ruffs_pyflakes_rules():
    ruff = Path(sys.executable).with_name("ruff")
    answer = subprocess.run([str(ruff), "check", "--select", "F", "--output-format", "concise",
                             "companion", "tests", "bench"], cwd=ROOT, capture_output=True, text=True)
    assert answer.returncode == 0, answer.stdout + answer.stderr
