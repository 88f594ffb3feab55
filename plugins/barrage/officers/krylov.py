"""EO-AK Anton Krylov (B-16.6): a special tile that copies another tile on the wheel.

The tile itself (its permission and its copy of the other tile's effect) is
:mod:`..technology.anton`; the officer gives it at setup and lets the
construction pipeline offer its copies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.core.errors import IllegalAction

from . import Officer

if TYPE_CHECKING:
    from ..api import BarrageGame, TileAbility
    from ..state import State

ANTON_TILE = "anton"
JOKER = "joker"
"""The basic joker tile Anton copies on an empty wheel with ``anton_empty_wheel="joker"`` (U-28)."""


class AntonKrylov(Officer):
    id = "EO-AK"
    copies_wheel_tiles = True

    def setup(self, game: BarrageGame, state: State, seat: int) -> None:
        state.players[seat].tiles.append(ANTON_TILE)  # B-16.6.1

    def wheel_copies(
        self, game: BarrageGame, state: State, seat: int, free: bool
    ) -> list[tuple[str, TileAbility]]:
        """B-16.6.2: his tile copies each other tile on the wheel (``anton=<id>``); Mahiri
        copying him places no tile (``copy=<id>``, B-16.7.5).  U-28: on an empty wheel,
        optionally a joker.  ``free``: only engineer-free tiles (B-14.4)."""
        player = state.players[seat]
        own = player.officer == self.id
        if own and ANTON_TILE not in player.tiles:
            return []
        prefix = "anton=" if own else "copy="
        tiles = game.tiles
        out = []
        seen = []
        for t in player.wheel_tile:
            if t and t != ANTON_TILE and t not in seen:
                seen.append(t)
                tile = tiles[t]
                if tile.engineer_free or not free:
                    out.append((prefix + t, tile))
        if not seen and own and not free and game.options.anton_empty_wheel == "joker":  # U-28
            out.append((prefix + JOKER, tiles[JOKER]))
        return out

    def refuse_wheel_copy(
        self, game: BarrageGame, state: State, seat: int, prefix: str, tile_id: str
    ) -> IllegalAction | None:
        player = state.players[seat]
        own = player.officer == self.id
        if own and prefix == "copy":
            return IllegalAction(f"Anton places his own tile to copy: tile anton={tile_id}", "B-16.6.2")
        if not own and prefix == "anton":
            return IllegalAction(f"copying Anton Krylov you place no tile: tile copy={tile_id}", "B-16.7.5")
        if own and ANTON_TILE not in player.tiles:
            return IllegalAction("Anton's tile is on your wheel; it comes back as the wheel turns", "B-8.4.1")
        others = [t for t in player.wheel_tile if t and t != ANTON_TILE]
        if not others and not (tile_id == JOKER and game.options.anton_empty_wheel == "joker"):
            return IllegalAction("no other tile is on your wheel, so Anton's tile cannot be used", "B-16.6.3")
        if tile_id not in others and tile_id != JOKER:
            return IllegalAction(
                f"{tile_id} is not on your wheel (there: {', '.join(sorted(set(others)))})", "B-16.6.2"
            )
        return None
