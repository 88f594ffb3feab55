"""What Barrage tells an expansion through its hooks (HOOKS.md): officers' abilities reported to
listeners (HP-18, ``barrage_ability_used``), the answers of an expansion's own decision
kinds (G-4, HP-7, ``barrage_decisions``) whatever their names, and the extra turn an
expansion may give after a placement (HP-8, ``barrage_after_placement``).

Each test builds its own registry, so the hook implementations registered here never reach
another test's games.
"""

from __future__ import annotations

from typing import Any, ClassVar

from barrage_full_setup import to_move
from barrage_setup import clear_map, forget_legal, legal_text, play, site
from turbine.core import Game, Registry, bots
from turbine.plugins.barrage import plugin
from turbine.plugins.barrage.actions import Bank, Ext, Skip
from turbine.plugins.barrage.decisions import Decision
from turbine.plugins.barrage.hookspecs import hookimpl


class Listener:
    """Every ability reported, as (seat, ability, detail)."""

    def __init__(self) -> None:
        self.heard: list[tuple[int, str, str]] = []

    @hookimpl
    def barrage_ability_used(self, game: Any, state: Any, seat: int, ability: str, detail: str) -> None:
        self.heard.append((seat, ability, detail))


class TollDecision(Decision, tag="aqueduct_toll"):
    """A decision kind of another expansion: pay 1 or 2 credits (its tag sorts before
    Barrage's own kinds)."""

    prompt: ClassVar[str] = "which toll to pay"
    rule: ClassVar[str | None] = "G-4"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        return [Ext("toll", "1"), Ext("toll", "2")]

    def apply(self, game: Any, state: Any, action: Ext) -> None:
        self.done(state)
        state.players[self.seat].credits -= int(action.arg)


class Toll:
    """The expansion that registers it (HP-7, ``barrage_decisions``)."""

    @hookimpl
    def barrage_decisions(self, config: Any) -> list[Any]:
        return [TollDecision]


class ExtraTurnAfterTheBank:
    """An expansion that gives an extra turn after every Bank placement (HP-8)."""

    @hookimpl
    def barrage_after_placement(self, game: Any, state: Any, seat: int, space: Any, engineers: Any) -> Any:
        return True if type(space) is Bank else None


def _full_game_with(*listeners: object) -> Game:
    """A drafted full game on a blank map whose Barrage rules call ``listeners``' hooks."""
    registry = Registry([("core", bots), ("barrage", plugin)])
    options = {"mode": "full"}
    pm = Game(registry, "barrage", players=2, seed=0, options=options).rules.pm
    for listener in listeners:
        pm.register(listener)
    g = Game(registry, "barrage", players=2, seed=0, options=options)  # rules look hooks up at start
    while g.state.flow.pending and g.state.flow.pending[-1].kind in ("pair", "start"):
        g.play(g.legal()[0])
    clear_map(g)
    forget_legal(g)
    return g


def test_HP_18_Graziano_Del_Monte_dam_holding_a_4th_marker_is_reported():
    """B-16.2.1, HP-18: after water moves, a height-3 dam of Graziano Del Monte's seat that holds
    4 markers is reported to listeners as his ability ("dam holds more water")."""
    listener = Listener()
    g = _full_game_with(listener)
    seat = to_move(g)
    p = g.state.players[seat]
    p.officer, p.copy = "EO-GD", ""
    d = site(g, "B1U")
    g.state.dam_owner[d], g.state.dam_height[d], g.state.dam_water[d] = seat, 3, 4
    forget_legal(g)
    play(g, "place WM2L", "headstream A")  # B-10.5: one marker flows at once
    assert (seat, "EO-GD", "dam holds more water") in listener.heard


def test_HP_18_Solomon_P_Jordan_paying_credits_is_reported():
    """B-16.5.1, HP-18: a construction paid partly in credits instead of machinery is reported as
    Solomon P. Jordan's ability ("construction cost")."""
    listener = Listener()
    g = _full_game_with(listener)
    seat = to_move(g)
    p = g.state.players[seat]
    p.officer, p.copy = "EO-SJ", ""
    p.tiles, p.excavators, p.mixers, p.credits = ["powerhouse"], 0, 1, 3
    forget_legal(g)
    play(g, "construct", "at P5_0")  # the only payment, 1 mixer and 3 credits, is made at once
    assert g.state.ph_owner[site(g, "P5_0")] == seat and p.credits == 0
    assert listener.heard == [(seat, "EO-SJ", "construction cost")]


def test_G_4_an_expansion_decision_is_answered_by_the_expansion_whatever_its_name():
    """G-4, HP-7: a decision kind Barrage does not know, here one that sorts before Barrage's own
    kinds ("aqueduct_toll"), is answered with the expansion's actions only, plus Skip when
    optional; the expansion performs the answer."""
    g = _full_game_with(Toll())
    seat = to_move(g)
    credits = g.state.players[seat].credits
    g.state.flow.pending.append(TollDecision(seat=seat, optional=True))
    forget_legal(g)
    assert g.legal() == [Ext("toll", "1"), Ext("toll", "2"), Skip()]
    g.play(Ext("toll", "2"))
    assert g.state.players[seat].credits == credits - 2
    assert not g.state.flow.pending


def test_HP_8_an_extra_turn_is_offered_once_and_may_be_declined():
    """HP-8 (G-4): two expansions both give an extra turn after a Bank placement: the seat gets
    one optional extra turn (its placements, no pass, and Skip); declining ends the turn."""
    g = _full_game_with(ExtraTurnAfterTheBank(), ExtraTurnAfterTheBank())
    seat = to_move(g)
    play(g, "bank 1")
    assert [q.kind for q in g.state.flow.pending] == ["extra"]
    moves = legal_text(g)
    assert moves[-1] == "skip" and "bank 1" in moves and "pass" not in moves
    play(g, "skip")
    assert not g.state.flow.pending and to_move(g) != seat


class Drought:
    """An expansion for which every private dam holds one marker less (HP-12, folded)."""

    @hookimpl
    def barrage_dam_capacity(self, owner: int, capacity: int) -> int | None:
        return max(0, capacity - 1) if owner >= 0 else None


def test_HP_12_one_dam_s_capacity_is_folded_through_the_hook_like_every_dam_s():
    """Rules: B-12.1.2, B-16.2.1 (Del Monte's 4, then the expansion's −1)."""
    g = _full_game_with(Drought())
    s, r = g.state, g.rules
    s.players[0].officer = "EO-GD"
    s.players[1].officer = "EO-WA"
    dams = {"B1U": (0, 3), "B1L": (1, 3), "B5U": (-2, 2), "B9L": (0, 1)}
    for name, (owner, height) in dams.items():
        i = site(g, name)
        s.dam_owner[i], s.dam_height[i] = owner, height
    expected = {"B1U": 3, "B1L": 2, "B5U": 2, "B9L": 0, "B9U": 0}  # B9U: no dam
    assert {name: r.dam_capacity(s, site(g, name)) for name in expected} == expected
    assert r.capacities(s) == [r.dam_capacity(s, d) for d in range(len(s.dam_height))]
