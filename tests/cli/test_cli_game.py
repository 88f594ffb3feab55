"""``turbine new``, ``legal``, ``move`` and ``show`` on a sparks game."""

from __future__ import annotations

import json

import msgspec
import pytest
from cli_helpers import assert_one_line_error, needs_sparks, read_json
from turbine.core.savefile import SaveFile, log_digest

pytest.importorskip(
    "turbine_sparks", reason="install examples/turbine-sparks: pip install -e examples/turbine-sparks"
)
pytestmark = needs_sparks


def test_new_writes_a_save_with_defaults(run, tmp_path):
    result = run("new", "sparks", "--out", "game.json")
    assert result.returncode == 0, result.stderr
    assert "saved to game.json" in result.stdout
    assert result.stdout.splitlines()[-1] == (
        "Next: turbine play game.json (or a move at a time: turbine legal / move game.json)"
    )
    save = read_json(tmp_path / "game.json")
    assert save["format"] == "turbine-save"
    assert save["variant"] == "sparks"
    assert save["players"] == 2  # the variant's minimum
    assert save["seed"] == 0  # the documented default
    assert [s["kind"] for s in save["seats"]] == ["human", "human"]
    assert save["log"] == []


def test_new_with_seats_players_seed_and_option(run, tmp_path):
    result = run(
        "new",
        "sparks",
        "--out",
        "g.json",
        "--seats",
        "human,random,random",
        "--seed",
        "7",
        "--option",
        "rounds=2",
    )
    assert result.returncode == 0, result.stderr
    save = read_json(tmp_path / "g.json")
    assert save["players"] == 3 and save["seed"] == 7
    assert save["options"] == {"rounds": 2}
    assert [s["kind"] for s in save["seats"]] == ["human", "random", "random"]


def test_new_takes_a_name_for_every_seat_up_to_24_characters(run, tmp_path):
    names = ["A" * 24, "Ben", "Cleo"]
    result = run("new", "sparks", "--out", "g.json", "--players", "3", "--names", ",".join(names))
    assert result.returncode == 0, result.stderr
    assert [s["name"] for s in read_json(tmp_path / "g.json")["seats"]] == names


def test_new_names_the_players_seat_by_seat(run, tmp_path):
    result = run("new", "sparks", "--out", "g.json", "--seats", "human,human,random", "--names", "Anna, Ben")
    assert result.returncode == 0, result.stderr
    seats = read_json(tmp_path / "g.json")["seats"]
    assert [(s["name"], s["kind"]) for s in seats] == [
        ("Anna", "human"),
        ("Ben", "human"),
        ("Random bot 3", "random"),
    ]
    assert "Seat 1 · Anna to move" in result.stdout


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("Anna,,Ben", "--names expects a comma list such as Anna,Ben; got 'Anna,,Ben'"),
        ("a,b,c,d", "--names lists 4 names for 3 seats (more seats: --players or --seats)"),
        ("Anna,anna", "--names: two seats would be called 'Anna'"),
        ("Random bot 3", "--names: two seats would be called 'Random bot 3'"),
        ("A" * 25, f"--names: {'A' * 25!r} is longer than 24 characters"),
        ("An\tna", r"seat 1's name 'An\tna' holds a control character (U+0009)"),
        ("An\u202ena", r"seat 1's name 'An\u202ena' holds a control character (U+202E)"),
        ("\u200b,Ben", r"--names: '\u200b' has no character that shows"),
        ("\u200b\xa0\u200b,Ben", r"--names: '\u200b\xa0\u200b' has no character that shows"),
        ("Ben,Ｂｅｎ", "--names: two seats would be called 'Ben'"),
        ("Ben\u200b,Ben", r"--names: two seats would be called 'Ben\u200b'"),
        ("Rene\u0301,René", "--names: two seats would be called 'Rene\u0301'"),
    ],
)
def test_new_refuses_bad_names(run, tmp_path, names, message):
    result = run("new", "sparks", "--out", "g.json", "--seats", "human,human,random", "--names", names)
    assert_one_line_error(result, message)
    assert not (tmp_path / "g.json").exists()


