"""The short table of ``turbine variants``, line by line, from variants made up here:
the columns, a game of one player count, one without options, expansions or bots, and
a terminal too narrow for the names."""

from __future__ import annotations

from typing import Any

from turbine.cli.variant_list import players_text, summary_lines


def info(ident: str, name: str, players: list[int], options: int, expansions=(), bots=()) -> dict[str, Any]:
    """A variant as ``variant_info`` gives it, with only what the table shows."""
    return {
        "id": ident,
        "name": name,
        "players": players,
        "options": [{"name": f"o{i}"} for i in range(options)],
        "expansions": [{"id": e} for e in expansions],
        "bots": list(bots),
    }


INFOS = [
    info("alpha", "Alpha", [2, 4], 12, ("ex", "tra"), ("greedy", "random")),
    info("beta_long", "The Beta Game", [3, 3], 1, (), ("random",)),
    info("gamma", "Gamma", [1, 1], 0),
]


def plain(lines: list[Any]) -> list[str]:
    return [line.plain for line in lines]


def test_two_lines_a_variant_in_columns_then_the_hint():
    assert plain(summary_lines(INFOS, 80)) == [
        "alpha      Alpha          2–4 players  12 options",
        "           expansions: ex, tra · bots: greedy, random",
        "beta_long  The Beta Game  3 players     1 option",
        "           bots: random",
        "gamma      Gamma          1 player     no options",
        "           bots: none",
        "",
        "A variant's options in full: turbine variants alpha",
    ]


def test_a_narrow_terminal_narrows_the_names_and_wraps_under_them():
    lines = plain(summary_lines(INFOS, 40))
    assert all(len(line) <= 40 for line in lines)
    assert lines[:4] == [
        "alpha      Alpha     2–4 players",
        "           12 options",
        "           expansions: ex, tra · bots:",
        "           greedy, random",
    ]


def test_no_variant_says_how_to_install_one():
    assert plain(summary_lines([], 80)) == [
        "No variants installed. Install a game plugin, e.g. pip install turbine-sparks."
    ]


def test_players():
    assert [players_text(p) for p in ([2, 4], [2, 2], [1, 1])] == ["2–4 players", "2 players", "1 player"]
