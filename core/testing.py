"""The conformance kit: generic checks every turbine variant must pass.

One call plays seeded games with bots and checks, after every action:

* the legal list is non-empty exactly while the game is not over, and listing it
  leaves the state alone;
* applying the action to a clone gives the same state as applying it here;
* the state encodes to JSON and decodes to an equal state;
* an action that is not legal now is refused with :class:`IllegalAction` and
  leaves the state unchanged;
* every legal action's notation parses back to it (``parse(describe(a)) == a``),
  and, in a game that implements :meth:`~turbine.core.rules.Rules.read_action`,
  reads back as it (``read_action(describe(a)) == a``);
* ``view`` of every seat leaves the state untouched and encodes;

every few decisions, what the table draws (:func:`_check_screens`), and that a seat
is shown only what its view shows (:func:`_check_hidden`); and, per game: it ends
within ``rules.decision_bound()``; the same seed played again gives the same legal
lists, moves and states, here and (the first game) in another Python process with
another hash seed; saving and loading the log reproduces the final state; ``winner``
names seats.  Then every bot registered for the variant plays a game
(:func:`check_bots`): given its seat's view, it changes neither the view, the legal
list nor the game's options, answers with a legal move, and repeats its moves from
the same seed.

Plugin authors call it from their own test suite::

    from turbine.core.testing import check_variant

    def test_conformance():
        check_variant("sparks", players=[2, 3, 4], seeds=range(3))

:func:`check_plugin` makes the checks discovery makes on a plugin module (hook
names and parameters, options models and their defaults, requirements), so an
author sees why turbine would leave the plugin out; ``check_variant`` fails
the same way for a game whose plugin was left out.

Beside it, the helpers a rules test needs: :func:`make_game` (a game at its
start), :func:`position` (the game's builder of a chosen, checked position),
:func:`assert_refused` (a move is refused, with the rule cited, and changes
nothing) and :func:`play_until` (bots play until a position of interest).  None
of them imports pytest, so turbine does not depend on it;
``turbine.core.pytest_plugin`` (registered under pytest's ``pytest11`` entry
point) offers them as the fixtures ``turbine_registry``, ``make_game`` and ``position``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

import msgspec

from . import savefile
from .botopts import with_bot_options
from .bots import SeatBot, default_seat_name, seat_bot
from .copier import shares_nothing
from .errors import IllegalAction, ParseError, PluginError
from .plugins import DECLARATION_GROUPS, Registry, declared_ids, default_registry
from .rules import Rules
from .savefile import Seat
from .session import Game
from .specs import Bot, PluginInfo


class ConformanceError(AssertionError):
    """A variant broke the engine contract; the message says where and how."""


@dataclass
class Report:
    games: int = 0
    actions: int = 0
    longest: int = 0
    finished: list[tuple[int, int, int]] = field(default_factory=list)
    """(players, seed, decisions) of each game."""
    bots: list[str] = field(default_factory=list)
    """The bot kinds :func:`check_bots` checked."""


class _Foreign:
    """An object no game accepts as an action."""

    def __repr__(self) -> str:
        return "an object that is no action"

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = object.__hash__


def check_variant(
    variant: str,
    *,
    players: Iterable[int] = (2,),
    seeds: Iterable[int] = range(2),
    options: Mapping[str, Any] | None = None,
    expansions: Iterable[str] = (),
    bot: str = "random",
    registry: Registry | None = None,
    parse_sample: int = 48,
    all_bots: bool = True,
    across_processes: bool = True,
) -> Report:
    """Play seeded bot games of ``variant`` and check the contract after every action.

    ``parse_sample`` caps how many legal actions per decision get the notation
    round trip (spread evenly over the list), to keep huge legal lists cheap.
    ``all_bots``: also check every bot registered for the variant
    (:func:`check_bots`, one game each at the first player count and seed).
    ``across_processes``: play the first game again in two new Python processes with
    other hash seeds, as ``--jobs`` and a later session do, where the order of a set of
    strings or a ``hash()`` differs (only with the installed plugins, the default
    registry, as ``turbine plugin check`` has: not with a ``registry`` of the caller's,
    which another process cannot build).
    Raises :class:`ConformanceError` on the first broken property.
    """
    registry = registry or default_registry()
    installed = registry is default_registry()  # what another process discovers the same
    expansions = list(expansions)
    _check_plugins(registry, variant, expansions)
    report = Report()
    checked_across = False
    players, seeds = list(players), list(seeds)
    for count in players:
        for seed in seeds:
            setup = _Setup(registry, variant, count, seed, options or {}, list(expansions), bot)
            steps = _play_and_check(setup, parse_sample, report)
            _compare_runs(setup, steps, _steps_only(setup), "on a second run")
            if across_processes and installed and not checked_across:
                for other in _steps_in_other_processes(setup):
                    _compare_runs(setup, steps, other, ANOTHER_PROCESS)
                checked_across = True
    if all_bots and players and seeds:
        report.bots = check_bots(
            variant,
            players=players[0],
            seed=seeds[0],
            options=options,
            expansions=expansions,
            registry=registry,
        )
    return report


def check_bots(
    variant: str,
    *,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    expansions: Iterable[str] = (),
    bots: Iterable[str] | None = None,
    registry: Registry | None = None,
) -> list[str]:
    """Play one seeded game of ``variant`` per bot kind (``bots``, default: every one
    registered for it), the kind in every seat, and check the bot contract
    (:class:`~turbine.core.specs.Bot`) at each decision: the bot, given its seat's
    view, changes neither that view nor the legal list and answers with a legal
    move; and played again from the same seed, it makes the same moves.

    Returns the kinds checked; raises :class:`ConformanceError` naming the bot,
    the seed and the decision where one breaks the contract.
    """
    registry = registry or default_registry()
    count = players or registry.variant(variant).min_players
    kinds = list(bots) if bots is not None else registry.bots_for(variant)
    for kind in kinds:
        spec = registry.bot(kind, variant)
        checking = registry
        if spec.options is not None and spec.checked_with is not None:
            checking = with_bot_options(registry, {kind: spec.options.model_validate(spec.checked_with)})
        setup = _Setup(checking, variant, count, seed, options or {}, list(expansions), kind)
        moves = _check_one_bot(setup)
        game = setup.new()  # again, through the table's own holders this time
        seated = game.make_bots()
        for step, expected in enumerate(moves):
            seat = game.to_move
            assert seat is not None
            action = seated[seat].choose(game.state, game.legal())
            if action != expected:
                again, first = game.rules.describe(action), game.rules.describe(expected)
                raise ConformanceError(
                    f"bot {kind!r}, {variant} {count}p seed {seed}, decision {step}: the same seed "
                    f"gave {again!r} on a second run, not {first!r}"
                )
            game.play(action)
    return kinds


def _check_one_bot(setup: _Setup) -> list[Any]:
    """One game of ``setup``'s bot kind in every seat, each decision checked; its moves."""
    game = setup.new()
    rules = game.rules
    spec = setup.registry.bot(setup.bot, setup.variant)
    bots = {seat: spec.factory(rules, seat, game.seed) for seat in range(game.players)}
    bound = rules.decision_bound()
    moves: list[Any] = []
    reads = type(rules).read_action is not Rules.read_action

    def fail(message: str) -> None:
        raise ConformanceError(
            f"bot {setup.bot!r}, {setup.variant} {setup.players}p seed {setup.seed}, decision "
            f"{len(game.log)} ({game.where()}): {message}"
        )

    while not game.is_over:
        if len(game.log) > bound:
            fail(_past_bound(rules, bound))
        state, legal, seat = game.state, game.legal(), game.to_move
        assert seat is not None
        view = None
        if not spec.blind:
            view = rules.view(state, seat)
            if view is state:
                view = rules.clone(state)
        seen = None if view is None else rules.digest(view)
        given = list(legal)
        options = _options_now(rules)
        try:
            action = bots[seat].choose(view, given)
        except Exception as exc:
            fail(f"the bot raised {raised(exc)}")
        if _options_now(rules) != options:
            fail("the bot changed the game's options (rules.options), which every seat plays by")
        if view is not None and rules.digest(view) != seen:
            fail("the bot changed the view it was given")
        if given != legal:
            fail("the bot changed the legal list it was given")
        if action not in legal:
            fail(f"the bot answered {action!r}, which is not a legal move")
        # a bot reaches what random moves seldom do (an expansion's own decisions): its
        # moves and the states they lead to read back and decode again too
        reads_back(rules, state, action, reads, fail)
        game.play(action)
        survives(rules, game.state, fail)
        moves.append(action)
    return moves


