"""The one source of randomness for game logic.

Game results must not depend on the Python version or platform, so games never
use the :mod:`random` module.  :class:`Rng` is a SplitMix64 generator whose
whole state is one integer kept inside the game state: encoding the state
encodes the generator, and replaying the same actions from the same seed draws
the same numbers everywhere.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import msgspec

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

SEED_MAX = _MASK
"""The largest seed a new game takes: seeds are 64-bit, 0 to 2**64 - 1, so that two
different seeds never make the same game.  (A save from before this limit, with a seed
outside it, still loads: :func:`seed_to_state` reduces any int as it always has.)"""


def seed_to_state(seed: int | str) -> int:
    """Turn a seed (any int, or a string of digits) into a 64-bit state: the seed itself
    for the seeds a new game takes (0 to :data:`SEED_MAX`), any other int modulo 2**64."""
    value = int(seed)
    return value & _MASK


class Rng(msgspec.Struct, array_like=True):
    """SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast, well distributed."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int | str, stream: int = 0) -> Rng:
        """A generator for ``seed``; ``stream`` gives independent sequences."""
        rng = cls(seed_to_state(seed) ^ ((stream * 0xD1B54A32D192ED03) & _MASK))
        rng.next_u64()  # decorrelate small neighbouring seeds
        return rng

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next_u64()
            if x <= limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items in random order (a partial Fisher–Yates)."""
        pool = list(items)
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
