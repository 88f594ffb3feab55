"""``turbine --help``, ``variants``, ``plugins`` and ``schema``."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import assert_one_line_error, needs_sparks

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
    assert "number of rounds" not in text.stdout  # the options are in the one variant's listing
    full = run("variants", "sparks")
    assert full.returncode == 0, full.stderr
    assert "rounds" in full.stdout and "number of rounds" in full.stdout

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


def test_variants_is_a_short_table_ending_with_how_to_see_one_in_full(run):
    """Two lines a variant (id, name, players and option count; expansions and bots under
    the name), in 80 columns, and the command that lists one variant's options."""
    result = run("variants", env={"COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    infos = json.loads(run("variants", "--json").stdout)
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert len(lines) == 2 * len(infos) + 2
    assert lines[-2:] == ["", f"A variant's options in full: turbine variants {infos[0]['id']}"]
    heads, details = lines[0:-2:2], lines[1:-2:2]
    assert [head.split()[0] for head in heads] == [info["id"] for info in infos]
    name_column = len(max((info["id"] for info in infos), key=len)) + 2
    assert {head.index(info["name"]) for head, info in zip(heads, infos, strict=True)} == {name_column}
    under = " " * name_column
    assert all(detail.startswith((under + "expansions: ", under + "bots: ")) for detail in details)
    at = [info["id"] for info in infos].index("sparks")
    assert heads[at].split() == ["sparks", "Sparks", "2–4", "players", "1", "option"]
    assert details[at].strip() == f"bots: {', '.join(infos[at]['bots'])}"
    barrage = [info["id"] for info in infos].index("barrage")
    assert heads[barrage].split()[-2:] == [str(len(infos[barrage]["options"])), "options"]
    assert details[barrage].strip().startswith("expansions: ") and "leeghwater" in details[barrage]


def test_variants_of_one_variant_lists_it_in_full(run):
    result = run("variants", "sparks", env={"COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    bots = ", ".join(json.loads(run("variants", "sparks", "--json").stdout)["bots"])
    assert result.stdout.splitlines() == [
        "sparks  Sparks · 2–4 players · bid for generators, turn output into points",
        "  options (--option NAME=VALUE):",
        "    rounds  int, default 4; min 1 · max 10 — number of rounds",
        f"  bots: {bots}",
    ]
    assert "sparks" not in run("variants", "barrage").stdout.splitlines()[0]  # that variant alone


def test_variants_json_of_one_variant_is_its_entry_of_the_list(run):
    every = {v["id"]: v for v in json.loads(run("variants", "--json").stdout)}
    for variant in ("sparks", "barrage"):
        result = run("variants", variant, "--json")
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout) == every[variant]


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("barrag", ["unknown variant 'barrag' (did you mean 'barrage'?); installed: barrage, "]),
        ("leeghwater", ["'leeghwater' is an expansion of the variant 'barrage', not a variant"]),
    ],
)
@pytest.mark.parametrize("json_flag", [(), ("--json",)])
def test_variants_of_an_unknown_variant_is_one_line_with_what_is_installed(run, typed, said, json_flag):
    result = run("variants", typed, *json_flag)
    assert_one_line_error(result, *said)
    assert result.stdout == ""


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
    result = run("variants", "barrage", env={"COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines and all(len(line) <= 80 for line in lines)
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("intro_columns "))
    text = lines[at].index("list[int]")  # where the option's type and text start
    assert lines[at + 1].startswith(" " * text) and lines[at + 1][text] != " "
    assert not any(line and line[0] != " " and not line.split()[0].isidentifier() for line in lines)
