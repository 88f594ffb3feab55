"""EO-SJ Solomon P. Jordan (B-16.5): 3 credits instead of any machinery unit, any number of times."""

from __future__ import annotations

from . import Officer


class SolomonJordan(Officer):
    id = "EO-SJ"
    credits_per_machinery = 3
