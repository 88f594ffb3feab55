"""The player's screen at the table: a compact turn view, the question and its choices.

At a decision a human sees, in this order and in at most :data:`SCREEN_LINES` lines
of a 100-column terminal (the game lays its panel out for the terminal's width, from
:data:`NARROWEST_SCREEN` columns to :data:`SCREEN_WIDTH`, :attr:`Rules.table_width`):

1. a rule with the game, the round and the phase;
2. the game's compact panel for this decision (:meth:`Rules.turn_view`), in the rows
   a short terminal leaves it (:attr:`Rules.table_rows`);
3. who decides what: ``Seat 2 · Italy · Player 2: where do you build the dam?``;
4. the legal moves, each with its cost (:meth:`Rules.choice_text`), in columns;
5. what the seat has to pay with (:meth:`Rules.status`), just above the prompt, which
   a terminal of 24 rows still shows when the panel has scrolled away.

No line is wider than the console: a line of the panel still too long, or a move
too long, is cut, keeping its start and ending with ``…`` (the board, the views and 'moves'
show it whole); the question wraps.  A further step of the same action (where to
build, then how to pay) asks only the new question.  The whole board and the
game's own views are commands away (``board``, ``map``, ``market`` …).  After
every move, the lines the game said about its automatic steps (:attr:`Game.told`)
are printed under it, so a human who comes back after the bots' moves reads what
happened.
"""

from __future__ import annotations

import math
import re

from rich.cells import cell_len, set_cell_size
from rich.console import Console
from rich.text import Text
from turbine.core import Game
from turbine.core.layout import NARROWEST_TABLE, TABLE_WIDTH
from turbine.core.replay import tally_changes

from . import output
from .common import Moved

SCREEN_LINES = 45
"""The most lines a decision's screen takes (a 4-player game in any phase)."""
SCREEN_WIDTH = TABLE_WIDTH
"""The most columns the screen uses."""
NARROWEST_SCREEN = NARROWEST_TABLE
"""The fewest columns the panels are laid out for: narrower, the table says that long
lines are cut."""
GAP = 2
"""Spaces between two columns of moves."""
MOVE_ROWS = 12
"""The rows of moves shown at least (more when the panel is short and the terminal tall
enough; 'moves' lists them all)."""


def screen_lines(console: Console) -> int:
    """The lines a decision's screen may take: :data:`SCREEN_LINES`, or fewer in a terminal
    that has fewer rows (80 × 24): there the moves go into columns rather than down a
    long list, so that as much of the panel as can stays in view above them (hiding moves
    behind a hint would cost more than the top of the panel: the status line above the
    prompt repeats what the seat has)."""
    return min(SCREEN_LINES, console.height) if console.is_terminal else SCREEN_LINES


def heading(game: Game) -> str:
    """The rule above a decision's screen: the game and where it is; with several people at
    one terminal, whose screen it is too (``… · Seat 2 · Bob to play``: the last screen,
    another person's, is still above it)."""
    parts = [game.spec.name, output.place(game)]
    seat = game.to_move
    if seat is not None and sum(held.player == "human" for held in game.seats) > 1:
        parts.append(f"{game.seats[seat].name} to play")
    return " · ".join(p for p in parts if p)


def ask_line(game: Game) -> Text:
    """Who decides what, e.g. ``Seat 2 · Italy · Player 2: where do you build?``."""
    seat = game.to_move
    who = output.seat_label(game, seat)
    question = game.rules.question(game.state) if seat is not None else ""
    return Text(f"{who}: {question}" if question else f"{who} to move", style="bold")


KEPT_SAID = 6
"""The most lines of what was just said (the others' moves, the automatic steps) that a
short terminal keeps in view above the next screen, at the cost of the panel's rows."""

FOLDED_SAID = 2
"""The lines just said that a short terminal keeps in view above moves that fold to show
each one whole (:func:`fold_alike`; the others scroll back into the terminal's history)."""

