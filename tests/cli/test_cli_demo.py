"""`turbine demo`: the quick start's bot game, with a result and a replayable save."""

from __future__ import annotations

import re

from cli_helpers import needs_sparks, read_json, run_cli
from turbine.cli.demo import pick_variant
from turbine.core import Registry, VariantSpec, bots


@needs_sparks
def test_demo_plays_to_the_end_and_leaves_a_verified_save(tmp_path):
    """Sparks has no greedy bot: its own, thrifty, plays (a random bot is no demo of a game)."""
    result = run_cli("demo", "sparks", "--players", "3", "--out", "d.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Sparks: 3 thrifty bots, seed " in result.stdout
    assert "Winner" in result.stdout and "after round 4, " in result.stdout
    assert re.search(r"after round 4, [a-zA-Z ]+: \d+ \([^)]+\), \d+ \(", result.stdout)  # whose score
    assert "moves saved to d.json" in result.stdout
    replay = run_cli("replay", "d.json", "--verify", cwd=tmp_path)
    assert replay.returncode == 0, replay.stderr


def test_default_demo_variant_is_the_highest_priority(registry):
    from turbine.core import PluginInfo, hookimpl
    from turbine_sparks.plugin import SparksOptions, SparksRules

    class Showcase:
        PLUGIN_INFO = PluginInfo("showcase", "1")

        @hookimpl
        def turbine_variants(self):
            return [VariantSpec("zz_show", "Show", 2, 4, SparksOptions, SparksRules, demo_priority=5)]

    assert pick_variant(registry, None) == "sparks"
    assert pick_variant(Registry([("core", bots), ("showcase", Showcase())]), None) == "zz_show"


@needs_sparks
def test_demo_refuses_human_seats_and_unknown_bots_in_one_line(tmp_path):
    """A demo is bots only: ``--bots human`` and a bot the game lacks are bad input (exit 2),
    refused before any game is played or saved."""
    from cli_helpers import assert_one_line_error

    assert_one_line_error(
        run_cli("demo", "sparks", "--bots", "human", cwd=tmp_path), "demo plays bots in every seat"
    )
    assert_one_line_error(run_cli("demo", "sparks", "--bots", "nosuch", cwd=tmp_path), "no bot 'nosuch'")
    assert not (tmp_path / "demo.json").exists()


def test_demo_with_an_expansion_plays_it_and_saves_it(tmp_path):
    result = run_cli(
        "demo", "barrage", "--with", "leeghwater", "--players", "2", "--out", "lw.json", cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert "Barrage with The Leeghwater Project: 2 greedy bots" in result.stdout
    assert "Winner" in result.stdout
    save = read_json(tmp_path / "lw.json")
    assert save["expansions"] == ["leeghwater"]
    replay = run_cli("replay", "lw.json", "--verify", cwd=tmp_path)
    assert replay.returncode == 0, replay.stderr


@needs_sparks
def test_a_terminal_sees_the_bot_that_thinks_during_a_demo(tmp_path, monkeypatch):
    """On a terminal the demo keeps one line saying whose bot thinks, in which round; the
    game ends as in a pipe."""
    import io
    import re

    from rich.console import Console
    from turbine.cli import output
    from turbine.cli.demo import run_demo
    from turbine.core import default_registry

    buffer = io.StringIO()
    monkeypatch.setattr(output, "out", Console(file=buffer, force_terminal=True, width=100))
    game = run_demo(default_registry(), "sparks", 2, 0, "random", tmp_path / "d.json")
    assert game.is_over and (tmp_path / "d.json").is_file()
    assert re.search(r"round \d · Seat \d · Random bot \d is thinking…", buffer.getvalue())


@needs_sparks
def test_a_game_past_its_decision_bound_names_the_bound_and_keeps_the_save(run, monkeypatch, tmp_path):
    """'did not end within 3 decisions' named neither the game's code nor the bound."""
    from turbine_sparks.game import SparksRules

    monkeypatch.setattr(SparksRules, "decision_bound", lambda self: 3)
    result = run("demo", "sparks", "--out", "d.json")
    assert result.returncode == 2
    assert result.stderr.strip().endswith(
        "the game did not end within 3 decisions, the bound its rules give "
        "(SparksRules.decision_bound()); saved to d.json"
    )
    assert len(read_json(tmp_path / "d.json")["log"]) == 3


def test_demo_takes_the_variant_s_options_and_the_bots_options_as_new_does(tmp_path):
    """``-o KEY=VALUE`` sets the game's option (said in the heading, kept in the save);
    ``--bot-option`` sets the seated bots'; a bad option is one line, exit 2, nothing saved."""
    from cli_helpers import assert_one_line_error

    result = run_cli(
        "demo", "barrage", "-p", "2", "-o", "mode=intro", "-o", "reward_red_frame=false", cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert "Barrage (mode=intro, reward_red_frame=false): 2 greedy bots, seed 1" in result.stdout
    options = read_json(tmp_path / "demo.json")["options"]
    assert options["mode"] == "intro" and options["reward_red_frame"] is False
    assert_one_line_error(
        run_cli("demo", "barrage", "-o", "mode=nope", "--out", "bad.json", cwd=tmp_path), "option mode"
    )
    assert_one_line_error(
        run_cli(
            "demo", "barrage", "-b", "mcts", "--bot-option", "mcts.nope=1", "--out", "bad.json", cwd=tmp_path
        ),
        "nope",
    )
    assert not (tmp_path / "bad.json").exists()


@needs_sparks
def test_demo_names_its_bots_as_new_does(tmp_path):
    """``MCTS bot 1`` as `new` names it (the demo wrote ``Mcts bot 1``)."""
    from turbine.cli.demo import run_demo
    from turbine.core import default_registry

    game = run_demo(
        default_registry(), "sparks", 2, 0, "mcts", tmp_path / "d.json", bot_options=["mcts.iterations=5"]
    )
    assert [seat.name for seat in game.seats] == ["MCTS bot 1", "MCTS bot 2"]
