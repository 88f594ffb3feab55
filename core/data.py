"""Loading a plugin's data files (maps, cards, tiles) with validation.

Games keep their components as JSON files inside their package and decode
them into msgspec Structs; a file that does not decode, or that contradicts
the rulebook's counts, is a :class:`DataError` naming the file, so a broken
install is reported instead of playing wrong rules.
"""

from __future__ import annotations

from importlib import resources
from typing import TypeVar

import msgspec

from .errors import PluginError

T = TypeVar("T")


class DataError(PluginError):
    """A data file that does not decode or contradicts itself or the rulebook."""


def read_data(package: str, name: str) -> bytes:
    """The bytes of ``data/NAME`` inside ``package`` (works from wheels and zips)."""
    return resources.files(package).joinpath("data", name).read_bytes()


def decode_data(
    name: str, raw: bytes, type_: type[T], *, error: type[DataError] = DataError, where: str = "data"
) -> T:
    """Decode the bytes of data file ``name`` as ``type_``, or raise ``error``.

    ``where`` names the folder in messages (an expansion says whose data it is).
    """
    try:
        return msgspec.json.decode(raw, type=type_)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise error(f"{where}/{name}: {exc}") from exc


def load_data(package: str, name: str, type_: type[T]) -> T:
    """Decode ``data/NAME`` of ``package`` as ``type_``, or raise :class:`DataError`."""
    return decode_data(name, read_data(package, name), type_)


def require(
    condition: bool, file: str, message: str, *, error: type[DataError] = DataError, where: str = "data"
) -> None:
    """A cross-check of a data file: ``error("data/FILE: MESSAGE")`` when it fails."""
    if not condition:
        raise error(f"{where}/{file}: {message}")


def require_unique(
    ids: list[str], file: str, what: str, *, error: type[DataError] = DataError, where: str = "data"
) -> None:
    """Every id in ``ids`` appears once (ids of cards, tiles, spaces…)."""
    seen: set[str] = set()
    for item in ids:
        require(item not in seen, file, f"duplicate {what} {item}", error=error, where=where)
        seen.add(item)
