"""The test kit for plugin authors: ``make_game``, ``assert_refused``, ``play_until`` and the
pytest plugin (``pytest11`` entry point) with the ``turbine_registry`` and ``make_game`` fixtures.

Power Grid's round-1 rule P-4.10 (no pass while a plant is affordable) is the refusal used here.
"""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from turbine.core import IllegalAction, Registry
from turbine.core import pytest_plugin as kit_plugin
from turbine.core.testing import ANY_RULE, FIRST_LEGAL, assert_refused, make_game, play_until


def test_the_pytest_plugin_is_an_entry_point_loaded_once(pytestconfig):
    (entry,) = [
        e for e in importlib.metadata.entry_points(group="pytest11") if e.value == kit_plugin.__name__
    ]
    assert entry.name == kit_plugin.__name__  # so a conftest's pytest_plugins line is a no-op
    manager = pytestconfig.pluginmanager
    assert manager.get_plugin(entry.name) is kit_plugin
    assert [p for p in manager.get_plugins() if p is kit_plugin] == [kit_plugin]


def test_the_kit_does_not_import_pytest():
    """turbine's runtime never needs pytest: only the plugin module imports it."""
    code = "import sys, turbine.core.testing; print('pytest' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_the_fixtures(make_game, turbine_registry):
    assert isinstance(turbine_registry, Registry)
    game = make_game("power_grid", players=3, seed=2, options={"map": "japan"})
    assert (game.players, game.seed, game.options["map"]) == (3, 2, "japan")
    assert game.registry is turbine_registry
    assert [seat.kind for seat in game.seats] == ["human"] * 3
    fewest = make_game("power_grid", bots="random")
    assert fewest.players == turbine_registry.variant("power_grid").min_players
    assert {seat.kind for seat in fewest.seats} == {"random"}
    assert [seat.name for seat in fewest.seats] == ["Random bot 1", "Random bot 2"]  # as turbine new says


def test_make_game_names_the_players_for_a_test_of_texts(make_game):
    """``names`` seat by seat, the rest named as ``turbine new`` names them; the rules'
    texts then use them (:meth:`Rules.player_name`)."""
    game = make_game("power_grid", players=3, names=["Anna", "[b]Ben"])
    assert [seat.name for seat in game.seats] == ["Anna", "[b]Ben", "Player 3"]
    assert [game.rules.player_name(s) for s in range(3)] == ["Anna", "[b]Ben", "Player 3"]
    assert game.rules.player(1) == "\\[b]Ben"
    assert game.rules.player_name(-1) == "Seat 0"  # no seat: not the last one's name


def test_a_foreign_suite_gets_the_fixtures_without_a_conftest(tmp_path: Path):
    """As a plugin author's package does; and a conftest that names the plugin anyway
    does not register it twice."""
    (tmp_path / "test_foreign.py").write_text(
        textwrap.dedent(
            """
            from turbine.core.testing import assert_refused

            def test_fixtures(make_game, turbine_registry):
                game = make_game("power_grid", players=4, seed=1)
                assert "power_grid" in turbine_registry.variants
                assert_refused(game, "pass", rule="P-4.10")
            """
        )
    )
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_foreign.py"]
    alone = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert alone.returncode == 0, alone.stdout + alone.stderr
    assert "1 passed" in alone.stdout
    (tmp_path / "conftest.py").write_text('pytest_plugins = ["turbine.core.pytest_plugin"]\n')
    named = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert named.returncode == 0, named.stdout + named.stderr
    assert "1 passed" in named.stdout


# -- assert_refused ------------------------------------------------------------------------------


def test_assert_refused_returns_the_refusal_and_checks_the_rule():
    """P-4.10: in round 1 a seat that can afford a plant may not pass."""
    game = make_game("power_grid", players=4, seed=1)
    refusal = assert_refused(game, "pass", rule="P-4.10", reason="every player must buy a plant")
    assert isinstance(refusal, IllegalAction)
    assert refusal.rule == "P-4.10"
    assert game.log == []
    assert_refused(game, "pass")  # any rule
    assert_refused((game.rules, game.state), "pass", rule="P-4.10")  # rules and state alone
    action = game.rules.read_action("pass")
    assert assert_refused(game, action, rule="P-4.10").reason == refusal.reason


@pytest.mark.parametrize(
    ("move", "rule", "reason", "message"),
    [
        ("pass", "P-9.9", "", "citing 'P-4.10', not 'P-9.9'"),
        ("pass", None, "", "citing 'P-4.10', not None"),
        ("pass", ANY_RULE, "a reason it does not give", "which lacks 'a reason it does not give'"),
        ("fly away", ANY_RULE, "", "does not read as a move of this game"),
    ],
)
def test_assert_refused_fails_on_another_refusal(move, rule, reason, message):
    game = make_game("power_grid", players=4, seed=1)
    with pytest.raises(AssertionError, match=message):
        assert_refused(game, move, rule, reason=reason)


def test_assert_refused_fails_on_a_legal_move():
    game = make_game("power_grid", players=4, seed=1)
    legal = game.rules.describe(game.legal()[0])
    with pytest.raises(AssertionError, match="is a legal move now"):
        assert_refused(game, legal)
    assert game.log == []


# -- play_until ----------------------------------------------------------------------------------


def test_play_until_stops_where_the_predicate_first_holds():
    game = make_game("power_grid", players=3, seed=5)
    played = play_until(game, lambda g: g.rules.round_number(g.state) == 2, bots="random")
    assert played == len(game.log) > 0
    assert game.rules.round_number(game.state) == 2
    assert play_until(game, lambda g: True) == 0


def test_play_until_takes_a_kind_per_seat_and_defaults_the_rest():
    """``{0: "random"}`` names a kind for seat 1 only: seat 2 plays as it would by default
    (the game's own bot, else random), the same moves as with ``{0: "random", 1: "random"}``."""
    games = [make_game("power_grid", players=2, seed=3) for _ in range(2)]
    play_until(games[0], lambda g: len(g.log) == 30, bots={0: "random"})
    play_until(games[1], lambda g: len(g.log) == 30, bots={0: "random", 1: "random"})
    assert [e.notation for e in games[0].log] == [e.notation for e in games[1].log]


def test_play_until_with_one_bot_for_every_seat_is_repeatable():
    first, second = (make_game("power_grid", players=2, seed=3) for _ in range(2))
    for game in (first, second):
        play_until(game, lambda g: len(g.log) == 30, bots=FIRST_LEGAL)
    assert [e.notation for e in first.log] == [e.notation for e in second.log]
    by_hand = make_game("power_grid", players=2, seed=3)
    for _ in range(30):
        by_hand.play(by_hand.legal()[0])
    assert [e.notation for e in by_hand.log] == [e.notation for e in first.log]


def test_play_until_fails_when_the_game_ends_or_the_limit_passes():
    game = make_game("power_grid", players=2, seed=4)
    with pytest.raises(AssertionError, match="within 5 moves"):
        play_until(game, lambda g: False, limit=5)
    assert len(game.log) == 5
    with pytest.raises(AssertionError, match="the game ended"):
        play_until(game, lambda g: False, bots="random")
    assert game.is_over
