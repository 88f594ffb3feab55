"""Helpers of the command-line tests (fixtures are in conftest.py).

:func:`run_cli` runs the command line in the test's own process, as a new process
would see it: its own stdin, stdout and stderr, the environment the subprocess
runner sets, the working folder, the exit status the interpreter would give, and
the command line's module state as a fresh import leaves it.  Starting Python and
importing the games for every command was most of the suite's time.
:func:`run_cli_process` runs the real ``python -m turbine.cli`` for the few tests
about the process itself (tests/cli/test_cli_smoke.py and the terminal tests).
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import io
import json
import os
import subprocess
import sys
import traceback
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from turbine.cli import app as cli_app
from turbine.cli import launch, output
from typer.testing import CliRunner


def sparks_installed() -> bool:
    """True when the ``sparks`` entry point is installed (not only importable)."""
    eps = importlib.metadata.entry_points(group="turbine.plugins")
    return any(ep.name == "sparks" for ep in eps)


SPARKS_REASON = "install examples/turbine-sparks: pip install -e examples/turbine-sparks"
needs_sparks = pytest.mark.skipif(not sparks_installed(), reason=SPARKS_REASON)

COLUMNS = "120"
"""The terminal width every command sees (``COLUMNS``), in or out of process."""


def cli_environment(tty_check: bool, env: Mapping[str, str] | None = None) -> dict[str, str | None]:
    """The environment variables a command runs with, over the test's own (``None``:
    removed): a 120-column terminal without colour, the ``play`` terminal check on
    unless ``tty_check`` is false, and the test's own ``env``."""
    return {
        "COLUMNS": COLUMNS,
        "NO_COLOR": "1",
        "TURBINE_NO_TTY_CHECK": None if tty_check else "1",
        **(env or {}),
    }


def run_cli_process(
    *args: str,
    cwd: Path,
    input: str | None = None,
    tty_check: bool = True,
    env: Mapping[str, str] | None = None,
    timeout: float = 60,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m turbine.cli ARGS`` in ``cwd``; stdin is ``input`` or empty (never a terminal)."""
    environ = dict(os.environ)
    for name, value in cli_environment(tty_check, env).items():
        if value is None:
            environ.pop(name, None)
        else:
            environ[name] = value
    return subprocess.run(
        [sys.executable, "-m", "turbine.cli", *args],
        cwd=cwd,
        input=input,
        stdin=None if input is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=environ,
        timeout=timeout,
    )


def run_cli(
    *args: str,
    cwd: Path,
    input: str | None = None,
    tty_check: bool = True,
    env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``turbine ARGS`` in this process, in ``cwd``, with stdin ``input`` (or empty,
    never a terminal): what :func:`run_cli_process` would return, without starting Python.

    The streams and the environment are swapped by click's ``CliRunner.isolation``
    (a pipe-like stdin, stdout written strictly and stderr with backslash escapes, as
    the interpreter opens them for a pipe); the command is :func:`turbine.cli.launch.main`,
    the console script's own entry point, so its exit codes and one-line errors are
    those of the real command.  An exception it lets out is what the interpreter
    would make of it: a traceback on stderr and exit status 1.
    """
    runner = CliRunner()
    with (
        contextlib.chdir(cwd),
        _fresh_cli_state(),
        runner.isolation(input=input, env=cli_environment(tty_check, env)) as (stdout, stderr, _),
    ):
        try:
            try:
                launch.main(list(args))
                code = 0  # returning is exiting normally
            except SystemExit as exc:
                code = _exit_status(exc.code)
            except Exception:
                traceback.print_exc()
                code = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        return subprocess.CompletedProcess(
            ["turbine", *args], code, _decoded(stdout.getvalue()), _decoded(stderr.getvalue())
        )


def _exit_status(code: object) -> int:
    """The status the interpreter exits with for ``sys.exit(code)``: ``None`` is 0, a
    number is kept to its low byte, anything else is printed on stderr and is 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code % 256
    sys.stderr.write(f"{code}\n")
    return 1


def _decoded(data: bytes) -> str:
    """``data`` read as :func:`subprocess.run` with ``text=True`` reads a pipe: UTF-8,
    any ``\\r\\n`` or ``\\r`` read as ``\\n``."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", newline=None).read()


_BUILTIN_COMMANDS = list(cli_app.app.registered_commands)
"""The app's commands before any plugin's are added (this module is imported before
any test runs)."""

_FRESH_GLOBALS: Mapping[str, Any] = {
    "_plugin_commands_added": lambda: False,
    "plugin_command_problems": list,
}
"""Module state of :mod:`turbine.cli.app` a run changes, as a fresh import has it."""


@contextlib.contextmanager
def _fresh_cli_state() -> Iterator[None]:
    """The command line's module state as a new process starts with it (no plugin
    command added yet, the consoles made by the command itself), and the test's own
    state back afterwards, so that one run does not leak into the next."""
    commands = cli_app.app.registered_commands
    saved_commands = list(commands)
    saved = {name: getattr(cli_app, name) for name in _FRESH_GLOBALS if hasattr(cli_app, name)}
    consoles = (output.out, output.err)
    commands[:] = _BUILTIN_COMMANDS
    for name in saved:
        setattr(cli_app, name, _FRESH_GLOBALS[name]())
    try:
        yield
    finally:
        commands[:] = saved_commands
        for name, value in saved.items():
            setattr(cli_app, name, value)
        output.out, output.err = consoles


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