MORE_SAID = "    (more was said above: 'log' shows the last moves and what followed each)"
"""Said under what was just said when a short terminal scrolls its first lines away."""


def decision(
    game: Game, console: Console | None = None, compact: bool = True, said: int = 0, ended: int | None = None
) -> None:
    """The screen of the decision now: panel, question and choices (``compact``:
    the game's turn view rather than the whole board; ``said``: the lines just said above
    it, of which a short terminal keeps up to :data:`KEPT_SAID` in view, saying so, and
    that round ``ended`` ended among them, where one did)."""
    console = console or output.out
    seat = game.to_move
    kept = min(said, KEPT_SAID)
    if said > KEPT_SAID and screen_lines(console) < SCREEN_LINES:  # the first lines said scroll away
        more = MORE_SAID if ended is None else MORE_SAID.replace("more was said", f"round {ended} ended")
        console.print(Text(more, style="dim"), no_wrap=True, overflow="ellipsis")
        kept += 1
    output.rule(console, Text(heading(game), style="bold"))
    used = 1
    if seat is not None:
        output.lay_out(game, console)
        if compact and kept > FOLDED_SAID and _folds_whole(game, console, FOLDED_SAID):
            kept = FOLDED_SAID  # every move whole, before the first lines said: those scroll back
        rows = panel_rows(game, console, kept) if compact else None
        game.rules.table_rows = None if rows is None else max(0, rows - kept)
        try:
            panel = game.rules.turn_view(game.state, seat) if compact else game.render(seat)
        finally:  # for this panel only: the board, the views and a replay's panels take their rows
            game.rules.table_rows = None
        if panel:  # cut at the console's width, so a table keeps its shape
            used += output.print_fitted(console, output.game_text(panel))
    # the moves take the rows the panel leaves (the question, a hint, the status and the prompt
    # take the rest); a short terminal gives them fewer, in more columns
    asked = ask_line(game)
    used += _around_moves(game, console, asked)
    rows = max(MOVE_ROWS, screen_lines(console) - used)
    # whole moves need no hint under them: its row is theirs too
    roomy = screen_lines(console) - used - kept + 1
    question(game, console, rows=rows, asked=asked, most=max(rows, SCREEN_LINES - used), roomy=roomy)


def panel_rows(game: Game, console: Console, kept: int = 0) -> int | None:
    """The rows a terminal shorter than :data:`SCREEN_LINES` leaves the panel
    (:attr:`Rules.table_rows <turbine.core.rules.Rules.table_rows>`) once the rule above
    it, the question with its moves, the status and the prompt have theirs (measured by
    laying them out as :func:`decision` will); ``None`` in a taller terminal.  The moves
    may take all but the panel's first row and the ``kept`` lines just said (and the
    row of the hint they do not need) when that shows each of them whole (:func:`moves`'
    ``roomy``)."""
    height = screen_lines(console)
    if height >= SCREEN_LINES:
        return None
    asked = ask_line(game)
    fixed = 1 + _around_moves(game, console, asked)  # and the rule above the panel
    roomy = height - fixed - kept  # - 1 for the panel's first row, + 1 for the hint's
    with console.capture() as captured:
        question(
            game, console, rows=MOVE_ROWS, asked=asked, most=max(MOVE_ROWS, SCREEN_LINES - fixed), roomy=roomy
        )
    return max(0, height - 2 - captured.get().count("\n"))  # 2: the rule and the prompt


def question_rows(game: Game, console: Console) -> int:
    """The rows a further step of an action (its question alone, the panel above it still
    holding) gives its moves: all the terminal has but the question, a hint, the status
    and the prompt, so that 21 sites go down one column, each whole, rather than into two
    cut ones; :data:`MOVE_ROWS` at least."""
    return max(MOVE_ROWS, screen_lines(console) - _around_moves(game, console, ask_line(game)))


