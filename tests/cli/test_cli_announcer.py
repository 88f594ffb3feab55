"""One line per player action: the answers the rules gave for the acting player because
they were the only ones are steps of the action, folded into its line."""

from __future__ import annotations

import itertools
import random

import pytest
from table_screens import LEEGHWATER, POWER_GRID, Table, console
from turbine.cli import output, screen
from turbine.cli.common import Moved, play_move
from turbine.core import Game


def announced(game: Game, *moves: Moved, width: int = 200) -> list[str]:
    out, buffer = console(width)
    announcer = screen.Announcer(game, out)
    for moved in moves:
        announcer.moved(moved)
    announcer.flush()
    return buffer.getvalue().splitlines()


def at_the_actions() -> tuple[Game, int]:
    """A Leeghwater game played at random until its first placement, and the seat to place."""
    game = LEEGHWATER.game()
    rnd = random.Random(0)
    while game.rules.phase_name(game.state) != "actions":
        game.play(game.legal()[rnd.randrange(len(game.legal()))])
    seat = game.to_move
    assert seat is not None
    return game, seat


def test_forced_answers_right_after_the_move_join_its_line():
    """Power Grid P-7.5: a plant with one possible fuel mix burns it without asking."""
    game = POWER_GRID.game()
    told = [
        "Seat 1: burns 2 oil (the only choice)",
        "Seat 1: burns 1 coal (the only choice)",
        "Seat 1 powers 2 cities: +22 Elektro, now 39 (T-1, P-7.5)",
        "Seat 1: returns 1 coal to the reserve (the only choice)",
        "Seat 2: burns 2 coal (the only choice)",
    ]
    lines = announced(game, Moved(0, "power 5 8", False, told))
    assert lines == [
        "Seat 1 · Player 1: power 5 8 · burns 2 oil · burns 1 coal (last 2: only choices)",
        "    Seat 1 powers 2 cities: +22 Elektro, now 39 (T-1, P-7.5)",
        # after another automatic step, and another player's: said where they happened
        "    Seat 1: returns 1 coal to the reserve (the only choice)",
        "    Seat 2: burns 2 coal (the only choice)",
    ]


def test_a_forced_answer_after_a_further_step_joins_the_same_line():
    """B-8.2: the company's name says whose answer it is once the draft has named one."""
    game, seat = at_the_actions()
    company = game.rules.seat_name(game.state, seat)
    lines = announced(
        game,
        Moved(seat, "construct", False, []),
        Moved(seat, "build base", True, []),
        Moved(seat, "at B1U", True, [f"{company}: tile base (the only choice)"]),
        Moved(seat, "pay 5e 0m 0c", True, ["Water flows: none"]),
    )
    assert lines[0].endswith(": construct · build base · at B1U · tile base (only choice) · pay 5e 0m 0c")
    assert lines[1:] == ["    Water flows: none"]


@pytest.mark.parametrize(
    "table", [Table("barrage", 3), Table("barrage", 4, expansions=("leeghwater",)), Table("power_grid", 3)]
)
def test_no_action_line_is_followed_by_its_own_forced_answer(table):
    """In a whole game between random players, no answer the rules gave the acting player
    right after their move is left on a line of its own; some were folded."""
    game = table.game()
    rnd = random.Random(table.seed)
    out, buffer = console(400)
    announcer = screen.Announcer(game, out)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal()
        moved = play_move(game, legal[rnd.randrange(len(legal))])
        announcer.moved(moved)
    announcer.flush()
    lines = buffer.getvalue().splitlines()
    folded = [line for line in lines if line.endswith(("(only choice)", ": only choices)"))]
    assert folded and all(not line.startswith(" ") for line in folded)
    for action, after in itertools.pairwise(lines):
        if action.startswith(" ") or not after.startswith("    "):
            continue
        match = output.FORCED.match(after.strip())
        label = action.split(": ", 1)[0]
        if match is not None:  # another player's answer, never the acting one's
            who = match.group("who")
            assert who not in label.split(" · ") and who.lower() != label.split(" · ")[0].lower(), (
                action,
                after,
            )


