"""``turbine show FILE --svg OUT`` and ``turbine replay FILE --html OUT`` through the real command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pictures_helpers import assert_one_line_error, by_class, parse, play, run_cli


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pictures")
    game = play("power_grid", 3, seed=11, moves=40)
    game.save(str(folder / "pg.json"))
    return folder / "pg.json"


def test_show_svg_writes_the_board_as_a_seat_sees_it(save, tmp_path):
    result = run_cli("show", str(save), "--svg", "board.svg", "--seat", "2", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "board.svg" in result.stdout and "Seat 2" in result.stdout
    root = parse((tmp_path / "board.svg").read_text())
    assert len(by_class(root, "city")) == 42
    assert "as seen by seat 2 (bot 2)" in by_class(root, "subheading")[0].text


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("show", "missing.json", "--svg", "out.svg"), "no such file"),
        (("show", "SAVE", "--svg", "no/such/folder/out.svg"), "the folder no/such/folder does not exist"),
        (("show", "SAVE", "--svg", "."), "is a folder"),
        (("show", "SAVE", "--svg", "out.svg", "--seat", "9"), "no seat 9"),
        (("replay", "missing.json", "--html", "out.html"), "no such file"),
        (("replay", "SAVE", "--html", "no/such/folder/out.html"), "the folder no/such/folder does not exist"),
    ],
)
def test_bad_paths_are_one_line_and_exit_2(save, tmp_path, args, fragment):
    result = run_cli(*(str(save) if a == "SAVE" else a for a in args), cwd=tmp_path)
    assert_one_line_error(result, fragment)
    assert not (tmp_path / "out.svg").exists() and not (tmp_path / "out.html").exists()


@pytest.mark.skipif(
    not Path("/proc/self").is_dir(), reason="needs Linux's /proc, a folder nobody can write in"
)
@pytest.mark.parametrize("command", ["show", "replay"])
def test_an_unwritable_output_is_one_line_and_exit_2(save, tmp_path, command):
    option = "--svg" if command == "show" else "--html"
    result = run_cli(command, str(save), option, "/proc/turbine-picture.out", cwd=tmp_path)
    assert_one_line_error(result, "cannot write /proc/turbine-picture.out")


def test_replay_html_is_one_self_contained_page_with_every_step(save, tmp_path):
    result = run_cli("replay", str(save), "--html", "replay.html", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "replay.html").read_text()
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)  # nothing fetched
    assert "@import" not in page and "url(" not in page
    assert page.count("<li data-step=") == 41  # the start and 40 actions
    assert 'max="40"' in page
    again = tmp_path / "again.html"
    assert run_cli("replay", str(save), "--html", str(again), cwd=tmp_path).returncode == 0
    assert again.read_bytes() == (tmp_path / "replay.html").read_bytes()  # deterministic


def test_the_replay_frames_are_the_boards_after_each_action(save):
    import base64
    import gzip
    import json

    from turbine.cli.pictures import replay_page
    from turbine.core import default_registry, savefile
    from turbine.core.drawing import svg
    from turbine.core.replay import Replay

    replay = Replay(default_registry(), savefile.load(save))
    page = replay_page(replay, "t")
    blob = re.search(r'<script id="frames" type="application/octet-stream">([^<]*)</script>', page)
    assert blob is not None
    frames = json.loads(gzip.decompress(base64.b64decode(blob.group(1))))
    assert len(frames) == 41
    assert frames[0] == svg(replay.game, None, replay.state(0))
    assert frames[40] == svg(replay.game, None, replay.state(40))
    assert frames[0] != frames[1]


def test_show_svg_says_whose_view_with_the_name_as_typed(tmp_path):
    """The line after ``--svg`` names the seat's player as typed: ``[red]Ben`` is no colour."""
    from turbine.core import Game, Seat, default_registry

    game = Game(default_registry(), "power_grid", players=2, seed=1, seats=[Seat("Ann"), Seat("[red]Ben")])
    game.save(str(tmp_path / "g.json"))
    result = run_cli("show", "g.json", "--svg", "b.svg", "--seat", "2", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "as seen by Seat 2 · [red]Ben" in result.stdout


def test_replay_html_as_a_seat_and_with_the_result_at_the_end(tmp_path):
    """``--as 2`` draws every board as seat 2 saw it, and says so; a finished game's page
    names the winner at its last step (it ended on ``game over`` alone); moves are listed
    under their rounds."""
    import base64
    import gzip
    import json

    from turbine.cli import output
    from turbine.core import default_registry, savefile
    from turbine.core.drawing import svg
    from turbine.core.replay import Replay

    game = play("power_grid", 2, seed=3, moves=100_000)  # to the end
    assert game.is_over
    game.save(str(tmp_path / "done.json"))
    result = run_cli("replay", "done.json", "--html", "page.html", "--as", "2", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "as seen by Seat 2" in result.stdout
    page = (tmp_path / "page.html").read_text()
    assert "as seen by Seat 2" in page.split("</h1>")[0]
    blob = re.search(r'<script id="frames" type="application/octet-stream">([^<]*)</script>', page)
    assert blob is not None
    frames = json.loads(gzip.decompress(base64.b64decode(blob.group(1))))
    replay = Replay(default_registry(), savefile.load(tmp_path / "done.json"))
    assert frames[1] == svg(game, 1, replay.state(1)) != svg(game, None, replay.state(1))
    assert f"const RESULT = {json.dumps(output.winners_line(game))};" in page
    rounds = game.rules.round_number(game.state)
    assert [f'<li class="round">round {n}</li>' in page for n in range(1, rounds + 1)] == [True] * rounds
    assert_one_line_error(
        run_cli("replay", "done.json", "--html", "x.html", "--as", "3", cwd=tmp_path), "no seat 3"
    )


def test_the_page_of_a_damaged_save_holds_the_moves_before_the_damage(save, tmp_path):
    """A move edited to the wrong seat: the page holds the moves before it, its title says
    how far it replays, its last step says why, and a warning says the same."""
    import json

    data = json.loads(save.read_text())
    total = len(data["log"])
    data["log"][29]["seat"] = (data["log"][29]["seat"] + 1) % data["players"]  # action 30
    (tmp_path / "bad.json").write_text(json.dumps(data))
    result = run_cli("replay", "bad.json", "--html", "page.html", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "the 29 actions before it are shown, none after" in result.stderr
    assert "the board after each of 29 actions" in result.stdout
    page = (tmp_path / "page.html").read_text()
    assert f"REPLAYS ONLY TO ACTION 29 OF {total}" in page.split("</h1>")[0]
    assert "const TOTAL = 29;" in page
    told = re.search(r"const RESULT = (.*);", page)
    assert told is not None
    assert json.loads(told.group(1)).startswith("the log replays no further: action 30 (")


def test_dash_writes_the_picture_or_the_page_to_standard_output(save, tmp_path):
    """``-`` is standard output, as ``export --out -`` takes it: a file named ``-`` was
    written instead (and ``new --out -`` made a save of that name)."""
    shown = run_cli("show", str(save), "--svg", "-", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("<svg ") and shown.stdout.rstrip().endswith("</svg>")
    page = run_cli("replay", str(save), "--html", "-", cwd=tmp_path)
    assert page.returncode == 0, page.stderr
    assert page.stdout.startswith("<!DOCTYPE html>") and page.stdout.rstrip().endswith("</html>")
    assert not (tmp_path / "-").exists()
    assert_one_line_error(run_cli("new", "power_grid", "--out", "-", cwd=tmp_path), "'-' is no file")
    assert not (tmp_path / "-").exists()


def test_an_attribute_is_written_by_its_value_and_type():
    """Attributes are quoted once and reused; ``True`` and ``1`` (equal in Python) are still
    written apart, and a coordinate keeps one decimal at most."""
    from turbine.core.drawing import Element

    written: list[str] = []
    for value in (1, True, 1.0, 1.25, "1 & 2"):
        Element("rect", {"x": value}).write(written)
    assert written == [
        '<rect x="1"/>',
        '<rect x="true"/>',
        '<rect x="1"/>',
        '<rect x="1.2"/>',
        '<rect x="1 &amp; 2"/>',
    ]


def test_the_picture_of_a_finished_game_names_its_winner(tmp_path):
    """The last board of a game says who won under its title, as the table's last line
    does (``Winner: Seat 4 · Greedy bot 4``)."""
    finished = Path(__file__).resolve().parents[1] / "golden" / "format2" / "power_grid-russia-4p.json"
    result = run_cli("show", str(finished), "--svg", "end.svg", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    heading = by_class(parse((tmp_path / "end.svg").read_text()), "subheading")[0].text
    assert heading == "round 10 · game over · winner: Greedy bot 4"