def _around_moves(game: Game, console: Console, asked: Text) -> int:
    """The rows around the moves: the question ``asked`` (wrapped), a hint under the moves,
    the status lines and the prompt."""
    return len(output.wrap(asked.plain, console.width)) + 1 + len(status_lines(game, console)) + 1


def question(
    game: Game,
    console: Console | None = None,
    rows: int = MOVE_ROWS,
    asked: Text | None = None,
    most: int | None = None,
    roomy: int | None = None,
) -> None:
    """Only the question (wrapped at the console's width, under its start) and its choices (a further
    step of an action under way); ``most`` and ``roomy``: as for :func:`moves`."""
    console = console or output.out
    asked = asked or ask_line(game)
    output.say(console, asked.plain, str(asked.style))
    moves(game, console, rows=rows, most=most, roomy=roomy)
    for form in game.rules.standing_orders(game.state):  # instructions typed like a move
        output.say(console, f"     {form}", "dim", hang="  ")
    for line in status_lines(game, console):
        console.print(Text(line, style="cyan"), no_wrap=True)


def status_lines(game: Game, console: Console) -> list[str]:
    """The seat to move's :meth:`~turbine.core.rules.Rules.status`, wrapped, for just above
    the prompt (none for a game that gives none)."""
    seat = game.to_move
    text = game.rules.status(game.state, seat) if seat is not None else ""
    return output.wrap(text, console.width) if text else []


def moves(
    game: Game,
    console: Console | None = None,
    rows: int | None = None,
    prefix: str = "",
    most: int | None = None,
    roomy: int | None = None,
) -> None:
    """The numbered legal moves with their costs, in as many columns as fit (runs of
    bids fold into one entry); at most ``rows`` rows, the rest named by a hint, or up to
    ``most`` rows when that many show them all (a short terminal: the panel's top scrolls
    away rather than a move is hidden).  Moves that would be cut to fit ``rows`` are
    first shown with the moves alike folded (:func:`fold_alike`: both sides of an action
    space, one line) when that shows every one whole in up to ``roomy`` rows."""
    console = console or output.out
    groups = output.move_groups(game, prefix)
    if not groups:
        console.print(Text(f"No legal move starts with {prefix!r}.", style="yellow"))
        return
    items = _numbered(groups)
    if rows is not None:
        whole = _folded(groups, console.width, rows, roomy)
        if whole is not None:
            groups, needed = whole
            items, rows = _numbered(groups, aligned=True), max(rows, needed)
    if rows is not None and any(cell_len(item) > console.width for item in items):
        # a few long moves (the steps of an action, an officer's copy) wrap when they all fit
        wrapped = [part for item in items for part in output.wrap(item, console.width, hang="      ")]
        if len(wrapped) <= rows:
            for part in wrapped:
                console.print(Text(part), no_wrap=True)
            return
    cut = False
    if rows is not None:  # one line each on the turn screen; 'moves' shows them whole
        uncut = items
        items = [_cut(item, console.width) for item in items]
        items = _cut_to_columns(items, console.width, rows)
        cut = items != uncut  # said in the line the screen keeps for a hint
    if rows is not None and most is not None and most > rows:
        for_all = _rows_for_all(items, console.width, most)
        rows = max(rows, for_all) if for_all is not None else most
    hidden = 0
    if rows is not None and len(items) > rows:  # as many as fit in ``rows`` rows
        columns = _columns(items, console.width, rows)
        if len(items) > rows * len(columns):  # the hint's lines come out of the rows
            rows = max(1, rows - hidden_hint_rows(console) + 1)
            columns = _columns(items, console.width, rows)
        kept = min(len(items), rows * len(columns) if columns else rows)
        hidden = sum(last - first + 1 for first, last, _ in groups[kept:])
        items = items[:kept]
    columns = _columns(items, console.width, rows) if len(items) > 6 else [items]
    if cut:
        columns = _costs_whole(columns, uncut, console.width)
    for row in range(len(columns[0])):
        cells = [column[row] for column in columns if row < len(column)]
        widths = [max(map(cell_len, column)) + GAP for column in columns]
        line = "".join(_pad(cell, w) for cell, w in zip(cells[:-1], widths, strict=False)) + cells[-1]
        # the turn screen's lines fit already; 'moves' wraps a move wider than the console
        for part in [line] if rows is not None else output.wrap(line, console.width, hang="      "):
            console.print(Text(part), no_wrap=True)
    if hidden:
        output.say(console, _hint(hidden), "dim", hang="  ")
    elif cut:
        console.print(Text(CUT_HINT, style="dim"))


