"""Power Grid in words: plants, holdings, seats and counts as a player reads them.

One place for the phrases the board, the turn screen and the narrated automatic
steps share, so that a plant reads the same everywhere (``20 (3 coal → 5)``).
Plain functions of numbers and plant keys: they import only the data layer.
"""

from __future__ import annotations

from collections.abc import Sequence

from turbine.core.layout import plural

from .actions import RESOURCE_NAMES, plant_label
from .data_model import plants_by_key
from .state import HIDDEN, STEP3

_PLANTS = plants_by_key()
_FUEL_WORDS = {"hybrid": "coal/oil", "any": "any fuel"}


def burns(key: int) -> str:
    """What the plant burns per run: ``3 coal``, ``2 coal/oil``, ``eco`` (no fuel), ``fusion``."""
    p = _PLANTS[key]
    if not p.needs:
        return p.fuel
    return f"{p.needs} {_FUEL_WORDS.get(p.fuel, p.fuel)}"


def plant_short(key: int) -> str:
    """A plant in a list: ``20(3 coal→5)``; the Step 3 card and a face-down card too."""
    if key == STEP3:
        return "[Step 3 card]"
    if key == HIDDEN:
        return "?"
    return f"{plant_label(key)}({burns(key)}→{_PLANTS[key].cities})"


def plant_long(key: int) -> str:
    """A plant in a sentence: ``plant 20 (3 coal → 5 cities)``."""
    if key == STEP3:
        return "the Step 3 card"
    cities = plural(_PLANTS[key].cities, "city", "cities")
    return f"plant {plant_label(key)} ({burns(key)} → {cities})"


def plant_effect(key: int) -> str:
    """What a plant does, for a menu: ``3 coal → 5 cities``, ``eco → 2 cities``."""
    return f"{burns(key)} → {plural(_PLANTS[key].cities, 'city', 'cities')}"


def minimum_bid(key: int) -> int:
    """The lowest opening bid: the printed number (33 for 33⅓, P-4.4)."""
    return _PLANTS[key].number


def holding(res: Sequence[int]) -> str:
    """Tokens held: ``3 coal 2 oil``, or ``no fuel``."""
    held = [f"{n} {name}" for name, n in zip(RESOURCE_NAMES, res, strict=True) if n]
    return " ".join(held) if held else "no fuel"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``11th``, ``21st`` (places on the player-order
    track, a player's cities)."""
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
