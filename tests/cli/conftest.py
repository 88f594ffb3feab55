"""Fixtures for the command-line tests: run ``turbine`` as its console script does.

The commands run in the test's process (:func:`cli_helpers.run_cli`), each with
its own streams, environment and working folder, so they see exactly the
installed plugins (``sparks`` must be installed for its entry point to exist:
``pip install -e examples/turbine-sparks``).  tests/cli/test_cli_smoke.py runs
the real process.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import SPARKS_REASON, run_cli, sparks_installed


@pytest.fixture
def run(tmp_path: Path) -> Callable[..., Any]:
    """``run(*args, input=None, tty_check=True)``: the CLI run in ``tmp_path``."""

    def _run(*args: str, **kwargs: Any) -> Any:
        return run_cli(*args, cwd=tmp_path, **kwargs)

    return _run


@pytest.fixture
def new_game(tmp_path: Path) -> Callable[..., Path]:
    """``new_game(name, seats="human,human", moves=(), **options)``: a sparks save in ``tmp_path``.

    Made with the core API, which is what ``turbine new`` does (its own tests run
    the command), so that a test of another command starts from a known save.
    """
    from turbine.cli.common import parse_seats
    from turbine.core import Game, default_registry

    if not sparks_installed():
        pytest.skip(SPARKS_REASON)

    def _new(
        name: str = "game.json", seats: str = "human,human", moves: Sequence[str] = (), **options: Any
    ) -> Path:
        seat_list = parse_seats(seats, None, 2)
        game = Game(
            default_registry(), "sparks", players=len(seat_list), seed=0, options=options, seats=seat_list
        )
        for move in moves:
            game.play(game.find(move))
        path = tmp_path / name
        game.save(str(path))
        return path

    return _new


@pytest.fixture(scope="session")
def finished_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of three finished 3-player sparks bot games (seeds 11–13), made once."""
    if not sparks_installed():
        pytest.skip(SPARKS_REASON)
    folder = tmp_path_factory.mktemp("sims")
    result = run_cli(
        "simulate", "sparks", "--games", "3", "--players", "3", "--seed", "11", "--out", "games", cwd=folder
    )
    assert result.returncode == 0, result.stderr
    return folder / "games"


@pytest.fixture
def finished_game(finished_games: Path, tmp_path: Path) -> Path:
    """A private copy of one finished game (with digest checkpoints) in ``tmp_path``."""
    source = sorted(finished_games.iterdir())[0]
    return Path(shutil.copy(source, tmp_path / "done.json"))
