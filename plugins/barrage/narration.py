"""Barrage's automatic steps said aloud (:meth:`Rules.tell`): incomes, water flowing,
the USA's energy from water flowing past its powerhouses, a tile's production that
cannot be made, a round's scoring as a small table, the final scoring, the new turn
order, and the answers given for a player when only one was possible.

Each function here only reads the state and says what happened; the rules call them
only when someone listens (:meth:`Rules.telling`), so bots and replays pay nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from turbine.core.layout import plural, possessive

from .board import SEA
from .decisions.words import OBJECTIVE_TEXT, contract_text, reward_text
from .tables import NEUTRAL, credits_for_energy

if TYPE_CHECKING:
    from .api import BarrageGame
    from .construction import Returned
    from .state import State
    from .tables import Part

COUNTS = ("VP", "credits", "excavators", "mixers", "energy")


def company(r: BarrageGame, state: State, seat: int) -> str:
    """The seat's company name, or its player's name before the draft."""
    return r.company(state, seat).name or r.player_name(seat)


def snapshot(state: State) -> list[tuple[int, ...]]:
    """Each seat's open counts, in :data:`COUNTS` order."""
    return [(p.vp, p.credits, p.excavators, p.mixers, p.energy) for p in state.players]


def changes(
    r: BarrageGame,
    state: State,
    before: list[tuple[int, ...]],
    title: str,
    choosing: Mapping[int, str] | None = None,
    if_any: bool = False,
) -> None:
    """``title: Germany +6 credits, +1 excavator · Italy …`` — what each seat gained or lost;
    ``choosing``: the seats whose income includes a choice still to make, with the first
    question it asks (``which machinery to take``), said so that an income that shows
    nothing yet is not read as none, and that the choice reads as what it is;
    ``if_any``: nothing said when nothing changed (a wheel's turn said on its own)."""
    parts = []
    choosing = choosing or {}
    for seat, (old, new) in enumerate(zip(before, snapshot(state), strict=True)):
        moved = ", ".join(f"{b - a:+d} {name}" for name, a, b in zip(COUNTS, old, new, strict=True) if a != b)
        if seat in choosing:
            choice = f"a choice to make ({choosing[seat]})"
            moved = f"{moved} and {choice}" if moved else f"has {choice}"
        if moved:
            parts.append(f"{company(r, state, seat)} {moved}")
    if if_any and not parts:
        return
    r.tell(f"{title}: {' · '.join(parts) if parts else 'no company has any yet'}")


def wheel(r: BarrageGame, state: State, seat: int, back: Returned, turns: int = 0) -> None:
    """B-8.4.1: ``Italy's wheel gives back the conduit tile and 4 mixers``; with ``turns``,
    the turn is said too (``USA's wheel turns 1 sector and gives back …``, ``… turns 1
    sector; nothing comes back``)."""
    items = [f"the {_listed(back.tiles)} tile{'s' if len(back.tiles) > 1 else ''}"] if back.tiles else []
    items += [plural(n, name) for n, name in ((back.excavators, "excavator"), (back.mixers, "mixer")) if n]
    turned = f" turns {plural(turns, 'sector')}" if turns else ""
    if items:
        gives = f"{' and' if turned else ''} gives back {_listed(items)}"
        r.tell(f"{possessive(company(r, state, seat))} wheel{turned}{gives} (B-8.4.1)")
    else:
        r.tell(f"{possessive(company(r, state, seat))} wheel{turned}; nothing comes back (B-8.5)")


def _listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return ", ".join(items[:-1]) + (" and " if len(items) > 1 else "") + items[-1]


def water(r: BarrageGame, state: State, held: list[int], waiting: list[int]) -> None:
    """Where the water went: each dam that now holds more or less, and what still waits."""
    board = r.board
    moved = []
    for d, (old, new) in enumerate(zip(held, state.dam_water, strict=True)):
        if old != new:
            owner = state.dam_owner[d]
            whose = "neutral" if owner == NEUTRAL else company(r, state, owner)
            moved.append(f"{board.dams[d].id} ({whose}) {old}→{new}")
    flowed = sum(waiting) - sum(state.headstream_water)
    r.tell(
        f"Water flows: {flowed} from the headstreams; dams: {', '.join(moved) if moved else 'none filled'}"
    )


def headstream_water(r: BarrageGame, state: State, added: Sequence[int]) -> None:
    """B-6.4.1: ``Water arrives at the headstreams (B-6.4): A +2 (now 3), B none, C +1,
    D +2``, as each tile shows for the round (with the count now on a tile that still held
    water); it flows in the water phase (B-17)."""
    parts = []
    for h, count in enumerate(added):
        name, now = r.board.headstreams[h], state.headstream_water[h]
        parts.append(
            f"{name} none" if not count else f"{name} +{count}" + (f" (now {now})" if now != count else "")
        )
    r.tell(f"Water arrives at the headstreams (B-6.4): {', '.join(parts)}")


