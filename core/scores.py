"""Scores by source: what each seat's score is made of.

A :class:`Breakdown` gives, for every seat, ordered ``(source, points)`` rows.  It
reads one of two ways, and says which (:attr:`Breakdown.ranked`):

* **a sum** (Barrage): the rows add up to the seat's score exactly as
  :meth:`Rules.scores <turbine.core.rules.Rules.scores>` reports it;
* **a ranking** (Power Grid): the seats are ranked by the first row, a tie broken
  by the next, and so on; the first row is the score.

A game whose state holds each source (Power Grid's money and cities) reads the
breakdown straight from the state.  A game whose state keeps only the total
(Barrage's VP marker) reports each change as it happens, through
:meth:`Rules.scored <turbine.core.rules.Rules.scored>`, to a :class:`Ledger` that
listens only while someone keeps score (:meth:`Rules.keeping_score
<turbine.core.rules.Rules.keeping_score>`); the breakdown of such a game is
computed by replaying its log with a ledger
(:func:`turbine.core.replay.score_breakdown`).  So nothing is
added to the state: saves, their digests and the states they rebuild are the same
with or without a breakdown.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec


class Breakdown(msgspec.Struct, frozen=True, kw_only=True):
    """Each seat's score by source: ``points[seat][i]`` is what ``sources[i]`` gave
    that seat.  Build it with :meth:`summed` or :meth:`ranked_by`."""

    sources: tuple[str, ...]
    """The sources in the order they are shown (the same for every seat)."""
    points: tuple[tuple[int, ...], ...]
    """Per seat, one number per source."""
    ranked: bool = False
    """``False``: the score is the sum of the sources.  ``True``: the seats are ranked by
    the sources in order (the first is the score, the next ones break ties)."""
    score_name: str = "score"
    """What the total counts (:meth:`Rules.score_name`): ``VP``, ``cities powerable``."""

    @classmethod
    def summed(
        cls, sources: Sequence[str], points: Iterable[Sequence[int]], score_name: str = "score"
    ) -> Breakdown:
        """A breakdown whose sources add up to each seat's score."""
        return cls._made(sources, points, ranked=False, score_name=score_name)

    @classmethod
    def ranked_by(
        cls, sources: Sequence[str], points: Iterable[Sequence[int]], score_name: str = "score"
    ) -> Breakdown:
        """A breakdown whose sources rank the seats in order (the first one is the score)."""
        return cls._made(sources, points, ranked=True, score_name=score_name)

    @classmethod
    def _made(
        cls, sources: Sequence[str], points: Iterable[Sequence[int]], *, ranked: bool, score_name: str
    ) -> Breakdown:
        rows = tuple(tuple(int(p) for p in seat) for seat in points)
        if any(len(row) != len(sources) for row in rows):
            raise ValueError(f"every seat needs one number for each of the {len(sources)} sources")
        if len(set(sources)) != len(sources):
            raise ValueError(f"a source is named twice: {list(sources)}")
        if ranked and not sources:
            raise ValueError("a ranking needs at least one source")
        return cls(sources=tuple(sources), points=rows, ranked=ranked, score_name=score_name)

    @property
    def players(self) -> int:
        return len(self.points)

    def rows(self, seat: int) -> list[tuple[str, int]]:
        """The seat's ``(source, points)`` rows, in order."""
        return list(zip(self.sources, self.points[seat], strict=True))

    def get(self, seat: int, source: str) -> int:
        """What ``source`` gave ``seat`` (0 for a source the breakdown does not name)."""
        try:
            return self.points[seat][self.sources.index(source)]
        except ValueError:
            return 0

    def total(self, seat: int) -> int:
        """The seat's score: the sum of its rows, or for a ranking its first row."""
        row = self.points[seat]
        return row[0] if self.ranked else sum(row)

    def totals(self) -> list[int]:
        """Every seat's :meth:`total`: equal to :meth:`Rules.scores` for the same state."""
        return [self.total(seat) for seat in range(self.players)]

    def reading(self) -> str:
        """How the table reads, in a line: ``VP is the sum of the sources`` or
        ``ranked by cities powerable, then money, then cities`` (``""`` for a score
        with a single source, which needs no reading)."""
        if self.ranked:
            return "ranked by " + ", then ".join(self.sources)
        if len(self.sources) == 1:
            return ""  # the score itself: nothing to explain
        return f"{self.score_name} is the sum of the sources"

    def without_empty(self) -> Breakdown:
        """The same breakdown without the sources that gave no seat anything (a sum
        only: every source of a ranking counts, even at 0)."""
        if self.ranked:
            return self
        keep = [i for i in range(len(self.sources)) if any(row[i] for row in self.points)]
        return Breakdown(
            sources=tuple(self.sources[i] for i in keep),
            points=tuple(tuple(row[i] for i in keep) for row in self.points),
            ranked=False,
            score_name=self.score_name,
        )

    def to_data(self, seat_names: Sequence[str] = ()) -> dict[str, Any]:
        """As JSON data, seats numbered from 1 (``turbine show FILE --scores --json``)."""
        seats = []
        for seat in range(self.players):
            item: dict[str, Any] = {"seat": seat + 1}
            if seat < len(seat_names):
                item["name"] = seat_names[seat]
            item["points"] = dict(self.rows(seat))
            item["total"] = self.total(seat)
            seats.append(item)
        return {
            "score_name": self.score_name,
            "ranked": self.ranked,
            "sources": list(self.sources),
            "seats": seats,
        }


class Ledger:
    """Points as they are scored, by seat and source, while a game's moves are played.

    A game reports every change of a seat's score with :meth:`Rules.scored`; the
    ledger adds it up.  It belongs to whoever keeps score (a replay, a test), never to
    the state, so a game pays for it only while one listens.
    """

    def __init__(self) -> None:
        self.sources: list[str] = []
        """Every source scored so far, in the order each was first scored."""
        self._points: dict[tuple[int, str], int] = {}

    def add(self, seat: int, source: str, points: int) -> None:
        """Record ``points`` (negative for a loss) scored by ``seat`` from ``source``."""
        key = (seat, source)
        if source not in self.sources:
            self.sources.append(source)
        self._points[key] = self._points.get(key, 0) + points

    def points(self, seat: int, source: str) -> int:
        return self._points.get((seat, source), 0)

    def total(self, seat: int) -> int:
        """Everything the ledger holds for ``seat``."""
        return sum(points for (who, _), points in self._points.items() if who == seat)

    def breakdown(
        self,
        players: int,
        *,
        first: Mapping[str, Sequence[int]] | None = None,
        order: Sequence[str] = (),
        score_name: str = "score",
    ) -> Breakdown:
        """A summed breakdown of the ledger: ``first`` are sources the ledger did not
        hear (what each seat starts with), shown first; then the sources in ``order``
        (shown even when nothing was scored from them, so a game's table keeps its
        columns); then any other source in the order it was first scored (an
        expansion's own)."""
        start = dict(first or {})
        named = [*start, *(s for s in order if s not in start)]
        sources = [*named, *(s for s in self.sources if s not in named)]
        points = [
            [start[s][seat] if s in start else self.points(seat, s) for s in sources]
            for seat in range(players)
        ]
        return Breakdown.summed(sources, points, score_name)
