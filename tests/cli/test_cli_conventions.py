"""Command-line conventions: shell completion from the registry, flags shown as flags,
expansion options that need ``--with``, and ``legal`` at the end of a game."""

from __future__ import annotations

import re
import types
from pathlib import Path

import pytest
from cli_helpers import assert_one_line_error, needs_sparks, run_cli
from turbine.cli import completion
from turbine.cli.common import CliError, parse_options
from turbine.core import default_registry
from turbine.core.session import options_model


def ctx(**params: object) -> types.SimpleNamespace:
    """A stand-in for click's context: only the values parsed so far are read."""
    return types.SimpleNamespace(params=params)


def test_variant_completion_lists_the_installed_variants():
    reg = default_registry()
    assert completion.complete_variant("") == sorted(reg.variants)
    assert completion.complete_variant("bar") == ["barrage"]
    assert completion.complete_variant("nothing") == []


def test_expansion_completion_follows_the_variant():
    reg = default_registry()
    assert completion.complete_expansion(ctx(), "") == sorted(reg.expansions)
    assert completion.complete_expansion(ctx(variant="barrage"), "lee") == ["leeghwater"]
    assert "leeghwater" not in completion.complete_expansion(ctx(variant="power_grid"), "")


def test_bot_completion_follows_the_variant_and_completes_a_comma_list():
    reg = default_registry()
    assert completion.complete_bot(ctx(), "") == sorted(reg.bots)
    assert completion.complete_bot(ctx(variant="power_grid"), "") == sorted(reg.bots_for("power_grid"))
    assert completion.complete_bot(ctx(variant="power_grid"), "random,ra") == ["random,random"]
    assert "human" not in completion.complete_bot(ctx(), "")
    assert completion.complete_seat(ctx(), "human,hu") == ["human,human"]


def test_option_completion_gives_variant_and_expansion_keys():
    reg = default_registry()
    keys = completion.complete_option(ctx(variant="barrage"), "")
    assert "mode=" in keys
    leeghwater = reg.expansions["leeghwater"].options
    assert leeghwater is not None
    assert {f"leeghwater.{name}=" for name in leeghwater.model_fields} <= set(keys)
    assert all(
        k.startswith("leeghwater.") for k in completion.complete_option(ctx(variant="barrage"), "leeg")
    )
    power_grid = completion.complete_option(ctx(variant="power_grid"), "")
    assert {f"{name}=" for name in reg.variants["power_grid"].options.model_fields} <= set(power_grid)
    assert not any(k.startswith("leeghwater.") for k in power_grid)


def complete(words: str, cword: int, tmp_path: Path) -> list[str]:
    """What bash completion offers, through the command's entry point (click's protocol:
    the shell runs ``turbine`` with these variables set and no arguments)."""
    env = {"_TURBINE_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    result = run_cli(cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_the_shell_sees_the_completions(tmp_path):
    assert complete("turbine new bar", 2, tmp_path) == ["barrage"]
    assert "leeghwater" in complete("turbine new barrage --with ", 4, tmp_path)
    assert "mode=" in complete("turbine simulate barrage --option mo", 4, tmp_path)


def test_completion_script_is_shown(run):
    # typer takes the shell named here only with its detection switched off; otherwise it asks
    # shellingham for the parent shell, which a test run without a terminal may not have
    result = run("--show-completion", "bash", env={"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"})
    assert result.returncode == 0, result.stderr
    assert "_TURBINE_COMPLETE=complete_bash" in result.stdout


def test_version_is_shown_as_a_flag(run):
    result = run("--help")
    line = next(line for line in result.stdout.splitlines() if "--version" in line)
    assert "<bool>" not in line and "Print the version" in line


@pytest.mark.parametrize(
    ("command", "flags", "valued"),
    [
        (
            ("bench",),
            {"--json": "Machine-readable", "--help": "Show this message"},
            {"--players": "<int>", "--option": "KEY=VALUE"},
        ),
        (
            (),
            {
                "--version": "Print",
                "--install-completion": "Install",
                "--show-completion": "Show",
                "--help": "Show",
            },
            {},
        ),
        (("plugin", "check"), {"--json": "Print the outcomes"}, {"--option": "KEY=VALUE"}),
    ],
)
def test_help_shows_no_value_beside_a_flag(run, command, flags, valued):
    """A flag takes no value: typer's help gave it its type (``--json <bool>``, also on
    the options typer makes itself), while an option with a value keeps its metavar."""
    result = run(*command, "--help", env={"COLUMNS": "100"})
    assert result.returncode == 0, result.stderr
    assert "<bool>" not in result.stdout
    rows = {line.split()[1]: line for line in result.stdout.splitlines() if line.startswith("│ -")}
    for flag, help_text in flags.items():  # the names, then the help: nothing between
        assert re.match(rf"│ {flag}( +-\w)? +{help_text}", rows[flag]), rows[flag]
    for option, metavar in valued.items():
        assert re.match(rf"│ {option} +-\w +{re.escape(metavar)} ", rows[option]), rows[option]


def test_the_flag_override_is_applied_once():
    from turbine.cli import flaghelp
    from typer.core import TyperOption

    applied = TyperOption.display_type_rich
    flaghelp.show_flags_without_metavar()
    assert TyperOption.display_type_rich is applied


def test_help_paragraphs_are_wrapped_to_the_terminal(run):
    """A docstring's own line breaks would leave a one-word line where a line is wider
    than the terminal: each paragraph is wrapped as one."""
    result = run("play", "--help", env={"COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert "3 back to a person ('help' lists every command). Needs a terminal (a program" in lines
    assert "that drives it through a pipe sets TURBINE_NO_TTY_CHECK=1)." in lines
    from turbine.cli.app import app, reflow_help

    reflow_help(app)
    for info in app.registered_commands:
        assert all("\n" not in paragraph for paragraph in (info.help or "").split("\n\n")), info.name


def test_an_expansion_option_without_its_expansion_says_to_add_with(run):
    reg = default_registry()
    with pytest.raises(CliError, match="add --with leeghwater"):
        parse_options(options_model(reg, "barrage"), ["leeghwater.anything=1"])
    assert_one_line_error(
        run("new", "barrage", "--out", "g.json", "--option", "leeghwater.anything=1"), "add --with leeghwater"
    )


def test_an_option_of_an_expansion_that_is_not_installed_names_the_expansion_not_with(run):
    """``--with nosuch -o nosuch.x=1`` said "add --with nosuch", which was given: the
    expansion is refused first, as without the option (unknown, or of another game)."""
    assert_one_line_error(
        run("new", "power_grid", "--out", "g.json", "--with", "nosuch", "-o", "nosuch.x=1"),
        "unknown expansion 'nosuch' for power_grid; available:",
    )
    assert_one_line_error(
        run("new", "power_grid", "--out", "g.json", "--with", "leeghwater", "-o", "leeghwater.x=1"),
        "expansion 'leeghwater' is for barrage, not power_grid",
    )


def test_variants_describes_barrage_default_as_the_full_game():
    spec = default_registry().variants["barrage"]
    assert spec.options().mode == "full"  # B-1.3: the default the description must match
    assert "full game" in spec.description
    assert "mode=intro" in spec.description


@needs_sparks
def test_legal_on_a_finished_game_says_it_is_over(run, tmp_path):
    assert run("simulate", "sparks", "-n", "1", "--out", "games").returncode == 0
    (save,) = (tmp_path / "games").glob("*.json")
    result = run("legal", str(save))
    assert result.returncode == 0, result.stderr
    assert "the game is over" in result.stdout
    assert "No legal move starts with" not in result.stdout
