"""The ``turbine`` command line: the typer app and :func:`main`.

Exit codes: 0 success; 2 bad input (any :class:`~turbine.core.TurbineError`:
bad options, an unreadable save, an illegal move, a missing plugin; also usage
errors), reported as one line on stderr; 1 an internal error (with a traceback).

Plugins add their own commands through the ``turbine_cli_commands`` hook; they
appear as ``turbine NAME`` next to the built-in ones (which they cannot replace).
"""

from __future__ import annotations

import contextlib
import inspect
import math
import os
import re
import shlex
import sys
import traceback
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer
from rich.table import Table
from rich.text import Text
from turbine.core import Game, ParseError, Registry, TurbineError, savefile
from turbine.core.botopts import parse_bot_options, with_bot_options
from turbine.core.layout import plural
from turbine.core.rng import SEED_MAX
from turbine.core.session import options_model, verify_save

from . import completion, flaghelp, output, pictures, plugin_cmd, scoreboard, screen
from .common import (
    CliError,
    Interrupted,
    Moved,
    about,
    forget_left_out,
    guard_output,
    load_game,
    name_seats,
    parse_handovers,
    parse_options,
    parse_seats,
    play_move,
    player_count,
    plugin_at_fault,
    registry,
    run_bots,
    save_game,
    seat_number,
    stop_if_bots_unfinished,
    use_width,
    warn_left_out,
    writable_file,
)

flaghelp.show_flags_without_metavar()  # `--json`, not `--json <bool>`: a flag takes no value

app = typer.Typer(
    name="turbine",
    help="Play, save, replay, simulate and benchmark turn-and-phase board games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

BUILTIN_COMMANDS = {
    "variants",
    "plugins",
    "new",
    "play",
    "legal",
    "move",
    "show",
    "replay",
    "upgrade",
    "export",
    "simulate",
    "tournament",
    "bench",
    "schema",
    "demo",
    "plugin",
}
plugin_command_problems: list[str] = []
"""Plugin commands that could not be added (shown by ``turbine plugins``)."""

OptionList = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="A variant option as KEY=VALUE (repeatable).",
        metavar="KEY=VALUE",
        autocompletion=completion.complete_option,
    ),
]
WithList = Annotated[
    list[str] | None,
    typer.Option(
        "--with",
        "-w",
        help="Enable an expansion (repeatable).",
        metavar="EXPANSION",
        autocompletion=completion.complete_expansion,
    ),
]
JsonFlag = Annotated[bool, typer.Option("--json", help="Machine-readable JSON on stdout.")]
ReplaceFlag = Annotated[
    bool, typer.Option("--force", help="Write the output over a saved game (refused without it).")
]
BotOptionList = Annotated[
    list[str] | None,
    typer.Option(
        "--bot-option",
        help="A bot's option as BOT.KEY=VALUE, e.g. mcts.seconds=1 (repeatable; not saved).",
        metavar="BOT.KEY=VALUE",
    ),
]
WidthOption = Annotated[
    str | None,
    typer.Option(
        "--width",
        help="Fit the output to N columns (default: the terminal's width).",
        metavar="N",
        show_default=False,
    ),
]


def _seed_option(help: str) -> Any:
    """``--seed``: a 64-bit seed (0 to 2**64 - 1, :data:`turbine.core.rng.SEED_MAX`), checked
    by a callback rather than ``min``/``max``, whose 20-digit range would crowd the help."""
    return typer.Option("--seed", "-s", help=help, metavar="SEED", callback=_seed_in_range)


def _seed_in_range(value: int) -> int:
    if not 0 <= value <= SEED_MAX:
        raise typer.BadParameter(f"{value} is not a seed; seeds are 0 to 2^64 - 1 ({SEED_MAX})")
    return value


def _save_path(value: str) -> Path:
    """A save file's name as typed: ``''`` is no name (``Path('')`` would be ``.``, the folder)."""
    if not value:
        raise typer.BadParameter("an empty name is no file; give the save file's name")
    return Path(value)


SaveArg = Annotated[Path, typer.Argument(help="The save file.", metavar="FILE", parser=_save_path)]
JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        help="Play the games in N processes (same results for any N); with --backend ray, "
        "at most N tasks at once (default: 1 process; every CPU of the Ray cluster).",
        min=1,
        metavar="N",
        show_default=False,
    ),
]


class Backend(StrEnum):
    """Where ``simulate`` and ``tournament`` play their games."""

    local = "local"
    ray = "ray"


BackendOption = Annotated[
    Backend,
    typer.Option(
        "--backend",
        help="local: processes of this machine; ray: Ray tasks, on a Ray started here or the cluster "
        "at --address (needs turbine-games\\[ray]). Same results either way.",
    ),
]
AddressOption = Annotated[
    str | None,
    typer.Option(
        "--address",
        help="With --backend ray: the Ray cluster's head, HOST:PORT, or auto for the one this "
        "machine belongs to (default: start a Ray here, for this run only).",
        metavar="ADDR",
    ),
]
RowsOption = Annotated[
    Path | None,
    typer.Option(
        "--rows",
        help="Write one row per game to FILE: CSV, or Parquet for *.parquet "
        "(needs turbine-games\\[parquet]).",
        metavar="FILE",
    ),
]


def _positive_seconds(value: float | None) -> float | None:
    if value is not None and not value > 0:
        raise typer.BadParameter(f"a bot needs more than 0 seconds for a decision, not {value}")
    return value


BotSecondsOption = Annotated[
    float | None,
    typer.Option(
        "--bot-seconds",
        help="A bot that takes longer over one decision fails its game (the results then depend on timing).",
        callback=_positive_seconds,
        metavar="S",
    ),
]


