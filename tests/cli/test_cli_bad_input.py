"""Bad input at the command line: exit 2, one line, the file untouched."""

from __future__ import annotations

import json
import re

import pytest
from cli_helpers import assert_one_line_error, needs_sparks, read_json

pytestmark = needs_sparks


def test_invalid_utf8_and_deep_nesting_are_one_line_errors(run, tmp_path):
    (tmp_path / "u.json").write_bytes(b'{"format":"turbine-save","x":"\xff"}')
    assert_one_line_error(run("show", "u.json"), "not valid UTF-8")
    (tmp_path / "deep.json").write_text("[" * 2000 + "]" * 2000)
    assert_one_line_error(run("show", "deep.json"), "nested too deeply")


@pytest.mark.parametrize("typed", ["²", "٣", "--help", "-3"])
def test_a_move_that_is_no_move_leaves_the_file_as_it_was(run, new_game, typed):
    path = new_game()
    before = path.read_bytes()
    assert_one_line_error(run("move", path.name, "--", typed), "is not a legal move now")
    assert path.read_bytes() == before


def test_a_move_after_double_dash_is_played(run, new_game):
    path = new_game()
    result = run("move", path.name, "--", "open 3")
    assert result.returncode == 0, result.stderr
    assert read_json(path)["log"][0]["notation"] == "open 3"


def test_verify_refuses_a_truncated_log_with_its_digests_removed(run, finished_game):
    save = read_json(finished_game)
    save["log"] = save["log"][:20]
    save["checkpoints"] = []
    save["final_digest"] = ""
    finished_game.write_text(json.dumps(save))
    assert_one_line_error(run("replay", finished_game.name, "--verify"), "no final digest")


def test_verify_refuses_a_format_1_save_and_upgrade_fixes_it(run, finished_game):
    save = read_json(finished_game)
    for key in ("rules_versions", "log_digest", "final_scores"):
        del save[key]
    save["format_version"] = 1
    finished_game.write_text(json.dumps(save))
    assert_one_line_error(run("replay", finished_game.name, "--verify"), "format 1", "turbine upgrade")
    result = run("upgrade", finished_game.name)
    assert result.returncode == 0, result.stderr
    assert "save format 1 → 2" in result.stdout
    upgraded = read_json(finished_game)
    assert upgraded["format_version"] == 2 and upgraded["log"] == save["log"]
    result = run("replay", finished_game.name, "--verify")
    assert result.returncode == 0, result.stderr
    assert "Verified" in result.stdout


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("play", "--players", "3", "g.json"), "No such option: --players (try 'turbine play --help')"),
        (("nosuch",), "No such command 'nosuch'. (try 'turbine --help')"),
        (("new", "sparks", "--players", "x"), "Invalid value for '--players'"),
        (("show",), "Missing argument 'FILE'. (try 'turbine show --help')"),
    ],
)
def test_a_mistyped_command_line_is_one_line_naming_the_help(run, args, said):
    """The command line's own usage errors (unknown option or command, a value of the
    wrong type, a missing argument) follow the bad-input rule: one line, exit 2."""
    assert_one_line_error(run(*args), said)


def test_a_bug_in_an_installed_plugin_is_blamed_on_it_not_on_turbine(run, new_game, monkeypatch):
    """Code of an installed plugin that raises is still an internal error (exit 1, with
    the traceback), but the first line names the plugin and where its code failed, so the
    report goes to its authors; turbine's own bugs keep asking to be reported to turbine."""
    import turbine_sparks.game

    path = new_game()

    def broken(bid):
        raise KeyError(bid)

    monkeypatch.setattr(turbine_sparks.game, "Open", broken)
    result = run("legal", path.name)
    assert result.returncode == 1
    first = result.stderr.splitlines()[0]
    assert re.fullmatch(
        r"turbine: error in plugin 'sparks' \(game\.py:\d+ in <genexpr>\): KeyError: 1 "
        r"\(please report it to the plugin's authors with the traceback below\)",
        first,
    ), first
    assert "Traceback (most recent call last)" in result.stderr


