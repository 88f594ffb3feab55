"""Why a Barrage move is illegal: the reason a player reads, with the rule ID.

Only the error path of :meth:`BarrageRules.apply` (and ``Game.find`` for typed
moves) calls :func:`why_illegal`, so it recomputes what it needs with the same
functions the legal-move generation uses, and never changes the state.

Rule IDs refer to ``shared/rules/barrage.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turbine.core.errors import IllegalAction

from . import construction, contracts, production
from .actions import (
    Bank,
    Construct,
    ConstructFree,
    Copy,
    Discard,
    Fulfil,
    Headstream,
    Machinery,
    Pair,
    Pass,
    Pay,
    Place,
    Produce,
    Site,
    Skip,
    Structure,
    Take,
    Tile,
    Water,
    describe,
)
from .render import ASKED
from .state import BLOCKED, Pending, State
from .tables import AREAS, BASE, CONDUIT, ELEVATION, NEUTRAL, NOBODY, PIECES, STRUCTURES
from .tables import patent_spaces as all_patent_spaces

if TYPE_CHECKING:
    from .rules import BarrageRules

PENDING_RULE = {
    "structure": "B-8.2",
    "site": "B-9.2",
    "tile": "B-8.2",
    "pay": "B-8.2",
    "free_site": "B-13.7",
    "produce": "B-11.2",
    "repeat": "B-15.4",
    "amount": "B-11.2",
    "contract": "B-13.3",
    "machinery": "B-10.7",
    "water": "B-10.4",
    "take": "B-10.8",
    "discard": "B-10.8.4",
    "pair": "B-4.4.5",
    "start": "B-4.4.5",
    "copy": "B-16.7.2",
    "extra": "B-16.7.3",
}
"""The rule of each sub-decision, cited when a move answers another question."""

ANSWER = {
    "structure": Structure,
    "site": Site,
    "tile": Tile,
    "pay": Pay,
    "free_site": Site,
    "produce": Produce,
    "repeat": Produce,
    "amount": Water,
    "contract": Fulfil,
    "machinery": Machinery,
    "water": Headstream,
    "take": Take,
    "discard": Discard,
    "pair": Pair,
    "start": Take,
    "copy": Copy,
}
"""The action type that answers each sub-decision (``extra`` is answered by a turn action)."""

TURN_ACTIONS = (Place, Bank, Construct, ConstructFree, Pass)


def why_illegal(r: BarrageRules, state: State, action: Any) -> IllegalAction:
    """The specific reason ``action`` is not legal in ``state``."""
    flow = state.flow
    if flow.over or r.to_move(state) is None:
        return IllegalAction("the game is over", "B-20.1")
    if flow.pending:
        top = flow.pending[-1]
        if top.kind == "extra":
            if type(action) is Pass:
                return IllegalAction(
                    "after copying an officer you take one more action at once: " + asked(r, state),
                    "B-16.7.3",
                )
            if type(action) in TURN_ACTIONS:
                return _turn(r, state, top.seat, action, extra=True)
        return _answer(r, state, top, action)
    return _turn(r, state, flow.order[flow.cursor], action)


# --------------------------------------------------------------------------- words


def who(r: BarrageRules, state: State, seat: int) -> str:
    """A seat as its company's name (``seat N`` before the draft)."""
    company = r.company(state, seat)
    return company.name if company.id else f"seat {seat + 1}"


def owner_text(r: BarrageRules, state: State, owner: int, seat: int) -> str:
    if owner == seat:
        return "you"
    if owner == NEUTRAL:
        return "a neutral dam"
    if owner == BLOCKED:
        return "blocking engineers"
    return who(r, state, owner)


def _moves(r: BarrageRules, state: State) -> str:
    legal = r.legal_actions(state)
    shown = ", ".join(describe(a) for a in legal[:6])
    return shown + (f" … ({len(legal)} moves)" if len(legal) > 6 else "")


def asked(r: BarrageRules, state: State) -> str:
    """What the seat to move is asked now, with the legal answers."""
    flow = state.flow
    if flow.pending:
        top = flow.pending[-1]
        question = ASKED.get(top.kind, top.kind)
        return f"{who(r, state, top.seat)} must choose {question} ({_moves(r, state)})"
    seat = flow.order[flow.cursor]
    return f"it is {who(r, state, seat)}'s turn to place engineers ({_moves(r, state)})"


