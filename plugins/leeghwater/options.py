"""The Leeghwater Project's options: the UNCERTAIN items (``docs/rules/leeghwater.md``, U-…)
where players might reasonably choose otherwise.

They live under the expansion's id: ``--option leeghwater.u5_wild_builds=false``, stored in
a save as ``options["leeghwater"]`` and read by the rules as ``rules.options.leeghwater``.
The defaults are the recommended readings.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class LeeghwaterOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    u2_unusable_special: Literal["forfeit", "illegal"] = "forfeit"
    """U-2 (L-5.4.1, L-8.4) and U-18 (L-5.12.8): an external work (or a Loan Agency pick) whose
    special reward part cannot be used now: "forfeit" = legal, the special part is lost and the
    rest received (EW-R7 builds as many elevations as it can); "illegal" = it cannot be taken
    (EW-R7 needs room for both elevations; EW-R4…R7 count the reward's credits for a red frame)."""

    u3_france_discount: bool = False
    """U-3 (L-5.12.1, L-15.6): false = EW-R1, EW-R2 and PB-10 compare a contract's printed
    requirement with their limit (no energy is produced, so France's −3 does not apply);
    true = France (ability unlocked) compares the requirement reduced by 3."""

    u4_loan_tile_kept: bool = True
    """U-4 (L-8.4): true = the external work taken with the Loan Agency (PB-04) goes face down
    to the taker and counts for BT-N1; false = it is discarded (its reward is still received)."""

    u5_wild_builds: bool = True
    """U-5 (L-6.9, L-15.4): true = the "your choice" advanced tiles (AT-I-W, AT-II-W, AT-III-W),
    the joker, and Anton Krylov's copies of them may build a private building, with their
    effects (no red-frame surcharge on the building space, machinery interchangeable, 3 VP per
    advanced tile); false = they cover only the four map structures ("any of the four")."""

    u6_solomon_external_works: bool = False
    """U-6 (L-6.10, L-15.7): Solomon P. Jordan's 3 credits per machinery unit always apply to
    buildings; false = not to external works (paying for one is not a construction); true =
    also to external works (``x work``; not Leslie Spencer's payment onto the wheel)."""

    u7_at_b1_counts: bool = True
    """U-7 (L-9.2): true = AT-B1's immediate action counts toward the building's once-per-round
    limit (L-7.4); false = it does not (BGA), so the building may be used again that round."""

    u9_drop_before_contract: bool = False
    """U-9 (L-11.3.5, L-11.3.6): false = the Netherlands' water drop comes after the production's
    contract; true = before it (matters only when a contract reward changes a dam)."""

    u11_france_per_contract: bool = True
    """U-11 (L-12.3.3): Simone Luciani fulfilling several contracts with one production as France
    (ability unlocked): true = the −3 applies to each contract; false = to the first one only (BGA),
    the energy left fulfils further contracts at their printed requirement."""

    u13_mahiri_bank_engineer: bool = True
    """U-13 (L-12.5.2): true = Mahiri copying Margot puts 1 engineer in the Bank (no credits) in
    addition to the one on her copy space; false = her copy-space engineer is the only one
    (``x margot_bank`` places no further engineer)."""

    u14_architect_bank_and_copy: bool = False
    """U-14 (L-12.4.6, L-12.5.4): false = neither an architect placed alone in the Bank nor
    Mahiri's copy-space engineer gives the extra turn; true = both do (a Bank placement of
    exactly 1 engineer counts like any 1-engineer space; when Mahiri copies Tommaso, her
    copy-space engineer may be the architect, offered after the copied action)."""

    u16_return_special_tiles: bool = True
    """U-16 (L-8.2, L-12.1.8): true = the Design Bureau (PB-02) may return any tile on the wheel,
    Leslie Spencer's and Anton Krylov's special tiles included; false = not those two."""

    u17_half_no_op: bool = False
    """U-17 (L-8.3): false = the Research Centre (PB-03) needs a sector with at least 2 units;
    true = it may be used anyway, and with no such sector (or by choice, ``skip``) it does nothing."""

    u25_marks: Literal["rulebook", "ext"] = "rulebook"
    """U-25 (L-3.7): which building spaces the player count blocks. "rulebook" = this project's
    reading of the marks (2 players: the 2nd and 4th spaces, 3 players: the 2nd); "ext" = BGA's
    table (the 2nd space with 2 or 3 players)."""