def survives(rules: Rules[Any, Any, Any], state: Any, fail: Callable[[str], Any]) -> None:
    """``state`` encoded and decoded again is equal to it, as saves and replays need; a
    decoding that fails says what usually causes it."""
    try:
        back = rules.decode_state(rules.encode_state(state))
    except Exception as exc:
        fail(
            f"the state does not decode again: {raised(exc)} (is every record an expansion keeps "
            "registered, with turbine_state_parts, and every kind of decision with its game?)"
        )
    if back != state:
        fail(f"the state does not survive encode -> decode: {difference(state, back)}")


def difference(before: Any, after: Any, path: str = "state") -> str:
    """Where two values first differ, field by field and item by item: ``state.flow.pending[0]
    is a Choose, and comes back a dict`` (a field typed ``Any`` decodes as plain JSON),
    ``state.rng: Rng(…) became Rng(…)``."""
    if type(before) is not type(after):
        return f"{path} is a {type(before).__name__}, and comes back a {type(after).__name__}"
    if isinstance(before, msgspec.Struct):
        for name in before.__struct_fields__:
            if getattr(before, name) != getattr(after, name):
                return difference(getattr(before, name), getattr(after, name), f"{path}.{name}")
    elif isinstance(before, list | tuple) and len(before) == len(after):
        for index, (one, other) in enumerate(zip(before, after, strict=True)):
            if one != other:
                return difference(one, other, f"{path}[{index}]")
    elif isinstance(before, dict) and before.keys() == after.keys():
        for key in before:
            if before[key] != after[key]:
                return difference(before[key], after[key], f"{path}[{key!r}]")
    return f"{path}: {_short(before)} became {_short(after)}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def reads_back(
    rules: Rules[Any, Any, Any], state: Any, action: Any, reads: bool, fail: Callable[[str], Any]
) -> None:
    """A legal ``action``'s notation parses back to it (and reads back, for a game that reads
    notation as actions): the text a player sees is the text the game accepts."""
    text = rules.describe(action)
    try:
        parsed = rules.parse(text, state)
    except Exception as exc:
        fail(
            f"the notation {text!r} of a legal move does not parse: {raised(exc)} (parse must read "
            "what describe writes, its case included)"
        )
    if parsed != action:
        fail(f"notation {text!r} does not parse back to the same action")
    if reads and (read := rules.read_action(text)) != action:
        fail(f"read_action({text!r}) gives {read!r}, not the action written so")


