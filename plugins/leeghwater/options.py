"""The Leeghwater Project's options: the UNCERTAIN items (``shared/rules/leeghwater.md``, U-…)
where players might reasonably choose otherwise.

They live under the expansion's id: ``--option leeghwater.u5_wild_builds=false``, stored in
a save as ``options["leeghwater"]`` and read by the rules as ``rules.options.leeghwater``.
The defaults are the recommended readings.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class LeeghwaterOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    u5_wild_builds: bool = True
    """U-5 (L-6.9, L-15.4): true = the "your choice" advanced tiles (AT-I-W, AT-II-W, AT-III-W),
    the joker, and Anton Krylov's copies of them may build a private building, with their
    effects (no red-frame surcharge on the building space, machinery interchangeable, 3 VP per
    advanced tile); false = they cover only the four map structures ("any of the four")."""
