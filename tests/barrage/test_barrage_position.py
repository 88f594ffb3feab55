"""Barrage positions set up with the builder: what it sets, what it refuses, and that the
game plays on from there (turbine.core.position, plugins/barrage/position.py)."""

from __future__ import annotations

import msgspec
import pytest
from barrage_setup import REGISTRY, legal_text, new_game, play, site
from turbine.core import BadOptions, BadPosition, Game, SaveFileError, TurbineError
from turbine.core.testing import make_game, position
from turbine.plugins.barrage.position import BarragePosition, barrage_position
from turbine.plugins.barrage.tables import NEUTRAL, headstream_tiles

USA, GER, ITA, FRA = range(4)


def test_the_builder_comes_from_the_game_and_an_untouched_position_builds_the_same_game():
    g = new_game(4, seed=3)
    before, legal = g.rules.digest(g.state), legal_text(g)
    pos = position(g)
    assert isinstance(pos, BarragePosition)
    assert pos.build() is g
    assert g.rules.digest(g.state) == before and legal_text(g) == legal


def test_example_production_from_a_built_position():
    """B-11.6.1 (B-22.9) set up with the builder instead of editing the state."""
    g = (
        barrage_position(new_game(4))
        .clear_map()
        .seat(USA)
        .dam("B5U", height=1, water=1)
        .conduit("C5L")
        .powerhouse("P8_0")
        .build()
    )
    assert g.state.players[USA].built == [1, 0, 1, 1]  # the pieces on the map came off its board
    play(g, "place TS3L")
    p = g.state.players[USA]
    assert p.energy == 3 and g.state.dam_water[site(g, "B5U")] == 0
    assert legal_text(g) == ["fulfil SC-1", "skip"]


def test_refusal_names_every_problem_and_leaves_the_game_unchanged():
    g = new_game(4)
    before = g.rules.digest(g.state)
    shown = g.state.display[0][0]
    pos = barrage_position(g)
    pos.seat(ITA).contracts(shown).dam("B5U", height=4, water=9)
    with pytest.raises(BadPosition) as refused:
        pos.build()
    problems = refused.value.problems
    assert f"contract {shown} is both in Italy's hand and in the face-up display" in problems
    assert "the dam on B5U is 4 high: a dam is 1 to 3 high (B-9.2.2)" in problems
    assert any("holds 9 water markers, more than its capacity" in p for p in problems)  # B-12.1.2
    assert g.rules.digest(g.state) == before
    # a user-input error: the command line shows it on one line and exits with 2
    assert isinstance(refused.value, TurbineError) and "\n" not in str(refused.value)


def test_take_moves_a_contract_out_of_the_display():
    g = new_game(4)
    shown = g.state.display[0][0]
    g = barrage_position(g).seat(ITA).contracts(shown, take=True).build()
    assert g.state.players[ITA].contracts == [shown]
    assert shown not in [c for row in g.state.display for c in row]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p.seat(USA).credits(-1), "USA has -1 credits, below 0"),
        (lambda p: p.seat(USA).engineers(13), "USA has 13 engineers; a company has 12 (B-2.2)"),
        (
            lambda p: p.seat(USA).contracts("XX-1"),
            "contract XX-1 is not a contract of this game (in USA's hand)",
        ),
        (lambda p: p.seat(USA).tiles("base", "base"), "USA has its base tile 2 times"),
        (lambda p: p.draws(objective="OT-99"), "objective tile OT-99 is not one of"),
        (lambda p: p.draws(bonus_tiles=["BT-1"] * 5), "bonus tile BT-1 is given 5 times"),
        (lambda p: p.draws(headstream_tiles=["HS-1"]), "1 headstream tiles given; the map has 4 headstreams"),
        (lambda p: p.seat(GER).company("CO-USA"), "company CO-USA is given 2 times"),
        (
            lambda p: p.seat(USA).wheel(0, "", excavators=2),
            "USA's wheel sector 0 holds machinery but no tile",
        ),
    ],
)
def test_inconsistent_positions_are_refused(change, message):
    pos = barrage_position(new_game(4))
    change(pos)
    with pytest.raises(BadPosition) as refused:
        pos.build()
    assert any(p.startswith(message) for p in refused.value.problems), refused.value.problems


def test_more_pieces_than_a_company_board_has_are_refused():
    """B-2.2: 4 powerhouses per company board."""
    pos = barrage_position(new_game(4)).clear_map()
    for ph in ("P8_0", "P8_1", "P9_0", "P9_1", "P10_0"):
        pos.seat(USA).powerhouse(ph)
    with pytest.raises(BadPosition, match="USA has 5 powerhouse pieces on the map; its company board has 4"):
        pos.build()


def test_a_structure_only_where_its_building_space_is():
    pos = barrage_position(new_game(4))
    with pytest.raises(BadPosition, match="B5U is not a conduit building space"):
        pos.seat(USA).conduit("B5U")


def test_chosen_draws_are_used_by_the_game():
    """B-4.1.7, B-4.1.8: the round's bonus tile and the objective; B-4.1.6 headstream tiles."""
    g = new_game(4, seed=5)
    bonus = sorted(g.state.bonus_tiles)
    heads = sorted(g.state.headstream_tiles)
    g = barrage_position(g).draws(bonus_tiles=bonus, objective="OT-1", headstream_tiles=heads).build()
    assert g.state.bonus_tiles == bonus and g.state.objective == "OT-1" and g.state.headstream_tiles == heads


