"""``turbine show FILE --svg OUT`` and ``turbine replay FILE --html OUT``: the board as pictures.

The SVG is :func:`turbine.core.drawing.svg` of the game as one seat sees it.
The replay page is one self-contained HTML file: the move list, previous/next
buttons, a slider and the board after each move.  It fetches nothing (no
script, style or font from the network): the pictures of every step are inside
it, gzip-compressed as one base64 blob that the page unpacks with the
browser's own ``DecompressionStream``, so a long game stays a few megabytes.
The file is the same byte for byte for the same save (gzip without a time
stamp, no generated ids).

Drawing every step of a long game takes seconds, so on a terminal a progress
line on stderr says how far the replay and the drawing have got; it is erased
when the page is written, and a pipe or a file gets none of it.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from turbine.core import Game, savefile
from turbine.core.drawing import svg
from turbine.core.layout import plural
from turbine.core.replay import Replay

from . import output
from .common import CliError, about, registry, writable_file


def _write(out: Path, data: bytes) -> None:
    if to_stdout(out):
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    try:
        savefile.write_atomic(out, data)
    except OSError as exc:
        raise CliError(f"cannot write {out}: {exc.strerror or exc}") from None


def to_stdout(out: Path) -> bool:
    """``-`` names standard output, as ``export --out -`` takes it (a pipe to a viewer)."""
    return str(out) == "-"


def write_svg(game: Game, seat: int | None, out: Path) -> str:
    """Write the board as ``seat`` sees it (``None``: everything) to ``out`` (``-``: standard
    output); returns what to tell."""
    if not to_stdout(out):
        writable_file(out, "picture")
    data = svg(game, seat).encode()
    _write(out, data)
    seen = "everything shown" if seat is None else f"as seen by {output.seat_label(game, seat)}"
    return f"{out}: the board, {seen}"


def replay_frames(
    replay: Replay, seat: int | None = None, drawn: Callable[[int], None] | None = None
) -> tuple[list[str], list[dict[str, Any]]]:
    """The board after each step (step 0: the start) as ``seat`` saw it (``None``:
    everything), and the move list, each move with the round it was played in.
    ``drawn(count)`` is told how many boards are drawn so far, for a progress line."""
    game = replay.game
    frames = []
    for step in range(len(replay) + 1):
        frames.append(svg(game, seat, replay.state(step)))
        if drawn is not None:
            drawn(step + 1)
    moves = []
    for step in range(1, len(replay) + 1):
        entry = replay.entry(step)
        where = replay.where_before(step)
        moves.append({"seat": entry.seat + 1, "notation": entry.notation, "round": where.round})
    return frames, moves


def _script_json(value: Any) -> str:
    """``value`` as JSON that cannot end the page's ``<script>`` early."""
    return json.dumps(value).replace("</", "<\\/")


def replay_page(
    replay: Replay, title: str, seat: int | None = None, drawn: Callable[[int], None] | None = None
) -> str:
    """The self-contained HTML page of a replay: its moves listed by round, the board after
    each, and the result at the last step of a finished game (not before: no spoiler).
    ``drawn``: as :func:`replay_frames` takes it."""
    frames, moves = replay_frames(replay, seat, drawn)
    packed = gzip.compress(json.dumps(frames).encode(), compresslevel=9, mtime=0)
    blob = base64.b64encode(packed).decode("ascii")
    names = [seat.name for seat in replay.save.seats]
    items = []
    shown_round = 0
    for i, m in enumerate(moves, start=1):
        if m["round"] and m["round"] != shown_round:  # a heading where a round starts
            shown_round = m["round"]
            items.append(f'<li class="round">round {shown_round}</li>')
        who = names[m["seat"] - 1] if m["seat"] <= len(names) else str(m["seat"])
        items.append(
            f'<li data-step="{i}"><button type="button" data-step="{i}">'
            f"{i}. {html.escape(who)}: {html.escape(m['notation'])}</button></li>"
        )
    game = replay.game
    ends = [output.winners_line(game)] if game.is_over else []
    if replay.stopped is not None:  # said at the last step the page holds, as the stepper says it
        ends.append(f"the log replays no further: {replay.stopped}")
    result = " · ".join(ends) or "the log ends here: the game goes on"
    return PAGE.format(
        title=html.escape(title),
        total=len(moves),
        items="\n".join(items),
        blob=blob,
        moves=_script_json([m["notation"] for m in moves]),
        result=_script_json(result),
    )