def _needs_text(needs: tuple[tuple[int, int], ...]) -> str:
    def one(e: int, m: int) -> str:
        parts = [f"{e} excavators" if e else "", f"{m} mixers" if m else ""]
        return " + ".join(p for p in parts if p) or "no machinery"

    return " or ".join(one(e, m) for e, m in needs)


def _supply(r: BarrageRules, state: State, seat: int) -> str:
    p = state.players[seat]
    return f"you have {p.excavators} excavators, {p.mixers} mixers and {p.credits} credits"


def _site_kind(structure: int) -> str:
    return ("dam", "dam", "conduit", "powerhouse")[structure]


# --------------------------------------------------------------------------- turn actions


def _turn(r: BarrageRules, state: State, seat: int, action: Any, extra: bool = False) -> IllegalAction:
    t = type(action)
    player = state.players[seat]
    if t is Pass:
        if player.engineers:
            return IllegalAction(
                f"you still have {player.engineers} engineers: a player with engineers must take an action "
                "(the Bank is always open)",
                "B-7.7",
            )
        return _generic(r, state, action, "B-7.6")
    if player.engineers == 0 and t is not ConstructFree:
        return IllegalAction("you have no engineers left: you pass (B-7.6)", "B-7.6")
    if t is Bank:
        if action.engineers < 1:
            return IllegalAction("place at least 1 engineer on the Bank", "B-10.5.1")
        return IllegalAction(
            f"you have only {player.engineers} engineers: bank 1 … bank {player.engineers}", "B-7.3"
        )
    if t is Construct:
        return _construct(r, state, seat)
    if t is ConstructFree:
        return _construct_free(r, state, seat)
    if t is Place:
        return _place(r, state, seat, action.space, extra)
    if t is Discard:
        return IllegalAction(
            f"contracts are discarded only above the hand limit of {r.hand_limit_of(state, seat)}; "
            + asked(r, state),
            "B-10.8.4",
        )
    home = "a construction" if t in (Structure, Site, Tile, Pay) else "another decision"
    return IllegalAction(f"'{describe(action)}' answers {home}, but {asked(r, state)}", "B-7.2")


def _place(r: BarrageRules, state: State, seat: int, space_id: str, extra: bool) -> IllegalAction:
    player = state.players[seat]
    if space_id in r.personal_places:
        return _personal(r, state, seat, extra)
    if space_id == "BK":
        return IllegalAction("the Bank takes a number of engineers: bank N", "B-10.5.1")
    if space_id not in r.space_index:
        if not r.full and space_id in {s.id for s in all_patent_spaces()}:
            return IllegalAction("the Patent Office is used in the full game only", "B-10.9")
        return IllegalAction(
            f"there is no action space '{space_id}' (spaces are named like TS1L, WM2R, CO3L)", "B-10.2"
        )
    i = r.space_index[space_id]
    space = r.spaces[i]
    occupant = state.spaces[i]
    if occupant == BLOCKED:
        mark = '"4"' if space.min_players == 4 else '"3+"'
        return IllegalAction(
            f"{space_id} is blocked with {r.players} players (its action is marked {mark})", "B-4.7"
        )
    if occupant != NOBODY:
        return IllegalAction(
            f"{space_id} already holds engineers of {owner_text(r, state, occupant, seat)} this round",
            "B-7.9",
        )
    patent = "B-10.9.1" if space.kind == "patent" else None
    if space.engineers > player.engineers:
        return IllegalAction(
            f"{space_id} needs {space.engineers} engineers and you have {player.engineers}", patent or "B-7.3"
        )
    cost = space.credits
    if patent and cost > player.credits:
        return IllegalAction(
            f"a Patent Office tile costs {cost} credits and you have {player.credits}", patent
        )
    if cost > player.credits:
        what = " + ".join(
            x
            for x in (f"{space.cost} printed" if space.cost else "", "3 red frame" if space.red else "")
            if x
        )
        return IllegalAction(
            f"{space_id} costs {cost} credits ({what}) and you have {player.credits}", "B-7.5"
        )
    left = player.credits - cost
    if space.kind == "production":
        return _production_space(r, state, seat, space_id, space.amount, left)
    if space.kind == "contracts":
        shown = len(contracts.available(state))
        if not shown:
            return IllegalAction("no face-up private contract is left to take", "B-10.8.2")
        return IllegalAction(
            f"{space_id} takes {space.amount} contracts and only {shown} is face up", "B-10.8.6"
        )
    if space.kind == "patent":
        return IllegalAction(
            f"the advanced tile of {space_id} has been taken this round; the display is refilled in "
            "the end-of-round phase",
            "B-10.9.2",
        )
    return _generic(r, state, Place(space_id), "B-7.4")