def test_upgrade_keeps_the_rules_versions_a_save_was_played_under(run, tmp_path):
    """A format-1 Power Grid game whose log meets P-4.9's correction (action 282 returned a
    token the discarded plant could not hold): upgraded, it keeps rules version 1 and
    verifies; moved to the latest rules, one of its moves goes wrong, said in one line."""
    import shutil
    from pathlib import Path

    golden = Path(__file__).parents[1] / "golden" / "format1" / "power_grid-subsidy-4p.json"
    shutil.copy(golden, tmp_path / "old.json")
    before = (tmp_path / "old.json").read_bytes()
    assert_one_line_error(
        run("upgrade", "old.json", "--latest-rules"),
        "action 282 ('return coal', round 7, auction, seat 4 (Greedy bot 4) to move) is recorded for seat 3",
        "(saved in format 1, before rules versions)",
    )
    assert (tmp_path / "old.json").read_bytes() == before
    result = run("upgrade", "old.json")
    assert result.returncode == 0, result.stderr
    assert "save format 1 → 2, 469 actions, rules versions power_grid 1, subsidy 1" in result.stdout
    assert read_json(tmp_path / "old.json")["rules_versions"] == {"power_grid": 1, "subsidy": 1}
    result = run("replay", "old.json", "--verify")
    assert result.returncode == 0, result.stderr
    assert "replayed under the rules it was played with: power_grid 1" in " ".join(result.stdout.split())
    upgraded = (tmp_path / "old.json").read_bytes()
    result = run("upgrade", "old.json")  # again: nothing to change
    said = " ".join(result.stdout.split())
    assert "save format 2 (unchanged), 469 actions, rules versions power_grid 1, subsidy 1" in said
    assert said.endswith("; the file was already current and is left as it was")
    assert (tmp_path / "old.json").read_bytes() == upgraded
    (tmp_path / "old.json").write_bytes(upgraded.replace(b"\n", b"\r\n"))  # an editor's line ends
    said = " ".join(run("upgrade", "old.json").stdout.split())
    assert said.endswith("; rewritten in turbine's own layout, the game as it was")  # it said nothing
    assert (tmp_path / "old.json").read_bytes() == upgraded


def test_upgrade_to_the_latest_rules_says_which_versions_moved(run, tmp_path):
    import shutil
    from pathlib import Path

    golden = Path(__file__).parents[1] / "golden" / "format2" / "power_grid-russia-2p.json"
    shutil.copy(golden, tmp_path / "old.json")
    result = run("upgrade", "old.json", "--latest-rules")
    assert result.returncode == 0, result.stderr
    assert "save format 2 (unchanged), 184 actions, rules versions power_grid 1 → 2" in result.stdout
    assert read_json(tmp_path / "old.json")["rules_versions"] == {"power_grid": 2}


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (("replay", "g.json", "--html", "g.json"), "page"),
        (("show", "g.json", "--svg", "./g.json"), "picture"),
        (("export", "g.json", "--out", "g.json"), "rows"),
    ],
)
def test_an_output_over_the_save_it_is_made_from_is_refused(run, new_game, tmp_path, args, what):
    """``--html g.json`` for ``g.json`` would have replaced the game with a web page."""
    path = new_game("g.json", "human,human", moves=["open 2"])
    before = path.read_bytes()
    assert_one_line_error(run(*args), f"is the save being read; write the {what} to another file")
    assert path.read_bytes() == before


def test_upgrade_does_not_write_over_another_file_without_force(run, new_game, tmp_path):
    """``upgrade a.json --out b.json`` would have replaced the game in ``b.json``."""
    a = new_game("a.json", "human,human", moves=["open 2"])
    b = new_game("b.json", "human,human")
    kept = b.read_bytes()
    assert_one_line_error(
        run("upgrade", "a.json", "--out", "b.json"), "b.json exists; use --force to overwrite it"
    )
    assert b.read_bytes() == kept
    assert run("upgrade", "a.json", "--out", "b.json", "--force").returncode == 0
    assert read_json(b)["log"] == read_json(a)["log"]
    assert run("upgrade", "a.json", "--out", "a.json").returncode == 0  # its own file: as without --out


