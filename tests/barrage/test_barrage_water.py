"""Water movement (B-12): the rulebook's flow examples as exact scenarios on the base map, and capacity."""

from __future__ import annotations

import itertools

import pluggy
import pytest
from turbine.core.hookspecs import hookimpl
from turbine.plugins.barrage import water as w
from turbine.plugins.barrage.board import SEA, load_board
from turbine.plugins.barrage.hookspecs import BarrageSpecs

RED, BLACK, GREEN, WHITE = 0, 1, 2, 3


@pytest.fixture(scope="module")
def board():
    return load_board()


class Map:
    """Dam heights and owners per slot, as the rules engine will keep them."""

    def __init__(self, board):
        self.board = board
        self.heights = [0] * len(board.dams)
        self.owners = [w.NOBODY] * len(board.dams)
        self.water = w.WaterState.empty(board)

    def dam(self, site: str, owner: int, height: int, held: int = 0) -> int:
        slot = self.board.dam(site)
        self.heights[slot], self.owners[slot] = height, owner
        held_list = list(self.water.held)
        held_list[slot] = held
        self.water = w.WaterState(held_list, list(self.water.waiting))
        return slot

    def caps(self, fn: w.CapacityFn = w.standard_capacity) -> list[int]:
        return w.capacities(self.heights, self.owners, fn)

    def held(self, site: str) -> int:
        return self.water.held[self.board.dam(site)]


def names(board, stops):
    return [board.dams[s].id if s != SEA else "sea" for s in stops]


# --------------------------------------------------------------------------- B-12.3 examples


def test_B_12_3_1_neutral_height_2_dam_holding_1_keeps_one_of_two(board):
    """A neutral height-2 dam holding 1 receives 2 markers: the first stops, the second flows on.

    Rules: B-3.2.3, B-12.1.2, B-22.8.
    """
    m = Map(board)
    m.dam("B5L", w.NEUTRAL, 2, held=1)
    water, result = w.move_water(board, m.water, m.caps(), [w.Source("arrival", board.basin("Z-5"), 2)])
    assert names(board, result.stops) == ["B5L", "sea"]
    assert water.held[board.dam("B5L")] == 2
    assert result.to_sea == 1


def test_B_12_3_1_second_marker_continues_to_the_next_dam_with_room(board):
    m = Map(board)
    m.dam("B5L", w.NEUTRAL, 2, held=1)
    m.dam("B9U", GREEN, 1)
    water, result = w.move_water(board, m.water, m.caps(), [w.Source("arrival", board.basin("Z-5"), 2)])
    assert names(board, result.stops) == ["B5L", "B9U"]
    assert (water.held[board.dam("B5L")], water.held[board.dam("B9U")]) == (2, 1)


def test_B_12_3_2_water_flow_phase_example(board):
    """Markers 1–2 pass a full mountain dam of height 1; 1 stops at a plains height-3 dam with room
    for one, 2 leaves the map.  Markers 3–5: 3 stops at a mountain height-2 dam holding 1, 4 at the
    (upper) hill dam, 5 at the lower neutral height-2 hill dam (UA, HU p. 19)."""
    m = Map(board)
    m.dam("B1U", RED, 1, held=1)  # full mountain dam, height 1
    m.dam("B8U", BLACK, 3, held=2)  # plains dam, height 3, room for 1
    m.dam("B2U", GREEN, 2, held=1)  # mountain dam, height 2, holding 1
    m.dam("B5U", WHITE, 1)  # upper hill dam with room
    m.dam("B5L", w.NEUTRAL, 2, held=1)  # neutral hill dam, height 2, starts with 1 (B-4.1.11)
    start = w.WaterState(list(m.water.held), [2, 3, 0, 0])  # markers 1–2 on A, 3–5 on B
    water, result = w.flow_phase(board, start, m.caps())
    assert names(board, result.stops) == ["B8U", "sea", "B2U", "B5U", "B5L"]
    assert water.waiting == [0, 0, 0, 0]  # B-17.3
    assert [water.held[board.dam(s)] for s in ("B1U", "B8U", "B2U", "B5U", "B5L")] == [1, 3, 2, 1, 2]
    assert result.row_passes[board.basin("Z-8")] == 2  # both passed Z-8's powerhouse row
    assert result.row_passes[board.basin("Z-11")] == 1  # only marker 2 reached the lowest basin
    assert result.row_passes[board.basin("Z-5")] == 2  # markers 4 and 5