def _production_space(
    r: BarrageRules, state: State, seat: int, space_id: str, modifier: int, credits: int
) -> IllegalAction:
    """B-10.3.1: the space needs a legal production after paying for it."""
    mine = production.powerhouse_zones(r, state, seat)
    if not mine:
        return IllegalAction("you have no powerhouse: a production needs one of your own", "B-11.1.1")
    best = production.best_energy(r, state, seat, credits)
    if best is not None:
        return IllegalAction(
            f"your best production makes {best} energy, {best + modifier} with {space_id}'s "
            f"{modifier:+d}: a production must make at least 1",
            "B-11.4",
        )
    return _no_system(r, state, seat, mine, credits)


def _no_system(r: BarrageRules, state: State, seat: int, mine: dict[int, int], credits: int) -> IllegalAction:
    b = r.board
    conduits = [c for z in mine for c in b.conduits_into_zone[z] if state.conduit_owner[c] >= 0]
    basins = ", ".join(str(z) for z in sorted(mine))
    if not conduits:
        return IllegalAction(f"no built conduit leads to your powerhouses (basin {basins})", "B-11.1.3")
    wet = [
        (d, c)
        for c in conduits
        for d in b.dams_in_zone[b.conduits[c].zone]
        if state.dam_water[d] and state.dam_owner[d] in (seat, NEUTRAL)
    ]
    if not wet:
        return IllegalAction(
            "no dam of yours or neutral dam holding water feeds a conduit to your powerhouses", "B-11.1.2"
        )
    return IllegalAction(
        f"the water reaches your powerhouses only through other players' conduits, which cost 1 credit "
        f"per marker paid in advance, and you would have {credits} credits",
        "B-11.2",
    )


def _personal(r: BarrageRules, state: State, seat: int, extra: bool) -> IllegalAction:
    player = state.players[seat]
    if not r.officers[player.officer].personal_space:
        return IllegalAction("only Mahiri Sekibo has a personal action space", "B-16.7.1")
    if extra:
        return IllegalAction("the action after a copy cannot be another copy", "B-16.7.3")
    uses = r.options.mahiri_uses
    if player.copy_uses >= uses:
        return IllegalAction(f"Mahiri's space is used at most {uses} times per round", "B-16.7.1")
    need = 2 if r.options.mahiri_extra_action else 1
    if player.engineers < need:
        return IllegalAction(
            f"Mahiri's space needs 1 engineer, and 1 more for the action that follows; you have "
            f"{player.engineers}",
            "B-16.7.1",
        )
    repeat = r.officers[player.officer].personal_space_repeat_credits
    if player.copy_uses and player.credits < repeat:
        return IllegalAction(
            f"the second use of Mahiri's space in a round costs {repeat} credits; you have "
            f"{player.credits}",
            "B-16.7.1",
        )
    return IllegalAction("there is no other officer to copy", "B-16.7.4")


# --------------------------------------------------------------------------- construction


def _construct(r: BarrageRules, state: State, seat: int) -> IllegalAction:
    player = state.players[seat]
    spaces = r.construction_spaces
    if player.spaces_used >= len(spaces):
        return IllegalAction(f"all {len(spaces)} construction spaces are used this round", "B-8.1")
    need, cost = spaces[player.spaces_used]
    which = ("1st", "2nd", "3rd", "4th")[player.spaces_used] if player.spaces_used < 4 else "next"
    if need > player.engineers:
        return IllegalAction(
            f"your {which} construction space needs {need} engineers and you have {player.engineers}",
            "B-8.2",
        )
    if cost > player.credits:
        return IllegalAction(
            f"your {which} construction space is red-framed ({cost} credits) and you have {player.credits}",
            "B-8.1",
        )
    return _nothing_to_build(r, state, seat, player.credits - cost, free=False)


