"""``turbine plugin …``: commands for plugin authors (``turbine plugin new``, ``turbine
plugin check``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from . import output
from .common import CliError, registry
from .completion import complete_plugin, complete_variant

app = typer.Typer(
    name="plugin",
    help="Start a new game or expansion as a package of its own, or check an installed one.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command()
def new(
    name: Annotated[
        str, typer.Argument(help="Distribution name, also the folder (e.g. grid-bonus).", metavar="NAME")
    ],
    expands: Annotated[
        str | None,
        typer.Option(
            "--expands",
            help="Make an expansion of this installed variant.",
            metavar="VARIANT",
            autocompletion=complete_variant,
        ),
    ] = None,
    directory: Annotated[
        Path, typer.Option("--dir", help="Where to create the NAME folder.", metavar="PATH")
    ] = Path("."),
) -> None:
    """Create a plugin package that installs and passes its own tests at once.

    It holds pyproject.toml (with the entry point), the module, an options model,
    one small rule, a README and tests written with turbine's test kit:
    `pip install -e ./NAME && pytest NAME`.
    """
    from .scaffold import plan, write

    planned = plan(name, registry(), expands, directory)
    written = write(planned)
    what = f"an expansion of {expands}" if expands else "a new game"
    output.out.print(Text(f"Created {planned.folder}: {what}, {len(written)} files", style="bold"))
    for path in written:
        output.out.print(Text(f"  {path}"))
    folder = planned.folder.as_posix()
    shown = folder if planned.folder.is_absolute() or folder.startswith(".") else f"./{folder}"
    output.out.print(Text(f"Next: pip install -e {shown} && pytest {shown}"))


@app.command()
def check(
    name: Annotated[
        str,
        typer.Argument(
            help="An installed plugin (see `turbine plugins`), variant or expansion.",
            metavar="NAME",
            autocompletion=complete_plugin,
        ),
    ],
    seeds: Annotated[
        int, typer.Option("--seeds", help="Games per player count (seeds 0, 1, …).", min=1, max=100)
    ] = 2,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="Set up the games with this option, KEY=VALUE (an expansion's: EXPANSION.KEY=VALUE; "
            "repeatable), e.g. map=japan.",
            metavar="KEY=VALUE",
        ),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the outcomes as JSON.")] = False,
) -> None:
    """Run the conformance kit on an installed plugin: its module as turbine loads it, then
    random games of each of its variants at every player count and of each expansion on
    its base game, every action checked against the engine contract, then the bots that
    play them.

    The checks a plugin's tests make with turbine.core.testing.check_plugin and
    check_variant, without a test to write.  Exit code 2 when a check fails, naming the
    first problem of each.
    """
    from .plugin_check import as_json, plan, run, say, with_options

    reg = registry()
    checks = with_options(reg, plan(reg, name), option or [])
    if not json_out:
        games = "seed 0" if seeds == 1 else f"seeds 0–{seeds - 1}"
        heading = (
            f"Checking {name}: random games ({games}), every action against the engine contract, "
            "then the bots"
        )
        for line in output.wrap(heading, output.out.width):
            output.out.print(Text(line, style="bold"), no_wrap=True)
    outcomes = run(reg, checks, seeds, (lambda outcome: None) if json_out else say)
    failed = [o for o in outcomes if o.problem is not None]
    if json_out:
        output.print_json({"name": name, "checks": [as_json(o) for o in outcomes]})
    if failed:
        raise CliError(f"{name}: {len(failed)} of {len(outcomes)} checks failed")
    if not json_out:
        passed = "the check passed" if len(outcomes) == 1 else f"all {len(outcomes)} checks passed"
        output.out.print(Text(f"{name}: {passed}", style="bold green"))
