"""A game in progress: rules + state + the log that rebuilds it.

:class:`Game` is what the command line, bots, replays and the conformance kit
drive.  It caches the legal list of the current decision (so that a decision
costs one ``legal_actions`` and one ``apply``), records every action with its
notation, and turns into a :class:`~turbine.core.savefile.SaveFile` and back.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from types import GenericAlias
from typing import Any

import msgspec
from pydantic import BaseModel, Field, ValidationError, create_model

from . import savefile
from .bots import SeatBot, default_seat_name, seat_bot
from .errors import BadOptions, IllegalAction, ParseError, SaveFileError, bool_as_number, said_by_validator
from .layout import plural
from .plugins import Registry
from .rng import Rng
from .rules import Rules, normalise
from .savefile import Checkpoint, LogEntry, SaveFile, Seat
from .specs import ExpansionSpec, VariantSpec
from .state import canonical_bytes

DISTRIBUTION = "turbine-games"
"""The name turbine is installed under (``pip install turbine-games``; ``turbine`` on the
package index is another project).  The import name and the command are ``turbine``."""


def turbine_version() -> str:
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:  # running from a source tree
        return "0+unknown"


@functools.cache
def _combined_model(base: type[BaseModel], expansions: tuple[ExpansionSpec, ...]) -> type[BaseModel]:
    fields: dict[str, Any] = {
        e.id: (e.options, Field(default_factory=e.options, description=f"options of {e.name}"))
        for e in expansions
        if e.options is not None
    }
    if not fields:
        return base
    name = base.__name__ + "".join("_" + e.id for e in expansions if e.options is not None)
    return create_model(name, __base__=base, **fields)


def options_model(registry: Registry, variant: str, expansions: Iterable[str] = ()) -> type[BaseModel]:
    """The options model of a game: the variant's, with each chosen expansion's
    options model as a field named after the expansion (built once per setup).  An unknown
    expansion, or one of another variant, is refused here (:class:`BadOptions`), before an
    option given for it could be blamed on a missing ``--with``."""
    spec = registry.variant(variant)
    chosen = tuple(registry.expansion(e, variant) for e in dict.fromkeys(expansions))
    return _combined_model(spec.options, chosen)


QUOTED = 60
"""The most characters of a player's text a refusal quotes (a pasted page is not echoed)."""


def quoted(text: str) -> str:
    """``text`` quoted in a refusal: whole, or its first :data:`QUOTED` characters and ``…``."""
    return repr(text) if len(text) <= QUOTED else repr(text[: QUOTED - 1]) + "…"


def validate_options(model: type[BaseModel], options: Mapping[str, Any]) -> BaseModel:
    """Options through the variant's pydantic model, errors as one readable line."""
    unknown = sorted(set(options) - set(model.model_fields))
    if unknown:
        known = ", ".join(sorted(model.model_fields)) or "none"
        meant = [  # an expansion's option given without its expansion's name
            f"{group}.{name}"
            for name in unknown
            for group, field in model.model_fields.items()
            if name in getattr(field.annotation, "model_fields", {})
        ]
        hint = f" (did you mean {', '.join(meant)}?)" if meant else ""
        raise BadOptions(f"unknown option {', '.join(unknown)}{hint}; options: {known}")
    for group, value in options.items():  # an expansion's options: the same, by their full names
        inner = getattr(model.model_fields[group].annotation, "model_fields", None)
        if inner is not None and isinstance(value, Mapping):
            wrong = sorted(set(value) - set(inner))
            if wrong:
                names = ", ".join(f"{group}.{name}" for name in wrong)
                raise BadOptions(f"unknown option {names}; options of {group}: {', '.join(sorted(inner))}")
    for where, annotation, value in _option_values(model, options):
        if bool_as_number(annotation, value):
            raise BadOptions(f"option {where}: give a number, not {str(value).lower()}")
    try:
        validated = model.model_validate(dict(options))
    except ValidationError as exc:
        parts = []
        for error in exc.errors():
            where = ".".join(str(p) for p in error["loc"]) or "options"
            if error["type"] == "missing":  # the game's model has no default for it
                parts.append(f"option {where} has no default: give it (--option {where}=VALUE)")
                continue
            parts.append(f"option {where}: {said_by_validator(error)} (got {error.get('input')!r})")
        raise BadOptions("; ".join(parts)) from None
    unsaveable = savefile.non_finite(validated.model_dump())
    if unsaveable is not None:
        raise BadOptions(f"option {unsaveable}: give a finite number (a save cannot hold NaN or an infinity)")
    return validated


def _option_values(model: type[BaseModel], options: Mapping[str, Any]) -> Iterator[tuple[str, Any, Any]]:
    """Each option given, by its full name, with the type its model declares for it (an
    expansion's options by ``EXPANSION.KEY``)."""
    for name, value in options.items():
        field = model.model_fields.get(name)
        if field is None:
            continue
        inner = getattr(field.annotation, "model_fields", None)
        if inner is not None and isinstance(value, Mapping):
            for key, item in value.items():
                if key in inner:
                    yield f"{name}.{key}", inner[key].annotation, item
        else:
            yield name, field.annotation, value