def test_draft_pairs_can_be_chosen_in_the_full_game():
    """B-4.4.2: the pairs offered are the chosen ones."""
    g = new_game(2, mode="full")
    pairs = [("CO-FRA", "EO-GD"), ("CO-GER", "EO-WA")]  # the seed alone offers CO-ITA EO-SJ, CO-USA EO-JM
    g = barrage_position(g).draws(draft_pairs=pairs).build()
    assert sorted(legal_text(g)) == sorted(f"pair {c} {o}" for c, o in pairs)


def test_caches_of_the_old_position_are_reset():
    g = new_game(4)
    assert "place TS3L" not in legal_text(g)  # nothing to produce with
    g = barrage_position(g).clear_map().seat(USA).dam("B5U", 1, 1).conduit("C5L").powerhouse("P8_0").build()
    assert "place TS3L" in [g.rules.describe(a) for a in g.legal()]


def test_a_built_position_is_not_saved():
    g = barrage_position(new_game(2)).seat(USA).credits(20).build()
    with pytest.raises(SaveFileError, match="set by hand"):
        g.to_save()


@pytest.mark.parametrize("mode", ["intro", "full"])
def test_bots_finish_the_game_from_a_built_position_with_every_check_holding(mode):
    """After the build, random bots play to the end; after every move the builder's own
    checks (conservation, heights, capacities, counts) still hold."""
    g = make_game("barrage", players=3, seed=2, options={"mode": mode}, registry=REGISTRY, bots="random")
    pos = barrage_position(g).clear_map()
    pos.neutral_dam("B1U", height=2, water=2).headstream_water("A", 1)
    pos.seat(0).credits(15).excavators(9).dam("B5U", height=2, water=1).conduit("C5L").powerhouse("P8_0")
    g = pos.build()
    assert g.state.dam_owner[site(g, "B1U")] == NEUTRAL
    bots = g.make_bots()
    moves = 0
    while not g.is_over:
        seat = g.to_move
        assert seat is not None
        g.play(bots[seat].choose(g.state, g.legal()))
        moves += 1
        assert barrage_position(g).problems() == [], f"after move {moves}"
    assert moves > 20 and len(g.rules.winner(g.state)) >= 1


# -- the setup draws chosen at game creation (option draws) -----------------------------


def _without(state, *fields):
    data = {k: v for k, v in msgspec.structs.asdict(state).items() if k not in fields}
    return msgspec.json.encode(msgspec.to_builtins(data))


def test_chosen_draws_replace_only_what_they_name():
    """B-4.1.6, B-4.1.7, B-4.1.8: the chosen tiles are on the board; everything else is
    drawn as in the same seed without the option."""
    plain = new_game(3, seed=4)
    draws = {
        "headstream_tiles": ["HS-6", "HS-5", "HS-4", "HS-3"],
        "bonus_tiles": ["BT-5", "BT-4", "BT-3", "BT-2", "BT-1"],
    }
    chosen = new_game(3, seed=4, draws=draws | {"objective": "OT-2"})
    s = chosen.state
    assert s.headstream_tiles == draws["headstream_tiles"] and s.bonus_tiles == draws["bonus_tiles"]
    assert s.objective == "OT-2"
    # round 1's income put water on the chosen headstream tiles (B-6.4): HS-4 gives 1, HS-3 2
    assert s.headstream_water == [headstream_tiles()[t][0] for t in s.headstream_tiles] == [0, 0, 1, 2]
    fields = ("headstream_tiles", "headstream_water", "bonus_tiles", "objective")
    assert _without(s, *fields) == _without(plain.state, *fields)


def test_chosen_draft_is_offered_and_the_game_saves_and_replays(tmp_path):
    """B-4.4.2, B-4.4.3: the pairs and starting contracts offered are the chosen ones."""
    pairs = [["CO-FRA", "EO-GD"], ["CO-GER", "EO-WA"]]
    g = new_game(2, seed=1, mode="full", draws={"draft_pairs": pairs, "draft_contracts": ["SC-2", "SC-4"]})
    assert sorted(legal_text(g)) == ["pair CO-FRA EO-GD", "pair CO-GER EO-WA"]
    play(g, "pair CO-GER EO-WA")
    assert legal_text(g) == ["take SC-2", "take SC-4"]
    play(g, "take SC-4")
    path = tmp_path / "chosen.json"
    g.save(str(path))
    again = Game.load(REGISTRY, str(path))
    assert again.rules.digest(again.state) == g.rules.digest(g.state)


@pytest.mark.parametrize(
    ("draws", "mode", "message"),
    [
        ({"objective": "OT-9"}, "intro", "objective tile OT-9 is not one of"),
        (
            {"bonus_tiles": ["BT-1", "BT-1", "BT-2", "BT-3", "BT-4"]},
            "intro",
            "bonus tile BT-1 is chosen 2 times",
        ),
        ({"bonus_tiles": ["BT-6", "BT-1", "BT-2", "BT-3", "BT-4"]}, "intro", "bonus tile BT-6 is not one of"),
        ({"headstream_tiles": ["HS-1"]}, "intro", "1 headstream tiles chosen; the game draws 4"),
        (
            {"draft_pairs": [["CO-USA", "EO-GD"], ["CO-ITA", "EO-WA"]]},
            "intro",
            "the introductory game has no draft",
        ),
        (
            {"draft_pairs": [["CO-USA", "EO-GD"], ["CO-USA", "EO-WA"]]},
            "full",
            "company CO-USA is chosen 2 times",
        ),
    ],
)
def test_impossible_draws_are_refused(draws, mode, message):
    with pytest.raises(BadOptions, match=f"option draws: .*{message}"):
        new_game(2, mode=mode, draws=draws)
