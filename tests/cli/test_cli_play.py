"""``turbine play`` driven through stdin (the terminal check turned off)."""

from __future__ import annotations

import re

import pytest
from cli_helpers import assert_one_line_error, needs_sparks, read_json

pytest.importorskip(
    "turbine_sparks", reason="install examples/turbine-sparks: pip install -e examples/turbine-sparks"
)
pytestmark = needs_sparks


def test_play_refuses_stdin_that_is_not_a_terminal(run, new_game):
    path = new_game()
    before = path.read_bytes()
    assert_one_line_error(run("play", path.name), "terminal")
    assert path.read_bytes() == before


def test_play_moves_undo_save_quit(run, new_game, tmp_path):
    path = new_game("g.json", "human,random")
    script = "\n".join(
        [
            "help",
            "open 2",
            "zzz",
            "moves",
            "board",
            "undo",
            "log",
            "save copy.json",
            "save no/such/dir.json",
            "open 1",
            "quit",
            "open 5",
        ]
    )
    result = run("play", path.name, input=script + "\n", tty_check=False)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Round 1/4" in out  # the game's own board
    assert "1–10. open 1…10" in out and "11. pass" in out  # numbered moves, runs folded
    assert "Seat 1 · Player 1 to move" in out
    assert "undo" in out and "quit" in out  # help
    assert "Seat 1 · Player 1: open 2" in out
    assert "Seat 2 · Random bot 2:" in out  # the bot's answer is announced
    assert "'zzz' is not a legal move" in out  # and the game asks again
    assert "Taken back: open 2 · " in out  # the move, and the bot's answer after it
    assert "Saved a copy to copy.json" in out
    assert "cannot write no/such/dir.json" in out  # said, and the game goes on
    assert "Saved to g.json" in out
    log = read_json(path)["log"]
    assert log[0]["notation"] == "open 1"  # 'open 2' was undone; nothing after 'quit' was played
    assert log[1]["seat"] == 1
    assert all(e["notation"] != "open 5" for e in log)
    assert read_json(tmp_path / "copy.json")["log"] == []  # the copy was made right after the undo
    assert run("replay", "copy.json", "--verify").returncode == 0


def test_save_file_keeps_another_game_and_refreshes_a_copy_of_this_one(run, new_game, tmp_path):
    """``save FILE`` over another saved game is refused, even one of the same variant, seed
    and names with other options, or this game further on (moves would be lost); over a
    copy of this game made earlier it writes the copy anew; ``--force`` replaces; ``save``
    of the file being played is a save."""
    path = new_game("g.json", "human,random")
    other = new_game("other.json", "human,random", rounds=3)  # the same seed and seats, other options
    ahead = new_game("ahead.json", "human,random", moves=["open 2", "bid 3"])
    swapped = new_game("swapped.json", "random,human")  # the same options, other seats
    kept = [file.read_bytes() for file in (other, ahead, swapped)]
    typed = ["save copy.json", "open 2", "save other.json", "save ahead.json", "save swapped.json"]
    script = "\n".join([*typed, "save copy.json", "save g.json", "quit", ""])
    result = run("play", path.name, input=script, tty_check=False)
    assert result.returncode == 0, result.stderr
    said = " ".join(result.stdout.split())
    assert "other.json holds another saved game (or this one further on); save to another file" in said
    assert "ahead.json holds another saved game" in said and "swapped.json holds another saved game" in said
    assert "Saved to g.json. Seat" in said and "Saved a copy to g.json" not in said  # 'save g.json': a save
    assert [file.read_bytes() for file in (other, ahead, swapped)] == kept
    assert read_json(tmp_path / "copy.json")["log"] == read_json(path)["log"] != []
    result = run("play", path.name, input="save other.json --force\nquit\n", tty_check=False)
    assert "Saved a copy to other.json" in result.stdout
    assert read_json(other)["log"] == read_json(path)["log"]


def test_save_file_and_demo_keep_a_file_that_is_no_save(run, new_game, tmp_path):
    """``demo --out notes.txt`` and ``save notes.txt`` wrote a game over the notes: a save
    is written over nothing but an earlier save of this game or of bots alone without
    ``--force``."""
    path = new_game("g.json", "human,random")
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    result = run("play", path.name, input="save notes.txt\nquit\n", tty_check=False)
    assert "notes.txt exists and is no saved game; save to another file" in " ".join(result.stdout.split())
    demo = run("demo", "sparks", "--out", "notes.txt")
    assert demo.returncode == 2
    assert demo.stderr.strip() == (
        "turbine: error: notes.txt exists and is no saved game; use --force to replace it, or write the "
        "game to another file"
    )
    assert notes.read_text() == "my notes\n"
    assert run("demo", "sparks", "--out", "notes.txt", "--force").returncode == 0
    assert read_json(notes)["format"] == "turbine-save"


def test_play_to_the_end_and_resume(run, new_game):
    path = new_game("g.json", "human,random", rounds=1)
    lines = ["drop", "pass"] * 30  # always the cheapest way out; the wrong one of the two is refused
    result = run("play", path.name, input="\n".join(lines) + "\n", tty_check=False)
    assert result.returncode == 0, result.stderr
    assert "Final scores" in result.stdout
    assert "Winner:" in result.stdout or "Shared win:" in result.stdout
    again = run("play", path.name, input="", tty_check=False)  # a finished game just shows the result
    assert again.returncode == 0 and "Final scores" in again.stdout