def refilled(r: BarrageGame, state: State, turned: Sequence[str]) -> None:
    """B-10.8.2: at the end of a turn each empty slot of the contract display is filled from
    its stack: ``The contract display is refilled (B-10.8.2): PC-Y04 (5: 2 VP + rotate 2)``
    (each contract as the company lines show it: the energy it needs, then its reward)."""
    shown = " · ".join(contract_text(r, c) for c in turned)
    r.tell(f"The contract display is refilled (B-10.8.2): {shown}")


def water_placed(r: BarrageGame, state: State, dam: int, count: int) -> None:
    """B-12.2.3: ``1 water from the supply in front of B10L (Italy), now 1`` (a tile's or a
    building's markers, which do not flow)."""
    owner = state.dam_owner[dam]
    whose = "neutral" if owner == NEUTRAL else company(r, state, owner)
    r.tell(
        f"{count} water from the supply in front of {r.board.dams[dam].id} ({whose}), now "
        f"{state.dam_water[dam]} (B-12.2.3)"
    )


def flowed(r: BarrageGame, state: State, stops: Sequence[int], cause: str) -> None:
    """B-12, water that flows at once (placed on a headstream, or released by a production):
    ``The water flows on: 1 to B8L (Italy) · 1 out to the sea``."""
    board = r.board
    counts: dict[int, int] = {}
    for stop in stops:
        counts[stop] = counts.get(stop, 0) + 1
    parts = []
    for stop, n in counts.items():
        if stop == SEA:  # it left the map (B-12.1.3)
            parts.append(f"{n} out to the sea")
            continue
        owner = state.dam_owner[stop]
        whose = "neutral" if owner == NEUTRAL else company(r, state, owner)
        parts.append(f"{n} to {board.dams[stop].id} ({whose})")
    what = "The released water flows on" if cause == "release" else "The water flows"
    r.tell(f"{what}: {' · '.join(parts)} (B-12)")


def flow_energy(r: BarrageGame, state: State, seat: int, row_passes: Sequence[int], per: int) -> None:
    """B-15.2: ``USA's ability (B-15.2): +3 energy, 1 for each water marker that flowed
    naturally past one of its powerhouses: 2 past P8_2, 1 past P12_0``.  The energy moves
    no piece the water's own line names, so without it a company's energy went up with
    nothing said."""
    board = r.water_board
    passed = [
        (site.id, row_passes[site.basin])
        for site, owner in zip(board.powerhouses, state.ph_owner, strict=True)
        if owner == seat and row_passes[site.basin]
    ]
    markers = sum(n for _, n in passed)
    where = ", ".join(f"{n} past {site}" for site, n in passed)
    r.tell(
        f"{possessive(company(r, state, seat))} ability (B-15.2): +{markers * per} energy, {per} for each "
        f"water marker that flowed naturally past one of its powerhouses: {where}"
    )


def production_lost(r: BarrageGame, state: State, seat: int, tile: str) -> None:
    """B-22.36: a tile's production (AT-II-P) that no dam and conduit of the seat can make
    now is skipped; the piece built stays.  Said, since nothing else shows that the tile's
    effect came to nothing."""
    who = company(r, state, seat)
    r.tell(
        f"{possessive(who)} {tile} production is lost: {who} can make no production now; "
        "the powerhouse stays (B-22.36)"
    )


def income(r: BarrageGame, state: State, earned: Mapping[int, Sequence[Part]]) -> None:
    """B-6.2: ``Round 2 income: Germany rotate 1 · USA 3 VP + 3 excavators``: what each
    company's board pays, in its words (the net counts would credit an income with what a
    wheel it turned gave back)."""
    parts = [f"{company(r, state, seat)} {reward_text(tuple(got))}" for seat, got in earned.items() if got]
    r.tell(f"Round {state.flow.round} income: {' · '.join(parts) if parts else 'no company has any yet'}")


def patent_refresh(r: BarrageGame, state: State, left: Sequence[str]) -> None:
    """B-19.5: ``Patent Office: AT-I-C leaves the game; now offered: AT-I-E, AT-I-W, AT-II-C``."""
    gone = f"{_listed(left)} {'leaves' if len(left) == 1 else 'leave'} the game; " if left else ""
    shown = ", ".join(tile for tile in state.patent_display if tile) or "nothing (the stacks are empty)"
    r.tell(f"Patent Office (B-19.5): {gone}now offered: {shown}")


