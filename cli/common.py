"""Helpers shared by the commands: the registry, options, seats and loading games.

Everything here speaks the core API only; the command line knows no game.
"""

from __future__ import annotations

import contextlib
import difflib
import enum
import json
import re
import sys
import traceback
import typing
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import msgspec
import typer
from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import PydanticUndefined
from rich.console import Console
from rich.text import Text
from turbine.core import BadOptions, Game, Registry, Seat, TurbineError, default_registry, savefile
from turbine.core.bots import BotFailure, default_seat_name, seat_bot
from turbine.core.errors import BrokenContract, SaveFileError, bool_as_number

from . import output


class CliError(TurbineError):
    """Bad command-line input noticed by the command line itself (exit code 2)."""


class Interrupted(Exception):
    """Ctrl-C stopped a command: what it kept, said in one line (exit code 130, as a shell
    says an interrupted program)."""


_editing = False
"""Whether :func:`line_editing` loaded :mod:`readline` (a person at a terminal)."""


def line_editing() -> None:
    """Arrow keys, editing and a history of what was typed at the prompts of ``play`` and
    the stepper: Python's :func:`input` reads through :mod:`readline` once it is loaded.
    Only for a person at a terminal (a pipe has no keys), and where the platform has it."""
    global _editing
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (loading it is what switches it on)

            _editing = True


_ESCAPE = re.compile(r"(\x1b\[[0-9;]*m)")


def ask(console: Console, text: Text) -> str:
    """Read a line after ``text``.  With line editing, the prompt goes to :func:`input` itself,
    its colour codes marked as taking no room (``\\001`` … ``\\002``): printed apart, as rich's
    ``Console.input`` prints it, readline does not know it is there, and an empty line
    (Enter alone) wrote the next prompt on the same line.  Raises EOFError at the end of
    input."""
    if not _editing:
        return console.input(text)
    with console.capture() as captured:
        console.print(text, end="")
    return input(_ESCAPE.sub("\x01\\1\x02", captured.get()))


def registry() -> Registry:
    """The registry of installed plugins (discovered once per process).

    A plugin left out (broken, or missing what it requires) is noted for a
    warning when the command ends (:func:`warn_left_out`); the other games work.
    """
    reg = default_registry()
    reg.watch(_note_left_out)
    return reg


_left_out: dict[str, str] = {}
"""Plugins left out so far, by name: the sentence saying why."""


def _note_left_out(name: str, sentence: str) -> None:
    _left_out[name] = sentence


def warn_left_out(error: str = "") -> None:
    """One warning line on stderr per plugin left out, except the one ``error`` (the
    command's own error line) already names: using a broken plugin is one line."""
    for _, sentence in sorted(_left_out.items()):
        if sentence != error:
            output.warn(f"{sentence}; it is left out")
    _left_out.clear()


def plugin_at_fault(exc: BaseException) -> tuple[str, str] | None:
    """The installed plugin (not one of turbine's own) whose code raised ``exc``, and
    where (``plugin.py:42 in legal_actions``): the innermost frame of the traceback in
    one of its packages, or ``None`` when none of its frames is a plugin's."""
    try:
        loaded = registry().plugins
    except Exception:  # the error path must not fail in turn
        return None
    packages = {}
    for name, plugin in loaded.items():
        module = plugin.module
        top = str(getattr(module, "__name__", None) or type(module).__module__).partition(".")[0]
        if top != "turbine":  # turbine's own games are turbine's bugs
            packages[top] = name
    if isinstance(exc, BrokenContract):  # found by the engine, in what the plugin's code answered
        top = exc.culprit.partition(".")[0]
        return (packages[top], str(exc).partition(" ")[0]) if top in packages else None
    found = None
    for frame, line in traceback.walk_tb(exc.__traceback__):
        top = str(frame.f_globals.get("__name__", "")).partition(".")[0]
        if top in packages:
            code = frame.f_code
            found = (packages[top], f"{Path(code.co_filename).name}:{line} in {code.co_name}")
    return found


def forget_left_out() -> None:
    """No warnings for this command (``turbine plugins`` shows every plugin's status)."""
    _left_out.clear()


# -- options ----------------------------------------------------------------------