def test_end_of_input_saves_and_leaves(run, new_game):
    path = new_game()
    result = run("play", path.name, "--no-tty-check", input="pass\n")
    assert result.returncode == 0, result.stderr
    assert [e["notation"] for e in read_json(path)["log"]] == ["pass"]
    assert "Resume with: turbine play g" in result.stdout or "Resume with: turbine play" in result.stdout


def test_undo_of_a_move_still_under_way_does_not_announce_it(run):
    """A move that leaves the same seat a further decision (Barrage's ``construct``, then
    where) is said once it is complete; taken back before that, it is never said."""
    assert run("new", "barrage", "--seats", "human,greedy", "--out", "b.json").returncode == 0
    script = "\n".join(["1", "1", "construct", "undo", "quit"])
    result = run("play", "b.json", input=script + "\n", tty_check=False)
    assert result.returncode == 0, result.stderr
    after_undo = result.stdout.split("Taken back: construct;")[1]
    assert "Player 1: construct" not in after_undo


def test_the_log_says_what_the_automatic_steps_after_each_action_did(monkeypatch):
    """A round's end scrolls past at once: 'log' says it again under the action that ended
    it (the water, the round's scoring, the new turn order), as the table said it then."""
    import io

    from rich.console import Console
    from turbine.cli import output
    from turbine.core.testing import make_game

    game = make_game("barrage", players=3, seed=5, bots="greedy")
    bots = game.make_bots()
    while not any(line.startswith("Round 1 scoring") for line in game.told):
        game.play(bots[game.to_move].choose(game.state, game.legal()))
    said = list(game.told)
    buffer = io.StringIO()
    monkeypatch.setattr(output, "out", Console(file=buffer, width=100, force_terminal=False))
    output.action_log(game, last=1)
    shown = " ".join(buffer.getvalue().split())
    for line in said:
        assert " ".join(line.split()) in shown


def test_undo_with_a_count_says_what_undo_does(run, new_game):
    path = new_game("g.json", "human,random")
    result = run("play", path.name, input="open 2\nundo 3\nquit\n", tty_check=False)
    assert result.returncode == 0, result.stderr
    assert "'undo' takes nothing after it: it takes back your last move, one at a time" in result.stdout
    assert "is not a legal move" not in result.stdout


def test_a_bot_s_move_is_said_as_its_menu_showed_it():
    """``take PC-R10`` or ``x build PB-07`` said nothing to a person at the table: a bot's
    move is said with what it cost and did (:meth:`Rules.choice_text` on the position it
    was played in); a person's own move, as typed."""
    from turbine.cli.common import play_move
    from turbine.core import Game, Seat, default_registry

    seats = [Seat("Ann"), Seat("Bot", "greedy")]
    game = Game(default_registry(), "barrage", players=2, seed=3, expansions=["leeghwater"], seats=seats)
    bots = game.make_bots()
    said: dict[str, str] = {}
    while game.to_move is not None and not {"take", "x build"} <= said.keys():
        seat = game.to_move
        action = game.legal()[0] if seat == 0 else bots[seat].choose(game.state, game.legal())
        menu = game.rules.choice_text(game.state, action)
        moved = play_move(game, action, by="human" if seat == 0 else None)
        assert moved.notation == (game.log[-1].notation if seat == 0 else menu)
        if seat == 1:
            said.setdefault(" ".join(menu.split()[:2]) if menu.startswith("x ") else menu.split()[0], menu)
    assert re.fullmatch(r"take \S+  \(needs \d+ energy: .+\)", said["take"]), said
    assert re.fullmatch(r"x build PB-\d\d  \(.+: [A-Z].+, \d+ VP\)", said["x build"]), said


def test_a_bot_s_private_move_is_shown_as_the_others_may_know_it(monkeypatch):
    """Rules.public_text: what the people at the table are told of a bot's move (a card
    kept, a card played face down); a person's own move is shown as typed, and a table of
    bots alone shows every move whole."""
    import io

    from rich.console import Console
    from turbine.cli import output
    from turbine.cli.common import play_move
    from turbine.core import Game, Seat, default_registry
    from turbine_sparks.game import Bid, SparksRules

    monkeypatch.setattr(
        SparksRules,
        "public_text",
        lambda self, a: "bids (how much is secret)" if isinstance(a, Bid) else self.describe(a),
    )
    game = Game(default_registry(), "sparks", players=2, seed=0, seats=[Seat("Ann"), Seat("Bot", "random")])
    assert play_move(game, game.find("open 2")).notation == "open 2"
    bot = game.make_bots()[1]
    moved = play_move(game, bot.choose(game.state, game.legal()))
    assert game.log[-1].notation == "bid 6" and moved.notation == "bids (how much is secret)"
    buffer = io.StringIO()
    monkeypatch.setattr(output, "out", Console(file=buffer, width=100, force_terminal=False))
    output.action_log(game)
    assert "bids (how much is secret)" in buffer.getvalue() and "bid 6" not in buffer.getvalue()
    bots_only = Game(
        default_registry(), "sparks", players=2, seed=0, seats=[Seat("A", "random"), Seat("B", "random")]
    )
    bots = bots_only.make_bots()
    while not any(isinstance(bots_only.rules.action_from_data(e.action), Bid) for e in bots_only.log):
        moved = play_move(bots_only, bots[bots_only.to_move].choose(bots_only.state, bots_only.legal()))
    assert moved.notation.startswith("bid ")
    assert not moved.costed  # Sparks' menu says nothing more than the notation: the counts will