def _check_breakdown(game: Game, fail: Callable[[str], Any]) -> None:
    """A score said to be the sum of its sources (:meth:`Rules.score_breakdown`) adds up to
    :meth:`Rules.scores`: points given outside the game's ledger (a VP counter raised
    directly, past ``add_vp``) would show a table whose rows do not make the score."""
    from .replay import score_breakdown

    breakdown = score_breakdown(game)
    if breakdown.ranked:
        return
    scores = game.rules.scores(game.state)
    totals = [breakdown.total(seat) for seat in range(len(scores))]
    if totals != scores:
        fail(
            f"the scores by source add up to {totals}, but scores() gives {scores}: points were "
            "scored without being reported to the game's ledger (its own way to add them)"
        )


def raised(exc: BaseException) -> str:
    """``exc`` said with where it was raised: ``KeyError: 'coal' (at sparks/game.py:42 in
    perform)``, the file named with its folder (every plugin has its ``plugin.py``)."""
    import traceback
    from pathlib import Path

    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return f"{type(exc).__name__}: {exc}"
    frame = frames[-1]
    path = Path(frame.filename)
    return f"{type(exc).__name__}: {exc} (at {path.parent.name}/{path.name}:{frame.lineno} in {frame.name})"


def _past_bound(rules: Rules[Any, Any, Any], bound: int) -> str:
    """A game that ran past :meth:`~Rules.decision_bound`, with the reason the rules give
    for it (:meth:`~Rules.bound_reason`): the argument that failed."""
    reason = rules.bound_reason()
    return f"the game ran past its decision bound of {bound}" + (f" (its reason: {reason})" if reason else "")


def _options_now(rules: Rules[Any, Any, Any]) -> Any:
    options = rules.options
    return options.model_dump(mode="json") if hasattr(options, "model_dump") else repr(options)


def check_plugin(plugin: Any, *, registry: Registry | None = None) -> None:
    """Check one plugin module as discovery does, and say what is wrong in one line.

    The checks of :mod:`turbine.core.plugin_checks`: its ``PLUGIN_INFO``, the names
    and parameters of its hooks (against turbine's hooks and those of the games
    it requires), what its registry hooks return, its options models and their
    defaults, and its requirements (looked up among the installed plugins, or
    those of ``registry``).  A plugin that discovery would leave out raises
    :class:`ConformanceError` with the sentence ``turbine plugins`` shows, e.g.
    ``plugin 'tax' implements turbine_phase_end(rules, state, phse) with a
    parameter the hook does not have (phse); …``.
    """
    info = getattr(plugin, "PLUGIN_INFO", None)
    name = info.name if isinstance(info, PluginInfo) else getattr(plugin, "__name__", "plugin")
    if registry is None:
        checked = Registry.discover(extra=[(name, plugin)])
    else:
        others = [(n, p.module) for n, p in registry.plugins.items() if n != name]
        checked = Registry([*others, (name, plugin)])
    checked.load_all()
    problem = checked.problem(name)
    if problem is not None:
        raise ConformanceError(problem)
    _check_declarations(checked, name, getattr(plugin, "__name__", ""))
    _check_bot_variants(checked, name)


