"""The introductory game's columns (B-4.3, U-2): one column per seat, no fewer, no more."""

from __future__ import annotations

import pytest
from barrage_setup import new_game
from turbine.core import BadOptions


@pytest.mark.parametrize("columns", [[2], [0, 1, 2]], ids=["fewer", "more"])
def test_U_2_intro_columns_name_exactly_one_column_per_seat(columns):
    """B-4.3.2 (U-2): a 2-player introductory game with 1 or 3 columns named is refused as a
    bad option (one line, exit 2 at the command line), not a crash."""
    with pytest.raises(BadOptions, match=f"intro_columns names {len(columns)} columns for 2 players"):
        new_game(2, intro_columns=columns)


def test_U_2_three_seats_take_the_columns_named_in_seat_order():
    """B-4.3, B-4.3.2 (U-2): 3 seats with columns France, USA, Italy get those companies,
    officers and starting contracts, in seat order."""
    g = new_game(3, intro_columns=[3, 0, 2])
    assert [(p.company, p.officer, p.contracts) for p in g.state.players] == [
        ("CO-FRA", "EO-VF", ["SC-4"]),
        ("CO-USA", "EO-WA", ["SC-1"]),
        ("CO-ITA", "EO-SJ", ["SC-3"]),
    ]


@pytest.mark.parametrize("moved", ["production", "contracts"])
def test_B_10_2_a_board_file_out_of_order_is_refused(monkeypatch, moved):
    """B-10.2: the legal placements keep the management board's order (production spaces
    first, the contract office last), so a board listed otherwise is refused at setup
    instead of changing the order of every legal-move list."""
    from turbine.plugins.barrage import rules, tables

    spaces = tables.management_spaces()
    first = next(s for s in spaces if s.kind == moved)
    rest = tuple(s for s in spaces if s is not first)
    reordered = (*rest, first) if moved == "production" else (first, *rest)
    monkeypatch.setattr(rules, "management_spaces", lambda: reordered)
    with pytest.raises(ValueError, match="production spaces first, contract office last"):
        new_game(2)
