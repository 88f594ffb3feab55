"""The engine contract: what every game gives the core.

A game subclasses :class:`Rules`, naming its state, action and options types:
``class SparksRules(Rules[State, Action, SparksOptions])``, so that
``self.options.rounds`` is typed in the game's own code.  One ``Rules`` object
is built per game from its validated options, player count and plugin manager;
it holds no mutable game data (that is all in the state), so bots, replays and
tests can share it.

The contract (see ``ARCHITECTURE.md``):

| method | what it does |
| --- | --- |
| ``initial_state(seed)`` | a new game's state, automatic steps already run |
| ``to_move(state)`` | the seat that decides now, ``None`` at the end |
| ``legal_actions(state)`` | every legal choice now, in a stable order (a list) |
| ``apply(state, action)`` | refuses an illegal move (:class:`IllegalAction`, nothing changed), or plays it |
| ``is_over`` / ``scores`` | end of game; the final (or running: public) score of each seat, a list |
| ``winner(state)`` | the winning seats, with the rulebook's tie-breaks |
| ``view(state, seat)`` | what that seat may see |
| ``describe`` / ``parse`` | a short text notation, ``parse(describe(a)) == a`` |

What a player's screen is made of (all optional, with plain defaults):
:meth:`seat_name` (the seat's company or colour), :meth:`question` (what is being
decided, in words), :meth:`turn_view` (the compact panel for this decision),
:meth:`choice_text` (a move with its cost), :meth:`views` (the full board and the
game's own views), :meth:`continues_turn` (a sub-decision of the same action) and
:meth:`tell` (the automatic steps said aloud while :meth:`narrating`).

What a score is made of: :meth:`score_breakdown` (each seat's points by source, or
the ranking's components), read from the state, or, for a game whose state keeps
only the total, from what :meth:`scored` reported while the moves were played
(:attr:`scores_by_replay`; see :mod:`turbine.core.scores`).

A game may also take *standing orders* (:meth:`standing_order`): an instruction a
player leaves for the decisions ahead ("bid up to 25"), which the table plays for
him, move by move, until it is done.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar, Generic, TypeVar

import msgspec
import pluggy
from pydantic import BaseModel

from .errors import BadOptions, BadPosition, BrokenContract, IllegalAction, ParseError
from .layout import TABLE_WIDTH
from .rng import Rng
from .scores import Breakdown, Ledger
from .state import NoExt, StatePart, cloner, digest, ext_records, holds, state_parts

S = TypeVar("S")
A = TypeVar("A")
#: The variant's options model.  With expansions the game's options are a
#: subclass of it (one field per expansion, see ``session.options_model``).
Opt = TypeVar("Opt", bound=BaseModel)


class StandingOrder(ABC, Generic[S, A]):
    """An instruction ``seat`` leaves for its coming decisions of one kind (``bid up to
    25``): while it stands, the table plays the move it gives whenever the seat is to
    move, each an ordinary move of the log; once it is done the seat is asked again and
    told why (:meth:`finished`).

    Made by :meth:`Rules.standing_order` from what the player typed.  It lives only as
    long as the session that took it: a save holds the moves it played, nothing else,
    so a replay needs no knowledge of orders.  It reads the state and never changes it.
    """

    def __init__(self, seat: int, text: str) -> None:
        self.seat = seat
        self.text = text
        """The order as the player gave it (``bid up to 25``)."""

    @abstractmethod
    def finished(self, state: S) -> str:
        """Why the order no longer stands, in a line for the seat ("your limit of 25 is
        reached: plant 13 is at 25"); ``""`` while it does.  Asked after every move, so
        an order ends as soon as its occasion does (the auction was won, or lost)."""

    @abstractmethod
    def next_action(self, state: S) -> A | None:
        """The move the order makes for :attr:`seat`, asked only when the seat is to move
        and the order has not :meth:`finished`; ``None`` when this decision is not one the
        order answers.  The table checks the move against the legal list and never plays
        an illegal one: the order then ends and the seat is asked."""


class Rules(ABC, Generic[S, A, Opt]):
    """The rules of one variant, bound to one game's options.

    ``S`` is the state type, ``A`` the action type (or union), ``Opt`` the
    variant's pydantic options model.
    """

    #: The msgspec Struct type of the state (for decoding and cloning).
    state_type: type
    #: The action type: a tagged msgspec Struct or a union of them.
    action_type: ClassVar[Any]
    #: Whether :meth:`score_breakdown` needs the points reported by :meth:`scored`
    #: while the game's moves were played (the state keeps only each seat's total):
    #: :func:`turbine.core.replay.score_breakdown` then replays the log with a ledger.
    scores_by_replay: ClassVar[bool] = False
    _ledger: Ledger | None = None
    _cloner: tuple[Any, Callable[[Any], Any]] | None = None
    """:attr:`state_type` and the function that copies its values (:meth:`clone`)."""

    def __init__(self, options: Opt, players: int, pm: pluggy.PluginManager) -> None:
        self.options: Opt = options
        self.players = players
        self.pm = pm
        self._told: list[str] | None = None
        self._rollout_bots: dict[int, Any] = {}
        """The :meth:`rollout_bot` of each seat, made once (:meth:`rollout_policy`)."""
        self._plugins_hide = _implemented(pm, "turbine_view")
        self._plugins_deal = _implemented(pm, "turbine_determinise")
        """Whether an active plugin hides records in views (``turbine_view``) or deals
        them again (``turbine_determinise``): without one, a view costs no copy."""
        self.state_parts: tuple[StatePart, ...] = state_parts(pm)
        """What the game's plugins keep in its state (the core hook ``turbine_state_parts``)."""
        self.rules_versions: dict[str, int] = {}
        """The rules version the game is played under, by variant and expansion id, where
        it is older than the installed one (a save kept under its own rules, see
        :attr:`~turbine.core.specs.VariantSpec.oldest_rules_version`); set by
        :class:`~turbine.core.session.Game` before :meth:`initial_state`.  Asked through
        :meth:`plays_under`."""
        self.player_names: tuple[str, ...] = ()
        """The players' names by seat, as the table gave them (``turbine new --names``, or
        the defaults ``Player 1``, ``Greedy bot 2``); set by :class:`~turbine.core.session.Game`.
        Empty for rules used without a table (a test, a bot's playout).  Texts ask
        :meth:`player_name` (plain) or :meth:`player` (markup)."""
        self.table_width = TABLE_WIDTH
        """The columns the table shows the panel (:meth:`turn_view`), the board and the views
        in: the terminal's,
        between :data:`~turbine.core.layout.NARROWEST_TABLE` and
        :data:`~turbine.core.layout.TABLE_WIDTH`; set by the table before it
        asks for a panel.  A panel breaks its long lines there (the helpers of
        :mod:`turbine.core.layout` measure and break markup), so that an 80-column
        terminal shows all of it; the table cuts what is still longer."""
        self.table_rows: int | None = None
        """The rows a short terminal (80 × 24) leaves the panel (:meth:`turn_view`) once the
        question, its moves and the prompt have theirs; ``None``: as many as it takes (a
        terminal of 45 rows or more, or no terminal).  Set by the table before it asks for
        a panel.  A game whose panel is taller may give a shorter one there, keeping what
        the decision needs most, so that the panel stays in view above the moves; what it
        leaves out is still on the board and in the views."""
        self.shared_ext, self.seat_ext = ext_records(self.state_parts)
        """The types of the state's ``ext`` record and of each seat's: one field per part
        (:func:`~turbine.core.state.ext_records`).  A game that takes expansions declares
        ``ext`` fields of these types in its state and seat records, fills them with
        ``self.shared_ext()`` and ``self.seat_ext()`` in :meth:`initial_state`, and makes
        :attr:`state_type` the state typed by them (see :meth:`check_state_parts`)."""

    def ext_typed(self, state: Any) -> Any:
        """``state`` (a state Struct generic in its ``ext`` records: one type parameter for
        the shared record, or two, shared then per seat) typed by this game's
        :attr:`shared_ext` and :attr:`seat_ext`: what :attr:`state_type` is set to, so that
        decoding and cloning rebuild the plugins' records as their own types.
        ``self.state_type = self.ext_typed(State)``."""
        records = (self.shared_ext, self.seat_ext)[: len(state.__parameters__)]
        return state[records]

    def plays_under(self, ident: str, version: int) -> bool:
        """The game is played under rules version ``version`` of ``ident`` (a variant or
        expansion id) or a later one: what a rule changed in ``version`` asks, so that a
        game saved under an older version keeps the outcome it was played with::

            if self.plays_under("power_grid", 2):  # P-4.9 as corrected in version 2
                ...

        A new game, and a game set up outside :class:`~turbine.core.session.Game`,
        plays the installed version: always true.  Ask it while the game is played
        (from :meth:`initial_state` on), not in ``__init__``: the game sets the versions
        after it has made the rules object."""
        played = self.rules_versions.get(ident)
        return played is None or played >= version

    def check_state_parts(self) -> None:
        """Refuse (:class:`BadOptions`) a game whose :attr:`state_type` has no room for the
        records its plugins registered: an ``ext`` field typed :attr:`shared_ext` and, for
        per-seat records, one typed :attr:`seat_ext` in the seat record.  :class:`Game`
        calls it once, after making the rules."""
        if not getattr(self, "state_parts", ()):  # none registered (or rules that skip __init__)
            return
        needed = {"shared": "its state", "seat": "its seat records"}
        missing = [
            (f"{which} records ({', '.join(p.key for p in self.state_parts if getattr(p, which))})", which)
            for which, record in (("shared", self.shared_ext), ("seat", self.seat_ext))
            if record is not NoExt and not holds(self.state_type, record)
        ]
        if missing:
            where = ", nor one".join(f" typed by `rules.{w}_ext` in {needed[w]}" for _, w in missing)
            raise BadOptions(
                f"{type(self).__name__}'s state has no room for {' and '.join(m for m, _ in missing)}: "
                f"the game declares no `ext` field{where}"
            )

    # -- what a game must write ---------------------------------------------

    @abstractmethod
    def initial_state(self, seed: int) -> S:
        """A new game from ``seed``; runs automatic steps up to the first decision."""

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """Every legal action of the seat to move, in a stable order."""

    @abstractmethod
    def perform(self, state: S, action: A) -> None:
        """Carry out a legal ``action`` in place, then the automatic steps after it.

        Called only with an action that :meth:`apply` has checked.
        """

    @abstractmethod
    def scores(self, state: S) -> list[int]:
        """Each seat's score (victory points, cities powered…), now or at the end: a list of
        one number per seat.

        The table shows the running score to every seat, so before the end it counts only
        what every seat may see (a secret bonus counts once :meth:`is_over`); the
        conformance kit checks it against each seat's :meth:`view`."""

    @abstractmethod
    def decision_bound(self) -> int:
        """An upper bound on decisions in one game, for any legal play.

        The conformance kit fails a game that runs longer; bots and
        ``simulate`` rely on it to stop.
        """

    # -- sensible defaults ----------------------------------------------------

    def apply(self, state: S, action: A, legal: list[A] | None = None) -> None:
        """Check ``action`` against the legal list, then perform it.

        Pass ``legal`` when it is already known, to avoid generating it twice
        (it must be the list of this very state: empty when the game is over).
        On an illegal action raises :class:`IllegalAction` and leaves ``state``
        exactly as it was.
        """
        if legal is None:
            if self.to_move(state) is None:
                raise IllegalAction("the game is over")
            legal = self.legal_actions(state)
        if action not in legal:  # a finished game's legal list is empty
            if self.to_move(state) is None:
                raise IllegalAction("the game is over")
            try:
                refused = self.refusal(state, action)
            except BrokenContract:
                raise
            except Exception:  # not even an action of this game
                refused = IllegalAction(f"{action!r} is not a move of this game")
            raise refused
        self.perform(state, action)

    def refusal(self, state: S, action: A) -> IllegalAction:
        """Why ``action`` is refused now: :meth:`why_illegal`'s answer, checked to be an
        :class:`IllegalAction` (a text returned instead would be raised as no exception at
        all: a :class:`~turbine.core.errors.BrokenContract` names the game's code)."""
        error = self.why_illegal(state, action)
        if not isinstance(error, IllegalAction):
            raise BrokenContract(
                self, f"why_illegal returned {type(error).__name__} {error!r}, not an IllegalAction"
            )
        return error

    def why_illegal(self, state: S, action: A) -> IllegalAction:
        """Explain why ``action`` is not legal now.  Only called on the error path,
        so games can afford a thorough explanation here; override it to name the
        rule that forbids the action."""
        return IllegalAction(f"{self.describe(action)} is not a legal move now")

    def is_over(self, state: S) -> bool:
        return self.to_move(state) is None

    def score_breakdown(self, state: S, ledger: Ledger | None = None) -> Breakdown:
        """Each seat's score by source (:class:`~turbine.core.scores.Breakdown`): rows that
        sum to :meth:`scores`, or the components of :meth:`rank_key` in order.

        ``ledger`` holds what :meth:`scored` reported while the moves that led to
        ``state`` were played, for a game that sets :attr:`scores_by_replay`.  The
        default: the ledger's sources when it heard any (with ``other`` for what it did
        not hear), else one row, the score itself."""
        scores = self.scores(state)
        name = self.score_name()
        if ledger is None or not ledger.sources:
            return Breakdown.summed([name], [[score] for score in scores], name)
        unheard = [score - ledger.total(seat) for seat, score in enumerate(scores)]
        first = {"other": unheard} if any(unheard) else None
        return ledger.breakdown(len(scores), first=first, score_name=name)

    def scored(self, seat: int, source: str, points: int) -> None:
        """Report that ``seat``'s score changed by ``points`` from ``source`` (a word or two
        a player reads as a column heading: ``contracts``, ``water``).  Heard only while
        someone :meth:`keeping_score`; otherwise it costs a call, as :meth:`tell` does."""
        ledger = self._ledger
        if ledger is not None:
            ledger.add(seat, source, points)

    @contextmanager
    def keeping_score(self, ledger: Ledger) -> Iterator[Ledger]:
        """Send what :meth:`scored` reports inside the block to ``ledger``."""
        outer, self._ledger = self._ledger, ledger
        try:
            yield ledger
        finally:
            self._ledger = outer

    def rank_key(self, state: S, seat: int) -> tuple[Any, ...]:
        """Sort key for the final ranking: higher is better.  Add tie-breaks here."""
        return (self.scores(state)[seat],)

    def tie_break(self) -> str:
        """What :meth:`rank_key` compares after the score, in words, for a game that breaks
        ties (``most energy in round 5 (B-20.5)``); ``""``: none, or the score table says
        it (a ranking, :meth:`Breakdown.reading`).  Said under the scores when the winners
        tie on score."""
        return ""

    def winner(self, state: S) -> list[int]:
        """The seats ranked first (several on a full tie)."""
        keys = [self.rank_key(state, seat) for seat in range(self.players)]
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def view(self, state: S, seat: int | None) -> S:
        """The state as ``seat`` may see it (``None``: a spectator): the game's own
        :meth:`hide`, then every active plugin's ``turbine_view`` hook on a copy of it,
        so an expansion hides its own records without the game having to ask.  Never
        changes ``state``; a view of a view is the same view."""
        shown = self.hide(state, seat)
        if self._plugins_hide:
            if shown is state:
                shown = self.clone(state)
            self.pm.hook.turbine_view(rules=self, state=shown, seat=seat)
        return shown

    def hide(self, state: S, seat: int | None) -> S:
        """What the game itself hides from ``seat``: a copy of ``state`` with the hidden
        parts overwritten (deck order, face-down stacks), or ``state`` itself when the
        game hides nothing, the default.  Games with hidden information override it and
        :meth:`redeal`; :meth:`view` adds what expansions hide."""
        return state

    def rollout_bot(self) -> Callable[[Any, int, int], Any] | None:
        """The game's fast bot (a bot factory: ``(rules, seat, seed)``) whose moves make
        the playouts of searching bots (:mod:`turbine.core.mcts`), or ``None`` for random
        playouts.  Its ``rng`` attribute is replaced by the search's before each move, so
        that a search stays reproducible."""
        return None

    def search_bias(self, seconds: float | None) -> float:
        """The progressive bias a searching bot (:mod:`turbine.core.mcts`) gives the
        :meth:`rollout_bot`'s move when its options leave ``bias`` unset, for a time budget
        of ``seconds`` a decision (``None``: an iteration budget, whose moves must not
        depend on the machine).  3 by default; a game whose search gains from a bias that
        grows with the budget says so here (Power Grid, docs/bots.md "Strength")."""
        return 3.0

    def rollout_policy(self, state: S, legal: list[A], rng: Rng) -> A:
        """The :meth:`rollout_bot`'s move for the seat to move in ``state`` (one bot kept
        per seat), its ties broken by ``rng``; a move chosen by ``rng`` where the game
        has no such bot."""
        seat = self.to_move(state)
        bot = self._rollout_bots.get(seat)  # type: ignore[arg-type]
        if bot is None:
            factory = self.rollout_bot()
            if factory is None or seat is None:
                return legal[rng.below(len(legal))]
            bot = self._rollout_bots[seat] = factory(self, seat, 0)
        bot.rng = rng
        chosen: A = bot.choose(state, legal)
        return chosen

    def determinise(self, view: S, seat: int, rng: Rng) -> S:
        """A full state consistent with ``view``, ``seat``'s view: what the seat cannot see
        dealt again at random from ``rng`` (the cards it has not seen, each once), and a
        new generator for the game's chance events drawn from ``rng``.  Searching bots
        play on from such states (:mod:`turbine.core.mcts`); never changes ``view``.

        The game's own :meth:`redeal`, then every active plugin's
        ``turbine_determinise`` hook on it (what its ``turbine_view`` hid)."""
        dealt = self.redeal(view, seat, rng)
        if self._plugins_deal:
            self.pm.hook.turbine_determinise(rules=self, state=dealt, seat=seat, rng=rng)
        return dealt

    def redeal(self, view: S, seat: int, rng: Rng) -> S:
        """:meth:`determinise` for what the game itself hides: a new state (never ``view``)
        with what its :meth:`hide` hid dealt again.  The default, a copy of the view, is
        right for a game that hides nothing; a game that overrides :meth:`hide`
        overrides this too."""
        return self.clone(view)

    def describe(self, action: A) -> str:
        """Short, stable notation for ``action``; override for readable moves."""
        return msgspec.json.encode(action).decode()

    def public_text(self, action: A) -> str:
        """How ``action`` is shown to the players who did not make it: its notation (the
        default), or, for a private move (a card kept from several, a card played face
        down), what the others may know of it (``keeps one of 2``).  The table shows a
        bot's private moves to the people playing this way, and so does their log, and its
        other moves as their menu says them (:meth:`choice_text`: so a move whose menu text
        tells what the others may not know is private); a move a person typed is shown as
        typed (at one terminal it was seen being typed), and a replay of a finished game
        shows every move whole."""
        return self.describe(action)

    def choice_text(self, state: S, action: A) -> str:
        """How a legal move is shown in a menu: its notation, and what it costs or does
        where the game can say (the default: the notation alone).  The notation part
        always comes first, so the text a player reads starts with what they may type."""
        return self.describe(action)

    def parse(self, text: str, state: S) -> A:
        """The legal action whose notation is ``text`` (case and spacing ignored)."""
        wanted = normalise(text)
        for action in self.legal_actions(state):
            if normalise(self.describe(action)) == wanted:
                return action
        raise ParseError(f"{text!r} is not the notation of a legal move")

    def notices(self, state: S) -> list[str]:
        """Warnings about the position that are not errors, shown under the board.

        For rules whose reference leaves a limit to the table, e.g. a component
        supply that the game treats as unlimited but a physical box would run out
        of.  Computed from the state on demand; never changes it.
        """
        return []

    def read_action(self, text: str) -> A | None:
        """Read ``text`` as an action of this game whether or not it is legal now.

        Syntax only: ``None`` when the text is the notation of no action.  A
        game that implements it lets a player who types an illegal move learn
        *why* it is illegal (:meth:`why_illegal`), instead of only that it is
        not in the list.
        """
        return None

    def phase_name(self, state: S) -> str:
        """A word or two for where the game is (shown by the CLI)."""
        return ""

    def round_number(self, state: S) -> int:
        return 0

    def tallies(self, state: S) -> dict[str, list[int]]:
        """Each seat's public counts that a player follows (money, victory points…), by name.
        A replay says how they changed after each move (the move itself and the automatic steps after it)."""
        return {"score": self.scores(state)}

    def render(self, state: S, seat: int | None) -> str:
        """The board as text for ``seat``: what :meth:`view` shows that seat.  ``None`` is
        everything, hidden parts included (a finished game, a replay shown whole), unlike
        ``view(state, None)``, a spectator's view of what every player knows."""
        shown = state if seat is None else self.view(state, seat)
        return msgspec.json.format(msgspec.json.encode(shown).decode())

    # -- the player's screen ----------------------------------------------------

    def score_name(self) -> str:
        """What :meth:`scores` counts, as the screen's column heading ("VP", "cities powered")."""
        return "score"

    def seat_name(self, state: S, seat: int) -> str:
        """What the seat is in the game, beside its player's name: Barrage's company,
        ``""`` while it has none yet (before a draft) or where the game has no such thing."""
        return ""

    def player_name(self, seat: int) -> str:
        """How plain texts name the player of ``seat``: their name (:attr:`player_names`),
        or ``Seat 2`` for rules used without a table.  Plain: what :meth:`tell` says, a
        :meth:`question`, a :meth:`choice_text`, a refusal's reason, a picture.  The board
        and the panel, which are rich markup, use :meth:`player`."""
        names = self.player_names
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    def player(self, seat: int) -> str:
        """How the texts that are rich markup (:meth:`render`, :meth:`turn_view`,
        :meth:`render_view`, what ``turbine_render_extra`` adds) name the player of
        ``seat``: :meth:`player_name`, markup-escaped, so that a player named ``[bold]``
        reads as typed."""
        from rich.markup import escape  # here: the core is imported by workers that print nothing

        return escape(self.player_name(seat))

    def question(self, state: S) -> str:
        """What the seat to move is deciding now, in words ("Where do you build the
        dam?"); ``""`` lets the screen say only whose turn it is."""
        return ""

    def turn_view(self, state: S, seat: int) -> str:
        """The compact panel shown at a decision of ``seat``: its resources and what
        matters for this decision, a few lines (the whole board is :meth:`render`),
        laid out for :attr:`table_width` columns: the screen cuts a longer line, so break
        what must be read whole there; in :attr:`table_rows` rows where it can, when those
        are set.  The default is the full board."""
        return self.render(state, seat)

    def status(self, state: S, seat: int) -> str:
        """One plain line of what ``seat`` has to decide with (money, workers, points),
        which the table prints just above the prompt: on a terminal of 24 rows the panel
        has scrolled away by the time the player types, and a choice's cost means little
        without what they can pay with.  ``""``, the default, prints nothing."""
        return ""

    def views(self) -> dict[str, str]:
        """The game's own views beside the board, by name, with a line saying what
        each shows (``{"market": "the power plant market and the deck"}``)."""
        return {}

    def render_view(self, state: S, seat: int | None, name: str, arg: str = "") -> str:
        """The view ``name`` of :meth:`views` for ``seat``; ``arg`` narrows it
        (``company 2``).  Raises :class:`ParseError` for an argument it cannot read."""
        raise ParseError(f"{name!r} is not a view of this game")

    def standing_order(self, state: S, seat: int, text: str) -> StandingOrder[S, A] | None:
        """The standing order ``text`` gives for ``seat``, the seat to move, or ``None``
        when ``text`` is no order of this game (the table then reads it as a move).

        Raises :class:`IllegalAction` with the reason for an order that cannot stand now
        (a limit below the lowest legal bid); nothing is played then."""
        return None

    def standing_orders(self, state: S) -> list[str]:
        """The orders the seat to move may give now, each as its form and what it does
        (``bid up to N — bid for you, one above the others, up to N``), shown with the
        moves; ``[]`` when the game takes none here."""
        return []

    def continues_turn(self, state: S) -> bool:
        """Whether the decision now is a further step of the action the same seat
        has started (where to build, how to pay): the screen then asks only the new
        question, and the log shows the action on one line."""
        return False

    def tell(self, text: str) -> None:
        """Say what an automatic step did (an income, a forced payment, a round's
        scoring), in a line a player reads.  Heard only while :meth:`narrating`;
        otherwise, as when bots search or a replay runs, it costs a call."""
        told = self._told
        if told is not None:
            told.append(text)

    def telling(self) -> bool:
        """Whether anyone listens: build a costly message only if so."""
        return self._told is not None

    def narrating(self) -> Narrating:
        """Collect the lines :meth:`tell` says inside the block, in order
        (``with rules.narrating() as told:``)."""
        return Narrating(self)

    def position(self, game: Any) -> Any:
        """A builder that sets up ``game`` (a :class:`Game` of these rules) at a chosen
        position and checks it (a :class:`turbine.core.position.Position`).  Games that
        offer one override this; the default refuses."""
        raise BadPosition([f"{type(self).__name__} offers no position builder"])

    def position_changed(self, state: S) -> None:
        """Forget what the rules remember of ``state`` between calls (a legal list found
        while settling), because the position was changed by hand (a position builder,
        a test).  Games that keep such caches override it; call it through
        :meth:`Game.reset_caches`."""

    #: Called with the state and the phase's name just before a phase begins, while
    #: :meth:`watching_phases` is active (the :class:`PhaseMachine` calls it).
    _phase_watch: Callable[[Any, str], None] | None = None

    @contextmanager
    def watching_phases(self, watch: Callable[[S, str], None]) -> Iterator[None]:
        """Inside the block, ``watch(state, phase)`` is called at every phase boundary the
        automatic steps cross, before that phase begins.  It must not change the state:
        it only looks (:class:`Game`'s ``stop_at`` keeps a copy there)."""
        outer, self._phase_watch = self._phase_watch, watch
        try:
            yield
        finally:
            self._phase_watch = outer

    def bound_reason(self) -> str:
        """Why the game cannot run past :meth:`decision_bound` (documentation)."""
        return ""

    # -- plumbing shared by every game ---------------------------------------

    def clone(self, state: S) -> S:
        """A deep copy of ``state`` (:func:`turbine.core.state.clone`), by a function
        found once per state type: search bots clone at every playout."""
        cached = self._cloner
        if cached is None or cached[0] is not self.state_type:
            cached = self._cloner = (self.state_type, cloner(self.state_type))
        copied: S = cached[1](state)
        return copied

    def digest(self, state: S) -> str:
        return digest(state)

    def encode_state(self, state: S) -> bytes:
        return msgspec.json.encode(state)

    def decode_state(self, data: bytes) -> S:
        return msgspec.json.decode(data, type=self.state_type)

    def action_to_data(self, action: A) -> Any:
        return msgspec.to_builtins(action)

    def action_terms(self, action: A) -> Any:
        """A move as data in the terms its notation uses, for people and programs reading
        ``turbine legal --json`` (default: :meth:`action_to_data`, the form saves keep;
        a game whose saved form uses internal keys says it in the notation's terms)."""
        return self.action_to_data(action)

    def action_from_data(self, data: Any) -> A:
        return msgspec.convert(data, type=self.action_type)


def normalise(text: str) -> str:
    return " ".join(text.lower().split())


def _implemented(pm: Any, name: str) -> bool:
    """Whether a plugin of ``pm`` implements hook ``name`` (``False`` for rules made without
    a game's plugin manager)."""
    caller = getattr(getattr(pm, "hook", None), name, None)
    return caller is not None and bool(caller.get_hookimpls())


class Narrating:
    """The block of :meth:`Rules.narrating`: the lines :meth:`Rules.tell` says inside it
    go into the list it gives, and whoever listened before hears nothing of them.  A
    class rather than a generator: :meth:`Game.play <turbine.core.session.Game.play>`
    enters one on every move, and a generator's block costs three times as much."""

    __slots__ = ("outer", "rules", "told")

    def __init__(self, rules: Rules[Any, Any, Any]) -> None:
        self.rules = rules
        self.told: list[str] = []
        self.outer: list[str] | None = None

    def __enter__(self) -> list[str]:
        self.outer, self.rules._told = self.rules._told, self.told
        return self.told

    def __exit__(self, *exc: object) -> None:
        self.rules._told = self.outer
