"""turbine.core: the game engine every turbine game runs on.

Games subclass :class:`Rules`; plugins expose ``PLUGIN_INFO`` and implement the
hooks of :mod:`turbine.core.hookspecs`; :class:`Game` plays, saves and replays.
"""

from .auction import Auction
from .errors import (
    BadOptions,
    BadPosition,
    IllegalAction,
    ParseError,
    PluginError,
    SaveFileError,
    TurbineError,
)
from .flow import Flow, Phase, PhaseMachine, Turns, clockwise, ranked
from .hookspecs import hookimpl, hookspec
from .plugins import Registry, default_registry
from .rng import Rng
from .rules import Rules, StandingOrder
from .savefile import SaveFile, Seat
from .scores import Breakdown, Ledger
from .session import Game
from .specs import BotSpec, ExpansionSpec, PluginInfo, VariantSpec
from .state import StatePart

__all__ = [
    "Auction",
    "BadOptions",
    "BadPosition",
    "BotSpec",
    "Breakdown",
    "ExpansionSpec",
    "Flow",
    "Game",
    "IllegalAction",
    "Ledger",
    "ParseError",
    "Phase",
    "PhaseMachine",
    "PluginError",
    "PluginInfo",
    "Registry",
    "Rng",
    "Rules",
    "SaveFile",
    "SaveFileError",
    "Seat",
    "StandingOrder",
    "StatePart",
    "TurbineError",
    "Turns",
    "VariantSpec",
    "clockwise",
    "default_registry",
    "hookimpl",
    "hookspec",
    "ranked",
]