def _construct_free(r: BarrageRules, state: State, seat: int) -> IllegalAction:
    player = state.players[seat]
    if not r.full:
        return IllegalAction("engineer-free constructions need advanced tiles (full game only)", "B-14.4")
    if r.options.free_build_only_without_engineers and player.engineers:
        return IllegalAction(
            "with this game's options an engineer-free construction is only for a player without engineers",
            "U-23",
        )
    if not any(choice for choice in _free_choices(r, state, seat)):
        return IllegalAction(
            "an engineer-free construction needs AT-I-P or AT-III-B in your supply (or Anton's copy of one)",
            "B-14.4.1",
        )
    return _nothing_to_build(r, state, seat, player.credits, free=True)


def _free_choices(r: BarrageRules, state: State, seat: int) -> list[str]:
    return [
        c for s in range(len(STRUCTURES)) for c in construction.tile_choices(r, state, seat, s, free=True)
    ]


def _nothing_to_build(r: BarrageRules, state: State, seat: int, budget: int, free: bool) -> IllegalAction:
    """Why no structure can be completed (B-8.2.2): the first missing step."""
    variants = construction.cost_variants(r, state, seat, free)
    permitted = [s for s in range(len(STRUCTURES)) if variants[s]]
    if not permitted:
        return _no_tile(r, state, seat, None, free)
    placeable = [s for s in permitted if construction.sites(r, state, seat, s)]
    if not placeable:
        names = " or ".join(STRUCTURES[s] for s in permitted)
        return IllegalAction(f"there is no legal building space for a {names}", "B-9.2")
    names = " or ".join(STRUCTURES[s] for s in placeable)
    return IllegalAction(
        f"you cannot pay for a {names} on any legal space ({_supply(r, state, seat)}"
        + (f", {budget} after the construction space" if budget != state.players[seat].credits else "")
        + ")",
        "B-8.2",
    )


def _no_tile(r: BarrageRules, state: State, seat: int, structure: int | None, free: bool) -> IllegalAction:
    player = state.players[seat]
    what = "a construction" if structure is None else f"a {STRUCTURES[structure]}"
    if free:
        return IllegalAction(
            f"no engineer-free tile (AT-I-P, AT-III-B) in your supply permits {what}", "B-14.4.1"
        )
    supply = ", ".join(sorted(set(player.tiles))) or "none"
    wheel = [t for t in player.wheel_tile if t]
    note = " (tiles on the wheel come back as it turns)" if wheel else ""
    return IllegalAction(
        f"no technology tile in your supply permits {what} (supply: {supply}){note}", "B-8.6.2"
    )


def _structure(r: BarrageRules, state: State, seat: int, name: str, budget: int, free: bool) -> IllegalAction:
    if name not in STRUCTURES:
        return IllegalAction(
            f"'{name}' is not a structure: build base, elevation, conduit or powerhouse", "B-8.2"
        )
    s = STRUCTURES.index(name)
    if not construction.cost_variants(r, state, seat, free)[s]:
        return _no_tile(r, state, seat, s, free)
    player = state.players[seat]
    if player.built[s] >= PIECES[s]:
        return IllegalAction(f"all your {PIECES[s]} {name} pieces are built", "B-9.2.5")
    if not construction.sites(r, state, seat, s):
        if s == BASE:
            return IllegalAction(
                "every free base space is in a basin where you already have a dam", "B-9.2.1"
            )
        if s == ELEVATION:
            return IllegalAction("you have no dam below height 3 to raise", "B-9.2.2")
        if s == CONDUIT:
            return IllegalAction("every conduit space is built", "B-9.2.3")
        return IllegalAction(
            "every free powerhouse space is in a basin where you already have a powerhouse", "B-9.2.4"
        )
    return IllegalAction(
        f"you cannot pay for a {name} on any legal space ({_supply(r, state, seat)})", "B-8.2"
    )


