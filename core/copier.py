"""Deep copies of states, by code written from their declared types.

Search bots clone a state for every playout, so a clone must be cheap.  The
general way, encoding to msgpack and decoding again, allocates every value of
the tree anew and parses it back.  Knowing a state's type does better: what
cannot change (ints, strings, tuples of them, frozen records) may be shared by
the copy, a list of ints is copied with one slice, and a record is rebuilt by
one call of its class given every field, the changeable ones copied (a record
that runs code when built, ``__post_init__``, is copied shallow at C level,
``Struct.__copy__``, and its changeable fields replaced).  :func:`copier`
writes that code once per state type, as :mod:`dataclasses` writes
``__init__``, from :func:`msgspec.inspect.type_info`, and compiles it.

It relies on the state holding what its types declare (a ``tuple`` field holds
a tuple, not a list); the conformance kit checks it for every game
(:func:`shares_nothing` on every position of its games).  A type it cannot
reason about (``Any``, a dataclass, a custom type) makes :func:`copier` return
``None``, and :func:`turbine.core.state.clone` falls back to the msgpack round
trip.
"""

from __future__ import annotations

import copy
import functools
import inspect
import itertools
from collections.abc import Callable
from typing import Any

import msgspec
from msgspec import inspect as mi

_IMMUTABLE_LEAVES = (
    mi.NoneType,
    mi.BoolType,
    mi.IntType,
    mi.FloatType,
    mi.StrType,
    mi.BytesType,
    mi.DateTimeType,
    mi.TimeType,
    mi.DateType,
    mi.TimeDeltaType,
    mi.UUIDType,
    mi.DecimalType,
    mi.EnumType,
    mi.LiteralType,
)


class _Unsupported(Exception):
    """A type whose values this module cannot copy safely."""


def _origin(cls: Any) -> type[msgspec.Struct]:
    """The class of the instances of ``cls`` (a generic struct ``State[X]`` → ``State``)."""
    origin: type[msgspec.Struct] = getattr(cls, "__origin__", cls)
    return origin


class _Writer:
    """Writes the source of one copy function per mutable struct type of a state."""

    def __init__(self) -> None:
        self.names: dict[Any, str] = {}  # struct type (as type_info gives it) → function name
        self.functions: list[str] = []
        self.unions: dict[str, dict[type, str]] = {}  # table name → class → function name
        self.classes: dict[str, type] = {}  # name in the generated code → struct class
        self.count = itertools.count()

    def immutable(self, t: mi.Type, seen: frozenset[Any] = frozenset()) -> bool:
        """Whether values of ``t`` can never change in place (so a copy may share them)."""
        if isinstance(t, _IMMUTABLE_LEAVES):
            return True
        if isinstance(t, (mi.FrozenSetType, mi.VarTupleType)):
            return self.immutable(t.item_type, seen)
        if isinstance(t, mi.TupleType):
            return all(self.immutable(x, seen) for x in t.item_types)
        if isinstance(t, mi.UnionType):
            return all(self.immutable(x, seen) for x in t.types)
        if isinstance(t, mi.StructType):
            cls = _origin(t.cls)
            if not cls.__struct_config__.frozen:
                return False
            if t.cls in seen:
                return True
            return all(self.immutable(f.type, seen | {t.cls}) for f in t.fields)
        if isinstance(t, (mi.ListType, mi.SetType, mi.DictType, mi.ByteArrayType)):
            return False
        raise _Unsupported(repr(t))

    def expr(self, t: mi.Type, src: str, depth: int) -> str | None:
        """An expression copying the value ``src`` of type ``t``; ``None`` to share it."""
        if self.immutable(t):
            return None
        var = f"x{depth}"
        if isinstance(t, mi.ListType):
            item = t.item_type
            if self.immutable(item):
                return f"{src}[:]"
            if isinstance(item, mi.ListType) and self.immutable(item.item_type):
                return f"list(map(_copy_list, {src}))"
            if isinstance(item, mi.StructType):
                return f"list(map({self.struct(item)}, {src}))"
            return f"[{self.expr(item, var, depth + 1)} for {var} in {src}]"
        if isinstance(t, mi.SetType):
            return f"set({src})"  # a set's items are hashable, hence never copied
        if isinstance(t, mi.DictType):
            inner = self.expr(t.value_type, var, depth + 1)
            if inner is None:
                return f"{src}.copy()"
            return f"{{k{depth}: {inner} for k{depth}, {var} in {src}.items()}}"
        if isinstance(t, mi.StructType):
            if not any(not self.immutable(f.type) for f in t.fields):
                return f"{src}.__copy__()" if t.fields else None  # no field: nothing to change
            return f"{self.struct(t)}({src})"
        if isinstance(t, mi.UnionType):
            members = [x for x in t.types if not isinstance(x, mi.NoneType)]
            if len(members) == 1 and len(t.types) == 2:  # an optional value
                return f"(None if {src} is None else {self.expr(members[0], src, depth)})"
            return self.union(t, src)
        raise _Unsupported(repr(t))

    def union(self, t: mi.UnionType, src: str) -> str:
        """Dispatch on the value's class: msgspec unions hold at most one list type, one
        dict type and tagged structs, so the class says which member a value is."""
        table: dict[type, str] = {}
        for member in t.types:
            if self.immutable(member):
                continue
            name = f"_member_{next(self.count)}"
            body = self.expr(member, "v", 0)
            self.functions.append(f"def {name}(v):\n    return {body}\n")
            if isinstance(member, mi.StructType):
                cls: type = _origin(member.cls)
            elif isinstance(member, mi.ListType):
                cls = list
            elif isinstance(member, mi.SetType):
                cls = set
            elif isinstance(member, mi.DictType):
                cls = dict
            else:
                raise _Unsupported(repr(member))
            table[cls] = name
        key = f"_union_{next(self.count)}"
        self.unions[key] = table
        return f"_copy_union({key}, {src})"

    def struct(self, t: mi.StructType) -> str:
        """The name of the function copying structs of type ``t`` (written on first use)."""
        name = self.names.get(t.cls)
        if name is not None:
            return name
        cls = _origin(t.cls)
        if cls.__struct_config__.frozen:
            raise _Unsupported(f"{cls.__name__} is frozen but holds values that can change")
        name = self.names[t.cls] = f"_copy_{cls.__name__}_{next(self.count)}"
        copies = {f.name: self.expr(f.type, f"v.{f.name}", 0) for f in t.fields}
        if not _built_by_fields(cls):
            lines = [f"def {name}(v):", "    c = v.__copy__()"]
            lines += [f"    c.{field} = {body}" for field, body in copies.items() if body is not None]
            self.functions.append("\n".join([*lines, "    return c"]) + "\n")
            return name
        # One call of the class with every field: cheaper than a shallow copy whose
        # changeable fields are then set one by one.  A value of a subclass (whose own
        # fields this code does not know) is copied by copy.deepcopy, keeping its class.
        arguments = []
        for parameter in inspect.signature(cls).parameters.values():
            value = copies[parameter.name] or f"v.{parameter.name}"
            keyword = parameter.kind is inspect.Parameter.KEYWORD_ONLY
            arguments.append(f"{parameter.name}={value}" if keyword else value)
        self.classes[f"{name}_class"] = cls
        self.functions.append(
            f"def {name}(v):\n"
            f"    if type(v) is not {name}_class:\n"
            "        return _deepcopy(v)\n"
            f"    return {name}_class({', '.join(arguments)})\n"
        )
        return name