def test_the_next_step_after_new_is_a_command_that_runs(run, tmp_path):
    """A file name a shell or the command line would misread is written so that it is not."""
    for name, shown in (("-dash.json", "./-dash.json"), ("my game.json", "'my game.json'")):
        result = run("new", "sparks", "--out", name)
        assert result.returncode == 0, result.stderr
        assert f"Next: turbine play {shown} (or a move at a time: turbine legal / move {shown})" in (
            " ".join(result.stdout.split())
        )
    assert run("legal", "./-dash.json").returncode == 0


def test_new_refuses_bad_input(run, tmp_path):
    assert_one_line_error(run("new", "sparks", "--out", "g.json", "--option", "rounds=99"), "rounds")
    assert_one_line_error(run("new", "sparks", "--out", "g.json", "--option", "colour=red"), "unknown option")
    assert_one_line_error(run("new", "sparks", "--out", "g.json", "--seats", "human,wizard"), "wizard")
    assert_one_line_error(run("new", "nosuchgame", "--out", "g.json"), "unknown variant")
    assert_one_line_error(run("new", "sparks", "--out", "no/such/dir.json"), "cannot write no/such/dir.json")
    assert not (tmp_path / "g.json").exists()


def test_new_does_not_overwrite_without_force(run, new_game):
    path = new_game()
    before = path.read_bytes()
    assert_one_line_error(run("new", "sparks", "--out", path.name, "--seed", "3"), "--force")
    assert path.read_bytes() == before
    assert run("new", "sparks", "--out", path.name, "--seed", "3", "--force").returncode == 0
    assert read_json(path)["seed"] == 3


