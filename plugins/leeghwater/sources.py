"""Leeghwater's sources of VP in the score breakdown (beside Barrage's, see
:mod:`turbine.plugins.barrage.sources`): every VP the expansion gives goes through
Barrage's ``add_vp`` or ``gain`` with one of these names.  Its bonus tiles (L-10.4)
score through Barrage's round scoring, as ``bonus tiles``; the contracts its works
fulfil (EW-R1, EW-R2, PB-05) count as ``contracts``."""

from __future__ import annotations

BUILDINGS = "buildings"
"""Private buildings: AT-B3's immediate VP (L-9.4), a building action's VP (L-8) and
the final VP of every activated building (L-7.9, L-14.1)."""
WORKS = "external works"
"""The VP printed in an external work's reward, scored at once (L-5.11, L-5.13)."""
CONTRACTS = "contracts"
"""Barrage's own source for contract rewards (``barrage.sources.CONTRACTS``, which the
expansion does not import: it reaches Barrage only through its public modules)."""