def test_an_action_of_several_steps_is_summed_up_in_the_counts_it_moved():
    """B-11.2 step 7: a production through another's conduit pays its owner 1 credit and
    gives them 1 VP per marker, which no step's notation says: the counts that moved are
    said under the action, each seat named by its company, as a replay says them."""
    game, seat = at_the_actions()
    other = (seat + 1) % game.players
    names = [f"{game.rules.seat_name(game.state, s)} · {game.seats[s].name}" for s in range(game.players)]
    before = {"VP": [10] * game.players, "credits": [6] * game.players}
    after = {"VP": [10] * game.players, "credits": [6] * game.players}
    after["credits"][seat], after["credits"][other], after["VP"][other] = 4, 8, 12
    lines = announced(
        game,
        Moved(seat, "place TS1L", False, [], before, before),
        Moved(seat, "produce B9L C9R", True, [], before, before),
        Moved(seat, "water 2", True, [], before, after),
    )
    first, second = sorted((seat, other))
    said = {
        seat: "credits 6 → 4 (−2)",
        other: "VP 10 → 12 (+2), credits 6 → 8 (+2)",
    }
    assert lines[1:] == [f"    seat {s + 1} ({names[s]}): {said[s]}" for s in (first, second)]


def test_the_mover_s_counts_are_always_summed_up_and_another_s_where_no_line_told_them():
    """A person's own move of one step is summed up too: a menu line cut at 80 columns did
    not say the 4 energy a Leeghwater building gave (``x use PB-05`` was said alone), and
    ``Germany's wheel gives back …`` did not say the 3 credits its red frame cost.  Power
    Grid tells who buys a plant at an auction's end (P-4.7): that seat's counts, another's
    than the mover's, are not said twice; one step that moved another seat's counts untold
    is summed up."""
    game = POWER_GRID.game()
    before = {"money": [50, 50, 50]}
    lines = announced(game, Moved(0, "buy coal", False, [], before, {"money": [47, 50, 50]}))
    assert lines == ["Seat 1 · Player 1: buy coal", "    seat 1 (Player 1): money 50 → 47 (−3)"]
    told = ["Player 1's wheel gives back the conduit tile (B-8.4.1)"]
    lines = announced(game, Moved(0, "x build PB-05", False, told, before, {"money": [47, 50, 50]}))
    assert lines[1:] == [f"    {told[0]}", "    seat 1 (Player 1): money 50 → 47 (−3)"]
    told = ["Seat 2 buys plant 7 (3 oil → 2 cities) for 13 Elektro"]
    lines = announced(game, Moved(0, "drop out", False, told, before, {"money": [50, 37, 50]}))
    assert lines == ["Seat 1 · Player 1: drop out", f"    {told[0]}"]
    lines = announced(game, Moved(0, "bid 9", False, [], before, {"money": [50, 37, 50]}))
    assert lines == ["Seat 1 · Player 1: bid 9", "    seat 2 (Player 2): money 50 → 37 (−13)"]


def test_counts_the_told_lines_do_not_name_are_still_summed_up():
    """A production that pays a conduit fee to another company (B-11.2) was told only as
    'The released water flows on…': the fee went unsaid. The seats the told lines name
    keep their lines alone; the others' counts follow."""
    game = POWER_GRID.game()
    told = ["The released water flows on: 1 to B10L (neutral) (B-12)"]
    before = {"money": [50, 50, 50]}
    lines = announced(game, Moved(2, "produce", False, told, before, {"money": [50, 51, 48]}))
    assert lines == [
        "Seat 3 · Player 3: produce",
        f"    {told[0]}",
        "    seat 2 (Player 2): money 50 → 51 (+1)",
        "    seat 3 (Player 3): money 50 → 48 (−2)",
    ]
    told = ["Player 2 gets 1 credit and 1 VP for the conduit"]
    lines = announced(game, Moved(2, "produce", False, told, before, {"money": [50, 51, 48]}))
    assert lines[2:] == ["    seat 3 (Player 3): money 50 → 48 (−2)"]