def parse_options(model: type[BaseModel], pairs: Sequence[str], with_flag: bool = True) -> dict[str, Any]:
    """``KEY=VALUE`` strings to an options mapping for ``model``.

    A value is read as JSON when that suits the option's type (``3``, ``true``,
    ``[1, 2]``), as a plain string otherwise, so ``--option map=japan`` needs
    no quotes, and a comma list fills a list option (``regions=red,yellow``).
    ``EXPANSION.KEY=VALUE`` sets an option of an enabled expansion (one that is
    not enabled is refused with the ``--with`` to add, or, for a command without
    ``--with`` (``with_flag=False``), as no option of the game).
    Validation proper (ranges, unknown keys) is the core's job.
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise CliError(f"--option expects KEY=VALUE, got {pair!r}")
        group, dot, name = key.partition(".")
        if dot:  # an expansion's option: EXPANSION.KEY=VALUE
            sub = model.model_fields.get(group)
            if sub is None:  # the expansion is not enabled: its options are not in the model
                if not with_flag:  # a command without --with (plugin check): the game has no such group
                    raise CliError(f"--option {key}: the game checked has no option {group!r}")
                raise CliError(f"--option {key} sets an option of the expansion {group}: add --with {group}")
            submodel = sub.annotation if sub is not None else None
            fields = getattr(submodel, "model_fields", {})
            field = fields.get(name)
            target = options.setdefault(group, {})
            if not isinstance(target, dict):
                raise CliError(f"--option {group} is given both as a value and as {key}")
            target[name] = _option_value(field.annotation if field is not None else None, raw)
            continue
        field = model.model_fields.get(key)
        options[key] = _option_value(field.annotation if field is not None else None, raw)
    return options


def _option_value(annotation: Any, raw: str) -> Any:
    candidates: list[Any] = []
    with contextlib.suppress(ValueError):
        candidates.append(json.loads(raw))
    candidates.append(raw)
    if not raw.lstrip().startswith("["):
        candidates.append([part.strip() for part in raw.split(",")])  # regions=red,blue or regions=red
    if annotation is None:
        return candidates[0]
    adapter: TypeAdapter[Any] = TypeAdapter(annotation)
    refused: list[Any] = []
    for candidate in candidates:
        if bool_as_number(annotation, candidate):  # pydantic would read ``true`` as 1
            refused.append(candidate)
            continue
        try:
            return adapter.dump_python(adapter.validate_python(candidate), mode="json")
        except (ValidationError, TypeError, ValueError):
            continue
    return refused[0] if refused else raw  # let the core explain what is wrong with it


def option_rows(model: type[BaseModel]) -> list[dict[str, Any]]:
    """Name, type, default, allowed values, bounds and description of each option."""
    rows = []
    for name, field in model.model_fields.items():
        default: Any = None if field.default is PydanticUndefined else field.default
        if field.default_factory is not None:
            default = field.default_factory()  # type: ignore[call-arg]
        if isinstance(default, enum.Enum):
            default = default.value
        row: dict[str, Any] = {
            "name": name,
            "type": _type_name(field.annotation),
            "default": _jsonable(default),
            "required": field.is_required(),
            "allowed": _allowed(field.annotation),
            "description": " ".join((field.description or "").split()).replace("``", "'"),
        }
        for meta in field.metadata:
            for attr, key in (("ge", "min"), ("gt", "above"), ("le", "max"), ("lt", "below")):
                value = getattr(meta, attr, None)
                if value is not None:
                    row[key] = value
        rows.append(row)
    return rows


def _jsonable(value: Any) -> Any:
    try:
        json.dumps(value)
    except TypeError:
        return str(value)
    return value


def _type_name(annotation: Any) -> str:
    if annotation is None:
        return "any"
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        kinds = sorted({type(arg).__name__ for arg in typing.get_args(annotation)})
        return " | ".join(kinds)
    if isinstance(annotation, type):
        if issubclass(annotation, enum.Enum):
            return "choice"
        return annotation.__name__
    return str(annotation).replace("typing.", "")


def _allowed(annotation: Any) -> list[Any] | None:
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    if isinstance(annotation, type):
        if issubclass(annotation, enum.Enum):
            return [member.value for member in annotation]
        if annotation is bool:
            return [True, False]
    return None


# -- the console ------------------------------------------------------------------


class SavedHead(msgspec.Struct):
    """What :func:`saved_game` reads of a file: enough to tell whose game it is."""

    format: str = ""
    format_version: int = 0
    variant: str = ""
    expansions: list[str] = []
    options: dict[str, Any] = {}
    seed: int = 0
    seats: list[Seat] = []
    log: list[dict[str, Any]] = []

    @property
    def later(self) -> bool:
        """Written by a later turbine (a save format this one does not know): never replaced
        without ``--force``, whose seats or moves it may hold otherwise than read here."""
        return self.format_version > savefile.FORMAT_VERSION

    def said(self) -> str:
        """What the file holds, for a refusal to replace it."""
        return "holds a game saved by a later version of turbine" if self.later else "holds a saved game"

    def earlier_copy_of(self, game: Game) -> bool:
        """The file holds ``game`` at this move or an earlier one: the same setup, and its
        moves the first of the game's (a copy made before, which the game has gone past)."""
        save = game.to_save()
        if (self.variant, self.expansions, self.options, self.seed) != (
            save.variant,
            save.expansions,
            save.options,
            save.seed,
        ):
            return False
        if [(s.name, s.kind) for s in self.seats] != [(s.name, s.kind) for s in save.seats]:
            return False
        theirs = [(e.get("seat"), e.get("action")) for e in self.log]
        ours = msgspec.to_builtins(save.log[: len(self.log)])  # shorter than theirs: no prefix of ours
        return theirs == [(e["seat"], e["action"]) for e in ours]


