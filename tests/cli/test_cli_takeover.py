"""``turbine play``: a seat changes hands mid-game (``bot NAME``, ``bot N NAME``,
``human N``, ``--seat N=PLAYER``), and the save records who played each move."""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_one_line_error, needs_sparks, read_json

pytest.importorskip(
    "turbine_sparks", reason="install examples/turbine-sparks: pip install -e examples/turbine-sparks"
)
pytestmark = needs_sparks


def play(run, name: str, *lines: str, options: tuple[str, ...] = ()):
    """``turbine play NAME`` with ``lines`` typed, one a line; it must end normally."""
    result = run("play", name, *options, input="\n".join(lines) + "\n", tty_check=False)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    return result


def test_help_lists_the_handover_commands_and_this_games_bots(run, new_game):
    path = new_game()
    out = play(run, path.name, "help", "quit").stdout
    assert "bot [N] NAME" in out and "human N" in out
    assert "bots for this game: mcts, random, thrifty" in " ".join(out.split())  # wrapped at the width


def test_a_bot_takes_over_the_seat_being_asked_and_plays_on_to_the_end(run, new_game):
    """With every seat a bot the game plays on, stopping at each round's start: Enter
    watches on (a whole game went by in a second, with no time to take a seat back)."""
    path = new_game("g.json", "human,random")
    out = play(run, path.name, "open 2", "bot random", *[""] * 40).stdout
    assert "Seat 1 · Player 1 is now played by the random bot." in out
    assert "Every seat is a bot now: the game plays on, and stops at the start of each round" in out
    assert "starts · Enter: watch on, 'human N': take seat N, 'quit' >" in out
    assert "Winner:" in out  # nobody is asked again: the bots finish the game
    save = read_json(path)
    log = save["log"]
    assert "by" not in log[0] and "by" not in log[1]  # the person's move, the bot seat's own answer
    taken = [e for e in log[2:] if e["seat"] == 0]
    assert taken and all(e["by"] == "random" for e in taken)
    assert all("by" not in e for e in log if e["seat"] == 1)  # seat 2 is the random bot it always was
    assert save["seats"][0] == {"name": "Player 1", "kind": "human", "played_by": "random"}
    assert save["final_scores"] is not None
    verified = run("replay", path.name, "--verify")
    assert verified.returncode == 0, verified.stderr
    assert "Player 1 (human, now random)" in verified.stdout
    third = next(line for line in verified.stdout.splitlines() if line.startswith("   3. "))
    assert third == f"   3. Seat 1 · Player 1: {log[2]['notation']} (by random)"
    stepped = run("replay", path.name, "--step", input="3\nq\n")
    assert f"Step 3/{len(log)} · round 1 · auction · Seat 1 · Player 1: {log[2]['notation']} (by random)" in (
        stepped.stdout
    )


def test_another_seat_is_handed_to_a_bot_and_back(run, new_game):
    path = new_game("g.json", "human,human")
    out = play(run, path.name, "bot 2 thrifty", "open 2", "human 2", "quit").stdout
    assert "Seat 2 · Player 2 is now played by the thrifty bot." in out
    assert "Seat 2 · Player 2 is now played by a person." in out
    listed = play(run, path.name, "log", "quit").stdout
    assert "2. Seat 2 · Player 2: drop (by thrifty)" in listed  # 'log' marks the bot's moves
    assert "1. Seat 1 · Player 1: open 2\n" in listed
    save = read_json(path)
    assert save["log"][0] == {"seat": 0, "action": save["log"][0]["action"], "notation": "open 2"}
    answer = save["log"][1]
    assert answer["seat"] == 1 and answer["by"] == "thrifty"  # the bot answered the bid by itself
    assert save["seats"][1] == {"name": "Player 2", "kind": "human"}  # a person plays it again
    # after 'human 2' the seat is asked again at the prompt, and its moves are its own
    again = play(run, path.name, "bid 2", "drop", "quit").stdout
    assert "Seat 2 · Player 2 > " in again
    last = read_json(path)["log"][-1]
    assert (last["seat"], last["notation"]) == (1, "drop") and "by" not in last
    assert run("replay", path.name, "--verify").returncode == 0


