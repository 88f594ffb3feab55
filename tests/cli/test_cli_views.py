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
