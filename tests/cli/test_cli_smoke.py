"""The real ``python -m turbine.cli`` process, for what an in-process run cannot show:
the interpreter starting the entry point, real pipes and the exit status a shell sees.

Every other command-line test runs in the test's process (:func:`cli_helpers.run_cli`);
the first tests here hold that runner to the process, byte for byte.  Also run as
processes: the console script's ``--help`` (test_cli_info), ``python -m turbine
--version`` and the pseudo-terminal tests (test_cli_stepper), and the start-up
tests (test_cli_startup).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import assert_one_line_error, needs_sparks, read_json, run_cli, run_cli_process
from turbine.cli import app as cli_app

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "format2"


@pytest.mark.parametrize(
    "args",
    [
        ("--help",),
        ("show", str(GOLDEN / "barrage-full-2p.json"), "--scores", "--width", "60"),
        ("replay", str(GOLDEN / "power_grid-russia-2p.json"), "--to", "30"),
        ("legal", "missing.json"),
        ("new", "barrage", "--players", "many"),
    ],
    ids=["help", "scores", "replay", "missing-file", "usage-error"],
)
def test_an_in_process_run_is_what_the_process_gives(tmp_path, args):
    """Exit status, stdout and stderr alike: the rich help and tables at the terminal's
    width, a game's board and log, the one-line errors of bad input and of a mistyped
    command line."""
    process = run_cli_process(*args, cwd=tmp_path)
    in_process = run_cli(*args, cwd=tmp_path)
    assert (in_process.returncode, in_process.stdout, in_process.stderr) == (
        process.returncode,
        process.stdout,
        process.stderr,
    )
    assert process.stdout or process.stderr


def test_an_in_process_internal_error_is_exit_1_with_its_traceback(tmp_path, monkeypatch):
    """As the process reports it, so that a test expecting a clean one-line error fails."""

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(cli_app, "load_game", broken)
    result = run_cli("legal", "g.json", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("turbine: internal error")
    assert "Traceback" in result.stderr and "RuntimeError: boom" in result.stderr
    with pytest.raises(AssertionError):
        assert_one_line_error(result)


@needs_sparks
def test_new_move_show_and_legal_through_the_process(tmp_path):
    made = run_cli_process("new", "sparks", "--out", "g.json", "--seats", "human,random", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert "saved to g.json" in made.stdout
    moved = run_cli_process("move", "g.json", "open 3", cwd=tmp_path)
    assert moved.returncode == 0, moved.stderr
    assert "Seat 1 · Player 1: open 3" in moved.stdout
    log = read_json(tmp_path / "g.json")["log"]
    assert log[0]["notation"] == "open 3" and log[1]["seat"] == 1  # the bot answered
    shown = run_cli_process("show", "g.json", "--json", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    data = json.loads(shown.stdout)
    assert data["to_move"] == 1 and data["over"] is False
    legal = run_cli_process("legal", "g.json", cwd=tmp_path)
    assert legal.returncode == 0, legal.stderr
    assert (
        legal.stdout.startswith("Seat 1 · Player 1 to move") and "drop" in legal.stdout
    )  # a raise to answer


@needs_sparks
def test_play_reads_a_pipe_only_when_told_to(tmp_path):
    """stdin is a real pipe here: refused without the check turned off, read line by
    line with it, and the game saved when the input ends."""
    made = run_cli_process("new", "sparks", "--out", "g.json", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    before = (tmp_path / "g.json").read_bytes()
    assert_one_line_error(run_cli_process("play", "g.json", input="pass\n", cwd=tmp_path), "terminal")
    assert (tmp_path / "g.json").read_bytes() == before
    played = run_cli_process("play", "g.json", input="open 2\nzzz\n", tty_check=False, cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "'zzz' is not a legal move" in played.stdout
    assert [e["notation"] for e in read_json(tmp_path / "g.json")["log"]] == ["open 2"]


def test_bad_input_is_one_line_and_exit_2_from_the_process(tmp_path):
    assert_one_line_error(
        run_cli_process("new", "nosuchgame", "--out", "g.json", cwd=tmp_path), "unknown variant"
    )
    assert_one_line_error(run_cli_process("nosuch", cwd=tmp_path), "No such command 'nosuch'")
    assert not (tmp_path / "g.json").exists()
