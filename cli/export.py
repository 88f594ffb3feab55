"""``turbine export``: a saved game as one row per action, for spreadsheets and scripts.

Each row says who moved, where the game stood when they did, the move's
notation and every seat's score after it (and after the automatic steps that
followed), so a score curve or a per-player statistic needs no turbine code.
The rows come from :class:`turbine.core.replay.Replay`, which checks the whole
log on the way, like any load.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

from rich.text import Text
from turbine.core import savefile
from turbine.core.layout import plural
from turbine.core.replay import Replay

from . import output
from . import rows as rows_file
from .common import CliError, about, guard_output, registry

FORMATS = ("jsonl", "csv", "parquet")
COLUMNS = ("index", "seat", "player", "by", "round", "phase", "notation")
"""The columns before the scores (numbers from 1, as people count)."""


def rows(replay: Replay) -> list[dict[str, Any]]:
    """One dict per action: ``index``, ``seat``, ``player``, ``by`` (who chose the move:
    ``human`` or a bot kind, the seat's own or whoever had taken the seat over), ``round``,
    ``phase`` (when it was played), ``notation`` and ``scores`` (after it)."""
    table = []
    for step in range(1, len(replay) + 1):
        entry = replay.entry(step)
        where = replay.where_before(step)
        table.append(
            {
                "index": step,
                "seat": entry.seat + 1,
                "player": replay.seat_names[entry.seat],
                "by": entry.by or replay.save.seats[entry.seat].kind,
                "round": where.round,
                "phase": where.phase,
                "notation": entry.notation,
                "scores": replay.scores(step),
            }
        )
    return table


def to_jsonl(table: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in table)


def to_parquet(table: list[dict[str, Any]], players: int, out: Path) -> bytes:
    """The rows as Parquet, the scores spread over ``score_1`` … ``score_N`` as in CSV, the
    numbers typed (``by`` and ``phase`` may be empty: text)."""
    scores = [f"score_{seat}" for seat in range(1, players + 1)]
    flat = [
        {**{column: row[column] for column in COLUMNS}, **dict(zip(scores, row["scores"], strict=True))}
        for row in table
    ]
    return rows_file.parquet_bytes(flat, [*COLUMNS, *scores], {"index", "seat", "round"}, out)


NAMED = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet", ".jsonl": "jsonl", ".ndjson": "jsonl"}
"""The endings that name a format export writes.  ``.json`` too, as JSON lines (as DuckDB
reads and writes it): :data:`OTHER_FORMATS` leaves it out."""
OTHER_FORMATS = (rows_file.OTHER_FORMATS | {".gz"}) - NAMED.keys()
"""Endings that announce a format (or a compression) export does not write."""
WORDS = {"jsonl": "JSON lines", "csv": "CSV", "parquet": "Parquet"}


def format_for(out: Path | None) -> str:
    """The format an ``--out`` file's name asks for: ``.csv`` CSV, ``.parquet`` (``.pq``)
    Parquet, any other name (and standard output) JSON lines."""
    suffix = out.suffix.lower() if out is not None else ""
    return NAMED.get(suffix, "jsonl")


def check_name(out: Path, form: str) -> None:
    """Refuse an ``--out`` name that announces a format other than the one written:
    ``rows.xlsx`` or ``rows.csv.gz`` would hold JSON lines, ``rows.csv`` with ``--format
    jsonl`` JSON lines too."""
    suffix = out.suffix.lower()
    if suffix in OTHER_FORMATS:
        raise CliError(
            f"--out {out}: rows are written as JSON lines (.jsonl), CSV (.csv) or Parquet "
            f"(.parquet); {out.suffix} is none of them"
        )
    named = NAMED.get(suffix)
    if named is not None and named != form:
        raise CliError(
            f"{out.name} names a {WORDS[named]} file, but the format is {form}: leave out --format "
            "or name the file for it"
        )


def to_csv(table: list[dict[str, Any]], players: int) -> str:
    """A header, then the rows; the scores spread over ``score_1`` … ``score_N``."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([*COLUMNS, *(f"score_{seat}" for seat in range(1, players + 1))])
    for row in table:
        writer.writerow([*(_cell(row[column]) for column in COLUMNS), *row["scores"]])
    return buffer.getvalue()


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula in a cell of text."""


def _cell(value: Any) -> Any:
    """A text cell as a spreadsheet shows it, never run: a player named ``=1+2`` (or
    ``=HYPERLINK(…)``) is written ``'=1+2``, as OWASP advises for CSV; numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def run_export(path: Path, form: str, out: Path | None, *, force: bool = False) -> None:
    """Write the rows of the save at ``path`` as ``form`` to stdout, or atomically to ``out``
    (not over a saved game without ``force``)."""
    form = form.strip().lower()
    if form not in FORMATS:
        raise CliError(f"--format must be one of {', '.join(FORMATS)}, not {form!r}")
    if out is not None and str(out) == "-":  # the usual name of standard output
        out = None
    if form == "parquet" and out is None:
        raise CliError("Parquet is written to a file: give --out FILE.parquet")
    if out is not None:
        check_name(out, form)
    if form == "parquet" and out is not None:
        rows_file.need_pyarrow(out)
    if out is not None:
        guard_output(out, "rows", force=force, reading=path)
    save, twice = savefile.load_checked(path)
    warnings = savefile.twice_notes(twice)  # as `show` warns
    with about(path):
        replay = Replay(registry(), save, warnings=warnings)
    for warning in warnings:
        output.warn(warning)
    table = rows(replay)
    if form == "parquet":
        assert out is not None
        data = to_parquet(table, save.players, out)
    else:
        text = to_jsonl(table) if form == "jsonl" else to_csv(table, save.players)
        if out is None:
            sys.stdout.write(text)
            sys.stdout.flush()
            return
        data = text.encode()
    try:
        savefile.write_atomic(out, data)
    except OSError as exc:
        raise CliError(f"cannot write {out}: {exc.strerror or exc}") from None
    output.out.print(Text(f"Exported {plural(len(table), 'action')} to {out} ({form})."))
