"""The terminal: every printed line fits the width (the terminal's, or ``--width N``),
``NO_COLOR`` and ``TERM=dumb`` write no escapes, and a bad ``--width`` is one error line.

The commands run in-process (:func:`turbine.cli.app.main`) with the environment set by
``monkeypatch``: the consoles are made from the environment at each command's start.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from table_screens import DECISIONS, SUMMARIES, decision_game, decision_screen, summary_text
from turbine.cli import app as cli_app
from turbine.cli import output, screen
from turbine.core import Game

WIDTHS = (60, 80, 100, 140)
ESCAPE = re.compile(r"\x1b")
PROMPT = re.compile(r"Seat \d[^\n>]*> ")
"""``turbine play``'s prompt: the typed line is not echoed from a pipe, so the next
output follows it on the same line; the tests cut lines there."""


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch):
    """A known environment: no colour settings, a 120-column 'terminal'."""
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "TERM", "LINES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("TURBINE_NO_TTY_CHECK", "1")
    monkeypatch.setattr(cli_app, "_plugin_commands_added", True)
    yield
    monkeypatch.undo()
    output.configure()  # the next tests' consoles: from their environment, not this one


def cli(capsys, *args: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    """Run ``turbine ARGS`` in-process: exit code, stdout, stderr."""
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as exit_info:
        cli_app.main([*args])
        raise SystemExit(0)
    captured = capsys.readouterr()
    code = exit_info.value.code
    return (0 if code is None else int(code)), captured.out, captured.err


def widest(text: str) -> int:
    return max((len(line) for line in PROMPT.sub("\n", text).splitlines()), default=0)


def saved(tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.json"
    decision_game(name).save(str(path))
    return path


GAMES = ("barrage_full_turn", "leeghwater_turn", "power_grid_building")


# -- the width ----------------------------------------------------------------------


@pytest.mark.parametrize("width", (50, *WIDTHS))
@pytest.mark.parametrize("name", sorted(DECISIONS))
def test_every_turn_screen_fits_the_width(name, width):
    """The game lays its panel out for the terminal's width (from 60 columns to 100):
    nothing of it is cut; in a narrower terminal a line too long is cut with …"""
    game = decision_game(name)
    text = decision_screen(game, width)
    assert widest(text) <= width, text
    lines = text.splitlines()
    assert len(lines[0]) == width  # the rule spans the width
    assert game.rules.table_width == max(screen.NARROWEST_SCREEN, min(width, screen.SCREEN_WIDTH))
    panel = output.game_text(game.rules.turn_view(game.state, game.to_move)).plain.splitlines()
    for drawn, whole in zip(lines[1:], panel, strict=False):
        if width >= screen.NARROWEST_SCREEN:
            assert drawn == whole, f"cut at {width} columns: {whole}"
        else:  # cut, keeping its start and ending with …
            assert drawn == (whole if len(whole) <= width else whole[: width - 1] + "…")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", sorted(SUMMARIES))
def test_round_summaries_wrap_at_the_width(name, width):
    """What the automatic steps said wraps, each wrapped line indented under its start."""
    text = summary_text(name, width)
    assert widest(text) <= width, text
    full = summary_text(name, 1000)
    assert " ".join(text.split()) == " ".join(full.split())  # wrapped, nothing cut


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", GAMES)
def test_the_board_and_every_view_fit_the_width(tmp_path, capsys, name, width):
    """They are read in full: a line too long wraps under its start, nothing is cut."""
    path = saved(tmp_path, name)
    game = Game.load(cli_app.registry(), str(path))
    for view in ("", *game.rules.views()):
        shown = ("--view", view) if view else ()
        code, out, err = cli(capsys, "show", str(path), *shown, "--width", str(width))
        assert code == 0, err
        lines = out.splitlines()
        assert len(lines) > 2 and widest(out) <= width, out
        assert len(lines[0]) == width and lines[0].endswith("─")
        _, whole, _ = cli(capsys, "show", str(path), *shown, "--width", "1000")
        assert _words(lines[1:]) == _words(whole.splitlines()[1:])


def _words(lines: list[str]) -> list[str]:
    return " ".join(lines).split()


@pytest.mark.parametrize("name", GAMES)
def test_a_played_session_fits_the_width(tmp_path, capsys, monkeypatch, name):
    """``turbine play --width 60``: the turn screen, the board, the views, every move
    list and the log, and the moves announced with what followed them."""
    path = saved(tmp_path, name)
    views = "\n".join(Game.load(cli_app.registry(), str(path)).rules.views())
    commands = f"board\n{views}\nmoves\nhelp\n1\n1\n1\nlog\nquit\n"
    code, out, err = cli(capsys, "play", str(path), "--width", "60", stdin=commands, monkeypatch=monkeypatch)
    assert code == 0, err
    assert widest(out) <= 60, out
    assert "Saved to" in out and out.count("─" * 20) >= 3


@pytest.mark.parametrize("width", [50, 60, 80])
def test_a_terminal_narrower_than_the_table_is_told_that_lines_are_cut(tmp_path, capsys, monkeypatch, width):
    path = saved(tmp_path, "leeghwater_turn")
    code, out, err = cli(
        capsys, "play", str(path), "--width", str(width), stdin="quit\n", monkeypatch=monkeypatch
    )
    assert code == 0, err
    told = " ".join(out.split())
    said = f"The table needs 60 columns and this terminal has {width}: a line too long is cut with …"
    assert (said in told) == (width < screen.NARROWEST_SCREEN)


def test_the_width_is_the_terminals_without_the_option(tmp_path, capsys, monkeypatch):
    path = saved(tmp_path, "power_grid_auction")
    monkeypatch.setenv("COLUMNS", "77")
    code, out, _ = cli(capsys, "show", str(path))
    assert code == 0 and widest(out) <= 77
    assert len(out.splitlines()[0]) == 77  # the rule: as wide as the terminal


def test_replay_and_legal_take_the_width(tmp_path, capsys):
    path = saved(tmp_path, "barrage_full_turn")
    for command in (("replay", str(path)), ("legal", str(path)), ("replay", str(path), "--to", "2")):
        code, out, err = cli(capsys, *command, "--width", "50")
        assert code == 0, err
        assert widest(out) <= 50, out


def test_moves_is_the_list_in_full_wrapped_at_the_width():
    """'moves' shows a move wider than the console whole, wrapped; the turn screen cuts it."""
    game = decision_game("leeghwater_turn")
    console, buffer = _console(60)
    screen.moves(game, console)
    listed = buffer.getvalue()
    assert widest(listed) <= 60
    console, buffer = _console(60)
    screen.decision(game, console)
    assert any(line.endswith("…") for line in buffer.getvalue().splitlines())
    assert "…" not in listed.replace("bank 1…", "").replace("bid ", "")
    console, buffer = _console(100)  # every move shown, some cut: the screen says where they are whole
    screen.decision(game, console)
    *_, hint, status = buffer.getvalue().splitlines()
    assert hint == screen.CUT_HINT  # under the moves, before what the seat has to pay with
    assert status == game.rules.status(game.state, game.to_move)


def test_a_screen_whose_moves_are_whole_says_nothing_of_cut_moves():
    game = decision_game("barrage_full_turn")
    console, buffer = _console(100)
    screen.moves(game, console, rows=screen.MOVE_ROWS * 3)
    drawn = buffer.getvalue().splitlines()
    assert not any(line.endswith("…") for line in drawn)
    assert screen.CUT_HINT not in drawn


def test_a_short_terminal_puts_the_moves_in_columns_under_the_panel():
    """80 × 24: the moves went down one long list (the screen took 37 lines, the panel's top
    scrolled away); a terminal's height now counts, so they go into columns, every one still
    shown with its cost.  (Leeghwater's: base Barrage's moves fold into one column, each
    whole, see below.)"""
    import io

    from rich.console import Console

    game = decision_game("leeghwater_turn")
    sizes = {}
    for height in (24, 60):
        buffer = io.StringIO()
        term = Console(file=buffer, width=80, height=height, force_terminal=True, color_system=None)
        screen.decision(game, term)
        sizes[height] = buffer.getvalue().splitlines()
    short, tall = sizes[24], sizes[60]
    assert len(short) < len(tall)
    assert not any("more: 'moves' lists them all" in line for line in short)  # none hidden
    listed = [line for line in short if re.match(r" *\d+(–\d+)?\. ", line)]
    assert len(listed) < len(game.legal())
    assert all(re.search(r"\d+\. \S.*  \d+(–\d+)?\. ", line) for line in listed[:-1])  # two columns
    cells = [cell for line in listed for cell in re.split(r"(?<=\S) {2,}(?=\d+(?:–\d+)?\. )", line.strip())]
    assert len(cells) in (len(listed) * 2 - 1, len(listed) * 2)
    assert all(re.search(r"  \(\d+ (eng|cr)", cell) for cell in cells), cells  # each with its cost
    # 43 moves need 16 rows of two columns: the list takes them rather than hide 11 moves
    game = decision_game("leeghwater_turn")
    buffer = io.StringIO()
    screen.decision(game, Console(file=buffer, width=80, height=24, force_terminal=True, color_system=None))
    drawn = buffer.getvalue()
    assert "more: 'moves' lists them all" not in drawn
    assert f"{len(game.legal())}. " in drawn or f"–{len(game.legal())}. " in drawn


def test_at_80_by_24_a_cut_move_keeps_its_whole_cost():
    """Leeghwater's 43 moves go into two columns cut alike at 38 columns, which cut the
    cost of the longest (``x build PB-04  (1 eng + 1 exc + 3…``: 3 what?).  The column of
    long moves takes room from the column of short ones: every move shows its whole cost,
    and only what it does is cut."""
    short = _terminal_screen("leeghwater_turn", 24)
    listed = [line for line in short if re.match(r" *\d+(–\d+)?\. ", line)]
    cells = [cell for line in listed for cell in re.split(r"(?<=\S) {2,}(?=\d+(?:–\d+)?\. )", line.strip())]
    assert len(cells) == 32 and all(len(line) <= 80 for line in short)
    assert all(re.search(r"  \([^():]+(: |\)$)", cell) for cell in cells), cells  # the cost, then its colon
    assert "29. x build PB-04  (1 eng + 1 exc + 3 mix: …" in " ".join(cells)
    assert any(cell.endswith("…") for cell in cells)  # what they do is cut, and said to be
    assert screen.CUT_HINT in short


def test_costs_too_long_for_a_column_get_the_room_short_ones_leave():
    """When not every cost fits, the column of short moves keeps its costs whole and gives
    the rest of its share to the long ones' costs, before any room goes to what moves do."""
    short = [f"{n:>3}. place WM{n}L  (1 eng: 2 water, phase 3)" for n in range(1, 4)]
    long = [
        "  4. x work_wheel EW-T2  (2 eng + 1 mix onto your wheel: 3 credits + rotate 2)",
        "  5. x build PB-08  (1 eng + 4 exc + 3 mix: Control Centre, 5 VP)",
    ]
    widths = screen._column_widths([short, long], 76)
    assert widths[0] == len("  1. place WM1L  (1 eng:") + 1  # its costs, then '…'
    assert sum(widths) == 76 and widths[1] == 76 - widths[0]
    assert widths[1] >= len("  5. x build PB-08  (1 eng + 4 exc + 3 mix:") + 1
    roomy = screen._column_widths([short, long[1:]], 120)  # room for all: what they do too
    assert roomy == [len(short[0]), len(long[1])]
    assert screen._column_widths([long, long], 40) == [20, 20]  # too little for both: alike
    bank = "32–43. bank 1…12  (1 cr per eng)"  # no cost and effect: it is all cost
    assert screen._column_widths([short, [bank]], 60) == [60 - len(bank), len(bank)]


def test_moves_cut_alike_with_their_costs_whole_are_left_as_they_are():
    """Only a cut that cut a cost is made again, column by column."""
    uncut = [f"{n:>3}. place WM{n}L  (1 eng: 2 water, phase 3)" for n in range(1, 5)]
    through = len("  1. place WM1L  (1 eng:…")  # each cut just after its cost
    alike = [[screen._cut(item, through) for item in column] for column in (uncut[:2], uncut[2:])]
    assert all(item.endswith("(1 eng:…") for column in alike for item in column)
    assert screen._costs_whole(alike, uncut, 2 * through + 2 + 6) == alike  # room for more: not taken
    assert screen._costs_whole([[screen._cut(uncut[0], 20)], [uncut[1]]], uncut[:2], 90) == [
        [uncut[0]],
        [uncut[1]],
    ]


def _terminal_screen(name: str, height: int, game=None) -> list[str]:
    import io

    from rich.console import Console

    buffer = io.StringIO()
    term = Console(file=buffer, width=80, height=height, force_terminal=True, color_system=None)
    screen.decision(game or decision_game(name), term)
    return buffer.getvalue().splitlines()


@pytest.mark.parametrize(
    ("name", "also"),
    [("barrage_intro_turn", ("pieces left:", "Turn order: ")), ("barrage_full_turn", ("Objective ",))],
)
def test_an_80_by_24_terminal_shows_the_whole_barrage_turn_screen(name, also):
    """The panel took 14 lines there and the screen 28: the round's bonus tile, the objective
    and the company's name scrolled away.  The table now tells the game the rows left
    (:attr:`Rules.table_rows`) and Barrage gives a shorter panel that fits them: the seat's
    contracts, the round's bonus tile, then what still fits beside the moves, each whole
    (the intro's 33 moves in 13 lines leave room for the seat's pieces and the turn order;
    the full game's 36 in 16 for the objective).  The officer's text stays in the 'company'
    view, the supply in the status line, in one line (short words)."""
    short, tall = _terminal_screen(name, 24), _terminal_screen(name, 60)
    assert len(short) + 1 <= 24  # and the prompt's line
    assert len(short) < len(tall)
    assert not any("…" in line.replace("bank 1…", "") for line in short)
    assert "  2–3. place WM1L / WM1R  (1 eng / 2 eng + 3 cr: 2 water, phase 3)" in short
    # after the bots' moves: the last lines said stay in view above the whole moves
    from rich.console import Console

    buffer = io.StringIO()
    term = Console(file=buffer, width=80, height=24, force_terminal=True, color_system=None)
    screen.decision(decision_game(name), term, said=20)
    after = buffer.getvalue().splitlines()
    assert after[0] == screen.MORE_SAID and len(after) + screen.FOLDED_SAID - 1 + 1 <= 24
    assert "  2–3. place WM1L / WM1R  (1 eng / 2 eng + 3 cr: 2 water, phase 3)" in after
    for kept in ("Round ", "contracts:", *also):
        assert any(line.lstrip().startswith(kept) for line in short), kept
    if "Turn order: " in also:  # each other company with its VP and energy, as one entry
        order = " ".join(line.strip() for line in short if line.startswith(("Turn order: ", "    France")))
        assert re.fullmatch(
            r"Turn order: \w+ \(you\)( · \w+ \(\d+ VP, energy \d+\)){2} \w+ \(\d+ VP, energy \d+\)", order
        ), order
    assert any("officer:" in line for line in tall) and not any("officer:" in line for line in short)
    assert short[-1].startswith("You (") and not short[-1].startswith("    ")  # one status line
    assert any(line.lstrip().startswith("supply:") for line in tall)
    for height in range(16, 45):  # any short terminal: the screen fits as long as the seat's lines do
        assert len(_terminal_screen(name, height)) + 1 <= max(height, len(short) + 1), height


def test_the_draft_fits_80_by_24_with_each_ability_on_a_line():
    """B-4.4: the draft's screen took 34 lines; in a short terminal each company's and
    officer's ability takes one line, cut where it must (the contracts view shows the
    draft whole), and the choosing order is left out."""
    short, tall = _terminal_screen("barrage_full_draft", 24), _terminal_screen("barrage_full_draft", 60)
    assert len(short) + 1 <= 24 < len(tall)
    assert "Draft ('contracts' shows it whole)" in short
    pairs = [line for line in short if re.match(r"  \w+ \+ ", line)]
    assert len(pairs) == 4 and all(short[short.index(pair) + 2].startswith("    ") for pair in pairs)
    assert not any("choosing order" in line for line in short)


def test_a_two_player_draft_at_80_by_24_shows_each_ability_whole():
    """B-4.4: a two-player draft too long for 80 × 24 whole (Leeghwater's Simone Luciani
    takes three lines) cut each ability at 80 columns (``+3 energy after each production
    action (not for con…``) over six empty rows: without the title and the choosing
    order they now wrap, and only a draft too long that way too is cut (four pairs:
    :func:`test_the_draft_fits_80_by_24_with_each_ability_on_a_line`)."""
    from turbine.core import Game, Seat, default_registry

    seats = [Seat("Player 1", "human"), Seat("Player 2", "human")]
    game = Game(
        default_registry(),
        "barrage",
        players=2,
        seed=0,
        options={"mode": "full"},
        expansions=["leeghwater"],
        seats=seats,
    )
    shown = _terminal_screen("", 24, game)
    assert len(shown) + 1 <= 24 and not any("…" in line for line in shown)
    assert not any("choosing order" in line for line in shown)
    words = " ".join(line.strip() for line in shown)
    for company, officer in game.state.draft_pairs:
        assert game.rules.companies[company].text in words
        assert game.rules.officers[officer].text in words


def test_a_further_step_takes_the_terminal_s_rows_for_one_column_of_whole_moves():
    """The 17 sites of a base went into two columns cut at 38 columns (``at C1R  (8 exc or
    4 mix; value 4,…``) under a question alone, where one column of whole lines fits."""
    import io

    from rich.console import Console

    game = decision_game("barrage_intro_turn")
    game.play(game.find("construct"))
    while len(game.legal()) < 14:  # on to the sites
        game.play(game.legal()[0])
    buffer = io.StringIO()
    term = Console(file=buffer, width=80, height=24, force_terminal=True, color_system=None)
    screen.question(game, term, rows=screen.question_rows(game, term))
    drawn = buffer.getvalue().splitlines()
    listed = [line for line in drawn if re.match(r" *\d+\. ", line)]
    assert len(listed) == len(game.legal()) and len(drawn) + 1 <= 24
    assert not any(line.endswith("…") for line in listed)


def test_a_panel_that_fits_a_short_terminal_is_shown_whole():
    """The shortest terminal that shows the whole panel is the one it fills to the last row."""
    whole = next(
        height
        for height in range(16, 45)
        if any("officer:" in line for line in _terminal_screen("barrage_intro_turn", height))
    )
    assert len(_terminal_screen("barrage_intro_turn", whole)) + 1 == whole  # and the prompt's row


def test_a_panel_that_cannot_fit_keeps_what_the_decision_needs_most():
    """43 moves take 16 of the 24 rows: the Leeghwater panel keeps the seat's company line
    and its contracts, then what still fits by need, and leaves out the others and the
    objective (the rule above the panel still names the round)."""
    short = _terminal_screen("leeghwater_turn", 24)
    assert len(short) + 1 <= 24
    assert any(" VP · energy this round " in line for line in short)
    assert any(line.lstrip().startswith("contracts:") for line in short)
    assert not any(line.startswith(("Objective ", "Turn order: ")) for line in short)
    assert short[0].startswith("Barrage · round ")


def _power_grid_at(phase: str, round_no: int = 5):
    from table_screens import POWER_GRID, phase_is, play_to

    return play_to(
        POWER_GRID.game(), lambda g: g.rules.round_number(g.state) >= round_no and phase_is(phase)(g)
    )


@pytest.mark.parametrize("phase", ["auction", "resources", "building", "bureaucracy"])
def test_an_80_by_24_terminal_shows_the_whole_power_grid_turn_screen(phase):
    """The others' table put each plant on a line of its own at 80 columns: a panel of 27
    lines by round 4, the map, the Step and the seat's own money scrolled away.  In a short
    terminal each other player takes one line (their plants by number) and the parts this
    phase's decision needs most are kept."""
    game = _power_grid_at(phase)
    short, tall = _terminal_screen("", 24, game), _terminal_screen("", 60, game)
    assert len(short) + 1 <= 24 and len(short) < len(tall)
    assert any(line.startswith("Player ") and "(you):" in line for line in short)
    others = [line for line in short if re.match(r"  \d(st|nd|rd|th) Player \d: \d+ Elektro · ", line)]
    assert len(others) == 3, short
    for height in range(16, 45):
        assert len(_terminal_screen("", height, game)) + 1 <= max(height, len(short) + 1), height


def test_a_power_grid_auction_keeps_the_lot_and_the_market_first():
    game = _power_grid_at("auction")
    while game.state.auction is None:  # an auction under way: the lot, the high bid, who is in
        game.play(game.legal()[0])
    short = _terminal_screen("", 18, game)
    assert any(line.startswith("Auction: ") for line in short)
    assert any(line.startswith("Plant market") for line in short)
    tiny = _terminal_screen("", 8, game)  # no room even for the seat's own lines: the lot first
    assert any(line.startswith("Auction: ") for line in tiny)
    assert not any("(you):" in line for line in tiny)


def test_a_short_terminal_keeps_the_last_lines_said_in_view():
    """At 80 × 24 the bots' moves and the automatic steps scrolled away under the next
    screen (the reason a bid was asked again, the resupply): the panel gives up to
    KEPT_SAID of its rows to them."""
    import io

    from rich.console import Console

    game = _power_grid_at("resources")
    drawn = {}
    for said in (0, 3, 20):
        buffer = io.StringIO()
        term = Console(file=buffer, width=80, height=24, force_terminal=True, color_system=None)
        screen.decision(game, term, said=said)
        drawn[said] = len(buffer.getvalue().splitlines())
    for said, lines in drawn.items():  # the screen and the last lines said, in 24 rows with the prompt
        assert lines + min(said, screen.KEPT_SAID) + 1 <= 24, (said, lines)
    assert drawn[20] < drawn[0]  # parts of the panel given up for them
    for said in (screen.KEPT_SAID, screen.KEPT_SAID + 1):  # where the first lines said scroll away
        buffer = io.StringIO()
        term = Console(file=buffer, width=80, height=24, force_terminal=True, color_system=None)
        screen.decision(game, term, said=said)
        told = buffer.getvalue().splitlines()[0] == screen.MORE_SAID
        assert told is (said > screen.KEPT_SAID), said  # where 'log' finds them
    buffer = io.StringIO()
    term = Console(file=buffer, width=80, height=24, force_terminal=True, color_system=None)
    screen.decision(game, term, said=20, ended=4)  # a round's scoring among what scrolled away
    said = "    (round 4 ended above: 'log' shows the last moves and what followed each)"
    assert buffer.getvalue().splitlines()[0] == said


def test_the_panel_rows_are_for_that_panel_only():
    """The board, the views and a replay's panels are drawn in full after a short screen."""
    game = decision_game("barrage_full_turn")
    _ = _terminal_screen("barrage_full_turn", 24, game)
    assert game.rules.table_rows is None
    assert screen.panel_rows(game, _console(100)[0]) is None  # not a terminal: as many as it takes


def _console(width: int):
    from table_screens import console

    return console(width)


# -- colour -----------------------------------------------------------------------


@pytest.fixture
def show(tmp_path, capsys):
    path = saved(tmp_path, "power_grid_auction")

    def _show() -> str:
        code, out, err = cli(capsys, "show", str(path), "--width", "100")
        assert code == 0, err
        return out

    return _show


def test_a_terminal_gets_colours_and_box_rules(monkeypatch, show):
    """The control for the tests below: a terminal (FORCE_COLOR makes one of the pipe)."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    out = show()
    assert ESCAPE.search(out) and "─" in out


@pytest.mark.parametrize("value", ["1", "true", "0"])
def test_no_color_writes_no_escape(monkeypatch, show, value):
    """https://no-color.org: NO_COLOR set to any non-empty value, even on a terminal."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("NO_COLOR", value)
    out = show()
    assert not ESCAPE.search(out), out
    assert "Power Grid" in out


def test_an_empty_no_color_is_not_set(monkeypatch, show):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("NO_COLOR", "")
    assert ESCAPE.search(show())


def test_a_dumb_terminal_gets_no_escape_and_ascii_rules(monkeypatch, show):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "dumb")
    out = show()
    assert not ESCAPE.search(out), out
    assert "─" not in out and re.search(r"Power Grid.* -{20,}$", out.splitlines()[0])
    assert len(out.splitlines()[0]) == 100  # --width holds on a dumb terminal too


