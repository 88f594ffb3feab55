"""Barrage at the table: the compact turn screen fits, every placement says what it
costs, the automatic steps are said aloud, one action is one log line."""

from __future__ import annotations

import io
import random
import re

import pytest
from barrage_setup import new_game
from rich.console import Console
from turbine.cli import screen
from turbine.core import Game, ParseError, Seat, default_registry
from turbine.plugins.barrage.actions import Bank, Construct


def game(seed: int = 3, expansions: tuple[str, ...] = ()) -> Game:
    return Game(
        default_registry(), "barrage", players=4, seed=seed, options={"mode": "full"}, expansions=expansions
    )


def play_until(g: Game, done, rnd: random.Random, limit: int = 2000) -> None:
    for _ in range(limit):
        if g.is_over or done(g):
            return
        legal = g.legal()
        g.play(legal[rnd.randrange(len(legal))])
    raise AssertionError("not reached")


def screen_lines(g: Game) -> list[str]:
    out = io.StringIO()
    screen.decision(g, Console(file=out, width=100, force_terminal=False))
    return out.getvalue().splitlines()


@pytest.mark.parametrize("expansions", [(), ("leeghwater",)])
def test_the_turn_screen_fits_45_lines_of_100_columns(expansions):
    """A 4-player game in any phase: the panel, the question and the moves fit, and
    no line of the panel (the officer's ability, the contracts held) is cut."""
    for seed in range(2):
        g = game(seed, expansions)
        rnd = random.Random(seed)
        step = 0
        while not g.is_over:
            if step % 3 == 0:
                lines = screen_lines(g)
                assert len(lines) <= screen.SCREEN_LINES, "\n".join(lines)
                assert max(len(line) for line in lines) <= 100, "\n".join(lines)
                panel = lines[: next(i for i, line in enumerate(lines) if line.startswith("Seat "))]
                assert not any(line.endswith("…") for line in panel), "\n".join(panel)  # read whole
                assert re.match(r"Seat \d · ", lines[-1]) is None or "to move" in lines[-1]
            legal = g.legal()
            g.play(legal[rnd.randrange(len(legal))])
            step += 1


@pytest.mark.parametrize("expansions", [(), ("leeghwater",)])
def test_the_draft_screen_shows_every_pair_s_abilities_whole(expansions):
    """B-4.4: the pairs are chosen on their abilities, so the draft's turn screen shows
    each company's and officer's text in full, nothing cut, at 100 columns."""
    g = game(5, expansions)
    assert g.rules.phase_name(g.state) == "draft"
    out = io.StringIO()
    screen.decision(g, Console(file=out, width=100, force_terminal=False))
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 100
    assert not any(line.endswith("…") for line in lines), "\n".join(lines)
    shown = " ".join(" ".join(lines).split())
    for company, officer in g.state.draft_pairs:
        c, o = g.rules.companies[company], g.rules.officers[officer]
        assert f"{c.name} + {o.name}" in shown
        assert f"{c.name}, from its 3rd powerhouse (B-15.1.5): {' '.join(c.text.split())}" in shown
        assert f"{o.name}: {' '.join(o.text.split())}" in shown


def test_the_screen_names_the_seat_its_company_and_the_question():
    g = game()
    play_until(g, lambda g: g.rules.phase_name(g.state) == "actions", random.Random(1))
    seat = g.to_move
    company = g.rules.company(g.state, seat).name
    lines = screen_lines(g)
    ask = next(line for line in lines if line.startswith(f"Seat {seat + 1} · {company} · "))
    assert ask.endswith("place engineers on an action space (B-7)")


def test_placements_say_what_they_cost():
    """B-8.1: the first construction space takes 1 engineer; B-10.5: the Bank pays 1 credit per engineer."""
    g = game()
    play_until(g, lambda g: g.rules.phase_name(g.state) == "actions", random.Random(1))
    shown = {g.rules.describe(a): g.rules.choice_text(g.state, a) for a in g.legal()}
    assert shown["construct"] == "construct  (1 eng: build base, conduit or powerhouse; space 1 of 4)"
    assert shown["bank 2"] == "bank 2  (1 cr per eng)"
    rules = g.rules
    for space in rules.spaces:  # every open space: its engineers and credits as printed (B-10)
        notation = f"place {space.id}"
        if notation in shown:
            cost = f"{space.engineers} eng" + (f" + {space.credits} cr" if space.credits else "")
            assert shown[notation].startswith(f"{notation}  ({cost}: "), shown[notation]