def _show_version(value: bool) -> None:
    if value:
        from turbine.core.session import turbine_version

        output.out.print(f"turbine {turbine_version()}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_show_version,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """Play, save, replay, simulate and benchmark turn-and-phase board games."""


# -- what is installed --------------------------------------------------------------


@app.command()
def variants(
    variant: Annotated[
        str | None,
        typer.Argument(
            help="A variant id: every option of it and of its expansions, in full.",
            metavar="VARIANT",
            autocompletion=completion.complete_variant,
            show_default=False,
        ),
    ] = None,
    json_out: JsonFlag = False,
) -> None:
    """The installed variants; with VARIANT, every option of that variant in full.

    Without VARIANT, a short table: each variant's players, option count, expansions and
    bots.  --json gives every variant's full data, as a list (with VARIANT, that
    variant's object alone)."""
    from .variant_list import full_lines, print_lines, summary_lines, variant_info

    reg = registry()
    if variant is not None:
        info = variant_info(reg, reg.variant(variant).id)  # an unknown id: one line, what is installed
        if json_out:
            output.print_json(info)
        else:
            print_lines(full_lines(info, output.out.width))
        return
    infos = [variant_info(reg, v) for v in sorted(reg.variants)]
    if json_out:
        output.print_json(infos)
    else:
        print_lines(summary_lines(infos, output.out.width))


@app.command()
def plugins(json_out: JsonFlag = False) -> None:
    """The installed plugins: status (ok or broken, and why), versions, requirements, sources."""
    reg = registry()
    rows = plugin_rows(reg)
    forget_left_out()  # the statuses below say it all
    if json_out:
        output.print_json(
            {"plugins": rows, "errors": dict(reg.errors), "command_problems": plugin_command_problems}
        )
        return
    table = Table(box=None, pad_edge=False, header_style="dim")
    # a narrow terminal breaks a long text between words, and a word only when it must;
    # a plugin's name stays whole
    table.add_column("plugin", min_width=max((len(row["name"]) for row in rows), default=6))
    for column in ("status", "version", "requires", "source", "provides"):
        table.add_column(column, overflow="fold")
    for row in rows:
        bots = [f"bots {', '.join(row['bots'])}"] if row["bots"] else []
        provides = ", ".join(row["variants"] + row["expansions"] + bots) or row["description"]
        table.add_row(
            Text(row["name"], style="bold"),
            Text(row["status"], style="green" if row["status"] == "ok" else "bold red"),
            Text(row["version"] or "?"),
            Text(", ".join(row["requires"]) or "-"),
            Text(row["source"] or "?"),
            Text(provides),
        )
    output.out.print(table)
    if reg.errors:
        output.out.print(Text("\nPlugins left out (broken), and why:", style="bold red"))
        for name, why in sorted(reg.errors.items()):
            output.out.print(Text(f"  {name}: {why}"))
    for problem in plugin_command_problems:
        output.out.print(Text(f"  {problem}"))


def plugin_rows(reg: Registry) -> list[dict[str, Any]]:
    """One row per plugin, loaded (status ``ok``) or left out (``broken``, with the reason)."""
    rows: list[dict[str, Any]] = []
    loaded = reg.plugins
    infos = reg.infos()
    for name in [*loaded, *sorted(set(reg.errors) - set(loaded))]:
        plugin = loaded.get(name)
        info = plugin.info if plugin is not None else infos.get(name)
        rows.append(
            {
                "name": name,
                "status": "ok" if plugin is not None else "broken",
                "reason": None if plugin is not None else reg.errors[name],
                "version": info.version if info is not None else None,
                "requires": list(info.requires) if info is not None else [],
                "source": plugin.source if plugin is not None else reg.source(name),
                "description": info.description if info is not None else "",
                "variants": [v for v, p in reg.variant_plugin.items() if p == name],
                "expansions": [e for e, p in reg.expansion_plugin.items() if p == name],
                "bots": sorted({bot.name for bot in reg.bots_of(name)}),
            }
        )
    return rows


@app.command()
def schema(
    variant: Annotated[
        str | None,
        typer.Argument(
            help="Variant id: its options and actions too.", autocompletion=completion.complete_variant
        ),
    ] = None,
    with_: WithList = None,
) -> None:
    """Print the JSON Schema of the save file format (with VARIANT: of that game's saves).

    With VARIANT the schema holds the game's options ($defs.options, each --with
    expansion's under its id) and its action union ($defs.action), for programs that
    validate a player's input before turbine sees it.
    """
    from turbine.core.schema import game_schema

    output.print_json(
        savefile.json_schema() if variant is None else game_schema(registry(), variant, with_ or [])
    )


@app.command()
def demo(
    variant: Annotated[
        str | None,
        typer.Argument(
            help="Variant id (default: the installed variant best suited to a demo).",
            autocompletion=completion.complete_variant,
        ),
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")] = None,
    seed: Annotated[int, _seed_option("The game's seed (0 to 2^64 - 1).")] = 1,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="Bot kind for every seat (default: greedy if any).",
            autocompletion=completion.complete_bot,
        ),
    ] = None,
    out: Annotated[Path, typer.Option("--out", help="Where to save the game.", metavar="FILE")] = Path(
        "demo.json"
    ),
    option: OptionList = None,
    with_: WithList = None,
    bot_option: BotOptionList = None,
    force: ReplaceFlag = False,
    width: WidthOption = None,
) -> None:
    """Play a whole game between bots, show the final board and the winner, and save it
    (over an earlier game of bots alone, not over a game a person played or a file that is
    no save without --force)."""
    use_width(width)
    from .demo import run_demo

    guard_output(out, "game", force=force, bots_may_go=True)
    run_demo(
        registry(),
        variant,
        players,
        seed,
        bots,
        out,
        expansions=with_ or [],
        options=option or [],
        bot_options=bot_option or [],
    )


