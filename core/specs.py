"""What plugins declare: themselves, their variants, expansions and bots."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel

if TYPE_CHECKING:
    from .rules import Rules


@dataclass(frozen=True)
class PluginInfo:
    """Every plugin module exposes one of these as ``PLUGIN_INFO``.

    ``requires`` names other plugins that must be loaded first (an expansion
    requires its base game's plugin).
    """

    name: str
    version: str
    requires: tuple[str, ...] = ()
    description: str = ""


@dataclass(frozen=True)
class VariantSpec:
    """A playable game.

    ``rules`` builds the rules object for one game from validated options,
    the player count and the game's own plugin manager.  ``hookspecs`` are the
    variant's own hook specifications (a module or class), added to every
    game's plugin manager so that expansions can implement them.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    options: type[BaseModel]
    rules: Callable[..., Rules[Any, Any, Any]]
    description: str = ""
    hookspecs: tuple[ModuleType | type, ...] = ()
    demo_priority: int = 0
    """How well the variant shows what turbine does: ``turbine demo`` without a
    variant plays the installed variant with the highest value."""
    rules_version: int = 1
    """Raise it by one with every change that alters the outcome of a logged game
    (the same seed and moves would end differently, or a logged move would become
    illegal).  Saves record it; a save made under another version is replayed by
    its log without comparing digests (docs/save-format.md), unless the game still
    plays that version (:attr:`oldest_rules_version`)."""
    oldest_rules_version: int | None = None
    """The oldest rules version the game still plays (``None``: only :attr:`rules_version`).
    A save made under a version from this one on is replayed, checked digest by digest,
    and played on under the rules it was made under: the rules keep the older outcome
    where :meth:`Rules.plays_under` says the game is older than a change."""


@dataclass(frozen=True)
class ExpansionSpec:
    """An optional module of a variant, enabled with ``--with ID``.

    ``options`` is the expansion's own pydantic options model.  In a game that
    enables the expansion its options live under the expansion's id: typed as
    ``--option ID.KEY=VALUE``, saved as ``options[ID]``, and read by the
    expansion's hooks as ``rules.options.ID`` (see :func:`~turbine.core.session.options_model`).
    """

    id: str
    variant: str
    name: str
    description: str = ""
    options: type[BaseModel] | None = None
    rules_version: int = 1
    """As :attr:`VariantSpec.rules_version`, for the expansion's own rules."""
    oldest_rules_version: int | None = None
    """As :attr:`VariantSpec.oldest_rules_version`, for the expansion's own rules."""


class Bot(Protocol):
    """What a bot kind's factory returns: one bot for one seat of one game.

    A bot decides as a player in its seat would, from what that seat sees:
    ``view`` is ``rules.view(state, seat)``, a copy of the state of the game's own
    type in which what the seat cannot see is hidden (Power Grid's deck order,
    Barrage's face-down stacks) and the game's random generator is reset.  It is
    never the state the game goes on with: the table
    (:class:`~turbine.core.bots.SeatBot`) makes it for every decision.  A bot that
    tries moves ahead does so on a copy of the view (``rules.clone(view)``) whose
    hidden parts it deals itself, from its own random generator: never on anything
    its seat was not shown.

    ``choose`` must return one of ``legal`` (never empty: the moves of its seat,
    which is to move) and change neither ``view`` nor ``legal``: the conformance
    kit (:func:`~turbine.core.testing.check_bots`) checks both for every
    registered bot, and the table reports a bot that raises or answers with a move
    not in ``legal`` as a :class:`~turbine.core.bots.BotFailure`.  Given the same
    seed, the same seat and the same views, a bot makes the same moves, so a bot
    game is reproducible.
    """

    def choose(self, view: Any, legal: list[Any]) -> Any:
        """Pick one of ``legal`` for the seat to move, from its ``view``
        (``None`` for a :attr:`~BotSpec.blind` bot)."""


@dataclass(frozen=True)
class BotSpec:
    """A bot kind usable in a seat.  ``variants`` empty means every variant.

    ``factory(rules, seat, seed)`` receives the rules object of a variant it
    serves, so it may declare that variant's own rules class (``Any`` here: a
    callable taking a subclass is not a callable taking any ``Rules``).
    """

    name: str
    factory: Callable[[Any, int, int], Bot]
    description: str = ""
    variants: tuple[str, ...] = field(default=())
    blind: bool = False
    """The bot never reads its view (it picks by chance): the table passes ``None``
    instead of making a view for every decision, which costs a copy of the state."""
    options: type[BaseModel] | None = None
    """The bot's options model (``--bot-option NAME.KEY=VALUE``), when it takes any: the
    factory is then also called with ``options=`` an instance of it
    (:func:`turbine.core.botopts.with_bot_options`)."""
    checked_with: Mapping[str, Any] | None = None
    """The options the conformance kit (:func:`turbine.core.testing.check_bots`) builds
    this bot with: it plays whole games with every bot, so a searching bot names a small
    budget here (the kit checks the bot contract, not strength)."""

    def serves(self, variant: str) -> bool:
        return not self.variants or variant in self.variants