def _site(
    r: BarrageRules, state: State, seat: int, s: int, site_id: str, max_value: int = 5, areas: Any = None
) -> IllegalAction | None:
    """Why ``site_id`` is not a legal space for structure ``s`` (B-9.2); ``None`` if it is."""
    b = r.board
    found = b.site_index.get(site_id)
    name = STRUCTURES[s]
    if found is None:
        return IllegalAction(f"there is no building space '{site_id}'", "B-9.2")
    kind, i = found
    if kind != _site_kind(s):
        return IllegalAction(
            f"{site_id} is a {kind} space: a {name} goes on a {_site_kind(s)} space", "B-9.2"
        )
    if state.players[seat].built[s] >= PIECES[s]:
        return IllegalAction(f"all your {PIECES[s]} {name} pieces are built", "B-9.2.5")
    if s == BASE:
        owner = state.dam_owner[i]
        if owner != NOBODY:
            return IllegalAction(
                f"{site_id} already holds a dam ({owner_text(r, state, owner, seat)})", "B-9.2.6"
            )
        zone = b.dam_zone[i]
        if any(o == seat and b.dam_zone[d] == zone for d, o in enumerate(state.dam_owner)):
            return IllegalAction(f"you already have a dam in basin {zone}: one per basin", "B-9.2.1")
        area = b.dam_area[i]
    elif s == ELEVATION:
        owner = state.dam_owner[i]
        if owner != seat:
            whose = "no dam" if owner == NOBODY else f"the dam of {owner_text(r, state, owner, seat)}"
            return IllegalAction(f"{site_id} holds {whose}: an elevation goes on your own dam", "B-9.2.2")
        if state.dam_height[i] >= 3:
            return IllegalAction(f"your dam at {site_id} is already at height 3", "B-9.2.2")
        area = b.dam_area[i]
    elif s == CONDUIT:
        owner = state.conduit_owner[i]
        if owner != NOBODY:
            return IllegalAction(
                f"{site_id} already holds a conduit ({owner_text(r, state, owner, seat)})", "B-9.2.3"
            )
        if b.conduit_value[i] > max_value:
            return IllegalAction(
                f"this reward builds a conduit of value {max_value} or less; {site_id} has value "
                f"{b.conduit_value[i]}",
                "B-13.7.1",
            )
        area = b.conduit_area[i]
    else:
        owner = state.ph_owner[i]
        if owner != NOBODY:
            return IllegalAction(
                f"{site_id} already holds a powerhouse ({owner_text(r, state, owner, seat)})", "B-9.2.6"
            )
        zone = b.ph_zone[i]
        if any(o == seat and b.ph_zone[p] == zone for p, o in enumerate(state.ph_owner)):
            return IllegalAction(f"you already have a powerhouse in basin {zone}: one per basin", "B-9.2.4")
        area = b.ph_area[i]
    if areas is not None and len(areas) < 3 and area not in areas:
        allowed = " or ".join(AREAS[a] for a in areas)
        return IllegalAction(f"this reward builds in the {allowed} area only; {site_id} is not", "B-13.7")
    return None


def _site_answer(r: BarrageRules, state: State, top: Pending, site_id: str) -> IllegalAction:
    seat, s = top.seat, top.a
    problem = _site(r, state, seat, s, site_id)
    if problem is not None:
        return problem
    i = r.board.site_index[site_id][1]
    name = STRUCTURES[s]
    surcharge = construction.surcharge(r, s, i)
    printed = construction.requirements(r, state, seat, s, i)
    red = f" + {surcharge} credits for the red frame" if surcharge else ""
    return IllegalAction(
        f"with none of your tiles can you pay for a {name} at {site_id}: it costs {_needs_text(printed)}"
        f"{red}; {_supply(r, state, seat)}",
        "B-9.1",
    )


def _free_site(r: BarrageRules, state: State, top: Pending, site_id: str) -> IllegalAction:
    problem = _site(r, state, top.seat, top.a, site_id, top.n, top.areas or None)
    if problem is not None:
        return problem
    i = r.board.site_index[site_id][1]
    return IllegalAction(
        f"{site_id} is red-framed: a rewarded {STRUCTURES[top.a]} pays "
        f"{construction.surcharge(r, top.a, i)} "
        f"credits, and you have {state.players[top.seat].credits}",
        "U-7",
    )