def test_a_bot_s_one_step_move_is_said_with_what_it_cost():
    """A person saw ``buy coal``'s price on the menu; a bot's purchase (P-5) was said as
    ``buy oil`` three times, its price nowhere."""
    game = POWER_GRID.game()
    game.hand_over(0, "greedy")
    before = {"money": [50, 50, 50]}
    lines = announced(game, Moved(0, "buy oil", False, [], before, {"money": [47, 50, 50]}))
    # the seat a bot took over is said as the log says it (a person's seat played by greedy)
    assert lines == ["Seat 1 · Player 1 (by greedy): buy oil", "    seat 1 (Player 1): money 50 → 47 (−3)"]
    # said as its menu said it, with its price: the counts would say it twice
    costed = Moved(0, "buy oil  (3 Elektro)", False, [], before, {"money": [47, 50, 50]}, costed=True)
    assert announced(game, costed) == ["Seat 1 · Player 1 (by greedy): buy oil  (3 Elektro)"]
    forced = costed._replace(told=["Player 1: return coal  (to the reserve) (the only choice)"])
    assert announced(game, forced)[1:] == ["    seat 1 (Player 1): money 50 → 47 (−3)"]  # two steps
    fee = costed._replace(after={"money": [47, 51, 50]})  # another seat's counts moved: said
    assert announced(game, fee)[1:] == [
        "    seat 1 (Player 1): money 50 → 47 (−3)",
        "    seat 2 (Player 2): money 50 → 51 (+1)",
    ]


def test_an_answer_given_for_a_player_named_like_markup_is_folded():
    """The rules tell an only answer under the player's name as typed (plain text), and
    the announcer knows it for that seat's, even for a name such as ``[b]Ann[/b]``."""
    from turbine.core import Seat, default_registry

    game = Game(default_registry(), "power_grid", players=2, seed=1, seats=[Seat("[b]Ann[/b]"), Seat("Ben")])
    told = ["[b]Ann[/b]: burn 2 coal (the only choice)", "Ben: burn 1 oil (the only choice)"]
    money = {"money": [50, 50]}
    lines = announced(game, Moved(0, "power 4", False, told, money, money))
    assert lines == ["Seat 1 · [b]Ann[/b]: power 4 · burn 2 coal (only choice)", f"    {told[1]}"]


def test_the_logs_give_an_action_with_the_answers_the_rules_gave_for_it(capsys):
    """``construct`` then the tile and the payment, each the only choice: the table said
    them folded into the action's line, and now so do the log (``log`` at the table),
    the replay's log and the stepper's, without what each cost."""
    game, _ = at_the_actions()
    rnd = random.Random(1)
    for _ in range(150):  # into the constructions, where the rules answer alone
        if game.is_over:
            break
        game.play(game.legal()[rnd.randrange(len(game.legal()))])
    told = game.told_by_entry()
    assert len(told) == len(game.log)
    folded = [
        (i, forced)
        for i, lines in enumerate(told)
        if (forced := output.forced_answers(game, game.log[i].seat, lines)[0])
    ]
    assert folded, "a game of random moves has answers the rules gave alone"
    index, forced = folded[0]
    entry = game.log[index]
    line = output.log_entry_line(game, index + 1, entry, told[index]).plain
    expected = " · ".join(answer.split("  (")[0] for answer in forced)
    tag = "(only choice)" if len(forced) == 1 else f"(last {len(forced)}: only choices)"
    assert line.endswith(f"{entry.notation} · {expected} {tag}")
    output.log(game)  # the replay's log: the same lines (wrapped at the console's width)
    assert " ".join(line.split()) in " ".join(capsys.readouterr().out.split())


