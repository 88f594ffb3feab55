"""Barrage's actions: small tagged msgspec Structs, one per kind of decision.

A turn starts with a placement (:class:`Place`, :class:`Bank`,
:class:`Construct`); the rest are answers to the sub-decision on top of the
pending stack.  Sites are named by their map ids (``B5U``, ``C5L``, ``P8_2``),
management spaces by their board ids (``TS1L`` … ``CO3R``).
"""

from __future__ import annotations

from typing import ClassVar, get_args

import msgspec
from turbine.core.notation import Kind, Notation


class Place(msgspec.Struct, tag="place", frozen=True):
    """Place engineers on a management-board space and take its action (B-10)."""

    notation: ClassVar[str] = "place {space:id}"

    space: str


class Bank(msgspec.Struct, tag="bank", frozen=True):
    """Place ``engineers`` on the Bank for as many credits (B-10.5)."""

    notation: ClassVar[str] = "bank {engineers:int}"

    engineers: int


class Construct(msgspec.Struct, tag="construct", frozen=True):
    """Place engineers on the leftmost free construction space (B-8.2 step 1)."""

    notation: ClassVar[str] = "construct"


class ConstructFree(msgspec.Struct, tag="construct_free", frozen=True):
    """An engineer-free construction with AT-I-P or AT-III-B (or a copy of one, B-14.4)."""

    notation: ClassVar[str] = "construct free"


class Pair(msgspec.Struct, tag="pair", frozen=True):
    """Full-game draft: take a company and the officer paired with it (B-4.4.5)."""

    notation: ClassVar[str] = "pair {company:id} {officer:id}"

    company: str
    officer: str


class Copy(msgspec.Struct, tag="copy", frozen=True):
    """Mahiri Sekibo: copy another officer's ability (B-16.7.2)."""

    notation: ClassVar[str] = "copy {officer:id}"

    officer: str


class Pass(msgspec.Struct, tag="pass", frozen=True):
    """No engineers left: out of the round (B-7.6)."""

    notation: ClassVar[str] = "pass"


class Structure(msgspec.Struct, tag="structure", frozen=True):
    notation: ClassVar[str] = "build {kind:word}"

    kind: str


class Site(msgspec.Struct, tag="site", frozen=True):
    """Where to build: a building site by its map id (``at B5U``, ``at P8_2``; B-11)."""

    notation: ClassVar[str] = "at {site:id}"

    site: str


class Tile(msgspec.Struct, tag="tile", frozen=True):
    notation: ClassVar[str] = "tile {tile:tile}"

    tile: str


class Pay(msgspec.Struct, tag="pay", frozen=True):
    """How to pay machinery: excavators, mixers and credits in their place (``pay 1e 2m 0c``;
    B-11.2, an officer's or a tile's way of paying)."""

    notation: ClassVar[str] = "pay {excavators:int}e {mixers:int}m {credits:int}c"

    excavators: int
    mixers: int
    credits: int


class Produce(msgspec.Struct, tag="produce", frozen=True):
    """Produce with the water of ``dam`` through ``conduit`` (the powerhouse is
    yours in the conduit's destination basin, at most one per basin)."""

    notation: ClassVar[str] = "produce {dam:id} {conduit:id}"

    dam: str
    conduit: str


class Water(msgspec.Struct, tag="water", frozen=True):
    """How many water markers the production moves (B-11.2 step 2)."""

    notation: ClassVar[str] = "water {markers:int}"

    markers: int


class Fulfil(msgspec.Struct, tag="fulfil", frozen=True):
    """Which contract to fulfil, by its id (``fulfil PC-G04``; B-13)."""

    notation: ClassVar[str] = "fulfil {contract:id}"

    contract: str


class Take(msgspec.Struct, tag="take", frozen=True):
    notation: ClassVar[str] = "take {contract:id}"

    contract: str


class Discard(msgspec.Struct, tag="discard", frozen=True):
    notation: ClassVar[str] = "discard {contract:id}"

    contract: str


class Machinery(msgspec.Struct, tag="machinery", frozen=True):
    notation: ClassVar[str] = "machinery {excavators:int}e {mixers:int}m"

    excavators: int
    mixers: int


class Headstream(msgspec.Struct, tag="headstream", frozen=True):
    notation: ClassVar[str] = "headstream {headstream:id}"

    headstream: str


class Ext(msgspec.Struct, tag="ext", frozen=True):
    """An expansion's action (G-4): a placement it offers or an answer to its decision.

    ``name`` is lower case, ``arg`` upper case (ids such as ``EW-T1``, ``PB-03``);
    the notation is ``x <name> [<arg>]``.  Barrage never offers one by itself:
    they come from an expansion's action spaces (``barrage_action_spaces``) and its
    decisions (``barrage_decisions``).
    """

    notation: ClassVar[tuple[str, ...]] = ("x {name:word} {arg:id}", "x {name:word}")

    name: str
    arg: str = ""


class Skip(msgspec.Struct, tag="skip", frozen=True):
    """Decline an optional step (a contract, a rewarded build, more water, a repeat)."""

    notation: ClassVar[str] = "skip"


Action = (
    Place
    | Bank
    | Construct
    | Pass
    | Structure
    | Site
    | Tile
    | Pay
    | Produce
    | Water
    | Fulfil
    | Take
    | Discard
    | Machinery
    | Headstream
    | Skip
    | ConstructFree
    | Pair
    | Copy
    | Ext
)


ACTION_TYPES: tuple[type, ...] = get_args(Action)
"""Barrage's own action types (an expansion's join its game's :class:`Notation`)."""


def tile_kind() -> Kind:
    """Technology tile ids in moves: basic tiles and Anton's in lower case, advanced ones
    (``AT-…``) in upper case, also after Anton's ``anton=`` / ``copy=`` prefix."""

    def read(text: str) -> str:
        return "=".join(p.upper() if p.lower().startswith("at-") else p.lower() for p in text.split("="))

    return Kind(r"\S+", read)


KINDS = {"tile": tile_kind()}
NOTATION = Notation(ACTION_TYPES, KINDS)
"""The notation of Barrage's own actions (a game with expansions extends a copy of it)."""


def describe(action: Action) -> str:
    """The notation of one of Barrage's own actions (a game's :meth:`BarrageRules.describe`
    also knows its expansions' actions)."""
    return NOTATION.describe(action)


def parse_text(text: str) -> Action | None:
    """The Barrage action a notation names (legality is checked by the rules)."""
    action: Action | None = NOTATION.parse(text)
    return action
