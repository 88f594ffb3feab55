"""The example plugins draw their own parts through ``turbine_draw``: a third-party game
its whole board, third-party expansions a panel beside their game's board."""

from __future__ import annotations

import pytest
from pictures_helpers import by_class, parse, play
from turbine.core import default_registry
from turbine.core.drawing import Canvas, svg

INSTALL = (
    "install the examples: pip install ./examples/turbine-sparks ./examples/turbine-grid-subsidy"
    " ./examples/turbine-barrage-grants"
)


def needs(name: str) -> None:
    reg = default_registry()
    if name not in reg.variants and name not in reg.expansions:
        pytest.skip(f"{name} is not installed: {INSTALL}")


def panels(text: str) -> list[str]:
    return [e.get("data-panel") for e in by_class(parse(text), "panel")]


def test_sparks_draws_its_board():
    needs("sparks")
    game = play("sparks", 3, seed=1, moves=10)
    root = parse(svg(game, None))
    assert panels(svg(game, None)) == ["sparks"]
    seats = [int(e.get("data-seat")) for e in by_class(root, "player")]
    assert seats == [1, 2, 3]


def test_the_grid_subsidy_adds_a_side_panel_to_power_grid():
    needs("subsidy")
    game = play("power_grid", 3, seed=2, moves=60, expansions=("subsidy",))
    shown = panels(svg(game, None))
    assert shown[0] == "map" and shown[-1] == "subsidy"
    assert "subsidy" not in panels(svg(play("power_grid", 3, seed=2, moves=0), None))


def test_the_grant_office_adds_a_side_panel_to_barrage():
    needs("grants")
    game = play("barrage", 2, seed=1, moves=60, options={"mode": "full"}, expansions=("grants",))
    root = parse(svg(game, None))
    assert "grants" in panels(svg(game, None))
    assert by_class(root, "grants-display")[0].text.startswith("On display: ")


def test_a_game_that_draws_nothing_still_gets_a_valid_picture(monkeypatch):
    game = play("power_grid", 2, seed=1, moves=0)
    monkeypatch.setattr(game.rules.pm.hook, "turbine_draw", lambda **kwargs: [])
    root = parse(svg(game, None))
    assert [e.get("data-panel") for e in by_class(root, "panel")] == ["none"]


def test_two_panels_with_one_key_are_refused():
    canvas = Canvas("t")
    canvas.panel("board", "Board", 10, 10)
    with pytest.raises(ValueError, match="two panels"):
        canvas.panel("board", "Again", 10, 10)