CUT_HINT = "     (a move cut short with … is whole in 'moves')"


def _folded(
    groups: list[tuple[int, int, str]], width: int, rows: int, roomy: int | None
) -> tuple[list[tuple[int, int, str]], int] | None:
    """The moves alike folded (:func:`fold_alike`) and the rows they take, when the moves
    as they are would be cut or hidden in ``rows`` rows and folded show whole in up to
    ``roomy`` (``None``: ``rows``)."""
    if _whole_in(_numbered(groups), width, rows) is not None:
        return None
    folded = fold_alike(groups)
    needed = _whole_in(_numbered(folded, aligned=True), width, rows if roomy is None else roomy)
    return None if needed is None or folded == groups else (folded, needed)


def _folds_whole(game: Game, console: Console, kept: int) -> bool:
    """In a terminal shorter than :data:`SCREEN_LINES`, the moves fold to show each one whole
    beside the panel's first row and ``kept`` lines just said (as :func:`panel_rows`
    measures)."""
    height = screen_lines(console)
    if height >= SCREEN_LINES:
        return False
    roomy = height - 1 - _around_moves(game, console, ask_line(game)) - kept
    return _folded(output.move_groups(game), console.width, MOVE_ROWS, roomy) is not None


def _numbered(groups: list[tuple[int, int, str]], aligned: bool = False) -> list[str]:
    """Each entry after its number (``12.``) or its numbers (``2–3.``), right-aligned in
    four columns; ``aligned``: in as many as the widest takes, so that the texts start in
    one column (the moves alike folded, a list of many ``2–3.``)."""
    labels = [f"{first}." if first == last else f"{first}–{last}." for first, last, _ in groups]
    width = max(4, *map(len, labels)) if aligned else 4
    return [f"{label:>{width}} {text}" for label, (_, _, text) in zip(labels, groups, strict=True)]


def _whole_in(items: list[str], width: int, most: int) -> int | None:
    """The fewest rows, up to ``most``, that show every item whole at ``width``
    (``None``: they do not fit, or one is wider than ``width``)."""
    if any(cell_len(item) > width for item in items):
        return None
    return _rows_for_all(items, width, most)


_COST_EFFECT = re.compile(r"(?P<notation>\S.*?)  \((?P<cost>[^():]*): (?P<effect>.*)\)")
"""A move as a game's menu shows it: ``place WM1R  (2 eng + 3 cr: 2 water, phase 3)``,
its notation, then in brackets what it costs and, after the colon, what it does
(:meth:`Rules.choice_text <turbine.core.rules.Rules.choice_text>`)."""