def test_output_that_is_no_terminal_gets_no_escape(show):
    assert not ESCAPE.search(show())


def test_play_on_a_dumb_terminal_writes_no_escape(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "dumb")
    path = saved(tmp_path, "barrage_full_draft")
    code, out, err = cli(capsys, "play", str(path), stdin="1\nboard\nquit\n", monkeypatch=monkeypatch)
    assert code == 0, err
    assert not ESCAPE.search(out) and "─" not in out
    assert widest(out) <= 120


# -- a bad --width ----------------------------------------------------------------


@pytest.mark.parametrize("value", ["0", "-3", "text", "12.5", "19"])
@pytest.mark.parametrize("command", ["play", "show", "replay", "legal"])
def test_a_bad_width_is_one_error_line(tmp_path, capsys, command, value):
    path = saved(tmp_path, "barrage_full_draft")
    before = path.read_bytes()
    code, out, err = cli(capsys, command, str(path), "--width", value)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("turbine: error: --width expects"), err
    assert repr(value) in lines[0] and "Traceback" not in err + out
    assert path.read_bytes() == before


def test_a_terminal_sees_which_bot_thinks_and_a_pipe_does_not(monkeypatch):
    """``new``, ``move`` and ``play`` wait for bots under ``output.thinking``: a spinner
    line on a terminal, which goes when the bot has chosen; nothing in a pipe."""
    from rich.console import Console
    from turbine.core import Seat, default_registry

    game = Game(
        default_registry(), "power_grid", players=2, seed=0, seats=[Seat("Anna"), Seat("b", "greedy")]
    )
    game.play(game.legal()[0])
    assert game.to_move == 1  # seat 2's bot
    bot = game.make_bots()[1]
    for terminal in (True, False):
        buffer = io.StringIO()
        monkeypatch.setattr(output, "out", Console(file=buffer, force_terminal=terminal, width=100))
        with output.thinking(game)(1):
            action = bot.choose(game.state, game.legal())
        assert action in game.legal()
        assert ("Seat 2 · b is thinking…" in buffer.getvalue()) is terminal


