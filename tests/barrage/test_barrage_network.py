"""The ``network`` view (B-11.1, B-11.2): which dams reach which powerhouses through
which conduits, and the energy a production would give now, as the engine counts it."""

from __future__ import annotations

import pytest
from barrage_setup import clear_map, conduit, dam, forget_legal, neutral_dam, new_game, play, powerhouse
from turbine.core import ParseError

USA, GER, ITA, FRA = range(4)
FEE = "(per water: 1 credit and 1 VP to its owner, B-11.2)"
"""Another's conduit: its fee, and the VP its owner gains (B-11.2 step 7)."""


def position():
    """USA: a dam at B5U (2 water) with its own value-3 conduit to its powerhouse in Z-8;
    a neutral dam at B6L (2 water) with Italy's value-4 conduit to USA's powerhouse in Z-9;
    an empty dam at B9U whose conduit leads where USA has no powerhouse.  Two powerhouses
    built: the board bonus is +1 (B-6.2.3)."""
    g = new_game(4)
    clear_map(g)
    dam(g, "B5U", USA, 2, 2)
    conduit(g, "C5L", USA)  # value 3, Z-5 -> Z-8
    powerhouse(g, "P8_0", USA)
    neutral_dam(g, "B6L", 2, 2)
    conduit(g, "C6L", ITA)  # value 4, Z-6 -> Z-9
    powerhouse(g, "P9_0", USA)
    dam(g, "B9U", USA, 1, 0)
    conduit(g, "C9L", USA)  # value 1, Z-9 -> Z-11
    forget_legal(g)
    return g


def network(g, arg: str = "") -> list[str]:
    return [line.strip() for line in g.rules.render_view(g.state, None, "network", arg).splitlines()]


def route(lines: list[str], conduit_id: str) -> str:
    return next(line for line in lines if line.startswith(conduit_id + " "))


def test_the_view_is_listed_with_the_others():
    assert "network" in new_game(4).rules.views()


def test_each_dam_its_conduits_and_the_energy_of_each_amount():
    """B-11.2 steps 3–4 with no action modifier: markers × value + the board bonus +1;
    B-11.1.2: the neutral dam counts; B-11.2 step 7: Italy's conduit costs a fee."""
    lines = network(position())
    assert lines[0].startswith("Network of USA (Player 1): energy with no action modifier")
    assert "P8_0 (Z-8), P9_0 (Z-9) · board bonus +1 · 6 credits" in lines[1]
    assert "dam B5U (Z-5, height 2, 2/2 water)" in lines
    assert route(lines, "C5L") == "C5L value 3 own → Z-8 (P8_0 own): 1 water 4 energy, 2 water 7 energy"
    assert route(lines, "C5R") == "C5R value 4 → Z-10: not built, no route"
    assert "neutral dam B6L (Z-6, height 2, 2/2 water)" in lines
    assert route(lines, "C6L") == (
        f"C6L value 4 Italy → Z-9 (P9_0 own): 1 water 5 energy, 2 water 9 energy {FEE}"
    )
    assert "dam B9U (Z-9, height 1, no water)" in lines
    assert route(lines, "C9L") == "C9L value 1 own → Z-11 (no powerhouse): no own powerhouse there, no route"


def test_the_production_being_chosen_adds_its_modifier_and_agrees_with_the_menu():
    """B-10.3.1: the +1 row; the view's energies are those the amount menu offers."""
    g = position()
    play(g, "place TS2L")  # production +1
    lines = network(g)
    assert "for the production being chosen (action modifier +1)" in lines[0]
    assert route(lines, "C5L").endswith(": 1 water 5 energy, 2 water 8 energy")
    assert route(lines, "C6L").endswith(f": 1 water 6 energy, 2 water 10 energy {FEE}")
    shown = {g.rules.describe(a): g.rules.choice_text(g.state, a) for a in g.legal()}
    assert shown["produce B5U C5L"] == "produce B5U C5L  (1–2 water: 5–8 energy; can fulfil SC-1)"
    assert shown["produce B6L C6L"] == (
        "produce B6L C6L  (1–2 water: 6–10 energy; 1 credit and 1 VP per water to Italy; can fulfil SC-1)"
    )
    play(g, "produce B6L C6L")
    shown = [g.rules.choice_text(g.state, a) for a in g.legal()]
    assert shown == [  # B-11.2 step 7: the fee; step 9: SC-1 needs 3 energy (B-13.3)
        "water 1  (6 energy; 1 credit and 1 VP to Italy; can fulfil SC-1)",
        "water 2  (10 energy; 2 credits and 2 VP to Italy; can fulfil SC-1)",
    ]


def test_the_fee_paid_in_advance_caps_the_water():
    """U-24: with 1 credit, 1 marker through Italy's conduit; with none, no production there."""
    g = position()
    g.state.players[USA].credits = 1
    lines = network(g)
    assert route(lines, "C6L").endswith(f": 1 water 5 energy {FEE}")
    g.state.players[USA].credits = 0
    assert route(network(g), "C6L").endswith(": no credits for the fee of 1 per marker")


def test_another_seat_and_its_errors():
    g = position()
    lines = network(g, "2")
    assert lines[0].startswith("Network of Germany (Player 2)")
    assert lines[-1] == "no dam of its own, and no neutral dam reaching one of its powerhouses"
    with pytest.raises(ParseError, match="seat number from 1 to 4"):
        network(g, "5")


def test_germanys_second_production_has_no_bonus_and_not_the_same_powerhouse():
    """B-15.4, B-11.2 step 4: the repeat has no board bonus and no action modifier, and
    another powerhouse than the first production's (B-15.4.1); menu and view agree."""
    from turbine.plugins.barrage.decisions import ChooseRepeat

    g = position()
    g.state.flow.pending.append(ChooseRepeat(seat=USA, basin=8, dam=-1, optional=True))
    forget_legal(g)
    lines = network(g)
    assert "for the second production (no board bonus, B-15.4)" in lines[0]
    assert route(lines, "C5L") == "C5L → Z-8: the first production's powerhouse, not again"
    assert route(lines, "C6L").endswith(f": 1 water 4 energy, 2 water 8 energy {FEE}")
    shown = [g.rules.choice_text(g.state, a) for a in g.legal()]
    assert shown == [
        "produce B6L C6L  (1–2 water: 4–8 energy; 1 credit and 1 VP per water to Italy; can fulfil SC-1)",
        "skip  (no second production)",
    ]
