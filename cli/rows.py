"""``--rows FILE``: one row per game of ``simulate`` or ``tournament``, for analysis elsewhere.

The columns are flat, one value each, so that a spreadsheet, ``csv`` or a data frame
reads them as they are: ``seed``, ``seats`` (how many), ``bot_1`` … ``bot_N`` and
``score_1`` … ``score_N`` (per seat, from 1), ``winner`` (the seats ranked first,
from 1, separated by spaces on a shared win), ``status`` (``finished``,
``unfinished``, ``bot failed``, ``error``), ``decisions``, ``seconds`` (the game's
wall time, the one column that differs between two runs of the same seeds) and
``error``.  A file whose name ends in ``.parquet`` (or ``.pq``) is written as Parquet
(typed columns; needs the optional extra ``turbine-games[parquet]``, i.e. pyarrow), one
in ``.gz`` as gzip-compressed CSV (``games.csv.gz``), ``-`` is CSV on standard output,
and any other name as CSV; a name that announces another format (``.xlsx``, ``.tsv``,
``.zip``…) is refused before any game is played, as it would hold CSV all the same.
"""

from __future__ import annotations

import csv
import gzip
import importlib.util
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from .common import CliError
from .games import GameResult

PARQUET_HINT = "pip install 'turbine-games[parquet]'"
STDOUT = "-"
"""The name of standard output, as ``export --out -`` takes it."""
PARQUET_SUFFIXES = (".parquet", ".pq")
OTHER_FORMATS = frozenset(
    {
        *(".tsv", ".tab", ".xlsx", ".xls", ".ods", ".jsonl", ".ndjson", ".feather", ".arrow", ".ipc"),
        *(".orc", ".avro", ".h5", ".hdf5", ".pkl", ".pickle", ".db", ".sqlite"),
        *(".bz2", ".xz", ".zst", ".zip", ".7z", ".lz4", ".tgz"),
    }
)
"""Endings of names that announce a format (or a compression) the rows are not written in."""


def to_stdout(path: Path) -> bool:
    return str(path) == STDOUT


def is_parquet(path: Path) -> bool:
    return path.suffix.lower() in PARQUET_SUFFIXES


def is_gzip(path: Path) -> bool:
    return path.suffix.lower() == ".gz"


def check_name(path: Path) -> None:
    """Refuse a name that announces a format other than the one written: ``games.xlsx``
    or ``games.csv.bz2`` held plain CSV, ``games.parquet.gz`` would be gzip over Parquet."""
    if to_stdout(path):
        return
    inner = path.suffixes[-2].lower() if is_gzip(path) and len(path.suffixes) > 1 else ""
    if path.suffix.lower() in OTHER_FORMATS or inner in PARQUET_SUFFIXES or inner in OTHER_FORMATS:
        ending = f"{path.suffixes[-2]}{path.suffix}" if inner else path.suffix
        raise CliError(
            f"--rows {path}: rows are written as CSV (a name in .csv or .csv.gz, or - for standard "
            f"output) or as Parquet (.parquet); {ending} is neither"
        )


def need_pyarrow(path: Path) -> None:
    """Refuse, before any work, a Parquet file that cannot be written: pyarrow is an extra."""
    if importlib.util.find_spec("pyarrow") is None:
        raise CliError(f"writing Parquet ({path.name}) needs pyarrow: {PARQUET_HINT}")


def check_writable(path: Path) -> None:
    """Refuse, before any game is played, a rows file that could not be written."""
    check_name(path)
    if to_stdout(path):
        return
    if is_parquet(path):
        need_pyarrow(path)
    if path.is_dir():
        raise CliError(f"--rows {path} is a folder; give a file name")
    if not path.parent.is_dir():
        raise CliError(f"--rows {path}: the folder {path.parent} does not exist")


def columns(players: int) -> list[str]:
    seats = range(1, players + 1)
    return [
        "seed",
        "seats",
        *(f"bot_{seat}" for seat in seats),
        *(f"score_{seat}" for seat in seats),
        "winner",
        "status",
        "decisions",
        "seconds",
        "error",
    ]


def row(result: GameResult) -> dict[str, Any]:
    """The row of one game (scores ``None`` unless it finished)."""
    players = len(result.bots)
    scores: Sequence[int | None] = result.scores if result.scores is not None else [None] * players
    out: dict[str, Any] = {"seed": result.seed, "seats": players}
    out.update({f"bot_{seat + 1}": kind for seat, kind in enumerate(result.bots)})
    out.update({f"score_{seat + 1}": score for seat, score in enumerate(scores)})
    out["winner"] = " ".join(str(seat + 1) for seat in result.winners)
    out["status"] = result.status
    out["decisions"] = result.decisions
    out["seconds"] = round(result.seconds, 4)
    out["error"] = f"{result.error} ({result.where})" if result.error else ""
    return out


def write_rows(path: Path, results: Sequence[GameResult], players: int) -> None:
    """Write one row per game, in seed order, as Parquet or CSV (see the module)."""
    rows = [row(result) for result in results]
    names = columns(players)
    if is_parquet(path):
        _write_parquet(path, rows, names, players)
        return
    with _text(path) as handle:
        writer = csv.DictWriter(handle, fieldnames=names)
        writer.writeheader()
        writer.writerows(rows)


@contextmanager
def _text(path: Path) -> Iterator[IO[str]]:
    """Where CSV text goes: standard output for ``-``, a gzip stream for ``.gz``, else the file."""
    if to_stdout(path):
        yield sys.stdout
        sys.stdout.flush()
    elif is_gzip(path):
        with gzip.open(path, "wt", newline="", encoding="utf-8") as handle:
            yield handle
    else:
        with path.open("w", newline="", encoding="utf-8") as handle:
            yield handle


def parquet_bytes(rows: list[dict[str, Any]], names: list[str], ints: set[str], path: Path) -> bytes:
    """``rows`` as a Parquet file: the columns ``names`` in order, those in ``ints`` (and the
    ``score_N``) as 64-bit integers (``seed`` unsigned), ``seconds`` as a float, the rest
    as text.  ``path`` is
    only named when pyarrow, the optional extra, is missing."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise CliError(f"writing Parquet ({path.name}) needs pyarrow: {PARQUET_HINT}") from None

    def kind(name: str) -> Any:
        if name == "seconds":
            return pa.float64()
        if name == "seed":  # 0 to 2^64 - 1: past a signed 64-bit integer
            return pa.uint64()
        return pa.int64() if name in ints or name.startswith("score_") else pa.string()

    schema = pa.schema([(name, kind(name)) for name in names])
    sink = pa.BufferOutputStream()
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), sink)
    return bytes(sink.getvalue().to_pybytes())


def _write_parquet(path: Path, rows: list[dict[str, Any]], names: list[str], players: int) -> None:
    path.write_bytes(parquet_bytes(rows, names, {"seed", "seats", "decisions"}, path))