def test_moves_are_measured_in_the_columns_they_show(monkeypatch):
    """A move naming a player whose name is two columns a character (``李雷``) is cut at
    the width with … (it ran past the edge), and the columns of moves line up by what
    they show, not by their length."""
    game = decision_game("power_grid_building")
    wide = "李雷" * 6  # 12 characters, 24 columns
    long = [(1, 1, f"a  (for {wide})"), (2, 2, "b"), (3, 3, f"c  (for {wide} {wide})"), (4, 4, "d")]
    monkeypatch.setattr(screen.output, "move_groups", lambda game, prefix="": long)
    console, buffer = _console(60)
    screen.moves(game, console, rows=4)
    lines = buffer.getvalue().splitlines()
    assert max(map(cell_len, lines)) <= 60
    assert lines[2].startswith("  3. c  (for 李雷") and lines[2].endswith("…") and cell_len(lines[2]) >= 59
    assert lines[-1] == screen.CUT_HINT

    columns = [(n, n, f"move {n}" + (f" ({wide})" if n == 1 else " (" + "x" * 12 + ")")) for n in range(1, 9)]
    monkeypatch.setattr(screen.output, "move_groups", lambda game, prefix="": columns)
    console, buffer = _console(100)
    screen.moves(game, console, rows=4)
    rows = buffer.getvalue().splitlines()
    assert 1 < len(rows) < 8
    starts = {cell_len(row[: row.index(f"{n + len(rows)}. ")]) for n, row in enumerate(rows, start=1)}
    assert len(starts) == 1, rows  # the second column starts in the same column on every row


