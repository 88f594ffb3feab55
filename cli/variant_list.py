"""What ``turbine variants`` prints.

Without a variant: a short table, two lines a variant (its id, name, players and how
many options; then its expansions and bots), and how to see one variant in full, so
that the games installed are seen at a glance (the options of every game together
run to hundreds of lines).  With one: everything about it, every option of the
variant and of its expansions with type, default, allowed values and description.
``--json`` gives the same data whole either way (:func:`variant_info`).
"""

from __future__ import annotations

import json
from typing import Any

from rich.text import Text
from turbine.core import Registry
from turbine.core.layout import plural

from . import output
from .common import option_rows

COLUMN_GAP = "  "
"""Between the columns of the short table."""
NAME_MIN = 8
"""The narrowest the name column gets on a narrow terminal: a longer name goes on past
it, and the line wraps under the name."""


def variant_info(reg: Registry, variant_id: str) -> dict[str, Any]:
    """One variant as ``--json`` gives it: id, name, description, players, plugin,
    options, expansions (each with its options) and bots."""
    spec = reg.variants[variant_id]
    return {
        "id": spec.id,
        "name": spec.name,
        "description": spec.description,
        "players": [spec.min_players, spec.max_players],
        "plugin": reg.variant_plugin.get(spec.id, ""),
        "options": option_rows(spec.options),
        "expansions": [
            {
                "id": e.id,
                "name": e.name,
                "description": e.description,
                "options": option_rows(e.options) if e.options is not None else [],
            }
            for e in reg.expansions_for(spec.id)
        ],
        "bots": reg.bots_for(spec.id),
    }


# -- the short table ----------------------------------------------------------------------


def players_text(players: list[int]) -> str:
    """``2–4 players``; ``2 players`` for a game of one count only."""
    low, high = players
    return plural(low, "player") if low == high else f"{low}–{high} players"


def summary_lines(infos: list[dict[str, Any]], width: int) -> list[Text]:
    """The short table of ``infos`` at ``width`` columns, then the hint to see one in full.

    Each variant's first line holds its id, name, players and option count in aligned
    columns; its second, under the name, its expansions and bots.  The name column is
    narrowed to fit ``width``; a line still too wide wraps under its second column."""
    if not infos:
        return [Text("No variants installed. Install a game plugin, e.g. pip install turbine-sparks.")]
    ids = max(len(info["id"]) for info in infos)
    players = max(len(players_text(info["players"])) for info in infos)
    counts = max(len(str(len(info["options"]))) for info in infos)
    options = counts + len(" options")
    rest = 3 * len(COLUMN_GAP) + ids + players + options
    names = min(max(len(info["name"]) for info in infos), max(NAME_MIN, width - rest))
    under = " " * (ids + len(COLUMN_GAP))  # where the name column starts
    lines: list[Text] = []
    for info in infos:
        count = len(info["options"])
        head = Text.assemble(
            (f"{info['id']:<{ids}}", "bold"),
            COLUMN_GAP,
            f"{info['name']:<{names}}",
            COLUMN_GAP,
            f"{players_text(info['players']):<{players}}",
            COLUMN_GAP,
            f"{count:>{counts}} {'option' if count == 1 else 'options'}" if count else "no options",
        )
        head.rstrip()
        lines += output.wrap_line(head, width, hang=under)
        expansions = ", ".join(e["id"] for e in info["expansions"])
        parts = [f"expansions: {expansions}"] if expansions else []
        parts.append(f"bots: {', '.join(info['bots']) or 'none'}")
        lines += output.wrap_line(Text(under + " · ".join(parts)), width, hang="")
    hint = Text(f"A variant's options in full: turbine variants {infos[0]['id']}", style="dim")
    return [*lines, Text(), *output.wrap_line(hint, width, hang="    ")]


# -- one variant in full -------------------------------------------------------------------


def full_lines(info: dict[str, Any], width: int) -> list[Text]:
    """Everything about one variant: its description, every option of it and of its
    expansions (type, default, allowed values or bounds, description) and its bots."""
    lines: list[Text] = []
    head = Text.assemble((info["id"], "bold"), f"  {info['name']} · {players_text(info['players'])}")
    if info["description"]:
        head.append(f" · {info['description']}")
    lines += output.wrap_line(head, width, hang="    ")
    if info["options"]:
        lines.append(Text("  options (--option NAME=VALUE):", style="dim"))
        lines += _option_lines(info["options"], "    ", width)
    else:
        lines.append(Text("  no options"))
    for exp in info["expansions"]:
        line = Text(f"  --with {exp['id']}: {exp['name']}")
        if exp["description"]:
            line.append(f" — {exp['description']}", style="dim")
        lines += output.wrap_line(line, width, hang="    ")
        if exp["options"]:
            lines.append(Text(f"    options (--option {exp['id']}.NAME=VALUE):", style="dim"))
            lines += _option_lines(exp["options"], "      ", width)
    lines += output.wrap_line(Text(f"  bots: {', '.join(info['bots']) or 'none'}"), width, hang="    ")
    return lines


def _option_lines(rows: list[dict[str, Any]], indent: str, width: int) -> list[Text]:
    """One entry per option, its name in a column and its text wrapped under its type."""
    names = max(len(row["name"]) for row in rows)
    lines: list[Text] = []
    for row in rows:
        default = "required" if row["required"] else f"default {_option_text(row['default'])}"
        line = Text(f"{indent}{row['name']:<{names}}  ")
        line.append(f"{row['type']}, {default}", style="cyan")
        allowed = _allowed_text(row)
        if allowed:
            line.append(f"; {'one of ' if row['allowed'] else ''}{allowed}")
        if row["description"]:
            line.append(f" — {row['description']}", style="dim")
        lines += output.wrap_line(line, width, hang=" " * (names + 2))
    return lines


def _option_text(value: Any) -> str:
    """An option's value as it is typed after ``--option NAME=`` (text bare, else JSON)."""
    return value if isinstance(value, str) else json.dumps(value)


def _allowed_text(row: dict[str, Any]) -> str:
    """``intro | full``, or the bounds (``min 1 · max 10``); empty when any value goes."""
    if row["allowed"]:
        return " | ".join(_option_text(a) for a in row["allowed"])
    return " · ".join(f"{k} {row[k]}" for k in ("min", "above", "max", "below") if k in row)


def print_lines(lines: list[Text]) -> None:
    """Print lines already wrapped to the console's width (rich would wrap them again,
    starting the continuations at the left edge)."""
    for line in lines:
        output.out.print(line, no_wrap=True)
