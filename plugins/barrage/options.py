"""Options of the Barrage variant: the mode, and every UNCERTAIN rule (B-24)
where players might choose otherwise.  Defaults are the recommended readings."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator


class BarrageOptions(BaseModel, extra="forbid"):
    mode: Literal["intro"] = Field(
        "intro", description="introductory game (B-1.3); the full game comes later"
    )
    intro_columns: list[int] | None = Field(
        None,
        description="U-2: which columns of the introductory table (0 USA, 1 Germany, 2 Italy, 3 France) "
        "the seats take, in seat order; default the first N",
    )
    income_order: Literal["reverse", "turn"] = Field(
        "reverse", description="U-3: order of resolving incomes: reverse turn order [EXT] or turn order"
    )
    contract_before_flow: bool = Field(
        False,
        description="U-4: fulfil the contract before the produced water flows on (default: water first)",
    )
    floor_on_repeat: bool = Field(
        False, description="U-5: EO-VF's minimum of 4 also applies to Germany's second production"
    )
    repeat_same_dam: bool = Field(True, description="U-5: Germany's second production may use the same dam")
    reward_red_frame: bool = Field(
        True, description="U-7: rewarded bases and powerhouses pay the red-frame surcharge"
    )
    vp_floor_zero: bool = Field(True, description="U-16: victory points never fall below 0")
    energy_cap_ranking: bool = Field(
        False, description="U-20: rank energy capped at 30 (default: the true total)"
    )
    take_two_needs_two: bool = Field(
        True, description="U-25: MB-CO3 needs 2 face-up private contracts (else: take what is there)"
    )
    optional_parts: Literal["ext", "mandatory"] = Field(
        "ext",
        description="U-26: builds and water placements of rewards and incomes may be declined [EXT], "
        "or every part is mandatory when possible",
    )
    tie_order: Literal["reverse", "keep"] = Field(
        "reverse", description="U-27: players tied on energy reverse their order (B-19.2), or keep it"
    )

    @field_validator("intro_columns")
    @classmethod
    def _columns(cls, value: list[int] | None) -> list[int] | None:
        if value is not None and (len(set(value)) != len(value) or not all(0 <= c <= 3 for c in value)):
            raise ValueError("intro_columns must be distinct numbers 0–3")
        return value