def test_a_few_long_moves_wrap_rather_than_being_cut(monkeypatch):
    """The steps of an action (an officer's copy: ``copy EO-JM  (Jill McDowell: You may
    pay …)``) are few: when they fit the rows wrapped, they are shown whole, each
    continuation under the move's text."""
    game = decision_game("power_grid_building")
    long = "copy EO-JM  (" + " ".join(["a word of the officer's ability"] * 4) + ")"
    groups = [(1, 1, long), (2, 2, "bank 1"), (3, 3, long)]
    monkeypatch.setattr(screen.output, "move_groups", lambda game, prefix="": groups)
    console, buffer = _console(60)
    screen.moves(game, console, rows=12)
    lines = buffer.getvalue().splitlines()
    assert "…" not in buffer.getvalue() and max(map(len, lines)) <= 60
    assert lines[0].startswith("  1. copy EO-JM") and lines[1].startswith("      ")
    shown = " ".join(f"{n}. {text}" for n, _, text in groups)
    assert " ".join(" ".join(lines).split()) == " ".join(shown.split())


def test_the_replay_heading_and_log_go_on_under_their_start(tmp_path, capsys):
    """The replay's heading and its log lines wrapped to the left edge.  The heading names
    the expansion played (it said ``Barrage`` of a Leeghwater game)."""
    path = saved(tmp_path, "leeghwater_turn")
    code, out, err = cli(capsys, "replay", str(path), "--width", "40")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Barrage with The Leeghwater Project ·") and lines[1].startswith("    ")
    logged = lines[lines.index(next(line for line in lines if re.match(r"\s+1\. ", line))) :]
    logged = logged[: next(i for i, line in enumerate(logged) if line.startswith("After "))]
    assert any(re.match(r"\s{6,}\S", line) for line in logged)  # some entries wrap
    for line in logged:
        assert re.match(r"\s+\d+\. |\s{6,}\S", line), line


