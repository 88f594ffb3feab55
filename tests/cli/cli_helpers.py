"""Helpers of the command-line tests (fixtures are in conftest.py)."""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest


def sparks_installed() -> bool:
    """True when the ``sparks`` entry point is installed (not only importable)."""
    eps = importlib.metadata.entry_points(group="turbine.plugins")
    return any(ep.name == "sparks" for ep in eps)


SPARKS_REASON = "install examples/turbine-sparks: pip install -e examples/turbine-sparks"
needs_sparks = pytest.mark.skipif(not sparks_installed(), reason=SPARKS_REASON)


def run_cli(
    *args: str, cwd: Path, input: str | None = None, tty_check: bool = True, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m turbine.cli ARGS`` in ``cwd``; stdin is ``input`` or empty (never a terminal)."""
    env = {k: v for k, v in os.environ.items() if k != "TURBINE_NO_TTY_CHECK"}
    env["COLUMNS"] = "120"
    env["NO_COLOR"] = "1"
    if not tty_check:
        env["TURBINE_NO_TTY_CHECK"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "turbine.cli", *args],
        cwd=cwd,
        input=input,
        stdin=None if input is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )


def read_json(path: Path) -> Any:
    return json.loads(path.read_text())


def assert_one_line_error(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    """Exit code 2 and a single error line on stderr, without a traceback."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("turbine: error: "), result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    for fragment in fragments:
        assert fragment.lower() in lines[0].lower(), (fragment, lines[0])