@dataclass
class LoadReport:
    """How a save was checked when it was loaded (``Game.load_report``)."""

    same_rules: bool = True
    """The save was played under the rules versions installed now (and in a format
    that records them), so its digests were compared."""
    digests_compared: int = 0
    """Checkpoint and final digests that matched the replay."""
    scores_match: bool | None = None
    """Whether the replay ended with the final scores stored in the save (``None``:
    none stored, or the replay stopped early)."""
    notes: list[str] = field(default_factory=list)
    """One line each: what was not compared and why."""
    edited: bool = False
    """The setup or log does not match the save's log digest: the file was changed after
    it was saved (a save without a log digest, format 1, cannot tell)."""
    no_digest: bool = False
    """A format-2 save without its log digest, counted as edited: it cannot tell."""
    newer_rules: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Games and expansions saved under a later rules version than the installed one:
    name → (saved, installed)."""
    twice: str | None = None
    """A key written twice in one object of the file, which JSON readers take either way
    (``replay --verify`` refuses the file): counted as an edit."""

    def why_not_play_on(self, source: str = "save file", doing: str = "playing on") -> str | None:
        """Why the loaded game must not be played on and saved again, or ``None``.

        Saving writes a new log digest and digests from the installed rules: over an
        edited file that would seal the edit, so that ``replay --verify`` passes it; over
        a save from later rules it would record moves those rules may refuse under the
        older version.  Looking at such a save (``show``, ``replay``) is still allowed."""
        if self.twice is not None:
            return (
                f"{source} has the key {self.twice!r} written twice in one object, which readers take "
                f"either way; {doing} would seal one reading into a new digest, so it is refused"
            )
        if self.edited:
            changed = (
                "may have been changed since it was saved (it has no log digest)"
                if self.no_digest
                else "has been changed since it was saved (its setup or log does not match its log digest)"
            )
            return f"{source} {changed}; {doing} would seal the change into a new digest, so it is refused"
        if self.newer_rules:
            name, (saved, installed) = next(iter(self.newer_rules.items()))
            return (
                f"{source} was saved under {name} rules version {saved}, newer than the installed "
                f"{installed}; {doing} needs the newer version installed"
            )
        return None


class Game:
    """One game: its rules, its current state and the actions that led there."""

    def __init__(
        self,
        registry: Registry,
        variant: str,
        *,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        expansions: Iterable[str] = (),
        seats: list[Seat] | None = None,
        stop_at: Iterable[str] = (),
        rules_versions: Mapping[str, int] | None = None,
    ) -> None:
        """``rules_versions``: play under these rules versions (a save's, by variant and
        expansion id) instead of the installed ones; each must be one its game still
        plays (:attr:`VariantSpec.oldest_rules_version`)."""
        spec = registry.variant(variant)
        if not spec.min_players <= players <= spec.max_players:
            raise BadOptions(
                f"{spec.name} is for {spec.min_players}–{spec.max_players} players, not {players}"
            )
        self.registry = registry
        self.spec = spec
        self.expansions = list(dict.fromkeys(expansions))
        self.seed = int(seed)
        self.players = players
        active = registry.active_plugins(variant, self.expansions)  # checks the expansions
        self.option_model = validate_options(options_model(registry, variant, self.expansions), options or {})
        self.options: dict[str, Any] = self.option_model.model_dump(mode="json")
        # copies: a handover (:meth:`hand_over`) changes this game's seats, not the caller's
        self.seats = [
            msgspec.structs.replace(s) for s in seats or [Seat(default_seat_name(i)) for i in range(players)]
        ]
        if len(self.seats) != players:
            raise BadOptions(f"{len(self.seats)} seats given for {players} players")
        for number, seat in enumerate(self.seats, start=1):
            found = savefile.control_character(seat.name)
            if found is not None:  # printed on every screen, and saved (see savefile.control_character)
                raise BadOptions(f"seat {number}'s name {seat.name!r} holds a control character ({found})")
        for seat in self.seats:
            for kind in dict.fromkeys((seat.kind, seat.player)):
                if kind != "human":
                    registry.bot(kind, variant)
        self.plugin_versions = registry.plugin_versions(active)
        self.rules_versions = installed_rules_versions(registry, variant, self.expansions)
        older = _older_rules(registry, variant, self.expansions, rules_versions or {})
        self.rules_versions |= older
        pm = registry.game_plugin_manager(variant, self.expansions)
        self.rules: Rules[Any, Any, Any] = spec.rules(self.option_model, players, pm)
        self.rules.rules_versions = older
        self.rules.player_names = tuple(seat.name for seat in self.seats)
        self.rules.check_state_parts()
        self.stop_at = _phase_names(self.rules, stop_at)
        """Phases before which the automatic steps are kept in :attr:`stops`."""
        self.stops: list[Stop] = []
        """The game just before each phase of :attr:`stop_at` began, during the setup or
        the automatic steps after the last move, in order (see :meth:`play`)."""
        with self._stopping():
            self.state = self.rules.initial_state(self.seed)
        self.position_set = False
        """The position was set by hand (:mod:`turbine.core.position`): the log alone
        no longer rebuilds it, so the game cannot be saved."""
        self.log: list[LogEntry] = []
        self.checkpoints: list[Checkpoint] = []
        self.load_report = LoadReport()
        self._legal: list[Any] | None = None
        self.told: list[str] = []
        """What the automatic steps after the last move did (:meth:`Rules.tell`)."""
        self.narrate = True
        """Whether :meth:`play` collects :attr:`told`.  A run of bots alone that nobody
        reads (``simulate``, ``tournament``) turns it off, so that no words are built for
        incomes and payments nobody reads; :attr:`told` then stays empty."""

    # -- the current decision ---------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self.rules.to_move(self.state)

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def legal(self) -> list[Any]:
        if self._legal is None:
            self._legal = self.rules.legal_actions(self.state)
        return self._legal

    def render(self, seat: int | None) -> str:
        """The board as text for ``seat`` (``None``: everything): the game's own
        rendering, then each active plugin's ``turbine_render_extra`` line.

        The core adds the extras, so a game's renderer never has to remember to
        ask for them and every expansion is shown under every game's board.
        """
        rules = self.rules
        lines = [rules.render(self.state, seat)]
        extras = rules.pm.hook.turbine_render_extra(rules=rules, state=self.state, seat=seat)
        lines.extend(extra for extra in extras if extra)
        return "\n".join(lines)

    def views(self) -> dict[str, str]:
        """The views of the table besides the board, by name, each with what it shows: the
        game's own (:meth:`Rules.views`), then those its active plugins add
        (``turbine_views``; a name the game uses stays the game's)."""
        rules = self.rules
        views = dict(rules.views())
        for added in rules.pm.hook.turbine_views(rules=rules):
            for name, what in (added or {}).items():
                views.setdefault(name, what)
        return views

    def render_view(self, seat: int | None, name: str, arg: str = "") -> str:
        """View ``name`` of :meth:`views` for ``seat``: the game's own, or the one of the
        plugin that added it (``turbine_render_view``).  Raises :class:`ParseError` for a
        name that is no view, or an argument the view cannot read."""
        rules = self.rules
        if name in rules.views():
            return rules.render_view(self.state, seat, name, arg)
        text = rules.pm.hook.turbine_render_view(rules=rules, state=self.state, seat=seat, name=name, arg=arg)
        if text is None:
            raise ParseError(f"{name!r} is not a view of this game")
        return str(text)

    def play(self, action: Any, by: str | None = None) -> LogEntry:
        """Apply ``action`` for the seat to move; raises IllegalAction, changing nothing.

        ``by``: who chose the move (``human`` or a bot kind), when not the seat's player
        now (a person typing a move for a seat a bot plays, after the bot failed); the log
        records it when it is not the kind the seat was set up for (:attr:`LogEntry.by`).
        What the automatic steps after it did, in words, is :attr:`told` until the next move."""
        seat = self.to_move
        if seat is None:
            raise IllegalAction("the game is over")
        rules = self.rules
        with rules.narrating() if self.narrate else nullcontext([]) as told, self._stopping():
            rules.apply(self.state, action, self.legal())
        self.told = told
        player = by or self.seats[seat].player
        recorded = player if player != self.seats[seat].kind else None  # only when not the seat's own kind
        entry = LogEntry(seat, self.rules.action_to_data(action), self.rules.describe(action), recorded)
        self._record(entry)
        return entry

    def reset_caches(self) -> None:
        """Forget the legal list and whatever the rules remember of the position
        (:meth:`Rules.position_changed`): call it after changing :attr:`state` by hand.
        A position builder's ``build()`` calls it."""
        self._legal = None
        self.rules.position_changed(self.state)

    def _stopping(self) -> AbstractContextManager[None]:
        """Keep a copy of the state at each boundary of :attr:`stop_at` the automatic steps
        inside the block cross, in :attr:`stops`.  Only copies: the game goes on exactly
        as it would without (the copies are what a player would see if the table paused).
        Without :attr:`stop_at`, a block that does nothing (entered on every move)."""
        if not self.stop_at:
            self.stops = []
            return nullcontext()
        return self._stopping_at()

    @contextmanager
    def _stopping_at(self) -> Iterator[None]:
        stops: list[Stop] = []
        rules, wanted = self.rules, self.stop_at

        def watch(state: Any, phase: str) -> None:
            if phase in wanted:
                stops.append(Stop(rules.round_number(state), phase, rules.clone(state)))

        with rules.watching_phases(watch):
            yield
        self.stops = stops

    def _record(self, entry: LogEntry) -> None:
        """Log an applied action; keep a digest every ``DIGEST_INTERVAL`` actions."""
        self.log.append(entry)
        self._legal = None
        if len(self.log) % savefile.DIGEST_INTERVAL == 0:
            self.checkpoints.append(Checkpoint(len(self.log), self.checkpoint_digest()))

    def checkpoint_digest(self, final: bool = False) -> str:
        """A digest of what the players see at this point: the seat to move, the
        round and the notation of every legal move (``final``: and every seat's
        score, for the digest at the end of the log).

        It depends on the game's outcome, not on how the state is stored, so a
        new field or a renamed one in a game's state leaves old saves valid; a
        rules change that alters what happens changes it.  The legal list it
        needs is the one the next move is checked against, so a checkpoint
        costs no extra generation; scores are left out of checkpoints because
        some games compute them (Power Grid's cities powered), and a game that
        goes differently shows it in its legal moves soon enough.
        """
        rules = self.rules
        moves = [rules.describe(a) for a in self.legal()] if self.to_move is not None else []
        seen: list[Any] = [self.to_move, rules.round_number(self.state), moves]
        if final:
            seen.append(rules.scores(self.state))
        return hashlib.blake2b(canonical_bytes(seen), digest_size=16).hexdigest()

    def find(self, text: str) -> Any:
        """The legal move named by ``text``: its list number (from 1), its notation,
        or a unique prefix of its notation.

        Text that reads as a complete move of the game is judged as that move:
        played if legal, refused with the game's :class:`IllegalAction` (its
        reason and rule) if not.  A number is never taken as the start of a longer
        one (``bid 4`` is not ``bid 49``, ``PB-1`` not ``PB-10``); a word may be cut
        short even where the cut reads as a move (``start Tok`` for ``start
        Tokyo``), as long as it starts exactly one legal move and is more than one letter
        (``x`` alone does not play ``x margot PB-05``, the one move it starts: a letter
        typed by mistake would play it; ``dr`` plays ``drop out``).  Other text raises
        :class:`ParseError`.
        """
        legal = self.legal()
        wanted = text.strip()
        said = quoted(text)  # a line pasted by mistake is not said back whole
        if not wanted:
            raise ParseError("no move given: type its number, its notation or the start of it")
        if wanted.isascii() and wanted.isdigit():
            index = int(wanted)
            if 1 <= index <= len(legal):
                return legal[index - 1]
            numbered = "the one move is number 1" if len(legal) == 1 else f"moves are numbered 1–{len(legal)}"
            raise ParseError(f"there is no move number {index}; {numbered}")
        try:
            return self.rules.parse(wanted, self.state)
        except ParseError:
            pass
        action = self.rules.read_action(wanted)
        prefix = normalise(wanted)
        matches = self._started_by(prefix, legal)
        if action is not None and action in legal:
            return action
        if len(matches) == 1:  # a word cut short, even one that reads as an illegal move
            notation = self.rules.describe(matches[0])
            if len(prefix) < 2 and normalise(notation) != prefix:
                raise ParseError(  # ``x`` for ``x margot PB-05``: a slip, not a choice of that move
                    f"{said} is one letter of {notation!r}: type more of it, or its number"
                )
            return matches[0]
        if matches:
            named = [self.rules.describe(a) for a in matches]
            heads = {n.rpartition(" ")[0] for n in named}
            if len(named) > 5 and len(heads) == 1 and all(n.rpartition(" ")[2].isdigit() for n in named):
                run = f"{named[0]} … {named[-1]} ({len(named)} moves)"  # ``auction 3 bid 3`` … ``bid 50``
                raise ParseError(f"{said} could mean {run}: type it with the number")
            shown = ", ".join(named[:5])
            more = f" … ({len(matches)} moves)" if len(matches) > 5 else ""
            raise ParseError(f"{said} could mean several moves: {shown}{more}")
        if action is not None:
            raise self.rules.refusal(self.state, action)
        within = [a for a in legal if f" {prefix} " in f" {normalise(self.rules.describe(a))} "]
        if within:  # the move's words without its first ones (`build PB-01` for `x build PB-01`)
            meant = " or ".join(repr(self.rules.describe(a)) for a in within[:3])
            raise ParseError(f"{said} is not a legal move now; did you mean {meant}?")
        raise ParseError(f"{said} is not a legal move now")

    def _started_by(self, prefix: str, legal: list[Any]) -> list[Any]:
        """The legal moves whose notation (normalised) starts with ``prefix``, where a number
        that ``prefix`` ends with does not go on (``bid 4`` starts no ``bid 49``; ``MS1``
        starts ``MS1L``)."""
        describe = self.rules.describe
        cut = len(prefix)
        number = prefix[-1:].isdigit()
        started = []
        for action in legal:
            notation = normalise(describe(action))
            if notation.startswith(prefix) and not (number and notation[cut : cut + 1].isdigit()):
                started.append(action)
        return started

    # -- history ------------------------------------------------------------------

    def rewind(self, actions: int) -> None:
        """Go back to the state after the first ``actions`` actions of the log."""
        if not 0 <= actions <= len(self.log):
            raise BadOptions(f"the log has {len(self.log)} actions, cannot go to {actions}")
        entries = self.log[:actions]
        self.state = self.rules.initial_state(self.seed)
        self.log = []
        self.checkpoints = []
        self._legal = None
        self.position_set = False  # back to the game its log rebuilds
        # These actions were checked when they were played: perform them directly.
        for entry, action in zip(entries, self._decode_actions(entries), strict=True):
            self.rules.perform(self.state, action)
            self._record(entry)

    def first_reveal(self, start: int, seats: Iterable[int]) -> int | None:
        """The first logged action from index ``start`` on whose outcome hidden information
        decided, as one of ``seats`` sees it (a card drawn from a deck, a die rolled), or
        ``None``.  Taking such an action back would let a player see what was hidden and
        choose again, so ``undo`` stops short of it.

        Game-agnostic: the action is played on two deals of what the seat could not see
        before it (:meth:`Rules.determinise` of its view); when the seat sees two different
        outcomes, the action showed it something.  A game that hides nothing shows nothing."""
        rules = self.rules
        state = rules.initial_state(self.seed)
        watching = list(seats)
        for index, action in enumerate(self._decode_actions(self.log)):
            if index >= start and any(self._shows(state, action, seat) for seat in watching):
                return index
            rules.perform(state, action)
        return None

    def _shows(self, state: Any, action: Any, seat: int) -> bool:
        rules = self.rules
        view = rules.view(state, seat)
        if view is state:
            return False  # nothing hidden from this seat
        seen = set()
        for deal in (1, 2):
            dealt = rules.determinise(view, seat, Rng.from_seed(deal))
            try:
                rules.perform(dealt, action)
            except Exception:  # not playable on another deal: what was hidden decided it
                return True
            seen.add(rules.digest(rules.view(dealt, seat)))
        return len(seen) > 1

    def actions(self) -> list[list[int]]:
        """The log's entries grouped by player action: an entry that answers a further
        step of the action its seat started (:meth:`Rules.continues_turn`, e.g. where
        to build and how to pay) joins it.  Read by replaying the log."""
        rules = self.rules
        state = rules.initial_state(self.seed)
        groups: list[list[int]] = []
        for index, (entry, action) in enumerate(zip(self.log, self._decode_actions(self.log), strict=True)):
            if groups and rules.continues_turn(state) and self.log[groups[-1][0]].seat == entry.seat:
                groups[-1].append(index)
            else:
                groups.append([index])
            rules.perform(state, action)
        return groups

    def told_by_entry(self) -> list[list[str]]:
        """What the automatic steps after each logged action said (:meth:`Rules.tell`), as
        the table heard it when the action was played: the log replayed with the rules
        narrating (a log shows an action with the answers the rules gave for it)."""
        rules = self.rules
        state = rules.initial_state(self.seed)
        said: list[list[str]] = []
        for action in self._decode_actions(self.log):
            with rules.narrating() as told:
                rules.perform(state, action)
            said.append(list(told))
        return said

    def undo(self, count: int = 1) -> None:
        self.rewind(max(0, len(self.log) - count))

    # -- save files -----------------------------------------------------------------

    def to_save(self) -> SaveFile:
        if self.position_set:
            raise SaveFileError(
                "this game's position was set by hand: its log does not rebuild it, so it cannot be saved"
            )
        save = SaveFile(
            turbine_version=turbine_version(),
            variant=self.spec.id,
            expansions=self.expansions,
            plugins=self.plugin_versions,
            rules_versions=self.rules_versions,
            options=self.options,
            players=self.players,
            seed=self.seed,
            seats=[msgspec.structs.replace(seat) for seat in self.seats],  # a later handover leaves it be
            log=list(self.log),
            checkpoints=list(self.checkpoints),
            final_digest=self.checkpoint_digest(final=True),
            final_scores=self.rules.scores(self.state) if self.is_over else None,
        )
        save.log_digest = savefile.log_digest(save)
        return save

    def save(self, path: str) -> None:
        savefile.save(path, self.to_save())

    @classmethod
    def from_save(
        cls,
        registry: Registry,
        save: SaveFile,
        *,
        upto: int | None = None,
        warnings: list[str] | None = None,
        on_step: Callable[[int, Game], None] | None = None,
        installed_rules: bool = False,
    ) -> Game:
        """Rebuild a saved game by replaying its log, checking every action and digest.

        Every action is checked for legality as it is replayed.  When the save
        was played under the rules versions installed now, its checkpoint and
        final digests and its final scores must match the replay; under other
        versions (or in save format 1, which has no versions) the game is
        rebuilt by its log alone, a log entry whose data no longer decodes is
        read from its notation, and what could not be compared is said in
        ``game.load_report.notes``, which are also appended to ``warnings``.
        Anything that prevents the rebuild raises :class:`SaveFileError`.

        A save made under an older rules version that its game still plays
        (:attr:`VariantSpec.oldest_rules_version`) is replayed and played on under
        that version, digests compared; ``installed_rules`` replays it under the
        installed versions instead (``turbine upgrade``).

        ``upto`` stops after that many actions.  ``on_step(step, game)`` is
        called before the first action (step 0) and after each action (its
        number), so a replay viewer can keep what it needs of every state in
        one pass.
        """
        for name in [save.variant, *save.expansions]:
            if registry.find_variant(name) is None and registry.find_expansion(name) is None:
                broken = registry.broken(name)
                if broken is not None:
                    raise SaveFileError(f"the save needs {name!r}, but {broken}")
                raise SaveFileError(f"the save needs the plugin for {name!r}, which is not installed")
        _check_versions_named(save)
        kept = None if installed_rules else kept_rules_versions(registry, save)
        try:
            game = cls(
                registry,
                save.variant,
                players=save.players,
                seed=save.seed,
                options=save.options,
                expansions=save.expansions,
                seats=save.seats,
                rules_versions=kept,
            )
        except (BadOptions, IllegalAction) as exc:
            raise SaveFileError(f"the saved game cannot be set up: {exc}") from None
        installed = installed_rules_versions(registry, save.variant, save.expansions)
        report = game.load_report = _report_for(save, game.rules_versions, installed)
        older = _kept_text(game.rules_versions, installed)
        if older:  # the players should know which rules they play on under
            report.notes.append(
                f"played under the rules it was saved with: {older}; "
                "`turbine upgrade --latest-rules` moves it to today's"
            )
        gone = sorted(set(save.plugins) - set(game.plugin_versions))
        if gone:  # one note, however many: the list is the file's to say, not a digest's to check
            names = ", ".join(gone[:3]) + (f" and {len(gone) - 3:,} more" if len(gone) > 3 else "")
            one = len(gone) == 1
            report.notes.append(
                f"plugin{'' if one else 's'} {names} {'was' if one else 'were'} active when saved, "
                f"and {'is' if one else 'are'} not now"
            )
        stop = len(save.log) if upto is None else min(upto, len(save.log))
        entries = save.log[:stop]
        rules = game.rules
        actions = game._decode_actions(entries, tolerant=not report.same_rules)
        checkpoints = {c.actions: c.digest for c in save.checkpoints} if report.same_rules else {}
        if on_step is not None:
            on_step(0, game)
        # looked up once: this loop is what every load and replay runs
        state, to_move, apply, legal, record = (
            game.state,
            rules.to_move,
            rules.apply,
            game.legal,
            game._record,
        )
        index = 0
        try:
            for index, (entry, decoded) in enumerate(zip(entries, actions, strict=True), start=1):
                seat = to_move(state)
                if seat is None:
                    raise SaveFileError(
                        f"action {index} ({entry.notation!r}) comes after the end of the game, which ended "
                        f"with action {index - 1}"
                        + _misnamed(rules, entries[:index], actions, report)
                        + _under(report)
                    )
                if entry.seat != seat:
                    raise SaveFileError(
                        f"action {index} ({entry.notation!r}, {game.where()}) is recorded for seat "
                        f"{entry.seat + 1}, but seat {seat + 1} is to move"
                        + _misnamed(rules, entries[:index], actions, report)
                        + _under(report)
                    )
                action = decoded if decoded is not None else game._read_logged(index, entry)
                try:
                    apply(state, action, legal())
                except IllegalAction as exc:  # the state is unchanged, so where() is still right
                    raise SaveFileError(
                        f"action {index} ({entry.notation!r}, {game.where()}) is illegal: {exc}"
                        + _misnamed(rules, entries[:index], actions, report)
                        + _under(report)
                    ) from None
                record(entry)
                if on_step is not None:
                    on_step(index, game)
                expected = checkpoints.get(index)
                if expected is not None:
                    last = game.checkpoints[-1] if game.checkpoints else None
                    made = last.digest if last and last.actions == index else game.checkpoint_digest()
                    if expected != made:
                        raise SaveFileError(
                            f"the game after action {index} differs from the one saved (digest mismatch): "
                            "the file has been edited, or the rules changed without a new rules version"
                            + _misnamed(rules, entries[:index], actions, report)
                        )
                    report.digests_compared += 1
        except SaveFileError as exc:  # the actions before this one rebuild: a replay may show them
            exc.replayed = index - 1
            raise
        if stop == len(save.log):
            try:
                game._check_end(save, report)
            except SaveFileError as exc:  # every action replayed; the last one's result differs
                exc.replayed = stop - 1
                raise
        if warnings is not None:
            warnings.extend(report.notes)
        return game

    def _check_end(self, save: SaveFile, report: LoadReport) -> None:
        """Compare the final digest and scores of a whole replay with the saved ones."""
        if report.same_rules and save.final_digest:
            if save.final_digest != self.checkpoint_digest(final=True):
                raise SaveFileError(
                    "the game at the end of the log differs from the one saved (digest mismatch)"
                )
            report.digests_compared += 1
        if save.final_scores is None:
            return
        now = self.rules.scores(self.state) if self.is_over else None
        report.scores_match = now == save.final_scores
        if report.scores_match:
            return
        replayed = f"are {now}" if now is not None else "are not reached: the game does not end there"
        text = f"the final scores were {save.final_scores} when saved and {replayed} now"
        if report.same_rules:
            raise SaveFileError(text)
        report.notes.append(text + " (the rules changed)")

    def _read_logged(self, index: int, entry: LogEntry) -> Any:
        """A logged action whose data no longer decodes, read from its notation (saves
        from other rules versions only)."""
        try:
            return self.rules.parse(entry.notation, self.state)
        except ParseError:
            raise SaveFileError(
                f"action {index} ({entry.notation!r}, {self.where()}) cannot be read by today's "
                "rules: neither its data nor its notation is a legal move" + _under(self.load_report)
            ) from None

    def _decode_actions(self, entries: list[LogEntry], tolerant: bool = False) -> list[Any]:
        """The log's actions as the game's action type, all in one decode.

        ``tolerant``: an entry that does not decode is ``None`` (to be read from
        its notation) instead of an error.
        """
        try:
            log_type = GenericAlias(list, (self.rules.action_type,))  # list[the game's action type]
            return msgspec.convert([e.action for e in entries], type=log_type)
        except (msgspec.ValidationError, RecursionError):
            pass
        actions: list[Any] = []
        for index, entry in enumerate(entries, start=1):  # find the bad ones
            try:
                actions.append(self.rules.action_from_data(entry.action))
            except (msgspec.ValidationError, RecursionError) as exc:
                if not tolerant:
                    raise SaveFileError(
                        f"action {index} ({entry.notation!r}) is not an action of this game: {exc}"
                    ) from None
                actions.append(None)
        return actions

    @classmethod
    def load(cls, registry: Registry, path: str, **kwargs: Any) -> Game:
        """The game saved at ``path`` (:meth:`from_save`); a key written twice in one of the
        file's objects is noted in :attr:`load_report` and among the ``warnings``."""
        save, twice = savefile.load_checked(path)
        game = cls.from_save(registry, save, **kwargs)
        if twice is not None:
            game.load_report.twice = twice
            note = savefile.twice_note(twice)
            game.load_report.notes.append(note)
            if kwargs.get("warnings") is not None:
                kwargs["warnings"].append(note)
        return game

    def where(self) -> str:
        """Round, phase and seat to move, for messages."""
        parts = []
        round_number = self.rules.round_number(self.state)
        if round_number:
            parts.append(f"round {round_number}")
        phase = self.rules.phase_name(self.state)
        if phase:
            parts.append(phase)
        seat = self.to_move
        parts.append("game over" if seat is None else f"seat {seat + 1} ({self.seats[seat].name}) to move")
        return ", ".join(parts)

    # -- who plays ------------------------------------------------------------------

    def hand_over(self, seat: int, player: str) -> bool:
        """From now on ``seat`` (0-based) is played by ``player``: ``human`` or a bot kind
        that plays this variant (another raises :class:`BadOptions` listing them, and
        nothing changes).  The seat keeps its name and the :attr:`Seat.kind` it was set
        up for; the moves it makes from now on record who made them
        (:attr:`LogEntry.by`).  False if ``player`` plays it already."""
        if not 0 <= seat < self.players:
            raise BadOptions(f"there is no seat {seat + 1}; seats are numbered 1–{self.players}")
        if player != "human":
            self.registry.bot(player, self.spec.id)
        current = self.seats[seat]
        if current.player == player:
            return False
        current.played_by = None if player == current.kind else player
        return True

    def played_by(self, entry: LogEntry) -> str:
        """Who played a move of the log: ``human`` or a bot kind."""
        return entry.by or self.seats[entry.seat].kind

    def make_bot(self, seat: int, seed_offset: int = 0, seconds: float | None = None) -> SeatBot:
        """The bot that plays ``seat`` now, seeded from the game's seed, as the table holds
        it: asked with the game's state, it decides from its seat's view and has its
        answer checked (:class:`~turbine.core.bots.SeatBot`; ``seconds``: its time
        budget per decision)."""
        spec = self.registry.bot(self.seats[seat].player, self.spec.id)
        return seat_bot(spec, self.rules, seat, self.seed + seed_offset, seconds)

    def make_bots(self, seed_offset: int = 0, seconds: float | None = None) -> dict[int, SeatBot]:
        """The bot of every seat a bot plays now (:meth:`make_bot`)."""
        return {
            i: self.make_bot(i, seed_offset, seconds)
            for i, seat in enumerate(self.seats)
            if seat.player != "human"
        }


@dataclass(frozen=True)
class Stop:
    """The game at a phase boundary the automatic steps crossed (:attr:`Game.stops`)."""

    round: int
    phase: str
    """The phase about to begin."""
    state: Any
    """A copy of the state just before it began."""


def _phase_names(rules: Rules[Any, Any, Any], names: Iterable[str]) -> frozenset[str]:
    """``stop_at`` checked against the game's phases where the rules name them."""
    wanted = frozenset(names)
    machine = getattr(rules, "machine", None)
    known = getattr(machine, "names", None)
    if known is not None and not wanted <= set(known):
        unknown = ", ".join(sorted(wanted - set(known)))
        raise BadOptions(f"stop_at: no phase {unknown}; the phases are {', '.join(known)}")
    return wanted


CHANGED = "changed since it was saved"
"""How every message about an edited save says so."""


def verify_save(registry: Registry, save: SaveFile, source: str = "save file") -> tuple[Game, str]:
    """Check everything a save can prove; the rebuilt game and a one-line summary.

    Verified means: every digest is present and in range; the log digest
    matches the setup and every log entry (any edit, truncation or reordering
    shows, unless whoever edited it recomputed the digest); every action is
    legal when replayed; and, under the rules versions it was played with, each
    checkpoint and the final digest, the final scores and each move's notation
    match the replay.  Under other (older) rules versions the digests and notations
    are not compared (said in the summary); the final scores must still match.  A
    save from rules newer than the installed ones is not verified.
    Any failure raises :class:`SaveFileError`.
    """
    savefile.check_digests_present(save, source)
    edited = save.log_digest != savefile.log_digest(save)  # needs no rules: the first thing said
    try:
        game = Game.from_save(registry, save)  # names the step where a replay goes wrong
    except SaveFileError as exc:
        if edited and CHANGED not in str(exc):  # a setup edited (its variant, rules version …)
            changed = savefile.changed_since_saved(save, source)
            raise SaveFileError(f"{changed} (replaying it: {exc})") from None
        raise
    report = game.load_report
    if game.is_over and save.final_scores is None:  # every turbine of format 2 writes them
        raise SaveFileError(f"not verified: the game is over but {source} has no final scores")
    if report.scores_match is False:
        raise SaveFileError(f"not verified: {report.notes[-1]}")
    total = len(save.log)
    if report.newer_rules and edited:  # not for a turbine with those rules to verify: it was edited
        raise savefile.changed_since_saved(save, source)
    if report.newer_rules:  # played under rules this turbine does not have: nothing to check it against
        name, (saved, installed) = next(iter(report.newer_rules.items()))
        raise SaveFileError(
            f"not verified: {source} was saved under {name} rules version {saved}, newer than the "
            f"installed {installed}; a turbine with those rules can verify it"
        )
    if not report.same_rules:
        if report.edited:  # compared when it was loaded
            raise savefile.changed_since_saved(save, source)
        scores = "; the final scores match" if report.scores_match else ""
        return game, (
            f"Verified: the log digest matches the setup and {plural(total, 'action')}; replayed under other "
            f"rules versions (saved under {_versions_text(save.rules_versions)}, installed "
            f"{_versions_text(game.rules_versions)}), so digests and notations were not compared{scores}."
        )
    rules = game.rules
    for step, entry in enumerate(save.log, start=1):
        notation = rules.describe(rules.action_from_data(entry.action))
        if entry.notation != notation:
            raise SaveFileError(
                f"action {step} is written {entry.notation!r} but the rules call it {notation!r}"
            )
    if report.edited:
        raise savefile.changed_since_saved(save, source)
    scores = " and the final scores" if report.scores_match else ""
    kept = _kept_text(game.rules_versions, installed_rules_versions(registry, save.variant, save.expansions))
    under = f" (replayed under the rules it was played with: {kept})" if kept else ""
    return game, (
        f"Verified: the log digest matches the setup and {plural(total, 'action')}; "
        f"{plural(report.digests_compared, 'digest')}{scores} "
        f"{'matches' if report.digests_compared == 1 and not scores else 'match'} the replay{under}."
    )


def _versions_text(versions: Mapping[str, int]) -> str:
    return ", ".join(f"{name} {version}" for name, version in versions.items()) or "none"


def installed_rules_versions(registry: Registry, variant: str, expansions: Iterable[str]) -> dict[str, int]:
    """The installed rules version of a variant and of each of its expansions, by id."""
    versions = {variant: registry.variant(variant).rules_version}
    return versions | {e: registry.expansion(e, variant).rules_version for e in expansions}


def _kept_text(played: Mapping[str, int], installed: Mapping[str, int]) -> str:
    """``power_grid 1 (installed power_grid 2)``: the versions a game is played under that
    are older than the installed ones; ``""`` when there are none."""
    older = {name: v for name, v in played.items() if v < installed[name]}
    if not older:
        return ""
    return f"{_versions_text(older)} (installed {_versions_text({name: installed[name] for name in older})})"


Spec = VariantSpec | ExpansionSpec


def _specs(registry: Registry, variant: str, expansions: Iterable[str]) -> dict[str, Spec]:
    """The spec of a variant and of each of its expansions, by id."""
    specs: dict[str, Spec] = {variant: registry.variant(variant)}
    return specs | {e: registry.expansion(e, variant) for e in expansions}


def _oldest(spec: Spec) -> int:
    return spec.rules_version if spec.oldest_rules_version is None else spec.oldest_rules_version


def _older_rules(
    registry: Registry, variant: str, expansions: list[str], wanted: Mapping[str, int]
) -> dict[str, int]:
    """The versions of ``wanted`` older than the installed ones, each checked to be one
    its game still plays (:class:`BadOptions` names the one that is not)."""
    specs = _specs(registry, variant, expansions)
    older = {}
    for name, version in wanted.items():
        spec = specs.get(name)
        if spec is None:
            raise BadOptions(f"rules versions: {name!r} is neither the variant nor one of its expansions")
        if type(version) is not int:
            raise BadOptions(f"rules versions: {name}'s version must be a whole number, not {version!r}")
        if not _oldest(spec) <= version <= spec.rules_version:
            raise BadOptions(
                f"{name} rules version {version} is not played by the installed {name} "
                f"(versions {_oldest(spec)}–{spec.rules_version})"
            )
        if version < spec.rules_version:
            older[name] = version
    return older


def kept_rules_versions(registry: Registry, save: SaveFile) -> dict[str, int]:
    """The rules version each game of the save is replayed under: the one it was saved
    under while that game still plays it (:attr:`VariantSpec.oldest_rules_version`), so
    that it replays exactly as it was played, else the installed one.  A save of format 1
    was made before any game had a second rules version: under version 1."""
    names = [save.variant, *save.expansions]
    saved = save.rules_versions if save.format_version >= 2 else dict.fromkeys(names, 1)
    kept = {}
    for name, spec in _specs(registry, save.variant, save.expansions).items():
        version = saved.get(name)
        played = type(version) is int and _oldest(spec) <= version <= spec.rules_version
        kept[name] = version if played and version is not None else spec.rules_version
    return kept


def _check_versions_named(save: SaveFile) -> None:
    """A save of format 2 names the rules version of its variant and of each of its
    expansions, and nothing else (every turbine that writes format 2 does)."""
    if save.format_version < 2:
        return
    names = {save.variant, *save.expansions}
    if set(save.rules_versions) != names:
        missing, extra = sorted(names - set(save.rules_versions)), sorted(set(save.rules_versions) - names)
        wrong = [f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing"] if missing else []
        wrong += (
            [f"{', '.join(extra)} {'is' if len(extra) == 1 else 'are'} not of this game"] if extra else []
        )
        raise SaveFileError(
            f"its rules versions ({_versions_text(save.rules_versions)}) must name exactly the game "
            f"and its expansions ({', '.join(sorted(names))}): {' and '.join(wrong)}"
        )


def _report_for(save: SaveFile, played: dict[str, int], installed: dict[str, int]) -> LoadReport:
    """Whether a save's digests can be compared with its replay under the rules versions
    ``played`` (its own, where its games still play them; else the ``installed`` ones)."""
    if save.format_version < 2:
        return LoadReport(
            same_rules=False,
            notes=[
                "saved in format 1, before rules versions: replayed by its log with every move "
                "checked; its digests were not compared"
            ],
        )
    report = LoadReport()
    if not save.log_digest:  # every turbine that writes format 2 writes one
        report.edited = report.no_digest = True
        report.notes.append("the setup or log may have been changed since it was saved: it has no log digest")
    elif save.log_digest != savefile.log_digest(save):
        report.edited = True
        report.notes.append(
            "the setup or log has been changed since it was saved: it does not match its log digest"
        )
    if save.rules_versions != played:
        report.same_rules = False
        report.newer_rules = {
            name: (saved, installed[name])
            for name, saved in save.rules_versions.items()
            if name in installed and saved > installed[name]
        }
        under = (  # a later version's game may play out otherwise under the installed rules
            "replayed by its log under the installed rules, older than those it was played under"
            if report.newer_rules
            else "replayed by its log"
        )
        report.notes.append(
            f"saved under rules versions {_versions_text(save.rules_versions)}, installed are "
            f"{_versions_text(installed)}: {under}; digests were not compared"
        )
    return report


def _misnamed(
    rules: Rules[Any, Any, Any], entries: Sequence[LogEntry], actions: Sequence[Any], report: LoadReport
) -> str:
    """Where a replay went wrong because an earlier move's data was edited and its notation
    left as it was: ``; action 3 is written 'bid 6' but its data is 'bid 16'`` (the first
    such entry).  Looked for only once a replay has failed, and only under the rules the
    save was written with (another version may write a move otherwise)."""
    if not report.same_rules:  # (then every entry was decoded: ``actions`` has no None)
        return ""
    for step, (entry, action) in enumerate(zip(entries, actions, strict=False), start=1):
        written = rules.describe(action)
        if written != entry.notation:
            return f"; action {step} is written {entry.notation!r} but its data is {written!r}"
    return ""


def _under(report: LoadReport) -> str:
    """Why a logged move may have become illegal: the file was edited, or the rules
    changed since it was saved."""
    why = []
    if report.edited:
        why.append("the file has been changed since it was saved")
    if not report.same_rules:
        saved = next(note for note in report.notes if note.startswith("saved"))  # format or versions
        why.append(saved.split(":")[0])
    return f" ({'; '.join(why)})" if why else ""
