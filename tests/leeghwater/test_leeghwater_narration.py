"""What the expansion says aloud of the steps carried out for a player: the Loan Agency's
only work (L-8.4), the architect's extra turn asked without a copy's words (L-12.4.2) and the
external works that leave and come up at a round's end (L-13.1).  Each line is asserted
whole, as a player reads it.  The helpers are those of ``test_leeghwater_rules.py``."""

from __future__ import annotations

from test_leeghwater_rules import activate, drafted, put_building, rich, show_work, tommaso, top
from turbine.core.errors import IllegalAction
from turbine.plugins.barrage.actions import Ext, Pass, Place
from turbine.plugins.barrage.decisions import ExtraAction
from turbine.plugins.leeghwater import scoring


def test_L_8_4_the_loan_agency_s_only_work_is_said_with_its_price():
    """L-8.4: with 10 credits only EW-T203 (5 units: 10 credits) can be taken; the engine
    takes it for the player, and the line said kept the work's name but lost its price."""
    g = drafted(3)
    seat = g.to_move
    put_building(g, "PB-04")
    activate(g, seat)
    rich(g, seat, credits=10, exc=0, mix=0)
    for slot, work in enumerate(("EW-T203", "EW-T200", "EW-T202")):  # 10, 12 and 12 credits
        show_work(g, work, slot)
    g.reset_caches()
    g.play(Ext("use", "PB-04"))
    name = g.rules.company(g.state, seat).name
    assert g.told[0] == (
        f"{name} takes external work EW-T203 at the Loan Agency (the only one it can): 10 credits "
        "instead of 3 excavators + 2 mixers, for 6 VP + 2 water (flows) (L-8.4)"
    )
    assert g.state.players[seat].credits == 0 and g.state.ext.leeghwater.ew_display[0] == ""


def test_L_8_4_a_loan_chosen_from_several_works_is_asked():
    """L-8.4: with two works affordable the player chooses; nothing is said for them."""
    g = drafted(3)
    seat = g.to_move
    put_building(g, "PB-04")
    activate(g, seat)
    rich(g, seat, credits=12, exc=0, mix=0)
    for slot, work in enumerate(("EW-T203", "EW-T200", "EW-T202")):
        show_work(g, work, slot)
    g.reset_caches()
    g.play(Ext("use", "PB-04"))
    assert top(g).kind == "lw_loan" and not [line for line in g.told if "Loan Agency" in line]


def test_L_12_4_2_the_architect_s_extra_turn_is_not_asked_as_a_copy():
    """L-12.4.2: the turn the architect gives was asked as "the action that follows the copy",
    Mahiri's words, of a player who copied no one."""
    g, seat = tommaso()
    one = next(
        a
        for a in g.legal()
        if type(a) is Place and g.rules.spaces[g.rules.space_index[a.space]].engineers == 1
    )
    g.play(one)
    while top(g) is not None and top(g).kind != "lw_architect":
        g.play(g.legal()[0])
    g.play(Ext("architect"))
    assert top(g).kind == "extra" and g.to_move == seat
    said = "one more action at once: place engineers on an action space"
    assert g.rules.question(g.state) == said
    refused = top(g).refuse(g.rules, g.state, Pass())
    assert isinstance(refused, IllegalAction)
    engineers = g.state.players[seat].engineers
    assert engineers > 0
    assert refused.rule == "B-7.7"  # L-12.4.4: the extra turn is a normal turn
    assert refused.reason.startswith(f"you still have {engineers} engineers: ")
    assert "copy" not in refused.reason


def test_L_12_4_4_an_architect_s_extra_turn_without_engineers_is_skipped_not_passed():
    """L-12.4.4: with no engineer left the architect's turn has nothing to place; it is
    skipped (``pass`` would end his round, B-7.6)."""
    g, seat = tommaso()
    one = next(
        a
        for a in g.legal()
        if type(a) is Place and g.rules.spaces[g.rules.space_index[a.space]].engineers == 1
    )
    g.play(one)
    while top(g) is not None and top(g).kind != "lw_architect":
        g.play(g.legal()[0])
    g.play(Ext("architect"))
    g.state.players[seat].engineers = 0
    g.reset_caches()
    assert [g.rules.describe(a) for a in g.legal()] == ["skip"]
    refused = top(g).refuse(g.rules, g.state, Pass())
    assert isinstance(refused, IllegalAction) and refused.rule == "B-7.6"
    assert refused.reason.startswith("'pass' is not legal now: ")


def test_B_16_7_3_mahiri_s_action_after_her_copy_keeps_its_words():
    """B-16.7.3: the action after Mahiri's copy is still asked as such."""
    g = drafted(3)
    g.state.players[g.to_move].copy = "EO-TB"  # Mahiri copied Tommaso (B-16.7.2)
    g.state.flow.pending.append(ExtraAction(seat=g.to_move))
    assert g.rules.question(g.state) == "the action that follows the copy"
    refused = top(g).refuse(g.rules, g.state, Pass())
    assert isinstance(refused, IllegalAction) and refused.rule == "B-16.7.3"


def test_L_13_1_the_round_end_says_the_works_that_leave_and_those_that_come_up():
    """L-13.1: the works still face up go back to the box, 3 new ones come up; nothing
    said it."""
    g = drafted(3)
    s = g.state.ext.leeghwater
    left = [w for w in s.ew_display if w][:2]
    s.ew_display = [left[0], "", left[1]]  # one was taken this round
    a, b = list(s.ew_stacks[0]), list(s.ew_stacks[1])
    with g.rules.narrating() as told:
        scoring.end_of_round(g.rules, g.state)
    assert told == [
        f"External works (L-13.1): {left[0]} and {left[1]} go back to the box; "
        f"now offered: {a[-1]}, {a[-2]}, {b[-1]}"
    ]


def test_L_13_1_a_display_emptied_in_the_round_says_only_the_new_works():
    """L-13.1: every work was taken: only the new ones are said."""
    g = drafted(3)
    s = g.state.ext.leeghwater
    s.ew_display = ["", "", ""]
    a, b = list(s.ew_stacks[0]), list(s.ew_stacks[1])
    with g.rules.narrating() as told:
        scoring.end_of_round(g.rules, g.state)
    assert told == [f"External works (L-13.1): now offered: {a[-1]}, {a[-2]}, {b[-1]}"]


def test_L_13_1_one_work_left_goes_back_alone():
    """L-13.1: a single work left on the display is said in the singular."""
    g = drafted(3)
    s = g.state.ext.leeghwater
    kept = next(w for w in s.ew_display if w)
    s.ew_display = ["", kept, ""]
    with g.rules.narrating() as told:
        scoring.end_of_round(g.rules, g.state)
    assert told[0].startswith(f"External works (L-13.1): {kept} goes back to the box; now offered: ")


def test_the_netherlands_wheel_is_said_in_english():
    """B-8.4.1 for the Netherlands (L-11): ``Netherlands' wheel``, not ``Netherlands's``."""
    g = drafted(3)
    netherlands = next(s for s in range(3) if g.rules.company(g.state, s).name == "Netherlands")
    with g.rules.narrating() as told:
        g.rules.rotate_wheel(g.state, netherlands, 1, turned=True)
    assert told and told[0].startswith("Netherlands' wheel turns 1 sector"), told
