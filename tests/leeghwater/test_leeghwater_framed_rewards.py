"""L-5.12.4: a powerhouse (EW-R4) or base (EW-R5) built as an external work's reward pays
a red frame's 3 credits, also where Barrage's house option frees contract rewards from it
(``reward_red_frame=false``, U-7); one the player cannot pay for is not offered.  A save
made under rules version 3 or earlier builds them free under that option, as it was played.
"""

from __future__ import annotations

import pytest
from test_leeghwater_rules import REGISTRY, do, drafting, rich, show_work, top
from turbine.core.errors import IllegalAction
from turbine.core.session import Game, Seat
from turbine.core.testing import FIRST_LEGAL, play_until
from turbine.plugins.barrage import construction
from turbine.plugins.barrage.actions import Ext, Site, Skip
from turbine.plugins.leeghwater import works

POWERHOUSE_WORK = "EW-T4"
"""1 excavator + 1 mixer → 2 credits and EW-R4 (a powerhouse)."""
BASE_WORK = "EW-T3"
"""2 mixers → 4 VP and EW-R5 (a base in the plains)."""


def game(
    reward_red_frame: bool,
    rules_versions: dict[str, int] | None = None,
    barrage: dict[str, str] | None = None,
    **leeghwater,
) -> Game:
    """A 3-player full game with Leeghwater past its draft (``barrage``: more of Barrage's
    options, ``leeghwater``: the expansion's)."""
    g = Game(
        REGISTRY,
        "barrage",
        players=3,
        seed=0,
        options={
            "mode": "full",
            "reward_red_frame": reward_red_frame,
            **(barrage or {}),
            "leeghwater": leeghwater,
        },
        expansions=["leeghwater"],
        seats=[Seat(f"p{i}", "random") for i in range(3)],
        rules_versions=rules_versions,
    )
    play_until(g, lambda g: not drafting(g), bots=FIRST_LEGAL)
    return g


def take(g: Game, work: str, credits: int) -> tuple[int, list[str], list[str]]:
    """The first seat takes ``work`` holding ``credits``: (seat, the sites offered for its
    rewarded piece, those of them that are red-framed)."""
    seat = g.state.turn_order[0]
    rich(g, seat, credits=credits)
    show_work(g, work)
    do(g, seat, Ext("work", work))
    decision = top(g)
    offered = [a.site for a in decision.answers(g.rules, g.state)]
    framed = [s for s in offered if surcharge(g, decision.structure, s)]
    return seat, offered, framed


def surcharge(g: Game, structure: int, site: str) -> int:
    return construction.surcharge(g.rules, structure, g.rules.board.site_index[site][1])


def every_framed_site(g: Game) -> list[str]:
    """The red-framed sites the rewarded piece on top could go to, paid or not."""
    decision = top(g)
    structure = decision.structure
    sites = construction.sites(g.rules, g.state, decision.seat, structure, decision.max_value, decision.areas)
    framed = [i for i in sites if construction.surcharge(g.rules, structure, i)]
    return [construction.site_id(g.rules, structure, i) for i in framed]


@pytest.mark.parametrize("reward_red_frame", [True, False])
def test_L_5_12_4_the_rewarded_powerhouse_pays_3_credits_on_a_red_frame(reward_red_frame):
    """L-5.12.4: with the reward's 2 credits and 1 of his own the player has 3: a red-framed
    space is offered and costs them all, whatever Barrage's option says; an unframed one is
    shown without a surcharge."""
    g = game(reward_red_frame)
    seat, offered, framed = take(g, POWERHOUSE_WORK, credits=1)
    assert g.state.players[seat].credits == 3
    assert framed  # red-framed powerhouse spaces are open to him
    decision = top(g)
    assert decision.kind == ("free_site" if reward_red_frame else "lw_framed_site")
    assert "+3 credits red frame" in decision.show(g.rules, g.state, Site(framed[0]))
    unframed = next(s for s in offered if s not in framed)
    assert "red frame" not in decision.show(g.rules, g.state, Site(unframed))
    decision.apply(g.rules, g.state, Site(framed[0]))
    assert g.state.players[seat].credits == 0


@pytest.mark.parametrize("work", [POWERHOUSE_WORK, BASE_WORK])
def test_L_5_12_4_a_red_frame_he_cannot_pay_is_not_offered(work):
    """L-5.12.4: "If you cannot pay, you must choose a space without a red frame": under
    ``reward_red_frame=false`` too, and the refusal cites L-5.12.4."""
    g = game(reward_red_frame=False)
    seat, offered, framed = take(g, work, credits=0)
    assert g.state.players[seat].credits < 3
    assert offered and not framed
    unaffordable = every_framed_site(g)
    assert unaffordable  # there are red-framed spaces, just not for him
    refused = g.rules.refusal(g.state, Site(unaffordable[0]))
    assert isinstance(refused, IllegalAction) and refused.rule == "L-5.12.4"
    assert "red-framed" in refused.reason


@pytest.mark.parametrize("optional_parts", ["ext", "mandatory"])
def test_L_5_12_4_the_framed_piece_may_be_declined_as_barrage_s_rewarded_builds(optional_parts):
    """B-13.7.5 (U-26): a rewarded structure may be declined under the default ("ext"), not
    where every part of a reward is mandatory; the framed reward follows Barrage's option."""
    g = game(reward_red_frame=False, barrage={"optional_parts": optional_parts})
    take(g, POWERHOUSE_WORK, credits=1)
    decision = top(g)
    assert decision.kind == "lw_framed_site"
    assert decision.optional is (optional_parts == "ext")
    assert (Skip() in g.legal()) is (optional_parts == "ext")


def test_L_5_12_4_under_rules_version_3_the_option_frees_the_reward_as_it_was_played():
    """A save made under Leeghwater's rules version 3 replays as it was played: with
    ``reward_red_frame=false`` the rewarded powerhouse built on a red frame was free."""
    g = game(reward_red_frame=False, rules_versions={"leeghwater": 3})
    seat, _, framed = take(g, POWERHOUSE_WORK, credits=0)
    assert top(g).kind == "free_site" and framed
    top(g).apply(g.rules, g.state, Site(framed[0]))
    assert g.state.players[seat].credits == 2  # the reward's 2 credits, nothing paid


def test_L_5_12_4_the_work_is_open_only_when_its_piece_fits_the_purse():
    """U-2 (a), ``u2_unusable_special="illegal"``: the powerhouse must be buildable; with
    only red-framed spaces left and 2 credits after the reward, it is not (L-5.12.4)."""
    g = game(reward_red_frame=False, u2_unusable_special="illegal")
    seat = g.state.turn_order[0]
    rich(g, seat, credits=0)
    structure = 3  # the powerhouse
    w = works.work(POWERHOUSE_WORK)
    unframed = [
        i
        for i in construction.sites(g.rules, g.state, seat, structure, 5, None)
        if not construction.surcharge(g.rules, structure, i)
    ]
    for i in unframed:  # every powerhouse space without a red frame taken by another seat
        g.state.ph_owner[i] = (seat + 1) % 3
    assert g.rules.free_builds_possible(g.state, seat, "powerhouse", 1, credits=2) == 1  # U-7 off: free
    assert g.rules.free_builds_possible(g.state, seat, "powerhouse", 1, credits=2, red_frame=True) == 0
    assert not works.special_usable(g.rules, g.state, seat, w, 0)
    g.reset_caches()
    assert Ext("work", POWERHOUSE_WORK) not in g.legal()
    rich(g, seat, credits=1)  # 3 with the reward's 2: the red frame is paid
    assert works.special_usable(g.rules, g.state, seat, w, 0)