def saved_game(path: Path) -> SavedHead | None:
    """The head of the turbine save at ``path``; ``None`` when it holds none (no file, a
    folder, another kind of file).  A file that names the save format but cannot be read
    as one (or is damaged, as every command would say) still counts as a save, with no
    seats known: it may be a game a person played."""
    try:
        with open(path, "rb", opener=savefile.open_regular) as file:
            if b'"turbine-save"' not in file.read(4096):
                return None
            file.seek(0)
            data = file.read(savefile.MAX_FILE_BYTES + 1)
    except OSError:
        return None
    try:
        head = msgspec.json.decode(data, type=SavedHead)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return SavedHead()
    if head.format != savefile.FORMAT:
        return SavedHead()
    if head.later:
        return head
    try:  # a save every command refuses as damaged is not known to be bots' alone
        savefile.decode(data, str(path))
    except SaveFileError:
        return SavedHead()
    return head


def guard_output(
    out: Path, what: str, *, force: bool, reading: Path | None = None, bots_may_go: bool = False
) -> None:
    """Refuse, before any work, to write ``what`` (a picture, a page, rows, a game) where
    a game would be lost: over ``reading``, the save it is made from, always
    (``--html b.json`` for ``b.json``); over another saved game unless ``force`` (see
    :func:`replaceable` for ``bots_may_go``)."""
    if reading is not None:
        with contextlib.suppress(OSError):
            if out.exists() and out.samefile(reading):
                raise CliError(f"{out} is the save being read; write the {what} to another file")
    writable_file(out, what)
    if not force and not replaceable(out, bots_may_go):
        head = saved_game(out)
        holds = head.said() if head is not None else "exists and is no saved game"
        raise CliError(f"{out} {holds}; use --force to replace it, or write the {what} to another file")


def writable_file(out: Path, what: str) -> None:
    """Refuse, before any work, to write ``what`` where no file can be: on a device, a pipe or
    a folder (``--out ""`` is the folder ``.``), or in a folder that is not there (a whole
    game played, and then ``cannot write nodir/d.json``)."""
    try:
        savefile.written_path(out)
    except OSError as exc:
        raise CliError(f"cannot write the {what} to {out}: it is {_no_file(exc)}") from None
    folder = out.parent
    if not folder.is_dir():
        said = "is no folder" if folder.exists() else "does not exist"
        raise CliError(f"cannot write {out}: the folder {folder} {said}")


def _no_file(exc: OSError) -> str:
    return "a folder" if isinstance(exc, IsADirectoryError) else savefile.NOT_A_FILE


def replaceable(path: Path, bots_may_go: bool = False) -> bool:
    """Whether an output may be written at ``path`` without ``--force``: it holds no saved
    game (an older page or picture is replaced), or (``bots_may_go``, for a command that
    writes a save itself: ``demo``, ``simulate``, ``save FILE``) nothing yet or a game of
    bots alone, as a second ``turbine demo`` replaces the first one's: its seed and bots
    play it again.  A game a person played in, one too damaged to tell, and, for a save,
    any other file (``demo --out notes.txt``) are kept."""
    head = saved_game(path)
    if head is None:
        return not (bots_may_go and path.exists())
    if head.later:
        return False
    seats = head.seats
    return bots_may_go and bool(seats) and all("human" not in (seat.kind, seat.played_by) for seat in seats)


