"""The actions of Power Grid: small tagged msgspec Structs, one union.

Plants are named by their ``sort_key`` (three times the card value, so 33⅓ is
100; see :mod:`.data_model`); cities by their name.  Every action has a short,
stable notation (:func:`describe`).
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from .data_model import RESOURCES, load_plants

_LABEL = {p.sort_key: (str(p.number) if not p.special else p.label) for p in load_plants()}


PlantKey = Annotated[
    int,
    msgspec.Meta(
        description="the plant's sort key, 3 × its printed number (33⅓ is 100); "
        "`turbine legal --json` gives the printed number"
    ),
]
"""A plant as actions save it (its printed number is what the notation shows)."""


def plant_label(key: int) -> str:
    """The printed number of a plant (``33⅓`` for the special plant)."""
    return _LABEL.get(key, "?")


class OpenAuction(msgspec.Struct, frozen=True, tag="auction"):
    """P-4.4: choose a plant of the actual market and open with ``bid``."""

    plant: PlantKey
    bid: int


class Pass(msgspec.Struct, frozen=True, tag="pass"):
    """P-4.3: pass Phase 2 for this round."""


class Bid(msgspec.Struct, frozen=True, tag="bid"):
    """P-4.5: raise the current auction to ``amount``."""

    amount: int


class DropOut(msgspec.Struct, frozen=True, tag="drop"):
    """P-4.5: leave the current auction."""


class Discard(msgspec.Struct, frozen=True, tag="discard"):
    """P-4.9: discard an older plant to the box when over the plant limit."""

    plant: PlantKey


class ReturnResource(msgspec.Struct, frozen=True, tag="return"):
    """P-4.9: a token that no longer fits after a discard goes to the reserve."""

    resource: str


class Buy(msgspec.Struct, frozen=True, tag="buy"):
    """P-5.2: buy the cheapest token of ``resource`` from the market."""

    resource: str


class Done(msgspec.Struct, frozen=True, tag="done"):
    """End the turn: no more buying (Phase 3) or building (Phase 4)."""


class Build(msgspec.Struct, frozen=True, tag="build"):
    """P-6.4/P-6.5: connect ``city`` paying ``cost`` (links + space), or a Russian first city."""

    city: str
    cost: int


class Start(msgspec.Struct, frozen=True, tag="start"):
    """P-12.6/P-12.7 (Japan): start a network in a start city, paying only the space."""

    city: str
    cost: int


class Power(msgspec.Struct, frozen=True, tag="power"):
    """P-7.1: run these plants (sort keys, ascending) in Phase 5."""

    plants: tuple[int, ...]


class Burn(msgspec.Struct, frozen=True, tag="burn"):
    """P-7.2: the mix of tokens a hybrid (or 33⅓) burns."""

    coal: int = 0
    oil: int = 0
    garbage: int = 0
    uranium: int = 0


Action = (
    OpenAuction | Pass | Bid | DropOut | Discard | ReturnResource | Buy | Done | Build | Start | Power | Burn
)

PASS = Pass()
DROP = DropOut()
DONE = Done()
RESOURCE_NAMES = RESOURCES
BUY = tuple(Buy(r) for r in RESOURCE_NAMES)
RETURN = tuple(ReturnResource(r) for r in RESOURCE_NAMES)

_BIDS: list[Bid] = []
_OPENS: dict[int, list[OpenAuction]] = {}


def bids(low: int, high: int) -> list[Bid]:
    """``Bid(low) … Bid(high)`` (shared immutable instances)."""
    if high >= len(_BIDS):
        _BIDS.extend(Bid(i) for i in range(len(_BIDS), high + 64))
    return _BIDS[low : high + 1]


def opens(plant: int, low: int, high: int) -> list[OpenAuction]:
    """``OpenAuction(plant, low) … OpenAuction(plant, high)`` (shared immutable instances)."""
    row = _OPENS.setdefault(plant, [])
    if high >= len(row):
        row.extend(OpenAuction(plant, i) for i in range(len(row), high + 64))
    return row[low : high + 1]


def describe(action: Action) -> str:
    if type(action) is Bid:
        return f"bid {action.amount}"
    if type(action) is OpenAuction:
        return f"auction {plant_label(action.plant)} bid {action.bid}"
    if type(action) is Buy:
        return f"buy {action.resource}"
    if type(action) is Done:
        return "done"
    if type(action) is Build:
        return f"build {action.city} ({action.cost})"
    if type(action) is Start:
        return f"start {action.city} ({action.cost})"
    if type(action) is Pass:
        return "pass"
    if type(action) is DropOut:
        return "drop out"
    if type(action) is Power:
        return "power " + (" ".join(plant_label(p) for p in action.plants) if action.plants else "none")
    if type(action) is Burn:
        parts = []
        for name, n in zip(
            RESOURCE_NAMES, (action.coal, action.oil, action.garbage, action.uranium), strict=True
        ):
            if n:
                parts.append(f"{n} {name}")
        return "burn " + (" ".join(parts) if parts else "nothing")
    if type(action) is Discard:
        return f"discard {plant_label(action.plant)}"
    if type(action) is ReturnResource:
        return f"return {action.resource}"
    raise TypeError(f"not a Power Grid action: {action!r}")


def plant_term(key: int) -> int | str:
    """A plant as the notation names it: its printed number, ``"33⅓"`` for the special plant."""
    label = plant_label(key)
    return int(label) if label.isdigit() else label


def terms(action: Action) -> dict[str, object]:
    """The action as data in the notation's terms: plants by their printed number
    (``auction 4 bid 4`` is ``{"type": "auction", "plant": 4, "bid": 4}``).

    The saved log keeps the actions' own fields (plants by sort key, three times the
    number), which every save ever written replays; this is what a player or a
    program reading the legal moves is shown instead."""
    data: dict[str, object] = msgspec.to_builtins(action)
    if type(action) is OpenAuction or type(action) is Discard:
        data["plant"] = plant_term(action.plant)
    elif type(action) is Power:
        data["plants"] = [plant_term(k) for k in action.plants]
    return data


# --------------------------------------------------------------------------- reading notation

#: ``Build.cost`` / ``Start.cost`` of a move typed without its cost (``build Moscow``):
#: :meth:`PowerGridRules.parse` fills in the current cost, ``why_illegal`` explains.
ANY_COST = -1

_KEY_OF_LABEL = {label.lower(): key for key, label in _LABEL.items()}
_KEY_OF_LABEL.update({"33.3": 100, "33.33": 100})
_SIMPLE: dict[str, Action] = {
    "pass": PASS,
    "drop out": DROP,
    "drop": DROP,
    "dropout": DROP,
    "done": DONE,
}


def name_key(name: str) -> str:
    """How city names are compared: ASCII case and punctuation ignored (``st. petersburg``)."""
    return " ".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())


def plant_key(label: str) -> int | None:
    """The sort key of a typed plant number (``13``, ``03``, ``33⅓``); unknown numbers map
    to the key an ordinary plant of that number would have, so the error can name them."""
    key = _KEY_OF_LABEL.get(label)
    if key is not None:
        return key
    if _is_number(label):
        return 3 * int(label)
    return None


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit()


def _number(word: str) -> int | None:
    return int(word) if _is_number(word) else None


def read(text: str, city_names: dict[str, str]) -> Action | None:
    """The action written ``text`` in :func:`describe`'s notation, legal or not.

    Case and spacing are ignored.  ``city_names`` maps :func:`name_key` of each city of
    the map to its name; an unknown city is kept as typed (the caller explains it).
    ``build CITY`` / ``start CITY`` without a cost give ``cost=ANY_COST``.  ``None``
    when ``text`` is no Power Grid move.
    """
    typed = text.replace("(", " ( ").replace(")", " ) ").split()
    words = [w.lower() for w in typed]
    if not words:
        return None
    joined = " ".join(words)
    if joined in _SIMPLE:
        return _SIMPLE[joined]
    head, rest = words[0], words[1:]
    if head == "bid" and len(rest) == 1:
        amount = _number(rest[0])
        return Bid(amount) if amount is not None else None
    if head == "auction":
        if len(rest) == 3 and rest[1] == "bid":
            rest = [rest[0], rest[2]]
        if len(rest) != 2:
            return None
        plant, bid = plant_key(rest[0]), _number(rest[1])
        return OpenAuction(plant, bid) if plant is not None and bid is not None else None
    if head == "discard" and len(rest) == 1:
        plant = plant_key(rest[0])
        return Discard(plant) if plant is not None else None
    if head in ("buy", "return") and len(rest) == 1 and rest[0] in RESOURCE_NAMES:
        return Buy(rest[0]) if head == "buy" else ReturnResource(rest[0])
    if head in ("build", "start") and rest:
        cost = ANY_COST
        if len(rest) >= 4 and rest[-3] == "(" and rest[-1] == ")" and _is_number(rest[-2]):
            cost, rest = int(rest[-2]), rest[:-3]
        elif len(rest) >= 2 and _is_number(rest[-1]):
            cost, rest = int(rest[-1]), rest[:-1]
        if not rest or "(" in rest or ")" in rest:
            return None
        name = " ".join(typed[1 : 1 + len(rest)])
        city = city_names.get(name_key(name), name)
        return Build(city, cost) if head == "build" else Start(city, cost)
    if head == "power" and rest:
        if rest == ["none"]:
            return Power(())
        keys = [plant_key(w) for w in rest]
        if None in keys:
            return None
        return Power(tuple(sorted(keys)))  # type: ignore[arg-type]
    if head == "burn" and rest:
        if rest == ["nothing"]:
            return Burn()
        if len(rest) % 2:
            return None
        amounts = dict.fromkeys(RESOURCE_NAMES, 0)
        for n, name in zip(rest[::2], rest[1::2], strict=True):
            name = name[:-1] if name.endswith("s") and name[:-1] in amounts else name
            if not _is_number(n) or name not in amounts:
                return None
            amounts[name] += int(n)
        return Burn(**amounts)
    return None
