"""The five phases of a Power Grid round, numbered as ``Flow.phase`` stores them (P-3…P-7)."""

from __future__ import annotations

PHASES = ("order", "auction", "resources", "building", "bureaucracy")
P_ORDER, P_AUCTION, P_RESOURCES, P_BUILDING, P_BUREAU = range(5)