def fold_alike(groups: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """``groups`` with each run of single moves that do the same for different costs and
    differ only in their notation's last letter (an action space's two sides) folded into
    one entry: ``place WM1L / WM1R  (1 eng / 2 eng + 3 cr: 2 water, phase 3)``, the
    costs in the order of the moves, numbered ``2–3``.  A 22-move Barrage turn takes
    15 lines so, so that an 80 × 24 terminal shows each move whole rather than cut."""
    out: list[tuple[int, int, str]] = []
    run: list[tuple[int, re.Match[str]]] = []

    def flush() -> None:
        if len(run) > 1:
            first, head = run[0]
            notation = " / ".join([head["notation"], *(m["notation"].split()[-1] for _, m in run[1:])])
            costs = " / ".join(m["cost"] for _, m in run)
            out.append((first, run[-1][0], f"{notation}  ({costs}: {head['effect']})"))
        elif run:
            out.append((run[0][0], run[0][0], run[0][1].string))
        run.clear()

    for first, last, text in groups:
        match = _COST_EFFECT.fullmatch(text) if first == last else None
        if match is None:
            flush()
            out.append((first, last, text))
            continue
        if run and not _alike(run[0], run[-1][0], (first, match)):
            flush()
        run.append((first, match))
    flush()
    return out


def _alike(head: tuple[int, re.Match[str]], number: int, move: tuple[int, re.Match[str]]) -> bool:
    """``move`` follows move ``number`` in the list, does what the run's ``head`` does, and
    its notation differs from the head's only in the last letter (``WM1L``, ``WM1R``: one
    space's sides; ``CO1L``, ``CO2L`` are two spaces)."""
    (_, was), (following, now) = head, move
    words, other = was["notation"].split(), now["notation"].split()
    return (
        following == number + 1
        and now["effect"] == was["effect"]
        and len(words) == len(other)
        and words[:-1] == other[:-1]
        and words[-1][:-1] == other[-1][:-1]  # two moves' notations are never the same
    )


def _hint(hidden: int) -> str:
    return f"     … and {hidden} more: 'moves' lists them all, 'moves TEXT' those starting with TEXT"


def hidden_hint_rows(console: Console) -> int:
    """The lines the hint about hidden moves takes at this width."""
    return len(output.wrap(_hint(999), console.width, hang="  "))


CELL = 36
"""The narrowest column of moves worth cutting long moves for."""


def _cut_to_columns(items: list[str], width: int, rows: int) -> list[str]:
    """When the moves do not all fit in ``rows`` rows, cut the long ones to a column's
    width (the fewest columns that show every move, each at least :data:`CELL` wide),
    so that no move is hidden behind the hint: a cut move still shows its notation and
    the start of its cost, and 'moves' shows it whole."""
    if len(items) <= rows * len(_columns(items, width, rows)):
        return items
    most = max(2, width // CELL)
    for count in range(2, most + 1):
        if len(items) <= rows * count or count == most:
            cell = (width - GAP * (count - 1)) // count
            if cell < CELL:
                return items
            return [_cut(item, cell) for item in items]
    return items


def _costs_whole(columns: list[list[str]], uncut: list[str], width: int) -> list[list[str]]:
    """The moves of ``columns``, cut alike to fit, cut again column by column (``uncut``:
    all of them whole, in order) when the even cut cut a cost: a column of long moves
    (``x build PB-04  (1 eng + 1 exc + 3 mix: …``) takes room from one of short ones
    (:func:`_column_widths`)."""
    whole, start = [], 0
    for column in columns:
        whole.append(uncut[start : start + len(column)])
        start += len(column)
    if all(
        _through_cost(item) <= cell_len(shown)
        for column, whole_column in zip(columns, whole, strict=True)
        for shown, item in zip(column, whole_column, strict=True)
    ):
        return columns  # no cost was cut
    widths = _column_widths(whole, width - GAP * (len(columns) - 1))
    return [[_cut(item, w) for item in column] for column, w in zip(whole, widths, strict=True)]


def _column_widths(columns: list[list[str]], room: int) -> list[int]:
    """How wide each column of moves is to be, in ``room`` terminal columns in all: first
    the moves' costs (``12. place MS2R  (2 eng + 4 cr:``, then ``…``), shared alike as
    far as they go, so that the room a column of short moves leaves goes to the costs of
    the long ones; then what is left to what the moves do."""
    full = [max(map(cell_len, column)) for column in columns]
    need = [max(map(_through_cost, column)) for column in columns]
    widths = [0] * len(columns)
    for target in (need, full):  # a column each in turn, so that they share alike
        left = room - sum(widths)
        while left > 0 and any(w < t for w, t in zip(widths, target, strict=True)):
            for i, (w, t) in enumerate(zip(widths, target, strict=True)):
                if left and w < t:
                    widths[i] += 1
                    left -= 1
    return widths


def _through_cost(item: str) -> int:
    """The terminal columns a numbered move takes to the end of its cost and a ``…`` after
    it (``12. place MS2R  (2 eng + 4 cr:…``), or whole if less or if it shows no cost and
    effect (``bank 1…12  (1 cr per eng)``)."""
    shown = _COST_EFFECT.search(item)  # its number, then the move as the menu shows it
    if shown is None:
        return cell_len(item)
    return min(cell_len(item), cell_len(item[: shown.end("cost") + 1]) + 1)


def _rows_for_all(items: list[str], width: int, most: int) -> int | None:
    """The fewest rows, up to ``most``, in which columns that fit ``width`` hold every item
    (``None``: not even ``most``)."""
    for rows in range(1, most + 1):
        if len(items) <= rows * len(_columns(items, width, rows)):
            return rows
    return None


def _cut(item: str, width: int) -> str:
    """``item`` in at most ``width`` terminal columns: whole, or its start and ``…``
    (a player's name may hold characters two columns wide)."""
    return item if cell_len(item) <= width else set_cell_size(item, width - 1) + "…"


def _pad(item: str, width: int) -> str:
    return item + " " * (width - cell_len(item))


def _columns(items: list[str], width: int, rows: int | None) -> list[list[str]]:
    """Split ``items`` into the most columns (filled top to bottom) that fit ``width``,
    each as wide as its longest item; with ``rows``, at most that many rows each."""
    for count in range(min(len(items), max(1, width // 8)), 0, -1):
        height = math.ceil(len(items) / count)
        if rows is not None and height > rows and count > 1:
            height = rows
        columns = [items[i : i + height] for i in range(0, min(len(items), height * count), height)]
        if sum(max(map(cell_len, column)) + GAP for column in columns) - GAP <= width:
            return columns
    return [items[:rows] if rows is not None else items]


class Announcer:
    """Says moves as they are played: one line per player action, its steps joined with
    ``·`` (``construct · build base · at B7U · pay 3e 0m 0c``), then what the automatic
    steps after it did, indented; when the game told nothing of them, how an action of
    several steps, or one that moved another seat's counts, moved them
    (``seat 3 (Germany): credits 3 → 4 (+1), energy 0 → 5 (+5)``, as a replay says it:
    :func:`~turbine.core.replay.tally_changes`).  An action is said once it is complete
    (:meth:`flush` says one still under way).

    An answer the rules gave for the acting player because it was the only one is a
    step of the action like the others, so it is folded into the action's line
    (``· tile conduit · pay 4e 0m 0c (last 2: only choices)``) when it comes straight after one
    of the player's moves; one given to another player, or after other automatic
    steps, stays among what those steps did.  Lines wider than the console wrap,
    indented under their start."""

    def __init__(self, game: Game, console: Console | None = None) -> None:
        self.game = game
        self.console = console or output.out
        self.seat: int | None = None
        self.steps: list[str] = []
        self.told: list[str] = []
        self.style = ""
        self.before: dict[str, list[int]] | None = None
        self.after: dict[str, list[int]] | None = None
        self.costed = False
        """The action is one step said with its menu's words (what it cost and did)."""
        self.ended_round = False
        """A step of the action ended a round or the game, whose scoring the game told."""
        self.first = 0
        """Where the action under way starts in the game's log."""
        self.lines = 0
        """The lines said since the table last took the count (:meth:`said`)."""

    def said(self) -> int:
        """The lines said since the last time this was asked (the table keeps the last of
        them in view above the next screen)."""
        lines, self.lines = self.lines, 0
        return lines

    def moved(self, moved: Moved, style: str = "") -> None:
        if not (moved.continued and moved.seat == self.seat and self.steps):
            self.flush()
            self.seat, self.style = moved.seat, style
            self.before = moved.before
            self.costed = moved.costed
            self.ended_round = False
            self.first = len(self.game.log) - 1
        self.ended_round = self.ended_round or moved.ended_round
        self.after = moved.after
        self.steps.append(moved.notation)
        told = list(moved.told)
        if not self.told:  # the answers given right after the player's own move are its steps
            forced, told = output.forced_answers(self.game, moved.seat, told)
            if forced:
                self.steps.append(output.forced_text(forced, notation_only=True))  # as the logs give them
        self.told += told

    def flush(self) -> None:
        if self.seat is None or not self.steps:
            return
        label = output.seat_label(self.game, self.seat)
        held = self.game.seats[self.seat]
        if held.player != held.kind:  # a seat taken over: said as the log says it
            label += " (by a person)" if held.player == "human" else f" (by {held.player})"
        width = self.console.width
        for line in output.wrap(f"{label}: {' · '.join(self.steps)}", width):
            self.console.print(Text(line, style=self.style), no_wrap=True)
            self.lines += 1
        for told in [*self.told, *self._counts()]:  # the counts: net of the action and all after it
            for line in output.wrap(told, width, indent="    "):
                self.console.print(Text(line, style="dim"), no_wrap=True)
                self.lines += 1
        self.drop()

    def taken_back(self, kept: int) -> None:
        """``undo`` left the first ``kept`` moves of the log: the steps of the action under
        way that are among them stay, to be said with the steps that follow (``place WM1L
        · headstream C`` after a marker taken back, not ``headstream C`` alone); an action
        taken back whole is forgotten unsaid."""
        if self.seat is None or kept <= self.first:
            self.drop()
            return
        self.steps = [entry.notation for entry in self.game.log[self.first : kept]]
        self.told, self.after = [], None  # its counts are summed up again from the next step

    def drop(self) -> None:
        """Forget the action under way unsaid: ``undo`` took it back."""
        self.seat, self.steps, self.told = None, [], []
        self.before = self.after = None

    def _counts(self) -> list[str]:
        """How the action moved the counts of the seat that made it, whatever the game's
        lines said (``Germany's wheel gives back …`` does not say the 3 credits its red
        frame cost; a menu's cut line did not say the 4 energy a building gave), and of the
        other seats the game's own lines did not name (a game that tells, tells it better: a
        round's scoring; but ``The released water flows on`` says nothing of the conduit fee
        its owner got); nothing for a bot's move of one step said with what it cost and did
        that moved only its own counts (``buy coal  (7 Elektro)``)."""
        before, after = self.before, self.after
        if before is None or after is None:
            return []
        moved = {
            seat
            for name, values in after.items()
            for seat, value in enumerate(values)
            if seat < len(before.get(name, ())) and before[name][seat] != value
        }
        if self.costed and len(self.steps) == 1 and moved <= {self.seat}:  # its cost was said with it
            return []
        if self.ended_round:  # the round's scoring, told, moved them too: `bank 1` did not earn 15 VP
            return []
        game = self.game
        rules = game.rules  # ``seat 3 (USA · Anna)``: what the seat is, and its player
        names = [
            " · ".join(p for p in (rules.seat_name(game.state, seat), rules.player_name(seat)) if p)
            for seat in range(game.players)
        ]
        told = [seat for seat in range(game.players) if seat != self.seat and self._named(seat)]
        return [
            line
            for line in tally_changes(before, after, names)
            if not any(line.startswith((f"seat {seat + 1} (", f"seat {seat + 1}:")) for seat in told)
        ]

    def _named(self, seat: int) -> bool:
        """Whether a line the game told names ``seat`` (its company, its player, ``Seat 2``):
        then the game said what happened to it, better than its counts would."""
        game = self.game
        names = [game.rules.seat_name(game.state, seat), game.rules.player_name(seat), f"Seat {seat + 1}"]
        return any(name and name in line for line in self.told for name in names)
