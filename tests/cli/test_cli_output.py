"""How move lists are shown: runs of numbered moves fold into one line."""

from __future__ import annotations

from turbine.cli.output import group_runs


def test_runs_of_bids_fold_and_other_moves_stay():
    numbered = list(enumerate(["bid 7", "bid 8", "bid 9", "bid 10", "drop out"], start=1))
    assert group_runs(numbered) == [(1, 4, "bid 7…10"), (5, 5, "drop out")]


def test_short_runs_and_gaps_are_not_folded():
    numbered = [
        (1, "build Omsk (10)"),
        (2, "build Tomsk (12)"),
        (3, "open 1"),
        (4, "open 2"),
        (6, "open 3"),
        (7, "open 4"),
        (8, "open 5"),
        (9, "open 6"),
    ]
    assert group_runs(numbered) == [
        (1, 1, "build Omsk (10)"),
        (2, 2, "build Tomsk (12)"),
        (3, 3, "open 1"),
        (4, 4, "open 2"),
        (6, 9, "open 3…6"),
    ]


def test_option_values_json_plain_and_comma_lists():
    from pydantic import BaseModel
    from turbine.cli.common import parse_options

    class Options(BaseModel):
        regions: list[str] | None = None
        rounds: int = 4
        map: str = "russia"

    assert parse_options(Options, ["regions=red, yellow", "rounds=5", "map=japan"]) == {
        "regions": ["red", "yellow"],
        "rounds": 5,
        "map": "japan",
    }
    assert parse_options(Options, ['regions=["red"]']) == {"regions": ["red"]}


def test_the_board_shows_the_games_notices(registry, monkeypatch, capsys):
    from turbine.cli import output
    from turbine.core import Game
    from turbine_sparks.game import SparksRules

    monkeypatch.setattr(SparksRules, "notices", lambda self, state: ["the deck is getting thin"])
    output.board(Game(registry, "sparks", players=2, seed=1), None)
    assert "Note: the deck is getting thin" in capsys.readouterr().out


def test_a_long_line_breaks_where_it_still_reads_whole():
    """Text views wrap at spaces, keeping a number with its words (``Seat 6``,
    ``holds 1 oil``) and a plant's parentheses together, when a later space allows."""
    from turbine.cli.output import wrap

    order = "Player order: 1st Seat 1, 2nd Seat 4, 3rd Seat 2 · to move: Seat 6"
    assert wrap(order, 62) == ["Player order: 1st Seat 1, 2nd Seat 4, 3rd Seat 2 · to move:", "    Seat 6"]
    plants = "Seat 6: plants 9(1 oil→1) 16(2 oil→3) 28(1 uranium→4), holds 1 oil"
    assert wrap(plants, 50) == ["Seat 6: plants 9(1 oil→1) 16(2 oil→3)", "    28(1 uranium→4), holds 1 oil"]
    assert wrap("aaaa bbbb cccc dddd ee 3 oil", 26) == ["aaaa bbbb cccc dddd", "    ee 3 oil"]
    # the row of the seat to move wraps as its neighbours do
    assert wrap("▶ Seat 6: 9 Elektro, 3 cities", 20) == ["▶ Seat 6: 9 Elektro,", "      3 cities"]
    assert wrap("  Seat 5: 9 Elektro, 3 cities", 20) == ["  Seat 5: 9 Elektro,", "      3 cities"]
    assert wrap("aaaa bbbb cccc dddd Seat 1, eeee", 26) == ["aaaa bbbb cccc dddd", "    Seat 1, eeee"]
    cities = "yellow: Tomsk (Seat 1), Barnaul (Seat 1)"
    assert wrap(cities, 33) == ["yellow: Tomsk (Seat 1),", "    Barnaul (Seat 1)"]
    # a better space is looked for in the line's last third only: no line shorter than that
    assert wrap("aaaaaaaaaaaaaaaa bbbb 1 2 3 4 5 6", 30) == ["aaaaaaaaaaaaaaaa bbbb 1 2 3 4", "    5 6"]
    # no better space in the line's last third: the last space, as before
    assert wrap("a 12345678901234 5", 17) == ["a 12345678901234", "    5"]
    # no space at all: the word is broken
    assert wrap("abcdefghijkl", 8) == ["abcdefgh", "    ijkl"]
    # a payment's counts stay together (it broke as "pay 2e 0m" / "0c")
    assert wrap("at C10R · tile conduit · pay 2e 0m 0c (last 2: only choices)", 50) == [
        "at C10R · tile conduit · pay 2e 0m 0c (last 2:",
        "    only choices)",
    ]
    # inside brackets too, when no space outside them will do (it broke as "left 0e 4m" / "5c)")
    choice = "  1. pay 6e 0m 0c  (no credits; wheel: 6 excavators + tile conduit; left 0e 4m 5c)"
    assert wrap(choice, 80, hang="      ") == [
        "  1. pay 6e 0m 0c  (no credits; wheel: 6 excavators + tile conduit;",
        "        left 0e 4m 5c)",
    ]
    # a refusal's rule stays with its last words (it was left alone on the last line)
    assert wrap(
        "you cannot place there: the right space needs 2 engineers and you have none [B-9.1]", 80
    ) == [
        "you cannot place there: the right space needs 2 engineers and you have",
        "    none [B-9.1]",
    ]
    refusal = "you cannot place on CO3L: the right space needs 2 engineers and you have 1 [B-9.1]"
    assert wrap(refusal, 76) == [
        "you cannot place on CO3L: the right space needs 2 engineers and you",
        "    have 1 [B-9.1]",
    ]


def test_wrapping_counts_terminal_columns_so_wide_characters_are_never_cut():
    """A CJK character takes two columns: a name of 24 of them wraps like any other
    (it was cut at the terminal's edge, the move after it lost)."""
    from rich.cells import cell_len
    from turbine.cli.output import wrap

    line = f"Seat 2 · {'漢' * 24}: bid 4"
    for width in (30, 40, 60):
        lines = wrap(line, width)
        assert all(cell_len(part) <= width for part in lines), lines
        assert "".join("".join(part.split()) for part in lines) == "".join(line.split())  # nothing lost
    assert wrap(line, 64) == [line]  # 64 columns, though 39 characters
    assert wrap("漢漢漢", 1) == ["漢", "漢", "漢"]  # a character too wide for the room still moves on


def test_no_line_written_to_a_pipe_ends_in_spaces(run, new_game):
    """rich left the space a wrapped sentence broke at, and a table's padding, at the end of
    lines (simulate's summary, tournament's table and notes, upgrade's line), which a script
    comparing the output sees."""
    new_game("g.json", "random,random", moves=["open 2"])
    narrow = {"COLUMNS": "50"}
    for command in (
        ("simulate", "barrage", "-n", "2"),
        ("tournament", "power_grid", "--bots", "random,greedy", "-n", "2"),
        ("upgrade", "g.json"),
        ("show", "g.json"),
        ("variants",),
    ):
        result = run(*command, env=narrow)
        assert result.returncode == 0, (command, result.stderr)
        ending = [line for line in result.stdout.splitlines() if line.endswith(" ")]
        assert not ending, (command, ending)
        assert len(result.stdout.splitlines()) > 1, command
