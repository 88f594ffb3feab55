"""The setup's random draws chosen instead (options ``player_order`` and ``deck_order``).

The setup shuffles as usual, so the game's Rng is where it would be, then takes the
chosen order: a game without the options is unchanged, and a game with them is an
ordinary game of its options that saves and replays.
"""

from __future__ import annotations

from collections.abc import Sequence

from turbine.core.errors import BadOptions

from .actions import plant_key
from .plants import NUMBER


def chosen_order(seats: Sequence[int], players: int) -> list[int]:
    """P-2.4: the player order from seat numbers counted from 1, as seat indices."""
    if sorted(seats) != list(range(1, players + 1)):
        raise BadOptions(f"option player_order: give each seat 1–{players} once, not {list(seats)} (P-2.4)")
    return [seat - 1 for seat in seats]


def chosen_deck(
    numbers: Sequence[int | str], stack: Sequence[int], seeded: Sequence[int], size: int, depth: int
) -> list[int]:
    """P-2.10 / P-2.11: the deck (top first, sort keys) from plant numbers.

    ``stack`` is the shuffled stack before the unseen removal, ``seeded`` the plants
    mixed into the top afterwards (U-2), ``size`` the cards the deck has between the
    face-down top cards and the Step 3 card.  Every seeded plant is in the deck, among
    its first ``depth`` + seeded cards where U-2 shuffles them in (they are added after
    the removal); the others come from the stack, each once."""
    keys = [plant_key(str(n).lower()) for n in numbers]
    allowed = set(stack) | set(seeded)
    named = dict(zip(keys, numbers, strict=True))  # each key once, as it was given
    out = [f"plant {n} is not in the deck's stack" for k, n in named.items() if k not in allowed]
    out += [f"plant {n} is given {keys.count(k)} times" for k, n in named.items() if keys.count(k) > 1]
    head = keys[: depth + len(seeded)]
    missing = [NUMBER[k] for k in seeded if k not in head]
    if missing:
        out.append(
            f"{' and '.join(f'plant {n}' for n in missing)} "
            f"{'is' if len(missing) == 1 else 'are'} set under plant 13 at setup (U-2, deck_seeding): "
            f"give {'it' if len(missing) == 1 else 'them'} among the deck's first {len(head)}"
        )
    if len(keys) != size:
        out.append(
            f"give the deck's {size} plants, top first ({len(keys)} given): the stack's other "
            "plants are the ones P-2.11 removes unseen"
        )
    if out:
        raise BadOptions("option deck_order: " + "; ".join(out))
    return [k for k in keys if k is not None]