@pytest.mark.parametrize(
    "args",
    [
        ("export", "done.json"),
        ("replay", "done.json", "--verify"),
        ("show", "done.json"),
        ("upgrade", "done.json"),
    ],
)
def test_a_move_after_the_end_of_the_game_is_one_line(run, finished_game, args):
    """A log entry after the last one (a copied line) stopped export, the page and the
    stepper with a traceback; the others said ``but seat - is to move``."""
    save = read_json(finished_game)
    save["log"].append(save["log"][-1])
    finished_game.write_text(json.dumps(save))
    before = finished_game.read_bytes()
    result = run(*args, input="q\n")
    end = len(save["log"]) - 1
    assert_one_line_error(
        result, f"action {end + 1} (", f"comes after the end of the game, which ended with action {end}"
    )
    assert finished_game.read_bytes() == before


def test_the_stepper_shows_a_game_up_to_a_move_after_its_end(run, finished_game):
    """The same copied line: the stepper shows the finished game, its winner, and says why
    the log goes no further (the commands above refuse it; the replay page is tested with
    the pictures)."""
    save = read_json(finished_game)
    save["log"].append(save["log"][-1])
    finished_game.write_text(json.dumps(save))
    before = finished_game.read_bytes()
    end = len(save["log"]) - 1
    result = run("replay", "done.json", "--step", input="last\nq\n")
    assert result.returncode == 0, result.stderr
    said = f"action {end + 1} ("
    assert f"the {end} actions before it are shown, none after" in result.stderr
    shown = " ".join(result.stdout.split())
    assert "Winner: " in shown
    assert "The log replays no further: " + said in shown
    assert finished_game.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (("show", "g.json", "--svg", "other.json"), "picture"),
        (("replay", "g.json", "--html", "other.json"), "page"),
        (("export", "g.json", "--out", "other.json"), "rows"),
        (("demo", "sparks", "--out", "other.json"), "game"),
        (("simulate", "sparks", "-n", "1", "--rows", "other.json"), "rows"),
        (
            (
                "tournament",
                "sparks",
                "--bots",
                "random,mcts",
                "-n",
                "1",
                "--bot-option",
                "mcts.iterations=5",
                "--rows",
                "other.json",
            ),
            "rows",
        ),
    ],
)
def test_an_output_over_another_saved_game_needs_force(run, new_game, args, what):
    """``--svg other.json`` turned another game into a picture, ``demo --out`` replaced a
    game people played: each is refused, the file kept, unless ``--force``."""
    new_game("g.json", "human,human", moves=["open 2"])
    other = new_game("other.json", "human,random")
    kept = other.read_bytes()
    said = f"other.json holds a saved game; use --force to replace it, or write the {what} to another file"
    assert_one_line_error(run(*args), said)
    assert other.read_bytes() == kept
    result = run(*args, "--force")
    assert result.returncode == 0, result.stderr
    assert other.read_bytes() != kept


def test_outputs_replace_what_is_no_game_and_demo_its_own_bot_games(run, new_game, tmp_path):
    """A second page over the first, a second demo over the first demo's game of bots:
    nothing a person played is lost, so nothing is asked."""
    new_game("g.json", "human,human", moves=["open 2"])
    (tmp_path / "page.html").write_text("an older page")
    assert run("replay", "g.json", "--html", "page.html").returncode == 0
    for seed in ("1", "2"):
        result = run("demo", "sparks", "--seed", seed, "--out", "bots.json")
        assert result.returncode == 0, result.stderr
    assert read_json(tmp_path / "bots.json")["seed"] == 2


