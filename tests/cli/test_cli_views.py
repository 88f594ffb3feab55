"""``turbine show FILE --view NAME``: a game's own views from the command line."""

from __future__ import annotations

from cli_helpers import assert_one_line_error


def test_show_a_view_list_them_and_refuse_unknown_ones(run):
    made = run("new", "barrage", "--out", "b.json", "-o", "mode=full", "--seats", "greedy,greedy,human")
    assert made.returncode == 0, made.stderr
    listed = run("show", "b.json", "--view", "list")
    assert listed.returncode == 0 and listed.stdout.split()[0] == "map"
    assert "company" in listed.stdout and "contracts" in listed.stdout
    one = run("show", "b.json", "--view", "company 2")
    assert one.returncode == 0, one.stderr
    assert "supply:" in one.stdout and one.stdout.count("supply:") == 1  # seat 2's company only
    assert_one_line_error(run("show", "b.json", "--view", "company 7"), "seat number from 1 to 3")
    assert_one_line_error(run("show", "b.json", "--view", "sky"), "not a view of Barrage", "map")


def test_show_refuses_two_things_instead_of_the_board(run, tmp_path):
    """``--scores --svg`` drew the picture and left the scores out without a word."""
    made = run("new", "barrage", "--out", "b.json", "--seats", "greedy,human")
    assert made.returncode == 0, made.stderr
    assert_one_line_error(
        run("show", "b.json", "--scores", "--svg", "s.svg"), "--svg and --scores", "give one"
    )
    assert_one_line_error(run("show", "b.json", "--view", "map", "--scores"), "--scores and --view")
    assert_one_line_error(run("show", "b.json", "--json", "--view", "map"), "not a view")
    assert_one_line_error(run("show", "b.json", "--json", "--svg", "s.svg"), "not a picture")
    assert not (tmp_path / "s.svg").exists()
    assert run("show", "b.json", "--json", "--scores").returncode == 0  # the scores as JSON
