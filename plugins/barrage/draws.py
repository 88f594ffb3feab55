"""The setup's random draws, chosen instead (option ``draws``): the headstream tiles
(B-4.1.6), the bonus tiles (B-4.1.7), the objective tile (B-4.1.8) and, in the full
game, the company/officer pairs and starting contracts of the draft (B-4.4.2, B-4.4.3).

The setup draws everything as usual, so the random generator is where it would be,
and then puts the chosen components in place of the drawn ones: what is not chosen
is drawn exactly as in a game without the option, and a game without it is unchanged.
A chosen game is an ordinary game of its options: it saves and replays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field
from turbine.core import BadOptions

from .tables import headstream_tiles

if TYPE_CHECKING:
    from .state import State


class SetupDraws(BaseModel, extra="forbid"):
    """What the setup would draw at random; each field left out is drawn."""

    headstream_tiles: list[str] | None = Field(
        None, description="B-4.1.6: the tiles of headstreams A to D (HS-…), left to right"
    )
    bonus_tiles: list[str] | None = Field(
        None, description="B-4.1.7: the bonus tile of each round (BT-…), round 1 first"
    )
    objective: str | None = Field(None, description="B-4.1.8: the objective tile (OT-…)")
    draft_pairs: list[tuple[str, str]] | None = Field(
        None, description="B-4.4.1, B-4.4.2: full game, the [company, officer] pairs offered, one per player"
    )
    draft_contracts: list[str] | None = Field(
        None, description="B-4.4.3: full game, the starting contracts offered (SC-…), one per player"
    )


def check(r: Any, draws: SetupDraws) -> None:
    """Refuse chosen draws this game could not have drawn, with one line naming each problem."""
    out: list[str] = []
    n = r.players
    if draws.headstream_tiles is not None:
        out += _check(
            "headstream tile", draws.headstream_tiles, set(headstream_tiles()), len(r.board.headstreams)
        )
    if draws.bonus_tiles is not None:
        allowed = {t for t, (_, _, intro) in r.bonus_table.items() if intro or r.full}
        out += _check("bonus tile", draws.bonus_tiles, allowed, r.consts["rounds"])
    if draws.objective is not None and draws.objective not in r.objective_table:
        out.append(f"objective tile {draws.objective} is not one of {', '.join(sorted(r.objective_table))}")
    if (draws.draft_pairs is not None or draws.draft_contracts is not None) and not r.full:
        out.append(
            "the introductory game has no draft (B-4.3): draft_pairs and draft_contracts are full game"
        )
    elif draws.draft_pairs is not None:
        companies = sorted(c for c in r.companies if c)
        officers = sorted(o for o in r.officers if o)
        out += _check("company", [c for c, _ in draws.draft_pairs], set(companies), n)
        out += _check("officer", [o for _, o in draws.draft_pairs], set(officers), n)
    if draws.draft_contracts is not None and r.full:
        starting = {c for c, k in r.contracts.items() if k.kind == "starting"}
        out += _check("starting contract", draws.draft_contracts, starting, n)
    if out:
        raise BadOptions("option draws: " + "; ".join(out))


def _check(kind: str, items: list[str], known: set[str], count: int) -> list[str]:
    out = [f"{kind} {i} is not one of {', '.join(sorted(known))}" for i in items if i not in known]
    out += [f"{kind} {i} is chosen {items.count(i)} times" for i in sorted(set(items)) if items.count(i) > 1]
    if len(items) != count:
        out.append(f"{len(items)} {kind}s chosen; the game draws {count}")
    return out


def put(draws: SetupDraws, state: State) -> None:
    """Put the chosen components where the setup put the drawn ones."""
    if draws.headstream_tiles is not None:
        state.headstream_tiles = list(draws.headstream_tiles)
    if draws.bonus_tiles is not None:
        state.bonus_tiles = list(draws.bonus_tiles)
    if draws.objective is not None:
        state.objective = draws.objective
    if draws.draft_pairs is not None:
        state.draft_pairs = sorted([c, o] for c, o in draws.draft_pairs)
    if draws.draft_contracts is not None:
        state.draft_contracts = sorted(draws.draft_contracts)