# -- a new game ------------------------------------------------------------------------


@app.command()
def new(
    variant: Annotated[
        str,
        typer.Argument(
            help="Variant id (see `turbine variants`).", autocompletion=completion.complete_variant
        ),
    ],
    out: Annotated[Path, typer.Option("--out", help="Where to write the save file.", metavar="FILE")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")] = None,
    seed: Annotated[int, _seed_option("Seed of the game's randomness (0 to 2^64 - 1).")] = 0,
    option: OptionList = None,
    with_: WithList = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="Comma list of seat kinds: human or a bot name (e.g. human,random).",
            autocompletion=completion.complete_seat,
        ),
    ] = None,
    names: Annotated[
        str | None,
        typer.Option(
            help="Comma list of the players' names in seat order (e.g. Anna,Ben); "
            "seats not named are Player 1, Greedy bot 2…",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
    bot_option: BotOptionList = None,
    width: WidthOption = None,
) -> None:
    """Write the save file of a new game.

    Players default to the number of --seats, else the variant's minimum; seats
    default to all human; the seed defaults to 0, so the same command always
    makes the same game.  If the first seats to move are bots, they move at
    once, until a human is to move.
    """
    use_width(width)
    reg = registry()
    spec = reg.variant(variant)
    reg = with_bot_options(reg, parse_bot_options(reg, variant, bot_option or []))
    if players is not None:  # the variant's range, before seats are made for the count
        player_count(spec, players, spec.min_players)
    seat_list = name_seats(parse_seats(seats, players, spec.min_players), names)
    if str(out) == "-":  # standard output elsewhere; a game is saved to play on
        raise CliError("--out names the file the game is saved in; '-' is no file")
    writable_file(out, "game")
    if out.exists() and not force:
        raise CliError(f"{out} exists; use --force to overwrite it")
    game = Game(
        reg,
        variant,
        players=len(seat_list),
        seed=seed,
        options=parse_options(options_model(reg, variant, with_ or []), option or []),
        expansions=with_ or [],
        seats=seat_list,
    )
    moves: list[Moved] = []
    try:
        moves.extend(run_bots(game, game.make_bots(), thinking=output.thinking(game)))
    except KeyboardInterrupt:  # saved by the finally clause, after the last whole move
        announce(game, moves)
        raise stopped(out) from None
    finally:  # a bot that fails leaves the game saved just before its move
        save_game(game, out)
    output.out.print(
        Text(f"New {spec.name} game for {game.players} players (seed {seed}) saved to {out}", style="bold")
    )
    announce(game, moves)
    stop_if_bots_unfinished(game, out)
    output.where(game)
    if not game.is_over:
        shown = str(out)
        path = shlex.quote(f"./{shown}" if shown.startswith("-") else shown)  # to copy into a shell
        output.out.print(
            Text(f"Next: turbine play {path} (or a move at a time: turbine legal / move {path})", style="dim")
        )


# -- one game: look and move ------------------------------------------------------------


INTERRUPTED = 130
"""The exit code of a command Ctrl-C stopped (128 + SIGINT, as a shell gives it)."""


def stopped(path: Path) -> Interrupted:
    """Ctrl-C while the bots played on a save: it holds the game as after its last whole move
    (saved after each), which ``play`` goes on with."""
    return Interrupted(
        f"stopped; {path} holds the game after its last whole move: turbine play {path} goes on"
    )


def announce(game: Game, moves: list[Moved]) -> None:
    """The moves just played, one line per action, with what the automatic steps did."""
    announcer = screen.Announcer(game)
    for moved in moves:
        announcer.moved(moved)
    announcer.flush()


@app.command()
def play(
    file: SaveArg,
    no_tty_check: Annotated[
        bool, typer.Option("--no-tty-check", hidden=True, help="Allow stdin that is not a terminal.")
    ] = False,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            help="Hand a seat over before playing on: 3=human (a person plays seat 3) or 2=greedy "
            "(a bot does); repeatable.",
            metavar="SEAT=PLAYER",
        ),
    ] = None,
    bot_option: BotOptionList = None,
    width: WidthOption = None,
) -> None:
    """Play a saved game interactively (bots move by themselves; saved after every move).

    At the prompt, 'bot greedy' hands your seat to a bot and 'human 3' gives seat 3
    back to a person ('help' lists every command).  Needs a terminal (a program that
    drives it through a pipe sets TURBINE_NO_TTY_CHECK=1).
    """
    use_width(width)
    from .play import PlaySession

    if not (no_tty_check or os.environ.get("TURBINE_NO_TTY_CHECK") or sys.stdin.isatty()):
        raise CliError(
            "turbine play needs a terminal (stdin is not one); "
            "use `turbine legal` and `turbine move` in scripts"
        )
    game = load_game(file, play_on=True)
    given = parse_bot_options(game.registry, game.spec.id, bot_option or [])
    game.registry = with_bot_options(game.registry, given)
    for kind in dict.fromkeys(s.player for s in game.seats if s.player != "human"):
        spec = game.registry.bot(kind, game.spec.id)
        if spec.options is not None and kind not in given:  # a save keeps the seats, not the settings
            keys = ", ".join(spec.options.model_fields)
            output.say(
                output.out,
                f"{kind} plays at its default settings, which a save does not keep: "
                f"--bot-option {kind}.KEY=VALUE sets them (keys: {keys})",
                "dim",
            )
    PlaySession(file, game, parse_handovers(game, seat or [])).run()


