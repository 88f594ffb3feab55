"""The ``carbon`` expansion of Power Grid: a carbon tax per coal token burned.

House rule: every coal token a player's plants burn in Bureaucracy costs a tax
(1 Elektro unless the option ``carbon.rate`` says otherwise), taken from that
player's income when it is paid, never more than the income itself.

It shows the two things an expansion needs besides hooks on phases:

* **Its own data in the game's state.**  ``turbine_state_parts`` registers two
  typed records: :class:`Treasury` (``state.ext.carbon``, the tax collected) and
  :class:`Account` (each ``player.ext.carbon``: coal burned, tax due, tax paid).
  Being part of the state, they are rebuilt when a save is loaded, go back with
  an undo, and are in the state's digest; ``turbine schema power_grid --with
  carbon`` shows their JSON Schema.
* **Power Grid's own hooks** (``turbine.plugins.power_grid.hookspecs``):
  ``power_grid_fuel_burned`` (the coal each plant burns) and
  ``power_grid_income_paid`` (when the tax is taken).

A separate plugin module from the subsidy (``plugin.py``): turbine activates the
plugin that provides an expansion, so each expansion of one package has its own.
"""

from __future__ import annotations

from typing import Any

import msgspec
from pydantic import BaseModel, ConfigDict, Field
from turbine.core import ExpansionSpec, PluginInfo, StatePart, hookimpl

KEY = "carbon"

PLUGIN_INFO = PluginInfo(
    name="grid_carbon",
    version="0.1.0",
    requires=("power_grid",),
    description="carbon tax per coal token burned, for Power Grid",
)


class CarbonOptions(BaseModel):
    """``--option carbon.rate=2``: Elektro per coal token burned."""

    model_config = ConfigDict(extra="forbid")

    rate: int = Field(1, ge=1, le=5, description="Elektro of tax per coal token burned")


class Treasury(msgspec.Struct):
    """``state.ext.carbon``: what the tax has brought in, all seats together."""

    collected: int = 0


class Account(msgspec.Struct):
    """``player.ext.carbon``: one seat's coal and tax.  Fields in alphabetical order, so
    the canonical JSON is the same as a plain object's."""

    coal: int = 0
    """Coal tokens burned this game."""
    due: int = 0
    """Tax on the coal burned in this Bureaucracy, not yet taken."""
    paid: int = 0
    """Tax taken from this seat's incomes this game."""


PART = StatePart(KEY, shared=Treasury, seat=Account)


def treasury(state: Any) -> Treasury:
    """The expansion's shared record (set up by :func:`turbine_setup`)."""
    record: Treasury = state.ext.carbon
    return record


def account(state: Any, seat: int) -> Account:
    """``seat``'s record (set up by :func:`turbine_setup`)."""
    record: Account = state.players[seat].ext.carbon
    return record


@hookimpl
def turbine_expansions() -> list[ExpansionSpec]:
    return [
        ExpansionSpec(
            id=KEY,
            variant="power_grid",
            name="Carbon tax",
            description="Elektro per coal token burned, taken from the income",
            options=CarbonOptions,
        )
    ]


@hookimpl
def turbine_state_parts() -> list[StatePart]:
    return [PART]


@hookimpl
def turbine_setup(rules: Any, state: Any) -> None:
    """Put the records in the state before round 1 (they are ``None`` until then)."""
    state.ext.carbon = Treasury()
    for player in state.players:
        player.ext.carbon = Account()


@hookimpl
def power_grid_fuel_burned(rules: Any, state: Any, seat: int, plant: int, burned: dict[str, int]) -> None:
    coal = burned.get("coal", 0)
    if coal:
        mine = account(state, seat)
        mine.coal += coal
        mine.due += coal * rules.options.carbon.rate


@hookimpl
def power_grid_income_paid(rules: Any, state: Any, seat: int, cities: int, amount: int) -> None:
    """The tax due is taken from the income just paid, never more than it."""
    mine = account(state, seat)
    tax = min(mine.due, amount)
    mine.due = 0
    if tax:
        state.players[seat].money -= tax
        mine.paid += tax
        treasury(state).collected += tax
        rules.tell(f"{rules.player_name(seat)} pays {tax} Elektro of carbon tax")


@hookimpl
def turbine_render_extra(rules: Any, state: Any, seat: int | None) -> str:
    paid = ", ".join(f"{rules.player(s)} {account(state, s).paid}" for s in range(len(state.players)))
    rate = rules.options.carbon.rate
    return f"Carbon tax: {rate} Elektro per coal burned; collected {treasury(state).collected} ({paid})"
