"""``turbine replay``'s stepper (through a pipe with --step, and in a pseudo-terminal),
``turbine export``, and ``python -m turbine``.

The stepper's expected headers and changes are computed in-process with
:class:`turbine.core.replay.Replay` from the same save, so the tests say what
the output must hold without copying it.
"""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import assert_one_line_error, needs_sparks
from rich.text import Text
from turbine.cli import app as cli_app
from turbine.cli import export as cli_export
from turbine.cli import output
from turbine.core import default_registry, savefile
from turbine.core.bots import seat_bot
from turbine.core.replay import Replay

ROOT = Path(__file__).resolve().parents[2]
PG_SAVE = ROOT / "tests" / "golden" / "format2" / "power_grid-russia-4p.json"
SPARKS_SAVE = ROOT / "tests" / "golden" / "format2" / "sparks-2p.json"


@pytest.fixture(scope="module")
def pg_replay() -> Replay:
    return Replay(default_registry(), savefile.load(PG_SAVE))


def prompts(out: str) -> list[int]:
    """The step shown in each prompt ``[step/total] >``, in order."""
    return [int(n) for n in re.findall(r"\[(\d+)/\d+\] > ", out)]


def headers(out: str) -> list[int]:
    """The step of each header line ``Step k/total · …``, in order."""
    return [int(n) for n in re.findall(r"(?:^|> )Step (\d+)/\d+ ·", out, flags=re.MULTILINE)]


def header_text(replay: Replay, step: int) -> re.Pattern[str]:
    """A step's header: where, then the move, on one line, or on two (the move 2 columns in)
    when the line would be too long, so that no name is broken."""
    where, entry = replay.where_before(step), replay.entry(step)
    name = replay.seat_names[entry.seat]
    return re.compile(
        re.escape(f"Step {step}/{len(replay)} · round {where.round} · {where.phase}")
        + "( · |\n  )"
        + re.escape(f"Seat {entry.seat + 1} · {name}: {entry.notation}"),
        re.M,
    )


# -- the stepper through a pipe ----------------------------------------------------------------


def test_the_stepper_moves_jumps_finds_and_quits(run, pg_replay):
    total = len(pg_replay)
    build = pg_replay.find("build", 3)
    assert build is not None and build > 3
    script = ["", "n", "p", "40", "g 100", "go 0", "/build", "first", "last", "999", "zz", "help", "q", "n"]
    result = run("replay", str(PG_SAVE), "--step", input="\n".join(script) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    shown = [0, 1, 2, 1, 40, 100, 0, build, 0, total]
    assert headers(out) == shown  # one board and header per move; nothing after quit
    assert prompts(out) == [*shown, total, total, total]  # the bad inputs stay where they are
    assert "Step 0/445 · the start, before any move" in out
    for step in (1, 2, 40, 100, build):
        assert header_text(pg_replay, step).search(out), step
        for line in pg_replay.changes(step):
            assert f"  {line}\n" in out
    assert "Russia — Round 1" in out  # the game's own board
    assert "Greedy bot 1 (greedy)" in out  # the scores table
    assert "There is no step 999: steps go from 0 to 445." in out
    assert "Unknown command 'zz'" in out
    assert "/TEXT, find TEXT" in out  # help
    assert "Winner: Seat 4 · Greedy bot 4" in out  # the last step ends the game


def test_a_save_damaged_part_way_steps_up_to_the_damage(run, tmp_path):
    """A checkpoint digest edited at action 75: every command refuses the save, naming the
    action; the stepper still shows the 74 actions before it and says why it stops there."""
    data = json.loads(PG_SAVE.read_text())
    assert data["checkpoints"][2]["actions"] == 75
    data["checkpoints"][2]["digest"] = "0" * 32
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(data))
    why = "the game after action 75 differs from the one saved (digest mismatch)"
    refused = run("replay", str(damaged), "--verify")
    assert_one_line_error(refused, why)
    result = run("replay", str(damaged), "--step", "--to", "300", input="last\nq\n")
    assert result.returncode == 0, result.stderr
    assert f"{damaged}: {why}" in result.stderr
    assert "the 74 actions before it are shown, none after" in result.stderr
    assert prompts(result.stdout) == [74, 74]  # --to past the damage: its last step
    assert "The log replays no further: " + why in " ".join(result.stdout.split())
    shown = run("replay", str(damaged), "--to", "74")
    assert shown.returncode == 0, shown.stderr