@app.command()
def legal(file: SaveArg, json_out: JsonFlag = False, width: WidthOption = None) -> None:
    """The legal moves of the seat to move, numbered from 1."""
    use_width(width)
    game = load_game(file)
    moves = [
        {
            "index": i,
            "notation": game.rules.describe(a),
            "choice": game.rules.choice_text(game.state, a),
            "action": game.rules.action_terms(a),
        }
        for i, a in enumerate(game.legal(), start=1)
    ]
    seat = game.to_move
    if json_out:
        output.print_json(
            {
                "seat": None if seat is None else seat + 1,
                "kind": None if seat is None else game.seats[seat].player,
                "where": game.where(),
                "over": game.is_over,
                "moves": moves,
            }
        )
        return
    output.where(game)
    if game.is_over:  # no seat is to move: say so rather than list nothing
        output.out.print(Text(output.winners_line(game), style="bold"))
        output.out.print("No legal moves: the game is over.")
        return
    asked = game.rules.question(game.state)
    if asked:  # what the moves answer, as the table screen asks it
        output.say(output.out, f"To decide: {asked}")
    output.move_list(game, columns=False)


@app.command()
def move(
    file: SaveArg,
    notation: Annotated[str, typer.Argument(help="The move: its notation, a unique prefix or its number.")],
    as_seat: Annotated[
        int | None, typer.Option("--as", help="Refuse unless this seat (from 1) is to move.", metavar="SEAT")
    ] = None,
    bot_option: BotOptionList = None,
    width: WidthOption = None,
) -> None:
    """Apply one move for the seat to move, then let bot seats move, and save.

    Bots keep moving until a human is to move or the game ends.  An illegal
    move exits with code 2 and leaves FILE unchanged.
    """
    use_width(width)
    game = load_game(file, play_on=True)
    game.registry = with_bot_options(
        game.registry, parse_bot_options(game.registry, game.spec.id, bot_option or [])
    )
    wanted = seat_number(game, as_seat)
    if game.is_over:
        raise CliError("the game is over")
    if wanted is not None and wanted != game.to_move:
        raise CliError(f"it is not seat {wanted + 1}'s turn: {game.where()}")
    try:
        action = game.find(notation)
    except ParseError as exc:
        said = str(exc)
        if said.endswith("?"):  # a suggestion ends the line
            raise
        raise ParseError(f"{said}; `turbine legal {file}` lists the legal moves") from None
    moves = [play_move(game, action, by="human")]  # typed at the command line, whoever plays the seat
    try:
        moves.extend(
            run_bots(game, game.make_bots(seed_offset=len(game.log)), thinking=output.thinking(game))
        )
    except KeyboardInterrupt:  # saved by the finally clause, after the last whole move
        announce(game, moves)
        raise stopped(file) from None
    finally:  # a bot that fails leaves the game saved just before its move
        save_game(game, file)
    announce(game, moves)
    stop_if_bots_unfinished(game, file)
    output.where(game)
    if game.is_over:
        scoreboard.print_scores(game, final=True)
        output.out.print(Text(output.winners_line(game), style="bold"))


@app.command()
def show(
    file: SaveArg,
    as_seat: Annotated[
        int | None,
        typer.Option(
            "--as",
            "--seat",
            help="Show what this seat (from 1) sees; default: the seat to move.",
            metavar="SEAT",
        ),
    ] = None,
    view: Annotated[
        str | None,
        typer.Option(
            "--view",
            help="One of the game's views instead of the whole board, e.g. 'map' or 'company 2' "
            "('turbine show FILE --view list' names them).",
            metavar="NAME",
        ),
    ] = None,
    scores: Annotated[
        bool,
        typer.Option(
            "--scores",
            help="Each seat's score by source (Barrage: energy track, contracts, water…; "
            "Power Grid: the ranking's cities powerable, money, cities) instead of the board.",
        ),
    ] = False,
    svg: Annotated[
        Path | None,
        typer.Option("--svg", help="Draw the board as an SVG picture in OUT instead.", metavar="OUT"),
    ] = None,
    force: ReplaceFlag = False,
    json_out: JsonFlag = False,
    width: WidthOption = None,
) -> None:
    """The current state as one seat sees it (default: the seat to move; at the end, everything)."""
    use_width(width)
    instead = [
        name
        for name, given in (("--svg", svg), ("--scores", scores), ("--view", view))
        if given is not None and given is not False
    ]
    if len(instead) > 1:
        raise CliError(f"{' and '.join(instead)} each show something instead of the board: give one")
    if json_out and (svg is not None or view is not None):
        raise CliError(
            f"--json prints the state or the scores, not {'a picture' if svg is not None else 'a view'}"
        )
    game = load_game(file)
    seat = seat_number(game, as_seat)
    if as_seat is None:
        seat = game.to_move
    if svg is not None:
        if not pictures.to_stdout(svg):
            guard_output(svg, "picture", force=force, reading=file)
        told = pictures.write_svg(game, seat, svg)
        if not pictures.to_stdout(svg):  # the picture alone on standard output
            output.out.print(Text(told))  # names and paths as typed
        return
    if scores:
        show_scores(game, json_out)
        return
    if json_out:
        output.print_json(state_json(game, seat))
        return
    if view is not None:
        show_view(game, seat, view)
        return
    seen = "everything shown" if seat is None else f"as seen by {output.seat_label(game, seat)}"
    title = " · ".join(part for part in (game.spec.name, output.place(game), seen) if part)
    output.board(game, seat, title=title)
    output.where(game)
    if game.is_over:
        output.out.print(Text(output.winners_line(game), style="bold"))


