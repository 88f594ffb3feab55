"""``turbine replay FILE --html OUT`` draws every step of the game, which takes seconds for a
long one: a terminal is shown how far it has got, on stderr; a pipe gets nothing extra."""

from __future__ import annotations

import io

import pytest
from pictures_helpers import play, run_cli
from rich.console import Console
from turbine.core import default_registry, savefile
from turbine.core.replay import Replay


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    folder = tmp_path_factory.mktemp("progress")
    play("power_grid", 3, seed=11, moves=40).save(str(folder / "pg.json"))
    return folder / "pg.json"


def test_a_replay_reports_each_step_it_keeps(save):
    steps: list[int] = []
    replay = Replay(default_registry(), savefile.load(save), progress=steps.append)
    assert steps == list(range(41)) and len(replay) == 40


def test_a_terminal_sees_the_progress_and_gets_the_same_page(save, tmp_path, monkeypatch):
    from turbine.cli import output, pictures

    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, force_interactive=True, width=100, color_system=None)
    monkeypatch.setattr(output, "err", terminal)
    told = pictures.write_replay(save, tmp_path / "page.html")
    assert told.endswith("the board after each of 40 actions (open it in a browser)")
    shown = screen.getvalue()
    # the last state of the line, drawn once more as it goes: every step replayed, every board drawn
    assert "replaying the log" in shown and "40/40" in shown
    assert "packing the page" in shown and "41/41" in shown
    piped = run_cli("replay", str(save), "--html", "piped.html", cwd=tmp_path)
    assert piped.returncode == 0 and piped.stderr == ""  # not a terminal: no progress line
    assert (tmp_path / "page.html").read_bytes() == (tmp_path / "piped.html").read_bytes()


def test_a_page_not_made_leaves_no_progress_line_behind(save, tmp_path, monkeypatch):
    """A refusal after the replay (a seat that does not exist) ends the line first, the
    cursor shown again: the error is the one line said, and no page is written."""
    from turbine.cli import output, pictures
    from turbine.cli.common import CliError

    screen = io.StringIO()
    monkeypatch.setattr(output, "err", Console(file=screen, force_terminal=True, force_interactive=True))
    with pytest.raises(CliError, match=r"^there is no seat 4; seats are numbered 1–3$"):
        pictures.write_replay(save, tmp_path / "page.html", seat=3)
    assert not (tmp_path / "page.html").exists()
    shown = screen.getvalue()
    assert "replaying the log" in shown and "drawing the boards" not in shown
    assert shown.rfind(SHOW_CURSOR) > shown.rfind(HIDE_CURSOR) >= 0


HIDE_CURSOR, SHOW_CURSOR = "\x1b[?25l", "\x1b[?25h"
"""What a terminal is sent while a progress line is drawn, and when it is gone."""