def test_an_unknown_view_is_named_as_such(tmp_path, capsys, monkeypatch):
    path = saved(tmp_path, "power_grid_building")
    code, out, err = cli(capsys, "play", str(path), stdin="view foo\nquit\n", monkeypatch=monkeypatch)
    assert code == 0, err
    assert "'foo' is no view; views: map, connections, market" in " ".join(out.split())


def test_the_help_is_reflowed_to_the_terminal(tmp_path, capsys, monkeypatch):
    """Each command's text wraps at the terminal's width under the texts, not at the
    line breaks it was written with (at 60 columns those left ragged lines)."""
    path = saved(tmp_path, "power_grid_building")
    code, out, err = cli(
        capsys, "play", str(path), "--width", "100", stdin="help\nquit\n", monkeypatch=monkeypatch
    )
    assert code == 0, err
    lines = PROMPT.sub("\n", out).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  ORDER "))
    assert lines[at + 1].startswith(" " * 17) and lines[at + 2].startswith("  log [N]"), lines[at : at + 3]
    code, out, err = cli(
        capsys, "play", str(path), "--width", "60", stdin="help\nquit\n", monkeypatch=monkeypatch
    )
    lines = PROMPT.sub("\n", out).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  ORDER "))
    entry = lines[at : next(i for i in range(at + 1, len(lines)) if lines[i].startswith("  log"))]
    assert all(line.startswith(" " * 17) for line in entry[1:]) and all(len(line) > 40 for line in entry[:-1])