def show_scores(game: Game, json_out: bool) -> None:
    """``show --scores``: the table of scores by source, or its JSON, with the winners
    once the game is over."""
    breakdown = scoreboard.breakdown(game)
    if json_out:
        names = [output.seat_label(game, seat) for seat in range(game.players)]
        data = breakdown.to_data(names)
        data["over"] = game.is_over
        data["winners"] = [s + 1 for s in game.rules.winner(game.state)] if game.is_over else []
        output.print_json(data)
        return
    scoreboard.print_scores(game, final=game.is_over, scores=breakdown)
    if game.is_over:
        output.out.print(Text(output.winners_line(game), style="bold"))
    else:
        output.where(game)


def show_view(game: Game, seat: int | None, view: str) -> None:
    """``show --view NAME [ARG]``: one of the game's views, or their list."""
    views = game.views()
    name, _, arg = view.strip().partition(" ")
    if name == "list" or not views:
        if not views:
            raise CliError(f"{game.spec.name} has no views besides the board")
        for key, what in views.items():  # a long description wraps under itself
            for line in output.wrap(f"{key:<12} {what}", output.out.width, hang=" " * 13):
                output.out.print(Text(line), no_wrap=True)
        return
    if name not in views:
        raise CliError(f"{name!r} is not a view of {game.spec.name}; views: {', '.join(views)}")
    try:
        output.lay_out(game, output.out)
        text = game.render_view(seat, name, arg.strip())
    except ParseError as exc:
        raise CliError(str(exc)) from None
    output.rule(output.out, Text(f"{game.spec.name} · {view.strip()}", style="bold"))
    output.print_wrapped(output.out, output.game_text(text))


def state_json(game: Game, seat: int | None) -> dict[str, Any]:
    """The JSON of ``show``: where the game is and the view of one seat."""
    return {
        "variant": game.spec.id,
        "seat": None if seat is None else seat + 1,
        "to_move": None if game.to_move is None else game.to_move + 1,
        "where": game.where(),
        "round": game.rules.round_number(game.state),
        "phase": game.rules.phase_name(game.state),
        "actions": len(game.log),
        "over": game.is_over,
        "scores": game.rules.scores(game.state),
        "winners": [s + 1 for s in game.rules.winner(game.state)] if game.is_over else [],
        "seats": [{"name": s.name, "kind": s.kind} for s in game.seats],
        "state": msgspec.to_builtins(game.rules.view(game.state, seat)),
    }


@app.command()
def replay(
    file: SaveArg,
    to: Annotated[
        int | None, typer.Option("--to", help="Show the state after N actions.", metavar="N")
    ] = None,
    verify: Annotated[
        bool, typer.Option("--verify", help="Replay the whole log and check every digest and notation.")
    ] = False,
    quiet: Annotated[
        bool,
        typer.Option("--quiet", "-q", help="With --verify: print only its result (to check many files)."),
    ] = False,
    step: Annotated[
        bool,
        typer.Option(
            "--step",
            help="Step through the game move by move (the default in a terminal, without --to or --verify).",
        ),
    ] = False,
    as_seat: Annotated[
        int | None,
        typer.Option(
            "--as",
            help="Stepping: show the board as this seat (from 1) sees it; default: everything.",
            metavar="SEAT",
        ),
    ] = None,
    html: Annotated[
        Path | None,
        typer.Option(
            "--html", help="Write a page to click through, the board after each move, to OUT.", metavar="OUT"
        ),
    ] = None,
    bot_option: Annotated[
        list[str] | None,
        typer.Option(
            "--bot-option",
            help="Stepping: a setting of the bots 'hint' asks, as BOT.KEY=VALUE, e.g. mcts.seconds=1 "
            "(repeatable).",
            metavar="BOT.KEY=VALUE",
        ),
    ] = None,
    force: ReplaceFlag = False,
    width: WidthOption = None,
) -> None:
    """Rebuild a game from its seed and log, print the log and the state reached.

    In a terminal, without --to or --verify (or anywhere with --step), it opens
    the stepper instead: the board after each move and what the move changed,
    moving with Enter, p, a step number, /TEXT ('help' lists the commands).

    With --verify the whole log is replayed (even with --to) and every stored
    digest is checked; any mismatch exits with code 2 (--quiet: only that line).
    """
    use_width(width)
    if quiet and not verify:
        raise CliError("--quiet prints only what --verify found: add --verify")
    if html is not None:
        given = (("--to", to is not None), ("--step", step), ("--verify", verify))
        others = [flag for flag, on in given if on]
        if others:  # the page holds every move, and verifies nothing
            raise CliError(f"--html writes a page of every move; {', '.join(others)} does not apply to it")
        if not pictures.to_stdout(html):
            guard_output(html, "page", force=force, reading=file)
        told = pictures.write_replay(file, html, None if as_seat is None else as_seat - 1)
        if not pictures.to_stdout(html):  # the page alone on standard output
            output.say(output.out, told)
        return
    if step and quiet:
        raise CliError("--quiet prints only what --verify found, without stepping: leave out --step")
    if step or (sys.stdin.isatty() and sys.stdout.isatty() and to is None and not verify):
        from .stepper import run_stepper

        run_stepper(file, as_seat=as_seat, start=to, verify=verify, bot_options=bot_option)
        return
    if as_seat is not None:
        raise CliError("--as shows the board in the stepper: add --step")
    if bot_option:
        raise CliError("--bot-option sets the bots the stepper's 'hint' asks: add --step")
    save, twice = savefile.load_checked(file, strict=verify)
    if twice is not None:  # warned as `show` warns; --verify refuses it
        output.warn(savefile.twice_note(twice))
    total = len(save.log)
    if to is not None and not 0 <= to <= total:
        raise CliError(f"--to must be between 0 and {total} (the log has {plural(total, 'action')})")
    warnings: list[str] = []
    reg = registry()
    checked = ""
    with about(file):
        if verify:
            full, checked = verify_save(reg, save, str(file))
            game = full if to is None or to == total else Game.from_save(reg, save, upto=to)
        else:
            game = Game.from_save(reg, save, upto=to, warnings=warnings)
    for warning in warnings:
        output.warn(warning)
    if quiet:
        output.say(output.out, checked, "bold green")
        return
    shown = total if to is None else to
    seats = ", ".join(
        f"{s.name} ({s.kind}{f', now {s.played_by}' if s.played_by else ''})" for s in save.seats
    )
    heading = (
        f"{output.setup_name(game)} · seed {save.seed} · {save.players} players: {seats} · "
        f"{plural(total, 'action')}"
    )
    output.say(output.out, heading, "bold")
    output.log(game, save.log[:shown])
    if shown < total:
        output.out.print(Text(f"   … {plural(total - shown, 'later action')} not applied", style="dim"))
    output.board(
        game, None, title=" · ".join(p for p in (f"After {plural(shown, 'action')}", output.place(game)) if p)
    )
    if game.is_over:
        output.say(output.out, output.winners_line(game), "bold")
    if checked:
        output.say(output.out, checked, "bold green")


