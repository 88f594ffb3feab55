"""Why an expansion placement is refused, in words, citing the Leeghwater rule.

:func:`refuse_placement` answers for ``x work``, ``x work_wheel``, ``x build``, ``x use``,
``x margot`` and ``x margot_bank`` when :func:`.placements.turn_actions` does not offer
the move.  It is called only on the error path, so it recomputes what it needs with the
same functions legal-move generation uses, and never changes the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.core.errors import IllegalAction
from turbine.plugins.barrage.actions import Ext

from . import data_model as dm
from .building_actions import action_space, activated, effect_credits, effect_possible
from .buildings import build_choices, buildable_with
from .store import (
    FREE,
    LESLIE,
    LESLIE_TILE,
    MARGOT,
    NEVER,
    RED,
    building,
    data,
    extension,
    mine,
    opt,
    shared,
    work,
)
from .works import special_usable, work_payments

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import Player, State

PLACEMENTS = ("work", "work_wheel", "build", "use", "margot", "margot_bank")


def refuse_placement(game: BarrageGame, state: State, seat: int, action: Ext) -> IllegalAction | None:
    """The reason ``action`` may not be placed by ``seat`` now, or ``None`` when it is no
    Leeghwater placement (or nothing forbids it)."""
    if type(action) is not Ext or action.name not in PLACEMENTS or extension(state.players[seat]) is None:
        return None
    name = action.name
    if name in ("work", "work_wheel"):
        return _work(game, state, seat, action.arg, wheel=name == "work_wheel")
    if not action.arg:
        return IllegalAction(f"'x {name}' names a private building: x {name} PB-01 … PB-10", "L-4.3")
    if action.arg not in shared(state).buildings:
        return _not_in_play(state, action.arg)
    slot = shared(state).buildings.index(action.arg)
    if name == "build":
        return _build(game, state, seat, slot)
    if name == "use":
        return _use(game, state, seat, slot)
    return _margot(game, state, seat, slot, name)


# --------------------------------------------------------------------------- words


def _units(excavators: int, mixers: int) -> str:
    def n(k: int, what: str) -> str:
        return f"{k} {what}" + ("" if k == 1 else "s")

    return f"{n(excavators, 'excavator')} and {n(mixers, 'mixer')}"


def _not_in_play(state: State, pb: str) -> IllegalAction:
    shown = ", ".join(shared(state).buildings)
    known = {b.id for b in data().private_buildings}
    what = (
        f"{pb} is not one of the private buildings in play" if pb in known else f"there is no building '{pb}'"
    )
    return IllegalAction(f"{what} (this game has {shown})", "L-3.4")


# --------------------------------------------------------------------------- external works (L-5)


def _work(game: BarrageGame, state: State, seat: int, w_id: str, wheel: bool) -> IllegalAction | None:
    player = state.players[seat]
    display = [w for w in shared(state).ew_display if w]
    if not w_id:
        return IllegalAction(f"name the external work to take (face up now: {', '.join(display)})", "L-5.2")
    if w_id not in {w.id for w in data().external_works.works}:
        return IllegalAction(
            f"there is no external work '{w_id}' (face up now: {', '.join(display)})", "L-5.13"
        )
    if w_id not in display:
        return IllegalAction(
            f"{w_id} is not face up on the additional board (face up now: {', '.join(display) or 'none'})",
            "L-5.4.2",
        )
    if player.engineers < 2:
        return IllegalAction(
            f"an external work takes exactly 2 engineers and you have {player.engineers}", "L-5.2"
        )
    w = work(w_id)
    if wheel:
        if game.officer(state, seat).id != LESLIE:
            return IllegalAction(
                "only Leslie Spencer (or Mahiri Sekibo copying her) pays an external work onto her wheel",
                "L-12.1.2",
            )
        if player.officer == LESLIE and LESLIE_TILE not in player.tiles:
            return IllegalAction(
                "Leslie Spencer's special tile is on her wheel: she pays external works normally until it "
                "comes back",
                "L-12.1.5",
            )
    pays = work_payments(game, state, seat, w) if not wheel else []
    payable = bool(pays) or (
        wheel and player.excavators >= w.cost.excavators and player.mixers >= w.cost.mixers
    )
    if not payable:
        return _machinery(game, w, player, wheel)
    paid = min(k for _, _, k in pays) if pays else 0
    if not special_usable(game, state, seat, w, paid):
        return IllegalAction(
            f"{w_id}'s special reward ({w.special}) could not be used now, and with this game's "
            "options that makes the work illegal (U-2)",
            "L-5.4.1",
        )
    return None


def _machinery(game: BarrageGame, w: dm.ExternalWork, player: Player, wheel: bool) -> IllegalAction:
    need = _units(w.cost.excavators, w.cost.mixers)
    have = _units(player.excavators, player.mixers)
    credits = opt(game).u6_solomon_external_works and not wheel
    extra = (
        " (or 3 credits for each missing unit, if your officer pays machinery in credits)" if credits else ""
    )
    return IllegalAction(
        f"{w.id} needs {need} from your personal supply{extra}; you have {have} "
        "(machinery on the construction wheel does not count)",
        "L-5.4",
    )


# --------------------------------------------------------------------------- building (L-6)


def _build(game: BarrageGame, state: State, seat: int, slot: int) -> IllegalAction | None:
    player = state.players[seat]
    pb = shared(state).buildings[slot]
    spaces = game.construction_spaces
    if player.spaces_used >= len(spaces):
        return IllegalAction("all your construction action spaces hold engineers this round", "L-6.2")
    if not mine(state, seat).pieces:
        return IllegalAction("you have built all your building pieces (5 per game)", "L-6.4")
    need, cost = spaces[player.spaces_used]
    if player.engineers < need or player.credits < cost:
        price = f"{need} engineers" + (f" and {cost} credits" if cost else "")
        return IllegalAction(
            f"your next construction space needs {price}; you have {player.engineers} engineers and "
            f"{player.credits} credits",
            "L-6.7",
        )
    if activated(state, seat, slot):
        return IllegalAction(f"you already have a building next to {pb} (one per tile)", "L-6.4")
    if FREE not in shared(state).spaces[slot]:
        return IllegalAction(f"no building space next to {pb} is free", "L-6.5")
    b = building(pb)
    choices = build_choices(game, state, seat, b)
    if not choices:
        return IllegalAction("no technology tile in your personal supply can build a building", "L-6.9")
    budget = player.credits - cost
    if not any(buildable_with(game, state, seat, slot, c, budget) for c in choices):
        return IllegalAction(
            f"{pb} costs {_units(b.cost.excavators, b.cost.mixers)} (+{RED} credits on a red-framed space); "
            f"you have {_units(player.excavators, player.mixers)} and {budget} credits after the "
            "construction space",
            "L-6.7",
        )
    return None


# --------------------------------------------------------------------------- using (L-7, L-12.2)


def _use(game: BarrageGame, state: State, seat: int, slot: int) -> IllegalAction | None:
    pb = shared(state).buildings[slot]
    if not activated(state, seat, slot):
        return IllegalAction(
            f"you have not activated {pb}: only a player with a building next to it may use it", "L-7.1"
        )
    if mine(state, seat).used[slot]:
        return IllegalAction(f"you have already used {pb} this round (once per round)", "L-7.4")
    b = building(pb)
    side = action_space(state, slot)
    space = b.spaces[side]
    player = state.players[seat]
    frame = RED if space.red_frame else 0
    which = "right" if side else "left"
    if player.engineers < space.engineers or player.credits < frame:
        price = f"{space.engineers} engineers" + (f" and {frame} credits" if frame else "")
        return IllegalAction(
            f"{pb}'s next action space (the {which} one) needs {price}; you have {player.engineers} "
            f"engineers and {player.credits} credits",
            "L-7.3",
        )
    if not effect_possible(game, state, seat, b, player.credits - frame):
        return _effect(game, state, seat, pb, player.credits - frame)
    return None


CANNOT = {
    "water_to_dam": "no neutral dam or dam of yours can hold another water marker (L-8.1)",
    "return_wheel_tile": "no technology tile of yours is on your construction wheel to return (L-8.2)",
    "return_half_sector": "no sector of your wheel holds 2 machinery units to halve (L-8.3)",
    "loan_external_work": "no face-up external work's reward could be taken in full now (L-8.4)",
    "fulfil_contract": "you hold no contract to fulfil (L-8.10)",
    "production": "none of your powerhouses can produce now (L-8.8, B-11.1.1)",
}
"""Why a building's action cannot be carried out in full, by kind, when credits are not why."""


