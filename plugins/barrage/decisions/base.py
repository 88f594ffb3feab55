"""What every sub-decision is: a typed record on the pending stack that also knows
its own rules.

A :class:`Decision` is pushed on ``state.flow.pending`` when an action needs a
choice; the one on top is decided next.  Its class owns everything about that
kind of choice, so a reader finds it in one file:

* its fields: the context it was asked in (typed, one meaning each);
* :attr:`kind` (the tag it is saved under), :attr:`prompt` and :attr:`rule`;
* :meth:`answers`: the legal answers now;
* :meth:`apply`: what an answer does (the decision is still on top when called);
* :meth:`refuse`: why an answer of the right type is not legal, citing a rule;
* :meth:`show`: an answer as a player reads it, with its cost;
* :attr:`declined`: what ``skip`` does to it, shown by :meth:`show_skip`.

Barrage's own kinds are listed in :data:`turbine.plugins.barrage.decisions.BARRAGE_DECISIONS`;
an expansion adds its kinds through the ``barrage_decisions`` hook.  The engine
appends :class:`~.actions.Skip` to the answers of an :attr:`optional` decision
(or of one that has no answer), and carries out :class:`Automatic` ones by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import msgspec
from turbine.core.errors import IllegalAction

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class _Tag:
    """Reads a decision class's msgspec tag, so the kind is written once (``tag="site"``)."""

    def __get__(self, obj: object, owner: type) -> str:
        return str(owner.__struct_config__.tag or "")  # type: ignore[attr-defined]


class Decision(msgspec.Struct, tag_field="kind", kw_only=True):
    """A choice ``seat`` must make before play goes on."""

    seat: int
    optional: bool = False
    """The seat may decline it (``skip``)."""

    kind: ClassVar[Any] = _Tag()
    """The decision's tag in saves and on the screen (its class's msgspec ``tag``)."""
    prompt: ClassVar[str] = ""
    """What is asked, as the end of "Germany must choose …"."""
    rule: ClassVar[str | None] = None
    """The rule cited when an answer is refused for no more specific reason."""
    answer_types: ClassVar[tuple[type, ...]] = ()
    """The action types that answer it (others are answers to another question)."""
    declined: ClassVar[str] = "decline it: nothing more happens for this step"
    """What ``skip`` does when the decision is :attr:`optional`, as the menu says it."""

    def question(self, game: BarrageGame, state: State) -> str:
        """The question in words (by default :attr:`prompt`)."""
        return self.prompt

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        """The legal answers now (without ``skip``, which the engine adds)."""
        raise NotImplementedError

    def apply(self, game: BarrageGame, state: State, action: Any) -> None:
        """Carry out a legal answer; ``self`` is still on top of the pending stack."""
        raise NotImplementedError

    def refuse(self, game: BarrageGame, state: State, action: Any) -> IllegalAction:
        """Why ``action`` (one of :attr:`answer_types`, not legal now) is refused."""
        return IllegalAction(f"'{game.describe(action)}' is not legal now: {game.asked(state)}", self.rule)

    def show(self, game: BarrageGame, state: State, action: Any) -> str:
        """An answer as the player reads it in the menu (its notation, and what it costs)."""
        return game.describe(action)

    def said_when_only(self, game: BarrageGame, state: State, action: Any) -> str | None:
        """What is said when ``action`` was given for the seat as the only answer, for a
        decision whose menu words, cut to the forced line's width, would lose what matters
        (an expansion's price); ``None``: that line (the notation and what :meth:`show` says)."""
        return None

    def show_skip(self, game: BarrageGame, state: State) -> str:
        """``skip`` as the menu shows it: what declining does (:attr:`declined`), or, for a
        decision that has no answer now, that it passes without one."""
        if not self.optional:
            return "skip  (nothing can be chosen now: this step passes)"
        return f"skip  ({self.declined})"

    def done(self, state: State) -> None:
        """Take this decision off the pending stack (it must be on top)."""
        state.flow.pending.pop()


class Automatic(Decision):
    """A step the engine carries out by itself when it reaches the top of the stack
    (it waits there so that the decisions pushed above it are made first)."""

    def run(self, game: BarrageGame, state: State) -> None:
        raise NotImplementedError

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return []
