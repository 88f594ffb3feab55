"""Fuzzing real saves: every mutation gives a typed error or a correct load, never a crash.

The saves are the golden saves of every variant and expansion (format 1 and 2).
Each example applies one or more mutations — truncation, byte flips, invalid
UTF-8, deep nesting, swapped, deleted and duplicated log entries, values of the
wrong type, huge and negative numbers — then loads the result as ``turbine``
does (decode, then rebuild by replaying) and as ``--verify`` does.  A
:class:`~turbine.core.TurbineError` (exit code 2 at the command line) or a
game is accepted; any other exception is a bug.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from turbine.core import Game, TurbineError, default_registry, savefile
from turbine.core.session import verify_save

GOLDEN = Path(__file__).parent.parent / "golden"
SAVES = sorted(GOLDEN.glob("format*/*-2p.json"))
EXAMPLES = 60
"""Examples per save (14 saves: 840 in all, about 8 s)."""

WEIRD_VALUES = [
    None,
    True,
    -1,
    -(2**63),
    2**64,
    10**30,
    1.5,
    float("inf"),
    "",
    "x" * 1000,
    "\u0663",
    [],
    {},
    [[[[[]]]]],
    {"type": None},
]


def _paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside ``data`` (log entries sampled, to keep it small)."""
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in list(enumerate(data))[:: max(1, len(data) // 6)]:
            out += _paths(value, (*prefix, index))
    return out


def _set(data: Any, path: tuple, value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _mutate_json(data: dict, draw) -> dict:
    log = data.get("log", [])
    kind = draw(st.sampled_from(["swap", "delete", "duplicate", "value", "truncate_log", "nest"]))
    if kind in ("swap", "delete", "duplicate") and len(log) >= 2:
        i = draw(st.integers(0, len(log) - 1))
        j = draw(st.integers(0, len(log) - 1))
        if kind == "swap":
            log[i], log[j] = log[j], log[i]
        elif kind == "delete":
            del log[i]
        else:
            log.insert(j, json.loads(json.dumps(log[i])))
    elif kind == "truncate_log":
        data["log"] = log[: draw(st.integers(0, len(log)))]
    elif kind == "nest":
        path = draw(st.sampled_from(_paths(data)[1:]))
        _set(data, path, json.loads("[" * 300 + "]" * 300))
    else:
        path = draw(st.sampled_from(_paths(data)[1:]))
        _set(data, path, draw(st.sampled_from(WEIRD_VALUES)))
    return data


def _mutate_bytes(raw: bytes, draw) -> bytes:
    kind = draw(st.sampled_from(["truncate", "flip", "utf8", "insert"]))
    at = draw(st.integers(0, len(raw)))
    if kind == "truncate":
        return raw[:at]
    if kind == "flip":
        if at == len(raw):
            return raw
        return raw[:at] + bytes([raw[at] ^ (1 << draw(st.integers(0, 7)))]) + raw[at + 1 :]
    if kind == "utf8":
        return raw[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"])) + raw[at:]
    return raw[:at] + draw(st.sampled_from([b"[", b"}", b",", b'"', b"-", b"9" * 40])) + raw[at:]


def _load_like_the_cli(raw: bytes) -> None:
    registry = default_registry()
    save = savefile.decode(raw)
    game = Game.from_save(registry, save)
    assert game.to_move is not None or game.is_over
    savefile.decode(savefile.encode(game.to_save()))  # a loaded game saves again
    verify_save(registry, save)


@pytest.mark.parametrize("path", SAVES, ids=[f"{p.parent.name}/{p.stem}" for p in SAVES])
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_a_mutated_save_loads_or_fails_with_a_typed_error(path: Path, data: st.DataObject) -> None:
    original = path.read_bytes()
    save = json.loads(original)
    for _ in range(data.draw(st.integers(1, 2), label="json mutations")):
        save = _mutate_json(save, data.draw)
    raw = json.dumps(save, indent=1).encode()
    if data.draw(st.booleans(), label="byte mutation"):
        raw = _mutate_bytes(raw, data.draw)
    try:
        _load_like_the_cli(raw)
    except TurbineError as exc:
        assert "\n" not in str(exc), str(exc)


def test_the_fuzzer_covers_every_golden_game() -> None:
    games = {p.stem for p in SAVES}
    assert {
        "power_grid-russia-2p",
        "power_grid-japan-2p",
        "power_grid-subsidy-2p",
        "barrage-intro-2p",
        "barrage-full-2p",
        "barrage-leeghwater-2p",
        "sparks-2p",
    } <= games


FORMAT2 = [p for p in SAVES if p.parent.name == "format2"]
UNSEALED = ("turbine_version", "plugins")
"""What a save says for information only, outside its digests (docs/save-format.md):
an edit there is not an edit of the game."""


def _game_part(save: savefile.SaveFile) -> savefile.SaveFile:
    """``save`` without what its digests leave out: the information-only fields and who
    plays each seat now (``played_by``, a handover to come, not a move made)."""
    seats = [msgspec.structs.replace(seat, played_by=None) for seat in save.seats]
    return msgspec.structs.replace(save, turbine_version="", plugins={}, seats=seats)


@pytest.mark.parametrize("path", FORMAT2, ids=[p.stem for p in FORMAT2])
@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_verify_catches_every_edit_of_the_game(path: Path, data: st.DataObject) -> None:
    """An edited save that ``--verify`` passes is the same game: its setup, log, digests
    and final scores are the original's (docs/save-format.md, "What it proves")."""
    original = savefile.decode(path.read_bytes())
    edited = _mutate_json(json.loads(path.read_bytes()), data.draw)
    if data.draw(st.booleans(), label="a second edit"):
        edited = _mutate_json(edited, data.draw)
    try:
        save = savefile.decode(json.dumps(edited).encode())
        verify_save(default_registry(), save)
    except TurbineError:
        return  # refused or caught: what an edit must meet
    assert _game_part(save) == _game_part(original)
