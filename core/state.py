"""Helpers for game states: plain msgspec data with a stable digest.

A state is a tree of :class:`msgspec.Struct` values (ints, strings, lists,
dicts of those).  It holds no callables and no references to rule objects, so
it encodes to JSON, compares with ``==`` and can be cloned cheaply.

An expansion keeps its own data in the same tree, as typed records it registers
(:class:`StatePart`): that is what makes its data saved (rebuilt by the replay a
save is), undone, cloned and digested with the rest of the game.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import msgspec

from .copier import copier

S = TypeVar("S")

_msgpack_encoder = msgspec.msgpack.Encoder()
_json_encoder = msgspec.json.Encoder(order="deterministic")


def canonical_bytes(state: Any) -> bytes:
    """The canonical JSON encoding: struct fields in declared order, dict keys sorted."""
    return _json_encoder.encode(state)


def digest(state: Any) -> str:
    """A stable 128-bit digest of a state, the same on every platform and Python."""
    return hashlib.blake2b(canonical_bytes(state), digest_size=16).hexdigest()


def clone(state: S, state_type: type[S]) -> S:
    """A deep copy: by the code :func:`~turbine.core.copier.copier` writes for the state's
    type, else through msgpack (both several times faster than ``copy.deepcopy``)."""
    return cloner(state_type)(state)


def cloner(state_type: type[S]) -> Callable[[S], S]:
    """The function :func:`clone` copies values of ``state_type`` with, for a caller that
    copies many (:meth:`Rules.clone <turbine.core.rules.Rules.clone>` keeps it: finding
    it again costs a tenth of a copy, a generic type being slow to hash)."""
    copy = copier(state_type)
    if copy is not None:
        return copy

    def round_trip(state: S) -> S:
        return msgspec.msgpack.decode(_msgpack_encoder.encode(state), type=state_type)

    return round_trip


# -- expansion records ("slots") -------------------------------------------------------


class NoExt(msgspec.Struct):
    """``ext`` of a game no active plugin keeps records in (encodes as ``{}``)."""


@dataclass(frozen=True)
class StatePart:
    """The records a plugin keeps in a game's state, registered with the core hook
    ``turbine_state_parts`` (:mod:`turbine.core.hookspecs`).

    A game gives them room with one ``ext`` field in its state and one in each seat's
    record, typed by :attr:`Rules.shared_ext <turbine.core.rules.Rules.shared_ext>` and
    :attr:`Rules.seat_ext <turbine.core.rules.Rules.seat_ext>` (:func:`ext_records`).
    ``shared`` is then stored as ``state.ext.<key>`` and ``seat`` as each seat's
    ``ext.<key>``; both are ``None`` until the plugin's setup puts a record there.
    Being part of the state, the records are rebuilt by every replay (loading a
    save, undo), cloned, compared and digested with it, and kept typed by each
    decode.  Their JSON is an object per record: declare fields in alphabetical
    order to keep the canonical encoding equal to a dict's.
    """

    key: str
    """The field name, normally the expansion's id (``"leeghwater"``)."""
    shared: type | None = None
    """The record in ``state.ext`` (a msgspec Struct), if any."""
    seat: type | None = None
    """The record in each seat's ``ext`` (a msgspec Struct), if any."""


@functools.cache
def ext_records(parts: tuple[StatePart, ...]) -> tuple[type, type]:
    """The ``(shared, seat)`` record types for these parts: one optional field per
    part, sorted by key (as a dict's keys are in the canonical encoding), left out
    of the JSON while ``None``.  Made once per combination, so states of two games
    with the same expansions have the same types and compare equal."""
    keys = [p.key for p in parts]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise ValueError(f"state parts registered twice: {', '.join(twice)}")
    bad = [k for k in keys if not k.isidentifier()]
    if bad:
        raise ValueError(f"state part keys must be identifiers: {', '.join(bad)}")
    ordered = sorted(parts, key=lambda p: p.key)

    def record(name: str, which: str) -> type:
        fields = [(p.key, getattr(p, which) | None, None) for p in ordered if getattr(p, which) is not None]
        if not fields:
            return NoExt
        return msgspec.defstruct(name, fields, kw_only=True, omit_defaults=True, module=__name__)

    return record("SharedExt", "shared"), record("SeatExt", "seat")


def state_parts(pm: Any) -> tuple[StatePart, ...]:
    """Every part the plugins of a game's plugin manager register (``turbine_state_parts``),
    in hook order; none when ``pm`` has no such hook (rules made without a game)."""
    caller = getattr(getattr(pm, "hook", None), "turbine_state_parts", None)
    if caller is None:
        return ()
    return tuple(part for more in caller() for part in more or ())


@functools.cache
def holds(state_type: Any, record: type) -> bool:
    """Whether ``record`` (a type of :func:`ext_records`) appears anywhere in ``state_type``:
    the check that a game gave its expansions the room they registered (once per pair)."""
    import msgspec.inspect  # only when a game starts with parts, not at every import

    seen: set[int] = set()

    def walk(info: Any) -> bool:
        if isinstance(info, msgspec.inspect.StructType):
            if info.cls is record:
                return True
            if id(info.cls) in seen:
                return False
            seen.add(id(info.cls))
            return any(walk(f.type) for f in info.fields)
        inner = [getattr(info, name, None) for name in ("item_type", "key_type", "value_type")]
        inner += list(getattr(info, "item_types", ()) or ()) + list(getattr(info, "types", ()) or ())
        return any(walk(i) for i in inner if i is not None)

    return walk(msgspec.inspect.type_info(state_type))
