"""Executive officers (B-16): one small module per officer.

The rules never test an officer's name.  They ask the seat's officer object
(its own, or the one Mahiri Sekibo's holder has copied, B-16.7) the questions
of :class:`Officer`; an officer overrides only what its ability changes.
Officers reach a game through the ``barrage_abilities`` registry hook
(:mod:`..base_plugin` registers these seven), so an expansion adds its own
officers the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.core.errors import IllegalAction

if TYPE_CHECKING:
    from ..api import BarrageGame, TileAbility
    from ..state import State

Payment = tuple[int, int]
"""A machinery requirement: (excavators, mixers)."""


class Officer:
    kind = "officer"
    id = ""
    name = ""
    text = ""
    """The ability as printed (from ``officers.json``)."""
    credits_per_machinery = 0
    """Credits that may replace one machinery unit (0: not allowed)."""
    personal_space = False
    """The officer tile has a personal action space (Mahiri Sekibo, B-16.7)."""
    personal_space_id = ""
    """The notation of that space (``place ID``)."""
    personal_space_repeat_credits = 0
    """Credits each later use of the space in a round costs (B-16.7.1)."""
    copies_wheel_tiles = False
    """Constructions may copy a tile on the wheel (Anton Krylov, B-16.6)."""

    def requirements(self, structure: int, normal: Payment, value: int) -> list[Payment]:
        """The machinery a structure may be paid with (alternatives, B-9.1.2)."""
        return [normal]

    def production_base(self, base: int) -> int:
        """markers × conduit value, as this officer counts it (B-11.2 step 3)."""
        return base

    def dam_capacity(self, height: int) -> int:
        """How much water one of this officer's dams of ``height`` holds (B-12.1.2)."""
        return height

    def setup(self, game: BarrageGame, state: State, seat: int) -> None:
        """Per-player setup once the officer is taken (B-4.2.6, U-9.4)."""

    def wheel_copies(
        self, game: BarrageGame, state: State, seat: int, free: bool
    ) -> list[tuple[str, TileAbility]]:
        """Tile choices that copy a tile on the seat's wheel, as (choice, tile whose
        permission and effect it has); only Anton Krylov's ability offers any (B-16.6)."""
        return []

    def refuse_wheel_copy(
        self, game: BarrageGame, state: State, seat: int, prefix: str, tile_id: str
    ) -> IllegalAction | None:
        """Why the copy choice ``<prefix>=<tile_id>`` is refused (``None``: it is not)."""
        return IllegalAction("only Anton Krylov's tile copies a tile on the wheel", "B-16.6.2")

    def __repr__(self) -> str:
        return f"<officer {self.id}>"


class NoOfficer(Officer):
    """Stands in before the draft, and for the owner of a neutral dam (no ability)."""

    id, name = "", "none"


def base_officers(texts: dict[str, tuple[str, str]]) -> list[Officer]:
    """Barrage's seven officers, with their printed texts."""
    from .adler import WilhelmAdler
    from .del_monte import GrazianoDelMonte
    from .fiesler import ViktorFiesler
    from .jordan import SolomonJordan
    from .krylov import AntonKrylov
    from .mcdowell import JillMcDowell
    from .sekibo import MahiriSekibo

    out: list[Officer] = []
    for cls in (
        WilhelmAdler,
        GrazianoDelMonte,
        ViktorFiesler,
        JillMcDowell,
        SolomonJordan,
        AntonKrylov,
        MahiriSekibo,
    ):
        officer = cls()
        officer.name, officer.text = texts[cls.id]
        out.append(officer)
    return out