def write_replay(file: Path, out: Path, seat: int | None = None) -> str:
    """Write the replay page of the save ``file`` to ``out``, the boards as ``seat`` (from 0)
    saw them (``None``: everything); ``-``: standard output; returns what to tell."""
    if not to_stdout(out):
        writable_file(out, "page")
    save, twice = savefile.load_checked(file)
    warnings = savefile.twice_notes(twice)  # as `show` warns
    with output.progress_bar() as bar:
        replaying = bar.add_task("replaying the log", total=len(save.log))

        def replayed(step: int) -> None:
            bar.update(replaying, completed=step)

        with about(file):  # a damaged log: the moves before the damage, and why they stop there
            replay = Replay.as_far_as_it_goes(registry(), save, warnings=warnings, progress=replayed)
        for warning in warnings:  # as 'replay' and 'show' say it; and the page says it too
            output.warn(warning)
        if replay.stopped is not None:
            output.warn(output.stopped_note(file, replay))
        if seat is not None and not 0 <= seat < save.players:
            raise CliError(f"there is no seat {seat + 1}; seats are numbered 1–{save.players}")
        seats = ", ".join(seat.name for seat in save.seats)
        seen = "" if seat is None else f" · as seen by {output.seat_label(replay.game, seat)}"
        edited = " · CHANGED SINCE IT WAS SAVED (not verified)" if replay.game.load_report.edited else ""
        if twice is not None and not edited:  # readers differ on what the file holds
            edited = f" · THE KEY {twice.upper()} IS WRITTEN TWICE (not verified)"
        if replay.stopped is not None:
            edited += f" · REPLAYS ONLY TO ACTION {len(replay)} OF {len(save.log)}"
        title = f"{output.setup_name(replay.game)} · seed {save.seed} · {seats}{seen}{edited}"
        boards = len(replay) + 1
        drawing = bar.add_task("drawing the boards", total=boards)

        def drawn(count: int) -> None:
            bar.update(drawing, completed=count)
            if count == boards:  # packing the pictures takes a while too: not a finished bar meanwhile
                bar.update(drawing, description="packing the page")

        page = replay_page(replay, title, seat, drawn)
    _write(out, page.encode())  # after the progress line is gone: `--html -` may write to the terminal
    return f"{out}: the board after each of {plural(len(replay), 'action')}{seen} (open it in a browser)"


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ margin: 0; font-family: "DejaVu Sans", Verdana, Arial, sans-serif;
       color: #111; background: #f4f4f1; }}
header {{ padding: 8px 14px; background: #fff; border-bottom: 1px solid #ccc; }}
h1 {{ font-size: 17px; margin: 0 0 6px 0; }}
.controls {{ display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }}
.controls button {{ font-size: 15px; padding: 4px 14px; }}
#slider {{ flex: 1; min-width: 200px; }}
#step-label {{ font-size: 14px; min-width: 280px; }}
main {{ display: flex; align-items: flex-start; }}
nav {{ width: 300px; max-height: calc(100vh - 90px); overflow-y: auto; background: #fff;
       border-right: 1px solid #ccc; font-size: 13px; }}
nav ol {{ list-style: none; margin: 0; padding: 0; }}
nav button {{ display: block; width: 100%; text-align: left; border: 0; background: none;
              padding: 3px 8px; font: inherit; cursor: pointer; }}
nav li.current button {{ background: #0072B2; color: #fff; }}
nav li.round {{ padding: 6px 8px 2px; font-weight: bold; color: #555; border-top: 1px solid #ddd; }}
#board {{ flex: 1; padding: 8px; overflow: auto; }}
#board svg {{ max-width: 100%; height: auto; }}
</style>
</head>
<body>
<header>
<h1>{title}</h1>
<div class="controls">
<button type="button" id="prev" title="previous move (left arrow)">&#9664; previous</button>
<button type="button" id="next" title="next move (right arrow; Home, End: the start, the end)">
next &#9654;</button>
<input type="range" id="slider" min="0" max="{total}" value="0" aria-label="step">
<span id="step-label">loading…</span>
</div>
</header>
<main>
<nav><ol id="moves">
<li data-step="0"><button type="button" data-step="0">0. the start</button></li>
{items}
</ol></nav>
<div id="board" aria-live="polite"></div>
</main>
<script id="frames" type="application/octet-stream">{blob}</script>
<script>
"use strict";
const MOVES = {moves};
const TOTAL = {total};
const RESULT = {result};
let frames = null;
let step = 0;
const board = document.getElementById("board");
const slider = document.getElementById("slider");
const label = document.getElementById("step-label");
function show(next) {{
  step = Math.max(0, Math.min(TOTAL, next));
  board.innerHTML = frames[step];
  slider.value = String(step);
  label.textContent = step === 0
    ? "the start (" + TOTAL + " actions)"
    : "after action " + step + " of " + TOTAL + ": " + MOVES[step - 1]
      + (step === TOTAL ? " · " + RESULT : "");
  for (const item of document.querySelectorAll("#moves li[data-step]")) {{
    const here = Number(item.dataset.step) === step;
    item.classList.toggle("current", here);
    if (here) item.scrollIntoView({{block: "nearest"}});
  }}
  document.body.dataset.step = String(step);
  const hash = step ? "#" + step : "";
  if (location.hash !== hash) {{  // the address names the step: a link to it opens it
    try {{ history.replaceState(null, "", hash || location.pathname + location.search); }}
    catch (error) {{ /* a browser that refuses it for this page: the step is still shown */ }}
  }}
}}
function linked() {{
  const n = Number(location.hash.slice(1));
  return location.hash.length > 1 && Number.isInteger(n) ? n : 0;
}}
async function unpack() {{
  const text = document.getElementById("frames").textContent.trim();
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  frames = JSON.parse(await new Response(stream).text());
  show(linked());
  document.body.dataset.ready = "true";
}}
document.getElementById("prev").addEventListener("click", () => show(step - 1));
document.getElementById("next").addEventListener("click", () => show(step + 1));
slider.addEventListener("input", () => show(Number(slider.value)));
document.getElementById("moves").addEventListener("click", (event) => {{
  const target = event.target.closest("button[data-step]");
  if (target) show(Number(target.dataset.step));
}});
window.addEventListener("hashchange", () => {{ if (frames) show(linked()); }});
document.addEventListener("keydown", (event) => {{
  if (event.key === "ArrowLeft") show(step - 1);
  if (event.key === "ArrowRight") show(step + 1);
  if (event.key === "Home") show(0);
  if (event.key === "End") show(TOTAL);
}});
unpack();
</script>
</body>
</html>
"""