def test_simulate_keeps_a_game_a_person_played_in_its_folder(run, new_game, tmp_path):
    (tmp_path / "games").mkdir()
    mine = new_game("games/game-0001-seed0.json", "human,human", moves=["open 2"])
    kept = mine.read_bytes()
    assert_one_line_error(
        run("simulate", "sparks", "-n", "1", "--out", "games"),
        "games/game-0001-seed0.json holds a saved game with a person's seat; use --force to replace it",
    )
    assert mine.read_bytes() == kept
    assert run("simulate", "sparks", "-n", "2", "--out", "games").returncode != 0
    result = run("simulate", "sparks", "-n", "1", "--out", "games", "--force")
    assert result.returncode == 0, result.stderr
    assert read_json(mine)["seats"][0]["kind"] == "random"
    assert run("simulate", "sparks", "-n", "1", "--out", "games").returncode == 0  # its own games: replaced


def test_a_save_with_a_byte_order_mark_loads_and_verifies(run, finished_game):
    """An editor that saves "UTF-8 with BOM" put three bytes before the JSON, and the save
    was refused as 'not valid JSON … (byte 0)'."""
    finished_game.write_bytes(b"\xef\xbb\xbf" + finished_game.read_bytes())
    result = run("replay", finished_game.name, "--verify")
    assert result.returncode == 0, result.stderr
    assert "Verified" in result.stdout


def test_a_huge_notation_is_cut_in_the_error_line(run, finished_game):
    """A move's notation edited to 100,000 characters was quoted whole in the error."""
    save = read_json(finished_game)
    save["log"][5]["notation"] = "x" * 100_000
    finished_game.write_text(json.dumps(save))
    result = run("replay", finished_game.name, "--verify")
    assert_one_line_error(result, "action 6")
    assert len(result.stderr) < 300 and "'" + "x" * 118 + "…" in result.stderr


def test_an_expansion_named_as_a_variant_is_said_to_be_one(run):
    assert_one_line_error(
        run("new", "leeghwater", "--out", "g.json"),
        "'leeghwater' is an expansion of the variant 'barrage', not a variant; variants: barrage",
    )


@pytest.mark.parametrize("flag", [("--to", "3"), ("--step",), ("--verify",)])
def test_the_page_of_a_replay_takes_no_stepping_flags(run, finished_game, flag):
    """``--html OUT --to 10`` wrote every move, as if --to had not been given."""
    assert_one_line_error(
        run("replay", finished_game.name, "--html", "page.html", *flag),
        f"--html writes a page of every move; {flag[0]} does not apply to it",
    )


def test_a_save_without_its_log_digest_is_said_to_have_none(run, finished_game):
    save = read_json(finished_game)
    del save["log_digest"]
    finished_game.write_text(json.dumps(save))
    for command in (("replay", "done.json", "--verify"), ("upgrade", "done.json")):
        assert_one_line_error(run(*command), "done.json ", "no log digest")


def test_a_suggested_move_ends_the_error_line(run):
    """``did you mean 'place WM1L'?; `turbine legal …` lists …``: a question then more."""
    assert run("new", "barrage", "--out", "b.json", "-o", "mode=intro").returncode == 0
    result = run("move", "b.json", "WM1L")
    assert_one_line_error(result, "'WM1L' is not a legal move now; did you mean 'place WM1L'?")
    assert result.stderr.rstrip().endswith("?")
    assert "lists the legal moves" in run("move", "b.json", "nothing").stderr


def test_simulate_out_names_a_folder(run, new_game):
    new_game("human.json")
    assert_one_line_error(
        run("simulate", "sparks", "-n", "1", "--out", "human.json"),
        "--out names a folder for the games' saves; human.json is a file",
    )


@pytest.mark.parametrize(
    "args",
    [
        ("new", "sparks", "--out", "s.json", "--seed", "-1"),
        ("new", "sparks", "--out", "s.json", "--seed", str(2**64)),
        ("demo", "sparks", "--seed", str(2**64 + 1)),
    ],
)
def test_a_seed_outside_64_bits_is_refused_not_folded_onto_another(run, tmp_path, args):
    """2**64 + 1 would make the game of seed 1: a seed is 0 to 2**64 - 1, and says so."""
    assert_one_line_error(run(*args), "is not a seed", "0 to 2^64 - 1")
    assert not list(tmp_path.glob("*.json"))


