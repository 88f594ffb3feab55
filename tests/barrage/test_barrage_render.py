"""The text view shows what the issue asks for: the map by basin, headstreams,
companies, the management board, the energy track and scores."""

from __future__ import annotations

import random
import re

from barrage_setup import clear_map, conduit, dam, new_game, play, powerhouse


def test_render_shows_map_companies_board_and_energy():
    g = new_game(3)
    clear_map(g)
    dam(g, "B5U", 0, 2, 1)
    conduit(g, "C5L", 1)
    powerhouse(g, "P8_0", 0)
    play(g, "place WS1L")  # USA on the workshop
    text = g.rules.render(g.state, 0)
    assert "Z-5 (river to Z-9)" in text
    assert "B5U* [red]USA[/] height 2 water 1/2" in text  # dam: owner, height, water
    assert "C5L value 3 → Z-8 [bright_black]Germany[/]" in text  # conduit: value, owner
    assert "P8_0 [red]USA[/]" in text  # powerhouse owner
    assert "A (" in text and "waiting" in text  # headstreams
    assert "pieces left: base 5, elevation 5, conduit 5, powerhouse 3" in text
    assert "supply: 6 credits, 6 excavators, 4 mixers · engineers 11/12" in text
    assert "wheel: empty" in text and "contracts: SC-1 (3: 2 credits + 2 energy)" in text
    assert "WS1 rotate the wheel 1:  L 1 eng [red]USA[/]  R 2 eng [dim]free[/dim]" in text
    assert "TS2 production +1:  L 2 eng [dim]blocked[/dim]" in text  # 3 players (B-4.7.1)
    assert "Energy track" in text and "[bold]10 VP[/bold]" in text
    assert "national: NC-" in text and "(13 face down)" in text


def test_B_4_4_the_header_names_the_draft_while_it_lasts():
    """The full game opens with the draft (B-4.4), which the header calls by its name, as
    the phase line of every screen does, not by the phase the draft sits in."""
    g = new_game(2, mode="full")
    header = g.rules.render(g.state, 0).splitlines()[0]
    assert g.rules.phase_name(g.state) == "draft"
    assert header.startswith("[bold]Round 1 of 5[/bold] · draft · ") and "to decide" in header
    for _ in range(4):  # both pairs and both starting contracts
        g.play(g.legal()[0])
    assert g.rules.phase_name(g.state) != "draft"
    assert f"· {g.rules.phase_name(g.state)} · " in g.rules.render(g.state, 0).splitlines()[0]


def test_a_choice_shows_its_cost_and_starts_with_its_notation():
    """B-9.1, B-8.2 step 4 (the red frame, B-0.4), B-10.8: a building site shows its printed
    machinery, the red frame's credits and the tiles that may build there, a contract what
    it needs; the notation comes first, so the text shown starts with what the player types."""

    from turbine.plugins.barrage.decisions import ChooseSite, TakeContracts
    from turbine.plugins.barrage.decisions.words import reward_text

    g = new_game(3, seed=2)
    rnd = random.Random(2)
    seen: set[str] = set()
    while not g.is_over and len(seen) < 2:
        top = g.state.flow.pending[-1] if g.state.flow.pending else None
        if isinstance(top, (ChooseSite, TakeContracts)) and top.kind not in seen:
            seen.add(top.kind)
            for action in g.legal():
                text = g.rules.choice_text(g.state, action)
                notation, _, cost = text.partition("  ")
                assert g.rules.read_action(notation) == action
                if top.kind == "site":
                    assert re.fullmatch(  # its machinery, the red frame, where it is, the tiles
                        r"\(\d+ (exc|mix)( (\+|or) \d+ (exc|mix))*( \+ 3 cr red frame)?; "
                        r"(Z-\d+|value \d, Z-\d+ → Z-\d+|Z-\d+, height \d → \d); tile [\w-]+( or [\w-]+)*\)",
                        cost,
                    ), text
                else:
                    c = g.rules.contracts[action.contract]  # and its reward, in words
                    assert cost == f"(needs {c.requirement} energy: {reward_text(c.reward)})"
        g.play(rnd.choice(g.legal()))
    assert seen == {"site", "take"}


def test_skip_says_what_declining_does():
    """``skip`` is shown with its effect, like every other choice: the water markers left
    unplaced (B-10.4 with the ``optional_parts`` option), the energy that fulfils no
    contract (B-13.3), or, for a decision with no answer at all, that the step passes."""
    from turbine.plugins.barrage.actions import Skip
    from turbine.plugins.barrage.decisions import ChooseContract, PlaceWater

    g = new_game(2)
    pending = g.state.flow.pending
    shown = {}
    for name, decision in {
        "water": PlaceWater(seat=0, markers=2, optional=True, may_stop=True),
        "last marker": PlaceWater(seat=0, markers=1, optional=True, may_stop=True),
        "contract": ChooseContract(seat=0, energy=3, optional=True),
        "no answer": ChooseContract(seat=0, energy=0),
    }.items():
        pending.append(decision)
        shown[name] = g.rules.choice_text(g.state, Skip())
        pending.pop()
    assert shown == {
        "water": "skip  (the 2 markers left are not placed)",
        "last marker": "skip  (the marker left is not placed)",
        "contract": "skip  (fulfil no contract with this energy)",
        "no answer": "skip  (nothing can be chosen now: this step passes)",
    }