def test_moves_text_lists_the_moves_with_a_word_starting_so():
    """``moves PO`` said ``No legal move starts with 'PO'`` beside ``place PO1`` … ``PO3``."""
    from turbine.cli import output

    game = decision_game("barrage_full_turn")
    listed = [text.split("  (")[0] for _, _, text in output.move_groups(game, "PO")]
    assert listed == ["place PO1", "place PO2", "place PO3"]
    assert [text.split("  (")[0] for _, _, text in output.move_groups(game, "place PO2")] == ["place PO2"]


def test_the_short_panel_gives_its_last_rows_by_need():
    """Barrage's short panel in the fewest rows: the company line, then the contracts before
    the round's bonus tile; the draft drops the bonus tile before any pair."""
    game = decision_game("barrage_full_turn")
    rules, state, seat = game.rules, game.state, game.to_move
    rules.table_width = 80
    try:
        rules.table_rows = 2
        shown = rules.turn_view(state, seat).splitlines()
        assert " VP[/bold] · energy this round " in shown[0] and shown[1].lstrip().startswith("contracts:")
        draft = decision_game("barrage_full_draft")
        draft.rules.table_width = 80
        draft.rules.table_rows = 100
        whole = draft.rules.turn_view(draft.state, draft.to_move).splitlines()
        draft.rules.table_rows = len(whole) - 1  # too few for it whole: the short draft, and the round
        short = draft.rules.turn_view(draft.state, draft.to_move).splitlines()
        assert short[0].startswith("Round ")
        draft.rules.table_rows = len(short) - 1  # one row fewer: the round goes, every pair stays
        shorter = draft.rules.turn_view(draft.state, draft.to_move).splitlines()
        assert shorter == short[1:]
    finally:
        rules.table_rows = None


