"""``turbine show FILE --scores``: each seat's score by source, fitted to the width, and
the same table at the end of ``demo``.  The saves are the golden ones (read only)."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import assert_one_line_error, run_cli

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "format2"
BARRAGE = GOLDEN / "barrage-full-2p.json"
POWER_GRID = GOLDEN / "power_grid-russia-2p.json"


def test_barrage_scores_by_source(tmp_path):
    """B-20's sources and the round scoring's, adding up to the saved final scores (41, 16);
    sources that gave nobody anything are named under the table, not shown."""
    result = run_cli("show", str(BARRAGE), "--scores", "--width", "120", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = [line.rstrip() for line in result.stdout.splitlines()]
    assert lines == [
        "Final scores",
        "seat                            start  energy track  no energy  income"
        "  objective  resources  water  VP",
        "Seat 1 · France · Greedy bot 1     10             6        -12      16"
        "         15          2      4  41  winner",
        "Seat 2 · USA · Random bot 2        10             0        -10       0"
        "         10          4      2  16",
        "VP is the sum of the sources; nothing from bonus tiles, contracts, conduit fees, advanced tiles",
        "Winner: Seat 1 · France · Greedy bot 1",
    ]


def test_power_grid_scores_are_the_ranking(tmp_path):
    """P-9.3: cities powerable, then money, then cities: a ranking, so no total column."""
    result = run_cli("show", str(POWER_GRID), "--scores", "--width", "120", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = [line.rstrip() for line in result.stdout.splitlines()]
    assert lines == [
        "Final scores",
        "seat                   cities powerable  money  cities",
        "Seat 1 · Greedy bot 1                18     74      21  winner",
        "Seat 2 · Random bot 2                 1      1       1",
        "ranked by cities powerable, then money, then cities",
        "Winner: Seat 1 · Greedy bot 1",
    ]


def test_a_narrow_console_turns_the_table(tmp_path):
    """Too narrow for a column per source: a row per source, a column per seat; no line
    is wider than the console, and every number is whole."""
    result = run_cli("show", str(BARRAGE), "--scores", "--width", "40", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 40
    rows = {line.split("  ")[0]: line.split() for line in lines if line[:1].isalpha()}
    assert rows["no energy"][-2:] == ["-12", "-10"]
    assert rows["VP"][-2:] == ["41", "16"]
    assert "…" not in result.stdout
    # the winner marked under its own column, in a row after the total: in a wrapped heading
    # "winner" ended beside the next seat's name
    vp = next(line for line in lines if line.startswith("VP "))
    mark = lines[lines.index(vp) + 1]
    assert mark.strip() == "winner" and mark.rstrip().endswith("winner")
    assert vp.rstrip().endswith("16") and len(mark.rstrip()) < len(vp.rstrip())


def test_scores_as_json(tmp_path):
    result = run_cli("show", str(BARRAGE), "--scores", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["ranked"] is False and data["score_name"] == "VP" and data["winners"] == [1]
    assert data["sources"][0] == "start" and "water" in data["sources"]
    assert [sum(seat["points"].values()) for seat in data["seats"]] == [41, 16]
    assert [seat["total"] for seat in data["seats"]] == [41, 16]
    assert data["seats"][0]["name"] == "Seat 1 · France · Greedy bot 1"


def test_a_bad_file_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "bad.json").write_text("{}")
    assert_one_line_error(run_cli("show", "bad.json", "--scores", cwd=tmp_path), "not a turbine save")
    assert_one_line_error(run_cli("show", "gone.json", "--scores", cwd=tmp_path), "no such file")


def test_demo_ends_with_the_table_and_the_winner(tmp_path):
    result = run_cli("demo", "barrage", "--players", "2", "--seed", "1", "--out", "d.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    end = result.stdout[result.stdout.rindex("Final scores") :]
    assert "VP is the sum of the sources" in end and "Winner: Seat" in end
    shown = run_cli("show", "d.json", "--scores", cwd=tmp_path)  # the save tells the same table
    assert shown.stdout.strip() in result.stdout


def test_in_a_narrow_terminal_a_figure_stays_with_its_name(tmp_path):
    """Each seat on lines of its own, broken between sources only (``buildings 14, VP`` /
    ``25`` parted a total from its name)."""
    result = run_cli("show", str(BARRAGE), "--scores", "--width", "24", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    at = lines.index("Final scores")
    seats = lines[at + 1 : next(i for i, line in enumerate(lines) if line.startswith("VP is the sum"))]
    assert len(seats) > 2 and max(map(len, seats)) <= 24
    for line in seats:
        assert not line.strip()[0].isdigit() and not line.strip().startswith("-"), line
    assert "VP 41" in " ".join(seats) and "VP 16" in " ".join(seats)
