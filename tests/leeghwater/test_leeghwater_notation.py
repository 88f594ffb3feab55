"""What the player reads is what the game accepts: every legal move of seeded games with
the expansion is written in a notation that reads back to the same move, and so is every
line of the numbered menu the command line shows (where ``x use PB-01`` once came out as
``x use PB-1``, which no move matches)."""

from __future__ import annotations

from test_leeghwater_play import greedy_game
from turbine.cli.output import _TRAILING_NUMBER, group_runs
from turbine.core.session import Game
from turbine.plugins.barrage.actions import Ext

GAMES = [(2, 0), (3, 1)]


def menu_moves(text: str, count: int) -> list[str]:
    """The notations one menu line stands for: itself, or the ``count`` moves of a run
    ``stem low…high`` (the numbers written as wide as ``low``)."""
    if count == 1:
        return [text]
    head, _, high = text.partition("…")
    match = _TRAILING_NUMBER.match(head)
    assert match is not None, text
    stem, low = match.group(1), match.group(2)
    assert int(high) - int(low) + 1 == count, text
    return [f"{stem}{n:0{len(low)}d}" for n in range(int(low), int(high) + 1)]


def check_position(game: Game) -> int:
    """Checks the notation and the menu of the position; returns how many Leeghwater ids it showed."""
    rules = game.rules
    legal = game.legal()
    for a in legal:
        assert rules.read_action(rules.describe(a)) == a, rules.describe(a)
    numbered = [(i, rules.describe(a)) for i, a in enumerate(legal, start=1)]
    for first, last, text in group_runs(numbered):
        for offset, shown in enumerate(menu_moves(text, last - first + 1)):
            assert rules.read_action(shown) == legal[first - 1 + offset], (text, shown)
    return sum(1 for a in legal if type(a) is Ext and a.arg.startswith(("PB-", "EW-")))


def test_every_legal_move_and_menu_line_reads_back_to_the_move():
    ids = 0
    for players, seed in GAMES:
        game = greedy_game(players, seed)
        bots = game.make_bots()
        while not game.is_over:
            ids += check_position(game)
            game.play(bots[game.to_move].choose(game.state, game.legal()))
    assert ids > 100  # the games offered external works and buildings by id


def test_a_building_id_keeps_its_leading_zero_in_the_menu():
    moves = [(1, "x use PB-01"), (2, "x use PB-03"), (3, "x build PB-07"), (4, "x build PB-08")]
    assert group_runs(moves) == [(i, i, text) for i, text in moves]
    run = [(1, "x use PB-01"), (2, "x use PB-02"), (3, "x use PB-03")]
    assert group_runs(run) == [(1, 3, "x use PB-01…03")]
    assert menu_moves("x use PB-01…03", 3) == ["x use PB-01", "x use PB-02", "x use PB-03"]