def _check_bot_variants(registry: Registry, name: str) -> None:
    """Each bot of plugin ``name`` names variants that are installed, by their ids: a bot
    for a variant no plugin provides plays nothing, and is listed without a word."""
    known = registry.variants
    for bot in registry.bots_of(name):
        for variant in bot.variants:
            if variant not in known:
                close = difflib.get_close_matches(variant, list(known), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise ConformanceError(
                    f"plugin {name!r} gives the bot {bot.name!r} for the variant {variant!r}, which no "
                    f"installed plugin provides{hint}; variants: {', '.join(sorted(known))}"
                )


def _check_declarations(registry: Registry, name: str, module: str) -> None:
    """An installed plugin that declares what it provides (docs/writing-plugins.md, "How
    turbine finds a plugin") declares all of it, and nothing else: an undeclared id
    is found only after every plugin is imported, a wrong one imports it for nothing."""
    declared = declared_ids(module)
    if not declared or not any(declared.values()):
        return  # not installed, or declares nothing: imported by every command
    provided = {
        "variant": {v for v, p in registry.variant_plugin.items() if p == name},
        "expansion": {e for e, p in registry.expansion_plugin.items() if p == name},
    }
    for kind, ids in provided.items():
        group = DECLARATION_GROUPS[kind]
        for ident in sorted(ids - declared[kind]):
            raise ConformanceError(
                f"plugin {name!r} provides the {kind} {ident!r} but does not declare it: add "
                f'{ident} = "{module}" under [project.entry-points."{group}"] in its pyproject.toml, '
                "then install the package again (entry points are read when it is installed)"
            )
        for ident in sorted(declared[kind] - ids):
            raise ConformanceError(
                f"plugin {name!r} declares the {kind} {ident!r} in its {group} entry points, "
                "but does not provide it"
            )


def _check_plugins(registry: Registry, variant: str, expansions: Iterable[str]) -> None:
    """The plugins of the game were not left out (each was checked when it was loaded)."""
    try:
        registry.active_plugins(variant, list(expansions))
    except PluginError as exc:
        raise ConformanceError(str(exc)) from None


def legal_counts(
    variant: str,
    *,
    players: int,
    seed: int,
    decisions: int,
    options: Mapping[str, Any] | None = None,
    expansions: Iterable[str] = (),
    bot: str = "random",
    registry: Registry | None = None,
) -> list[int]:
    """Perft-style anchor: the number of legal actions at each of the first
    ``decisions`` decisions of a seeded bot game.

    Commit the list and compare it in a test: any change to move generation,
    even one that keeps the game playable, shows up as a different count.
    """
    game = _Setup(
        registry or default_registry(), variant, players, seed, options or {}, list(expansions), bot
    ).new()
    bots = game.make_bots()
    counts: list[int] = []
    while not game.is_over and len(counts) < decisions:
        legal = game.legal()
        counts.append(len(legal))
        seat = game.to_move
        assert seat is not None
        game.play(bots[seat].choose(game.state, legal))
    return counts


@dataclass(frozen=True)
class _Setup:
    """One seeded bot game of the kit: everything needed to start it again."""

    registry: Registry
    variant: str
    players: int
    seed: int
    options: Mapping[str, Any]
    expansions: list[str]
    bot: str

    def new(self) -> Game:
        seats = [Seat(f"{self.bot} {i + 1}", self.bot) for i in range(self.players)]
        return Game(
            self.registry,
            self.variant,
            players=self.players,
            seed=self.seed,
            options=self.options,
            expansions=self.expansions,
            seats=seats,
        )


Step = tuple[str, str, str]
"""One decision of a seeded game as the kit compares runs: the digest of the state, the
legal list's notations (hashed) and the move played ("" after the last)."""

ANOTHER_PROCESS = "in another Python process (another hash seed)"


def _step(rules: Rules[Any, Any, Any], state: Any, legal: list[Any], action: Any) -> Step:
    import hashlib

    notations = "\n".join(rules.describe(a) for a in legal).encode()
    move = "" if action is None else rules.describe(action)
    return rules.digest(state), hashlib.blake2b(notations, digest_size=8).hexdigest(), move


def _steps_only(setup: _Setup) -> list[Step]:
    """:func:`_play_and_check`'s game again, unchecked: its steps."""
    game = setup.new()
    rules = game.rules
    bots = game.make_bots()
    bound = rules.decision_bound()
    steps: list[Step] = []
    while not game.is_over and len(game.log) <= bound:
        seat = game.to_move
        assert seat is not None
        legal = game.legal()
        action = bots[seat].choose(game.state, legal)
        steps.append(_step(rules, game.state, legal, action))
        game.play(action)
    steps.append(_step(rules, game.state, [], None))
    return steps


def _compare_runs(setup: _Setup, first: list[Step], again: list[Step], where: str) -> None:
    """The same seed played twice gave the same game; else what differed first."""
    if again == first:
        return
    head = f"{setup.variant} {setup.players}p seed {setup.seed}"
    for i, (one, two) in enumerate(zip(first, again, strict=False)):
        if one == two:
            continue
        if one[0] != two[0]:
            what = "the same moves gave a different state"
        elif one[1] != two[1]:
            what = (
                "legal_actions gave another list or order (a set's order or hash() changes "
                "between runs; sort by something stable)"
            )
        else:
            what = f"the bot chose {two[2]!r}, not {one[2]!r}, from the same legal list"
        raise ConformanceError(f"{head}: at decision {i} {where}, {what}")
    raise ConformanceError(f"{head}: the game took {len(again) - 1} decisions {where}, not {len(first) - 1}")


def other_hash_seeds(mine: str) -> tuple[str, str]:
    """Two ``PYTHONHASHSEED`` values other than ``mine``, this process's (unset: random).
    A set of two strings iterates in the same order under two hash seeds one time in two,
    so a single other seed misses half of such bugs, and under a fixed seed always the
    same half; two other seeds miss one in four."""
    others = [seed for seed in ("1", "2", "3") if seed != mine]
    return others[0], others[1]


def _steps_in_other_processes(setup: _Setup) -> list[list[Step]]:
    """:func:`_steps_only` in two new interpreters whose hash seeds differ from this one's
    and from each other (:func:`other_hash_seeds`), run side by side."""
    import json
    import os
    import subprocess
    import sys

    try:
        options = json.dumps(dict(setup.options))
    except TypeError:
        return []  # options only this process can hold: nothing to compare
    code = (  # on this process's import path: a plugin found here is found there (a test's folder)
        "import json, sys\n"
        "sys.path[:0] = [p for p in json.loads(sys.argv[2]) if p not in sys.path]\n"
        "from turbine.core.plugins import default_registry\n"
        "from turbine.core.testing import _Setup, _steps_only\n"
        "a = json.loads(sys.argv[1])\n"
        "setup = _Setup(default_registry(), a['variant'], a['players'], a['seed'], a['options'], "
        "a['expansions'], a['bot'])\n"
        "print(json.dumps(_steps_only(setup)))\n"
    )
    args = json.dumps(
        {
            "variant": setup.variant,
            "players": setup.players,
            "seed": setup.seed,
            "options": json.loads(options),
            "expansions": setup.expansions,
            "bot": setup.bot,
        }
    )
    running = [
        subprocess.Popen(
            [sys.executable, "-c", code, args, json.dumps(sys.path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        for seed in other_hash_seeds(os.environ.get("PYTHONHASHSEED", ""))
    ]
    runs = []
    for process in running:
        out, err = process.communicate()
        if process.returncode != 0:
            said = err.strip().splitlines()[-1:] or ["no message"]
            head = f"{setup.variant} {setup.players}p seed {setup.seed}"
            raise ConformanceError(f"{head}: the game failed {ANOTHER_PROCESS}: {said[0]}")
        runs.append([tuple(step) for step in json.loads(out)])
    return runs


def _play_and_check(setup: _Setup, parse_sample: int, report: Report) -> list[Step]:
    game = setup.new()
    variant, players, seed = setup.variant, setup.players, setup.seed
    rules = game.rules
    bots = game.make_bots()
    bound = rules.decision_bound()
    where = f"{variant} {players}p seed {seed}"
    seen_actions: list[Any] = []
    kinds: set[tuple[str, ...]] = set()  # of the moves whose menu lines were checked

    def fail(message: str) -> NoReturn:
        raise ConformanceError(f"{where}, decision {len(game.log)} ({game.where()}): {message}")

    def encodes(what: str, value: Any) -> None:
        """Saves, digests and clones need ``value`` as JSON: say so rather than fail inside them."""
        try:
            msgspec.json.encode(value)
        except (TypeError, msgspec.EncodeError) as exc:
            fail(f"{what} cannot be encoded as JSON, which saves and digests need: {exc}")

    encodes("the state", game.state)
    if rules.is_over(game.state):
        fail(
            "the game is over before its first decision (to_move gives None): does "
            "initial_state start its phases (self.machine.start(state))?"
        )
    steps: list[Step] = []

    reads = type(rules).read_action is not Rules.read_action  # else it reads nothing, by design

    while True:
        state = game.state
        unlisted, kept = rules.digest(state), rules.clone(state)  # kept: to say what listing changed
        over = rules.is_over(state)
        try:
            legal = game.legal()
        except Exception as exc:
            fail(f"legal_actions raised {raised(exc)}")
        if not isinstance(legal, list):
            fail(f"legal_actions returned {type(legal).__name__}, not a list of actions")
        if rules.digest(state) != unlisted:
            fail(
                "legal_actions changed the state (listing the moves must leave it as it was): "
                + difference(kept, state)
            )
        if over:
            if legal:
                fail("the game is over but legal_actions is not empty")
            if rules.to_move(state) is not None:
                fail("the game is over but to_move names a seat")
            break
        if not legal:
            fail("legal_actions is empty but the game is not over")
        if len(game.log) > bound:
            fail(_past_bound(rules, bound))

        encodes("the state", state)
        before = rules.digest(state)
        survives(rules, state, fail)
        # views leave the state alone and encode
        for seat in range(players):
            rules.encode_state(rules.view(state, seat))
        if rules.digest(state) != before:
            fail("view() changed the state")
        # notation round trip: a sample of the moves, and each kind of move the first time
        step = max(1, len(legal) // parse_sample)
        firsts = _first_of_kind(rules, legal, kinds)
        sample = legal[::step]
        for action in [*sample, *(a for a in firsts if a not in sample)]:
            reads_back(rules, state, action, reads, fail)
        _check_menu(rules, state, firsts, fail)
        # an illegal action is refused and changes nothing
        for candidate in _illegal_candidates(seen_actions, legal):
            try:
                rules.apply(state, candidate)
            except IllegalAction as exc:
                if not str(exc):
                    fail("IllegalAction without a reason")
            except Exception as exc:
                fail(f"refusing the illegal action {candidate!r} raised {raised(exc)}")
            else:
                fail(f"the illegal action {candidate!r} was accepted")
            if rules.digest(state) != before:
                fail(f"refusing {candidate!r} changed the state")

        mover = rules.to_move(state)
        assert mover is not None
        if len(game.log) % SCREEN_EVERY == 0:
            _check_screens(game, mover, legal[::step], fail)
        action = bots[mover].choose(state, legal)
        encodes(f"the action {action!r}", action)
        twin = rules.clone(state)
        if twin != state:
            fail("clone() gave a different state")
        shared = shares_nothing(state, twin)
        if shared is not None:
            fail(
                f"clone() shares {shared} with the state: the state holds something its type does not declare"
            )
        steps.append(_step(rules, state, legal, action))
        shown = rules.describe(action)
        try:
            game.play(action)
        except Exception as exc:
            fail(f"playing the legal move {shown!r} raised {raised(exc)}")
        try:
            rules.apply(twin, action)
        except Exception as exc:
            fail(
                f"playing {shown!r} on a clone of the state raised {raised(exc)} "
                "(do the rules keep something outside the state?)"
            )
        if twin != game.state:
            fail(f"applying {shown!r} to a clone gave a different state")
        if len(seen_actions) < 64 and action not in seen_actions:
            seen_actions.append(action)

    _check_screens(game, None, [], fail)
    winners = rules.winner(game.state)
    if not winners or not all(0 <= w < players for w in winners):
        fail(f"winner() returned {winners!r}")
    scores = rules.scores(game.state)
    if not (
        isinstance(scores, list)
        and len(scores) == players
        and all(isinstance(s, int | float) and not isinstance(s, bool) for s in scores)
    ):
        fail(f"scores() returned {_short(scores)}, not a list of one number per seat")
    _check_breakdown(game, fail)
    # save -> load -> replay reproduces the final state
    data = savefile.encode(game.to_save())
    rebuilt = Game.from_save(setup.registry, savefile.decode(data))
    if rebuilt.state != game.state:
        fail("replaying the saved log does not reproduce the final state")
    report.games += 1
    report.actions += len(game.log)
    report.longest = max(report.longest, len(game.log))
    report.finished.append((players, seed, len(game.log)))
    steps.append(_step(rules, game.state, [], None))
    return steps


SCREEN_EVERY = 16
"""Every how many decisions :func:`check_variant` draws the table's texts (and at the end)."""


def _check_screens(
    game: Game, seat: int | None, sample: Sequence[Any], fail: Callable[[str], NoReturn]
) -> None:
    """What the table shows of this position: the question, the panel and the choices of
    ``seat`` (the seat to move), the board for it and for everyone, and each view.  Each
    must be a text (the board and panels valid rich markup) and leave the state alone: a
    screen that raises stops ``turbine play`` with a traceback."""
    from rich.errors import MarkupError  # the kit draws; the core imports rich only to draw
    from rich.text import Text

    rules, state = game.rules, game.state
    before = rules.digest(state)

    def drawn(what: str, draw: Callable[..., Any], *args: Any, markup: bool = True) -> str:
        try:
            text = draw(*args)
        except ParseError:  # a view that needs an argument says so
            if draw != game.render_view:
                raise
            return ""
        except Exception as exc:
            fail(f"{what} raised {raised(exc)}")
        if not isinstance(text, str):
            fail(f"{what} returned {type(text).__name__}, not a text")
        if markup:
            try:
                Text.from_markup(text)
            except MarkupError as exc:
                fail(f"{what} is not valid rich markup (escape texts with rich.markup.escape): {exc}")
        return text

    if seat is not None:
        drawn("question()", rules.question, state, markup=False)
        default = type(rules).turn_view is Rules.turn_view  # the panel is then the board
        by_default = ", which is render(state, seat) by default," if default else ""
        panel = f"turn_view(seat {seat + 1}){by_default}"
        drawn(panel, rules.turn_view, state, seat)
        _check_menu(rules, state, sample, fail)
        drawn(f"status(seat {seat + 1})", rules.status, state, seat, markup=False)
    for hidden_from in range(rules.players) if seat is not None or not game.is_over else ():
        _check_hidden(rules, state, hidden_from, fail, sample if hidden_from == seat else [])
    for viewer in dict.fromkeys((seat, None)):
        drawn(f"the board for {'everyone' if viewer is None else f'seat {viewer + 1}'}", game.render, viewer)
    for name in game.views():
        drawn(f"the view {name!r}", game.render_view, seat, name)
    try:
        rules.tallies(state)  # the table asks for them before and after every move
    except Exception as exc:
        fail(f"tallies() raised {raised(exc)}")
    if rules.digest(state) != before:
        fail(
            "drawing the table's texts (question, panel, choices, status, tallies, board, views) "
            "changed the state"
        )
    if not game.is_over:
        for hidden_from in range(rules.players):
            _check_public_counts(rules, state, hidden_from, fail)


def _check_public_counts(
    rules: Rules[Any, Any, Any], state: Any, seat: int, fail: Callable[[str], NoReturn]
) -> None:
    """The running scores and counts the table says to everyone after each move
    (:meth:`~Rules.tallies`, the score by default) are those counted from ``seat``'s view:
    a score with a secret bonus in it tells every seat the secret."""
    view = rules.view(state, seat)
    if view is state:
        return
    try:
        counted, seen_counts = rules.tallies(rules.clone(state)), rules.tallies(view)
    except Exception as exc:
        fail(f"tallies() raised {raised(exc)} (counting from seat {seat + 1}'s view and the state)")
    if counted != seen_counts:
        fail(
            f"tallies() (the running scores and counts the table says to everyone) differ "
            f"when counted from seat {seat + 1}'s view: {_short(counted)} from the state, "
            f"{_short(seen_counts)} from the view; before the end, count only what every "
            "seat may see (a secret bonus counts once the game is over)"
        )


def _move_kind(rules: Rules[Any, Any, Any], action: Any) -> tuple[str, ...]:
    """What kind of move ``action`` is, as far as a menu shows it: its type and the words of
    its notation that hold no digit (``place WM1L`` is a ``place``, ``x reinforce B1L`` an
    ``x reinforce``, ``bid 12`` a ``bid``; each city of ``build Moscow`` a kind of its own)."""
    return (type(action).__name__, *(w for w in rules.describe(action).split() if not _DIGIT.search(w)))


_DIGIT = re.compile(r"\d")


def _first_of_kind(
    rules: Rules[Any, Any, Any], legal: Sequence[Any], kinds: set[tuple[str, ...]]
) -> list[Any]:
    """The moves of ``legal`` of a kind (:func:`_move_kind`) not met before in this game,
    one of each, now counted as met: every kind of move a game reaches gets its menu line
    and its notation checked, however rarely it is offered (an expansion's decision)."""
    firsts: list[Any] = []
    for action in legal:
        kind = _move_kind(rules, action)
        if kind not in kinds:
            kinds.add(kind)
            firsts.append(action)
    return firsts


def _check_menu(
    rules: Rules[Any, Any, Any], state: Any, moves: Sequence[Any], fail: Callable[[str], NoReturn]
) -> None:
    """Each of ``moves`` (legal now) as a menu shows it: a text, to its own seat
    (:meth:`~Rules.choice_text`, which starts with the move's notation: a menu's line starts
    with what the player may type) and to the others (:meth:`~Rules.public_text`)."""
    for action in moves:
        for what, draw, args in (
            ("public_text", rules.public_text, (action,)),
            ("choice_text", rules.choice_text, (state, action)),
        ):
            try:
                text = draw(*args)
            except Exception as exc:
                fail(f"{what}({action!r}) raised {raised(exc)}")
            if not isinstance(text, str):
                fail(f"{what}({action!r}) returned {type(text).__name__}, not a text")
        notation = rules.describe(action)
        if not text.startswith(notation):
            fail(
                f"choice_text shows {text!r}, which does not start with the move's notation "
                f"{notation!r}: a menu's line starts with what the player may type"
            )


def _check_hidden(
    rules: Rules[Any, Any, Any],
    state: Any,
    seat: int,
    fail: Callable[[str], NoReturn],
    moves: Sequence[Any] = (),
) -> None:
    """What ``seat`` is shown comes from what it may see: its board, its panel and its
    status line drawn from the full state are those drawn from its :meth:`~Rules.view`,
    and so are the question and the menu's lines of ``moves`` when it is the seat to move
    (a text that differs shows something the view hides: a hand, the deck's order); and a
    :meth:`~Rules.determinise` of its view, the state a searching bot plays on, shows the
    seat just that view again (a redeal that changes what the seat knows, or deals a card
    twice where the view shows it once, makes the bot search another game).  A state
    that holds an :class:`~turbine.core.rng.Rng` is hidden from every seat: the
    generator is every future draw."""
    from .rng import Rng

    view = rules.view(state, seat)
    if view is state:  # the game hides nothing from this seat
        if any(isinstance(value, Rng) for value in _fields(state)):
            fail(
                "the state holds an Rng but hide() is not overridden: every seat's view, the "
                "bots' included, holds the future draws (hide() replaces it, and what else is "
                "secret, and redeal() deals them again)"
            )
        return

    def drawn(what: str, draw: Callable[..., str], *args: Any) -> str:
        try:
            return draw(*args)
        except Exception as exc:
            fail(f"{what} raised {raised(exc)}")

    texts: list[tuple[str, Callable[..., str], tuple[Any, ...]]] = [
        (f"the board for seat {seat + 1}", rules.render, (seat,)),
        (f"turn_view(seat {seat + 1})", rules.turn_view, (seat,)),
        (f"status(seat {seat + 1})", rules.status, (seat,)),
    ]
    if moves:
        texts.append(("question()", rules.question, ()))
        texts += [(f"choice_text({rules.describe(a)!r})", _choice_of(rules, a), ()) for a in moves]
    for what, draw, args in texts:
        shown, seen = drawn(what, draw, state, *args), drawn(what, draw, view, *args)
        if shown != seen:
            fail(
                f"{what} differs when drawn from seat {seat + 1}'s view: it shows what view() "
                f"hides from that seat ({_first_difference(shown, seen)})"
            )
    if type(rules).hide is not Rules.hide and type(rules).redeal is Rules.redeal:
        fail("the rules override hide() but not redeal(): a searching bot would play on the hidden view")
    try:
        dealt = rules.determinise(view, seat, Rng.from_seed(7))
    except Exception as exc:
        fail(f"determinise() of seat {seat + 1}'s view (hide(), then redeal()) raised {raised(exc)}")
    if rules.digest(rules.view(dealt, seat)) != rules.digest(view):
        fail(
            f"determinise() of seat {seat + 1}'s view deals a state that seat sees differently: "
            "redeal() must deal only what hide() hid, consistently with what the seat sees, "
            "and hide() must hide all that redeal() deals again"
        )


def _fields(state: Any) -> list[Any]:
    """The values of a state record's fields (none for a state that is no Struct)."""
    if not isinstance(state, msgspec.Struct):
        return []
    return [getattr(state, name) for name in state.__struct_fields__]


def _choice_of(rules: Rules[Any, Any, Any], action: Any) -> Callable[[Any], str]:
    return lambda state: rules.choice_text(state, action)


def _first_difference(shown: str, seen: str) -> str:
    """Where two texts part: ``line 3: 'card 5' from the state, 'card ?' from the view``."""
    lines, others = shown.splitlines(), seen.splitlines()
    for number, (line, other) in enumerate(zip(lines, others, strict=False), 1):
        if line != other:
            return f"line {number}: {line.strip()!r} from the state, {other.strip()!r} from the view"
    number = min(len(lines), len(others)) + 1
    longer, which = (lines, "the state") if len(lines) > len(others) else (others, "the view")
    return f"line {number}: {longer[number - 1].strip()!r} only from {which}"


# -- helpers for a game's own rule tests ----------------------------------------------------


def make_game(
    variant: str,
    *,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    expansions: Iterable[str] = (),
    bots: str | None = None,
    registry: Registry | None = None,
    rules_versions: Mapping[str, int] | None = None,
    names: Sequence[str] = (),
) -> Game:
    """A new game of ``variant`` (default: its fewest players), every seat a human
    unless ``bots`` names a bot kind for all of them; ``names``: the players' names, seat
    by seat (the rest ``Player 2`` or ``Random bot 2``, as ``turbine new`` names them), for
    a test of texts that name players (:meth:`Rules.player_name`); ``rules_versions``:
    played under these older rules versions, as a save made under them is (to test that a
    version the game still plays keeps its outcome)."""
    registry = registry or default_registry()
    count = players or registry.variant(variant).min_players
    kind = bots or "human"
    seats = [Seat(names[i] if i < len(names) else default_seat_name(i, kind), kind) for i in range(count)]
    return Game(
        registry,
        variant,
        players=count,
        seed=seed,
        options=options,
        expansions=expansions,
        seats=seats,
        rules_versions=rules_versions,
    )


def position(game: Game) -> Any:
    """The game's position builder (:meth:`Rules.position`, see :mod:`turbine.core.position`):
    set up the position a rule test needs with the game's own setters, then ``build()``,
    which checks it, refuses an inconsistent one with :class:`BadPosition` and returns
    the game ready to play on::

        game = position(make_game("barrage", players=4)).clear_map().seat(0).dam("B5U", 1, 1).build()
    """
    return game.rules.position(game)


class _AnyRule:
    """The default of ``assert_refused(rule=...)``: any rule, or none, is accepted."""

    def __repr__(self) -> str:
        return "ANY_RULE"


ANY_RULE: Any = _AnyRule()
"""Pass as ``rule`` to accept a refusal whatever rule it cites."""


def assert_refused(
    game: Game | tuple[Rules[Any, Any, Any], Any],
    move: Any,
    rule: str | None = ANY_RULE,
    *,
    reason: str = "",
) -> IllegalAction:
    """Check that ``move`` is refused now and return the :class:`IllegalAction`.

    ``game`` is a :class:`Game`, or a ``(rules, state)`` pair for tests that drive
    the rules directly.  ``move`` is an action, or text that the game's
    ``read_action`` reads as one (so it must be a move of the game, only not a
    legal one now).  Checked: the move is not in the legal list; ``apply``
    raises :class:`IllegalAction` citing ``rule`` (``None``: citing no rule;
    left out: any) with ``reason`` in its reason; the state's digest is
    unchanged.  For a :class:`Game`, ``Game.play`` refuses it alike and logs
    nothing; for a game and text, typing the move (``Game.find``, what the CLI
    does) gives the same reason and rule, and changes nothing either.

    A test that changed the state by hand must first drop what its game cached
    for the position before (``Game.legal``'s list, and any cache of its rules).
    """
    if isinstance(game, Game):
        rules, state = game.rules, game.state
    else:
        rules, state = game
    action = rules.read_action(move) if isinstance(move, str) else move
    if action is None:
        raise AssertionError(f"{move!r} does not read as a move of this game (read_action gave None)")
    shown = move if isinstance(move, str) else rules.describe(action)
    if action in rules.legal_actions(state):
        raise AssertionError(f"{shown!r} is a legal move now, not a refused one")
    before = rules.digest(state)
    try:
        rules.apply(state, action)
    except IllegalAction as exc:
        refusal = exc
    else:
        raise AssertionError(f"{shown!r} was accepted")
    if rules.digest(state) != before:
        raise AssertionError(f"refusing {shown!r} changed the state")
    if reason not in refusal.reason:
        raise AssertionError(f"{shown!r} was refused for {refusal.reason!r}, which lacks {reason!r}")
    if rule is not ANY_RULE and refusal.rule != rule:
        raise AssertionError(f"{shown!r} was refused citing {refusal.rule!r}, not {rule!r}: {refusal.reason}")
    if isinstance(game, Game):
        _refused_by_game(game, action, refusal, shown)
    if isinstance(game, Game) and isinstance(move, str):
        try:
            game.find(move)
        except IllegalAction as typed:
            if (typed.reason, typed.rule) != (refusal.reason, refusal.rule):
                raise AssertionError(f"typing {move!r} gives {typed}, but apply gives {refusal}") from None
        else:
            raise AssertionError(f"typing {move!r} finds a legal move")
        if rules.digest(state) != before:
            raise AssertionError(f"typing the refused {move!r} changed the state")
    return refusal


def _refused_by_game(game: Game, action: Any, refusal: IllegalAction, shown: str) -> None:
    """``Game.play`` refuses ``action`` as ``apply`` did, logging nothing and changing nothing."""
    before, logged = game.rules.digest(game.state), len(game.log)
    try:
        game.play(action)
    except IllegalAction as played:
        if (played.reason, played.rule) != (refusal.reason, refusal.rule):
            raise AssertionError(f"playing {shown!r} gives {played}, but apply gives {refusal}") from None
    else:
        raise AssertionError(f"Game.play accepted {shown!r}, which apply refused")
    if len(game.log) != logged or game.rules.digest(game.state) != before:
        raise AssertionError(f"playing the refused {shown!r} changed the game")


class FirstLegal:
    """A bot that plays the first legal action: a dull, predictable way to a position
    (``play_until(game, predicate, bots=FIRST_LEGAL)``)."""

    def choose(self, view: Any, legal: list[Any]) -> Any:
        return legal[0]


FIRST_LEGAL = FirstLegal()


def play_until(
    game: Game,
    predicate: Callable[[Game], bool],
    *,
    bots: str | Bot | Mapping[int, Bot | str] | None = None,
    limit: int | None = None,
) -> int:
    """Let bots play ``game`` until ``predicate(game)`` holds; the number of moves played.

    ``bots`` is a bot kind for every seat (``"random"``), one bot object for every
    seat (:data:`FIRST_LEGAL`), or a ``seat -> bot`` mapping of bot objects or kinds
    (``game.make_bots()``, ``{0: "greedy"}``); each decides from its seat's view, as
    at a table.  Seats the mapping leaves out, and every seat by default, keep the
    game's own bots, and ``random`` plays the others.  Fails if the game ends, or
    ``limit`` moves (default: the game's decision bound) pass, before the predicate
    holds.
    """
    if isinstance(bots, str) or bots is None or isinstance(bots, Mapping):
        kind = bots if isinstance(bots, str) else "random"
        own = {} if isinstance(bots, str) else game.make_bots(seed_offset=len(game.log))
        given = bots if isinstance(bots, Mapping) else {}
        chosen = {
            seat: _seated(game, seat, given[seat])
            if seat in given
            else own.get(seat) or _seated(game, seat, kind)
            for seat in range(game.players)
        }
    else:
        chosen = {seat: _seated(game, seat, bots) for seat in range(game.players)}
    bound = game.rules.decision_bound() if limit is None else limit
    played = 0
    while not predicate(game):
        seat = game.to_move
        if seat is None:
            raise AssertionError(f"the game ended after {played} moves before the predicate held")
        if played >= bound:
            raise AssertionError(f"the predicate did not hold within {bound} moves ({game.where()})")
        game.play(chosen[seat].choose(game.state, game.legal()))
        played += 1
    return played


def _seated(game: Game, seat: int, bot: Bot | str) -> SeatBot:
    """A bot a test passes, held as the table holds one (it sees the seat's view);
    one already held (``game.make_bots()``) as it is; a kind (``"random"``), made as the
    game would make it now."""
    if isinstance(bot, str):
        return seat_bot(game.registry.bot(bot, game.spec.id), game.rules, seat, game.seed + len(game.log))
    if isinstance(bot, SeatBot):
        return bot
    return SeatBot(bot, game.rules, seat, name=type(bot).__name__)


def _illegal_candidates(seen: list[Any], legal: list[Any]) -> list[Any]:
    """An action from an earlier decision that is not legal now, and a foreign object."""
    candidates: list[Any] = [_Foreign()]
    for action in reversed(seen):
        if action not in legal:
            candidates.append(action)
            break
    return candidates