def test_a_slip_of_a_command_is_put_right(pg_replay):
    """An unknown command close to one of the stepper's (or a view's name) is suggested
    whole, with what was typed after it; one close to none sends to 'help'."""
    from rich.console import Console
    from turbine.cli.stepper import Stepper

    stepper = Stepper(pg_replay, start=3)
    buffer = io.StringIO()
    stepper.console = Console(file=buffer, width=100, height=40, color_system=None)
    for line in ("sores money", "frist", "xyzzy"):
        assert stepper.handle(line) is True
    said = buffer.getvalue()
    assert "Unknown command 'sores money'; did you mean 'scores money'?" in said
    assert "Unknown command 'frist'; did you mean 'first'?" in said
    assert "Unknown command 'xyzzy'; type 'help' for the commands." in said
    assert stepper.step == 3  # a slip moves nowhere


def test_a_step_says_the_move_with_its_cost_and_what_the_rules_said_after_it(run, pg_replay):
    """The end of round 1: the move as its menu showed it (what it burnt and earned), then
    the rules' own words after it (the resupply, P-7.6), then the counts that changed."""
    step = pg_replay.round_start(2)
    assert step is not None
    rules = pg_replay.rules
    action = rules.action_from_data(pg_replay.entry(step).action)
    told = pg_replay.game.told_by_entry()[step - 1]
    assert any(line.startswith("Resupply (Step 1, P-7.6)") for line in told)
    result = run("replay", str(PG_SAVE), "--step", "--width", "200", input=f"{step}\nlog 1\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    header = out[out.index(f"Step {step}/") :]
    assert rules.choice_text(pg_replay.state(step - 1), action) in header.splitlines()[0]
    after = header[header.index("After it:") :].splitlines()
    resupply = next(i for i, line in enumerate(after) if line.startswith("  Resupply (Step 1, P-7.6)"))
    assert resupply < after.index(f"  {pg_replay.changes(step)[0]}")  # the words, then the counts
    assert out.count("Resupply (Step 1, P-7.6)") == 2  # and the log says them under the move


def test_round_jumps_and_scores_by_round(run, pg_replay):
    second = pg_replay.round_start(2)
    ends = pg_replay.by_round("money", 100)
    script = ["round 2", "100", "scores MONEY", "scores bananas", "round 99", "round", "q"]
    result = run("replay", str(PG_SAVE), "--step", "--width", "120", input="\n".join(script) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert headers(out) == [0, second, 100]
    assert "Money at the end of each round so far:" in out
    for number, money in ends:
        assert re.search(rf"^ *{number} +" + " +".join(map(str, money)) + " *$", out, flags=re.MULTILINE)
    assert "ranked by cities powerable, then money, then cities" in out  # the score table
    assert "'bananas' is no count of this game; its counts: money, cities, plants, can power." in out
    rounds = pg_replay.rounds()
    assert f"No move of the log is in round 99: it has rounds {rounds[0]}–{rounds[-1]}." in out
    assert "Which round? e.g. 'round 3'." in out


def test_scores_by_round_take_the_score_and_say_the_other_counts(run, pg_replay):
    result = run("replay", str(PG_SAVE), "--step", "--width", "120", input="last\nscores\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Cities powerable at the end of each round so far:" in out
    assert "by round too: scores money, scores cities, scores plants, scores can power" in out
    last_round, scores = pg_replay.by_round()[-1]
    assert re.search(rf"^ *{last_round} +" + " +".join(map(str, scores)) + " *$", out, flags=re.MULTILINE)
    assert "Final scores" in out


def test_as_switches_the_seat_at_the_prompt(run):
    result = run("replay", str(PG_SAVE), "--step", "--width", "80", input="as 2\nas all\nas 9\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "After 0 of 445 moves · round 1 · auction · as seen by Seat 2 · " in out  # the name left out
    assert out.count("everything shown") == 2  # the start, and after 'as all'
    assert "As whom? 'as N' for a seat from 1 to 4, or 'as all'." in out


def test_brief_draws_the_movers_panel_instead_of_the_board(run):
    """A Barrage board is about 150 lines; 'brief' draws the panel of the seat that moved,
    as the table showed it, so that a step fits 80 × 24 (and 'brief' again: the board)."""
    save = ROOT / "tests" / "golden" / "format2" / "barrage-full-2p.json"
    replay = Replay(default_registry(), savefile.load(save))
    step = 30
    mover = replay.entry(step).seat
    game = replay.game
    game.rules.table_width = 80
    panel = Text.from_markup(game.rules.turn_view(replay.state(step), mover)).plain.splitlines()
    result = run("replay", str(save), "--step", "--width", "80", input=f"brief\n{step}\nbrief\nq\n")
    assert result.returncode == 0, result.stderr
    _, _, at_step, whole, _ = re.split(r"\[\d+/\d+\] > ", result.stdout)  # one part per prompt
    assert at_step.startswith(f"Barrage · after {step} of {len(replay)} moves")
    assert [line.rstrip() for line in at_step.splitlines()[1 : len(panel) + 1]] == [
        line.rstrip() for line in panel
    ]
    assert len(at_step.splitlines()) <= 24
    assert "Management board" not in at_step and "Management board" in whole


def test_a_brief_step_fits_a_terminal_of_24_rows():
    """In a terminal, a brief step's panel takes the rows the move and its changes leave
    (:attr:`Rules.table_rows`): a Leeghwater step took 27 lines at 80 × 24, its top
    scrolled away."""
    from rich.console import Console
    from turbine.cli.stepper import Stepper

    save = ROOT / "tests" / "golden" / "format2" / "barrage-leeghwater-4p.json"
    replay = Replay(default_registry(), savefile.load(save))
    drawn = {}
    for height in (*range(20, 45), 60):
        stepper = Stepper(replay, start=30)
        buffer = io.StringIO()
        term = Console(file=buffer, width=80, height=height, force_terminal=True, color_system=None)
        stepper.console = term
        stepper.brief = True
        stepper.show()
        drawn[height] = buffer.getvalue().splitlines()
    assert len(drawn[24]) + 1 <= 24 < len(drawn[60]) + 1  # and the prompt
    assert all(len(drawn[height]) + 1 <= height for height in range(20, 45))
    assert drawn[24][-1] == drawn[60][-1]  # the move and what it changed, whole
    assert replay.rules.table_rows is None  # for that panel only


def test_the_movers_panel_in_a_replay_calls_no_seat_you(pg_replay):
    """The table marks the reader's own seat ``(you)``; a replay draws the panel of whoever
    moved, step after step, and its reader plays none of them."""
    from rich.console import Console
    from turbine.cli.stepper import Stepper

    step = 20
    mover = pg_replay.entry(step).seat
    table = Text.from_markup(pg_replay.rules.turn_view(pg_replay.state(step), mover)).plain
    assert "Greedy bot 1 (you): 50 Elektro · 2nd in player order · 0 cities, can power 0" in table
    stepper = Stepper(pg_replay, start=step)
    buffer = io.StringIO()
    stepper.console = Console(file=buffer, width=100, height=24, force_terminal=True, color_system=None)
    stepper.brief = True
    stepper.show()
    drawn = buffer.getvalue().splitlines()
    assert "Greedy bot 1: 50 Elektro · 2nd in player order · 0 cities, can power 0" in drawn
    assert not any("(you)" in line for line in drawn)


def test_a_step_header_too_long_for_its_line_puts_the_move_under_where(pg_replay):
    """``Step 7/117 · round 1 · actions · Seat 1 · Italy · Random`` / ``bot 1: bank 7``: a
    header too long for the terminal broke inside the mover's name.  It breaks between where
    and the move, the move two columns in; one that fits stays on one line."""
    from rich.console import Console
    from turbine.cli.stepper import Stepper

    step = 100
    stepper = Stepper(pg_replay, start=step)
    where, move = stepper.header_parts(step)
    assert where == "Step 100/445 · round 2 · bureaucracy"
    assert move.startswith("Seat 2 · Random bot 2: power ")

    def drawn(width: int) -> list[str]:
        buffer = io.StringIO()
        stepper.console = Console(file=buffer, width=width, height=300, color_system=None)
        stepper.say_move(step, stepper.game_at(step))
        return buffer.getvalue().splitlines()

    assert drawn(len(f"{where} · {move}"))[0] == f"{where} · {move}"
    narrow = drawn(60)
    assert narrow[0] == where and narrow[1].startswith("  Seat 2 · Random bot 2: power 5  (burns")
    assert stepper.header_parts(0) == ("Step 0/445 · the start, before any move",)


@pytest.mark.parametrize(("height", "brief"), [(24, True), (45, True), (300, False)])
def test_a_terminal_too_short_for_the_board_starts_brief(monkeypatch, height, brief):
    """A Barrage board is 180 lines at 80 columns: stepping drew it whole, and each step's
    heading and the board's top scrolled away, unless one knew to type 'brief'."""
    from rich.console import Console
    from turbine.cli.stepper import Stepper

    save = ROOT / "tests" / "golden" / "format2" / "barrage-full-2p.json"
    replay = Replay(default_registry(), savefile.load(save))
    stepper = Stepper(replay)
    buffer = io.StringIO()
    stepper.console = Console(file=buffer, width=80, height=height, force_terminal=True, color_system=None)
    monkeypatch.setattr(output, "out", stepper.console)  # the board is drawn there
    monkeypatch.setattr(stepper, "read", lambda: None)  # leave at the first prompt
    stepper.run()
    assert stepper.brief is brief
    shown = " ".join(buffer.getvalue().split())
    assert f"'brief': {'the whole board' if brief else 'the mover' + chr(39) + 's panel'}" in shown
    assert ("Management board" in shown) is not brief


def test_a_search_past_the_last_move_says_so_under_the_board(run, pg_replay):
    """The note that a search went round to the start was printed above the board it went
    to, and scrolled away with it."""
    total = len(pg_replay)
    first = pg_replay.find("build", 1)
    result = run("replay", str(PG_SAVE), "--step", input=f"{total}\nfind build\n")
    assert result.returncode == 0, result.stderr
    shown = result.stdout.split(f"[{total}/{total}] > ", 1)[1]
    board, note = shown.rsplit(f"Step {first}/{total}", 1)
    assert "Barrage" in board or "Power Grid" in board  # the board came first
    assert f"Searched past the last move: back to move {first}." in note


def test_the_stepper_at_its_ends_and_its_log(run, pg_replay):
    total = len(pg_replay)
    script = ["p", "first", "10", "log 3", "find Build", "/", "last", "n"]  # then end of input
    result = run("replay", str(PG_SAVE), "--step", input="\n".join(script) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "This is the start; there is no move before it." in out
    assert f"This is the last step ({total})" in out
    first, second = pg_replay.find("build", 11), None
    assert first is not None
    second = pg_replay.find("build", first + 1)
    assert headers(out) == [0, 0, 10, first, second, total]
    entries = [pg_replay.entry(s) for s in (9, 10, 11)]
    assert f"▶  10. Seat {entries[1].seat + 1} " in out  # the current move is marked
    assert f"    9. Seat {entries[0].seat + 1} " in out and f"   11. Seat {entries[2].seat + 1} " in out
    assert "   12. Seat" not in out


def test_the_stepper_starts_at_to(run):
    result = run("replay", str(PG_SAVE), "--step", "--to", "7", input="q\n")
    assert result.returncode == 0, result.stderr
    assert headers(result.stdout) == [7]
    assert_one_line_error(run("replay", str(PG_SAVE), "--step", "--to", "9999"), "--to")


def test_as_shows_the_board_as_that_seat_sees_it(run):
    result = run("replay", str(PG_SAVE), "--step", "--as", "2", input="q\n")
    assert result.returncode == 0, result.stderr
    assert "after 0 of 445 moves · round 1 · auction · as seen by Seat 2 · Random bot 2" in result.stdout
    assert "face down" in result.stdout  # the deck stays hidden
    everything = run("replay", str(PG_SAVE), "--step", input="q\n")
    assert "everything shown" in everything.stdout and "as seen by" not in everything.stdout
    assert_one_line_error(run("replay", str(PG_SAVE), "--step", "--as", "5"), "no seat 5", "1–4")
    assert_one_line_error(run("replay", str(PG_SAVE), "--as", "2"), "--step")


@needs_sparks
def test_as_passes_the_seat_to_the_games_view(monkeypatch, capsys):
    """Sparks shows no secret on its board; here it draws its deck as the view of the seat
    asked for has it (``None``: everything), so the deck's order shows only without --as."""
    from turbine_sparks.game import SparksRules

    def render(self: SparksRules, state: object, seat: int | None) -> str:
        shown = state if seat is None else self.view(state, seat)
        return f"DECK {shown.deck}"

    monkeypatch.setattr(SparksRules, "render", render)
    monkeypatch.setattr(cli_app, "_plugin_commands_added", True)
    seen = {}
    for label, extra in (("all", []), ("seat", ["--as", "2"])):
        monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
        with pytest.raises(SystemExit) as exit_info:
            cli_app.main(["replay", str(SPARKS_SAVE), "--step", *extra])
        assert exit_info.value.code in (0, None)
        seen[label] = re.search(r"DECK \[([\d, ]*)\]", capsys.readouterr().out).group(1).split(", ")
    assert len(seen["all"]) == len(seen["seat"]) > 1
    assert set(seen["seat"]) == {"0"}  # hidden from seat 2
    assert "0" not in seen["all"]  # shown to everybody by default


# -- in a terminal -----------------------------------------------------------------------------


def run_in_terminal(*args: str, keys: bytes, timeout: float = 60) -> tuple[int, str]:
    """Run ``python -m turbine.cli ARGS`` with a pseudo-terminal as stdin and stdout."""
    env = {k: v for k, v in os.environ.items() if k != "TURBINE_NO_TTY_CHECK"}
    env.update(COLUMNS="120", LINES="50", NO_COLOR="1", TERM="dumb")
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "turbine.cli", *args], stdin=slave, stdout=slave, stderr=slave, env=env
    )
    os.close(slave)
    os.write(master, keys)
    chunks = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:  # the terminal closed: the program ended
                break
            if not data:
                break
            chunks.append(data)
        elif process.poll() is not None:
            break
    os.close(master)
    code = process.wait(timeout=10)
    text = b"".join(chunks).decode(errors="replace")
    return code, re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


def test_replay_in_a_terminal_opens_the_stepper():
    code, out = run_in_terminal("replay", str(PG_SAVE), keys=b"\nq\n")
    assert code == 0, out
    assert "Step 1/445 · round 1 · auction" in out
    assert "[1/445] >" in out


def test_replay_in_a_terminal_with_to_prints_as_before():
    code, out = run_in_terminal("replay", str(PG_SAVE), "--to", "3", keys=b"")
    assert code == 0, out
    assert "After 3 actions" in out
    assert "/445] >" not in out


def test_replay_in_a_pipe_prints_the_log_and_the_board(run):
    result = run("replay", str(PG_SAVE))
    assert result.returncode == 0, result.stderr
    assert "445. Seat" in result.stdout and "After 445 actions" in result.stdout
    assert "/445] >" not in result.stdout


# -- export ------------------------------------------------------------------------------------


def test_export_jsonl(run, pg_replay):
    result = run("export", str(PG_SAVE), "--format", "jsonl")
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    log = pg_replay.save.log
    assert len(rows) == len(log)
    assert [row["index"] for row in rows] == list(range(1, len(log) + 1))
    assert [row["notation"] for row in rows] == [entry.notation for entry in log]
    assert [row["seat"] for row in rows] == [entry.seat + 1 for entry in log]
    assert rows[0]["player"] == pg_replay.seat_names[log[0].seat]
    assert (rows[0]["round"], rows[0]["phase"]) == (1, "auction")
    assert rows[-1]["scores"] == pg_replay.rules.scores(pg_replay.game.state) == [14, 2, 5, 17]
    assert rows[49]["scores"] == pg_replay.scores(50)


@pytest.mark.parametrize("given", [("--format", "csv"), ()])
def test_export_csv_to_a_file(run, tmp_path, pg_replay, given):
    """``--out moves.csv`` writes CSV without ``--format`` too (it wrote JSON lines)."""
    result = run("export", str(PG_SAVE), *given, "--out", "moves.csv")
    assert result.returncode == 0, result.stderr
    assert "Exported 445 actions to moves.csv" in result.stdout
    with (tmp_path / "moves.csv").open(newline="") as handle:
        reader = csv.DictReader(handle)
        rows = list(reader)
    assert reader.fieldnames == [
        "index",
        "seat",
        "player",
        "by",
        "round",
        "phase",
        "notation",
        "score_1",
        "score_2",
        "score_3",
        "score_4",
    ]
    assert len(rows) == len(pg_replay.save.log)
    last = rows[-1]
    assert [int(last[f"score_{n}"]) for n in range(1, 5)] == pg_replay.rules.scores(pg_replay.game.state)
    assert last["notation"] == pg_replay.save.log[-1].notation
    assert not list(tmp_path.glob(".moves.csv.*"))  # no temporary file left behind


def test_export_refuses_an_unknown_format(run, tmp_path):
    assert_one_line_error(run("export", str(PG_SAVE), "--format", "xml", "--out", "x.xml"), "--format", "xml")
    assert not (tmp_path / "x.xml").exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--out", "rows.xlsx"), ".xlsx is none of them"),  # it wrote JSON lines into rows.xlsx
        (("--out", "rows.csv.gz"), ".gz is none of them"),
        (("--out", "rows.tsv", "--format", "csv"), ".tsv is none of them"),
        (("--out", "rows.csv", "--format", "jsonl"), "rows.csv names a CSV file, but the format is jsonl"),
        (("--out", "rows.jsonl", "-f", "csv"), "rows.jsonl names a JSON lines file, but the format is csv"),
    ],
)
def test_export_refuses_a_name_that_announces_another_format(run, tmp_path, args, said):
    assert_one_line_error(run("export", str(PG_SAVE), *args), said)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["rows.json", "rows.ndjson", "rows"])