def test_the_logs_say_an_answer_the_rules_gave_another_seat_under_the_move(capsys):
    """The last seat's pair in a draft is no move of the log's: the rules give it, as the
    only choice, after the others' picks; the logs say it under the move it followed."""
    game = LEEGHWATER.game()
    while game.rules.phase_name(game.state) != "actions":
        game.play(game.legal()[0])
    told = game.told_by_entry()
    after = [
        (i, line)
        for i, lines in enumerate(told)
        for line in output.forced_answers(game, game.log[i].seat, lines)[1]
        if output.FORCED.match(line)  # an answer given to another seat, not an income or the like
    ]
    assert after, "the last seat's draft is given by the rules"
    output.log(game)
    shown = capsys.readouterr().out.splitlines()
    index, said = after[0]
    at = next(n for n, line in enumerate(shown) if line.startswith(f"{index + 1:>4}. "))
    assert said in " ".join(part.strip() for part in shown[at + 1 : at + 3])


def test_an_answer_forced_again_and_again_is_said_once_with_its_count():
    """A discarded plant's three coal were said ``returns 1 coal to the reserve`` three times."""
    from turbine.cli.output import forced_text

    said = forced_text(["return coal  (to the reserve)"] * 3 + ["keep oil"], notation_only=True)
    assert said == "return coal ×3 · keep oil (last 2: only choices)"
    assert forced_text(["pay 3e  (3 excavators)"]) == "pay 3e  (3 excavators) (only choice)"


def test_the_announcer_counts_the_lines_it_said():
    """The table keeps the last lines said in view above a short terminal's next screen."""
    game = POWER_GRID.game()
    before = {"money": [50, 50, 50]}
    out, buffer = console(40)
    announcer = screen.Announcer(game, out)
    announcer.moved(Moved(0, "buy oil and a very long name", False, ["one told line"], before, before))
    announcer.flush()
    assert announcer.said() == len(buffer.getvalue().splitlines()) > 2  # the move wrapped at 40
    assert announcer.said() == 0  # taken: counted again from there


def test_an_undo_within_an_action_keeps_its_first_steps_in_what_is_said():
    """``place WM1L · headstream A``, the marker taken back, then ``headstream C``: the
    action was said as ``headstream C · …`` alone, without its placement."""
    from turbine.core import Seat, default_registry

    seats = [Seat("A"), Seat("B")]
    game = Game(default_registry(), "barrage", players=2, seed=1, options={"mode": "intro"}, seats=seats)
    out, buffer = console(200)
    announcer = screen.Announcer(game, out)
    for text in ("place WM1L", "headstream A"):
        announcer.moved(play_move(game, game.find(text), by="human"))
    game.rewind(len(game.log) - 1)  # 'undo': the marker back
    announcer.taken_back(len(game.log))
    while game.rules.continues_turn(game.state):
        announcer.moved(play_move(game, game.legal()[-1], by="human"))
    announcer.flush()
    said = buffer.getvalue().splitlines()[0]
    assert said.startswith(f"{output.seat_label(game, 0)}: place WM1L · headstream ")
    assert "headstream A · " not in said
    game.rewind(0)
    announcer.moved(play_move(game, game.find("place WM1L"), by="human"))
    announcer.taken_back(0)  # the whole action back: nothing of it is said
    announcer.flush()
    assert buffer.getvalue().count("place WM1L") == 1


def test_a_move_that_ends_a_round_is_not_summed_with_the_round_s_scoring():
    """``bank 1`` ending the round was followed by ``VP 1 → 16 (+15)``: the round's scoring,
    which the game tells, summed into the move's own counts."""
    before = {"VP": [1, 5]}
    after = {"VP": [16, 5]}
    game = POWER_GRID.game()
    out, buffer = console(100)
    announcer = screen.Announcer(game, out)
    announcer.moved(Moved(0, "bank 1", False, ["Round 4 scoring: …"], before, after, ended_round=True))
    announcer.flush()
    assert "VP 1 → 16" not in buffer.getvalue()
    announcer.moved(Moved(0, "bank 1", False, ["something"], before, after))
    announcer.flush()
    assert "VP 1 → 16 (+15)" in buffer.getvalue()  # within a round: the counts it moved