def test_a_construction_is_one_action_and_its_steps_continue_the_turn():
    """B-8.2: placing on a construction space, the structure, the site and the payment are one action."""
    g = game()
    rnd = random.Random(2)
    play_until(g, lambda g: Construct() in g.legal(), rnd)
    g.play(Construct())
    assert g.rules.continues_turn(g.state)  # the structure to build is asked next
    seat = g.log[-1].seat
    while g.to_move == seat and g.rules.continues_turn(g.state):
        g.play(g.legal()[0])
    group = g.actions()[-1] if g.log[-1].seat == seat else g.actions()[-2]
    notations = [g.log[i].notation for i in group]
    assert notations[0] == "construct" and len(notations) >= 2
    assert all(g.log[i].seat == seat for i in group)


def test_the_automatic_steps_are_told():
    """B-17 water, B-18 round scoring (its table agrees with the VP moved), B-19 turn order,
    and answers given because they were the only ones (a forced payment, B-9.1.2)."""
    g = game()
    rnd = random.Random(5)
    told: list[str] = []
    forced = []
    while not any(line.startswith("Round 1 scoring") for line in told):
        before = [p.vp for p in g.state.players]
        legal = g.legal()
        g.play(legal[rnd.randrange(len(legal))])
        told = list(g.told)
        forced += [line for line in told if line.endswith("(the only choice)")]
    assert any(line.startswith("Water flows: ") for line in told)
    assert any(line.startswith("New turn order (least energy first): ") for line in told)
    table = told[next(i for i, line in enumerate(told) if line.startswith("Round 1 scoring")) + 1 :][:4]
    for line in table:
        name = line.split()[0]
        seat = next(s for s in range(4) if g.rules.company(g.state, s).name == name)
        track, bonus = (int(n) for n in re.findall(r"(?:track|bonus tile)\s+(-?\d+)(?: of \d+)? VP", line))
        zero = -3 if "for no energy" in line else 0  # B-18.3.2
        assert g.state.players[seat].vp - before[seat] == track + bonus + zero, line
    assert forced, "a forced answer is said"


def test_views_and_their_errors():
    g = game()
    play_until(g, lambda g: g.rules.phase_name(g.state) == "actions", random.Random(1))
    rules = g.rules
    assert set(rules.views()) == {"map", "company", "actions", "contracts", "energy", "network"}
    for name in rules.views():
        assert rules.render_view(g.state, 0, name).strip()
    one = rules.render_view(g.state, 0, "company", "2")
    assert rules.company(g.state, 1).name in one and rules.company(g.state, 0).name not in one.split("·")[0]
    with pytest.raises(ParseError, match="seat number from 1 to 4"):
        rules.render_view(g.state, 0, "company", "9")
    with pytest.raises(ParseError):
        rules.render_view(g.state, 0, "nothing")


def test_the_bank_run_folds_with_its_cost():
    g = game()
    play_until(
        g, lambda g: Bank(3) in g.legal() and g.rules.phase_name(g.state) == "actions", random.Random(1)
    )
    from turbine.cli.output import move_groups

    banks = [text for _, _, text in move_groups(g) if text.startswith("bank")]
    assert len(banks) == 1 and re.fullmatch(r"bank 1…\d+  \(1 cr per eng\)", banks[0])


