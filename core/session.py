"""A game in progress: rules + state + the log that rebuilds it.

:class:`Game` is what the command line, bots, replays and the conformance kit
drive.  It caches the legal list of the current decision (so that a decision
costs one ``legal_actions`` and one ``apply``), records every action with its
notation, and turns into a :class:`~turbine.core.savefile.SaveFile` and back.
"""

from __future__ import annotations

import functools
import importlib.metadata
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import msgspec
from pydantic import BaseModel, Field, ValidationError, create_model

from . import savefile
from .errors import BadOptions, IllegalAction, ParseError, SaveFileError
from .plugins import Registry
from .rules import Rules, normalise
from .savefile import Checkpoint, LogEntry, SaveFile, Seat
from .specs import ExpansionSpec


def turbine_version() -> str:
    try:
        return importlib.metadata.version("turbine")
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
    options model as a field named after the expansion (built once per setup)."""
    spec = registry.variant(variant)
    chosen = tuple(registry.expansions[e] for e in dict.fromkeys(expansions) if e in registry.expansions)
    return _combined_model(spec.options, chosen)


def validate_options(model: type[BaseModel], options: Mapping[str, Any]) -> BaseModel:
    """Options through the variant's pydantic model, errors as one readable line."""
    unknown = sorted(set(options) - set(model.model_fields))
    if unknown:
        known = ", ".join(sorted(model.model_fields)) or "none"
        raise BadOptions(f"unknown option {', '.join(unknown)}; options: {known}")
    try:
        return model.model_validate(dict(options))
    except ValidationError as exc:
        parts = []
        for error in exc.errors():
            where = ".".join(str(p) for p in error["loc"]) or "options"
            parts.append(f"option {where}: {error['msg']} (got {error.get('input')!r})")
        raise BadOptions("; ".join(parts)) from None


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
    ) -> None:
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
        self.option_model = validate_options(
            options_model(registry, variant, self.expansions), options or {}
        )
        self.options: dict[str, Any] = self.option_model.model_dump(mode="json")
        self.seats = seats or [Seat(f"Player {i + 1}") for i in range(players)]
        if len(self.seats) != players:
            raise BadOptions(f"{len(self.seats)} seats given for {players} players")
        for seat in self.seats:
            if seat.kind != "human":
                registry.bot(seat.kind, variant)
        self.plugin_versions = registry.plugin_versions(active)
        pm = registry.game_plugin_manager(variant, self.expansions)
        self.rules: Rules[Any, Any] = spec.rules(self.option_model, players, pm)
        self.state = self.rules.initial_state(self.seed)
        self.log: list[LogEntry] = []
        self.checkpoints: list[Checkpoint] = []
        self._legal: list[Any] | None = None

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

    def play(self, action: Any) -> LogEntry:
        """Apply ``action`` for the seat to move; raises IllegalAction, changing nothing."""
        seat = self.to_move
        if seat is None:
            raise IllegalAction("the game is over")
        self.rules.apply(self.state, action, self.legal())
        entry = LogEntry(seat, self.rules.action_to_data(action), self.rules.describe(action))
        self._record(entry)
        return entry

    def _record(self, entry: LogEntry) -> None:
        """Log an applied action; keep a digest every ``DIGEST_INTERVAL`` actions."""
        self.log.append(entry)
        self._legal = None
        if len(self.log) % savefile.DIGEST_INTERVAL == 0:
            self.checkpoints.append(Checkpoint(len(self.log), self.rules.digest(self.state)))

    def find(self, text: str) -> Any:
        """The legal move named by ``text``: its list number (from 1), its notation,
        or a unique prefix of its notation.

        Text that names a move of the game which is not legal now raises the
        game's :class:`IllegalAction` (its reason and rule); other text raises
        :class:`ParseError`.
        """
        legal = self.legal()
        wanted = text.strip()
        if wanted.isdigit():
            index = int(wanted)
            if 1 <= index <= len(legal):
                return legal[index - 1]
            raise ParseError(f"there is no move number {index}; moves are numbered 1–{len(legal)}")
        try:
            return self.rules.parse(wanted, self.state)
        except ParseError:
            pass
        prefix = normalise(wanted)
        matches = [a for a in legal if normalise(self.rules.describe(a)).startswith(prefix)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            shown = ", ".join(self.rules.describe(a) for a in matches[:5])
            raise ParseError(f"{text!r} could mean several moves: {shown}")
        action = self.rules.read_action(wanted)
        if action is not None:
            raise self.rules.why_illegal(self.state, action)
        raise ParseError(f"{text!r} is not a legal move now")

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
        # These actions were checked when they were played: perform them directly.
        for entry, action in zip(entries, self._decode_actions(entries), strict=True):
            self.rules.perform(self.state, action)
            self._record(entry)

    def undo(self, count: int = 1) -> None:
        self.rewind(max(0, len(self.log) - count))

    # -- save files -----------------------------------------------------------------

    def to_save(self) -> SaveFile:
        return SaveFile(
            turbine_version=turbine_version(),
            variant=self.spec.id,
            expansions=self.expansions,
            plugins=self.plugin_versions,
            options=self.options,
            players=self.players,
            seed=self.seed,
            seats=self.seats,
            log=list(self.log),
            checkpoints=list(self.checkpoints),
            final_digest=self.rules.digest(self.state),
        )

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
    ) -> Game:
        """Rebuild a saved game by replaying its log, checking every action and digest.

        ``upto`` stops after that many actions.  Plugin version differences are
        appended to ``warnings``; anything that prevents an exact rebuild raises
        :class:`SaveFileError`.  ``on_step(step, game)`` is called before the
        first action (step 0) and after each action (its number), so a replay
        viewer can keep what it needs of every state in one pass.
        """
        for name in [save.variant, *save.expansions]:
            if name not in registry.variants and name not in registry.expansions:
                why = registry.errors.get(name)
                detail = f" (it failed to load: {why})" if why else ""
                raise SaveFileError(f"the save needs the plugin for {name!r}, which is not installed{detail}")
        try:
            game = cls(
                registry,
                save.variant,
                players=save.players,
                seed=save.seed,
                options=save.options,
                expansions=save.expansions,
                seats=save.seats,
            )
        except (BadOptions, IllegalAction) as exc:
            raise SaveFileError(f"the saved game cannot be set up: {exc}") from None
        if warnings is not None:
            for name, version in sorted(save.plugins.items()):
                have = game.plugin_versions.get(name)
                if have is None:
                    warnings.append(f"plugin {name} {version} was active when saved, and is not now")
                elif have != version:
                    warnings.append(f"plugin {name} was {version} when saved, is {have} now")
        checkpoints = {c.actions: c.digest for c in save.checkpoints}
        stop = len(save.log) if upto is None else min(upto, len(save.log))
        entries = save.log[:stop]
        rules = game.rules
        actions = game._decode_actions(entries)
        if on_step is not None:
            on_step(0, game)
        for index, (entry, action) in enumerate(zip(entries, actions, strict=True), start=1):
            seat = rules.to_move(game.state)
            if entry.seat != seat:
                raise SaveFileError(
                    f"action {index} ({entry.notation!r}, {game.where()}) is recorded for seat "
                    f"{entry.seat + 1}, but seat {_seat_text(seat)} is to move"
                )
            try:
                rules.apply(game.state, action)
            except IllegalAction as exc:  # the state is unchanged, so where() is still right
                raise SaveFileError(
                    f"action {index} ({entry.notation!r}, {game.where()}) is illegal: {exc}"
                ) from None
            game._record(entry)
            if on_step is not None:
                on_step(index, game)
            expected = checkpoints.get(index)
            if expected is not None and expected != rules.digest(game.state):
                raise SaveFileError(
                    f"the state after action {index} differs from the one saved "
                    "(digest mismatch): the rules or the file have changed"
                )
        if stop == len(save.log) and save.final_digest and save.final_digest != rules.digest(game.state):
            raise SaveFileError("the final state differs from the one saved (digest mismatch)")
        return game

    def _decode_actions(self, entries: list[LogEntry]) -> list[Any]:
        """The log's actions as the game's action type, all in one decode."""
        try:
            return msgspec.convert([e.action for e in entries], type=list[self.rules.action_type])
        except msgspec.ValidationError:
            pass
        for index, entry in enumerate(entries, start=1):  # find the bad one to name it
            try:
                self.rules.action_from_data(entry.action)
            except msgspec.ValidationError as exc:
                raise SaveFileError(
                    f"action {index} ({entry.notation!r}) is not an action of this game: {exc}"
                ) from None
        raise AssertionError("unreachable: the whole log failed to decode but no entry did")

    @classmethod
    def load(cls, registry: Registry, path: str, **kwargs: Any) -> Game:
        return cls.from_save(registry, savefile.load(path), **kwargs)

    def where(self) -> str:
        """Round, phase and seat to move, for messages."""
        parts = []
        round_number = self.rules.round_number(self.state)
        if round_number:
            parts.append(f"round {round_number}")
        phase = self.rules.phase_name(self.state)
        if phase:
            parts.append(phase)
        parts.append(f"seat {_seat_text(self.to_move)} to move" if self.to_move is not None else "game over")
        return ", ".join(parts)

    def make_bots(self, seed_offset: int = 0) -> dict[int, Any]:
        """A bot object for every bot seat, seeded from the game's seed."""
        return {
            i: self.registry.bot(seat.kind, self.spec.id).factory(self.rules, i, self.seed + seed_offset)
            for i, seat in enumerate(self.seats)
            if seat.kind != "human"
        }


def _seat_text(seat: int | None) -> str:
    return "-" if seat is None else str(seat + 1)
