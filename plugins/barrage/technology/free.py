"""Engineer-free constructions (B-14.4): AT-I-P and AT-III-B."""

from __future__ import annotations

from . import Payment, TechTile


class NoEngineers(TechTile):
    """AT-I-P: build without placing engineers on a construction space."""

    engineer_free = True


class NoEngineersNoExcavators(TechTile):
    """AT-III-B: build without engineers and without putting excavators on the wheel
    (also when used for an engineer construction, B-14.3.2)."""

    engineer_free = True
    adjusts_needs = True

    def adjust_needs(self, structure: int, needs: tuple[Payment, ...], value: int) -> tuple[Payment, ...]:
        out: list[Payment] = []
        for _, m in needs:
            if (0, m) not in out:
                out.append((0, m))
        return tuple(out)
