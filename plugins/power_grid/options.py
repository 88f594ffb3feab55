"""Options of the ``power_grid`` variant.

Every UNCERTAIN item of the rules reference (``U-n``) where a table might
reasonably play the other reading is an option here; the default is always the
reference's recommended reading.  ``README.md`` lists each one.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class PowerGridOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    map: Literal["russia", "japan"] = "russia"
    """P-2.1: which side of the board."""
    regions: list[str] | None = None
    """P-2.2 / T-2: the regions in play (board colour names, adjacent, as many as T-2
    asks for); ``None`` draws a legal set at random with the game's Rng."""
    flow_generator: bool = False
    """P-2.8 / P-10.6: shuffle the special plant 33⅓ into the deck."""
    max_rounds: int = Field(default=50, ge=1, le=500)
    """Engine addition (not in the rulebook): the game also ends after Phase 4 of this
    round, so that a table that never builds still finishes.  Real games end long before."""

    player_order: list[int] | None = None
    """P-2.4: the first player order chosen instead of drawn: seat numbers from 1,
    position 1 first.  ``None`` draws it with the game's Rng."""
    deck_order: list[int | str] | None = None
    """P-2.10 / P-2.11: the face-down deck chosen instead of shuffled: plant numbers from
    the top down, under the cards setup lays face down on top (13) and above the Step 3
    card (``"33⅓"`` is the special plant).  Plants of the shuffled stack left out are
    the ones removed unseen (P-2.11).
    ``None`` shuffles with the game's Rng."""

    # -- UNCERTAIN items ---------------------------------------------------------
    deck_seeding: Literal["swapped", "literal", "slip"] = "swapped"
    """U-2: ``swapped`` (d) Russia seeds 10 and 11 under 13, Japan seeds nothing;
    ``literal`` (a) the text as printed: Russia seeds nothing, Japan seeds 11 only;
    ``slip`` (b) Russia seeds nothing, Japan seeds 11 and 12."""
    pass_removal_trigger: Literal["first_pass", "position_one"] = "position_one"
    """U-4 (Russia): the removal fires when the player in position 1 passes (a, the
    rulebook's words: «если первый в очереди игрок … пасует»), or on the round's first
    Phase-2 pass by anybody (b, other descriptions of the Russia rule)."""
    pass_removal_skip_outdated: bool = False
    """U-5 (Russia): (b) skip the pass removal when the cheapest plant's number is at or
    below the largest city count."""
    outdated_threshold: Literal["at_or_below", "below"] = "at_or_below"
    """U-6 (Japan): a plant is outdated when its number is ≤ (a) or < (b) the largest city count."""
    start_city_second_space: Literal["step1", "step2", "start_only"] = "step1"
    """U-8 (Japan): the second 10-space of a start city is usable from Step 1 (a), only
    from Step 2 (b), or only by a player starting a network there (c)."""
    first_network_anywhere: bool = False
    """U-9 (Japan): (b) only the second network must begin in a start city."""
    round1_extend: bool = False
    """U-10 (Japan): (b) networks may also be extended in round 1."""
    small_city_steps: Literal["rulebook", "source"] = "rulebook"
    """U-11 (Japan): Step availability of the 15/20 small cities: the text's (1/2) or the
    data source's (closed in Step 1, c)."""
    late_start_occupied: bool = True
    """U-13: a first city in Step 2/3 may be one that already holds other houses (a);
    ``False``: only an empty city (b)."""
    paths_outside_play: bool = False
    """U-14: (b) connection paths may pass through cities of regions not in play."""
    house_limit: bool = False
    """U-15: (b) at most 20 houses (cities) per player."""
    step3_at_step2_start: Literal["case_b", "case_c"] = "case_b"
    """U-18: the Step 3 card drawn at the start of Step 2 starts Step 3 with this Phase 5
    (a, like Case B) or with the next round (b, like Case C)."""
    no_sale_timing: Literal["phase2", "round_end"] = "phase2"
    """U-22 (Japan): the no-sale removal happens at the end of Phase 2 (a) or of the round (b)."""
    russia_no_sale: bool = False
    """U-23: (b) apply the no-sale removal on Russia too."""