def _built_by_fields(cls: type[msgspec.Struct]) -> bool:
    """Whether calling ``cls`` with every field's value rebuilds a value exactly: not when
    it runs code of its own when built (``__post_init__``)."""
    return not hasattr(cls, "__post_init__")


def _copy_union(table: dict[type, Callable[[Any], Any]], value: Any) -> Any:
    function = table.get(type(value))
    return value if function is None else function(value)


def copier(state_type: Any) -> Callable[[Any], Any] | None:
    """A function returning a deep copy of a value of ``state_type`` (a struct type), or
    ``None`` when its type holds something this module cannot copy by type."""
    return _compiled(state_type)


@functools.cache
def _compiled(state_type: Any) -> Callable[[Any], Any] | None:
    info = mi.type_info(state_type)
    if not isinstance(info, mi.StructType):
        return None
    writer = _Writer()
    try:
        entry = writer.struct(info)
    except _Unsupported:
        return None
    namespace: dict[str, Any] = {
        "_copy_union": _copy_union,
        "_copy_list": list.copy,
        "_deepcopy": copy.deepcopy,
        **writer.classes,
    }
    exec("\n".join(writer.functions), namespace)
    for key, table in writer.unions.items():  # bound at call time, so after compiling
        namespace[key] = {cls: namespace[name] for cls, name in table.items()}
    function: Callable[[Any], Any] = namespace[entry]
    return function


_MUTABLE = (list, dict, set, bytearray)


def shares_nothing(original: Any, copy: Any) -> str | None:
    """Where ``copy`` shares a value that can change with ``original`` (a path such as
    ``players[1].res``), or ``None`` when it shares none: the check that a clone is deep."""
    stack: list[tuple[Any, Any, str]] = [(original, copy, "state")]
    while stack:
        a, b, path = stack.pop()
        if isinstance(a, msgspec.Struct):
            if a is b and a.__struct_fields__ and not a.__struct_config__.frozen:
                return path  # (a record without fields cannot change: sharing it is safe)
            for name in a.__struct_fields__:
                stack.append((getattr(a, name), getattr(b, name), f"{path}.{name}"))
        elif isinstance(a, _MUTABLE):
            if a is b:
                return path
            if isinstance(a, dict):
                stack.extend((value, b[key], f"{path}[{key!r}]") for key, value in a.items())
            elif isinstance(a, list):
                stack.extend((value, b[i], f"{path}[{i}]") for i, value in enumerate(a))
        elif isinstance(a, tuple):
            stack.extend((value, b[i], f"{path}[{i}]") for i, value in enumerate(a))
    return None
