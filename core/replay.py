"""Stepping through a saved game: every state, and what each move changed.

A save holds the seed and the moves, not the states, so looking at move 200
means replaying up to there.  :class:`Replay` replays the log once (checking
every move and digest, as any load does) and keeps a copy of the state after
every action; stepping back and forth, jumping and searching then cost
nothing.  :func:`changes` tells what happened between two states using only
what every game already offers (round, phase name and
:meth:`~turbine.core.rules.Rules.tallies`), so a viewer or an export needs no
knowledge of the game.  :func:`score_breakdown` replays a game's log with a
:class:`~turbine.core.scores.Ledger` listening, for the games whose state keeps
only each seat's total.  Seats are 0-based here, as everywhere in the core;
the sentences of :func:`changes` number them from 1, for people.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import msgspec

from .errors import ParseError, SaveFileError
from .plugins import Registry
from .rules import Rules
from .savefile import LogEntry, SaveFile
from .scores import Breakdown, Ledger
from .session import Game


class Where(NamedTuple):
    """Where the game stood when a move was played."""

    round: int
    phase: str
    seat: int
    """The seat that played it (0-based)."""


def changes(
    rules: Rules[Any, Any, Any], before: Any, after: Any, seat_names: Sequence[str] | None = None
) -> list[str]:
    """Sentences saying what changed from ``before`` to ``after``.

    The round, the phase, the end of the game, and each seat's tallies that
    changed, one line per seat: ``seat 2 (Ann): money 50 → 38 (−12), cities 3 → 4 (+1)``.
    Only public counts are compared, so the sentences can be shown to anyone.
    """
    lines: list[str] = []
    old_round, new_round = rules.round_number(before), rules.round_number(after)
    if old_round != new_round:
        lines.append(f"round {old_round} → {new_round}")
    old_phase, new_phase = rules.phase_name(before), rules.phase_name(after)
    if old_phase != new_phase:
        lines.append(f"phase {old_phase or '-'} → {new_phase or '-'}")
    lines += tally_changes(rules.tallies(before), rules.tallies(after), seat_names)
    if not rules.is_over(before) and rules.is_over(after):
        lines.append("the game is over")
    return lines


def tally_changes(
    old: Mapping[str, Sequence[int]],
    new: Mapping[str, Sequence[int]],
    seat_names: Sequence[str] | None = None,
) -> list[str]:
    """One sentence per seat whose :meth:`~turbine.core.rules.Rules.tallies` changed from
    ``old`` to ``new``: ``seat 2 (Ann): money 50 → 38 (−12), cities 3 → 4 (+1)``."""
    lines: list[str] = []
    seats = max((len(values) for values in new.values()), default=0)
    for seat in range(seats):
        parts = []
        for name, values in new.items():
            was = old.get(name)
            if was is None or seat >= len(was) or seat >= len(values) or was[seat] == values[seat]:
                continue
            parts.append(f"{name} {was[seat]} → {values[seat]} ({_signed(values[seat] - was[seat])})")
        if parts:
            lines.append(f"{seat_text(seat, seat_names)}: {', '.join(parts)}")
    return lines


def seat_text(seat: int, seat_names: Sequence[str] | None = None) -> str:
    """``seat 2`` or, with names, ``seat 2 (Ann)``, for a 0-based seat (an empty name: ``seat 2``)."""
    if seat_names is not None and seat < len(seat_names) and seat_names[seat]:
        return f"seat {seat + 1} ({seat_names[seat]})"
    return f"seat {seat + 1}"


def _signed(difference: int) -> str:
    """``+3`` or ``−12`` (a real minus sign: it lines up with the plus)."""
    return f"+{difference}" if difference >= 0 else f"−{-difference}"


class Replay:
    """A saved game replayed once, with the state after every action kept.

    Step ``k`` is the state after the first ``k`` actions (step 0: the start);
    action ``k`` (from 1) is the one that led from step ``k - 1`` to step ``k``.
    The kept states are shared, not copied again: do not change them.
    """

    def __init__(
        self,
        registry: Registry,
        save: SaveFile,
        *,
        warnings: list[str] | None = None,
        progress: Callable[[int], None] | None = None,
        upto: int | None = None,
    ) -> None:
        """``progress(step)`` is called as each step is kept (0 to the number of actions),
        so that a command replaying a long game can show how far it has got.  ``upto``:
        replay only the first ``upto`` actions (a log that cannot be replayed past there,
        :attr:`SaveFileError.replayed <turbine.core.errors.SaveFileError.replayed>`)."""
        self.save = save
        self._last = len(save.log) if upto is None else min(upto, len(save.log))
        self.seat_names = [seat.name for seat in save.seats]
        self._states: list[Any] = []
        self._where: list[Where] = []
        self._progress = progress
        self.game = Game.from_save(registry, save, warnings=warnings, on_step=self._keep, upto=upto)
        """The game at its last step (its rules, seats and the log up to there)."""
        self.rules: Rules[Any, Any, Any] = self.game.rules
        self.stopped: str | None = None
        """Why the log replays no further than the last step (:meth:`as_far_as_it_goes`);
        ``None``: the replay holds the whole log, or as much of it as was asked."""

    @classmethod
    def as_far_as_it_goes(
        cls,
        registry: Registry,
        save: SaveFile,
        *,
        warnings: list[str] | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> Replay:
        """The whole log replayed; or, for a log that cannot be replayed past an action
        (illegal, after the end, a game that differs from a saved digest), the actions
        before that one, with why in :attr:`stopped`: a damaged save can still be looked
        at up to its damage.  A save whose game cannot be set up raises
        :class:`SaveFileError` as the constructor does."""
        mark = None if warnings is None else len(warnings)
        try:
            return cls(registry, save, warnings=warnings, progress=progress)
        except SaveFileError as exc:
            if exc.replayed is None:
                raise
            if warnings is not None:  # said again by the replay that follows
                del warnings[mark:]
            replay = cls(registry, save, warnings=warnings, progress=progress, upto=exc.replayed)
            replay.stopped = str(exc)
            return replay

    def _keep(self, step: int, game: Game) -> None:
        """Called by :meth:`Game.from_save` at step 0 and after each action."""
        rules, state = game.rules, game.state
        self._states.append(rules.clone(state))
        seat = rules.to_move(state)
        if step < self._last and seat is not None:  # else from_save refuses the next action
            self._where.append(Where(rules.round_number(state), rules.phase_name(state), seat))
        if self._progress is not None:
            self._progress(step)

    def __len__(self) -> int:
        """The number of actions (the last step)."""
        return len(self._states) - 1

    def _check(self, step: int, first: int) -> None:
        if not first <= step <= len(self):
            raise IndexError(f"there is no step {step}: steps go from {first} to {len(self)}")

    def state(self, step: int) -> Any:
        """The state after ``step`` actions (0: the start)."""
        self._check(step, 0)
        return self._states[step]

    def entry(self, step: int) -> LogEntry:
        """The log entry of action ``step`` (from 1)."""
        self._check(step, 1)
        return self.save.log[step - 1]

    def where_before(self, step: int) -> Where:
        """Round, phase and seat to move when action ``step`` was played."""
        self._check(step, 1)
        return self._where[step - 1]

    def changes(self, step: int) -> list[str]:
        """What action ``step`` and the automatic steps after it changed."""
        self._check(step, 1)
        return changes(self.rules, self._states[step - 1], self._states[step], self.seat_names)

    def scores(self, step: int) -> list[int]:
        """Each seat's score after ``step`` actions."""
        return self.rules.scores(self.state(step))

    def rounds(self) -> list[int]:
        """The rounds the log's moves were played in, in order (none for a game without rounds)."""
        return sorted({where.round for where in self._where if where.round})

    def round_start(self, number: int) -> int | None:
        """The step before the first move played in round ``number`` (``None``: no move was)."""
        for step, where in enumerate(self._where):
            if where.round == number:
                return step
        return None

    def round_ends(self, step: int | None = None) -> list[tuple[int, Any]]:
        """Each round that ended by ``step`` (default: the last step), with the state at its
        end: the number and the state after the move that ended it."""
        last = len(self) if step is None else step
        rules = self.rules
        ended: list[tuple[int, Any]] = []
        for index in range(1, last + 1):
            number = rules.round_number(self._states[index - 1])
            after = self._states[index]
            if number and (rules.round_number(after) != number or rules.is_over(after)):
                ended.append((number, after))
        return ended

    def by_round(self, measure: str | None = None, step: int | None = None) -> list[tuple[int, list[int]]]:
        """Each seat's score (or, with ``measure``, that :meth:`~Rules.tallies` count) at the
        end of each round ended by ``step``: when who pulled ahead.  Raises ``KeyError`` for
        a measure that is not one of the game's tallies."""
        rules = self.rules
        if measure is None:
            return [(number, rules.scores(state)) for number, state in self.round_ends(step)]
        return [(number, list(rules.tallies(state)[measure])) for number, state in self.round_ends(step)]

    def find(self, text: str, start: int = 1) -> int | None:
        """The first action at or after ``start`` whose notation contains ``text``
        (case ignored), wrapping around to action 1; ``None`` if no action matches."""
        wanted = text.strip().casefold()
        total = len(self)
        if not wanted or not total:
            return None
        first = start if 1 <= start <= total else 1
        for step in [*range(first, total + 1), *range(1, first)]:
            if wanted in self.save.log[step - 1].notation.casefold():
                return step
        return None


