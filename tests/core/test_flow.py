"""The phase framework: each-once phases, until-all-pass phases, pending stack, hooks."""

from __future__ import annotations

import msgspec
import pluggy
from turbine.core import Auction, Flow, Phase, PhaseMachine, Turns
from turbine.core.hookspecs import PROJECT, GameSpecs, hookimpl


class Ask(msgspec.Struct):
    seat: int


class S(msgspec.Struct):
    flow: Flow[Ask] = msgspec.field(default_factory=Flow)
    log: list[str] = msgspec.field(default_factory=list)


def machine(**kwargs) -> PhaseMachine[S]:
    return PhaseMachine(
        [
            Phase("income", begin=lambda s: s.log.append("income")),
            Phase("buy", Turns.EACH_ONCE, order=lambda s: [2, 0, 1], end=lambda s: s.log.append("buy end")),
            Phase("act", Turns.UNTIL_ALL_PASS, order=lambda s: [0, 1, 2]),
        ],
        end_of_round=lambda s: s.log.append(f"round {s.flow.round} over"),
        game_over=lambda s: s.flow.round == 2 and s.flow.phase == 2,
        **kwargs,
    )


def test_automatic_phase_runs_then_first_seat_of_order_decides():
    m, s = machine(), S()
    m.start(s)
    assert s.log == ["income"]
    assert m.phase_name(s) == "buy" and m.to_move(s) == 2


def test_each_once_goes_to_first_seat_not_done():
    m, s = machine(), S()
    m.start(s)
    m.finish(s, 0)  # seat 0 finishes out of turn (e.g. won another's auction)
    assert m.to_move(s) == 2  # seat 2 still chooses
    m.finish(s)
    assert m.to_move(s) == 1
    m.finish(s)
    m.advance(s)
    assert s.log[-1] == "buy end" and m.phase_name(s) == "act" and m.to_move(s) == 0


def test_until_all_pass_rotates_past_passed_seats_and_ends_round():
    m, s = machine(), S()
    m.start(s)
    for _ in range(3):
        m.finish(s)
    m.advance(s)
    m.next_turn(s)  # seat 0 acts
    assert m.to_move(s) == 1
    m.finish(s)  # seat 1 passes
    assert m.to_move(s) == 2
    m.next_turn(s)
    assert m.to_move(s) == 0  # seat 1 is skipped from now on
    m.finish(s)
    assert m.to_move(s) == 2
    m.finish(s)
    m.advance(s)
    assert s.log[-2:] == ["round 1 over", "income"] and s.flow.round == 2


def test_pending_decision_is_decided_first():
    m, s = machine(), S()
    m.start(s)
    m.push(s, Ask(1))
    assert m.to_move(s) == 1
    m.pop(s)
    assert m.to_move(s) == 2


def test_game_over_stops_the_machine():
    m, s = machine(), S()
    m.start(s)
    for _round in range(2):
        for _ in range(3):
            m.finish(s)
        m.advance(s)
        if s.flow.over:
            break
        for _ in range(3):
            m.finish(s)
        m.advance(s)
    assert s.flow.over and m.to_move(s) is None and s.flow.round == 2


def test_boundary_hooks_fire_for_active_plugins():
    calls: list[tuple[str, str]] = []

    class Expansion:
        @hookimpl
        def turbine_phase_begin(self, rules, state, phase):
            calls.append(("begin", phase))

        @hookimpl
        def turbine_round_end(self, rules, state):
            calls.append(("round", str(state.flow.round)))

    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(GameSpecs)
    pm.register(Expansion())
    m, s = machine(hooks=pm.hook), S()
    m.start(s)
    assert calls == [("begin", "income"), ("begin", "buy")]


def test_auction_bidding_and_dropping_out():
    a = Auction.open(lot=13, opener=1, opening_bid=13, order=[0, 1, 2, 3])
    assert a.bidders == [1, 2, 3, 0] and a.seat == 2
    a.bid(14)
    assert a.seat == 3 and a.high_bidder == 2
    a.drop_out()
    assert a.seat == 0
    a.drop_out()
    assert a.seat == 1
    a.drop_out()
    assert a.decided and a.high_bidder == 2 and a.high_bid == 14
