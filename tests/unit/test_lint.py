"""Linters in the test command: Ruff's default rules (E4, E7, E9, F:
imports at the top, no bare except or lambda assignment, syntax, undefined
names, unused imports and variables, repeated keys, ...) over the server,
the tests, the benchmarks and the scripts; ESLint's recommended rules over companion/static/
(eslint.config.mjs; ESLint pinned in package.json, installed by
scripts/setup).  Line length and style are not enforced yet (the code
keeps ~110-character lines)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_python_passes_ruffs_default_rules():
    ruff = Path(sys.executable).with_name("ruff")
    answer = subprocess.run([str(ruff), "check", "--select", "E4,E7,E9,F", "--output-format", "concise",
                             "companion", "tests", "bench", "scripts", "setup.py"], cwd=ROOT, capture_output=True, text=True)
    assert answer.returncode == 0, answer.stdout + answer.stderr


def test_static_passes_eslint():
    eslint = ROOT / "node_modules" / ".bin" / "eslint"
    assert eslint.exists(), "ESLint is missing: scripts/setup installs it (npm ci)"
    answer = subprocess.run([str(eslint), "--max-warnings", "0", "companion/static"], cwd=ROOT,
                            capture_output=True, text=True)
    assert answer.returncode == 0, answer.stdout + answer.stderr