@app.command()
def export(
    file: SaveArg,
    format_: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            help="jsonl (a JSON object a line), csv or parquet (default: as the --out FILE is named, "
            "FILE.csv or FILE.parquet, else jsonl; a name for another format, such as FILE.xlsx, is "
            "refused; Parquet needs the extra turbine-games\\[parquet]).",
            metavar="FORMAT",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Write to FILE (atomically) instead of stdout (- is stdout).", metavar="FILE"
        ),
    ] = None,
    force: ReplaceFlag = False,
) -> None:
    """One row per action: its number, seat, player, round and phase, its notation and the scores after it."""
    from .export import format_for, run_export

    run_export(file, format_ or format_for(out), out, force=force)


@app.command()
def upgrade(
    file: SaveArg,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write the upgraded save here (default: FILE).", metavar="PATH"),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="With --out: overwrite PATH if it exists (another file).")
    ] = False,
    latest_rules: Annotated[
        bool,
        typer.Option(
            "--latest-rules",
            help="Also move the game to the installed rules versions (refused if a move is illegal there).",
        ),
    ] = False,
) -> None:
    """Rewrite a save in the current format, with a log digest and digests.

    The game is rebuilt from its log (every move checked) and saved again, so
    that `replay --verify` can check it from now on.  Only the format and the
    digests change: the setup and the moves stay as they were, and so do the
    rules versions it was played under while the installed games still play
    them (a save of format 1: version 1).  With --latest-rules the game is
    replayed under the installed rules versions instead.
    """
    if out is not None:
        writable_file(out, "upgraded game")
    if out is not None and out.exists() and not force:
        with contextlib.suppress(OSError):
            if not out.samefile(file):
                raise CliError(f"{out} exists; use --force to overwrite it")
    save, twice = savefile.load_checked(file)
    warnings: list[str] = []
    with about(file):
        game = Game.from_save(registry(), save, warnings=warnings, installed_rules=latest_rules)
    game.load_report.twice = twice
    refusal = game.load_report.why_not_play_on(str(file), "upgrading it")
    if refusal is not None:
        raise CliError(refusal)
    for warning in warnings if save.format_version >= 2 else ():  # format 1: what is being fixed
        output.warn(warning)
    target = out or file
    before = _bytes_of(target)
    save_game(game, target)
    rewritten = _bytes_of(target) != before
    was = save.rules_versions if save.format_version >= 2 else dict.fromkeys(game.rules_versions, 1)
    formats = (
        f"{save.format_version} → {savefile.FORMAT_VERSION}"
        if save.format_version != savefile.FORMAT_VERSION
        else f"{savefile.FORMAT_VERSION} (unchanged)"
    )
    versions = ", ".join(
        f"{name} {was[name]} → {v}" if was.get(name, v) != v else f"{name} {v}"
        for name, v in game.rules_versions.items()
    )
    if out:
        written = f"; written to {target}"
    elif save.format_version != savefile.FORMAT_VERSION or was != game.rules_versions:
        written = ""  # the change is said
    elif rewritten:  # the same game, in the layout turbine writes (a BOM, CRLF or one line gone)
        written = "; rewritten in turbine's own layout, the game as it was"
    else:
        written = "; the file was already current and is left as it was"
    output.out.print(
        Text(
            f"{file}: save format {formats}, {plural(len(game.log), 'action')}, rules versions {versions}"
            + written,
        )
    )


def _bytes_of(path: Path) -> bytes | None:
    """What ``path`` holds now (``None``: nothing readable)."""
    try:
        return path.read_bytes()
    except OSError:
        return None


# -- many games ------------------------------------------------------------------------


