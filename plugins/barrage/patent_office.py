"""The Patent Office (B-4.1.12, B-10.9, B-14.5, B-19.5): three face-up advanced tiles."""

from __future__ import annotations

from .state import State

DISPLAY = 3


def reveal(state: State) -> None:
    """Fill the display with 3 tiles from stack I while it lasts, then II, then III."""
    display = []
    for _ in range(DISPLAY):
        stack = next((s for s in state.patent_stacks if s), None)
        display.append(stack.pop() if stack is not None else "")
    state.patent_display = display


def refresh(state: State) -> None:
    """B-19.5: the tiles still on display leave the game; 3 new ones are revealed."""
    reveal(state)


def take(state: State, slot: int) -> str:
    """B-10.9.1: the tile of ``slot`` leaves the display (its slot stays empty until Phase 5)."""
    tile = state.patent_display[slot]
    state.patent_display[slot] = ""
    return tile