def _effect(game: BarrageGame, state: State, seat: int, pb: str, credits: int) -> IllegalAction:
    """B-7.4 with L-7.6: the action must be carried out in full; said with what stops it
    (the credits it needs, ``credits`` being what the seat would have left for it)."""
    b = building(pb)
    need = effect_credits(game, state, seat, b)
    if need != NEVER:
        why = f"it needs {need} credits and you would have {credits} left"
    else:
        why = CANNOT.get(b.effect.kind, "it cannot be now")
    return IllegalAction(f"{pb}'s action cannot be carried out in full: {why}", "L-7.6")


def _margot(game: BarrageGame, state: State, seat: int, slot: int, name: str) -> IllegalAction | None:
    pb = shared(state).buildings[slot]
    player = state.players[seat]
    own = name == "margot"
    if game.officer(state, seat).id != MARGOT or own != (player.officer == MARGOT):
        who = "Margot Fouché" if own else "Mahiri Sekibo copying Margot Fouché"
        return IllegalAction(f"'x {name}' is {who}'s personal space", "L-12.2.1")
    if own and mine(state, seat).margot:
        return IllegalAction("Margot Fouché's personal space is used once per round (U-12)", "L-12.2.4")
    bank_engineer = own or opt(game).u13_mahiri_bank_engineer
    if bank_engineer and player.engineers < 1:
        return IllegalAction("the personal space takes 1 engineer and you have none", "L-12.2.1")
    if not activated(state, seat, slot):
        return IllegalAction(
            f"you have not activated {pb}: her space uses only buildings she activated", "L-12.2.1"
        )
    if not effect_possible(game, state, seat, building(pb), player.credits):
        return _effect(game, state, seat, pb, player.credits)
    return None
