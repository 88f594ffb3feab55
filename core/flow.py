"""The turn/phase framework: games declare phases, the core runs the loop.

A round is a list of :class:`Phase` objects.  Each phase is *automatic*
(income, water flow, resupply: it runs its ``begin`` callback and is over) or
has *turns*: ``EACH_ONCE`` (every seat in the phase's order acts once, e.g.
buying resources) or ``UNTIL_ALL_PASS`` (seats act in turn until every one has
passed, e.g. Barrage's action phase).  Within a turn, a game pushes small
sub-decisions on the pending stack (:meth:`PhaseMachine.push`): the top of the
stack decides who moves next.

Everything that changes lives in :class:`Flow`, a field of the game state, so
a state can be saved and resumed at any point.  The phase objects themselves
are code, built once per game.

Expansions hook in at the boundaries: the machine calls the game plugin
manager's ``turbine_setup`` (when :meth:`PhaseMachine.start` begins round 1),
``turbine_phase_begin``, ``turbine_phase_end`` and ``turbine_round_end`` hooks
(see :mod:`turbine.core.hookspecs`), so no game has to remember to call them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

import msgspec

D = TypeVar("D")


class Flow(msgspec.Struct, Generic[D]):
    """Where the game is: round, phase, whose turn, and the pending decisions."""

    round: int = 0
    phase: int = 0
    order: list[int] = msgspec.field(default_factory=list)
    """Seats that act in this phase, in their order."""
    cursor: int = 0
    """Index into ``order`` of the seat whose turn it is."""
    done: list[bool] = msgspec.field(default_factory=list)
    """Per position in ``order``: the seat has finished (acted once, or passed)."""
    pending: list[D] = msgspec.field(default_factory=list)
    """Stack of sub-decisions; the last one is decided next."""
    over: bool = False


class Turns(Enum):
    AUTO = "auto"
    EACH_ONCE = "each_once"
    UNTIL_ALL_PASS = "until_all_pass"


class HasFlow(Protocol):
    """A game state the :class:`PhaseMachine` runs: its :class:`Flow` in a field named
    ``flow`` (a state whose field is named otherwise is refused by the type checker, not
    met as an ``AttributeError`` in the first game)."""

    flow: Flow[Any]


S = TypeVar("S", bound=HasFlow)


@dataclass(frozen=True)
class Phase(Generic[S]):
    """One phase of a round.

    ``order`` gives the seats that act (ignored for ``AUTO``); ``begin`` runs
    when the phase starts (it may push decisions or end the game); ``end``
    runs when every seat is done.
    """

    name: str
    turns: Turns = Turns.AUTO
    order: Callable[[S], Sequence[int]] | None = None
    begin: Callable[[S], None] | None = None
    end: Callable[[S], None] | None = None


class PhaseMachine(Generic[S]):
    """Runs a game's phases over a state whose ``flow`` field is a :class:`Flow`.

    ``end_of_round`` runs after the last phase; ``game_over`` is asked after
    every phase and after every round.  ``hooks`` is the game's pluggy hook
    relay (or ``None``); the boundary hooks are looked up once, here.
    """

    def __init__(
        self,
        phases: Sequence[Phase[S]],
        *,
        end_of_round: Callable[[S], None] | None = None,
        game_over: Callable[[S], bool] | None = None,
        rules: Any = None,
        hooks: Any = None,
    ) -> None:
        if not phases:
            raise ValueError("a round needs at least one phase")
        self.phases = tuple(phases)
        self.names = tuple(p.name for p in self.phases)
        self._end_of_round = end_of_round
        self._game_over = game_over
        self._rules = rules
        self._setup_hook = _hook_if_used(hooks, "turbine_setup")
        self._begin_hook = _hook_if_used(hooks, "turbine_phase_begin")
        self._end_hook = _hook_if_used(hooks, "turbine_phase_end")
        self._round_hook = _hook_if_used(hooks, "turbine_round_end")

    # -- queries -----------------------------------------------------------

    def phase(self, state: S) -> Phase[S]:
        return self.phases[state.flow.phase]

    def phase_name(self, state: S) -> str:
        return self.names[state.flow.phase]

    def to_move(self, state: S) -> int | None:
        """The seat that decides now: the top pending decision's, else the turn's."""
        flow: Flow[Any] = state.flow
        if flow.over:
            return None
        if flow.pending:
            return flow.pending[-1].seat
        if self.phases[flow.phase].turns is Turns.AUTO or not flow.order:
            return None
        return flow.order[flow.cursor]

    def current_seat(self, state: S) -> int:
        """The seat whose turn it is in the phase (ignoring pending decisions)."""
        flow: Flow[Any] = state.flow
        return flow.order[flow.cursor]

    def top(self, state: S) -> Any:
        flow: Flow[Any] = state.flow
        return flow.pending[-1] if flow.pending else None

    # -- changes -------------------------------------------------------------

    def start(self, state: S) -> None:
        """Let the plugins finish the setup (``turbine_setup``), then begin round 1
        with the first phase and run until somebody must decide.

        A game calls this once, at the end of ``initial_state``, with its setup
        done: the hook sees the complete initial state before any phase runs.
        """
        if self._setup_hook is not None:
            self._setup_hook(rules=self._rules, state=state)
        flow: Flow[Any] = state.flow
        flow.round = 1
        self._enter(state, 0)
        self.advance(state)

    @staticmethod
    def push(state: S, decision: Any) -> None:
        """Ask ``decision.seat`` a sub-decision before the turn goes on."""
        state.flow.pending.append(decision)

    @staticmethod
    def pop(state: S) -> Any:
        return state.flow.pending.pop()

    def finish(self, state: S, seat: int | None = None) -> None:
        """``seat`` (default: whose turn it is) is done for this phase.

        In an ``EACH_ONCE`` phase the turn goes to the first seat in order
        that is not done (so a seat that lost an auction chooses again); in an
        ``UNTIL_ALL_PASS`` phase to the next seat round the table that has not
        passed.
        """
        flow: Flow[Any] = state.flow
        position = flow.cursor if seat is None else flow.order.index(seat)
        flow.done[position] = True
        if self.phases[flow.phase].turns is Turns.EACH_ONCE:
            flow.cursor = _first_false(flow.done, default=flow.cursor)
        else:
            self._rotate(flow)

    def next_turn(self, state: S) -> None:
        """The current seat acted and stays in: the next seat that has not passed."""
        self._rotate(state.flow)

    def end_game(self, state: S) -> None:
        flow: Flow[Any] = state.flow
        flow.over = True
        flow.pending.clear()

    def advance(self, state: S) -> None:
        """Run automatic steps until a seat must decide or the game is over."""
        flow: Flow[Any] = state.flow
        while not flow.over and not flow.pending:
            phase = self.phases[flow.phase]
            if phase.turns is not Turns.AUTO and flow.order and not all(flow.done):
                return
            if phase.end is not None:
                phase.end(state)
            if self._end_hook is not None:
                self._end_hook(rules=self._rules, state=state, phase=phase.name)
            if flow.over or flow.pending:
                continue
            if self._game_over is not None and self._game_over(state):
                self.end_game(state)
                return
            next_index = flow.phase + 1
            if next_index == len(self.phases):
                if self._end_of_round is not None:
                    self._end_of_round(state)
                if self._round_hook is not None:
                    self._round_hook(rules=self._rules, state=state)
                if flow.over:
                    return
                if self._game_over is not None and self._game_over(state):
                    self.end_game(state)
                    return
                flow.round += 1
                next_index = 0
            self._enter(state, next_index)

    # -- internals -----------------------------------------------------------

    def _enter(self, state: S, index: int) -> None:
        flow: Flow[Any] = state.flow
        phase = self.phases[index]
        flow.phase = index
        if phase.turns is Turns.AUTO or phase.order is None:
            flow.order = []
        else:
            flow.order = list(phase.order(state))
        flow.done = [False] * len(flow.order)
        flow.cursor = 0
        watch = getattr(self._rules, "_phase_watch", None)
        if watch is not None:  # Rules.watching_phases: someone looks at this boundary
            watch(state, phase.name)
        if phase.begin is not None:
            phase.begin(state)
        if self._begin_hook is not None:
            self._begin_hook(rules=self._rules, state=state, phase=phase.name)

    @staticmethod
    def _rotate(flow: Flow[Any]) -> None:
        n = len(flow.order)
        for step in range(1, n + 1):
            position = (flow.cursor + step) % n
            if not flow.done[position]:
                flow.cursor = position
                return


def _first_false(values: list[bool], default: int) -> int:
    for i, value in enumerate(values):
        if not value:
            return i
    return default


def _hook_if_used(hooks: Any, name: str) -> Callable[..., Any] | None:
    """The hook caller for ``name`` if any plugin implements it, else ``None``."""
    if hooks is None:
        return None
    caller = getattr(hooks, name, None)
    if caller is None or not caller.get_hookimpls():
        return None
    return caller


# -- turn-order policies ------------------------------------------------------


def clockwise(players: int, first: int = 0) -> list[int]:
    """Seats round the table starting with ``first``."""
    return [(first + i) % players for i in range(players)]


def ranked(seats: Iterable[int], key: Callable[[int], Any], *, descending: bool = False) -> list[int]:
    """Seats sorted by ``key`` (stable: equal keys keep their given order).

    For "order by a track" policies; put the rulebook's tie-breaks in ``key``.
    """
    return sorted(seats, key=key, reverse=descending)
