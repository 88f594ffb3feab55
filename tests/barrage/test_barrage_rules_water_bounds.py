"""Water placed directly at a dam (B-12.2.3): any number of markers up to the dam's room."""

from __future__ import annotations

import pytest
from turbine.plugins.barrage import water as w
from turbine.plugins.barrage.board import load_board


def test_B_12_2_3_a_dam_takes_fewer_markers_than_its_room_and_no_more_than_it():
    """B-12.2.3, B-3.2.3: an empty height-3 dam (room 3) takes 1 marker, then 2 more; a 4th
    is refused, and so is a negative count."""
    board = load_board()
    slot = board.dam("B9U")
    heights = [0] * len(board.dams)
    owners = [w.NOBODY] * len(board.dams)
    heights[slot], owners[slot] = 3, 0
    caps = w.capacities(heights, owners, w.standard_capacity)
    water = w.place_at_dam(w.WaterState.empty(board), caps, slot, 1)
    assert (water.held[slot], w.room(water, caps, slot)) == (1, 2)
    water = w.place_at_dam(water, caps, slot, 2)
    assert (water.held[slot], w.room(water, caps, slot)) == (3, 0)
    assert w.place_at_dam(water, caps, slot, 0).held[slot] == 3
    for count in (1, -1):
        with pytest.raises(ValueError):
            w.place_at_dam(water, caps, slot, count)
