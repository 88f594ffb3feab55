"""The score table by source: ``turbine show FILE --scores`` and the end of a game.

One row per seat, named as the screen names it (``Seat 2 · Italy · Ann``), one
column per source of its score (:class:`~turbine.core.scores.Breakdown`) and the
total; a line under it says how the table reads (a sum, or a ranking by the
columns in order).  Sources that gave nobody anything are left out of a sum and
named under it.  When the columns do not fit the console, the table turns: one row
per source, one column per seat.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text
from turbine.core import Game
from turbine.core.layout import pack
from turbine.core.replay import score_breakdown
from turbine.core.scores import Breakdown

from . import output


def breakdown(game: Game) -> Breakdown:
    """The game's breakdown as it stands (a replay of its log for games that need one)."""
    return score_breakdown(game)


def print_scores(game: Game, final: bool = False, scores: Breakdown | None = None) -> None:
    """The table of ``game``'s scores by source, then how it reads (and the sources
    left out).  ``final``: titled as the final scores, the winners marked."""
    full = scores if scores is not None else breakdown(game)
    shown = full.without_empty()
    winners = set(game.rules.winner(game.state)) if game.is_over else set()
    labels = [output.seat_label(game, seat) for seat in range(shown.players)]
    console = output.out
    title = Text("Final scores" if final else "Scores", style="bold")
    total = not shown.ranked and len(shown.sources) != 1
    if _by_seat_width(shown, labels, total, bool(winners)) <= console.width:
        console.print(title)
        console.print(_by_seat(shown, labels, winners, total))
    elif _by_source_width(shown, labels, total) <= console.width:
        console.print(title)
        console.print(_by_source(shown, labels, winners, total))
    else:
        console.print(title)
        for seat, label in enumerate(labels):
            parts = [f"{source} {points}" for source, points in shown.rows(seat)]
            if total or not parts:
                parts.append(f"{shown.score_name} {shown.total(seat)}")
            mark = " · winner" if seat in winners else ""
            items = [escape(part) + "," for part in parts[:-1]] + [escape(parts[-1])]
            # a figure stays with its name: the list breaks between items only
            for line in pack(f"{escape(label)}{mark}: ", items, width=console.width):
                console.print(Text.from_markup(line, style="bold" if seat in winners else ""))
    notes = [full.reading()] if full.reading() else []
    empty = [source for source in full.sources if source not in shown.sources]
    if empty:
        notes.append(f"nothing from {', '.join(empty)}")
    for line in output.wrap("; ".join(notes), console.width) if notes else ():
        console.print(Text(line, style="dim"))


GAP = 2
"""Columns between two columns of the table (rich's padding of one on each side)."""


def _word(text: str) -> int:
    """The narrowest a heading can wrap to: its longest word."""
    return max((len(word) for word in text.split()), default=0)


def _by_seat_width(shown: Breakdown, labels: list[str], total: bool, winners: bool) -> int:
    """Columns the by-seat table needs, its seat names whole and its headings wrapped."""
    widths = [max(len(label) for label in labels)]
    for index, source in enumerate(shown.sources):
        widths.append(max(_word(source), *(len(str(row[index])) for row in shown.points)))
    if total:
        widths.append(max(_word(shown.score_name), *(len(str(shown.total(s))) for s in range(shown.players))))
    if winners:
        widths.append(len("winner"))
    return sum(widths) + GAP * (len(widths) - 1)


def _by_source_width(shown: Breakdown, labels: list[str], total: bool) -> int:
    """Columns the by-source table needs, the seats' headings wrapped."""
    names = [*shown.sources, *([shown.score_name] if total else [])]
    widths = [max(len(name) for name in names)] if names else [0]
    widths.extend(max(_word(label), 4) for label in labels)
    return sum(widths) + GAP * (len(widths) - 1)


def _by_seat(shown: Breakdown, labels: list[str], winners: set[int], total: bool) -> Table:
    """Seats as rows, sources as columns, then the total (a sum) and the winner."""
    table = _table()
    table.add_column("seat", no_wrap=True)
    for source in shown.sources:
        table.add_column(source, justify="right")
    if total:
        table.add_column(shown.score_name, justify="right")
    if winners:
        table.add_column("", no_wrap=True)
    for seat, label in enumerate(labels):
        cells: list[Any] = [Text(label)]
        cells.extend(str(points) for points in shown.points[seat])
        if total:
            cells.append(str(shown.total(seat)))
        if winners:
            cells.append("winner" if seat in winners else "")
        table.add_row(*cells, style="bold" if seat in winners else "")
    return table


def _by_source(shown: Breakdown, labels: list[str], winners: set[int], total: bool) -> Table:
    """Sources as rows, seats as columns (headed by the seat's name, wrapped), for a
    console too narrow for one column per source."""
    table = _table()
    table.add_column("", no_wrap=True)
    for seat, label in enumerate(labels):  # "winner" goes in a row of its own: in a wrapped
        # heading it ended beside the next seat's name, as if it were that seat's
        table.add_column(Text(label, style="bold" if seat in winners else ""), justify="right")
    for index, source in enumerate(shown.sources):
        table.add_row(Text(source), *(str(row[index]) for row in shown.points))
    if total:
        table.add_row(
            Text(shown.score_name), *(str(shown.total(s)) for s in range(shown.players)), style="bold"
        )
    if winners:
        marks = ("winner" if seat in winners else "" for seat in range(shown.players))
        table.add_row(Text(""), *marks, style="bold")
    return table


def _table() -> Table:
    return Table(box=None, pad_edge=False)
