"""Move notation from one table: each action type names its format once, and the
same format both writes a move (:meth:`Notation.describe`) and reads one back
(:meth:`Notation.parse`), so the text a player is shown is the text the game
accepts: ``parse(describe(a)) == a`` for every action.

An action type declares its notation as a class variable::

    class Site(msgspec.Struct, tag="site", frozen=True):
        notation: ClassVar[str] = "at {site:id}"
        site: str

A format is literal words and ``{field:kind}`` placeholders; a placeholder may
share a word with literal text (``"pay {excavators:int}e {mixers:int}m"``).
Kinds say how a field is read and written:

``int``    a non-negative whole number (ASCII digits);
``id``     a component id, shown and read in upper case (``B7U``, ``EW-T1``);
``word``   a lower-case word (``base``, ``conduit``);
others     a :class:`Kind` the game passes to :class:`Notation` (e.g. Barrage's
           technology tiles, whose ids mix cases).

Several formats may be given as a tuple, longest first: the first whose text
fields are all non-empty writes the move (the last one always can); every one
reads it.
Parsing ignores case and spacing, as players type.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

__all__ = ["Kind", "Notation"]


@dataclass(frozen=True)
class Kind:
    """How one kind of field is read from (``pattern``, ``read``) and written to (``write``) text."""

    pattern: str
    read: Callable[[str], Any]
    write: Callable[[Any], str] = str


BUILTIN_KINDS: dict[str, Kind] = {
    "int": Kind(r"\d+", int),
    "id": Kind(r"[^\s]+", str.upper, lambda v: str(v).upper()),
    "word": Kind(r"\w+", str.lower),
}

_PLACEHOLDER = re.compile(r"\{(\w+):(\w+)\}")


@dataclass(frozen=True)
class _Format:
    action: type
    fields: tuple[tuple[str, Kind], ...]
    regex: re.Pattern[str]
    template: str


class Notation:
    """The notation of a game's actions, built from each type's ``notation`` format(s)."""

    def __init__(self, actions: Iterable[type], kinds: dict[str, Kind] | None = None) -> None:
        self.kinds = {**BUILTIN_KINDS, **(kinds or {})}
        self._writers: dict[type, list[_Format]] = {}
        self._readers: dict[str, list[_Format]] = {}
        for action in actions:
            self.add(action)

    def copy(self) -> Notation:
        """A table that starts as this one: adding to it leaves this one as it was (a game
        adds its expansions' actions to a copy of its base table instead of compiling
        every format again)."""
        new = Notation.__new__(Notation)
        new.kinds = dict(self.kinds)
        new._writers = dict(self._writers)
        new._readers = {first: list(formats) for first, formats in self._readers.items()}
        return new

    def add(self, action: type) -> None:
        """Register ``action``'s formats (an expansion's actions join the game's table)."""
        formats = getattr(action, "notation", None)
        if formats is None:
            raise TypeError(f"{action.__name__} declares no notation")
        if isinstance(formats, str):
            formats = (formats,)
        compiled = [self._compile(action, text) for text in formats]
        self._writers[action] = compiled
        for fmt in compiled:
            first = fmt.template.split(" ", 1)[0]
            if "{" in first:
                raise ValueError(f"{action.__name__}: a notation starts with a literal word, not {first!r}")
            self._readers.setdefault(first.lower(), []).append(fmt)

    def _compile(self, action: type, text: str) -> _Format:
        fields: list[tuple[str, Kind]] = []
        pattern = []
        pos = 0
        for m in _PLACEHOLDER.finditer(text):
            pattern.append(re.escape(text[pos : m.start()].lower()))
            name, kind_name = m[1], m[2]
            if kind_name not in self.kinds:
                raise ValueError(f"{action.__name__}: unknown notation kind {kind_name!r}")
            kind = self.kinds[kind_name]
            fields.append((name, kind))
            pattern.append(f"({kind.pattern})")
            pos = m.end()
        pattern.append(re.escape(text[pos:].lower()))
        template = _PLACEHOLDER.sub(lambda m: "{" + m[1] + "}", text)
        return _Format(
            action, tuple(fields), re.compile("".join(pattern), re.ASCII | re.IGNORECASE), template
        )

    def describe(self, action: Any) -> str:
        """The notation of ``action``: the first of its formats whose fields are all set."""
        formats = self._writers[type(action)]
        for fmt in formats:
            values = {name: getattr(action, name) for name, _ in fmt.fields}
            if fmt is not formats[-1] and any(v == "" for v in values.values()):
                continue
            return fmt.template.format(**{name: kind.write(values[name]) for name, kind in fmt.fields})
        raise AssertionError("unreachable: the last format always writes")

    def parse(self, text: str) -> Any | None:
        """The action ``text`` names (legal or not), ``None`` when it names none."""
        text = " ".join(text.split())
        first = text.split(" ", 1)[0].lower()
        for fmt in self._readers.get(first, ()):
            m = fmt.regex.fullmatch(text)
            if m:
                values = {name: kind.read(m[i + 1]) for i, (name, kind) in enumerate(fmt.fields)}
                return fmt.action(**values)
        return None

    def formats(self) -> dict[type, list[str]]:
        """Every action type's formats, for help texts and documentation."""
        return {action: [f.template for f in fmts] for action, fmts in self._writers.items()}
