"""The Barrage board picture: the map's schematic with every site, the energy track,
the companies; with the Leeghwater Project its own panel (issue: board pictures)."""

from __future__ import annotations

import pytest
from pictures_helpers import by_class, check_golden, parse, play
from turbine.core.drawing import svg
from turbine.plugins.barrage.board import load_board
from turbine.plugins.barrage.tables import NEUTRAL, NOBODY


@pytest.fixture(scope="module")
def full():
    return play("barrage", 4, seed=1, moves=220, options={"mode": "full"})


@pytest.fixture(scope="module")
def leeghwater():
    return play("barrage", 3, seed=2, moves=160, options={"mode": "full"}, expansions=("leeghwater",))


def owner_word(game, owner):
    if owner == NEUTRAL:
        return "neutral"
    if owner == NOBODY:
        return "free"
    return game.rules.company(game.state, owner).name


@pytest.mark.parametrize("which", ["full", "leeghwater"])
def test_every_dam_site_is_drawn_with_owner_height_and_water(which, request):
    game = request.getfixturevalue(which)
    s = game.state
    board = load_board()
    root = parse(svg(game, None))
    dams = {e.get("data-site"): e for e in by_class(root, "dam")}
    assert len(by_class(root, "dam")) == len(board.dams) == 20  # B-3.2: 10 basins × 2 dam sites
    for site in board.dams:
        e = dams[site.id]
        assert e.get("data-owner") == owner_word(game, s.dam_owner[site.index]), site.id
        assert int(e.get("data-height")) == s.dam_height[site.index]
        assert int(e.get("data-water")) == s.dam_water[site.index]
        assert e.get("data-red") == ("true" if site.red else "false")  # B-0.4
    assert any(o >= 0 for o in s.dam_owner), "the game should have company dams by now"


def test_basins_rivers_headstreams_conduits_and_powerhouses(full):
    s = full.state
    board = load_board()
    root = parse(svg(full, None))
    assert len(by_class(root, "basin")) == 12  # B-3.1.2
    rivers = {(e.get("data-from"), e.get("data-to")) for e in by_class(root, "river")}
    expected = {(b.id, "sea" if b.river_to < 0 else board.basins[b.river_to].id) for b in board.basins}
    assert rivers == expected  # B-3.1.3
    heads = by_class(root, "headstream")
    assert [h.get("data-name") for h in heads] == ["A", "B", "C", "D"]  # B-3.1.4
    assert [h.get("data-tile") for h in heads] == s.headstream_tiles
    conduits = {e.get("data-site"): e for e in by_class(root, "conduit")}
    assert set(conduits) == {c.id for c in board.conduits}
    for c in board.conduits:  # B-3.4.1: value and where it leads
        assert int(conduits[c.id].get("data-value")) == c.value
        assert conduits[c.id].get("data-to") == f"Z-{c.to_zone}"
        assert conduits[c.id].get("data-owner") == owner_word(full, s.conduit_owner[c.index])
    houses = {e.get("data-site"): e for e in by_class(root, "powerhouse")}
    assert set(houses) == {p.id for p in board.powerhouses}
    for p in board.powerhouses:
        assert houses[p.id].get("data-owner") == owner_word(full, s.ph_owner[p.index])


def test_companies_and_energy_track(full):
    s = full.state
    root = parse(svg(full, None))
    companies = by_class(root, "company")
    assert [int(c.get("data-vp")) for c in companies] == [p.vp for p in s.players]
    assert len(by_class(root, "energy-marker")) == 4
    assert len(by_class(root, "wheel")) == 4
    held = sum(min(len(p.contracts), 3) for p in s.players)
    assert len(by_class(root, "contract")) == held


def test_leeghwater_draws_its_own_panel_and_barrage_alone_has_none(full, leeghwater):
    root = parse(svg(leeghwater, None))
    panels = [e.get("data-panel") for e in by_class(root, "panel")]
    assert "leeghwater" in panels
    assert len(by_class(root, "private-building")) == 5  # L-3.4
    assert len(by_class(root, "external-work")) == 3  # L-5.4.2
    assert len(by_class(root, "building-space")) == 20
    assert len(by_class(root, "extension")) == 3
    assert "leeghwater" not in [e.get("data-panel") for e in by_class(parse(svg(full, None)), "panel")]


def test_the_start_of_a_full_game_draws_before_any_company_is_chosen():
    game = play("barrage", 2, seed=3, moves=0, options={"mode": "full"})
    root = parse(svg(game, 0))
    assert len(by_class(root, "dam")) == 20
    assert [c.get("data-company") for c in by_class(root, "company")] == [s.name for s in game.seats]


def test_golden_barrage_full(full):
    check_golden("barrage_full", svg(full, None))


def test_golden_barrage_leeghwater(leeghwater):
    check_golden("barrage_leeghwater", svg(leeghwater, 1))
