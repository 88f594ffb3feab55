"""turbine.cli: the `turbine` command line (typer + rich)."""
