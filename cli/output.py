"""Rich output: consoles, the board, moves, scores and the log.

Text that comes from a game (boards, notations, reasons) is printed as plain
text, never as rich markup, so square brackets in it are safe.  JSON is written
with the standard library, straight to stdout.

No printed line is wider than the console (:func:`configure`): the terminal's
width, or ``--width N``.  The turn screen is compact and keeps its lines: a line
of the game's panel or a move too long for it is cut, keeping its start and
ending with ``…`` (:func:`fit`; the board, the views and 'moves' show it whole).
Everything read in full wraps instead, each wrapped line indented under its own
start (:func:`wrap_line`): the board, the views, the question, the log and what
the automatic steps did.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console
from rich.errors import MarkupError, StyleSyntaxError
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from turbine.core import Game
from turbine.core.layout import NARROWEST_TABLE, TABLE_WIDTH, plural
from turbine.core.savefile import LogEntry

if TYPE_CHECKING:
    from rich.progress import Progress
    from turbine.core.replay import Replay

MIN_WIDTH = 20
"""The narrowest console ``--width`` accepts (a move and its number still fit)."""


CLOSED_PIPE = 141
"""The exit code when the reader of the output stops reading (``turbine … | head -1``):
a shell's code for a program that SIGPIPE ended, as other command-line tools end."""