@app.command()
def simulate(
    variant: Annotated[str, typer.Argument(help="Variant id.", autocompletion=completion.complete_variant)],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.", min=1)] = 10,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players (default: minimum).")
    ] = None,
    seed: Annotated[int, _seed_option("Game i uses seed S+i (0 to 2^64 - 1).")] = 0,
    bots: Annotated[
        str,
        typer.Option(
            "--bots", help="Bot kind for every seat, or a comma list.", autocompletion=completion.complete_bot
        ),
    ] = "random",
    option: OptionList = None,
    with_: WithList = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write one save file per game here.", metavar="DIR")
    ] = None,
    jobs: JobsOption = None,
    backend: BackendOption = Backend.local,
    address: AddressOption = None,
    rows: RowsOption = None,
    bot_seconds: BotSecondsOption = None,
    bot_option: BotOptionList = None,
    force: ReplaceFlag = False,
    json_out: JsonFlag = False,
) -> None:
    """Play bot-only games and summarise them (winners, scores, length).

    Exit code 2 when a bot fails (raises, answers an illegal move, or goes over
    --bot-seconds): the position is saved and named; 1 when a game's rules fail."""
    from .simulate import guard_outputs, print_summary, run_simulation

    guard_outputs(out, rows, force, json_out)
    _check_seeds(seed, games)
    reg = registry()
    spec = reg.variant(variant)
    summary = run_simulation(
        reg,
        variant,
        games=games,
        seats=parse_seats(
            bots,
            None if players is None and "," in bots else player_count(spec, players, spec.min_players),
            spec.min_players,
            "--bots",
        ),
        seed=seed,
        options=parse_options(options_model(reg, variant, with_ or []), option or []),
        expansions=with_ or [],
        out_dir=out,
        jobs=jobs,
        rows=rows,
        bot_seconds=bot_seconds,
        backend=backend.value,
        address=address,
        bot_options=bot_option or [],
    )
    _end_run(summary, print_summary, json_out)


def _check_seeds(seed: int, games: int) -> None:
    """Game i of a run uses seed S+i: the last one must be a seed too."""
    if seed + games - 1 > SEED_MAX:
        fits = games <= SEED_MAX + 1
        most = f"give --seed {SEED_MAX - games + 1} at most" if fits else "give fewer --games"
        raise CliError(
            f"--seed {seed} with --games {games} runs past the largest seed, 2^64 - 1 ({SEED_MAX}); {most}"
        )


def _end_run(report: dict[str, Any], show: Callable[[dict[str, Any]], None], json_out: bool) -> None:
    """A run of bot games said (as JSON, or by ``show``), its failing bots reported, and
    its exit code: 2 when a bot failed, 1 when a game's rules failed."""
    from .simulate import exit_code, report_bot_failures

    if json_out:
        output.print_json(report)
    else:
        show(report)
    report_bot_failures(report)
    if exit_code(report):
        raise typer.Exit(exit_code(report))


@app.command()
def tournament(
    variant: Annotated[str, typer.Argument(help="Variant id.", autocompletion=completion.complete_variant)],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="The bot kinds, a comma list of two or more; a kind named again sits in more "
            "seats (mcts,greedy,greedy,greedy).",
            autocompletion=completion.complete_bot,
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.", min=1)] = 20,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players (default: one per name in --bots).")
    ] = None,
    seed: Annotated[int, _seed_option("Game i uses seed S+i (0 to 2^64 - 1).")] = 0,
    option: OptionList = None,
    with_: WithList = None,
    jobs: JobsOption = None,
    backend: BackendOption = Backend.local,
    address: AddressOption = None,
    rows: RowsOption = None,
    bot_seconds: BotSecondsOption = None,
    bot_option: BotOptionList = None,
    force: ReplaceFlag = False,
    json_out: JsonFlag = False,
) -> None:
    """Bots against each other, seats rotated: ratings with their uncertainty, and win rates.

    Exit codes as for simulate."""
    from .simulate import guard_outputs
    from .tournament import parse_bots, print_tournament, run_tournament

    guard_outputs(None, rows, force, json_out)
    _check_seeds(seed, games)
    reg = registry()
    spec = reg.variant(variant)
    kinds = parse_bots(bots, reg, variant)
    if players is None and len(kinds) > spec.max_players:
        raise CliError(
            f"--bots names {len(kinds)} bots and {spec.name} is for at most {spec.max_players} players; "
            "name fewer, or give --players to rotate them through fewer seats"
        )
    count = player_count(spec, players, max(len(kinds), spec.min_players))
    report = run_tournament(
        reg,
        variant,
        bots=kinds,
        games=games,
        players=count,
        seed=seed,
        options=parse_options(options_model(reg, variant, with_ or []), option or []),
        expansions=with_ or [],
        jobs=jobs,
        rows=rows,
        bot_seconds=bot_seconds,
        backend=backend.value,
        address=address,
        bot_options=bot_option or [],
    )
    _end_run(report, print_tournament, json_out)


@app.command()
def bench(
    variant: Annotated[str, typer.Argument(help="Variant id.", autocompletion=completion.complete_variant)],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players (default: minimum).")
    ] = None,
    seconds: Annotated[
        float, typer.Option("--seconds", "-t", help="About how long to measure, in all (0 or more).")
    ] = 3.0,
    option: OptionList = None,
    with_: WithList = None,
    json_out: JsonFlag = False,
) -> None:
    """Measure decisions, games, replayed actions, save+load cycles and state clones per second."""
    from .bench import print_bench, run_bench

    if not (math.isfinite(seconds) and seconds >= 0):  # a NaN fails every comparison
        raise CliError(f"--seconds must be a number of seconds from 0 up, not {seconds}")
    reg = registry()
    spec = reg.variant(variant)
    result = run_bench(
        reg,
        variant,
        players=player_count(spec, players, spec.min_players),
        seconds=seconds,
        options=parse_options(options_model(reg, variant, with_ or []), option or []),
        expansions=with_ or [],
    )
    if json_out:
        output.print_json(result)
    else:
        print_bench(result)


