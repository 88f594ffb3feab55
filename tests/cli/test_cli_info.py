"""``turbine --help``, ``variants``, ``plugins`` and ``schema``."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import needs_sparks

pytest.importorskip(
    "turbine_sparks", reason="install examples/turbine-sparks: pip install -e examples/turbine-sparks"
)
pytestmark = needs_sparks


def test_the_console_script_lists_every_command(tmp_path):
    script = shutil.which("turbine", path=str(Path(sys.executable).parent)) or shutil.which("turbine")
    if script is None:
        pytest.skip("the turbine console script is not installed next to this Python")
    result = subprocess.run([script, "--help"], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    for command in (
        "variants",
        "plugins",
        "new",
        "play",
        "legal",
        "move",
        "show",
        "replay",
        "simulate",
        "bench",
        "schema",
    ):
        assert command in result.stdout


def test_variants_text_and_json(run):
    text = run("variants")
    assert text.returncode == 0, text.stderr
    assert "sparks" in text.stdout and "2–4 players" in text.stdout
    assert "rounds" in text.stdout and "number of rounds" in text.stdout

    result = run("variants", "--json")
    assert result.returncode == 0, result.stderr
    variants = {v["id"]: v for v in json.loads(result.stdout)}
    sparks = variants["sparks"]
    assert sparks["players"] == [2, 4]
    assert sparks["expansions"] == []
    assert "random" in sparks["bots"]
    (rounds,) = sparks["options"]
    assert rounds["name"] == "rounds"
    assert rounds["type"] == "int"
    assert rounds["default"] == 4
    assert (rounds["min"], rounds["max"]) == (1, 10)
    assert rounds["description"] == "number of rounds"


def test_plugins_lists_versions_and_sources(run):
    result = run("plugins")
    assert result.returncode == 0, result.stderr
    assert "sparks" in result.stdout and "turbine-sparks" in result.stdout
    data = json.loads(run("plugins", "--json").stdout)
    names = {p["name"]: p for p in data["plugins"]}
    assert names["sparks"]["version"] == "0.1.0"
    assert names["sparks"]["variants"] == ["sparks"]
    assert isinstance(data["errors"], dict)


def test_schema_is_the_save_file_json_schema(run):
    result = run("schema")
    assert result.returncode == 0, result.stderr
    schema = json.loads(result.stdout)
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert "SaveFile" in schema["$defs"]
    assert "log" in schema["$defs"]["SaveFile"]["properties"]


def test_unknown_command_is_a_usage_error(run):
    result = run("frobnicate")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


def test_plugins_on_a_narrow_terminal_breaks_long_names_and_cuts_none(run):
    """At 60 columns a source such as ``turbine-barrage-grants 0.1.0`` goes on over
    lines rather than ending in ``…`` (rich's default for a word too long for its cell)."""
    result = run("plugins", env={"COLUMNS": "60"})
    assert result.returncode == 0, result.stderr
    assert "…" not in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 60
    lines = result.stdout.splitlines()
    column = lines[0].index("source")
    at = next(i for i, line in enumerate(lines) if line.startswith("barrage_grants "))  # a name stays whole
    source = [line[column : column + 9].strip() for line in lines[at : at + 4]]
    assert "".join(source) == "turbine-barrage-grants0.1.0"


def test_variants_wraps_each_entry_under_its_start(run):
    """At 80 columns a long option's text went on at the left edge, under the names."""
    result = run("variants", env={"COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines and all(len(line) <= 80 for line in lines)
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("intro_columns "))
    text = lines[at].index("list[int]")  # where the option's type and text start
    assert lines[at + 1].startswith(" " * text) and lines[at + 1][text] != " "
    assert not any(line and line[0] != " " and not line.split()[0].isidentifier() for line in lines)
