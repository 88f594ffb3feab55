"""The documentation pages of the example plugins (``docs/examples/*.md``): every
``turbine`` command their shell blocks show runs, as written, and exits 0.

The pages include the examples' own files (``--8<--``), so their code is what the
example tests install and run; these are the commands around it.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).parents[2] / "docs"
SH_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.M | re.S)
PACKAGE = re.compile(r"pip install \./examples/turbine-([\w-]+)")


def _page_text(page: Path) -> str:
    """The page with its included README (the Grant Office's page is that README)."""
    text = page.read_text(encoding="utf-8")
    for included in re.findall(r'^--8<-- "(.+\.md)"$', text, re.M):
        text += (DOCS.parent / included).read_text(encoding="utf-8")
    return text


def _commands(text: str) -> list[list[list[str]]]:
    """The ``turbine …`` commands of each line of the shell blocks (one after the
    other, as ``&&`` runs them), as their arguments."""
    found = []
    for block in SH_BLOCK.findall(text):
        for line in block.splitlines():
            parts = [shlex.split(part, comments=True) for part in line.split("&&")]
            if turbine := [words[1:] for words in parts if words[:1] == ["turbine"]]:
                found.append(turbine)
    return found


PAGES = sorted(DOCS.glob("examples/*.md"))
CASES = [(page, line) for page in PAGES for line in _commands(_page_text(page))]


def test_every_example_page_shows_how_to_install_and_run_it():
    assert [p.stem for p in PAGES] == ["barrage-grants", "grid-subsidy", "sparks"]
    for page in PAGES:
        text = _page_text(page)
        assert PACKAGE.search(text), page.name
        assert _commands(text), page.name


@pytest.mark.parametrize(
    ("page", "line"), CASES, ids=[f"{p.stem}: {' && '.join(' '.join(a) for a in c)}" for p, c in CASES]
)
def test_example_page_command_runs(page: Path, line: list[list[str]], tmp_path: Path):
    match = PACKAGE.search(_page_text(page))
    assert match
    package = "turbine_" + match[1].replace("-", "_")
    if importlib.util.find_spec(package) is None:
        pytest.skip(f"the example is not installed: pip install ./examples/turbine-{match[1]}")
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "TURBINE_NO_TTY_CHECK": "1"}
    for args in line:  # `turbine play` reads its moves from stdin: it is told to quit
        done = subprocess.run(
            [sys.executable, "-m", "turbine.cli", *args],
            cwd=tmp_path,
            input="quit\n",
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
        assert done.returncode == 0, (args, done.stderr)
