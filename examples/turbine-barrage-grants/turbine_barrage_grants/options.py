"""The expansion's own options: ``--option grants.KEY=VALUE`` (saved as ``options["grants"]``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class GrantsOptions(BaseModel):
    """What the Grant Office costs and what the audit (GR-6) charges."""

    model_config = ConfigDict(extra="forbid")

    engineers: int = Field(2, ge=1, le=4, description="engineers placed on the Grant Office (GR-2)")
    credits: int = Field(2, ge=0, le=6, description="credits paid to use the Grant Office (GR-2)")
    audit_vp: int = Field(
        2, ge=0, le=10, description="VP lost per grant taken beyond the contracts fulfilled (GR-6)"
    )
