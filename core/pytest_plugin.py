"""turbine's pytest plugin: fixtures for a game's own test suite.

pytest loads it through the ``pytest11`` entry point of the ``turbine``
distribution, so a plugin author's tests get the fixtures by installing turbine,
as pytest-django's users get theirs; nothing goes in a conftest.  The entry point
is named after this module, so a ``pytest_plugins = ["turbine.core.pytest_plugin"]``
left in a conftest finds it loaded and does not register it a second time, and
``-p no:turbine.core.pytest_plugin`` turns it off.  Only pytest imports this
module: turbine itself never needs pytest.

Fixtures:

* ``turbine_registry`` — the registry of the installed plugins (once per session);
* ``make_game`` — :func:`turbine.core.testing.make_game` bound to that registry:
  ``make_game("sparks", players=3, seed=1, options={...}, expansions=[...])``;
* ``position`` — :func:`turbine.core.testing.position`: ``position(game)`` is the game's
  position builder, whose ``build()`` checks the position and returns the game.

The assertions are plain functions in :mod:`turbine.core.testing`:
``assert_refused``, ``play_until``, ``check_variant``, ``check_bots`` (every registered
bot keeps to the bot contract; ``check_variant`` calls it) and ``check_plugin`` (the
checks a plugin passes when turbine discovers it, on the author's own module).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pytest

from .plugins import Registry, default_registry
from .session import Game
from .testing import make_game as _make_game
from .testing import position as _position


class MakeGame(Protocol):
    """The ``make_game`` fixture: :func:`turbine.core.testing.make_game` without ``registry``."""

    def __call__(self, variant: str, **kwargs: Any) -> Game: ...


@pytest.fixture(scope="session")
def turbine_registry() -> Registry:
    """Every installed turbine plugin (games, expansions, bots), discovered once."""
    return default_registry()


@pytest.fixture
def make_game(turbine_registry: Registry) -> MakeGame:
    """A factory of new games on the installed plugins: ``make_game(variant, players=…, seed=…,
    options=…, expansions=…, bots=…, names=…)``."""

    def factory(variant: str, **kwargs: Any) -> Game:
        kwargs.setdefault("registry", turbine_registry)
        return _make_game(variant, **kwargs)

    return factory


@pytest.fixture
def position() -> Callable[[Game], Any]:
    """``position(game)``: the game's position builder (a chosen position, checked when built)."""
    return _position