def _tile(r: BarrageRules, state: State, top: Pending, choice: str) -> IllegalAction:
    seat, s = top.seat, top.a
    player = state.players[seat]
    name = STRUCTURES[s]
    free = top.c == 1
    prefix, _, tile_id = choice.rpartition("=")
    if tile_id not in r.tiles or prefix not in ("", "anton", "copy"):
        return IllegalAction(f"there is no technology tile '{choice}'", "B-8.6")
    tile = r.tiles[tile_id]
    if prefix:
        officer = r.officer(state, seat)
        if not officer.copies_wheel_tiles:
            return IllegalAction("only Anton Krylov's tile copies a tile on the wheel", "B-16.6.2")
        own = player.officer == officer.id
        if own and prefix == "copy":
            return IllegalAction(f"Anton places his own tile to copy: tile anton={tile_id}", "B-16.6.2")
        if not own and prefix == "anton":
            return IllegalAction(f"copying Anton Krylov you place no tile: tile copy={tile_id}", "B-16.7.5")
        if own and construction.ANTON not in player.tiles:
            return IllegalAction("Anton's tile is on your wheel; it comes back as the wheel turns", "B-8.4.1")
        others = [t for t in player.wheel_tile if t and t != construction.ANTON]
        if not others and not (tile_id == construction.JOKER and r.options.anton_empty_wheel == "joker"):
            return IllegalAction("no other tile is on your wheel, so Anton's tile cannot be used", "B-16.6.3")
        if tile_id not in others and tile_id != construction.JOKER:
            return IllegalAction(
                f"{tile_id} is not on your wheel (there: {', '.join(sorted(set(others)))})", "B-16.6.2"
            )
    elif tile_id not in player.tiles:
        if tile_id in player.wheel_tile:
            return IllegalAction(
                f"{tile_id} is on your wheel; it comes back when its sector is open again", "B-8.4.1"
            )
        if tile.advanced:
            return IllegalAction(
                f"you do not have {tile_id}: advanced tiles come from the Patent Office", "B-8.6.2"
            )
        return IllegalAction(f"you do not have the {tile_id} tile", "B-8.6.2")
    if s not in tile.builds:
        allowed = " / ".join(STRUCTURES[x] for x in tile.builds) or "nothing by itself"
        rule = "B-14.2.1" if tile.advanced else "B-8.6.2"
        return IllegalAction(f"{tile_id} permits {allowed}, not a {name}", rule)
    if free and not tile.engineer_free:
        return IllegalAction(
            f"an engineer-free construction needs AT-I-P or AT-III-B, not {tile_id}", "B-14.4.1"
        )
    site_id = construction.site_id(r, s, top.b)
    needs, extra, _ = construction.cost_with(r, state, seat, s, top.b, choice)
    red = f" + {extra} credits for the red frame" if extra else ""
    return IllegalAction(
        f"with {choice} a {name} at {site_id} costs {_needs_text(needs)}{red}; {_supply(r, state, seat)}",
        "B-8.2",
    )


def _pay(r: BarrageRules, state: State, top: Pending, pay: Pay) -> IllegalAction:
    seat, s = top.seat, top.a
    player = state.players[seat]
    officer = r.officer(state, seat)
    needs, extra, mixed = construction.cost_with(r, state, seat, s, top.b, top.tile)
    legal = construction.payments(r, state, seat, needs, player.credits - extra, mixed)
    options = ", ".join(f"pay {e}e {m}m {c}c" for e, m, c in legal)
    if pay.credits and not officer.credits_per_machinery:
        return IllegalAction(
            "only Solomon P. Jordan may pay credits instead of machinery: " + options, "B-16.5.1"
        )
    if pay.excavators > player.excavators or pay.mixers > player.mixers:
        return IllegalAction(
            f"you have {player.excavators} excavators and {player.mixers} mixers: {options}", "B-8.2"
        )
    if pay.credits + extra > player.credits:
        red = f" besides the {extra} credits of the red frame" if extra else ""
        return IllegalAction(
            f"you have {player.credits} credits and cannot pay {pay.credits}{red}: {options}", "B-8.2"
        )
    if s == CONDUIT and len(needs) > 1 and pay.excavators and pay.mixers and not mixed:
        return IllegalAction(
            "a conduit is paid in excavators or in mixers, never both: " + options, "B-16.4.2"
        )
    red = f" (+ {extra} credits for the red frame)" if extra else ""
    return IllegalAction(f"the {STRUCTURES[s]} costs {_needs_text(needs)}{red}: {options}", "B-9.1")


# --------------------------------------------------------------------------- production


