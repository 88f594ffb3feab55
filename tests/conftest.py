"""Shared fixtures: a registry holding the core plugin and the example game.

The example third-party plugin (examples/turbine-sparks) is installed by
``.ci/run``; when running from a bare checkout it is imported from its folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

try:
    import turbine_sparks  # noqa: F401
except ImportError:  # not installed: use the source folder
    sys.path.insert(0, str(ROOT / "examples" / "turbine-sparks"))


@pytest.fixture(scope="session")
def registry():
    from turbine.core import Registry, bots
    from turbine_sparks import plugin as sparks

    return Registry([("core", bots), ("sparks", sparks)])