def test_undo_takes_back_to_the_last_move_a_person_made(run, new_game):
    path = new_game("g.json", "human,human")
    out = play(run, path.name, "bot 2 random", "open 2", "undo", "quit").stdout
    assert "Taken back: open 2 · " in out  # the opening bid, and the bid the bot made for seat 2 after it
    save = read_json(path)
    assert save["log"] == [] and save["seats"][1]["played_by"] == "random"


def test_undo_stops_short_of_a_move_that_brought_something_hidden_to_light(run, new_game):
    """The bot drops out, the generator is sold and the next one is drawn from the deck:
    taking the opening bid back would let the player open again knowing what comes next."""
    path = new_game("g.json", "human,human")
    out = " ".join(play(run, path.name, "bot 2 thrifty", "open 2", "undo", "quit").stdout.split())
    assert (
        "Cannot undo: the move after it (Seat 2 · Player 2) 'drop' brought hidden information to light" in out
    )
    assert [entry["notation"] for entry in read_json(path)["log"]] == ["open 2", "drop", "open 1"]


def test_undo_of_another_person_s_revealing_move_is_refused_at_once_in_their_name(run, new_game):
    """Two people at one terminal: the other's move that drew a card was 'your move' to the
    one typing, and the refusal came only after 'undo' typed twice."""
    path = new_game("g.json", "human,human")
    out = " ".join(play(run, path.name, "open 2", "drop", "undo", "quit").stdout.split())
    said = out[out.index("Cannot undo: ") :]
    assert said.startswith("Cannot undo: ")
    assert "'drop' brought hidden information to light (what it drew is known now)" in said
    assert "type 'undo' again" not in out
    assert [entry["notation"] for entry in read_json(path)["log"]][:2] == ["open 2", "drop"]


def test_a_bad_bot_name_or_seat_is_refused_in_one_line_and_nothing_changes(run, new_game):
    path = new_game("g.json", "human,human", moves=["open 2"])
    before = read_json(path)
    out = play(run, path.name, "bot greedy", "bot 3 random", "bot 2 human", "human", "quit").stdout
    refused = [line for line in out.splitlines() if "no bot 'greedy'" in line]
    assert refused == ["Seat 2 · Player 2 > no bot 'greedy' plays Sparks; bots: mcts, random, thrifty"]
    assert "there is no seat '3'; seats are numbered 1–2" in out
    assert "a person takes a seat with 'human 2'" in out
    assert "human takes a seat number" in out
    assert "now played by" not in out
    after = read_json(path)
    assert after["seats"] == before["seats"] and after["log"] == before["log"]


def test_resuming_with_seat_gives_a_seat_back_or_away(run, new_game):
    path = new_game("g.json", "random,human")  # no move yet: the random bot is to open
    out = play(run, path.name, "open 2", "quit", options=("--seat", "1=human", "--seat", "2=thrifty")).stdout
    assert "Seat 1 · Random bot 1 is now played by a person." in out
    assert "Seat 2 · Player 2 is now played by the thrifty bot." in out
    save = read_json(path)
    assert save["seats"] == [
        {"name": "Random bot 1", "kind": "random", "played_by": "human"},
        {"name": "Player 2", "kind": "human", "played_by": "thrifty"},
    ]
    first, answer = save["log"][:2]
    assert (first["seat"], first["notation"], first["by"]) == (0, "open 2", "human")  # typed at the prompt
    assert (answer["seat"], answer["by"]) == (1, "thrifty")
    assert run("replay", path.name, "--verify").returncode == 0


@pytest.mark.parametrize(
    ("seat", "fragments"),
    [
        ("3=human", ("there is no seat 3",)),
        ("1=greedy", ("no bot 'greedy'", "bots: mcts, random, thrifty")),
        ("human", ("--seat expects SEAT=PLAYER",)),
    ],
)
def test_a_bad_seat_option_is_one_line_and_changes_nothing(run, new_game, seat, fragments):
    path = new_game()
    before = path.read_bytes()
    result = run("play", path.name, "--seat", seat, input="quit\n", tty_check=False)
    assert_one_line_error(result, *fragments)
    assert path.read_bytes() == before


