"""Barrage's own hook specifications, for its expansions.

An expansion of Barrage (the Leeghwater Project, or any other) changes the base
game **only** through these hooks and the plugin APIs they name; it never
patches Barrage's modules.  The hooks were designed from the eighteen hook
points HP-1…HP-18 of ``docs/rules/leeghwater.md``; ``HOOKS.md`` maps each
hook point to the hooks that serve it.  They are kept generic: each names a
*moment* of the base rules (setup, a construction stage, a production, the end
of a round, scoring) and hands over what a plugin needs to act there, so a
second expansion needs no change to Barrage.

Conventions (the same as :mod:`turbine.core.hookspecs`, project name
``"turbine"``):

* Every hook is called on the game's own plugin manager, which holds only the
  plugins active in that game, so an expansion never leaks into a game that
  did not choose it.  Barrage implements its own base rules (officers,
  companies) as ordinary implementations of these hooks, with ``trylast``.
* ``game`` is the rules object of the running game (it gives access to the
  board, the data tables and the plugin APIs); ``state`` is the game state,
  which a hook may change only where its docstring says so; ``seat`` is a
  player's seat index.
* Every parameter is typed against Barrage's public surface: ``game`` is a
  :class:`~.api.BarrageGame`, ``state`` a :class:`~.state.State`, ``rng`` the
  game's :class:`~turbine.core.rng.Rng`; the shapes of values (``Ability``,
  ``Pools``, ``BonusTileRow``, ``Income``, ``Part``, ``ScoreLine``) are type
  aliases of this module, to import under ``TYPE_CHECKING``.  An implementation
  declares the types of its spec (``tests/barrage/test_barrage_hook_types.py``
  checks Barrage's, Leeghwater's and the examples'), so a type checker follows
  every call an expansion makes back into Barrage.
* **Registry hooks** return lists; Barrage concatenates the results in the
  order pluggy calls them.
* **firstresult** hooks: the first non-``None`` answer wins; return ``None`` to
  let later implementations (and finally Barrage's default) decide.
* **Folded hooks** (marked *folded*): Barrage threads a value through every
  implementation with :func:`fold_hook`; each receives the value so far under
  the name given and returns a replacement, or ``None`` to keep it.  Use them
  where several plugins may each adjust one number (a capacity, a cost, a
  hand limit).
* Hooks are looked up once per game, never per candidate move; hot paths
  (water flow, legal-move generation) call hooks only through values computed
  once (for example :func:`~turbine.plugins.barrage.water.capacities`).
* Every hook here is called by Barrage's rules: a spec nobody calls would be
  a promise no expansion could rely on, so a hook point is published together
  with its call (``tests/test_hooks_called.py`` plays seeded games and
  names any spec that is never called).  An implementation whose
  name is no spec of the game is refused when the game's plugin manager is
  built, unless it is marked ``@hookimpl(optionalhook=True)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from turbine.core.hookspecs import hookimpl, hookspec

if TYPE_CHECKING:
    from typing import TypeAlias

    from turbine.core.rng import Rng

    from .action_spaces import ActionSpaces
    from .actions import Action, Ext
    from .api import BarrageGame, CompanyAbility, OfficerAbility, TileAbility
    from .decisions.base import Decision
    from .options import BarrageOptions
    from .state import State
    from .tables import Part

    Ability: TypeAlias = OfficerAbility | TileAbility | CompanyAbility
    """An officer, technology tile or company, as ``barrage_abilities`` registers it."""
    Pools: TypeAlias = dict[str, list[Any]]
    """The component pools of ``barrage_component_pools``, by name: lists of ids, or of
    stacks of ids (``private_stacks``, ``advanced``)."""
    BonusTileRow: TypeAlias = tuple[str, int, str, bool]
    """A bonus tile of ``barrage_bonus_tiles``: (id, VP each, what it counts, in the intro game)."""
    Income: TypeAlias = tuple[tuple[tuple[int, tuple[Part, ...]], ...], ...]
    """A company's income rows (bases, elevations, conduits), each a tuple of
    ``(pieces built, reward parts)`` (B-6.2)."""
    ScoreLine: TypeAlias = tuple[int, int, str] | tuple[int, int, str, str]
    """A line of ``barrage_final_scoring``: (seat, VP, reason) or (seat, VP, reason, source)."""

__all__ = ["BarrageSpecs", "GameConfig", "fold_hook", "hookimpl", "hookspec"]


@dataclass(frozen=True)
class GameConfig:
    """What ``barrage_validate_config``, ``barrage_abilities`` and ``barrage_component_pools`` receive."""

    players: int
    mode: str
    """``"intro"`` or ``"full"``."""
    options: BarrageOptions
    """The game's validated options (an expansion's own under its id, as ``options.<id>``)."""


def fold_hook(caller: Any, value_name: str, value: Any, **kwargs: Any) -> Any:
    """Thread ``value`` through every implementation of a folded hook, in pluggy's call order.

    Each implementation is called with the keyword arguments it declares,
    ``value_name`` bound to the value so far; a non-``None`` return replaces the
    value.  Wrappers are skipped.  The call order is pluggy's (last registered
    first, ``tryfirst``/``trylast`` respected), so it is deterministic for a
    given registration order.
    """
    kwargs[value_name] = value
    for impl in reversed(caller.get_hookimpls()):
        if getattr(impl, "hookwrapper", False) or getattr(impl, "wrapper", False):
            continue
        result = impl.function(*(kwargs[name] for name in impl.argnames))
        if result is not None:
            kwargs[value_name] = result
    return kwargs[value_name]


class BarrageSpecs:
    """The hooks an expansion of Barrage may implement (add with ``pm.add_hookspecs(BarrageSpecs)``)."""

    # ------------------------------------------------------------------ configuration and setup

    @hookspec
    def barrage_validate_config(self, config: GameConfig) -> list[str] | None:
        """HP-1. Called once before a game is created, with the chosen options.

        ``config`` carries the player count, the mode (``"intro"`` or ``"full"``)
        and the validated options (an expansion's own as ``config.options.<id>``; an
        expansion sees that it is chosen by being called).  Return a list of problems (empty or ``None``
        if the configuration is fine); Barrage refuses the game if any plugin
        reports one.  Example: an expansion that needs the full game and 2–4
        players.
        """

    @hookspec
    def barrage_component_pools(self, config: GameConfig, pools: Pools, rng: Rng) -> None:
        """HP-2. Called once at setup, after Barrage has filled its pools and before anything is drawn.

        ``pools`` holds the mutable lists of ids the setup draws from, by name:
        ``headstream_tiles``, ``bonus_tiles``, ``objective_tiles``, ``nationals``,
        ``private_stacks`` (one list per stack), and in the full game ``companies``,
        ``officers``, ``starting_contracts`` and ``advanced`` (stacks I–III).  Add to
        or filter them in place; an id an expansion adds is one of its own
        ``barrage_abilities`` (officers, companies, tiles) or ``barrage_bonus_tiles``.  Use ``rng``
        (the game's :class:`~turbine.core.rng.Rng`) for any random removal, never
        :mod:`random`.  Returns nothing.
        """

    @hookspec
    def barrage_setup_game(self, game: BarrageGame, state: State, rng: Rng) -> None:
        """HP-3. Called once after Barrage's shared setup (B-4.1) and before per-player setup.

        Set up extra shared boards and displays in ``state`` (for example an
        additional management board, tile displays, spaces blocked by player
        count).  Returns nothing.
        """

    @hookspec
    def barrage_setup_player(self, game: BarrageGame, state: State, seat: int, rng: Rng) -> None:
        """HP-4. Called once per seat, in turn order, after Barrage's per-player setup (B-4.2).

        Give the player extra pieces, tiles or resources, or apply an officer's
        setup (a special technology tile, a special engineer).  Returns nothing.
        """

    # ------------------------------------------------------------------ registries

    @hookspec
    def barrage_abilities(self, config: GameConfig) -> list[Ability]:
        """HP-18. Called once per game; return the company and officer abilities this plugin defines.

        Each item names its owner (company or officer id), its unlock condition
        (for example "3 powerhouses built", B-15.1.5), and, for officers, how
        Mahiri Sekibo copies it (a copy adapter, B-16.7).  The ability's effect
        itself is implemented through the other hooks, checking that the ability
        is active for the seat.
        """

    # ------------------------------------------------------------------ turn flow

    @hookspec
    def barrage_after_placement(
        self, game: BarrageGame, state: State, seat: int, space: Action, engineers: int
    ) -> bool | list[Decision] | None:
        """HP-8. Called after every placement that put engineers on a space (never a pass).

        ``space`` is the placement action (``Place``, ``Construct``, ``Bank``,
        an expansion's ``Ext`` …) and ``engineers`` the number of engineers it
        placed.  The placement's own decisions are already on the stack.
        Return ``True`` to give ``seat`` an immediate extra turn after them (it
        may decline it), or a list of :class:`~.decisions.Decision` instances of the
        expansion to take after them (for example "use a special engineer for
        an extra turn?"); Barrage schedules at most one extra turn per placement.
        """

    # ------------------------------------------------------------------ expansion actions (G-4)

    @hookspec
    def barrage_action_spaces(self, config: GameConfig) -> list[ActionSpaces] | None:
        """HP-7 (G-4, registry). Called once per game: the expansion's action spaces.

        Each item is an :class:`~.action_spaces.ActionSpaces` object that owns
        the placements it adds (``Ext`` actions with its :attr:`names`): which it
        offers a seat (listed after Barrage's own, before the Bank), what one
        does, and why one is refused, citing the expansion's rule.
        """

    @hookspec
    def barrage_decisions(self, config: GameConfig) -> list[type[Decision]] | None:
        """HP-7 (G-4, registry). Called once per game: the expansion's decision kinds.

        Each item is a subclass of :class:`~.decisions.Decision` with its own
        msgspec ``tag`` (prefix it with the expansion's id): its typed fields,
        legal answers, effect, refusals and prompt live on the class, exactly as
        Barrage's own kinds (:mod:`.decisions`).  Push instances on
        ``state.flow.pending``; the action types in their ``answer_types`` join
        the game's notation.
        """

    @hookspec
    def barrage_bonus_tiles(self, config: GameConfig) -> list[BonusTileRow] | None:
        """HP-17 (registry). Called once per game: extra bonus tiles as ``(id, vp_each, counts, intro)`` rows.

        They join Barrage's bonus-tile table and, in the game modes their
        ``intro`` flag allows, the pool the round tiles are drawn from (B-4.1.7);
        ``counts`` is answered by ``barrage_bonus_tile_count``.
        """

    @hookspec(firstresult=True)
    def barrage_company_income(self, game: BarrageGame, company: str) -> Income | None:
        """HP-18. Called once per company Barrage's data does not list, for its income rows (B-6.2).

        The same shape as Barrage's: three rows (bases, elevations, conduits),
        each a tuple of ``(pieces built, reward parts)``, parts as
        ``(kind, amount, max_value, areas)``.  Called once per company per game.
        """

    @hookspec(firstresult=True)
    def barrage_bot_value(self, game: BarrageGame, state: State, seat: int, action: Ext) -> float | None:
        """HP-7. Called by Barrage's greedy bot for each :class:`~.actions.Ext` action: how much it likes it.

        Barrage's own actions have Barrage's scores (a production 50+, a
        construction 40, a contract 20, the Bank 3 − engineers); ``None`` = 0.
        ``state`` is the bot's view: what ``seat`` sees, the face-down parts hidden
        (an expansion's own by turbine's core hook ``turbine_view``).
        """

    @hookspec
    def barrage_company_lines(self, game: BarrageGame, state: State, seat: int) -> list[str] | None:
        """HP-3. Called whenever a company is shown in full (the turn screen's panel, the
        ``company`` view, the board): lines about ``seat``'s part of this plugin's
        components, shown under Barrage's own lines for the company (Barrage indents
        them and breaks them where the panel does).
        """

    # ------------------------------------------------------------------ construction (B-8)

    @hookspec
    def barrage_after_build(
        self, game: BarrageGame, state: State, seat: int, structure: str, target: int, tile: str | None
    ) -> None:
        """HP-6 (stage 6). Called after a structure is placed and its income revealed (B-8.2 step 6).

        Apply post-build effects: an advanced tile's effect, an expansion's
        activation of what was just built.  Free builds (B-13.7) call it too,
        with ``tile=None``.  May change ``state``; returns nothing.
        """

    # ------------------------------------------------------------------ production (B-11)

    @hookspec
    def barrage_after_production(
        self, game: BarrageGame, state: State, seat: int, production: dict[str, int]
    ) -> None:
        """HP-9. Called after a production action is fully resolved: energy, released water, contract.

        Apply "after you produce" effects (Italy's +3, Germany's repeat offer, an
        expansion company's water drop).  Also called for productions started by
        effects (AT-II-P, an expansion's building).  May change ``state``.
        """

    @hookspec(firstresult=True)
    def barrage_contract_policy(
        self, game: BarrageGame, state: State, seat: int, energy: int, source: str
    ) -> dict[str, bool] | None:
        """HP-9, HP-10. Called after a contract was fulfilled with ``energy`` (B-13.3).

        ``source`` is ``"production"`` (the only source Barrage asks about
        now; tile energy keeps Barrage's rule).  Return a policy mapping or
        ``None`` for Barrage's rule (one contract, requirement ≤ energy).
        Understood keys: ``"summed": True``: the energy left after this contract
        (its requirement, less France's −3 when unlocked, is used up) may fulfil
        another contract, as long as the requirements fit in the energy;
        ``"discount_once": True`` (with ``summed``): France's −3 applies to the
        first contract of the production only, the energy left fulfils further
        contracts at their printed requirement (the next decision has ``b=1``).
        """

    @hookspec
    def barrage_ability_used(
        self, game: BarrageGame, state: State, seat: int, ability: str, detail: str
    ) -> None:
        """HP-18. Called when an officer's ability changed an outcome, for listeners (statistics, logs).

        ``ability`` is the officer id whose rule applied (for Mahiri's copy, the copied
        officer; the copy itself is reported with Mahiri's id and ``detail``
        ``"copies <id>"``).  Technology tiles are seen through ``barrage_after_build``'s
        ``tile``.  Never called when nobody implements it.
        """

    # ------------------------------------------------------------------ contracts (B-13)

    @hookspec
    def barrage_hand_limit(self, game: BarrageGame, state: State, seat: int, limit: int) -> int | None:
        """HP-11. *Folded* on ``limit``: face-up contracts ``seat`` may hold (3 by default, B-10.8.4)."""

    @hookspec(firstresult=True)
    def barrage_resolve_reward_part(
        self, game: BarrageGame, state: State, seat: int, part: Part
    ) -> bool | None:
        """HP-14. Called for each reward part whose ``kind`` Barrage does not know.

        Resolve it (changing ``state`` or pushing a sub-decision) and return
        ``True``; ``None`` = not mine (Barrage then reports a data error).
        Barrage's own kinds (credits, VP, machinery, energy, rotation, water,
        free builds) are resolved by Barrage and are callable by plugins.
        """

    # ------------------------------------------------------------------ water (B-12)

    @hookspec
    def barrage_dam_capacity(
        self, game: BarrageGame, slot: int, owner: int, height: int, capacity: int
    ) -> int | None:
        """HP-12. *Folded* on ``capacity``: markers a dam holds (B-12.1.2).

        Called once per dam (``height >= 1``) whenever capacities are computed
        (before a flow, a production release or a direct placement), never per
        marker.  ``owner`` is a seat or :data:`.state.NEUTRAL`.  Return a new
        capacity or ``None`` (Graziano Del Monte: height 3 → 4 for his dams).
        """

    # ------------------------------------------------------------------ rounds and scoring

    @hookspec
    def barrage_end_of_round(self, game: BarrageGame, state: State, round_no: int) -> None:
        """HP-16. Called in Phase 5 (rounds 1–4) after Barrage's own steps (B-19.2–B-19.5).

        Refresh an expansion's displays and reset its per-round state.  Not
        called in round 5 (B-19.1).
        """

    @hookspec(firstresult=True)
    def barrage_bonus_tile_count(self, game: BarrageGame, state: State, seat: int, tile: str) -> int | None:
        """HP-17. Called in Phase 4 for the current bonus tile: how many items ``seat`` has.

        Return the count for tiles this plugin added (VP = ``vp_each`` × count,
        then B-18.4's threshold); ``None`` for tiles it does not know.
        """

    @hookspec
    def barrage_final_scoring(self, game: BarrageGame, state: State) -> list[ScoreLine] | None:
        """HP-17. Called after Barrage's final scoring steps (B-20.2–B-20.4).

        Return score lines ``(seat, vp, reason)`` to add; Barrage applies them
        before deciding the winner.  A line may name its source in the score
        breakdown as a fourth item, ``(seat, vp, reason, source)`` (e.g. Leeghwater's
        ``buildings``); without one its VP count as ``other``.
        """