def _produce(r: BarrageRules, state: State, top: Pending, action: Produce) -> IllegalAction:
    seat = top.seat
    b = r.board
    dam = b.site_index.get(action.dam)
    conduit = b.site_index.get(action.conduit)
    if dam is None or dam[0] != "dam":
        return IllegalAction(f"'{action.dam}' is not a dam space: produce DAM CONDUIT", "B-11.1.2")
    if conduit is None or conduit[0] != "conduit":
        return IllegalAction(f"'{action.conduit}' is not a conduit space: produce DAM CONDUIT", "B-11.1.3")
    d, c = dam[1], conduit[1]
    site = b.conduits[c]
    c_owner = state.conduit_owner[c]
    if c_owner < 0:
        return IllegalAction(f"no conduit is built at {action.conduit}", "B-11.1.3")
    mine = production.powerhouse_zones(r, state, seat)
    if site.to_zone not in mine:
        return IllegalAction(
            f"{action.conduit} leads to basin {site.to_zone}, where you have no powerhouse", "B-11.1.1"
        )
    if b.dam_zone[d] != site.zone:
        return IllegalAction(
            f"{action.conduit} takes water from basin {site.zone}, and {action.dam} is in basin "
            f"{b.dam_zone[d]}",
            "B-11.1.3",
        )
    owner = state.dam_owner[d]
    if owner != seat and owner != NEUTRAL:
        whose = "no dam" if owner == NOBODY else f"the dam of {owner_text(r, state, owner, seat)}"
        return IllegalAction(f"{action.dam} holds {whose}: use your own or a neutral dam", "B-11.1.2")
    if not state.dam_water[d]:
        return IllegalAction(f"the dam at {action.dam} holds no water", "B-11.1.2")
    if top.kind == "repeat":
        if site.to_zone == top.a:
            return IllegalAction("the second production must use a different powerhouse", "B-15.4.1")
        if d == top.b and not r.options.repeat_same_dam:
            return IllegalAction("with this game's options the second production uses another dam", "U-5")
    if c_owner != seat and state.players[seat].credits < 1:
        return IllegalAction(
            f"{action.conduit} belongs to {who(r, state, c_owner)}: its fee is 1 credit per marker, paid in "
            "advance, and you have no credits",
            "B-11.2",
        )
    return IllegalAction(f"this production would make less than 1 energy (modifier {top.n:+d})", "B-11.4")


def _amount(r: BarrageRules, state: State, top: Pending, markers: int) -> IllegalAction:
    seat, dam, conduit = top.seat, top.a, top.b
    held = state.dam_water[dam]
    dam_id = r.board.dams[dam].id
    if markers < 1:
        return IllegalAction("a production moves at least 1 water marker", "B-11.2")
    if markers > held:
        return IllegalAction(f"the dam at {dam_id} holds {held} water markers", "B-11.2")
    owner = state.conduit_owner[conduit]
    credits = state.players[seat].credits
    if owner != seat and markers > credits:
        return IllegalAction(
            f"the conduit of {who(r, state, owner)} costs 1 credit per marker, paid in advance, and you "
            f"have {credits} credits",
            "B-11.2",
        )
    value = r.board.conduits[conduit].value
    made = production.energy(r, state, seat, markers, value, top.n, top.c)
    return IllegalAction(f"{markers} markers make {made} energy: a production must make at least 1", "B-11.4")


# --------------------------------------------------------------------------- contracts, draft, officers


def _fulfil(r: BarrageRules, state: State, top: Pending, contract: str) -> IllegalAction:
    seat = top.seat
    player = state.players[seat]
    made = top.n
    tile_energy = top.c == 1
    if contract in player.fulfilled:
        return IllegalAction(f"you have already fulfilled {contract}", "B-13.3.3")
    if contract not in player.contracts and contract not in state.nationals:
        if contract in r.contracts and r.contracts[contract].kind == "national":
            return IllegalAction(f"national contract {contract} has been fulfilled already", "B-13.4.2")
        return IllegalAction(
            f"you do not hold {contract}: fulfil one of your face-up contracts or a national one", "B-13.3.1"
        )
    restricted = tile_energy and r.options.tile_energy_contracts == "private"
    if restricted and contract in state.nationals:
        return IllegalAction("energy from a technology tile cannot fulfil a national contract", "B-13.5.3")
    need = r.contracts[contract].requirement
    discount = 0 if restricted else contracts.discount(r, state, seat)
    if discount:
        return IllegalAction(
            f"{contract} needs {need} energy ({need - discount} with France's reduction) and this "
            f"{'tile' if tile_energy else 'production'} made {made}",
            "B-13.6.1",
        )
    return IllegalAction(
        f"{contract} needs {need} energy and this {'tile' if tile_energy else 'production'} made {made}",
        "B-13.3.1",
    )


