"""Linters in the test command: Ruff's pyflakes rules (F: undefined
names, unused imports and variables, repeated keys, ...) over the server,
the tests and the benchmarks; ESLint's recommended rules over companion/static/
(eslint.config.mjs; ESLint pinned in package.json, installed by
scripts/setup).  Line length and style are not enforced yet (the code
keeps ~110-character lines)."""
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


def test_static_passes_eslint():
    eslint = ROOT / "node_modules" / ".bin" / "eslint"
    assert eslint.exists(), "ESLint is missing: scripts/setup installs it (npm ci)"
    answer = subprocess.run([str(eslint), "--max-warnings", "0", "companion/static"], cwd=ROOT,
                            capture_output=True, text=True)
    assert answer.returncode == 0, answer.stdout + answer.stderr
