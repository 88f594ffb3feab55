"""Barrage's actions: small tagged msgspec Structs, one per kind of decision.

A turn starts with a placement (:class:`Place`, :class:`Bank`,
:class:`Construct`); the rest are answers to the sub-decision on top of the
pending stack.  Sites are named by their map ids (``B5U``, ``C5L``, ``P8_2``),
management spaces by their board ids (``TS1L`` … ``CO3R``).
"""

from __future__ import annotations

import re

import msgspec


class Place(msgspec.Struct, tag="place", frozen=True):
    """Place engineers on a management-board space and take its action (B-10)."""

    space: str


class Bank(msgspec.Struct, tag="bank", frozen=True):
    """Place ``engineers`` on the Bank for as many credits (B-10.5)."""

    engineers: int


class Construct(msgspec.Struct, tag="construct", frozen=True):
    """Place engineers on the leftmost free construction space (B-8.2 step 1)."""


class ConstructFree(msgspec.Struct, tag="construct_free", frozen=True):
    """An engineer-free construction with AT-I-P or AT-III-B (or a copy of one, B-14.4)."""


class Pair(msgspec.Struct, tag="pair", frozen=True):
    """Full-game draft: take a company and the officer paired with it (B-4.4.5)."""

    company: str
    officer: str


class Copy(msgspec.Struct, tag="copy", frozen=True):
    """Mahiri Sekibo: copy another officer's ability (B-16.7.2)."""

    officer: str


class Pass(msgspec.Struct, tag="pass", frozen=True):
    """No engineers left: out of the round (B-7.6)."""


class Structure(msgspec.Struct, tag="structure", frozen=True):
    kind: str


class Site(msgspec.Struct, tag="site", frozen=True):
    site: str


class Tile(msgspec.Struct, tag="tile", frozen=True):
    tile: str


class Pay(msgspec.Struct, tag="pay", frozen=True):
    excavators: int
    mixers: int
    credits: int


class Produce(msgspec.Struct, tag="produce", frozen=True):
    """Produce with the water of ``dam`` through ``conduit`` (the powerhouse is
    yours in the conduit's destination basin, at most one per basin)."""

    dam: str
    conduit: str


class Water(msgspec.Struct, tag="water", frozen=True):
    """How many water markers the production moves (B-11.2 step 2)."""

    markers: int


class Fulfil(msgspec.Struct, tag="fulfil", frozen=True):
    contract: str


class Take(msgspec.Struct, tag="take", frozen=True):
    contract: str


class Discard(msgspec.Struct, tag="discard", frozen=True):
    contract: str


class Machinery(msgspec.Struct, tag="machinery", frozen=True):
    excavators: int
    mixers: int


class Headstream(msgspec.Struct, tag="headstream", frozen=True):
    headstream: str


class Ext(msgspec.Struct, tag="ext", frozen=True):
    """An expansion's action (G-4): a placement it offers or an answer to its decision.

    ``name`` is lower case, ``arg`` upper case (ids such as ``EW-T1``, ``PB-03``);
    the notation is ``x <name> [<arg>]``.  Barrage never offers one by itself:
    they come from ``barrage_turn_actions`` / ``barrage_decision_actions``.
    """

    name: str
    arg: str = ""


class Skip(msgspec.Struct, tag="skip", frozen=True):
    """Decline an optional step (a contract, a rewarded build, more water, a repeat)."""


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


def describe(action: Action) -> str:
    t = type(action)
    if t is Place:
        return f"place {action.space}"
    if t is Bank:
        return f"bank {action.engineers}"
    if t is Structure:
        return f"build {action.kind}"
    if t is Site:
        return f"at {action.site}"
    if t is Tile:
        return f"tile {action.tile}"
    if t is Pay:
        return f"pay {action.excavators}e {action.mixers}m {action.credits}c"
    if t is Produce:
        return f"produce {action.dam} {action.conduit}"
    if t is Water:
        return f"water {action.markers}"
    if t is Fulfil:
        return f"fulfil {action.contract}"
    if t is Take:
        return f"take {action.contract}"
    if t is Discard:
        return f"discard {action.contract}"
    if t is Machinery:
        return f"machinery {action.excavators}e {action.mixers}m"
    if t is Headstream:
        return f"headstream {action.headstream}"
    if t is ConstructFree:
        return "construct free"
    if t is Pair:
        return f"pair {action.company} {action.officer}"
    if t is Copy:
        return f"copy {action.officer}"
    if t is Ext:
        return f"x {action.name} {action.arg}" if action.arg else f"x {action.name}"
    return t.__name__.lower()  # construct, pass, skip


_PATTERNS: list[tuple[re.Pattern[str], object]] = [
    (re.compile(r"place (\w+)", re.ASCII), lambda m: Place(m[1].upper())),
    (re.compile(r"bank (\d+)", re.ASCII), lambda m: Bank(int(m[1]))),
    (re.compile(r"build (\w+)", re.ASCII), lambda m: Structure(m[1])),
    (re.compile(r"at (\w+)", re.ASCII), lambda m: Site(m[1].upper())),
    (re.compile(r"tile (\S+)", re.ASCII), lambda m: Tile(_tile_id(m[1]))),
    (re.compile(r"pay (\d+)e (\d+)m (\d+)c", re.ASCII), lambda m: Pay(int(m[1]), int(m[2]), int(m[3]))),
    (re.compile(r"produce (\w+) (\w+)", re.ASCII), lambda m: Produce(m[1].upper(), m[2].upper())),
    (re.compile(r"water (\d+)", re.ASCII), lambda m: Water(int(m[1]))),
    (re.compile(r"fulfil (\S+)", re.ASCII), lambda m: Fulfil(m[1].upper())),
    (re.compile(r"take (\S+)", re.ASCII), lambda m: Take(m[1].upper())),
    (re.compile(r"discard (\S+)", re.ASCII), lambda m: Discard(m[1].upper())),
    (re.compile(r"machinery (\d+)e (\d+)m", re.ASCII), lambda m: Machinery(int(m[1]), int(m[2]))),
    (re.compile(r"headstream (\w+)", re.ASCII), lambda m: Headstream(m[1].upper())),
    (re.compile(r"x ([a-z_]+)(?: (\S+))?", re.ASCII), lambda m: Ext(m[1], (m[2] or "").upper())),
    (re.compile(r"construct free", re.ASCII), lambda m: ConstructFree()),
    (re.compile(r"pair (\S+) (\S+)", re.ASCII), lambda m: Pair(m[1].upper(), m[2].upper())),
    (re.compile(r"copy (\S+)", re.ASCII), lambda m: Copy(m[1].upper())),
    (re.compile(r"construct", re.ASCII), lambda m: Construct()),
    (re.compile(r"pass", re.ASCII), lambda m: Pass()),
    (re.compile(r"skip", re.ASCII), lambda m: Skip()),
]


def _tile_id(text: str) -> str:
    """Tile ids: basic tiles and Anton's tile in lower case, advanced ones (AT-…) in upper case."""
    out = []
    for part in text.split("="):
        out.append(part.upper() if part.startswith("at-") else part)
    return "=".join(out)


def parse_text(text: str) -> Action | None:
    """The action a notation names (legality is checked by the rules)."""
    text = " ".join(text.lower().split())
    for pattern, build in _PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return build(m)  # type: ignore[operator]
    return None
