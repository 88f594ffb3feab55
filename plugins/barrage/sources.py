"""Where a company's VP come from: the sources of Barrage's score breakdown.

Every VP a company gains or loses goes through
:meth:`BarrageRules.add_vp <turbine.plugins.barrage.rules.BarrageRules.add_vp>`, which
names one of these sources (or an expansion's own, e.g. Leeghwater's ``buildings``).
They are the columns of ``turbine show FILE --scores``, in this order; a player reads
them, so they are the rulebook's words, short.
"""

from __future__ import annotations

START = "start"
"""The 10 VP every company starts with (B-3.7.1, B-4.2.8)."""
ENERGY = "energy track"
"""The round's first and second places on the energy track (B-18.2)."""
NO_ENERGY = "no energy"
"""The 3 VP lost with the energy marker on 0 (B-18.3.2)."""
BONUS = "bonus tiles"
"""The round's bonus tile (B-18.4)."""
INCOME = "income"
"""VP incomes of the company board: the third of every row, and company ones such as
Germany's second base (B-6.2.2), at once when revealed and every income phase (B-6.2.4)."""
CONTRACTS = "contracts"
"""Contract rewards (B-13)."""
FEES = "conduit fees"
"""VP the owner of a conduit scores when another company produces through it
(B-11.2 step 7)."""
TILES = "advanced tiles"
"""Advanced tiles' immediate VP (B-14.3: AT-III-E, AT-III-P, AT-III-W)."""
OBJECTIVE = "objective"
"""The objective tile (B-20.2)."""
RESOURCES = "resources"
"""Leftover credits, excavators and mixers (B-20.3)."""
WATER = "water"
"""Water behind the company's own dams (B-20.4)."""
OTHER = "other"
"""VP an expansion adds without naming a source."""

ORDER = (START, ENERGY, NO_ENERGY, BONUS, INCOME, CONTRACTS, FEES, TILES, OBJECTIVE, RESOURCES, WATER)
"""Barrage's own sources in the order shown; an expansion's follow in the order they
first score."""