def test_export_writes_json_lines_under_a_json_or_plain_name(run, tmp_path, name):
    result = run("export", str(PG_SAVE), "--out", name)
    assert result.returncode == 0, result.stderr
    assert f"to {name} (jsonl)" in result.stdout
    first = (tmp_path / name).read_text().splitlines()[0]
    assert json.loads(first)["index"] == 1


def test_export_parquet_as_the_file_is_named(run, tmp_path, pg_replay):
    """``--out FILE.parquet`` writes Parquet (it wrote JSON lines into the file), its numbers
    typed and the scores spread as in CSV; the format and the name must agree."""
    pq = pytest.importorskip(
        "pyarrow.parquet", reason="the optional extra: pip install 'turbine-games[parquet]'"
    )
    result = run("export", str(PG_SAVE), "--out", "rows.parquet")
    assert result.returncode == 0, result.stderr
    assert "(parquet)" in result.stdout
    table = pq.read_table(tmp_path / "rows.parquet")
    assert table.column_names == [*cli_export.COLUMNS, "score_1", "score_2", "score_3", "score_4"]
    assert str(table.schema.field("index").type) == "int64"
    assert table.num_rows == len(pg_replay)
    last = table.slice(len(pg_replay) - 1).to_pylist()[0]
    assert [last[f"score_{seat}"] for seat in range(1, 5)] == pg_replay.scores(len(pg_replay))
    assert_one_line_error(run("export", str(PG_SAVE), "--out", "r.parquet", "-f", "csv"), "Parquet")
    assert_one_line_error(run("export", str(PG_SAVE), "-f", "parquet"), "--out FILE.parquet")
    assert not (tmp_path / "r.parquet").exists()