def test_the_announcer_says_one_line_per_action():
    """B-8.2: construct, the structure, the site and the payment are said as one action,
    the answers given because they were the only ones under it."""
    from turbine.cli.common import play_move

    g = game()
    rnd = random.Random(2)
    play_until(g, lambda g: Construct() in g.legal(), rnd)
    out = io.StringIO()
    announcer = screen.Announcer(g, Console(file=out, width=100, force_terminal=False))
    seat = g.to_move
    announcer.moved(play_move(g, Construct()))
    while g.to_move == seat and g.rules.continues_turn(g.state):
        announcer.moved(play_move(g, g.legal()[0]))
    announcer.flush()
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(f"Seat {seat + 1} · {g.rules.company(g.state, seat).name} · ")
    assert ": construct · build " in lines[0] and " · at " in lines[0]
    assert all(line.startswith("    ") for line in lines[1:])  # what the automatic steps did


def test_the_turn_screen_fits_at_every_construction_and_production_step():
    """The steps whose answers now say their cost (B-8.2, B-11.2, B-13.3): 4 players, the
    greedy bot building and producing, at most 45 lines of at most 100 columns."""
    from test_barrage_menus import menus

    watched = ("structure", "site", "tile", "pay", "produce", "repeat", "amount", "contract", "free_site")
    seen = set()
    for g, kind, _ in menus((), range(3)):
        if kind not in watched:
            continue
        seen.add(kind)
        lines = screen_lines(g)
        assert len(lines) <= screen.SCREEN_LINES, "\n".join(lines)
        assert max(len(line) for line in lines) <= 100, "\n".join(lines)
    assert {"structure", "site", "tile", "produce", "amount"} <= seen


def test_the_network_view_of_the_seat_to_move():
    """B-11.1: the seat to move's dams and where they lead, as ``network`` shows it."""
    g = game()
    play_until(g, lambda g: g.rules.phase_name(g.state) == "actions", random.Random(1))
    seat = g.to_move
    text = g.rules.render_view(g.state, seat, "network")
    assert text.startswith(f"Network of {g.rules.company(g.state, seat).name} ({g.seats[seat].name}): ")
    other = (seat + 1) % 4
    assert g.rules.render_view(g.state, seat, "network", str(other + 1)).startswith(
        f"Network of {g.rules.company(g.state, other).name} ({g.seats[other].name}): "
    )


def test_a_forced_answer_too_long_for_the_log_keeps_its_first_words():
    """A forced payment is told with its cost: the credits first (a red frame's too, which
    the move's ``c`` does not count), then as many of its other details as fit in the log's
    width, the last ones dropped first; the move alone when not even the first fits."""
    from turbine.plugins.barrage import narration

    g = game()
    told: list[str] = []
    g.rules.tell = told.append  # type: ignore[method-assign]
    words = "3 credits red frame; wheel: 2 mixers + tile base; left 1e 4m 13c"
    narration.forced(g.rules, g.state, 0, f"pay 0e 2m 0c  ({words})")
    narration.forced(g.rules, g.state, 0, "pay 0e 2m 0c  (" + "x" * 100 + ")")
    narration.forced(
        g.rules, g.state, 0, "pay 0e 2m 0c  (3 credits red frame; wheel: 2 mixers + tile base; x)"
    )
    narration.forced(g.rules, g.state, 0, "pay 0e 2m 0c  (3 credits red frame; wheel: 1 mixer + tile + dam)")
    kept = "Player 1: pay 0e 2m 0c  (3 credits red frame; wheel: 2 mixers + tile base) (the only choice)"
    assert told == [
        kept,
        "Player 1: pay 0e 2m 0c (the only choice)",
        kept,  # 93 columns: one too many
        "Player 1: pay 0e 2m 0c  (3 credits red frame; wheel: 1 mixer + tile + dam) (the only choice)",
    ]
    assert len(told[-1]) == narration.FORCED_WIDTH  # exactly the width: kept whole
    assert all(len(line) <= narration.FORCED_WIDTH for line in told)