app.add_typer(plugin_cmd.app)

# -- plugins' commands and the entry point ------------------------------------------------


def add_plugin_commands(reg: Registry, wanted: str | None = None) -> None:
    """Add the plugins' commands as ``turbine NAME`` (never over a built-in).

    Only the plugins that declare a command (or declare nothing) are imported, and
    every plugin when the command ``wanted`` is not among theirs."""
    taken = set(BUILTIN_COMMANDS)
    for name, function in reg.commands(None if wanted in taken else wanted):
        if name in taken:
            plugin_command_problems.append(f"plugin command {name!r} ignored: the name is taken")
            continue
        try:
            app.command(name)(function)
        except Exception as exc:  # a broken plugin command must not break the CLI
            plugin_command_problems.append(f"plugin command {name!r} ignored: {type(exc).__name__}: {exc}")
            continue
        taken.add(name)


_plugin_commands_added = False


def needs_plugin_commands(args: list[str]) -> bool:
    """Whether this command line can reach a plugin's command, which means importing
    the plugins that declare a command (``turbine.commands`` entry points) and those
    that declare nothing.  A built-in command (other than ``plugins``, which reports
    the commands that could not be added) and ``--version`` never do; ``--help``,
    completion and any other word do."""
    if os.environ.get("_TURBINE_COMPLETE"):  # the shell asks for completions: commands too
        return True
    command = next((arg for arg in args if not arg.startswith("-")), None)
    if command is None:
        return not args or args[0] != "--version"
    return command not in BUILTIN_COMMANDS or command == "plugins"


def reflow_help(typer_app: typer.Typer) -> None:
    """Give each command's help as paragraphs the terminal wraps: typer keeps a
    docstring's line breaks after its first paragraph, and a line wider than the
    terminal then breaks into a ragged one-word line."""
    for info in typer_app.registered_commands:
        text = info.help if isinstance(info.help, str) else inspect.getdoc(info.callback)
        if text:
            info.help = "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(text).split("\n\n"))
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            reflow_help(group.typer_instance)


USAGE_ERROR: type[Exception] = next(cls for cls in typer.BadParameter.__mro__ if cls.__name__ == "UsageError")
"""click's error for a mistyped command line, as the installed typer ships it (typer
re-exports only its subclass ``BadParameter``): caught to print it as one line."""


def main(argv: list[str] | None = None) -> None:
    """Run the command line; exits with 0 (success), 2 (bad input) or 1 (internal error)."""
    global _plugin_commands_added
    try:
        output.configure()  # from the environment as it is now
        args = sys.argv[1:] if argv is None else argv
        if not _plugin_commands_added and needs_plugin_commands(args):
            _plugin_commands_added = True
            add_plugin_commands(registry(), next((arg for arg in args if not arg.startswith("-")), None))
        reflow_help(app)
        code = app(args=argv, prog_name="turbine", standalone_mode=False)
        warn_left_out()
        if code == INTERRUPTED:  # typer's answer to a Ctrl-C no command caught
            sys.stderr.write("\nturbine: interrupted\n")
        sys.exit(code if isinstance(code, int) else 0)
    except Interrupted as exc:  # a command that says what it kept
        sys.stderr.write(f"\nturbine: {exc}\n")
        sys.exit(INTERRUPTED)
    except USAGE_ERROR as exc:  # a mistyped command line: one line, like every bad input
        ctx = getattr(exc, "ctx", None)
        command = ctx.command_path if ctx is not None else "turbine"
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        if not message.strip():  # no command at all: the help above lists them
            message = "give a command; the help above lists them"
        number = re.fullmatch(r"No such option: (-\d+)", message.strip())
        if number is not None:  # a move or number typed with its minus sign
            message += f"; text that starts with '-' goes after --: {command} FILE -- {number[1]}"
        output.error_line(f"{message} (try '{command} --help')")
        sys.exit(2)
    except typer.Abort:  # Ctrl-C or end of input at a prompt
        sys.stderr.write("\nturbine: interrupted\n")
        sys.exit(INTERRUPTED)
    except TurbineError as exc:
        warn_left_out(error=str(exc))
        output.error_line(str(exc))
        sys.exit(2)
    except BrokenPipeError:  # the reader of the output went away (| head): no error of anyone's
        output.closed_pipe()
    except OSError as exc:  # a file that cannot be read or written: the user's to fix
        where = f": {exc.filename}" if exc.filename else ""
        output.error_line(f"{exc.strerror or exc}{where}")
        sys.exit(2)
    except KeyboardInterrupt:
        sys.stderr.write("\nturbine: interrupted\n")
        sys.exit(INTERRUPTED)
    except SystemExit:
        raise
    except Exception as exc:
        blamed = plugin_at_fault(exc)
        if blamed is None:
            sys.stderr.write("turbine: internal error (please report it with the traceback below)\n")
        else:  # a bug in an installed plugin's code: its authors are the ones to tell
            plugin, where = blamed
            sys.stderr.write(
                f"turbine: error in plugin {plugin!r} ({where}): {type(exc).__name__}: {exc} "
                "(please report it to the plugin's authors with the traceback below)\n"
            )
        traceback.print_exc()
        sys.exit(1)
