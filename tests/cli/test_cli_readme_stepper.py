"""The README's stepper example is what ``turbine replay`` shows for ``turbine demo``'s game.

The example cuts the boards out (``…``); every other line must appear, in order, in
what the stepper prints for the moves typed at its prompts."""

from __future__ import annotations

import re
from pathlib import Path

from cli_helpers import run_cli

README = Path(__file__).parents[2] / "README.md"
BLOCK = re.compile(r"The `demo.json` of `turbine demo`, the board cut out:\n\n```text\n(.*?)```", re.S)
PROMPT = re.compile(r"^(\[\d+/\d+\] >) ?(.*)$")


def test_the_readme_stepper_example_is_what_the_stepper_shows(tmp_path):
    match = BLOCK.search(README.read_text(encoding="utf-8"))
    assert match, "the README's stepper example is missing"
    lines = match[1].splitlines()
    typed = [m[2] for line in lines if (m := PROMPT.match(line))]
    assert run_cli("demo", cwd=tmp_path).returncode == 0
    shown = run_cli(
        "replay", "demo.json", "--step", "--width", "100", cwd=tmp_path, input="\n".join(typed) + "\n"
    )
    assert shown.returncode == 0, shown.stderr
    out = iter(shown.stdout.replace(" > ", " >\n").splitlines())
    for line in lines:
        if line == "…":
            continue
        expected = m[1] if (m := PROMPT.match(line)) else line
        assert any(got.rstrip() == expected for got in out), f"not shown (in this order): {expected!r}"
