"""``turbine plugin …``: commands for plugin authors (``turbine plugin new``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from . import output
from .common import registry
from .completion import complete_variant

app = typer.Typer(
    name="plugin",
    help="Start a new game or expansion as a package of its own.",
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
        output.out.print(f"  {path}")
    folder = planned.folder.as_posix()
    shown = folder if planned.folder.is_absolute() or folder.startswith(".") else f"./{folder}"
    output.out.print(f"Next: pip install -e {shown} && pytest {shown}")