def patent_tile(r: BarrageGame, state: State, seat: int, tile: str) -> None:
    """B-10.9.1: the advanced tile a Patent Office space held, now the seat's."""
    r.tell(f"{company(r, state, seat)} takes {tile} from the Patent Office: {r.tiles[tile].text}")


def round_scoring(
    r: BarrageGame,
    state: State,
    energy_vp: list[int],
    bonus_vp: list[int],
    tile: str,
    full: Sequence[int] = (),
    lost: Sequence[int] = (),
) -> None:
    """B-18 as a table: each company's energy, its place's VP, credits and the bonus tile's VP;
    ``full``: each seat's whole value of the tile, said where its energy earned less
    (B-18.4.2: nothing under 6, 4 VP less per 6 short of 6 × the round); ``lost``: the VP
    the loss for no energy took, less than B-18.3.2's where the VP stop at 0 (U-16)."""
    zero = r.consts["zero_energy"]
    needed = r.consts["bonus_section_size"] * state.flow.round
    r.tell(
        f"Round {state.flow.round} scoring (energy track, bonus tile {tile} in full from {needed} energy):"
    )
    ranked = sorted(range(len(state.players)), key=lambda s: -state.players[s].energy)
    for seat in ranked:
        p = state.players[seat]
        if p.energy == 0:
            taken = lost[seat] if lost else zero["vp"]
            floor = f" (not {zero['vp']}: VP do not go below 0, U-16)" if taken != zero["vp"] else ""
            money = f"{plural(zero['credits'], 'credit')} and {taken} VP for no energy{floor}"
        else:
            money = plural(credits_for_energy(p.energy), "credit")
        short = f" of {full[seat]}" if full and bonus_vp[seat] < full[seat] else ""
        r.tell(
            f"  {company(r, state, seat):<11} energy {p.energy:>2}: track {energy_vp[seat]:>2} VP, "
            f"{money}, bonus tile {bonus_vp[seat]}{short} VP"
        )


def final_scoring(
    r: BarrageGame,
    state: State,
    parts: list[tuple[int, int, int]],
    counts: Sequence[int] = (),
    units: Sequence[int] = (),
) -> None:
    """B-20.2–B-20.4 per company: the objective with what it counted and the place that
    gave (ties share, B-20.2), leftover resources with the units they came from (B-20.3),
    water behind its dams (B-20.4)."""
    per_vp = r.consts["resources_per_vp"]
    counting = r.objective_table[state.objective]
    tile = f"objective {state.objective}: most {OBJECTIVE_TEXT.get(counting, counting)}"
    r.tell(f"Final scoring ({tile}; resources; held water):")
    for seat, (objective, resources, held) in enumerate(parts):
        counted = ""
        if counts:
            place = 1 + sum(c > counts[seat] for c in counts)
            tied = ", tied" if counts.count(counts[seat]) > 1 else ""
            counted = f" ({counts[seat]} counted: {_ordinal(place)}{tied})"
        pooled = f" ({units[seat]} credits and machinery ÷ {per_vp})" if units else ""
        r.tell(
            f"  {company(r, state, seat):<11} objective {objective:>2} VP{counted}, "
            f"resources {resources} VP{pooled}, water {held} VP → {state.players[seat].vp} VP"
        )


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def final_line(r: BarrageGame, state: State, seat: int, vp: int, reason: str) -> None:
    """A line an expansion adds to the final scoring (``barrage_final_scoring``), after
    Barrage's own, with the company's new total."""
    r.tell(f"  {company(r, state, seat):<11} {vp:+d} VP: {reason} → {state.players[seat].vp} VP")


def turn_order(r: BarrageGame, state: State) -> None:
    """B-19.1: the new order, least energy first."""
    order = ", ".join(company(r, state, seat) for seat in state.turn_order)
    r.tell(f"New turn order (least energy first): {order}")


FORCED_WIDTH = 92
"""The longest line that says a forced answer with its cost; a longer one leaves out the
last details of its words, then all of them (the log is read on a 100-column terminal,
its lines indented by 4)."""


def forced(r: BarrageGame, state: State, seat: int, shown: str) -> None:
    """An answer the rules gave for a player because it was the only one."""
    who = company(r, state, seat)
    notation, _, words = shown.partition("  (")
    parts = words.removesuffix(")").split("; ") if words else []
    line = f"{who}: {shown} (the only choice)"
    while len(line) > FORCED_WIDTH and parts:  # the last details go first, the first (its cost) last
        parts.pop()
        said = notation + ("  (" + "; ".join(parts) + ")" if parts else "")
        line = f"{who}: {said} (the only choice)"
    r.tell(line)