def test_ctrl_c_while_the_bots_play_stops_saved_and_says_how_to_take_a_seat_back(run, new_game, monkeypatch):
    from turbine.cli import play as play_module

    real = play_module.run_bots

    def interrupted(game, bots, limit=None, thinking=None):
        for count, moved in enumerate(real(game, bots, limit, thinking), start=1):
            yield moved
            if count == 3:  # Ctrl-C once the bots have made a few moves
                raise KeyboardInterrupt

    monkeypatch.setattr(play_module, "run_bots", interrupted)
    path = new_game("g.json", "human,random")
    out = play(run, path.name, "open 2", "bot random").stdout
    assert "Stopped; g.json holds the game as it was after the last whole move" in out
    assert "turbine play g.json (add --seat 1=human" in " ".join(out.split())  # wherever it wraps
    assert "Winner:" not in out
    save = read_json(path)
    assert save["final_scores"] is None and save["seats"][0]["played_by"] == "random"
    monkeypatch.setattr(play_module, "run_bots", real)
    back = play(run, path.name, "quit", options=("--seat", "1=human"))
    assert "Seat 1 · Player 1 is now played by a person." in back.stdout
    assert "Seat 1 · Player 1 > " in back.stdout or "Seat 1 · Player 1 to move" in back.stdout
    assert run("replay", path.name, "--verify").returncode == 0


def test_a_save_with_a_handover_is_valid_against_the_games_schema(run, new_game):
    jsonschema = pytest.importorskip("jsonschema", reason="pip install jsonschema (in turbine's test extra)")
    path = new_game("g.json", "human,random")
    play(run, path.name, "open 2", "bot thrifty")
    schema = run("schema", "sparks")
    assert schema.returncode == 0, schema.stderr
    document = json.loads(schema.stdout)
    save = read_json(path)
    assert any("by" in entry for entry in save["log"]) and "played_by" in save["seats"][0]
    jsonschema.Draft202012Validator(document).validate(save)
    save["log"][-1]["by"] = 7  # who played is a name
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(document).validate(save)


def test_a_move_typed_for_a_bot_seat_is_recorded_as_the_persons(run, new_game):
    """``turbine move`` on a seat a bot plays (a bot that failed leaves its seat to move):
    the move is the person's, and the save says so."""
    path = new_game("g.json", "random,human")
    moved = run("move", path.name, "1")
    assert moved.returncode == 0, moved.stderr
    log = read_json(path)["log"]
    assert log[0]["seat"] == 0 and log[0]["by"] == "human"
    assert all("by" not in entry for entry in log[1:])  # the bot's own moves after it, then the person's seat


def test_the_seat_table_says_who_plays_a_seat_now(run, new_game):
    """After ``bot 2 thrifty`` the board's seat table says the bot plays the seat, and
    whom it was set up for; a seat never handed over shows its kind alone."""
    path = new_game("g.json", "human,human")
    out = play(run, path.name, "bot 2 thrifty", "board", "quit").stdout
    rows = [line.split() for line in out.splitlines() if line.lstrip().startswith(("1  ", "2  "))]
    assert ["1", "Player", "1", "(human)"] in [row[:4] for row in rows]
    assert ["2", "Player", "2", "(thrifty,", "was", "human)"] in [row[:6] for row in rows]


def test_a_session_that_changes_nothing_leaves_the_file_as_it_was(run, new_game, finished_game):
    """Opening a game and quitting, or opening a finished one, writes nothing: the file's
    bytes and its time are kept (a save whose checkpoints were removed is not quietly
    given new ones)."""
    path = new_game("g.json", "human,human", moves=["open 2"])
    for save in (path, finished_game):
        before, stamp = save.read_bytes(), save.stat().st_mtime_ns
        play(run, save.name if save.parent == path.parent else str(save), "board", "quit")
        assert save.read_bytes() == before and save.stat().st_mtime_ns == stamp
    play(run, path.name, "drop", "quit")  # a move is saved
    assert read_json(path)["log"][-1]["notation"] == "drop"


