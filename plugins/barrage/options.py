"""Options of the Barrage variant: the mode, and every UNCERTAIN rule (B-24)
where players might choose otherwise.  Defaults are the recommended readings."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator

from .draws import SetupDraws


class BarrageOptions(BaseModel, extra="forbid"):
    mode: Literal["intro", "full"] = Field(
        "full",
        description="full game (B-1.3: draft, Patent Office, advanced tiles, all seven officers) "
        "or the introductory game",
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
        True,
        description="U-4: fulfil the contract before the produced water flows on, as the game help says "
        "(false: water first)",
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

    # -- full game (B-4.4, B-14, B-16) -------------------------------------------------
    first_chooser: Literal["seat", "random"] = Field(
        "seat",
        description="B-4.4.4: the draft starts with seat 1 and goes in seat order, or with a random seat",
    )
    tile_energy_contracts: Literal["private", "all"] = Field(
        "private",
        description="U-6: energy of AT-II-B / AT-III-C fulfils only your private/starting contracts, "
        "without France's -3 [EXT]; 'all' adds national contracts and France's reduction",
    )
    fill_dam: Literal["capacity", "height"] = Field(
        "capacity",
        description="U-11: AT-II-E fills the dam to its capacity [HU, EXT], or adds markers equal to its "
        "height (never past capacity) [UA literal]",
    )
    tile_production_abilities: bool = Field(
        True,
        description="U-12: the AT-II-P production gets the powerhouse bonus and the company ability "
        "(Italy +3, Germany's repeat) [EXT]; False: only its +2",
    )
    anton_counts_as_advanced: bool = Field(
        False, description="U-13: Anton Krylov's tile counts as an advanced tile for BT-6 and AT-III-W"
    )
    free_build_uses_space: bool = Field(
        False,
        description="U-22: an engineer-free construction (AT-I-P, AT-III-B) uses up the leftmost "
        "construction space",
    )
    free_build_only_without_engineers: bool = Field(
        False,
        description="U-23: engineer-free constructions only when out of engineers (default: any time)",
    )
    anton_empty_wheel: Literal["unusable", "joker"] = Field(
        "unusable",
        description="U-28: Anton's tile with no other tile on the wheel is unusable [EXT], "
        "or acts as a joker",
    )
    mahiri_extra_action: bool = Field(
        True,
        description="U-9.1: Mahiri's copy is followed at once by another action in the same turn [EXT]; "
        "False: the copy is the whole turn and serves her next one",
    )
    mahiri_copy_until: Literal["next_turn", "turn_end"] = Field(
        "next_turn",
        description="U-9.2: the copy lasts until the start of Mahiri's next turn [UA], or until the end "
        "of the current turn [EXT, HU]",
    )
    mahiri_copy_pool: Literal["players", "any"] = Field(
        "players",
        description="U-9.3: Mahiri copies the officers of the other players, or any of the other six",
    )
    mahiri_credits: int = Field(6, ge=0, description="U-9.4: Mahiri Sekibo's starting credits (6; [EXT] 9)")
    mahiri_uses: int = Field(
        2, ge=1, description="U-21: uses of Mahiri's space per round (the 2nd and later cost 3 credits)"
    )

    draws: SetupDraws | None = Field(
        None,
        description="the setup's random draws chosen instead (headstream_tiles, bonus_tiles, objective, "
        "draft_pairs, draft_contracts); those left out are drawn",
    )

    @field_validator("intro_columns")
    @classmethod
    def _columns(cls, value: list[int] | None) -> list[int] | None:
        if value is not None and (len(set(value)) != len(value) or not all(0 <= c <= 3 for c in value)):
            raise ValueError("intro_columns must be distinct numbers 0–3")
        return value
