"""``turbine replay`` and damaged save files: exit code 2 and one clear line."""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_one_line_error, needs_sparks, read_json

pytest.importorskip(
    "turbine_sparks", reason="install examples/turbine-sparks: pip install -e examples/turbine-sparks"
)
pytestmark = needs_sparks


def test_replay_verify_a_good_file(run, finished_game):
    save = read_json(finished_game)
    assert save["checkpoints"], "the game should be long enough to hold digest checkpoints"
    result = run("replay", finished_game.name, "--verify")
    assert result.returncode == 0, result.stderr
    total = len(save["log"])
    assert f"Verified: the log digest matches the setup and {total} actions" in result.stdout
    assert f"{total:>4}. Seat" in result.stdout  # the log, with step numbers
    assert "1. Seat 1" in result.stdout
    assert "Winner" in result.stdout or "Shared win" in result.stdout


def test_replay_to_a_step(run, finished_game):
    result = run("replay", finished_game.name, "--to", "3", "--verify")
    assert result.returncode == 0, result.stderr
    assert "3. Seat 3" in result.stdout and "4. Seat" not in result.stdout
    assert "After 3 actions" in result.stdout
    assert_one_line_error(run("replay", finished_game.name, "--to", "100000"), "--to")


@pytest.mark.parametrize("where", ["checkpoint", "final"])
def test_replay_verify_catches_a_tampered_digest(run, finished_game, where):
    save = read_json(finished_game)
    if where == "checkpoint":
        save["checkpoints"][0]["digest"] = "0" * 32
    else:
        save["final_digest"] = "f" * 32
    finished_game.write_text(json.dumps(save))
    assert_one_line_error(run("replay", finished_game.name, "--verify"), "digest")


def test_replay_verify_catches_a_tampered_notation(run, finished_game):
    save = read_json(finished_game)
    save["log"][0]["notation"] = "open 999"
    finished_game.write_text(json.dumps(save))
    assert run("show", finished_game.name).returncode == 0  # still loads: the action data rules
    assert_one_line_error(run("replay", finished_game.name, "--verify"), "action 1", "open 999")


def _damage(save: dict, how: str) -> bytes:
    if how == "not json":
        return b"this is not a save file\n"
    if how == "newer format":
        save["format_version"] = 99
    elif how == "missing plugin":
        save["variant"] = "nosuchgame"
    elif how == "illegal action":
        save["log"][4]["action"] = {"type": "bid", "amount": 999}
        save["log"][4]["notation"] = "bid 999"
    elif how == "unknown action":
        save["log"][2]["action"] = {"type": "teleport"}
    elif how == "wrong seat":
        save["log"][0]["seat"] = 2
    return json.dumps(save, indent=1).encode()


DAMAGE = {
    "not json": "not valid json",
    "newer format": "newer",
    "missing plugin": "nosuchgame",
    "illegal action": "action 5",
    "unknown action": "action 3",
    "wrong seat": "action 1",
}


@pytest.mark.parametrize("how", sorted(DAMAGE))
def test_damaged_save_files_exit_2_with_one_line(run, finished_game, how):
    damaged = _damage(read_json(finished_game), how)
    finished_game.write_bytes(damaged)
    assert_one_line_error(run("show", finished_game.name), DAMAGE[how])


def test_truncated_save_and_missing_file(run, finished_game):
    data = finished_game.read_bytes()
    finished_game.write_bytes(data[: len(data) // 2])
    assert_one_line_error(run("replay", finished_game.name, "--verify"), "truncated")
    assert_one_line_error(run("legal", "no-such-file.json"), "no such file")


def test_replay_verify_says_one_digest_in_the_singular(run, new_game):
    """A game of a few moves has one digest (its last state's): 'matches', not 'match'."""
    new_game("short.json", moves=["open 1", "drop"])
    result = run("replay", "short.json", "--verify")
    assert result.returncode == 0, result.stderr
    assert "2 actions; 1 digest matches the replay" in result.stdout


@pytest.mark.parametrize(
    ("edit", "then"),
    [
        # needs no rules to see: it was said to need a turbine with rules version 99
        (lambda save: save["rules_versions"].update(sparks=99), ""),
        # the replay's own complaint comes after it: it was that the game could not be set up
        (
            lambda save: save["options"].update(speed=1),
            " (replaying it: the saved game cannot be set up: unknown option speed",
        ),
    ],
)
def test_verify_says_first_that_an_edited_save_was_changed(run, finished_game, edit, then):
    save = read_json(finished_game)
    edit(save)
    finished_game.write_text(json.dumps(save))
    assert_one_line_error(
        run("replay", finished_game.name, "--verify"),
        f"{finished_game.name} has been changed since it was saved: its setup or log does not match "
        f"its log digest{then}",
    )


def test_verify_quiet_prints_only_its_result(run, finished_game):
    """Checking many files: the log and the board (hundreds of lines) are left out."""
    result = run("replay", finished_game.name, "--verify", "--quiet")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Verified: the log digest matches the setup and ")
    assert "Seat" not in result.stdout and "Winner" not in result.stdout
    assert_one_line_error(run("replay", finished_game.name, "-q"), "--quiet prints only what --verify found")
