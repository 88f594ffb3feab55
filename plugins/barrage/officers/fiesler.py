"""EO-VF Viktor Fiesler (B-16.3): markers × value of 3 or less counts as 4."""

from __future__ import annotations

from . import Officer


class ViktorFiesler(Officer):
    id = "EO-VF"

    def production_base(self, base: int) -> int:
        return 4 if base <= 3 else base
