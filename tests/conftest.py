"""Shared fixtures: a registry holding the core plugin and the example game.

The example third-party plugin (examples/turbine-sparks) is installed by
``.ci/run``; when running from a bare checkout it is imported from its folder.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

try:
    import turbine_sparks  # noqa: F401
except ImportError:  # not installed: use the source folder
    sys.path.insert(0, str(ROOT / "examples" / "turbine-sparks"))


@pytest.fixture(scope="session", autouse=True)
def _temporary_files_stay_in_the_test_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """What the code under test writes to the system's temporary folder (a failed bot
    game's position, a benchmark's save) goes under pytest's own folder, which pytest
    clears, in this process and in the commands it starts."""
    folder = str(tmp_path_factory.mktemp("tempfiles"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TMPDIR", folder)
        patch.setattr(tempfile, "tempdir", folder)
        yield


@pytest.fixture(scope="session")
def registry():
    from turbine.core import Registry, bots
    from turbine_sparks import plugin as sparks

    return Registry([("core", bots), ("sparks", sparks)])
