"""The command line as a click command, for the documentation site's command reference
(``docs/commands.md``, drawn by mkdocs-click): every built-in command with its arguments
and options, from the same definitions ``turbine COMMAND --help`` shows.

Only the docs build imports it; the console script builds its commands at launch.
"""

from __future__ import annotations

import typer

from .app import app

turbine = typer.main.get_command(app)