def test_a_run_whose_last_seed_passes_64_bits_names_the_largest_start(run):
    largest = 2**64 - 1
    assert_one_line_error(
        run("simulate", "sparks", "--seed", str(largest), "--games", "2"), f"--seed {largest - 1} at most"
    )
    result = run("simulate", "sparks", "--seed", str(largest), "--games", "1")
    assert result.returncode == 0, result.stderr


def test_a_move_on_a_linked_save_writes_the_save_the_link_names(run, new_game, tmp_path):
    """Renaming over a symbolic link replaced the link and left the save one move behind."""
    path = new_game("g.json", "human,human")
    (tmp_path / "link.json").symlink_to("g.json")
    assert run("move", "link.json", "open 2").returncode == 0
    assert (tmp_path / "link.json").is_symlink()
    assert read_json(path)["log"][0]["notation"] == "open 2"


@pytest.mark.parametrize("make", ["fifo", "folder"])
@pytest.mark.parametrize(
    "args",
    [
        ("export", "g.json", "--out", "x"),
        ("show", "g.json", "--svg", "x"),
        ("replay", "g.json", "--html", "x"),
    ],
)
def test_an_output_on_a_pipe_or_folder_is_refused_before_any_work(run, new_game, tmp_path, make, args):
    import os

    new_game("g.json")
    target = tmp_path / "x"
    os.mkfifo(target) if make == "fifo" else target.mkdir()
    said = "not a regular file (a device, a pipe or a socket)" if make == "fifo" else "it is a folder"
    assert_one_line_error(run(*args), f"to x: it is {said}" if make == "fifo" else said)
    assert target.is_fifo() if make == "fifo" else target.is_dir()


@pytest.mark.parametrize("command", ["show", "legal", "replay", "export", "move"])
def test_an_empty_or_folder_or_unseen_name_is_said_plainly(run, tmp_path, command):
    """``''`` was read as ``.`` ("cannot read .: Is a directory"); a name of spaces was
    said as nothing ("no such file: ")."""
    args = ["open 2"] if command == "move" else []
    assert_one_line_error(run(command, "", *args), "an empty name is no file; give the save file's name")
    (tmp_path / "games").mkdir()
    assert_one_line_error(run(command, "games", *args), "cannot read games: it is a folder, not a file")
    assert_one_line_error(run(command, " ", *args), "no such file: ' '")


def test_a_pipe_is_no_save_and_is_not_waited_on(run, tmp_path):
    import os

    os.mkfifo(tmp_path / "p.json")
    assert_one_line_error(run("show", "p.json"), "cannot read p.json: it is not a regular file")


def test_csv_cells_that_a_spreadsheet_would_run_are_written_as_text(run, tmp_path):
    assert (
        run("new", "sparks", "--seats", "random,random", "--names", "=1+2,@me", "--out", "g.json").returncode
        == 0
    )
    result = run("export", "g.json", "--format", "csv")
    assert result.returncode == 0, result.stderr
    assert ",'=1+2," in result.stdout and ",'@me," in result.stdout
    assert run("export", "g.json", "--out", "-", "--format", "csv").stdout == result.stdout
    assert not (tmp_path / "-").exists()


def test_a_save_whose_format_version_was_lowered_is_not_upgraded(run, finished_game):
    """Format 1 had no log digest: lowering the number would let upgrade seal any edit."""
    save = read_json(finished_game)
    save["seats"][0]["name"] = "Mallory"
    save["format_version"] = 1
    finished_game.write_text(json.dumps(save))
    before = finished_game.read_bytes()
    assert_one_line_error(
        run("upgrade", finished_game.name), "says save format 1 but holds the rules versions"
    )
    assert finished_game.read_bytes() == before