def test_the_screen_names_the_players_before_and_after_the_draft():
    """Before the draft a seat is its player (``choosing order: Anna, Ben, …``); after it,
    its company, with the player beside it in the panel's lines."""
    names = ["Anna", "Ben", "Cleo", "Dan"]
    g = Game(
        default_registry(),
        "barrage",
        players=4,
        seed=3,
        options={"mode": "full"},
        seats=[Seat(name) for name in names],
    )
    lines = screen_lines(g)
    assert any(line.strip().startswith("choosing order: Anna, Ben, Cleo, Dan (") for line in lines)
    play_until(g, lambda g: g.rules.phase_name(g.state) == "actions", random.Random(1))
    seat = g.to_move
    lines = screen_lines(g)
    company = g.rules.company(g.state, seat).name
    assert any(line.startswith(f"  {company} ") and f" · {names[seat]} · " in line for line in lines)
    start = next(i for i, line in enumerate(lines) if line.startswith("Others ("))
    others = [other for other in g.state.turn_order if other != seat]
    assert [line.split(": ")[0].strip() for line in lines[start + 1 : start + 4]] == [
        f"{g.rules.company(g.state, other).name} ({names[other]})" for other in others
    ]


def test_a_win_on_the_tie_break_says_so():
    """B-20.5: two companies on the same VP; the one with more energy in round 5 wins, and
    the line that names the winner says what broke the tie."""
    from turbine.cli import output

    g = Game(default_registry(), "barrage", players=2, seed=1, seats=[Seat("Anna"), Seat("Ben")])
    for player, energy in zip(g.state.players, (4, 9), strict=True):
        player.vp, player.energy = 38, energy
    assert g.rules.winner(g.state) == [1]
    assert output.winners_line(g) == (
        "Winner: Seat 2 · Ben (tied on VP with Seat 1 · Anna; the tie-break: most energy in round 5 "
        "(B-20.5); still tied, the win is shared)"
    )
    g.state.players[1].energy = 4
    assert output.winners_line(g) == "Shared win: Seat 1 · Anna, Seat 2 · Ben"


def test_a_view_that_takes_nothing_refuses_what_follows_its_name():
    """``map zzz`` showed the whole map, as if ``zzz`` meant something."""
    g = game()
    with pytest.raises(ParseError, match="'map zzz': the map view takes nothing after its name"):
        g.rules.render_view(g.state, 0, "map", "zzz")
    assert g.rules.render_view(g.state, 0, "map", "")


def test_the_energy_track_says_1_credit():
    """B-18.3: 1 energy is worth 1 credit (it said ``1 credits``); 2 are worth 2 credits."""
    g = game()
    g.state.players[0].energy, g.state.players[1].energy = 1, 2
    track = g.rules.render_view(g.state, None, "energy", "")
    assert "1: now worth 1 credit," in track and "2: now worth 2 credits," in track


def test_an_income_says_what_each_board_pays_and_the_choice_still_to_make():
    """B-6.2: the income line says what each company's board pays, in its words
    (``Italy 1 machinery``): it gave the net counts, which credited an income of ``rotate
    1`` with the 2 mixers the turned wheel gave back; a conduit row's machinery is chosen
    after the income is paid, and that choice ahead is said."""
    from turbine.core.testing import make_game

    g = make_game("barrage", players=3, seed=5, bots="greedy")
    bots = g.make_bots()
    said: list[str] = []
    while not g.is_over and not said:
        g.play(bots[g.to_move].choose(g.state, g.legal()))
        if any(line.startswith("Round 2 income: ") for line in g.told):
            said = list(g.told)
            assert g.rules.question(g.state) == "which machinery to take from the income"
    income = next(line for line in said if line.startswith("Round 2 income: "))
    assert income == "Round 2 income: Italy 1 machinery"
    assert said[-1] == "Italy has a choice to make (which machinery to take from the income)"


def test_an_income_that_turns_a_wheel_is_said_as_the_turn():
    """B-6.2, B-8.4.1: ``rotate 1`` is the income; what the wheel gives back follows it."""
    from turbine.core.testing import make_game

    g = make_game("barrage", players=2, seed=1, options={"mode": "intro"})
    seat = g.state.turn_order[0]
    rotate_1 = (((0, (("rotate", 1, 0, ()),)),), (), ())  # row 1: from no piece built, rotate 1
    g.rules.income_of = lambda state, s: rotate_1 if s == seat else ((), (), ())
    with g.rules.narrating() as told:
        g.rules._income(g.state)
    name = g.rules.company(g.state, seat).name
    assert told[0] == f"Round 1 income: {name} rotate 1"
    assert told[1].startswith(f"{name}'s wheel turns 1 sector")