def parse_width(text: str | None) -> int | None:
    """``--width N``: a whole number of columns, at least :data:`output.MIN_WIDTH`
    (``None``: the terminal's width).  Read here rather than by typer, so that a bad
    value is one error line like any other bad input."""
    if text is None:
        return None
    value = text.strip()
    if not (value.isascii() and value.isdigit()) or not output.MIN_WIDTH <= int(value) <= MAX_WIDTH:
        raise CliError(
            f"--width expects a whole number of columns from {output.MIN_WIDTH} to {MAX_WIDTH}; got {text!r}"
        )
    return int(value)


MAX_WIDTH = 1000
"""The widest ``--width`` taken: wider than any terminal, short of what a line can be laid out in."""


def use_width(text: str | None) -> None:
    """Fit the command's output to ``--width`` (or to the terminal when it is not given)."""
    output.configure(parse_width(text))


# -- seats ------------------------------------------------------------------------


def player_count(spec: Any, players: int | None, default: int) -> int:
    """``--players`` (``default`` when not given), within the variant's range: 0 used to be
    taken as not given."""
    count = default if players is None else players
    if not spec.min_players <= count <= spec.max_players:
        raise CliError(f"{spec.name} is for {spec.min_players}–{spec.max_players} players, not {count}")
    return count


def parse_seats(text: str | None, players: int | None, minimum: int, option: str = "--seats") -> list[Seat]:
    """Seats from ``human,random,…`` (default: all human), given with ``option``.

    The player count is ``players`` if given (checked first by :func:`player_count`: a
    list of 10^20 seats would be made for it), else the number of seats listed, else the
    variant's minimum.  A single kind with ``players`` fills every seat.
    """
    kinds = [k.strip() for k in text.split(",")] if text else []
    if any(not k for k in kinds):
        raise CliError(f"{option} expects a comma list such as human,random; got {text!r}")
    count = players if players is not None else (len(kinds) or minimum)
    if not kinds:
        kinds = ["human"] * count
    elif len(kinds) == 1 and count > 1:
        kinds = kinds * count
    if len(kinds) != count:
        raise CliError(f"{option} lists {len(kinds)} seats but --players is {count}")
    return [Seat(default_seat_name(i, kind), kind) for i, kind in enumerate(kinds)]


NAME_LENGTH = 24
"""The longest player's name ``--names`` takes: it shares a line with the seat and the move."""


def name_seats(seats: list[Seat], text: str | None) -> list[Seat]:
    """``seats`` with the players' names from ``--names Anna,Ben`` in seat order (the seats
    not named keep theirs), checked: none empty or invisible, none too long, none twice
    (:func:`name_key`)."""
    if not text:
        return seats
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise CliError(f"--names expects a comma list such as Anna,Ben; got {text!r}")
    if len(names) > len(seats):
        raise CliError(
            f"--names lists {len(names)} names for {len(seats)} seats (more seats: --players or --seats)"
        )
    for name in names:
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:  # bytes the terminal's encoding could not read (surrogates)
            raise CliError(f"--names: {name!r} is not valid text (UTF-8)") from None
        if len(name) > NAME_LENGTH:
            raise CliError(f"--names: {name!r} is longer than {NAME_LENGTH} characters")
        if not name_key(name).strip():
            raise CliError(f"--names: {name!r} has no character that shows")
    named = [Seat(name, seat.kind) for seat, name in zip(seats, names, strict=False)] + seats[len(names) :]
    taken = [name_key(seat.name) for seat in named]
    for seat in named:
        if taken.count(name_key(seat.name)) > 1:
            raise CliError(f"--names: two seats would be called {seat.name!r}; each needs a name of its own")
    return named


def name_key(name: str) -> str:
    """``name`` as the players would read it, to tell two names apart: without invisible
    format characters (a zero-width space), in compatibility form (``Ｂｅｎ`` is ``Ben``,
    a decomposed ``é`` the composed one), and in any case."""
    shown = "".join(char for char in name if unicodedata.category(char) != "Cf")
    return unicodedata.normalize("NFKC", shown).casefold()


def seat_number(game: Game, number: int | None) -> int | None:
    """A 1-based seat number from the user to a 0-based seat, checked."""
    if number is None:
        return None
    if not 1 <= number <= game.players:
        raise CliError(f"there is no seat {number}; seats are numbered 1–{game.players}")
    return number - 1