def test_verify_refuses_a_finished_game_without_its_final_scores(run, finished_game):
    save = read_json(finished_game)
    del save["final_scores"]
    finished_game.write_text(json.dumps(save))
    assert_one_line_error(
        run("replay", finished_game.name, "--verify"), "the game is over but", "no final scores"
    )


def test_plugins_gone_since_the_save_are_one_warning_however_many(run, finished_game):
    save = read_json(finished_game)
    save["plugins"] |= {f"p{i}": "1.0" for i in range(5)}
    finished_game.write_text(json.dumps(save))
    result = run("show", finished_game.name)
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "active when saved" in line]
    assert warnings == [
        "turbine: warning: plugins p0, p1, p2 and 2 more were active when saved, and are not now"
    ]


@pytest.mark.parametrize(
    ("edit", "key"),
    [
        (lambda text: text.replace('"seed": ', '"seed": 6, "seed": ', 1), "seed"),
        (lambda text: text.replace('"notation": ', '"notation": "x", "notation": ', 1), "notation"),
    ],
)
def test_verify_refuses_a_key_written_twice(run, finished_game, edit, key):
    """The last value wins in turbine's reader and the first in others': not one game."""
    text = json.dumps(read_json(finished_game), indent=1)
    finished_game.write_text(edit(text))
    assert run("show", finished_game.name).returncode == 0  # read as the last value says
    assert_one_line_error(run("replay", finished_game.name, "--verify"), f"the key '{key}' is written twice")


def test_a_key_written_twice_is_never_sealed_and_always_said(run, new_game):
    """``"seed"`` written twice: ``--verify`` refused the file, but ``move`` and ``upgrade``
    played on and saved it with one reading, after which it verified; ``show`` said
    nothing.  Now the commands that save refuse it, the others warn, the file is kept."""
    path = new_game("g.json", "human,human", moves=["open 2"])
    text = path.read_text()
    path.write_text(text.replace('"seed": ', '"seed": 99,\n  "seed": ', 1))
    before = path.read_bytes()
    for command in (("move", path.name, "1"), ("upgrade", path.name)):
        assert_one_line_error(run(*command), "has the key 'seed' written twice in one object")
    for command in (
        ("show", path.name),
        ("export", path.name),
        ("replay", path.name, "--to", "1"),  # export and replay --to said nothing
        ("replay", path.name, "--html", "page.html"),  # nor did the page and the stepper
        ("replay", path.name, "--step"),
    ):
        shown = run(*command, input="q\n") if "--step" in command else run(*command)
        assert shown.returncode == 0, (command, shown.stderr)
        assert shown.stderr.count("turbine: warning: the key 'seed' is written twice in one object") == 1
    assert path.read_bytes() == before
    assert "THE KEY SEED IS WRITTEN TWICE (not verified)" in (path.parent / "page.html").read_text()


def test_a_page_of_an_edited_save_says_so(run, new_game):
    """``replay --html`` of a save changed after it was saved gave no warning, and the page
    showed the change as the game."""
    path = new_game("g.json", "human,human", moves=["open 2"])
    data = read_json(path)
    data["seats"][0]["name"] = "Mallory"
    path.write_text(json.dumps(data))
    result = run("replay", path.name, "--html", "page.html")
    assert result.returncode == 0
    assert "does not match its log digest" in result.stderr
    assert "CHANGED SINCE IT WAS SAVED (not verified)" in (path.parent / "page.html").read_text()


def test_a_save_whose_game_cannot_be_rebuilt_is_named_in_the_error(run, tmp_path):
    """``the save needs the plugin for 'chess', which is not installed`` did not say which
    file; every command that rebuilds the game names it, as a damaged file's error does."""
    from pathlib import Path

    golden = Path(__file__).resolve().parents[1] / "golden" / "format2" / "sparks-2p.json"
    data = json.loads(golden.read_text())
    data["variant"] = "chess"
    (tmp_path / "chess.json").write_text(json.dumps(data))
    for command in (
        ("show", "chess.json"),
        ("replay", "chess.json", "--to", "1"),
        ("replay", "chess.json", "--html", "page.html"),
        ("export", "chess.json"),
        ("upgrade", "chess.json"),
        ("move", "chess.json", "1"),
    ):
        assert_one_line_error(run(*command), "chess.json: the save needs the plugin for 'chess'")


