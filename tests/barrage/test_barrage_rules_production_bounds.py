"""Production spaces at the edge of a seat's credits (B-10.3, B-11.2, U-24): the space's own
credits, then a foreign conduit's fee out of what is left.

Each case is an introductory game on a blank map; the outcome is the list of production
spaces the game offers.
"""

from __future__ import annotations

from barrage_setup import clear_map, conduit, dam, forget_legal, legal_text, neutral_dam, new_game, powerhouse

USA, GER = 0, 1


def _productions(g) -> list[str]:
    forget_legal(g)
    return [m for m in legal_text(g) if m.startswith("place TS")]


def test_B_10_3_a_production_space_costing_3_credits_needs_3_credits():
    """B-10.3, B-7.4: the right-hand production spaces TS1R–TS4R cost 3 credits (TS5R none).
    USA's own system (1 marker, value 3) makes energy on every row; with 3 credits every
    space is offered, with 2 the four that cost 3 are not."""
    g = new_game(4)
    clear_map(g)
    dam(g, "B5U", USA, 1, 1)
    conduit(g, "C5L", USA)  # value 3, Z-5 -> Z-8
    powerhouse(g, "P8_0", USA)
    everything = [f"place TS{row}{side}" for row in range(1, 6) for side in "LR"]
    g.state.players[USA].credits = 3
    assert _productions(g) == everything
    g.state.players[USA].credits = 2
    assert _productions(g) == [
        m for m in everything if m not in {"place TS1R", "place TS2R", "place TS3R", "place TS4R"}
    ]


def test_U_24_a_foreign_conduit_fee_is_paid_from_what_the_space_leaves():
    """U-24, B-11.2 step 2, B-10.3: through Germany's conduit a marker costs 1 credit.  With 3
    credits USA can pay TS1R (3 credits) but then not the fee: only the free spaces are
    offered; with 4 credits TS1R–TS4R are offered too."""
    g = new_game(4)
    clear_map(g)
    neutral_dam(g, "B5L", 1, 1)
    conduit(g, "C5L", GER)  # value 3
    powerhouse(g, "P8_0", USA)
    free = ["place TS1L", "place TS2L", "place TS3L", "place TS4L", "place TS5L", "place TS5R"]
    g.state.players[USA].credits = 3
    assert _productions(g) == free
    g.state.players[USA].credits = 4
    assert _productions(g) == [f"place TS{row}{side}" for row in range(1, 6) for side in "LR"]


def test_B_7_9_a_production_space_taken_by_another_seat_is_not_offered():
    """B-7.9: a space holding another company's engineers is closed this round, the turbine
    station's as any other."""
    g = new_game(4)
    clear_map(g)
    dam(g, "B5U", USA, 1, 1)
    conduit(g, "C5L", USA)
    powerhouse(g, "P8_0", USA)
    g.state.players[USA].credits = 3
    g.state.spaces[g.rules.space_index["TS1L"]] = GER
    assert "place TS1L" not in _productions(g) and "place TS1R" in _productions(g)