def test_what_a_turn_of_the_wheel_gives_back_is_said():
    """B-8.4.1: a sector that opens returns its tile and machinery; said, so that a
    payment's figures (``excavators 5 → 4`` after paying 4) read right."""
    from turbine.core.testing import make_game

    g = make_game("barrage", players=3, seed=5, bots="greedy")
    bots = g.make_bots()
    said = []
    while not g.is_over and not said:
        before = [(p.excavators, p.mixers, list(p.tiles)) for p in g.state.players]
        g.play(bots[g.to_move].choose(g.state, g.legal()))
        said = [line for line in g.told if "'s wheel gives back " in line]
    assert said and said[0].endswith("(B-8.4.1)")
    company = said[0].split("'s wheel")[0]
    seat = next(s for s in range(3) if g.rules.company(g.state, s).name == company)
    assert before[seat] != (
        g.state.players[seat].excavators,
        g.state.players[seat].mixers,
        g.state.players[seat].tiles,
    )


def test_a_turn_of_the_wheel_returns_what_its_opening_sector_held():
    """B-8.4.1: what comes back is returned, tiles and machinery, for the rules to say it."""
    from turbine.plugins.barrage import construction
    from turbine.plugins.barrage.state import Player

    p = Player("CO-USA", "EO-WA", tiles=["base", "joker"])
    construction.load(p, "base", 4, 0)
    assert construction.rotate(p, 1) == construction.Returned([], 0, 0)
    assert construction.rotate(p, 5) == construction.Returned(["base"], 4, 0)


def test_water_that_flows_at_once_is_said_where_it_stops():
    """B-12: a marker placed to flow now, or released by a production, is said where it
    stops (a dam, and whose) or that it left the map; the menu said it for a person's choice,
    nothing said it for a bot's."""
    from turbine.core.testing import make_game

    g = make_game("barrage", players=3, seed=5, bots="greedy")
    bots = g.make_bots()
    said: list[str] = []
    while not g.is_over and not any(line.startswith("The released water") for line in said):
        g.play(bots[g.to_move].choose(g.state, g.legal()))
        said += [line for line in g.told if line.startswith(("The water flows: ", "The released water"))]
    assert said[0] == "The water flows: 1 to B8L (neutral) (B-12)"
    assert said[-1].startswith("The released water flows on: ") and said[-1].endswith(" (B-12)")


def test_the_tile_taken_at_the_patent_office_is_named():
    """B-10.9.1: ``place PO2`` names a space; what it held is said, with what the tile does."""
    from turbine.core.testing import make_game

    g = make_game("barrage", players=3, seed=5, bots="greedy")
    bots = g.make_bots()
    g.play(bots[g.to_move].choose(g.state, g.legal()))
    while not g.is_over and not g.log[-1].notation.startswith("place PO"):
        g.play(bots[g.to_move].choose(g.state, g.legal()))
    seat = g.log[-1].seat
    taken = g.state.players[seat].tiles[-1]
    assert f"{g.rules.company(g.state, seat).name} takes {taken} from the Patent Office: " in g.told[0]


