"""The full game: draft and turn order (B-4.4, B-4.5), setup (B-4.1.7, B-4.1.12, B-4.2.6),
the Patent Office (B-10.9, B-14.5, B-19.5), conformance and perft anchors."""

from __future__ import annotations

import json
from pathlib import Path

from barrage_full_setup import blank, drafted, to_move
from barrage_setup import REGISTRY, forget_legal, legal_text, new_game, play
from turbine.core import Game
from turbine.core.savefile import Seat
from turbine.core.testing import check_variant, legal_counts
from turbine.plugins.barrage import patent_office
from turbine.plugins.barrage.technology import advanced_stacks

FULL = {"mode": "full"}
COUNTS = Path(__file__).with_name("perft_counts_full.json")
DECISIONS = 60
CASES = [(2, 1), (3, 2), (4, 3), (4, 7)]


def test_B_1_3_full_is_the_default_mode():
    g = Game(REGISTRY, "barrage", players=2, seed=0)
    assert g.rules.full and g.state.flow.pending[-1].kind == "pair"


def test_B_4_4_draft_in_seat_order_and_B_4_5_1_reverse_turn_order():
    """Rules: B-4.4.1, B-4.4.2, B-4.4.3, B-4.4.5, B-4.5.1, B-22.30, B-4.6."""
    g = new_game(4, seed=3, mode="full")
    s = g.state
    assert s.draft_order == [0, 1, 2, 3]
    assert len(s.draft_pairs) == 4 and len({c for c, _ in s.draft_pairs}) == 4
    assert len({o for _, o in s.draft_pairs}) == 4
    assert len(s.draft_contracts) == 4 and all(c.startswith("SC-") for c in s.draft_contracts)
    for seat in range(3):  # the last seat's single pair and contract are taken for it
        assert g.to_move == seat
        moves = legal_text(g)
        assert len(moves) == 4 - seat and all(m.startswith("pair ") for m in moves)
        play(g, moves[-1])
        moves = legal_text(g)
        assert len(moves) == 4 - seat and all(m.startswith("take SC-") for m in moves)
        play(g, moves[0])
    assert s.turn_order == [3, 2, 1, 0]  # the first chooser plays last (B-22.30)
    assert not s.draft_pairs and not s.draft_contracts
    assert len({p.company for p in s.players}) == 4 and all(len(p.contracts) == 1 for p in s.players)
    assert g.to_move == 3 and legal_text(g)[0] == "construct"


def test_B_4_4_4_random_first_chooser_option():
    firsts = {
        new_game(4, seed=seed, mode="full", first_chooser="random").state.draft_order[0] for seed in range(8)
    }
    assert len(firsts) > 1


def test_B_4_1_7_B_4_1_12_B_4_2_6_full_setup():
    """Rules: B-4.1.7, B-4.1.12, B-4.2.6, B-14.1.1."""
    g = drafted(3)
    s = g.state
    assert len(s.bonus_tiles) == 5 and len(set(s.bonus_tiles)) == 5
    assert "joker" not in {t for p in s.players for t in p.tiles}
    stack_one = set(advanced_stacks()[0])
    assert len(s.patent_display) == 3 and set(s.patent_display) <= stack_one
    assert [len(x) for x in s.patent_stacks] == [2, 5, 5]
    bonus = {t for seed in range(20) for t in new_game(2, seed, mode="full").state.bonus_tiles}
    assert "BT-6" in bonus  # all 6 in the full game
    for p in s.players:
        assert ("anton" in p.tiles) == (p.officer == "EO-AK")  # B-16.6.1


def test_B_10_9_patent_office_takes_the_tile_for_5_credits_and_2_engineers():
    """Rules: B-10.9.1, B-10.9.2, B-10.9.3, B-7.9."""
    g = blank(2)
    seat = to_move(g)
    p = g.state.players[seat]
    p.credits = 9
    tile = g.state.patent_display[0]
    play(g, "place PO1")
    assert tile in p.tiles and p.credits == 4 and p.engineers == 10
    assert g.state.patent_display[0] == ""  # not replaced during the round
    forget_legal(g)
    assert "place PO1" not in legal_text(g)


def test_B_14_5_refresh_order_I_then_II_then_III_and_discard():
    """Rules: B-14.5.1, B-14.5.2, B-19.5, B-22.31."""
    g = drafted(2)
    s = g.state
    levels = {t: i + 1 for i, stack in enumerate(advanced_stacks()) for t in stack}
    seen = [[levels[t] for t in s.patent_display]]
    shown = list(s.patent_display)
    for round_no in range(1, 5):
        g.rules.pm.hook.barrage_end_of_round(game=g.rules, state=s, round_no=round_no)
        assert not set(shown) & set(s.patent_display)  # the old ones left the game
        assert not set(shown) & {t for stack in s.patent_stacks for t in stack}
        shown = list(s.patent_display)
        seen.append(sorted(levels[t] for t in s.patent_display))
    assert seen == [[1, 1, 1], [1, 1, 2], [2, 2, 2], [2, 3, 3], [3, 3, 3]]


def test_patent_office_reveal_with_empty_stacks_leaves_slots_empty():
    g = drafted(2)
    g.state.patent_stacks = [[], [], ["AT-III-W"]]
    patent_office.refresh(g.state)
    assert g.state.patent_display == ["AT-III-W", "", ""]


def test_conformance_full_game_random_bot():
    report = check_variant("barrage", players=[2, 3, 4], seeds=range(2), options=FULL, registry=REGISTRY)
    assert report.games == 6


def test_conformance_full_game_greedy_bot():
    report = check_variant(
        "barrage", players=[2, 4], seeds=range(1), options=FULL, registry=REGISTRY, bot="greedy"
    )
    assert report.games == 2


def test_whole_full_games_end_after_round_5():
    """Rules: B-1.4, B-20.1."""
    for players in (2, 3, 4):
        game = Game(
            REGISTRY,
            "barrage",
            players=players,
            seed=5,
            options=FULL,
            seats=[Seat(f"g{i}", "greedy") for i in range(players)],
        )
        bots = game.make_bots()
        while not game.is_over:
            game.play(bots[game.to_move].choose(game.state, game.legal()))
        assert game.state.finished and len(game.log) <= game.rules.decision_bound()


def counts(players: int, seed: int) -> list[int]:
    return legal_counts(
        "barrage",
        players=players,
        seed=seed,
        decisions=DECISIONS,
        options=FULL,
        registry=REGISTRY,
    )


def test_perft_counts_full_game_match_the_committed_anchors():
    """The first decisions include the draft (B-4.4.5)."""
    expected = json.loads(COUNTS.read_text())
    for players, seed in CASES:
        assert counts(players, seed) == expected[f"{players}p seed {seed}"], (players, seed)


if __name__ == "__main__":
    data = {f"{p}p seed {s}": counts(p, s) for p, s in CASES}
    body = ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in data.items())
    COUNTS.write_text("{\n" + body + "\n}\n")