def test_export_says_who_chose_each_move(run, new_game):
    """``by``: the seat's own kind, or the bot that had taken the seat over."""
    path = new_game("g.json", "human,human")
    play(run, path.name, "bot 2 thrifty", "open 2", "human 2", "quit")
    rows = [json.loads(line) for line in run("export", path.name).stdout.splitlines()]
    assert [(row["seat"], row["by"]) for row in rows[:2]] == [(1, "human"), (2, "thrifty")]


def test_log_with_a_word_after_it_says_what_it_takes(run, new_game):
    """``log x`` was read as a move (``'log x' is not a legal move now``)."""
    path = new_game("g.json", "human,human")
    out = play(run, path.name, "log x", "view", "quit").stdout
    assert "'log x': give a number of actions or 'all' (log 20, log all)" in out
    assert "this game has no views" in out


def test_a_move_taken_back_is_taken_back_in_the_file(run, new_game):
    """A move, then ``undo``: the file holds the game as it was opened again (the session
    had written the move, so going back must be written too)."""
    path = new_game("g.json", "human,human", moves=["open 2"])
    before = read_json(path)["log"]
    play(run, path.name, "bid 3", "undo", "undo", "quit")  # seat 2's move, at seat 1's turn: twice
    assert read_json(path)["log"] == before


def test_at_one_terminal_undo_asks_before_taking_back_another_persons_move(run, new_game):
    """Two friends at one terminal: Anna's 'undo' would take back Ben's move. It says so and
    waits for a second 'undo'; anything else in between keeps the move."""
    path = new_game("g.json", "human,human", moves=["open 2"])
    out = play(run, path.name, "bid 3", "undo", "help", "undo", "quit").stdout
    asked = (
        "'undo' would take back the move of Seat 2 · Player 2 ('bid 3'), not one of yours: type 'undo' again"
    )
    assert out.count(asked) == 2  # asked again after 'help': the first was not confirmed
    assert [e["notation"] for e in read_json(path)["log"]] == ["open 2", "bid 3"]
    out = play(run, path.name, "undo", "undo", "quit").stdout
    assert "Taken back: bid 3; back to" in out
    assert [e["notation"] for e in read_json(path)["log"]] == ["open 2"]


def test_a_seat_handed_over_twice_on_one_command_line_is_refused(new_game):
    """``--seat 1=human --seat 1=random``: which one would count? Neither is guessed."""
    from turbine.cli.common import CliError, load_game, parse_handovers

    game = load_game(new_game())
    with pytest.raises(CliError, match="--seat 1 is given twice; give each seat once"):
        parse_handovers(game, ["1=human", "1=random"])


def test_a_seat_is_taken_back_at_a_round_s_start(run, new_game):
    path = new_game("g.json", "human,random")
    out = play(run, path.name, "open 2", "bot random", "human 1", "quit").stdout
    assert "Seat 1 · Player 1 is now played by a person." in out
    assert "Winner:" not in out
    save = read_json(path)
    assert save["seats"][0].get("played_by", "human") == "human"
    assert len(save["log"]) > 2  # the bots played a round meanwhile


def test_no_move_is_typed_for_a_bot_where_the_bots_stop(run, new_game):
    """At a round's start with every seat a bot, a move's text would have been played for
    the bot's seat, as a person's: it is refused, and the bots play on."""
    path = new_game("g.json", "human,random")
    out = play(run, path.name, "open 2", "bot random", "1", "quit").stdout
    assert "Every seat is a bot: Enter watches on; 'human N', 'log', 'board' or 'quit'." in out
    log = read_json(path)["log"]
    assert all(entry.get("by") != "human" for entry in log[2:])  # none played by a person


def test_resuming_says_a_bot_plays_at_its_defaults_unless_its_options_are_given(run, new_game):
    """A save keeps who sits where, not a bot's settings: resuming without them changed an
    mcts bot of 0.3 seconds a move into one of 50 iterations, unsaid."""
    new_game(seats="human,mcts")
    said = play(run, "game.json", "quit").stdout
    assert (
        "mcts plays at its default settings, which a save does not keep: --bot-option mcts.KEY=VALUE "
        "sets them (keys: iterations, seconds, "
    ) in " ".join(said.split())
    given = play(run, "game.json", "quit", options=("--bot-option", "mcts.iterations=5")).stdout
    assert "default settings" not in given