def score_breakdown(game: Game) -> Breakdown:
    """Each seat's score in ``game`` as it stands, by source: read from the state, or,
    for a game that reports its points as they are scored (:attr:`Rules.scores_by_replay`),
    from its log replayed with a ledger (:func:`replay_scores`).

    The replay performs the logged moves, checked when they were played or loaded,
    on a fresh state; ``game`` is left as it was.
    """
    rules = game.rules
    if not rules.scores_by_replay:
        return rules.score_breakdown(game.state)
    state, ledger = replay_scores(rules, game.seed, game.log)
    return rules.score_breakdown(state, ledger)


def replay_scores(rules: Rules[Any, Any, Any], seed: int, log: Sequence[LogEntry]) -> tuple[Any, Ledger]:
    """The state after the moves of ``log`` played from the start of game ``seed``, and
    the ledger of the points scored on the way.  A move whose data no longer decodes
    is read from its notation, as loading a save from other rules versions does."""
    ledger = Ledger()
    with rules.keeping_score(ledger):
        state = rules.initial_state(seed)
        for index, entry in enumerate(log, start=1):
            rules.perform(state, _logged_action(rules, state, index, entry))
    return state, ledger


def _logged_action(rules: Rules[Any, Any, Any], state: Any, index: int, entry: LogEntry) -> Any:
    try:
        return rules.action_from_data(entry.action)
    except (msgspec.ValidationError, RecursionError):
        pass
    try:
        return rules.parse(entry.notation, state)
    except ParseError:
        raise SaveFileError(
            f"action {index} ({entry.notation!r}) cannot be read to count the scores by source"
        ) from None
