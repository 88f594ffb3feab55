"""Contracts (B-13, B-10.8): fulfilling, taking, the hand limit, the display."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import sources
from .state import State

if TYPE_CHECKING:
    from .api import BarrageGame


def discount(r: BarrageGame, state: State, seat: int) -> int:
    """France (B-15.5): 3 less energy needed once its ability is unlocked."""
    return r.company(state, seat).contract_discount if r.ability_unlocked(state, seat) else 0


def fulfillable(
    r: BarrageGame, state: State, seat: int, made: int, tile: bool = False, discounted: bool = False
) -> list[str]:
    """Face-up contracts of the seat, then national contracts, that ``made`` energy fulfils
    (B-13.3).  ``tile``: energy of AT-II-B / AT-III-C, which by default fulfils neither
    national contracts nor gets France's reduction (B-13.5.3, U-6).  ``discounted``: France's
    reduction was already used on this energy (an expansion's ``discount_once`` policy)."""
    restricted = tile and r.options.tile_energy_contracts == "private"
    need = made if restricted or discounted else made + discount(r, state, seat)
    table = r.contracts
    out = [c for c in state.players[seat].contracts if table[c].requirement <= need]
    if not restricted:
        out += [c for c in state.nationals if table[c].requirement <= need]
    return out


def fulfil(r: BarrageGame, state: State, seat: int, contract: str) -> None:
    player = state.players[seat]
    if contract in player.contracts:
        player.contracts.remove(contract)
    else:
        state.nationals.remove(contract)  # B-13.4.2: the first to fulfil takes it
    player.fulfilled.append(contract)
    r.gain(state, seat, r.contracts[contract].reward, sources.CONTRACTS)


def available(state: State) -> list[str]:
    """The face-up private contracts, stack by stack (B-10.8.2)."""
    return [c for slots in state.display for c in slots if c]


def shown(state: State) -> int:
    """How many private contracts are face up (B-10.8.2): asked at every turn."""
    n = 0
    for slots in state.display:
        for contract in slots:
            if contract:
                n += 1
    return n


def take(r: BarrageGame, state: State, seat: int, contract: str) -> None:
    for slots in state.display:
        if contract in slots:
            slots[slots.index(contract)] = ""
            break
    state.players[seat].contracts.append(contract)


def refill(state: State) -> list[str]:
    """End of a turn: fill each empty slot from the top of its stack (B-10.8.2, U-18); the
    contracts turned face up, in the display's order."""
    stacks = state.stacks
    turned: list[str] = []
    for row, slots in enumerate(state.display):
        stack = stacks[row]  # the stack beside that row of the display
        if stack and "" in slots:
            for i, c in enumerate(slots):
                if not c and stack:
                    slots[i] = stack.pop()
                    turned.append(slots[i])
    return turned
