"""The ``subsidy`` expansion of Power Grid.

House rule: at the end of every Bureaucracy phase, the government pays a
catch-up subsidy (5 Elektro unless the option ``subsidy.amount`` says
otherwise) to each player with the fewest cities, as long as somebody has more
cities than they do.

It changes Power Grid only through hooks: the core game hook
``turbine_phase_end`` (fired by the phase framework when a phase is over),
``turbine_render_extra`` (a line under the board) and ``turbine_draw`` (a panel
beside the board's picture).  It is active only in games
started with ``--with subsidy``: turbine gives each game a plugin manager that
holds just the plugins that game chose.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from turbine.core import ExpansionSpec, PluginInfo, hookimpl

PLUGIN_INFO = PluginInfo(
    name="grid_subsidy",
    version="0.1.0",
    requires=("power_grid",),
    description="catch-up subsidy for Power Grid",
)


class SubsidyOptions(BaseModel):
    """``--option subsidy.amount=8``: the expansion's own options, under its id."""

    model_config = ConfigDict(extra="forbid")

    amount: int = Field(5, ge=1, le=50, description="Elektro paid to each player with the fewest cities")


def subsidised(state: Any) -> list[int]:
    """Seats that get the subsidy now: the fewest cities, if someone has more."""
    counts = [len(player.cities) for player in state.players]
    fewest = min(counts)
    if fewest == max(counts):
        return []
    return [seat for seat, count in enumerate(counts) if count == fewest]


@hookimpl
def turbine_expansions() -> list[ExpansionSpec]:
    return [
        ExpansionSpec(
            id="subsidy",
            variant="power_grid",
            name="Catch-up subsidy",
            description="Elektro after Bureaucracy to the players with the fewest cities",
            options=SubsidyOptions,
        )
    ]


@hookimpl
def turbine_phase_end(rules: Any, state: Any, phase: str) -> None:
    if phase == "bureaucracy":
        amount = rules.options.subsidy.amount
        for seat in subsidised(state):
            state.players[seat].money += amount


@hookimpl
def turbine_render_extra(rules: Any, state: Any, seat: int | None) -> str:
    seats = ", ".join(rules.player(s) for s in subsidised(state)) or "nobody"
    amount = rules.options.subsidy.amount
    return f"Catch-up subsidy: {amount} Elektro after Bureaucracy to the fewest cities (now: {seats})"


@hookimpl
def turbine_draw(rules: Any, state: Any, seat: int | None, canvas: Any) -> None:
    """A small side panel beside Power Grid's board: who would be paid now."""
    seats = ", ".join(f"Seat {s + 1}" for s in subsidised(state)) or "nobody"
    panel = canvas.panel("subsidy", "Catch-up subsidy (house rule)", 392, 20, side=True, order=10)
    panel.text(0, 14, f"{rules.options.subsidy.amount} Elektro after Bureaucracy to: {seats}", size=11.5)