def test_legal_json(run, new_game):
    path = new_game()
    result = run("legal", path.name, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["seat"] == 1
    moves = data["moves"]
    assert [m["index"] for m in moves] == list(range(1, len(moves) + 1))
    assert moves[0] == {
        "index": 1,
        "notation": "open 1",
        "choice": "open 1",
        "action": {"type": "open", "bid": 1},
    }
    assert moves[-1]["notation"] == "pass"

    text = run("legal", path.name)
    assert "1–10. open 1…10" in text.stdout and "11. pass" in text.stdout
    assert "To decide" not in text.stdout  # sparks asks no question: only whose turn it is


def test_legal_json_speaks_the_notations_terms(run):
    """Power Grid saves plants by sort key; the JSON a reader gets names the printed plant."""
    made = run("new", "power_grid", "--out", "pg.json", "--players", "3")
    assert made.returncode == 0, made.stderr
    moves = json.loads(run("legal", "pg.json", "--json").stdout)["moves"]
    for move in moves:
        words = move["notation"].split()  # "auction 4 bid 4" or "bid 6"
        if words[0] == "auction":
            assert move["action"]["plant"] == int(words[1])
        assert move["choice"].startswith(move["notation"])
    assert any(m["notation"].startswith("auction") for m in moves)  # all human: seat 1 opens
    text = run("legal", "pg.json").stdout
    assert "To decide: choose a power plant to auction: everyone buys one in round 1 (P-4.10)" in text


def test_move_applies_saves_and_lets_bots_move(run, new_game):
    path = new_game("g.json", "human,random")
    result = run("move", path.name, "open 3")
    assert result.returncode == 0, result.stderr
    log = read_json(path)["log"]
    assert log[0] == {"seat": 0, "action": {"type": "open", "bid": 3}, "notation": "open 3"}
    assert len(log) >= 2 and log[1]["seat"] == 1  # the bot answered
    assert "Seat 1 · Player 1: open 3" in result.stdout
    assert json.loads(run("legal", path.name, "--json").stdout)["seat"] == 1  # a human again


def test_move_by_number_and_prefix(run, new_game):
    path = new_game()
    assert run("move", path.name, "2").returncode == 0  # open 2, seat 2 is to raise
    assert run("move", path.name, "dr").returncode == 0  # drop
    notations = [e["notation"] for e in read_json(path)["log"]]
    assert notations == ["open 2", "drop"]


def test_illegal_move_exits_2_and_leaves_the_file_unchanged(run, new_game):
    path = new_game("game.json", moves=["open 3"])
    before = path.read_bytes()
    for move in ["bid 99", "zzz", "bid"]:  # too high, nonsense, ambiguous
        result = run("move", path.name, move)
        assert_one_line_error(result, move)
        assert path.read_bytes() == before, move


def test_move_as_the_wrong_seat_is_refused(run, new_game):
    path = new_game()
    before = path.read_bytes()
    assert_one_line_error(run("move", path.name, "pass", "--as", "2"), "not seat 2")
    assert path.read_bytes() == before
    assert run("move", path.name, "pass", "--as", "1").returncode == 0


def test_show_text_json_and_as(run, new_game):
    path = new_game()
    text = run("show", path.name)
    assert text.returncode == 0, text.stderr
    assert "Round 1/4" in text.stdout and "Seat 1 · Player 1 to move" in text.stdout
    data = json.loads(run("show", path.name, "--as", "2", "--json").stdout)
    assert data["seat"] == 2 and data["to_move"] == 1 and data["over"] is False
    assert data["scores"] == [0, 0]
    assert set(data["state"]["deck"]) == {0}  # the deck order is hidden from seats
    assert_one_line_error(run("show", path.name, "--as", "3"), "no seat 3")


def test_rules_version_difference_is_a_warning(run, new_game):
    path = new_game()
    save = read_json(path)
    save["plugins"]["sparks"] = "0.0.1"  # another plugin version alone is information only
    path.write_text(json.dumps(save))
    result = run("show", path.name)
    assert result.returncode == 0 and result.stderr == ""
    save["rules_versions"]["sparks"] = 0
    save["log_digest"] = log_digest(msgspec.convert(save, SaveFile))  # as rules version 0 saved it
    path.write_text(json.dumps(save))
    result = run("show", path.name)
    assert result.returncode == 0
    assert result.stderr.count("\n") == 1, result.stderr
    assert "warning: saved under rules versions sparks 0, installed are sparks 1" in result.stderr
    assert "digests were not compared" in result.stderr


@pytest.mark.parametrize(
    "edit",
    [
        lambda save: save["seats"][0].update(name="Mallory"),
        lambda save: save["log"][0].update(by="greedy"),
        lambda save: save.update(log_digest="0" * 32),
    ],
    ids=["seat name", "who played a move", "log digest"],
)
def test_an_edited_save_is_refused_by_move_and_upgrade_and_still_fails_verify(run, new_game, edit):
    """Playing on would write a new log digest and seal the edit: ``move``, ``play`` and
    ``upgrade`` refuse it (one line, the file untouched), ``show`` warns, and
    ``replay --verify`` still refuses it afterwards."""
    path = new_game(moves=["open 3"])
    save = read_json(path)
    edit(save)
    path.write_text(json.dumps(save))
    before = path.read_bytes()
    for args in (("move", path.name, "1"), ("upgrade", path.name)):
        assert_one_line_error(run(*args), "has been changed since it was saved", "so it is refused")
        assert path.read_bytes() == before
    played = run("play", path.name, input="1\n", tty_check=False)
    assert_one_line_error(played, "playing on would seal the change")
    assert path.read_bytes() == before
    shown = run("show", path.name)
    assert shown.returncode == 0 and "warning: the setup or log has been changed" in shown.stderr
    assert_one_line_error(run("replay", path.name, "--verify"), "has been changed since it was saved")


def test_a_save_from_later_rules_can_be_shown_but_not_played_on(run, new_game):
    path = new_game()
    save = read_json(path)
    save["rules_versions"]["sparks"] = 99
    save["log_digest"] = log_digest(msgspec.convert(save, SaveFile))  # as rules version 99 saved it
    path.write_text(json.dumps(save))
    before = path.read_bytes()
    assert_one_line_error(
        run("move", path.name, "1"), "saved under sparks rules version 99, newer than the installed 1"
    )
    assert_one_line_error(run("upgrade", path.name), "upgrading it needs the newer version installed")
    assert path.read_bytes() == before
    shown = run("show", path.name)
    assert shown.returncode == 0 and "saved under rules versions sparks 99" in shown.stderr
    # --verify has no rules to check it against: not verified (it passed, saying it compared nothing)
    assert_one_line_error(
        run("replay", path.name, "--verify"),
        f"not verified: {path.name} was saved under sparks rules version 99, newer than the installed 1",
    )
