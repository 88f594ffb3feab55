"""Robust bots: the table reports a bot that raises, answers an illegal move or runs
over its budget, naming the bot, its seat, the seed and the move; the conformance kit
checks every registered bot keeps to the contract."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from bots_helpers import boom, failing, not_a_move, registry_with
from turbine.core import BotSpec, Game, Seat, savefile
from turbine.core.bots import BotFailure, SeatBot
from turbine.core.testing import ConformanceError, check_bots, check_variant


def seat_of(registry, kind: str, *, seed: int = 0) -> tuple[Game, SeatBot]:
    game = Game(registry, "sparks", players=2, seed=seed, seats=[Seat("a", kind), Seat("b", "random")])
    return game, game.make_bots()[0]


def test_a_bot_that_raises_is_reported_by_name_and_seat():
    registry = registry_with(BotSpec("crashy", failing(1, boom)))
    game, bot = seat_of(registry, "crashy")
    with pytest.raises(BotFailure) as caught:
        bot.choose(game.state, game.legal())
    failure = caught.value
    assert (failure.bot, failure.seat) == ("crashy", 0)
    assert str(failure) == "bot 'crashy' at seat 1 raised RuntimeError: boom"
    assert isinstance(failure.__cause__, RuntimeError)


def test_an_illegal_answer_is_refused_before_it_reaches_the_game():
    registry = registry_with(BotSpec("liar", failing(1, not_a_move)))
    game, bot = seat_of(registry, "liar")
    before = game.rules.digest(game.state)
    with pytest.raises(
        BotFailure, match="bot 'liar' at seat 1 answered 'not a move', which is not a legal move"
    ):
        bot.choose(game.state, game.legal())
    assert game.rules.digest(game.state) == before and game.log == []


def test_a_bot_over_its_time_budget_fails():
    class Slow:
        def __init__(self, rules: Any, seat: int, seed: int) -> None:
            self.seat = seat

        def choose(self, view: Any, legal: list[Any]) -> Any:
            time.sleep(0.05)
            return legal[0]

    registry = registry_with(BotSpec("slow", Slow))
    game = Game(registry, "sparks", players=2, seed=0, seats=[Seat("a", "slow"), Seat("b", "slow")])
    patient = game.make_bots()[0]
    assert patient.choose(game.state, game.legal()) == game.legal()[0]  # no budget: no limit
    hurried = game.make_bots(seconds=0.01)[0]
    with pytest.raises(
        BotFailure, match=r"bot 'slow' at seat 1 took .* s to decide, over its budget of 0.01 s"
    ):
        hurried.choose(game.state, game.legal())


def test_a_bot_cannot_spoil_the_game_s_legal_list():
    class Sorter:
        def __init__(self, rules: Any, seat: int, seed: int) -> None:
            self.seat = seat

        def choose(self, view: Any, legal: list[Any]) -> Any:
            legal.reverse()  # scribbles on the list it is given
            return legal.pop()

    registry = registry_with(BotSpec("sorter", Sorter))
    game, bot = seat_of(registry, "sorter")
    legal = game.legal()
    kept = list(legal)
    assert bot.choose(game.state, legal) == kept[0]
    assert legal == kept


# -- the conformance kit -----------------------------------------------------------------------------


def test_check_variant_checks_every_registered_bot(registry):
    report = check_variant("sparks", players=[2], seeds=[0], registry=registry)
    assert report.bots == ["mcts", "random", "thrifty"]


def kit_refuses(bot: type, match: str) -> None:
    registry = registry_with(BotSpec("suspect", bot, variants=("sparks",)))
    with pytest.raises(ConformanceError, match=match):
        check_bots("sparks", players=2, bots=["suspect"], registry=registry)


def test_kit_catches_a_bot_that_changes_its_view():
    class Scribbler:
        def __init__(self, rules: Any, seat: int, seed: int) -> None:
            self.seat = seat

        def choose(self, view: Any, legal: list[Any]) -> Any:
            view.players[0].coins += 1
            return legal[0]

    kit_refuses(Scribbler, r"bot 'suspect', sparks 2p seed 0, decision 0 .*: the bot changed the view")


def test_kit_catches_a_bot_that_changes_the_legal_list():
    class Popper:
        def __init__(self, rules: Any, seat: int, seed: int) -> None:
            self.seat = seat

        def choose(self, view: Any, legal: list[Any]) -> Any:
            return legal.pop()

    kit_refuses(Popper, "the bot changed the legal list it was given")


def test_kit_catches_a_bot_that_changes_the_game_s_options():
    """A bot is given the game's rules: options it changes change the game of every seat
    (and a replay of its log, played by the options saved, goes another way)."""

    class Meddler:
        def __init__(self, rules: Any, seat: int, seed: int) -> None:
            self.rules = rules

        def choose(self, view: Any, legal: list[Any]) -> Any:
            self.rules.options.rounds = 1
            return legal[0]

    kit_refuses(Meddler, "the bot changed the game's options")


def test_kit_catches_an_illegal_answer_and_a_raising_bot():
    kit_refuses(
        failing(3, not_a_move), r"decision 4 .*the bot answered 'not a move', which is not a legal move"
    )
    kit_refuses(failing(2, boom), "the bot raised RuntimeError: boom")


def test_kit_catches_a_bot_that_does_not_repeat_itself():
    class Fickle:
        games = 0

        def __init__(self, rules: Any, seat: int, seed: int) -> None:
            if seat == 0:
                type(self).games += 1

        def choose(self, view: Any, legal: list[Any]) -> Any:
            return legal[type(self).games % len(legal)]  # depends on how many games came before

    kit_refuses(Fickle, "the same seed gave .* on a second run")


def test_kit_passes_the_built_in_bots_of_every_game():
    """The bots of Power Grid and Barrage (and Leeghwater's values for Barrage's greedy bot)
    keep to the contract, each checked in a whole game (the search bot, which plays every
    game, is checked at a small budget in tests/core/test_mcts.py)."""
    games = check_bots("power_grid", players=3, seed=1, bots=["greedy", "random"])
    assert games == ["greedy", "random"]
    games = check_bots("barrage", players=2, seed=1, expansions=["leeghwater"], bots=["greedy", "random"])
    assert games == ["greedy", "random"]


# -- simulate reports a failing bot -----------------------------------------------------------------


def run(registry, kind: str, *, jobs: int = 1, games: int = 4, out_dir=None, seed: int = 10):
    from turbine.cli.simulate import run_simulation

    return run_simulation(
        registry,
        "sparks",
        games=games,
        seats=[Seat("a", "random"), Seat("b", kind)],
        seed=seed,
        options={},
        expansions=[],
        jobs=jobs,
        out_dir=out_dir,
    )


@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_names_the_failing_bot_and_keeps_its_position(tmp_path, jobs):
    from turbine.cli.simulate import exit_code

    registry = registry_with(BotSpec("crashy", failing(5, boom, seeds=(11, 13))))
    summary = run(registry, "crashy", jobs=jobs, out_dir=tmp_path)
    assert summary["finished"] == 2  # the other games are kept
    assert [(e["seed"], e["bot"], e["seat"]) for e in summary["errors"]] == [
        (11, "crashy", 2),
        (13, "crashy", 2),
    ]
    first = summary["errors"][0]
    assert first["error"] == "raised RuntimeError: boom"
    assert first["save"] == str(tmp_path / "failed-game-0002-seed11.json")
    assert exit_code(summary) == 2
    # the save is the game just before the failing decision, and loads
    game = Game.load(registry, first["save"])
    assert len(game.log) == first["decisions"] and game.seed == 11
    assert game.to_move == 1 and game.seats[1].kind == "crashy"
    # and the failure is reproducible: that seed alone fails at the same move
    (again,) = run(registry, "crashy", games=1, seed=11)["errors"]
    assert (again["decisions"], again["where"]) == (first["decisions"], first["where"])


def test_simulate_keeps_a_failed_position_without_out(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where the new folder goes
    registry = registry_with(BotSpec("liar", failing(2, not_a_move)))
    summary = run(registry, "liar", games=1)
    (entry,) = summary["errors"]
    assert entry["error"] == "answered 'not a move', which is not a legal move"
    assert Path(entry["save"]).parent.parent == tmp_path
    loaded = savefile.load(entry["save"])
    assert loaded.seed == 10 and len(loaded.log) == entry["decisions"]


def test_a_game_whose_rules_raise_is_an_internal_error(monkeypatch):
    from turbine.cli.simulate import exit_code
    from turbine_sparks.game import SparksRules

    original = SparksRules.perform

    def broken(self, state, action):
        if state.flow.round == 2:
            raise KeyError("rules bug")
        original(self, state, action)

    monkeypatch.setattr(SparksRules, "perform", broken)
    registry = registry_with()
    summary = run(registry, "random", games=2)
    assert [e["error"] for e in summary["errors"]] == ["KeyError: 'rules bug'"] * 2
    assert "bot" not in summary["errors"][0] and "round 2" in summary["errors"][0]["where"]
    assert exit_code(summary) == 1


def test_a_worker_that_dies_is_named_and_the_other_games_are_kept():
    from bots_helpers import die_in_a_worker

    registry = registry_with(BotSpec("doomed", failing(3, die_in_a_worker, seeds=(12,))))
    summary = run(registry, "doomed", jobs=2, games=6)
    assert summary["finished"] == 5
    assert summary["errors"] == [
        {
            "game": 3,  # from 1, as the text and the file names count: seed 10 is game 1
            "seed": 12,
            "decisions": 0,
            "error": "the worker process playing it died",
            "where": "",
        }
    ]


def test_a_bot_failing_at_the_table_is_one_line_and_the_game_is_kept(monkeypatch, capsys, tmp_path):
    """``turbine move``: the human's move is played, the bot that fails after it is named with
    the move and the seed (exit code 2), and the file holds the game up to that move."""
    from turbine.cli import app as cli_app
    from turbine.cli import common

    registry = registry_with(BotSpec("crashy", failing(1, boom)))
    monkeypatch.setattr(cli_app, "_plugin_commands_added", True)
    monkeypatch.setattr(cli_app, "registry", lambda: registry)
    monkeypatch.setattr(common, "registry", lambda: registry)  # what loads the save
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_info:
        cli_app.main(["new", "sparks", "--seats", "human,crashy", "--seed", "4", "--out", "g.json"])
    assert exit_info.value.code == 0
    game = Game.load(registry, "g.json")
    human = game.to_move
    assert human == 0
    move = game.rules.describe(game.legal()[0])
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_info:
        cli_app.main(["move", "g.json", move])
    err = capsys.readouterr().err.strip().splitlines()
    assert exit_info.value.code == 2 and len(err) == 1
    assert err[0].startswith("turbine: error: bot 'crashy' at seat 2 raised RuntimeError: boom, at move 2 (")
    assert err[0].endswith("of the game of seed 4")
    kept = Game.load(registry, "g.json")
    assert [entry.notation for entry in kept.log] == [move] and kept.to_move == 1
