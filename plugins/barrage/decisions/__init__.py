"""Barrage's sub-decisions, one class per kind, each owning its legal answers, its
effect, its refusals, its prompt and how its answers are shown (see :mod:`.base`).

| kind | class | module |
| --- | --- | --- |
| structure | ChooseStructure | :mod:`.structure` |
| site | ChooseSite | :mod:`.site` |
| tile | ChooseTile | :mod:`.tile` |
| pay | ChoosePayment | :mod:`.pay` |
| free_site | ChooseFreeSite | :mod:`.free_site` |
| produce, repeat | ChooseProduction, ChooseRepeat | :mod:`.production` |
| amount | ChooseMarkers | :mod:`.production` |
| release, ability | ReleaseWater, CompanyAbility (automatic) | :mod:`.production` |
| after_build | AfterBuild (automatic) | :mod:`.after_build` |
| contract | ChooseContract | :mod:`.contract` |
| take, discard | TakeContracts, DiscardContract | :mod:`.contract` |
| machinery | SplitMachinery | :mod:`.machinery` |
| water | PlaceWater | :mod:`.water` |
| pair, start | ChoosePair, ChooseStartingContract | :mod:`.draft` |
| copy, extra | ChooseCopy, ExtraAction | :mod:`.copy` |

An expansion's decision kinds join these through the ``barrage_decisions`` hook.
"""

from __future__ import annotations

from typing import Any, Union

from .after_build import AfterBuild
from .base import Automatic, Decision
from .contract import ChooseContract, DiscardContract, TakeContracts
from .copy import ChooseCopy, ExtraAction
from .draft import ChoosePair, ChooseStartingContract
from .free_site import ChooseFreeSite
from .machinery import SplitMachinery
from .pay import ChoosePayment
from .production import ChooseMarkers, ChooseProduction, ChooseRepeat, CompanyAbility, ReleaseWater
from .site import ChooseSite
from .structure import ChooseStructure
from .tile import ChooseTile
from .water import PlaceWater
from .words import reward_text

BARRAGE_DECISIONS: tuple[type[Decision], ...] = (
    ChooseStructure,
    ChooseSite,
    ChooseTile,
    ChoosePayment,
    ChooseFreeSite,
    ChooseProduction,
    ChooseRepeat,
    ChooseMarkers,
    ReleaseWater,
    CompanyAbility,
    AfterBuild,
    ChooseContract,
    TakeContracts,
    DiscardContract,
    SplitMachinery,
    PlaceWater,
    ChoosePair,
    ChooseStartingContract,
    ChooseCopy,
    ExtraAction,
)


def pending_type(kinds: tuple[type[Decision], ...]) -> Any:
    """The tagged union of decision kinds a game's pending stack holds (for decoding)."""
    tags = [k.kind for k in kinds]
    duplicates = sorted({t for t in tags if tags.count(t) > 1})
    if duplicates:
        raise ValueError(f"decision kinds registered twice: {', '.join(duplicates)}")
    return Union[kinds]  # noqa: UP007 - built at run time from the registered kinds


__all__ = [
    "BARRAGE_DECISIONS",
    "AfterBuild",
    "Automatic",
    "ChooseContract",
    "ChooseCopy",
    "ChooseFreeSite",
    "ChooseMarkers",
    "ChoosePair",
    "ChoosePayment",
    "ChooseProduction",
    "ChooseRepeat",
    "ChooseSite",
    "ChooseStartingContract",
    "ChooseStructure",
    "ChooseTile",
    "CompanyAbility",
    "Decision",
    "DiscardContract",
    "ExtraAction",
    "PlaceWater",
    "ReleaseWater",
    "SplitMachinery",
    "TakeContracts",
    "pending_type",
    "reward_text",
]