def _take(r: BarrageRules, state: State, top: Pending, contract: str) -> IllegalAction:
    if top.kind == "start":
        offered = ", ".join(state.draft_contracts)
        return IllegalAction(f"{contract} is not among the starting contracts left ({offered})", "B-4.4.5")
    if contract in state.nationals:
        return IllegalAction("national contracts are never taken, only fulfilled", "B-10.8.2")
    shown = ", ".join(contracts.available(state))
    return IllegalAction(f"{contract} is not face up in the contract display ({shown})", "B-10.8.2")


def _pair(r: BarrageRules, state: State, pair: Pair) -> IllegalAction:
    offered = ", ".join(f"{c} {o}" for c, o in state.draft_pairs)
    for company, officer in state.draft_pairs:
        if company == pair.company:
            return IllegalAction(
                f"{company} is drafted together with officer {officer}: pair {company} {officer}", "B-4.4.2"
            )
        if officer == pair.officer:
            return IllegalAction(
                f"officer {officer} is drafted together with {company}: pair {company} {officer}", "B-4.4.2"
            )
    return IllegalAction(f"that pair is not on offer (pairs left: {offered})", "B-4.4.5")


def _copy(r: BarrageRules, state: State, seat: int, officer: str) -> IllegalAction:
    if officer == state.players[seat].officer:
        return IllegalAction("Mahiri copies another officer, not herself", "B-16.7.2")
    pool = ", ".join(r.copyable(state, seat))
    return IllegalAction(f"{officer} cannot be copied: the officers to copy are {pool}", "B-16.7.4")


# --------------------------------------------------------------------------- sub-decisions


def _answer(r: BarrageRules, state: State, top: Pending, action: Any) -> IllegalAction:
    kind = top.kind
    t = type(action)
    rule = PENDING_RULE.get(kind)
    if t is Skip:
        return IllegalAction("this step cannot be skipped: " + asked(r, state), rule)
    if (kind == "discard") != (t is Discard):
        if kind == "discard":
            player = state.players[top.seat]
            return IllegalAction(
                f"you hold {len(player.contracts)} face-up contracts, over the limit of "
                f"{r.hand_limit_of(state, top.seat)}: discard one first",
                "B-10.8.4",
            )
        return IllegalAction(
            f"contracts are discarded only above the hand limit of {r.hand_limit_of(state, top.seat)}; "
            + asked(r, state),
            "B-10.8.4",
        )
    if ANSWER.get(kind) is not t:
        return IllegalAction(f"'{describe(action)}' does not answer this: {asked(r, state)}", rule)
    seat = top.seat
    player = state.players[seat]
    if kind == "structure":
        return _structure(r, state, seat, action.kind, player.credits, top.c == 1)
    if kind == "site":
        return _site_answer(r, state, top, action.site)
    if kind == "free_site":
        return _free_site(r, state, top, action.site)
    if kind == "tile":
        return _tile(r, state, top, action.tile)
    if kind == "pay":
        return _pay(r, state, top, action)
    if kind in ("produce", "repeat"):
        return _produce(r, state, top, action)
    if kind == "amount":
        return _amount(r, state, top, action.markers)
    if kind == "contract":
        return _fulfil(r, state, top, action.contract)
    if kind in ("take", "start"):
        return _take(r, state, top, action.contract)
    if kind == "discard":
        return IllegalAction(f"you do not hold {action.contract}: discard one of your contracts", rule)
    if kind == "machinery":
        return IllegalAction(
            f"split exactly {top.n} machinery between excavators and mixers "
            f"(machinery {top.n}e 0m … machinery 0e {top.n}m)",
            rule,
        )
    if kind == "water":
        heads = ", ".join(r.board.headstreams)
        return IllegalAction(f"there is no headstream '{action.headstream}' (headstreams: {heads})", rule)
    if kind == "pair":
        return _pair(r, state, action)
    if kind == "copy":
        return _copy(r, state, seat, action.officer)
    return _generic(r, state, action, rule)


def _generic(r: BarrageRules, state: State, action: Any, rule: str | None) -> IllegalAction:
    return IllegalAction(f"'{describe(action)}' is not legal now: {asked(r, state)}", rule)
