"""Power Grid's own hook specifications, for its expansions.

An expansion of Power Grid changes the game through turbine's core game hooks
(:mod:`turbine.core.hookspecs`: ``turbine_setup``, ``turbine_phase_begin``/``_end``,
``turbine_round_end``, ``turbine_state_parts``, ``turbine_render_extra``) and
through these, which name the moments of a round an expansion most often needs:
a plant bought, resources bought, the fuel each plant burns, the cities powered
and the income paid.  The variant adds them to every game's plugin manager
(``VariantSpec.hookspecs``), so an expansion implements them with
``@turbine.core.hookimpl`` like any core hook.

Conventions:

* ``rules`` is the running game's rules object (:class:`~.rules.PowerGridRules`);
  ``state`` its state, which a hook may change (pay or charge money, record what
  it needs in its own records, ``state.ext.<id>`` and ``player.ext.<id>``, see
  ``turbine_state_parts``); ``seat`` is the seat index (0-based).
* Plants are named by their **printed number** (``plant=13``; 33⅓ is ``33``), as
  players read them (the state holds sort keys: ``plants.key_of(number)``).
* Resources are named ``coal``, ``oil``, ``garbage``, ``uranium``.
* Every hook is called after the rules have done what it reports, and only in
  games whose plugins implement it (the rules look the callers up once per game).
  ``tests/test_hooks_called.py`` plays seeded games and names any hook here that
  is never called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.core.hookspecs import hookimpl, hookspec

if TYPE_CHECKING:
    from .rules import PowerGridRules
    from .state import State

__all__ = ["PowerGridSpecs", "hookimpl", "hookspec"]


class PowerGridSpecs:
    """The moments of a Power Grid round an expansion may act on."""

    @hookspec
    def power_grid_plant_bought(
        self, rules: PowerGridRules, state: State, seat: int, plant: int, price: int
    ) -> None:
        """Called when ``seat`` has bought ``plant`` for ``price`` Elektro (P-4.5, P-4.6).

        The money is paid, the plant is the seat's and the market is refilled; a
        discard the plant limit demands (P-4.9) is still to come.
        """

    @hookspec
    def power_grid_resources_bought(
        self, rules: PowerGridRules, state: State, seat: int, resource: str, amount: int, cost: int
    ) -> None:
        """Called when ``seat`` has bought ``amount`` tokens of ``resource`` for ``cost``
        Elektro in all (P-5); a seat buys one token per move, so ``amount`` is 1 today."""

    @hookspec
    def power_grid_fuel_burned(
        self, rules: PowerGridRules, state: State, seat: int, plant: int, burned: dict[str, int]
    ) -> None:
        """Called once for each plant ``seat`` runs in Bureaucracy (P-7.2), when what it
        burns is known: ``burned`` maps each resource to the tokens the plant burned
        (empty for a plant that needs no fuel).

        Tokens are returned to the reserve before the call.  A mix chosen for several
        hybrid plants together is shared among them in ascending plant order, coal
        first (the rules burn the mix, not tokens of one card).  Single-fuel and
        fuel-free plants are reported first, then hybrids, then 33⅓.
        """

    @hookspec
    def power_grid_cities_powered(
        self, rules: PowerGridRules, state: State, seat: int, cities: int, capacity: int
    ) -> None:
        """Called when ``seat``'s plants have run (P-7.3): ``cities`` powered, the
        smaller of its ``capacity`` (what the running plants can supply) and the
        cities it has; 0 for a seat that runs no plant."""

    @hookspec
    def power_grid_income_paid(
        self, rules: PowerGridRules, state: State, seat: int, cities: int, amount: int
    ) -> None:
        """Called when ``seat`` has received ``amount`` Elektro of income for ``cities``
        powered (P-7.5, the income table), before the next seat's Bureaucracy."""
