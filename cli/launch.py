"""The ``turbine`` entry point: answers ``turbine --version`` before importing the app.

Importing :mod:`turbine.cli.app` brings in typer, rich, pydantic, msgspec and the
core, which takes most of a second on a busy machine; a version check (which
shell scripts and packagers run often) needs none of it.  Every other command
line goes to :func:`turbine.cli.app.main` unchanged.
"""

from __future__ import annotations

import os
import sys

DISTRIBUTION = "turbine-games"
"""The name turbine is installed under (as :data:`turbine.core.session.DISTRIBUTION`, which
this module does not import: ``--version`` answers before the core loads)."""
DIST_INFO_NAME = DISTRIBUTION.replace("-", "_")
"""Its ``.dist-info`` folder's name before the version (wheel names use ``_``)."""


def main(argv: list[str] | None = None) -> None:
    """Run the command line (see :func:`turbine.cli.app.main`)."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["--version"]:
        sys.stdout.write(f"turbine {_version()}\n")
        sys.exit(0)
    from turbine.cli.app import main as app_main

    app_main(argv)


def _version() -> str:
    """The installed distribution's version, as ``turbine.core.session.turbine_version``
    reports it (a test keeps the two in step).

    The ``turbine_games-VERSION.dist-info`` folder is looked up along ``sys.path`` in the
    order :mod:`importlib.metadata` uses, which itself costs more to import than
    the rest of this answer; anything unusual falls back to it.
    """
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            stem, dot, suffix = name.rpartition(".")
            if suffix == "dist-info" and dot and stem.rpartition("-")[0] == DIST_INFO_NAME:
                version = _metadata_version(os.path.join(entry or ".", name, "METADATA"))
                if version:
                    return version
    import importlib.metadata

    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:  # running from a source tree
        return "0+unknown"


def _metadata_version(path: str) -> str | None:
    """The ``Version:`` header of a METADATA file (``None`` if unreadable)."""
    try:
        with open(path, encoding="utf-8") as metadata:
            for line in metadata:
                if not line.strip():
                    break  # the headers end at the first blank line
                if line.startswith("Version:"):
                    return line.partition(":")[2].strip()
    except OSError:
        return None
    return None