def parse_handovers(game: Game, pairs: Sequence[str]) -> list[tuple[int, str]]:
    """``--seat N=PLAYER`` (``3=human``, ``2=greedy``) to ``(0-based seat, player)``
    pairs, each checked: the seat exists, and the player is ``human`` or a bot that
    plays the game (bad input is one line; nothing is handed over)."""
    handovers: list[tuple[int, str]] = []
    bots = game.registry.bots_for(game.spec.id)
    for pair in pairs:
        number, sep, player = (part.strip() for part in pair.partition("="))
        if not sep or not (number.isascii() and number.isdigit()) or not player:
            raise CliError(f"--seat expects SEAT=PLAYER such as 3=human or 2=greedy; got {pair!r}")
        seat_number(game, int(number))  # refuses a seat that does not exist
        player = player.lower()
        if player != "human" and player not in bots:
            raise CliError(f"--seat {pair}: no bot {player!r} plays {game.spec.id}; bots: {', '.join(bots)}")
        if any(seat == int(number) - 1 for seat, _ in handovers):  # which one would count?
            raise CliError(f"--seat {number} is given twice; give each seat once")
        handovers.append((int(number) - 1, player))
    return handovers


# -- games ------------------------------------------------------------------------


@contextlib.contextmanager
def about(path: str | Path) -> typing.Iterator[None]:
    """A save's game that cannot be rebuilt is said with the file's name, as its damage
    is (``b.json: the save needs the plugin for 'chess', which is not installed``)."""
    try:
        yield
    except (SaveFileError, BadOptions) as exc:
        if str(path) in str(exc):  # it names the file already
            raise
        raise type(exc)(f"{path}: {exc}") from None


def load_game(path: str | Path, *, upto: int | None = None, play_on: bool = False) -> Game:
    """Rebuild the game saved at ``path``; version differences and edits become warnings.

    ``play_on``: the command will play moves and save the game again, which an edited
    save or one from later rules refuses (``Game.load_report.why_not_play_on``)."""
    warnings: list[str] = []
    with about(path):
        game = Game.load(registry(), str(path), upto=upto, warnings=warnings)
    if play_on:
        refusal = game.load_report.why_not_play_on(str(path))
        if refusal is not None:
            raise CliError(refusal)
    for warning in warnings:
        output.warn(warning)
    return game


def save_game(game: Game, path: str | Path) -> None:
    """Save atomically; a file that cannot be written is a :class:`CliError`."""
    try:
        game.save(str(path))
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from None


class Moved(typing.NamedTuple):
    """A move just played, as it is announced."""

    seat: int
    notation: str
    continued: bool
    """It is a further step of the action the seat had started (:meth:`Rules.continues_turn`)."""
    told: list[str]
    """What the automatic steps after it did (:attr:`Game.told`)."""
    before: dict[str, list[int]] | None = None
    """The seats' :meth:`~turbine.core.rules.Rules.tallies` before it (``None``: not known)."""
    after: dict[str, list[int]] | None = None
    """Their tallies after it and the automatic steps that followed."""
    costed: bool = False
    """``notation`` is the move as its menu said it, with what it cost and did."""
    ended_round: bool = False
    """The automatic steps after it ended a round (or the game): its scoring moved the counts too."""


def play_move(game: Game, action: Any, by: str | None = None) -> Moved:
    """Play ``action`` for the seat to move and say how to announce it (``by``: who chose
    it, when not the seat's player, :meth:`Game.play`): a person's move as typed (its cost
    was on their menu), a bot's as its menu would have shown it, with what it cost and did
    (:meth:`Rules.choice_text` on the position it was played in: ``take PC-R10`` alone says
    nothing at the table), or, when it is private, as the others may know it
    (:meth:`Rules.public_text`)."""
    seat = game.to_move
    rules = game.rules
    continued = rules.continues_turn(game.state)
    before = rules.tallies(game.state)
    menu = rules.choice_text(game.state, action)
    round_before = rules.round_number(game.state)
    entry = game.play(action, by)
    ended = game.is_over or rules.round_number(game.state) != round_before
    seat = entry.seat if seat is None else seat
    shown = output.shown_notation(game, entry, action)
    costed = shown == entry.notation and game.played_by(entry) != "human" and menu != shown
    if costed:  # not private: said whole
        shown = menu
    return Moved(seat, shown, continued, list(game.told), before, rules.tallies(game.state), costed, ended)


HINT_BOT = "greedy"
"""The bot a hint asks when not told which, where the game has it; else the first of the
game's own bots, else the first other bot that does not play at random."""


def own_bots(registry: Registry, variant: str) -> list[str]:
    """The bots registered for ``variant`` by name (a game's own), not the core's that play
    every game (``random``, ``mcts``)."""
    return [b for b in registry.bots_for(variant) if variant in registry.bot(b, variant).variants]


