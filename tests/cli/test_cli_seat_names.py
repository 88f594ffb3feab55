"""``turbine play``'s prompt: a seat's name follows a handover when no one chose it
(``bot 2 mcts``, ``human 2``), a slip of a command or a move's first word gets a
suggestion, and the seats a tournament sets up are named as ``turbine new`` names them."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console
from turbine.cli import screen
from turbine.cli.common import did_you_mean
from turbine.cli.games import Plan
from turbine.cli.play import PlaySession
from turbine.core import Game, Seat, default_registry


def _session(path: Path, seats: list[Seat], variant: str = "power_grid", **options: str) -> PlaySession:
    """A play session on a new game of ``variant`` (Power Grid: three seats, seat 3 to move
    first), saved at ``path``, printing to a console of 100 columns read by :func:`_said`."""
    game = Game(default_registry(), variant, players=len(seats), seed=0, seats=seats, options=options)
    game.save(str(path))
    session = PlaySession(path, game)
    session.console = Console(file=io.StringIO(), width=100, color_system=None)
    session.announcer = screen.Announcer(game, session.console)
    return session


def _said(session: PlaySession, line: str) -> list[str]:
    """What the session printed for the typed ``line``."""
    buffer = session.console.file
    assert isinstance(buffer, io.StringIO)
    buffer.seek(0)
    buffer.truncate()
    session.handle(line)
    return buffer.getvalue().splitlines()


def _saved_names(path: Path) -> list[str]:
    return [seat["name"] for seat in json.loads(path.read_text())["seats"]]


# -- a seat's name through handovers -----------------------------------------------------


def test_a_seat_keeps_its_name_through_handovers(tmp_path):
    """A seat is one player's place in the game: its moves before a handover are its own
    player's (the log notes the others' moves ``(by mcts)``), so its name stays, a default
    one too; the line says who plays it now."""
    path = tmp_path / "g.json"
    session = _session(path, [Seat("Anna"), Seat("Greedy bot 2", "greedy"), Seat("Player 3")])
    assert _said(session, "bot 1 mcts") == ["Seat 1 · Anna is now played by the mcts bot."]
    assert _said(session, "bot 2 mcts") == ["Seat 2 · Greedy bot 2 is now played by the mcts bot."]
    assert _said(session, "human 1") == ["Seat 1 · Anna is now played by a person."]
    assert _said(session, "bot 3 random")[0] == "Seat 3 · Player 3 is now played by the random bot."
    assert _saved_names(path) == ["Anna", "Greedy bot 2", "Player 3"]


def test_a_refused_handover_changes_nothing(tmp_path):
    path = tmp_path / "g.json"
    session = _session(path, [Seat("Player 1"), Seat("Greedy bot 2", "greedy"), Seat("Player 3")])
    before = path.read_bytes()
    assert _said(session, "bot 2 greedy") == ["Seat 2 · Greedy bot 2 is already played by the greedy bot."]
    assert _said(session, "bot 2 thrifty") == [
        "no bot 'thrifty' plays Power Grid: Russia & Japan; bots: greedy, mcts, random"
    ]
    assert [seat.name for seat in session.game.seats] == ["Player 1", "Greedy bot 2", "Player 3"]
    assert path.read_bytes() == before


def test_a_tournament_names_its_bots_in_their_display_form():
    plan = Plan("power_grid", seed=0, players=3, rotation=("mcts", "greedy", "random"))
    assert plan.seats_for(1) == [
        Seat("Greedy bot 1", "greedy"),
        Seat("Random bot 2", "random"),
        Seat("MCTS bot 3", "mcts"),
    ]


# -- did you mean ------------------------------------------------------------------------


def test_a_slip_of_a_moves_first_word_is_put_right_in_the_suggestion(tmp_path):
    path = tmp_path / "g.json"
    session = _session(path, [Seat("Ann"), Seat("Bob")], "barrage", mode="intro")
    before = path.read_bytes()
    assert _said(session, "plase WM1L") == [
        "'plase WM1L' is not a legal move now; did you mean 'place WM1L'?"
    ]
    assert session.game.log == [] and path.read_bytes() == before


def test_a_slip_of_a_command_is_put_right_and_nothing_is_played(tmp_path):
    path = tmp_path / "g.json"
    session = _session(path, [Seat("Ann"), Seat("Bob"), Seat("Cy")])
    assert _said(session, "hlep") == ["'hlep' is not a legal move now; did you mean 'help'?"]
    assert _said(session, "bto 2 mcts") == [
        "'bto 2 mcts' is not a legal move now; did you mean 'bot 2 mcts'?"
    ]
    assert _said(session, "mrket") == ["'mrket' is not a legal move now; did you mean 'market'?"]  # a view
    assert _said(session, "acution 3 bid 3") == [
        "'acution 3 bid 3' is not a legal move now; did you mean 'auction 3 bid 3'?"
    ]
    assert _said(session, "zzz") == ["'zzz' is not a legal move now; type 'moves' to list them"]
    assert session.game.log == [] and session.game.seats[1].player == "human"


def test_the_suggestion_leaves_alone_a_word_that_starts_a_command_or_a_move():
    words = ["help", "place", "bank"]
    assert did_you_mean("pla", words) is None  # cut short: the game says which moves it could mean
    assert did_you_mean("help me", words) is None
    assert did_you_mean("bnak 3", words) == "bank 3"
    assert did_you_mean("  PLACE  ", words) is None
    assert did_you_mean("", words) is None


def test_a_slip_where_the_bots_stop_gets_a_suggestion_too(tmp_path):
    path = tmp_path / "g.json"
    session = _session(path, [Seat("Ann"), Seat("Bob"), Seat("Cy")])
    buffer = session.console.file
    assert isinstance(buffer, io.StringIO)
    lines = iter(["hlep", "quit"])
    session.read = lambda prompt: next(lines, None)  # type: ignore[method-assign]
    assert session.watch_on() == "quit"
    said = buffer.getvalue().splitlines()
    assert said[0] == (
        "Every seat is a bot: Enter watches on; 'human N', 'log', 'board' or 'quit'. Did you mean 'help'?"
    )