@pytest.mark.parametrize(
    "args, said",
    [
        (("new", "power_grid", "--players", "99999999999999999999999", "--out", "x.json"), "not 99999"),
        (("new", "power_grid", "--players", "-1", "--out", "x.json"), "is for 2–6 players, not -1"),
        (("demo", "power_grid", "--players", "0", "--out", "x.json"), "is for 2–6 players, not 0"),
        (("demo", "power_grid", "--players", "99999999999", "--out", "x.json"), "not 99999999999"),
        (("show", "x.json", "--width", "99999999999999999999"), "from 20 to 1000"),
        (("new", "power_grid", "--names", "\udcff\udcfe,B", "--out", "x.json"), "is not valid text"),
    ],
)
def test_a_count_or_a_name_no_game_can_take_is_one_line(run, tmp_path, args, said):
    """A count of players made a list of that many seats (an overflow, or the memory gone),
    a width of 10^20 columns failed inside rich, and a name of bytes the terminal could not
    read failed inside the save's digest: each a traceback; 0 players played 4."""
    assert_one_line_error(run(*args), said)
    assert not (tmp_path / "x.json").exists()


def test_an_output_in_a_missing_folder_is_refused_before_the_game_is_played(run, tmp_path):
    result = run("demo", "power_grid", "--out", "nodir/d.json")
    assert_one_line_error(result, "cannot write nodir/d.json: the folder nodir does not exist")
    assert "round" not in result.stdout  # said before a move was played


def test_a_save_of_a_later_turbine_is_not_replaced_without_force(run, tmp_path):
    """A later format's save may hold what this turbine cannot read: its seats say nothing."""
    assert run("demo", "power_grid", "--out", "d.json").returncode == 0
    save = read_json(tmp_path / "d.json")
    save["format_version"] = 99
    (tmp_path / "d.json").write_text(json.dumps(save))
    before = (tmp_path / "d.json").read_bytes()
    said = "d.json holds a game saved by a later version of turbine; use --force"
    assert_one_line_error(run("demo", "power_grid", "--out", "d.json"), said)
    assert (tmp_path / "d.json").read_bytes() == before
    assert run("demo", "power_grid", "--out", "d.json", "--force").returncode == 0


def test_a_damaged_save_of_bots_is_not_replaced_without_force(run, tmp_path):
    """Every command refused it as damaged, and demo wrote over it: the docs keep a file that
    names the save format and cannot be read."""
    assert run("demo", "power_grid", "--out", "d.json").returncode == 0
    save = read_json(tmp_path / "d.json")
    save["format_version"] = 1  # with format 2's digests: damaged
    (tmp_path / "d.json").write_text(json.dumps(save))
    before = (tmp_path / "d.json").read_bytes()
    assert_one_line_error(run("replay", "d.json", "--verify"), "d.json is damaged")
    refused = run("demo", "power_grid", "--out", "d.json")
    assert_one_line_error(refused, "d.json holds a saved game; use --force")
    assert (tmp_path / "d.json").read_bytes() == before


def test_ctrl_c_while_the_bots_move_says_what_the_save_holds(run, tmp_path, monkeypatch):
    """``move`` and ``new`` save after each bot move; Ctrl-C left exit 130 and nothing said
    (typer turned the interrupt into a bare exit code)."""
    from turbine.cli import app

    played = app.run_bots

    def one_then_stopped(game, bots, **kwargs):
        moves = played(game, bots, **kwargs)
        yield next(moves)
        raise KeyboardInterrupt

    monkeypatch.setattr(app, "run_bots", one_then_stopped)
    result = run("new", "power_grid", "--seats", "greedy,greedy", "--out", "g.json")
    assert result.returncode == 130, result.stderr
    assert result.stderr.strip() == (
        "turbine: stopped; g.json holds the game after its last whole move: turbine play g.json goes on"
    )
    assert len(read_json(tmp_path / "g.json")["log"]) == 1  # the one bot move played, saved
    assert "Seat 1 · Greedy bot 1: " in result.stdout  # and said