def closed_pipe() -> None:
    """Stop quietly: what is left to write goes nowhere (Python would otherwise report the
    closed pipe again as it flushes standard output on the way out)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    raise SystemExit(CLOSED_PIPE)


_TRAILING = re.compile(r" +(?=\n)")


class _Console(Console):
    """rich's console, which ends with code 1, the code of an internal error, when its
    reader goes away; turbine's ends as :func:`closed_pipe` says.

    Written to a file or a pipe, its lines end without the spaces rich leaves there (the
    space a wrapped sentence broke at, a table's padding), which a script comparing the
    output or a reviewer's editor sees; a terminal gets them as rich writes them (a
    styled space there may be a coloured cell)."""

    def on_broken_pipe(self) -> None:
        closed_pipe()

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        text = super()._render_buffer(buffer)
        return text if self.is_terminal else _TRAILING.sub("", text)


def make_console(*, stderr: bool = False, width: int | None = None) -> Console:
    """A console for the command's output, set from the environment as it is now.

    rich measures the terminal (``COLUMNS`` when set), writes no escapes when the
    output is not a terminal or ``TERM=dumb``, and drops colours under
    ``NO_COLOR``.  https://no-color.org asks for no added colour at all, and a
    NO_COLOR reader is as poorly served by bold and dim escapes, so then no
    style is written.  A forced ``width`` also pins the height, because rich
    takes a dumb terminal's size as 80×25 unless both are given.
    """
    height = shutil.get_terminal_size().lines if width is not None else None
    no_color = os.environ.get("NO_COLOR", "") != ""
    return _Console(
        stderr=stderr,
        width=width,
        height=height,
        highlight=False,
        soft_wrap=False,
        color_system=None if no_color else "auto",
    )


out = make_console()
err = make_console(stderr=True)


def configure(width: int | None = None) -> None:
    """Make the consoles again from the environment (a command's start; the tests run
    many commands in one process), ``width`` forcing their width (``--width``)."""
    global out, err
    out = make_console(width=width)
    err = make_console(stderr=True, width=width)


def ascii_rules() -> bool:
    """Rules drawn with ``-``: a dumb terminal may not show box-drawing characters
    (rich only falls back by itself when the encoding cannot write them)."""
    return os.environ.get("TERM", "").lower() in {"dumb", "unknown"}


def rule(console: Console, title: Text) -> None:
    """A heading rule as wide as the console, its title on the left."""
    console.rule(title, align="left", characters="-" if ascii_rules() else "─")


def fit(text: Text, width: int) -> Text:
    """``text`` with every line longer than ``width`` cut to it: the line keeps its
    start and ends with ``…`` (a table or a map keeps its shape, unlike wrapping)."""
    text = text.copy()
    text.expand_tabs()
    lines = text.split("\n", allow_blank=True)
    for line in lines:
        if line.cell_len > width:
            line.truncate(width, overflow="ellipsis")
    return Text("\n").join(lines)


def print_fitted(console: Console, text: Text) -> int:
    """Print a game's drawn text cut to the console's width (the turn screen, which
    keeps its lines); returns its line count."""
    fitted = fit(text, console.width)
    console.print(fitted, no_wrap=True)
    return fitted.plain.count("\n") + 1


def print_wrapped(console: Console, text: Text) -> None:
    """Print a game's text in full, each line too long for the console wrapped under
    its own start (:func:`wrap_line`): the board and the views, read to be read whole."""
    text = text.copy()
    text.expand_tabs()
    lines = [part for line in text.split("\n", allow_blank=True) for part in wrap_line(line, console.width)]
    console.print(Text("\n").join(lines), no_wrap=True)


def wrap_line(line: Text, width: int, hang: str = "    ") -> list[Text]:
    """``line`` as lines of at most ``width`` columns, broken at spaces (a word longer
    than a line is broken where it must): the first keeps the line's indentation,
    the next ones start ``hang`` further in, so a wrapped entry still reads as one.
    Styles are kept.  Widths are terminal columns: a CJK character takes two."""
    plain = line.plain
    if cell_len(plain) <= width:
        return [line]
    lead = len(plain) - len(plain.lstrip(" ▶"))  # a row marked as the seat to move keeps its place
    indent = " " * min(lead + len(hang), width // 2)
    pieces: list[Text] = []
    start, room = 0, width
    while (end := _columns_end(plain, start, room)) < len(plain):  # the rest does not fit
        cut = _break_at(plain, start if pieces else lead, end)
        if cut < 0:  # no space to break at: break the word
            cut = end
        piece = line[start:cut]
        piece.rstrip()
        pieces.append(Text(indent) + piece if pieces else piece)
        start = cut
        while start < len(plain) and plain[start] == " ":
            start += 1
        room = width - len(indent)
    if start < len(plain):
        pieces.append(Text(indent) + line[start:] if pieces else line[start:])
    return pieces


def _columns_end(plain: str, start: int, room: int) -> int:
    """The end of the longest run of ``plain`` from ``start`` that fits in ``room``
    columns (at least one character, so that wrapping always moves on)."""
    end, used = start, 0
    while end < len(plain):
        used += cell_len(plain[end])
        if used > room:
            break
        end += 1
    return max(end, start + 1)


_COUNT = re.compile(r"\d{1,3}[a-z]?")


def _is_count(word: str) -> bool:
    """A word that is a small number (``6``, ``12,``), or one with a unit's letter (``2e``
    in ``pay 2e 0m 0c``): kept with the words around it."""
    return _COUNT.fullmatch(word.rstrip(",.;:")) is not None


def _break_at(plain: str, floor: int, end: int) -> int:
    """Where to break ``plain`` at or before ``end`` (a space after ``floor``; -1: none).

    The last such space, unless a better one is in the line's last third: one outside
    parentheses (``28(1 uranium→4)`` stays whole), not before one or before a rule's tag
    (``Omsk (Seat 1)``, ``the contract office [B-9.1]`` stay whole), that does not part a
    number from its words (``Seat`` / ``6``, ``holds 1`` / ``oil``); failing one outside
    parentheses, such a space inside them (``…; left 0e 4m 5c)`` stays whole)."""
    last = plain.rfind(" ", floor + 1, end + 1)
    if last < 0:
        return -1
    depth = plain.count("(", 0, last) - plain.count(")", 0, last)
    bound = max(floor, end - (end - floor) // 3)
    cut, inside = last, -1
    while cut > bound:
        before = plain.rfind(" ", 0, cut)
        after = plain.find(" ", cut + 1) % (len(plain) + 1)  # -1: the end of the line
        word, next_word = plain[before + 1 : cut], plain[cut + 1 : after]
        if not _is_count(word) and not _is_count(next_word) and not next_word.startswith(("(", "[")):
            if depth <= 0:
                return cut
            if inside < 0:  # inside brackets: still better than parting a count from its words
                inside = cut
        depth -= plain.count("(", before, cut) - plain.count(")", before, cut)
        cut = before
    return inside if inside >= 0 else last


def wrap(text: str, width: int, indent: str = "", hang: str = "    ") -> list[str]:
    """A sentence wrapped at ``width`` (:func:`wrap_line`) after ``indent``: a long
    line of the log, or a row of a table told line by line, still reads as one entry."""
    return [piece.plain for piece in wrap_line(Text(indent + text), width, hang)]


LONGEST_WORD = 120
"""The most characters a word of an error line keeps: a save's text can be of any length
(an edited move's notation of 100,000 characters), and is quoted in the error."""


def one_line(message: object) -> str:
    """``message`` on one line, each word longer than :data:`LONGEST_WORD` cut with ``…``."""
    words = str(message).split()
    return " ".join(w if len(w) <= LONGEST_WORD else w[: LONGEST_WORD - 1] + "…" for w in words)


def say(console: Console, text: str, style: str = "", hang: str = "    ") -> None:
    """Plain sentences (a message, a question, a line of the log), each line wrapped at
    the console's width with its continuations ``hang`` further in than its start, as
    the announcements are (rich would start them at the left edge)."""
    for line in text.split("\n"):
        for part in wrap(line, console.width, hang=hang):
            console.print(Text(part, style=style), no_wrap=True)


def error_line(message: str) -> None:
    """One line on stderr, without rich (it must never wrap)."""
    sys.stderr.write(f"turbine: error: {one_line(message)}\n")
    sys.stderr.flush()


def warn(message: str) -> None:
    sys.stderr.write(f"turbine: warning: {one_line(message)}\n")
    sys.stderr.flush()


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def plain(text: str, style: str = "") -> Text:
    return Text(text, style=style)


# -- seats ------------------------------------------------------------------------


def seat_label(game: Game, seat: int | None) -> str:
    """``Seat 2 · Italy · Player 2`` for a 0-based seat: its number, what it is in
    the game (:meth:`Rules.seat_name`, once it has one) and its player."""
    if seat is None:
        return "nobody"
    role = game.rules.seat_name(game.state, seat)
    return " · ".join(p for p in (f"Seat {seat + 1}", role, game.seats[seat].name) if p)


def waiting(text: str, console: Console | None = None) -> contextlib.AbstractContextManager[Any]:
    """A line with a spinner while a bot searches, on a terminal only; it goes when the
    block ends (a search bot may think for seconds)."""
    console = console or out
    if not console.is_terminal:
        return contextlib.nullcontext()
    return console.status(Text(text, style="magenta"), spinner="dots")


def thinking(game: Game) -> Callable[[int], contextlib.AbstractContextManager[Any]]:
    """``run_bots``'s ``thinking``: ``Seat 2 · MCTS bot 2 is thinking…`` while that seat's
    bot chooses."""
    return lambda seat: waiting(f"{seat_label(game, seat)} is thinking…")


def is_human(game: Game, seat: int | None) -> bool:
    return seat is not None and game.seats[seat].player == "human"


# -- the board ----------------------------------------------------------------------


def lay_out(game: Game, console: Console) -> None:
    """Let the game lay out what it draws next (its panel, board or a view) for the
    console's width, from :data:`~turbine.core.layout.NARROWEST_TABLE` to
    :data:`~turbine.core.layout.TABLE_WIDTH` columns (:attr:`Rules.table_width`)."""
    game.rules.table_width = max(NARROWEST_TABLE, min(TABLE_WIDTH, console.width))


def board(game: Game, seat: int | None, title: str | None = None, with_scores: bool = True) -> None:
    """The game's own rendering of the board for ``seat`` (with the plugins'
    extra lines, :meth:`Game.render`), and the scores.

    A renderer may use rich console markup (``[bold]…[/bold]``); text that is
    not valid markup is shown as it is.  A line wider than the console wraps
    under its own start (:func:`print_wrapped`).
    """
    heading = title or " · ".join(p for p in (game.spec.name, place(game)) if p)
    rule(out, Text(heading, style="bold"))
    lay_out(game, out)
    print_wrapped(out, game_text(game.render(seat)))
    for notice in game.rules.notices(game.state):
        out.print(Text(f"Note: {notice}", style="yellow"))
    if with_scores:
        out.print()
        scores(game)


def game_text(text: str) -> Text:
    """Text from a game, with its rich markup applied when it is valid markup."""
    try:
        styled = Text.from_markup(text)
        for span in styled.spans:
            if isinstance(span.style, str):
                Style.parse(span.style)
    except (MarkupError, StyleSyntaxError):
        return Text(text)
    return styled


def scores(game: Game, final: bool = False) -> None:
    values = game.rules.scores(game.state)
    winners = set(game.rules.winner(game.state)) if game.is_over else set()
    table = Table(title="Final scores" if final else None, title_justify="left", box=None, pad_edge=False)
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column(game.rules.score_name(), justify="right")
    if winners:
        table.add_column("")
    for index, seat in enumerate(game.seats):
        marker = "winner" if index in winners else ""
        # who plays the seat now (a handover, `human 3` in play, changes it), and who it was set up for
        who = seat.player if seat.player == seat.kind else f"{seat.player}, was {seat.kind}"
        row: list[str | Text] = [str(index + 1), Text(f"{seat.name} ({who})"), str(values[index])]
        if winners:
            row.append(marker)
        table.add_row(*row, style="bold" if index == game.to_move or index in winners else "")
    out.print(table)


def setup_name(game: Game) -> str:
    """The game as it was set up: its name, its expansions and the options that differ from
    their defaults (``Barrage with The Leeghwater Project``, ``Power Grid: Russia & Japan
    (map japan)``): a replay's heading said ``Barrage`` of a Leeghwater game."""
    name = game.spec.name + "".join(
        f" with {game.registry.expansion(e, game.spec.id).name}" for e in game.expansions
    )
    try:
        defaults = type(game.option_model)().model_dump(mode="json")
    except ValueError:  # a model with a required option: every option is the game's own
        defaults = {}
    changed = [
        f"{key} {value}"
        for key, value in game.options.items()
        if not isinstance(value, dict | list) and value is not None and defaults.get(key) != value
    ]
    return f"{name} ({', '.join(changed)})" if changed else name


def place(game: Game) -> str:
    """Round and phase, e.g. ``round 2 · auction`` (empty if the game names neither)."""
    parts = []
    round_number = game.rules.round_number(game.state)
    if round_number:
        parts.append(f"round {round_number}")
    phase = game.rules.phase_name(game.state)
    if phase:
        parts.append(phase)
    return " · ".join(parts)


def where(game: Game) -> None:
    """Whose turn it is and where, or that the game is over."""
    if game.is_over:
        out.print(Text(f"Game over after {plural(len(game.log), 'action')}.", style="bold"))
    else:
        at = place(game)
        out.print(
            Text(f"{seat_label(game, game.to_move)} to move" + (f" · {at}" if at else ""), style="bold")
        )


def winners_line(game: Game) -> str:
    """``Winner: Seat 3 · Italy · Cleo``, with the tie-break that decided it when the
    first seats tie on score (``(tied on VP with Seat 1 · USA · Anna; the tie-break: most
    energy in round 5 (B-20.5); …)``, :meth:`Rules.tie_break`)."""
    rules = game.rules
    winners = rules.winner(game.state)
    names = ", ".join(seat_label(game, s) for s in winners)
    line = f"Winner: {names}" if len(winners) == 1 else f"Shared win: {names}"
    scores = rules.scores(game.state)
    tied = [s for s in range(game.players) if s not in winners and scores[s] == scores[winners[0]]]
    if tied and rules.tie_break():
        others = ", ".join(seat_label(game, s) for s in tied)
        line += f" (tied on {rules.score_name()} with {others}; the tie-break: {rules.tie_break()})"
    return line


# -- moves and the log ----------------------------------------------------------------


_TRAILING_NUMBER = re.compile(r"^(.*?)(\d+)$", re.ASCII)


def group_runs(numbered: list[tuple[int, str]]) -> list[tuple[int, int, str]]:
    """Fold runs of moves that differ only by a trailing number counting up by one.

    ``bid 7``, ``bid 8`` … ``bid 50`` become one entry ``(first, last, "bid 7…50")``
    so that a list of bids stays short; single moves stay ``(i, i, notation)``.
    """
    groups: list[tuple[int, int, str]] = []
    run: list[tuple[int, str, str]] = []  # (index, stem, digits as written: ``PB-01`` keeps its 0)

    def flush() -> None:
        if len(run) > 2:
            (first, stem, low), (last, _, high) = run[0], run[-1]
            groups.append((first, last, f"{stem}{low}…{high}"))
        else:
            groups.extend((i, i, f"{stem}{digits}") for i, stem, digits in run)
        run.clear()

    for index, notation in numbered:
        match = _TRAILING_NUMBER.match(notation)
        if match is None:
            flush()
            groups.append((index, index, notation))
            continue
        stem, digits = match.group(1), match.group(2)
        follows = bool(run) and stem == run[-1][1] and int(digits) == int(run[-1][2]) + 1
        if run and not (follows and index == run[-1][0] + 1):
            flush()
        run.append((index, stem, digits))
    flush()
    return groups


def _starts(notation: str, wanted: str) -> bool:
    """``notation`` (normalised) starts with ``wanted``, or one of its later words does."""
    return notation.startswith(wanted) or f" {wanted}" in f" {notation}"


def move_groups(game: Game, prefix: str = "") -> list[tuple[int, int, str]]:
    """The legal moves as ``(first, last, text)`` entries numbered from 1, each with what
    it costs (:meth:`Rules.choice_text`); runs of moves that differ only by a number
    counting up and say the same after it (``bid 7`` … ``bid 50``, ``bank 1`` …
    ``bank 7  (1 credit per engineer)``) fold into one; ``prefix`` keeps the moves
    starting with it, or with a word that does (``moves PO`` lists ``place PO1`` …)."""
    wanted = " ".join(prefix.lower().split())
    legal = game.legal()
    numbered = [
        (i, n)
        for i, n in enumerate((game.rules.describe(a) for a in legal), start=1)
        if _starts(" ".join(n.lower().split()), wanted)
    ]
    groups: list[tuple[int, int, str]] = []
    segment: list[tuple[int, str]] = []
    suffix = ""

    def flush() -> None:
        groups.extend((first, last, text + suffix) for first, last, text in group_runs(segment))
        segment.clear()

    for i, n in numbered:
        text = game.rules.choice_text(game.state, legal[i - 1])
        if not text.startswith(n):  # says it all in its own words: stands alone
            flush()
            groups.append((i, i, text))
            continue
        if text[len(n) :] != suffix or (segment and segment[-1][0] != i - 1):
            flush()
            suffix = text[len(n) :]
        segment.append((i, n))
    flush()
    return groups


def move_list(game: Game, columns: bool = True, limit: int | None = None, prefix: str = "") -> None:
    """The numbered legal moves of the seat to move.

    Runs like ``bid 7`` … ``bid 50`` are shown as one line ``1–44. bid 7…50``
    (type the move you want: ``bid 12``).  ``prefix`` keeps the moves whose
    notation starts with it (numbers stay those of the full list); ``limit``
    shows only the first lines and says how many are left out.
    """
    groups = move_groups(game, prefix)
    if not groups:
        out.print(Text(f"No legal move starts with {prefix!r}.", style="yellow"))
        return
    hidden = 0
    if limit is not None and len(groups) > limit:
        hidden = sum(last - first + 1 for first, last, _ in groups[limit:])
        groups = groups[:limit]
    items = [
        Text(f"{first:>3}. {text}" if first == last else f"{first}–{last}. {text}")
        for first, last, text in groups
    ]
    if columns and len(items) > 8:
        out.print(Columns(items, padding=(0, 3), column_first=True))
    else:
        for item in items:  # a long move goes on under its text
            for part in wrap_line(item, out.width, hang="      "):
                out.print(part, no_wrap=True)
    if hidden:
        out.print(
            Text(
                f"     … and {hidden} more: 'moves' lists them all, 'moves TEXT' those starting with TEXT",
                style="dim",
            )
        )


FORCED = re.compile(r"^(?P<who>[^:]+): (?P<what>.+) \(the only choice\)$")
"""A told answer the rules gave for a player because it was the only one, as the
games say it (``France: pay 4e 0m 0c (the only choice)``; tests/cli/test_cli_announcer.py
plays whole games to check that such answers are still recognised and folded)."""


def forced_answers(game: Game, seat: int, told: list[str]) -> tuple[list[str], list[str]]:
    """The answers the rules gave for ``seat`` because each was the only one, told first
    in ``told`` (steps of the seat's own action: ``tile base``), and the rest of ``told``."""
    rules = game.rules
    names = {
        f"seat {seat + 1}",
        f"Seat {seat + 1}",
        rules.seat_name(game.state, seat),
        rules.player_name(seat),
    }
    forced: list[str] = []
    for line in told:
        match = FORCED.match(line)
        if match is None or match.group("who") not in names:
            break
        forced.append(match.group("what"))
    return forced, told[len(forced) :]


def forced_text(forced: list[str], notation_only: bool = False) -> str:
    """``tile base · pay 4e 0m 0c (last 2: only choices)``: answers folded into their action's
    line, after the steps the player chose (``construct · build base · at B1U · …``), saying
    how many of them were forced (``notation_only``: without what each cost, as a log gives
    its moves)."""
    if notation_only:  # a choice's text is its notation, two spaces, then its cost in brackets
        forced = [answer.split("  (")[0] for answer in forced]
    runs: list[list[str]] = []  # the same answer given again and again: said once, with a count
    for answer in forced:
        if runs and runs[-1][0] == answer:
            runs[-1].append(answer)
        else:
            runs.append([answer])
    said = [run[0] if len(run) == 1 else f"{run[0]} ×{len(run)}" for run in runs]
    # after the player's own steps: how many of the line's last steps the tag is for
    return " · ".join(said) + (" (only choice)" if len(said) == 1 else f" (last {len(said)}: only choices)")


def log_entry_line(game: Game, step: int, entry: LogEntry, told: list[str] | None = None) -> Text:
    """One logged move, with the answers the rules gave for its seat right after it
    (``told``: what the automatic steps after it said, :meth:`Game.told_by_entry`)."""
    forced, _ = forced_answers(game, entry.seat, told or [])
    steps = " · ".join([entry.notation, *([forced_text(forced, notation_only=True)] if forced else [])])
    line = Text(f"{step:>4}. {seat_label(game, entry.seat)}: {steps}")
    return line.append(played_by_note(entry), style="dim")


def shown_notation(game: Game, entry: LogEntry, action: Any = None) -> str:
    """A logged move as the people at the table are shown it: as typed when a person made
    it (or nobody at the table is a person), else what the others may know of it
    (:meth:`Rules.public_text`: a bot's private move, a card kept, is not read out)."""
    if game.played_by(entry) == "human" or all(seat.player != "human" for seat in game.seats):
        return entry.notation
    rules = game.rules
    return rules.public_text(rules.action_from_data(entry.action) if action is None else action)


def played_by_note(entry: LogEntry) -> str:
    """`` (by greedy)`` after a move made by whoever had taken the seat over (:attr:`LogEntry.by`);
    nothing after the moves of the seat's own player."""
    if entry.by is None:
        return ""
    return " (by a person)" if entry.by == "human" else f" (by {entry.by})"


def action_log(game: Game, last: int | None = None) -> None:
    """The game's log, one line per player action: the steps of one action (what to
    build, where, how to pay) are joined with ``·`` (:meth:`Game.actions`), and under it
    what the automatic steps after it said (the answers the rules gave another seat, an
    income, the water flowing, a round's scoring), as the table said it then."""
    groups = game.actions()
    told = game.told_by_entry()
    start = 0 if last is None else max(0, len(groups) - last)
    if start:
        out.print(Text(f"   … {plural(start, 'earlier action')}", style="dim"))
    for number, group in enumerate(groups[start:], start=start + 1):
        entry = game.log[group[0]]
        steps: list[str] = []
        for i in group:  # each step with the answers the rules gave for it (the only ones)
            forced, _ = forced_answers(game, entry.seat, told[i])
            shown = shown_notation(game, game.log[i])  # a bot's private move as the others know it
            steps += [shown, *([forced_text(forced, notation_only=True)] if forced else [])]
        text = " · ".join(steps)
        line = Text(f"{number:>4}. {seat_label(game, entry.seat)}: {text}")
        for part in wrap_line(line.append(played_by_note(entry), style="dim"), out.width, hang="      "):
            out.print(part, no_wrap=True)
        for i in group:  # what the automatic steps after it did (an income, a round's scoring)
            for said in forced_answers(game, entry.seat, told[i])[1]:
                for piece in wrap(said, out.width, indent="        "):
                    out.print(Text(piece, style="dim"), no_wrap=True)
    if not groups:
        out.print(Text("(no actions yet)", style="dim"))


def log(game: Game, entries: list[LogEntry] | None = None, last: int | None = None) -> None:
    entries = game.log if entries is None else entries
    told = game.told_by_entry() if entries == game.log else [[] for _ in entries]
    start = 0 if last is None else max(0, len(entries) - last)
    if start:
        out.print(Text(f"   … {plural(start, 'earlier action')}", style="dim"))
    for step, entry in enumerate(entries[start:], start=start + 1):
        for part in wrap_line(log_entry_line(game, step, entry, told[step - 1]), out.width, hang="      "):
            out.print(part, no_wrap=True)
        for said in forced_answers(game, entry.seat, told[step - 1])[1]:  # what the rules did after it
            for piece in wrap(said, out.width, indent="        "):
                out.print(Text(piece, style="dim"), no_wrap=True)
    if not entries:
        out.print(Text("(no actions yet)", style="dim"))


def progress_bar(label: str | None = None) -> Progress:
    """The progress line of a long command (``simulate``'s games, ``replay --html``'s
    drawing): on stderr and only on a terminal (a pipe gets no cursor control), erased when
    it is done; ``label`` before the bar, or each task's own description."""
    # imported here: every command imports this module, and few of them show progress
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(
        TextColumn(f"[bold]{label}" if label is not None else "[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_interactive,
    )


def stopped_note(path: object, replay: Replay) -> str:
    """The warning for a save replayed only up to its damage (``Replay.stopped``): what
    stops it and how much is shown, as the stepper and the replay page say it."""
    return f"{path}: {replay.stopped}; the {plural(len(replay), 'action')} before it are shown, none after"