def test_an_income_uncovered_by_a_build_and_a_wheel_turned_by_an_income_are_said():
    """B-6.2.4: the income a piece uncovers is paid at once; said, with the piece (it showed
    only as a change of counts).  B-8.5: an income's or a reward's turn of the wheel is said
    even when nothing comes back (the tile only got nearer)."""
    from turbine.core.testing import make_game

    g = make_game("barrage", players=3, seed=5, bots="greedy")
    bots = g.make_bots()
    uncovered: list[str] = []
    turned: list[str] = []
    while not g.is_over and not (uncovered and turned):
        built = [list(p.built) for p in g.state.players]
        g.play(bots[g.to_move].choose(g.state, g.legal()))
        said = [line for line in g.told if line.startswith("Income uncovered by the ")]
        if said and not uncovered:
            uncovered = said
            structure = said[0].split("Income uncovered by the ")[1].split(",")[0]
            company = said[0].split(": ")[1].split(" ")[0]
            seat = next(s for s in range(3) if g.rules.company(g.state, s).name == company)
            row = ("base", "elevation", "conduit", "powerhouse").index(structure)
            assert g.state.players[seat].built[row] == built[seat][row] + 1
            assert said[0].split("paid at once (B-6.2.4): ")[1].startswith(company)
            assert "a choice to make" not in said[0]  # the income itself: "1 machinery", "rotate 1"
        turned = turned or [line for line in g.told if "'s wheel turns 1 sector" in line]
    assert uncovered and turned
    assert turned[0].endswith("; nothing comes back (B-8.5)") or turned[0].endswith("(B-8.4.1)")


def test_B_18_4_the_bonus_tile_says_the_energy_for_its_full_value_and_what_was_lost():
    """B-18.4.2: the tile pays in full from 6 × the round's energy, 4 VP less per 6 short,
    nothing under 6. A company that scored 0 of 8 used to read only 'bonus tile 0 VP'."""
    from turbine.plugins.barrage import scoring

    g = new_game(2)
    rules, state = g.rules, g.state
    assert "in full from 6 energy" in rules.turn_view(state, 0)
    state.players[0].built = [2, 2, 2, 2]  # two of each structure: whatever the tile counts
    state.players[0].energy = 0
    state.players[1].energy = 7
    tile = state.bonus_tiles[0]
    vp_each, counts, _ = rules.bonus_table[tile]
    full = vp_each * scoring.bonus_count(rules, state, 0, counts)
    assert full > 0, tile
    with rules.narrating() as told:
        scoring.score_round(rules, state)
    assert told[0] == f"Round 1 scoring (energy track, bonus tile {tile} in full from 6 energy):"
    mine = next(line for line in told if line.strip().startswith(rules.company(state, 0).name))
    assert mine.endswith(f"bonus tile 0 of {full} VP")


def test_the_workshop_s_turn_and_water_from_the_supply_are_said():
    """B-10.6: ``place WS1L`` turned the wheel with nothing said when nothing came back (an
    income's turn is said); B-12.2.3: AT-I-B's water in front of a dam showed only on the map."""
    from turbine.core.testing import make_game

    g = make_game("barrage", players=2, seed=1, options={"mode": "intro"})
    seat = g.to_move
    name = g.rules.company(g.state, seat).name
    g.play(g.find("place WS1L"))
    assert f"{name}'s wheel turns 1 sector; nothing comes back (B-8.5)" in g.told
    from turbine.plugins.barrage.tables import NEUTRAL

    dam = next(d for d, owner in enumerate(g.state.dam_owner) if owner == NEUTRAL)
    with g.rules.narrating() as told:
        g.rules.place_water(g.state, dam, 1)
    assert told == [
        f"1 water from the supply in front of {g.rules.board.dams[dam].id} (neutral), now "
        f"{g.state.dam_water[dam]} (B-12.2.3)"
    ]


def test_the_patent_office_refresh_is_said():
    """B-19.5: the tiles left on display leave the game and three are revealed; nothing
    said it, the display changed between two screens."""
    from turbine.core.testing import make_game

    g = make_game("barrage", players=2, seed=3, bots="greedy")
    bots = g.make_bots()
    while not g.is_over and not any(line.startswith("Patent Office (B-19.5): ") for line in g.told):
        before = [tile for tile in g.state.patent_display if tile]
        g.play(bots[g.to_move].choose(g.state, g.legal()))
    line = next(line for line in g.told if line.startswith("Patent Office (B-19.5): "))
    shown = ", ".join(tile for tile in g.state.patent_display if tile)
    gone = f"{', '.join(before[:-1])}{' and ' if len(before) > 1 else ''}{before[-1]}" if before else ""
    assert line.endswith(f"now offered: {shown}")
    assert not before or f"{gone} {'leaves' if len(before) == 1 else 'leave'} the game; " in line