def test_ctrl_c_in_demo_keeps_the_game_so_far(run, tmp_path, monkeypatch):
    from turbine.core import Game

    real = Game.play

    def stopped(self, action, *args, **kwargs):
        if len(self.log) == 5:
            raise KeyboardInterrupt
        return real(self, action, *args, **kwargs)

    monkeypatch.setattr(Game, "play", stopped)
    result = run("demo", "power_grid", "--out", "d.json")
    assert result.returncode == 130
    said = "turbine: stopped after 5 moves; d.json holds the game so far: turbine replay d.json shows it"
    assert result.stderr.strip() == said
    assert len(read_json(tmp_path / "d.json")["log"]) == 5


def test_messages_say_the_game_s_words_not_the_library_s(run, tmp_path):
    """A validator's message without pydantic's ``Value error,``; seats as words, not a
    Python list; a file named once; a folder said to be one (not ``use --force``)."""
    said = "option intro_columns: intro_columns must be distinct numbers 0–3 (got [5])"
    assert_one_line_error(run("new", "barrage", "--option", "intro_columns=5", "--out", "x.json"), said)
    result = run("simulate", "power_grid", "--bots", "greedy,human,human", "--games", "1")
    assert_one_line_error(result, "simulate needs bots in every seat; seats 2 and 3 are human")
    result = run("show", "nonexist.json")
    assert_one_line_error(result, "no such file: nonexist.json")
    assert result.stderr.count("nonexist.json") == 1
    (tmp_path / "adir").mkdir()
    assert_one_line_error(
        run("new", "power_grid", "--out", "adir"), "cannot write the game to adir: it is a folder"
    )
    assert_one_line_error(run("new", "power_grid", "--out", ""), "cannot write the game to .: it is a folder")


def test_turbine_alone_lists_the_commands_and_says_to_give_one(run):
    result = run()
    assert result.returncode == 2 and "Commands" in result.stdout
    assert (
        result.stderr.strip()
        == "turbine: error: give a command; the help above lists them (try 'turbine --help')"
    )


def test_a_save_without_its_log_is_said_to_be_damaged_so(run, tmp_path):
    """A save whose ``log`` was deleted was said to have a digest mismatch."""
    assert run("demo", "power_grid", "--out", "d.json").returncode == 0
    save = read_json(tmp_path / "d.json")
    del save["log"]
    (tmp_path / "d.json").write_text(json.dumps(save))
    assert_one_line_error(run("replay", "d.json", "--verify"), "missing required field `log`")


def test_a_move_with_a_minus_sign_is_told_to_go_after_double_dash(run, new_game):
    path = new_game()
    said = "No such option: -1; text that starts with '-' goes after --: turbine move FILE -- -1"
    assert_one_line_error(run("move", path.name, "-1"), said)


def test_a_refusal_a_plugin_gives_as_text_is_blamed_on_the_plugin(run, new_game, monkeypatch):
    """A ``why_illegal`` that returns its reason instead of an IllegalAction was raised as
    no exception at all, inside turbine, and reported as turbine's own bug."""
    import turbine_sparks.game

    path = new_game()
    monkeypatch.setattr(turbine_sparks.game.SparksRules, "why_illegal", lambda self, state, action: "no")
    result = run("move", path.name, "open 99")
    assert result.returncode == 1
    first = result.stderr.splitlines()[0]
    assert first == (
        "turbine: error in plugin 'sparks' (SparksRules.why_illegal): BrokenContract: "
        "SparksRules.why_illegal returned str 'no', not an IllegalAction "
        "(please report it to the plugin's authors with the traceback below)"
    ), first