def test_B_12_3_3_released_water_passes_a_full_plains_dam_and_stops_at_greens(board):
    """B-22.17: a production from a hill dam; the released marker passes a full height-1 plains dam
    and is caught by the green dam, which has room."""
    m = Map(board)
    hill = m.dam("B5U", RED, 1, held=1)
    m.dam("B8U", RED, 1, held=1)
    m.dam("B8L", GREEN, 2)
    produced = w.take_from_dam(m.water, hill, 1)  # through C5L (Z-5 -> Z-8) to a red powerhouse in Z-8
    assert board.conduits[board.conduit("C5L")].to_basin == board.basin("Z-8")
    water, result = w.release(board, produced, m.caps(), board.basin("Z-8"), 1)
    assert names(board, result.stops) == ["B8L"]
    assert [water.held[board.dam(s)] for s in ("B5U", "B8U", "B8L")] == [0, 1, 1]
    assert result.row_passes[board.basin("Z-8")] == 0  # B-12.2.2: not past its own powerhouse row


def test_B_22_28_germany_release_refills_a_dam_then_second_production(board):
    """Germany: 2 markers from a height-2 dam through a value-2 conduit to a hill powerhouse; the
    released water refills her height-3 dam (1 + 2 = 3), which then feeds the second production."""
    m = Map(board)
    first = m.dam("B6U", BLACK, 2, held=2)
    second = m.dam("B7U", BLACK, 3, held=1)
    assert board.conduits[board.conduit("C6R")].value == 2  # Z-6 -> Z-7 (hills)
    water = w.take_from_dam(m.water, first, 2)
    water, result = w.release(board, water, m.caps(), board.basin("Z-7"), 2)
    assert names(board, result.stops) == ["B7U", "B7U"]
    assert water.held[second] == 3
    # Second production: all 3 through white's C7L (value 2, Z-7 -> Z-10), 6 energy without modifiers.
    assert board.conduits[board.conduit("C7L")].value * 3 == 6
    water = w.take_from_dam(water, second, 3)
    water, result = w.release(board, water, m.caps(), board.basin("Z-10"), 3)
    assert names(board, result.stops) == ["sea", "sea", "sea"]
    assert result.row_passes[board.basin("Z-12")] == 3


# --------------------------------------------------------------------------- USA ability (B-15.2)


def test_B_22_27_usa_energy_from_water_released_upstream(board):
    """Green produces 2 markers into Z-5; they flow through red's powerhouse in Z-9: red +2.

    Rules: B-15.2.2, B-15.2.3.
    Red's powerhouse in Z-5 itself gains nothing (same basin as the production)."""
    m = Map(board)
    owners = [w.NOBODY] * len(board.powerhouses)
    owners[board.powerhouse("P9_0")] = RED
    owners[board.powerhouse("P5_0")] = GREEN
    _, result = w.release(board, m.water, m.caps(), board.basin("Z-5"), 2)
    assert w.natural_flow_energy(board, result, owners, RED) == 2
    owners[board.powerhouse("P5_1")] = RED
    assert w.natural_flow_energy(board, result, owners, RED) == 2


def test_B_22_27_usa_overflow_in_the_flow_phase(board):
    """Water the white dam cannot hold passes red's powerhouse below it and triggers again."""
    m = Map(board)
    m.dam("B1U", WHITE, 1)
    owners = [w.NOBODY] * len(board.powerhouses)
    owners[board.powerhouse("P8_0")] = RED
    start = w.WaterState(list(m.water.held), [3, 0, 0, 0])
    _, result = w.flow_phase(board, start, m.caps())
    assert names(board, result.stops) == ["B1U", "sea", "sea"]
    assert w.natural_flow_energy(board, result, owners, RED) == 2


# --------------------------------------------------------------------------- rules of B-12.1 / B-12.2


def test_B_12_1_2_site_without_dam_has_capacity_0(board):
    m = Map(board)
    water, result = w.add_to_headstream(board, m.water, m.caps(), board.headstream("C"), 1, flows_now=True)
    assert result.stops == (SEA,)
    assert water.held == [0] * 20


def test_B_10_4_delayed_water_waits_and_immediate_water_flows(board):
    m = Map(board)
    m.dam("B3U", RED, 1)
    water, result = w.add_to_headstream(board, m.water, m.caps(), 2, 2, flows_now=False)
    assert water.waiting == [0, 0, 2, 0] and result.stops == ()
    water, result = w.add_to_headstream(board, water, m.caps(), 2, 1, flows_now=True)
    assert names(board, result.stops) == ["B3U"]
    assert water.waiting == [0, 0, 2, 0]  # the waiting markers stay until Phase 3 (B-3.3.3)


