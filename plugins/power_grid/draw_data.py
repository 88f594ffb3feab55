"""Where each city sits on the board picture (``data/city_coordinates.json``).

The positions are for drawing only: no rule reads them.  They are checked
against the map files when first loaded, so a city added to a map without a
position (or a misspelt name) is a :class:`~turbine.core.data.DataError` naming
the file, not a city silently missing from the picture.
"""

from __future__ import annotations

import functools

import msgspec
from turbine.core.data import decode_data, read_data, require

from .data_model import MapName, load_map

FILE = "city_coordinates.json"
MAPS: tuple[MapName, ...] = ("russia", "japan")


class Coordinates(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``maps[map][city] = (x, y)``: pixels of the source's board picture, y downward."""

    source: str
    note: str
    maps: dict[str, dict[str, tuple[int, int]]]


@functools.cache
def load_coordinates() -> Coordinates:
    """The positions of every city of both maps, checked one-to-one against the map files."""
    return check(decode_data(FILE, read_data("turbine.plugins.power_grid", FILE), Coordinates))


def check(data: Coordinates) -> Coordinates:
    """``data`` if it places every city of both maps and no other; else a ``DataError``."""
    for name in MAPS:
        require(name in data.maps, FILE, f"no positions for the {name} map")
        placed = set(data.maps[name])
        cities = {c.name for c in load_map(name).cities}
        missing = sorted(cities - placed)
        unknown = sorted(placed - cities)
        require(not missing, FILE, f"{name}: cities without a position: {', '.join(missing)}")
        require(not unknown, FILE, f"{name}: positions of unknown cities: {', '.join(unknown)}")
    return data


def positions(map_name: str) -> dict[str, tuple[int, int]]:
    """City name → (x, y) on the source picture for ``map_name``."""
    return load_coordinates().maps[map_name]
