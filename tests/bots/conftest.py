"""Fixtures of the bot and simulation tests: the installed games' registry, and the
command line run in this process on it."""

from __future__ import annotations

import pytest
from turbine.cli import app as cli_app
from turbine.core import default_registry


@pytest.fixture(scope="module")
def registry():
    return default_registry()


@pytest.fixture
def cli(monkeypatch, registry):
    """``cli_app.main`` runs on ``registry``, with the plugins' commands already added."""
    monkeypatch.setattr(cli_app, "_plugin_commands_added", True)
    monkeypatch.setattr(cli_app, "registry", lambda: registry)
