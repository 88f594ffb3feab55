"""Laying out a game's rich-markup texts (the panel, the board, the views) in columns,
and the counts they say (:func:`plural`).

A game's texts are rich markup (``[bold]Anna[/bold]``, an escaped ``\\[x]``), so their
width on a terminal is not their length: these helpers measure and break them by the
columns they show, and keep the markup whole on every line they make.  A panel is
laid out for :attr:`Rules.table_width <turbine.core.rules.Rules.table_width>` columns,
the terminal's: the table cuts a line that is still longer.

``rich`` is imported inside the functions: bots and simulation workers import the
games, and draw nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.text import Text

TABLE_WIDTH = 100
"""The most columns the table's screen uses (:meth:`Rules.turn_view
<turbine.core.rules.Rules.turn_view>`, the moves); a wider terminal shows it as it is."""

NARROWEST_TABLE = 60
"""The fewest columns a panel is laid out for (:attr:`Rules.table_width
<turbine.core.rules.Rules.table_width>`): in a narrower terminal the table cuts the lines
that do not fit and says so."""

_WORD = re.compile(r"\S+")


def plural(n: int, word: str, words: str | None = None) -> str:
    """``1 city``, ``2 cities``: the count with the word in the right number (``words``:
    the plural when it is not ``word`` + ``s``)."""
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"


def possessive(name: str) -> str:
    """``USA's``, ``Netherlands'``: a name with its possessive ending (an apostrophe alone
    after a final *s*, as English writes it for a plural name)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def indefinite(words: str) -> str:
    """``words`` after its indefinite article: ``a base``, ``an elevation or a conduit``
    (the article of the first word; a plain test of its first letter, right for the words
    of the games)."""
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


def as_text(markup: str) -> Text:
    """``markup`` as a rich ``Text``; a text that is not valid markup, as it is."""
    from rich.errors import MarkupError
    from rich.text import Text

    try:
        return Text.from_markup(markup)
    except MarkupError:
        return Text(markup)


def fitted(
    parts: Sequence[Sequence[str]],
    need: Sequence[int],
    rows: int,
    shorter: Mapping[int, Sequence[str]] | None = None,
) -> list[str]:
    """The lines of ``parts`` (a panel's parts in reading order) that a short terminal's
    ``rows`` (:attr:`Rules.table_rows <turbine.core.rules.Rules.table_rows>`) hold: the
    parts are taken by ``need`` (indexes, most needed first) while they fit, the first
    always, and given in reading order; a part is whole or left out, or given in its
    ``shorter`` form (by index) where that fits and the whole does not (the others' money
    in a line, where their table does not fit)."""
    shorter = shorter or {}
    kept: dict[int, Sequence[str]] = {need[0]: parts[need[0]]}
    for index in need[1:]:
        for form in (parts[index], shorter.get(index)):
            if form is not None and sum(map(len, kept.values())) + len(form) <= rows:
                kept[index] = form
                break
    return [line for index in range(len(parts)) if index in kept for line in kept[index]]


def cells(markup: str) -> int:
    """The columns ``markup`` takes on a terminal once its markup is applied: a player's
    name may hold wide characters (``李雷``, two columns each) or escaped brackets."""
    from rich.cells import cell_len

    return cell_len(as_text(markup).plain)


def pad(markup: str, width: int) -> str:
    """``markup`` with spaces after it up to ``width`` columns (:func:`cells`)."""
    return markup + " " * (width - cells(markup))


def pack(
    head: str, items: list[str], sep: str = " ", width: int = TABLE_WIDTH, room: int | None = None
) -> list[str]:
    """``head`` and the items, as many on a line as fit ``width`` columns; further lines
    are indented under the first item while ``room`` columns are left for them there (by
    default the widest item's; a table's last column passes its widest over all rows),
    else at most 4 columns in, after a head so long that the first item then follows it
    only if it fits.  A list never breaks inside an item; a head wider than the line
    breaks first (:func:`broken`)."""
    before: list[str] = []
    if cells(head) > width:
        *before, head = broken(head, width)
        head += " "
    need = max((cells(item) for item in items), default=0) if room is None else room
    indent = " " * (cells(head) if cells(head) + need <= width else min(4, cells(head)))
    lines = [head]
    first = True
    for item in items:
        piece = item if first else sep + item
        if cells(lines[-1]) + cells(piece) > width and cells(lines[-1]) > len(indent):
            lines.append(indent + item)
        else:
            lines[-1] += piece
        first = False
    return before + [line.rstrip() for line in lines]


def broken(markup: str, width: int | None, indent: str = "", hang: str = "  ") -> list[str]:
    """``indent`` + ``markup`` broken at spaces into lines of at most ``width`` columns,
    the later ones starting ``hang`` further in than the text (under ``indent``, not
    repeating it: an indent may be a bullet, ``"  * "``), each line markup of its own (a
    style that spans a break is closed and opened again).  A word wider than a line
    stays whole.  ``width`` ``None``: one line."""
    from rich.cells import cell_len
    from rich.text import Text

    whole = indent + markup
    if width is None:
        return [whole]
    text = as_text(whole)
    plain = text.plain
    if cell_len(plain) <= width:
        return [whole]
    lead = Text(" " * cells(indent) + hang)
    lines: list[Text] = []
    start = end = 0  # the line being filled: plain[start:end]
    for word in _WORD.finditer(plain):
        used = cell_len(plain[start : word.end()]) + (cell_len(lead.plain) if lines else 0)
        if used > width and end > start:
            lines.append(text[start:end] if not lines else lead + text[start:end])
            start = word.start()
        end = word.end()
    lines.append(text[start:end] if not lines else lead + text[start:end])
    return [line.markup for line in lines]
