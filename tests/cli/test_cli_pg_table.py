"""Power Grid at the table through the command line: a view with an argument
(``show --view "connections CITY"``) and the standing order ``bid up to N`` in the
play loop (P-4.5), driven in-process with a scripted input."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from cli_helpers import assert_one_line_error, run_cli
from rich.console import Console
from turbine.cli import screen
from turbine.cli.common import parse_seats
from turbine.cli.play import PlaySession
from turbine.core import Game, default_registry
from turbine.core.bots import seat_bot


def _game(path: Path, seats: str = "human,human,human") -> Game:
    """Russia with three seats; Seat 3 chooses first (seed 0), then Seat 1, then Seat 2 bid."""
    seat_list = parse_seats(seats, None, 3)
    game = Game(default_registry(), "power_grid", players=3, seed=0, seats=seat_list)
    game.save(str(path))
    return game


def _play(path: Path, game: Game, lines: list[str], terminal: bool = False) -> str:
    """Run ``turbine play``'s loop on ``game`` with ``lines`` as input (on a console that is
    a terminal or not); what it printed."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, force_terminal=terminal, color_system=None)
    session = PlaySession(path, game)
    session.console = console
    session.announcer = screen.Announcer(game, console)
    script = iter(lines)
    session.read = lambda prompt: next(script, None)  # type: ignore[method-assign]
    session.run()
    return buffer.getvalue()


def test_a_terminal_is_told_which_bot_is_thinking_after_the_move_before_is_said(tmp_path):
    """A search bot may think for seconds: the terminal says who, on a line that goes
    when the bot's move is announced; the player's own move is said first."""
    path = tmp_path / "g.json"
    game = _game(path, "human,greedy,human")
    out = _play(path, game, ["auction 4 bid 4", "drop", "quit"], terminal=True)
    said = out.index("Seat 1 · Player 1: drop out")
    thinking = out.index("Seat 2 · Greedy bot 2 is thinking…")
    assert said < thinking < out.index("Seat 2 · Greedy bot 2: ")
    piped = _play(
        tmp_path / "p.json", _game(tmp_path / "p.json", "human,greedy,human"), ["auction 4 bid 4", "drop"]
    )
    assert "Seat 2 · Greedy bot 2: " in piped and "is thinking" not in piped  # no terminal, no such line


def test_bot_with_only_a_seat_number_says_how_to_name_the_bot(tmp_path):
    """``bot 2`` read 2 as a bot's name and said only that no bot '2' plays the game."""
    path = tmp_path / "g.json"
    game = _game(path)
    out = _play(path, game, ["bot 2", "quit"])
    assert (
        "no bot '2' plays Power Grid: Russia & Japan; bots: greedy, mcts, random "
        "('bot 2 greedy' hands seat 2 to one)"
    ) in " ".join(out.split())
    assert game.log == []


def test_hint_says_the_move_a_bot_would_make_from_the_seat_s_view_and_plays_nothing(tmp_path):
    """Seat 3 asks twice (the same position, the same hint), then names mcts and a bot that
    does not exist; nothing is played and the save is as it was."""
    path = tmp_path / "g.json"
    game = _game(path)
    before = path.read_bytes()
    greedy = seat_bot(game.registry.bot("greedy", "power_grid"), game.rules, 2, game.seed)
    expected = greedy.choose(game.state, game.legal())
    number = game.legal().index(expected) + 1
    out = _play(path, game, ["hint", "hint", "hint MCTS", "hint wizard", "quit"])
    said = f"greedy would play {number}. {game.rules.choice_text(game.state, expected)}"
    assert out.count(said) == 2
    assert re.search(r"mcts would play \d+\. (auction|pass)", out)
    assert "no bot 'wizard' plays Power Grid: Russia & Japan; bots: greedy, mcts, random" in out
    assert game.log == [] and path.read_bytes() == before


def test_hint_asks_greedy_where_the_game_has_it_else_the_first_bot_that_is_not_random():
    from turbine.cli.common import CliError, hint_bot
    from turbine.core.bots import RandomBot
    from turbine.core.specs import BotSpec

    game = Game(default_registry(), "power_grid", players=2, seed=0)
    installed = game.registry
    aardvark = BotSpec("aardvark", RandomBot, variants=("power_grid",))
    game.registry = installed.with_bots({**installed.bots, "aardvark": [aardvark]})
    assert hint_bot(game) == "greedy" and hint_bot(game, "Aardvark") == "aardvark"
    game.registry = installed.with_bots({"random": installed.bots["random"], "aardvark": [aardvark]})
    assert hint_bot(game) == "aardvark"
    anyone = BotSpec("aaa", RandomBot)  # plays every game, and sorts first: the game's own comes first
    others = {name: specs for name, specs in installed.bots.items() if name != "greedy"}
    game.registry = installed.with_bots({**others, "aaa": [anyone], "aardvark": [aardvark]})
    assert hint_bot(game) == "aardvark"
    game.registry = installed.with_bots({"random": installed.bots["random"]})
    with pytest.raises(CliError, match=r"^no bot that gives hints plays Power Grid: Russia & Japan \(only a"):
        hint_bot(game)