def test_B_12_2_4_flow_phase_result_does_not_depend_on_headstream_order(board):
    m = Map(board)
    m.dam("B6L", RED, 2)
    m.dam("B7U", BLACK, 1)
    m.dam("B10U", GREEN, 3, held=1)
    m.dam("B10L", w.NEUTRAL, 3, held=1)
    m.dam("B9L", WHITE, 2)
    start = w.WaterState(list(m.water.held), [1, 3, 4, 5])
    outcomes = set()
    for order in itertools.permutations(range(4)):
        water, result = w.flow_phase(board, start, m.caps(), order=order)
        outcomes.add((tuple(water.held), result.row_passes, result.to_sea))
    assert len(outcomes) == 1
    held, passes, to_sea = outcomes.pop()
    assert (held[board.dam("B6L")], held[board.dam("B7U")], held[board.dam("B10U")]) == (2, 1, 3)
    assert (held[board.dam("B10L")], held[board.dam("B9L")], to_sea) == (3, 2, 4)
    assert (passes[board.basin("Z-10")], passes[board.basin("Z-12")]) == (6, 2)


def test_flow_is_pure(board):
    m = Map(board)
    m.dam("B1U", RED, 1)
    before = w.WaterState(list(m.water.held), [1, 0, 0, 0])
    copy = w.WaterState(list(before.held), list(before.waiting))
    w.flow_phase(board, before, m.caps())
    assert before == copy


def test_B_12_2_3_direct_placement_does_not_move(board):
    m = Map(board)
    slot = m.dam("B9U", RED, 3, held=1)
    water = w.place_at_dam(m.water, m.caps(), slot, 2)  # AT-II-E: fill to capacity
    assert water.held[slot] == 3
    assert w.room(water, m.caps(), slot) == 0
    with pytest.raises(ValueError):
        w.place_at_dam(water, m.caps(), slot, 1)
    with pytest.raises(ValueError):
        w.take_from_dam(water, slot, 4)


# --------------------------------------------------------------------------- capacity functions


def test_B_16_2_del_monte_height_3_dams_hold_4(board):
    """Rules: B-16.2.1, B-16.2.3."""
    m = Map(board)
    own3 = m.dam("B4U", GREEN, 3)
    own2 = m.dam("B4L", GREEN, 2)
    neutral = m.dam("B7L", w.NEUTRAL, 3)
    other3 = m.dam("B10U", RED, 3)
    caps = m.caps(w.del_monte_capacity([GREEN]))
    assert [caps[s] for s in (own3, own2, neutral, other3)] == [4, 2, 3, 3]
    start = w.WaterState(list(m.water.held), [0, 0, 0, 12])
    water, result = w.flow_phase(board, start, caps)
    assert [water.held[s] for s in (own3, own2, neutral, other3)] == [4, 2, 3, 3]
    assert result.to_sea == 0
    assert names(board, result.stops).count("B4U") == 4


def test_B_16_7_6_over_full_dam_keeps_its_4th_marker_but_takes_no_more(board):
    """U-10: a 4th marker caught during Mahiri's copy stays; with capacity back to 3 water passes."""
    m = Map(board)
    slot = m.dam("B8L", WHITE, 3, held=4)
    assert w.room(m.water, m.caps(), slot) == 0
    water, result = w.release(board, m.water, m.caps(), board.basin("Z-8"), 1)
    assert result.stops == (SEA,) and water.held[slot] == 4


class DelMonte:
    """An officer implemented only through Barrage's hook (HP-12)."""

    def __init__(self, seats):
        self.seats = seats

    @hookimpl
    def barrage_dam_capacity(self, owner, height, capacity):
        if owner in self.seats and height == 3:
            return 4
        return None


class Drought:
    """A hypothetical second expansion: every private dam holds one marker less (folded after Del Monte)."""

    @hookimpl(trylast=True)
    def barrage_dam_capacity(self, owner, capacity):
        return max(0, capacity - 1) if owner >= 0 else None


def test_HP_12_capacity_through_the_hook(board):
    pm = pluggy.PluginManager("turbine")
    pm.add_hookspecs(BarrageSpecs)
    pm.register(DelMonte({BLACK}))
    m = Map(board)
    mine = m.dam("B9U", BLACK, 3)
    neutral = m.dam("B9L", w.NEUTRAL, 3)
    fn = w.capacity_from_hook(pm.hook.barrage_dam_capacity, game=None)
    caps = m.caps(fn)
    assert (caps[mine], caps[neutral]) == (4, 3)
    pm.register(Drought())
    caps = m.caps(w.capacity_from_hook(pm.hook.barrage_dam_capacity, game=None))
    assert (caps[mine], caps[neutral]) == (3, 3)
    water, result = w.release(board, m.water, caps, board.basin("Z-9"), 7)
    assert (water.held[mine], water.held[neutral], result.to_sea) == (3, 3, 1)


def test_U_17_markers_on_the_map_count_held_and_waiting_water():
    """The water markers in play (U-17's supply check) are those held by dams plus
    those waiting on headstream tiles."""
    from turbine.plugins.barrage.water import WaterState

    assert WaterState([1, 0, 2], [1]).on_map == 4  # 3 held + 1 waiting