def test_the_help_takes_a_line_a_command_where_the_whole_would_not_fit(monkeypatch):
    """At 80 × 24 the whole help (37 lines) scrolled its first commands away: there each
    command takes one line, ``help NAME`` shows one whole and ``help all`` all of them."""
    from rich.console import Console
    from turbine.cli import play

    game = decision_game("barrage_full_turn")
    for height, whole in ((24, False), (45, True)):
        buffer = io.StringIO()
        term = Console(file=buffer, width=80, height=height, force_terminal=True, color_system=None)
        monkeypatch.setattr(output, "out", term)
        session = play.PlaySession(Path("g.json"), game)
        session.handle("help")
        lines = buffer.getvalue().splitlines()
        assert ("  undo           take back your last move" in lines) is not whole, lines
        assert any("only when typed twice" in line for line in lines) is whole
        if not whole:
            assert len(lines) < height and lines[0].endswith("Commands:")
            assert "  view NAME      one of the game's views: map, company, actions, contracts," in lines
            assert "  bot [N] NAME   hand seat N (default: yours) to a bot: greedy, mcts, random" in lines
        for asked, said in (
            ("help undo", "  undo           take back your last move (and the bot moves after it), unless"),
            ("help ORDER", "  ORDER          a standing order, where the game takes one, as listed under"),
            ("help all", "  human N        hand seat N back to a person"),
            ("help nosuch", "'nosuch' is no command; commands: moves, board, view, order, log, undo, hint,"),
        ):
            buffer.seek(0)
            buffer.truncate()
            assert session.handle(asked) == "stay"
            lines = buffer.getvalue().splitlines()
            assert any(line.startswith(said) for line in lines), (asked, lines)
            assert asked != "help undo" or len(lines) == 3  # that command alone


def test_what_undo_took_back_stays_above_the_next_screen(tmp_path, monkeypatch):
    """``Taken back: bid 11; back to …`` was pushed off an 80 × 24 terminal by the screen
    that followed it: it is counted among the lines said, which the screen keeps in view."""
    from rich.console import Console
    from turbine.cli import play
    from turbine.core import Seat, default_registry

    buffer = io.StringIO()
    term = Console(file=buffer, width=80, height=24, force_terminal=True, color_system=None)
    monkeypatch.setattr(output, "out", term)
    game = Game(default_registry(), "power_grid", players=2, seed=0, seats=[Seat("Ann"), Seat("Bob")])
    session = play.PlaySession(tmp_path / "g.json", game)
    assert session.handle(game.rules.describe(game.legal()[0])) == "moved"
    session.announcer.flush()
    session.announcer.said()  # the screen took the count
    assert session.handle("undo") == "stay" and session.handle("undo") == "moved"  # Bob takes back Ann's
    assert "Taken back: " in buffer.getvalue()
    assert session.announcer.said() >= 1


def test_the_rule_names_whose_screen_it_is_when_several_people_play():
    """Friends at one terminal: the screen above is the last person's, so the rule over a
    decision names who plays now; against bots there is one person and it does not."""
    from turbine.core import Seat, default_registry

    friends = Game(
        default_registry(),
        "power_grid",
        players=3,
        seed=0,
        seats=[Seat("Ann"), Seat("Bob"), Seat("c", "greedy")],
    )
    assert screen.heading(friends).endswith(f" · {friends.seats[friends.to_move].name} to play")
    alone = Game(
        default_registry(), "power_grid", players=2, seed=0, seats=[Seat("Ann"), Seat("c", "greedy")]
    )
    assert "to play" not in screen.heading(alone)


