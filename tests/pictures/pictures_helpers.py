"""Helpers of the picture tests: seeded bot games, an SVG's structure, the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

from turbine.core import Game, default_registry
from turbine.core.savefile import Seat

SVG = "{http://www.w3.org/2000/svg}"
GOLDENS = Path(__file__).parent / "goldens"
BOTS = {"barrage": "greedy", "power_grid": "greedy"}


def play(
    variant: str,
    players: int,
    seed: int,
    moves: int,
    options: dict[str, Any] | None = None,
    expansions: tuple[str, ...] = (),
) -> Game:
    """A bot game of ``variant`` after ``moves`` decisions (or at its end), the same every time."""
    kind = BOTS.get(variant, "random")
    game = Game(
        default_registry(),
        variant,
        players=players,
        seed=seed,
        options=options or {},
        expansions=expansions,
        seats=[Seat(f"bot {i + 1}", kind) for i in range(players)],
    )
    bots = game.make_bots()
    while not game.is_over and len(game.log) < moves:
        game.play(bots[game.to_move].choose(game.state, game.legal()))
    return game


def parse(svg: str) -> ET.Element:
    """The SVG as XML (fails the test when it is not well-formed)."""
    return ET.fromstring(svg)


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    """Every element whose ``class`` is ``cls``."""
    return [e for e in root.iter() if e.get("class") == cls]


def structure(svg: str) -> dict[str, Any]:
    """What a golden keeps of a picture: its size, its panels in order, how many
    elements of each tag and class, and every element that carries data
    attributes with those attributes (what the picture says), not the pixels."""
    root = parse(svg)
    tags = Counter(e.tag.removeprefix(SVG) for e in root.iter())
    classes = Counter(e.get("class") for e in root.iter() if e.get("class"))
    items = [
        {"class": e.get("class", ""), **{k: v for k, v in sorted(e.attrib.items()) if k.startswith("data-")}}
        for e in root.iter()
        if any(k.startswith("data-") for k in e.attrib)
    ]
    texts = [e.text for e in root.iter() if e.tag == f"{SVG}text" and e.get("class") in TEXTS]
    return {
        "size": [root.get("width"), root.get("height")],
        "panels": [e.get("data-panel") for e in by_class(root, "panel")],
        "tags": dict(sorted(tags.items())),
        "classes": dict(sorted(classes.items())),
        "items": items,
        "texts": texts,
    }


TEXTS = {
    "heading",
    "subheading",
    "panel-title",
    "status",
    "step",
    "player-line",
    "supply",
    "contract",
    "deck",
}
"""Labels a golden keeps word for word (the rest are counted)."""


def check_golden(name: str, svg: str) -> None:
    """Compare the structure of ``svg`` with ``goldens/NAME.json``; with
    ``TURBINE_UPDATE_GOLDENS=1`` write it instead (then review the diff)."""
    path = GOLDENS / f"{name}.json"
    got = structure(svg)
    if os.environ.get("TURBINE_UPDATE_GOLDENS") == "1":
        path.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n")
    expected = json.loads(path.read_text())
    for key in ("size", "panels", "tags", "classes", "texts"):
        assert got[key] == expected[key], f"{name}: {key} differs"
    assert got["items"] == expected["items"], f"{name}: the drawn items differ"


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m turbine.cli ARGS`` in ``cwd``, stdin empty, no colour."""
    env = dict(os.environ, COLUMNS="120", NO_COLOR="1")
    return subprocess.run(
        [sys.executable, "-m", "turbine.cli", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def assert_one_line_error(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    """Exit code 2 and one error line on stderr, no traceback."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    for fragment in fragments:
        assert fragment.lower() in lines[0].lower(), (fragment, lines[0])