def test_a_bot_that_fails_gives_no_hint_and_says_why():
    from turbine.cli.common import CliError, ask_hint
    from turbine.core.specs import BotSpec

    class Crashy:
        def __init__(self, rules, seat, seed):
            self.seat = seat

        def choose(self, view, legal):
            raise ValueError(f"out of ideas for seat {self.seat + 1}")

    game = Game(default_registry(), "power_grid", players=2, seed=0)
    crashy = BotSpec("crashy", Crashy, variants=("power_grid",))
    game.registry = game.registry.with_bots({**game.registry.bots, "crashy": [crashy]})
    with pytest.raises(CliError, match=r"^crashy gives no hint here: .*ValueError: out of ideas for seat 1"):
        ask_hint(game, "crashy")
    assert game.log == []


def _log(path: Path) -> list[tuple[int, str]]:
    return [(e["seat"], e["notation"]) for e in json.loads(path.read_text())["log"]]


def test_bid_up_to_bids_one_above_the_others_until_the_limit_then_asks(tmp_path):
    """P-4.5: Seat 1's order bids 5 and then 8, each logged as its own bid; when Seat 3
    reaches 9, the limit, the order ends and Seat 1 is asked again, told why."""
    path = tmp_path / "g.json"
    game = _game(path)
    assert game.to_move == 2
    out = _play(
        path,
        game,
        ["auction 4 bid 4", "bid up to 9", "bid 6", "bid 7", "drop", "bid 9", "drop", "quit"],
    )
    assert _log(path) == [
        (2, "auction 4 bid 4"),
        (0, "bid 5"),  # the order: one above the 4
        (1, "bid 6"),
        (2, "bid 7"),
        (0, "bid 8"),  # the order again, without asking
        (1, "drop out"),
        (2, "bid 9"),
        (0, "drop out"),  # typed: the order had ended at its limit
    ]
    assert "Seat 1 · Player 1: bid 5 (order: bid up to 9)" in out
    assert "Seat 1 · Player 1: bid 8 (order: bid up to 9)" in out
    said = out.index("Seat 1 · Player 1: your limit of 9 is reached: plant 4 is at 9 (Player 3)")
    asked = out.index(
        "Seat 1 · Player 1: bid on plant 4 (highest bid 9 by Player 3) or drop out (P-4.5)", said
    )
    assert said < asked
    # the screen offers the order with the moves while Seat 1 is asked to bid
    assert "bid up to N — bid for you, one above the others, up to N (P-4.5)" in out
    assert "Player 3 buys plant 4 (2 coal → 1 city) for 9 Elektro" in out
    assert run_cli("replay", "g.json", "--verify", cwd=tmp_path).returncode == 0


def test_an_order_ends_with_the_auction_it_won(tmp_path):
    """The others drop out: Seat 1 buys at its order's last bid and the order ends."""
    path = tmp_path / "g.json"
    game = _game(path)
    out = _play(path, game, ["auction 4 bid 4", "bid up to 20", "bid 6", "drop", "drop", "quit"])
    assert _log(path) == [
        (2, "auction 4 bid 4"),
        (0, "bid 5"),
        (1, "bid 6"),
        (2, "drop out"),
        (0, "bid 7"),
        (1, "drop out"),
    ]
    assert "Player 1 buys plant 4 (2 coal → 1 city) for 7 Elektro" in out
    assert "Seat 1 · Player 1: 'bid up to 20' is done: the auction for plant 4 is over" in out


def test_an_order_that_cannot_stand_is_refused_and_changes_nothing(tmp_path):
    """A limit below the lowest bid, above the money, or outside a bidding war is refused
    in one line with the rule; nothing is played."""
    path = tmp_path / "g.json"
    game = _game(path)
    out = _play(path, game, ["bid up to 20", "auction 4 bid 4", "bid up to 4", "bid up to 51", "quit"])
    assert _log(path) == [(2, "auction 4 bid 4")]
    lines = out.splitlines()
    assert any(re.search(r"'bid up to N' answers a running auction .* \[P-4\.5\]$", line) for line in lines)
    assert any(
        line.endswith(
            "the lowest bid for plant 4 is 5 (highest bid 4 by Player 3): a limit of 4 allows no bid [P-4.5]"
        )
        for line in lines
    )
    assert any(line.endswith("you have 50 Elektro: you cannot bid up to 51 [P-4.4]") for line in lines)