def test_the_draft_names_its_own_order_not_a_turn_order_yet():
    """B-4.2: the turn order is set when the draft ends (the reverse of the draft's); the
    panel said ``turn order by seat: 1 2 3`` before there was one."""
    game = decision_game("barrage_full_draft")
    game.play(game.legal()[0])  # a pair taken: the panel shows the company, then the others
    assert game.rules.phase_name(game.state) == "draft"
    panel = game.rules.turn_view(game.state, game.to_move)
    order = " ".join(str(s + 1) for s in game.state.draft_order)
    assert f"Others (the draft's order by seat: {order})" in panel
    assert "turn order by seat" not in panel


def test_the_whole_help_is_given_where_it_and_the_prompt_just_fit(monkeypatch):
    from rich.console import Console
    from turbine.cli import output as out
    from turbine.cli import play

    game = decision_game("barrage_full_turn")
    measure = Console(file=io.StringIO(), width=80, height=100, force_terminal=True, color_system=None)
    monkeypatch.setattr(output, "out", measure)
    full = play.PlaySession(Path("g.json"), game)
    text = play._reflowed(full.help_text())
    rows = sum(len(out.wrap(line, 80, hang=" " * 15)) for line in text.split("\n"))
    for height, whole in ((rows + 1, True), (rows, False)):  # the prompt takes a row
        buffer = io.StringIO()
        term = Console(file=buffer, width=80, height=height, force_terminal=True, color_system=None)
        monkeypatch.setattr(output, "out", term)
        play.PlaySession(Path("g.json"), game).handle("help")
        assert (len(buffer.getvalue().splitlines()) == rows) is whole, height


def test_the_table_names_the_round_that_ended_since_its_last_screen(tmp_path, monkeypatch):
    from turbine.cli import play
    from turbine.core import Seat, default_registry

    game = Game(default_registry(), "power_grid", players=2, seed=0, seats=[Seat("Ann"), Seat("Bob")])
    session = play.PlaySession(tmp_path / "g.json", game)
    seen = []
    monkeypatch.setattr(screen, "decision", lambda game, console, said, ended: seen.append(ended))
    rounds = iter([1, 1, 2])
    monkeypatch.setattr(game.rules, "round_number", lambda state: next(rounds))
    for _ in range(3):
        session.shown_for = None
        session.show_decision()
    assert seen == [None, None, 1]


def test_the_sides_of_an_action_space_fold_into_one_line():
    """An 80 × 24 terminal cut a Barrage turn's moves at 38 columns (``place WM1R  (2 eng + 3
    cr: 2 wate…``).  Moves in a row that do the same for different costs, their notations
    differing only in the last letter (a space's two sides), fold into one line that keeps
    each notation and each cost, in order; two spaces that do the same stay apart, and so
    do moves with no cost and effect in brackets and runs already folded (bids)."""
    groups = [
        (1, 1, "construct  (1 eng: build base, conduit or powerhouse; space 1 of 4)"),
        (2, 2, "place WM1L  (1 eng: 2 water, phase 3)"),
        (3, 3, "place WM1R  (2 eng + 3 cr: 2 water, phase 3)"),
        (4, 4, "place CO1L  (1 eng: take 1 contract)"),
        (5, 5, "place CO1R  (1 eng + 3 cr: take 1 contract)"),
        (6, 6, "place CO2L  (1 eng: take 1 contract)"),
        (7, 7, "place MS1L  (1 eng + 2 cr: 1 exc)"),
        (8, 8, "place MS2L  (1 eng + 4 cr: 1 exc or mix)"),
        (9, 9, "pass"),
        (10, 10, "place PO1  (2 eng + 5 cr: tile AT-I-P)"),
        (11, 22, "bank 1…12  (1 cr per eng)"),
        (23, 30, "bid 7…14  (1 cr: plant 6)"),  # a run of numbers already: kept whole
        (31, 31, "bid 15  (1 cr: plant 6)"),
    ]
    assert screen.fold_alike(groups) == [
        (1, 1, "construct  (1 eng: build base, conduit or powerhouse; space 1 of 4)"),
        (2, 3, "place WM1L / WM1R  (1 eng / 2 eng + 3 cr: 2 water, phase 3)"),
        (4, 5, "place CO1L / CO1R  (1 eng / 1 eng + 3 cr: take 1 contract)"),
        (6, 6, "place CO2L  (1 eng: take 1 contract)"),
        (7, 7, "place MS1L  (1 eng + 2 cr: 1 exc)"),
        (8, 8, "place MS2L  (1 eng + 4 cr: 1 exc or mix)"),
        (9, 9, "pass"),
        (10, 10, "place PO1  (2 eng + 5 cr: tile AT-I-P)"),
        (11, 22, "bank 1…12  (1 cr per eng)"),
        (23, 30, "bid 7…14  (1 cr: plant 6)"),
        (31, 31, "bid 15  (1 cr: plant 6)"),
    ]
    # not next to each other in the list: apart
    apart = [
        (1, 1, "place WM1L  (1 eng: 2 water, phase 3)"),
        (3, 3, "place WM1R  (2 eng + 3 cr: 2 water, phase 3)"),
    ]
    assert screen.fold_alike(apart) == apart