# -- python -m turbine --------------------------------------------------------------------------


def test_python_m_turbine_is_the_turbine_command():
    """Run from the source tree, so that an editable install made before turbine/__main__.py
    existed passes too; tests/test_packaging.py checks that the wheel ships it."""
    result = subprocess.run(
        [sys.executable, "-m", "turbine", "--version"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert re.fullmatch(r"turbine \S+\n", result.stdout)


@needs_sparks
def test_step_with_verify_checks_the_file_first(run, tmp_path):
    good = tmp_path / "good.json"
    good.write_bytes(SPARKS_SAVE.read_bytes())
    result = run("replay", good.name, "--step", "--verify", input="q\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Verified: the log digest matches the setup and 42 actions")
    data = json.loads(SPARKS_SAVE.read_text())
    data["log"][0]["notation"] = "open 999"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert_one_line_error(run("replay", bad.name, "--step", "--verify", input="q\n"), "action 1", "open 999")


def test_the_stepper_shows_the_game_s_views_at_the_step(run, pg_replay):
    """``view NAME`` (or ``NAME`` alone) draws one of the game's views as it stood after
    the step; ``view`` lists them, an unknown one is refused and the stepper stays put."""
    script = ["12", "view market", "resources", "view", "view nothing", "q"]
    result = run("replay", str(PG_SAVE), "--step", input="\n".join(script) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    game = pg_replay.game
    views = game.views()
    assert {"market", "resources"} <= set(views)
    at_12 = output.game_text(game.rules.render_view(pg_replay.state(12), None, "market")).plain
    assert "Power Grid: Russia & Japan · step 12 · market" in out
    assert all(line in out for line in at_12.splitlines())
    assert "Power Grid: Russia & Japan · step 12 · resources" in out
    assert f"views: {', '.join(views)}" in out
    assert f"'nothing' is no view; views: {', '.join(views)}" in out
    assert prompts(out) == [0, 12, 12, 12, 12, 12]


def test_the_stepper_s_hint_sets_a_bot_s_move_beside_the_one_played(run, pg_replay):
    """``hint`` at a step: what a bot would have played instead of that move, from the
    position before it (greedy, which played that seat, agrees with its own move), its
    seed the game's and the moves made before it."""
    game = pg_replay.game
    entry = pg_replay.entry(40)
    assert game.seats[entry.seat].kind == "greedy"
    before = pg_replay.state(39)
    legal = game.rules.legal_actions(before)
    random = seat_bot(game.registry.bot("random", "power_grid"), game.rules, entry.seat, game.seed + 39)
    chosen = random.choose(before, legal)
    if chosen == game.rules.action_from_data(entry.action):
        said = "random would have played the same move."
    else:
        said = f"random would have played {game.rules.choice_text(before, chosen)}."
    script = ["hint", "40", "hint", "hint random", "hint wizard", "q"]
    out = run("replay", str(PG_SAVE), "--step", input="\n".join(script) + "\n").stdout
    move = f"Move 40, Seat {entry.seat + 1} · {game.seats[entry.seat].name}: {entry.notation}."
    assert "Step 0 is the start, before any move: go to a move first (Enter)." in out
    assert f"{move} greedy would have played the same move." in out
    assert f"{move} {said}" in out
    assert "no bot 'wizard' plays Power Grid: Russia & Japan; bots: greedy, mcts, random" in out
    assert headers(out) == [0, 40]  # a hint moves nowhere


def test_the_stepper_s_hints_take_the_bots_settings(run):
    """``--bot-option`` sets the bots ``hint`` asks (only the stepper asks them)."""
    result = run(
        "replay", str(PG_SAVE), "--step", "--bot-option", "mcts.iterations=3", input="40\nhint mcts\nq\n"
    )
    assert result.returncode == 0, result.stderr
    assert re.search(
        r"Move 40, Seat \d · [^:]+: build Volgograd \(16\)\. mcts would have played ", result.stdout
    )
    assert_one_line_error(
        run("replay", str(PG_SAVE), "--step", "--bot-option", "mcts.speed=3"),
        "bot 'mcts' has no option 'speed'",
    )
    assert_one_line_error(run("replay", str(PG_SAVE), "--bot-option", "mcts.iterations=3"), "add --step")


def test_the_stepper_help_wraps_under_its_column_at_80(run):
    """Its long texts wrapped back to the left edge under the commands at 80 columns."""
    result = run("replay", str(PG_SAVE), "--step", "--width", "80", input="help\n")
    shown = result.stdout[result.stdout.index("Commands (one a line):") :].split("[0/")[0].splitlines()[1:]
    assert all(len(line) <= 80 for line in shown)
    assert all(line.startswith("  ") and (line[2] != " " or line.startswith(" " * 21)) for line in shown), (
        shown
    )
    assert any(line.startswith(" " * 21) for line in shown)
    assert any("another of the players' counts" in line for line in shown)  # one text, flowed