def test_an_order_answers_bots_at_once(tmp_path):
    """With bots the order answers each raise as it comes, without asking: Seat 1 opens
    the cheapest plant, and once a bot outbids it gives ``bid up to 30``; every bid of
    the order is in the log, one above the bid before it (P-4.5), none above 30."""
    path = tmp_path / "g.json"
    game = _game(path, "human,greedy,greedy")
    typed: list[str] = []

    def read(prompt: str) -> str | None:
        pending = game.state.flow.pending
        if pending and pending[-1].kind == "bid" and "bid up to 30" not in typed:
            typed.append("bid up to 30")
        elif not typed and game.rules.describe(game.legal()[0]).startswith("auction"):
            typed.append(game.rules.describe(game.legal()[0]))  # the cheapest plant at its number
        else:
            return None  # leave: saved
        return typed[-1]

    buffer = io.StringIO()
    session = PlaySession(path, game)
    session.console = Console(file=buffer, width=100, force_terminal=False, color_system=None)
    session.announcer = screen.Announcer(game, session.console)
    session.read = read  # type: ignore[method-assign]
    session.run()
    out = buffer.getvalue()
    assert "bid up to 30" in typed, out
    log = _log(path)
    ordered = [i for i, (seat, n) in enumerate(log) if seat == 0 and n.startswith("bid ")]
    assert ordered, out
    for i in ordered:
        before = int(log[i - 1][1].split()[-1])  # the raise it answers, just before it
        assert log[i][1] == f"bid {before + 1}" and before + 1 <= 30
        assert f"Seat 1 · Player 1: bid {before + 1} (order: bid up to 30)" in out
    assert "Seat 1 · Player 1: 'bid up to 30' is done" in out or "your limit of 30 is reached" in out


def test_show_view_takes_an_argument_and_refuses_an_unknown_city_in_one_line(tmp_path):
    """``turbine show FILE --view "connections CITY"``: the view with the seat to move's
    costs; an unknown city is an exit-2 error of one line naming the close matches."""
    _game(tmp_path / "pg.json")
    shown = run_cli("show", "pg.json", "--view", "connections St. Petersburg", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "St Petersburg (pink): no house · next space 10" in shown.stdout
    assert re.search(r"  Moscow +10 · no house · 10 \(first city, P-6\.4\)", shown.stdout)
    assert_one_line_error(
        run_cli("show", "pg.json", "--view", "connections Moskva", cwd=tmp_path), "did you mean Moscow"
    )


def test_play_takes_a_view_with_its_argument(tmp_path):
    """In ``turbine play``: ``view connections CITY`` and ``connections CITY`` show the view;
    an unknown city is one line naming the close ones; ``view`` alone names the views.
    Nothing is played."""
    path = tmp_path / "g.json"
    game = _game(path)
    out = _play(
        path, game, ["view Connections moscow", "connections Moskva", "connections pink", "view", "quit"]
    )
    assert _log(path) == []
    assert "Power Grid: Russia & Japan · connections moscow" in out
    assert re.search(r"\n  St Petersburg +10 · no house · 10 \(first city, P-6\.4\)\n", out)
    assert "'Moskva' is no city or region of Russia; did you mean Moscow" in out
    assert "\n    inside: Ryazan 3, Tula 3, Yaroslavl 3, Nizhny Novgorod 7, St Petersburg 10\n" in out
    assert "views: map, connections, market, resources, players" in out


def test_undo_names_the_other_person_whose_move_drew_a_card(tmp_path, monkeypatch):
    """Two people at one terminal: the move that brought something hidden to light was the
    other person's, and the refusal called it 'your move'."""
    path = tmp_path / "g.json"
    game = _game(path)
    opener = game.to_move
    game.play(game.find("auction 3 bid 3"))
    monkeypatch.setattr(Game, "first_reveal", lambda self, start, people: start)  # as if it drew a card
    out = " ".join(_play(path, game, ["undo", "quit"]).split())
    mover = f"Seat {opener + 1} · Player {opener + 1}"
    assert f"Cannot undo: the move of {mover} 'auction 3 bid 3' brought hidden information to light" in out
    assert len(game.log) == 1