def hint_bot(game: Game, asked: str = "") -> str:
    """The bot a hint asks: ``asked`` (any case), or :data:`HINT_BOT`'s choice when empty;
    :class:`CliError` when it does not play the game, or no bot but a random one does."""
    bots = game.registry.bots_for(game.spec.id)
    if asked:
        if asked.lower() not in bots:
            raise CliError(f"no bot {asked!r} plays {game.spec.name}; bots: {', '.join(bots)}")
        return asked.lower()
    own = own_bots(game.registry, game.spec.id)
    name = next((b for b in (HINT_BOT, *own, *bots) if b in bots and b != "random"), None)
    if name is None:
        raise CliError(f"no bot that gives hints plays {game.spec.name} (only a random one)")
    return name


def suggest(game: Game, name: str) -> Any:
    """The move bot ``name`` makes for the seat to move in ``game``, deciding from that
    seat's view as a bot at the table does, seeded by the game's seed and the moves made
    (the same position, the same answer).  Nothing is played; a bot that fails raises
    :class:`BotFailure`."""
    seat = game.to_move
    assert seat is not None, "a finished game has no move to suggest"
    bot = seat_bot(game.registry.bot(name, game.spec.id), game.rules, seat, game.seed + len(game.log))
    return bot.choose(game.state, game.legal())


def ask_hint(game: Game, asked: str, console: Any = None) -> tuple[str, Any]:
    """The bot a hint asks (:func:`hint_bot`) and the move it suggests (:func:`suggest`),
    with a spinner on a terminal while it thinks; a bot that does not play the game, or
    that fails, is a :class:`CliError` that says so."""
    name = hint_bot(game, asked)
    try:
        with output.waiting(f"asking {name} for a hint…", console):
            return name, suggest(game, name)
    except BotFailure as exc:
        raise CliError(f"{name} gives no hint here: {exc}") from None


def stop_if_bots_unfinished(game: Game, saved_to: Path) -> None:
    """After :func:`run_bots`: a bot still to move means the game's decision bound was hit,
    so its rules may never end (a bug of the game, exit code 1, said in one line), not a
    position handed to a person."""
    seat = game.to_move
    if game.is_over or seat is None or game.seats[seat].player == "human":
        return
    output.error_line(
        f"the bots did not finish within {game.rules.decision_bound()} decisions, the game's "
        f"decision bound: its rules may never end ({game.where()}; saved to {saved_to})"
    )
    raise typer.Exit(1)


def run_bots(
    game: Game,
    bots: dict[int, Any],
    limit: int | None = None,
    thinking: Callable[[int], contextlib.AbstractContextManager[Any]] | None = None,
) -> Iterable[Moved]:
    """Let bot seats move until a human is to move or the game ends.

    Yields each bot move (:class:`Moved`), so callers can announce them.
    Stops after ``limit`` moves (default: the game's decision bound).  ``thinking(seat)``,
    when given, is entered while that seat's bot chooses (``turbine play`` says who is
    thinking).
    """
    bound = game.rules.decision_bound() if limit is None else limit
    moves = 0
    while not game.is_over and moves < bound:
        seat = game.to_move
        if seat is None or seat not in bots:
            return
        try:
            with thinking(seat) if thinking is not None else contextlib.nullcontext():
                action = bots[seat].choose(game.state, game.legal())
        except BotFailure as exc:  # the bot's fault: one line, with where it happened
            raise exc.at(
                f"move {len(game.log) + 1} ({game.where()}) of the game of seed {game.seed}"
            ) from exc
        moved = play_move(game, action)
        moves += 1
        yield moved


def did_you_mean(text: str, words: Sequence[str]) -> str | None:
    """``text`` with its first word replaced by the one of ``words`` it is a slip of
    (:func:`difflib.get_close_matches`, as the other refusals of turbine that suggest:
    ``plase WM1L`` for ``place WM1L`` at the table, ``sores`` for ``scores`` in a replay),
    the rest as typed; ``None`` when the first word is one of ``words`` or starts one (a
    move cut short, which the game reads itself), or is close to none of them."""
    typed = text.strip().split(maxsplit=1)
    if not typed:
        return None
    first = typed[0].lower()
    by_lower = {word.lower(): word for word in words}
    if any(word.startswith(first) for word in by_lower):
        return None
    close = difflib.get_close_matches(first, list(by_lower), n=1)
    if not close:
        return None
    return " ".join([by_lower[close[0]], *typed[1:]])
