"""How Barrage's greedy bot values the expansion's actions (HP-7, ``barrage_bot_value``).

The values are the expansion's answer to the hook, so a seeded bot game (the conformance
kit, ``turbine play --bots``) is played the same way only while they stay the same: each
kind of action is pinned here to its value, and the bot is shown to follow them.
"""

from __future__ import annotations

import msgspec
import pytest
from test_leeghwater_rules import drafted
from turbine.plugins.barrage.actions import Ext, Skip
from turbine.plugins.barrage.bots import GreedyBot


def value(action) -> float | None:
    g = drafted(3)
    seat = g.state.turn_order[0]
    return g.rules.pm.hook.barrage_bot_value(game=g.rules, state=g.state, seat=seat, action=action)


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        # L-5: 30 + half the VP and credits of the reward − the machinery units it costs
        (Ext("work", "EW-T1"), 30 + 3 / 2 - 1),
        (Ext("work", "EW-T102"), 30 + (3 + 3) / 2 - 3),
        (Ext("work", "EW-T103"), 30 + 5 / 2 - 3),  # the energy is not counted
        (Ext("work", "EW-T104"), 30 + 4 / 2 - 4),  # nor the water and the rotation
        # L-6: 42 + half the building's VP, just below a good production (50 and more)
        (Ext("build", "PB-01"), 42 + 3 / 2),
        (Ext("build", "PB-10"), 42 + 7 / 2),
        # L-12.1.2: Leslie's wheel work, 31 + half its VP and credits, the machinery not counted
        (Ext("work_wheel", "EW-T102"), 31 + (3 + 3) / 2),
        (Ext("work_wheel", "EW-T200"), 31 + 8 / 2),
        (Ext("margot", "x"), 24),  # L-12.2
        (Ext("margot_bank", "x"), 24),
        (Ext("architect", "x"), 10),  # L-12.4
        (Ext("use", "PB-03"), 25),  # L-7
        # L-9: the building tiles, AT-B3 first, then AT-B1, any other the same
        (Ext("tile", "AT-B3"), 5),
        (Ext("tile", "AT-B1"), 4),
        (Ext("tile", "ANTON=AT-B1"), 4),  # Anton's copy has the copied tile's value
        (Ext("tile", "BUILDING"), 1),
        # L-6.2 step 5: the cheaper building space
        (Ext("space", "1:0C"), 3),
        (Ext("space", "3:3C"), 0),
        (Ext("now", "PB-02"), 5),
        (Ext("patent", "AT-II-W"), 5),
        (Ext("loan", "EW-T1"), 5),
        # PB-03: returning more machinery is better
        (Ext("half", "0:2"), 3),
        (Ext("half", "1:0"), 1),
        (Ext("half", "0:1"), 2),
        (Ext("sector", "2"), 1),  # PB-02's choice of sector
        (Ext("grant_office"), None),  # another expansion's action: not Leeghwater's to value
        (Ext("water_rights", "1:2C"), None),  # whatever its name and argument look like
    ],
    ids=lambda v: str(v).replace(" ", "") if not isinstance(v, int | float) else None,
)
def test_HP_7_greedy_bot_values_of_the_expansion_actions(action, expected):
    """HP-7: the expansion's value for each of its actions, the same for the action read
    back from a save (whose strings are new objects, not the literals the code names)."""
    assert value(action) == expected
    read = msgspec.json.decode(msgspec.json.encode(action), type=Ext)
    assert read == action and value(read) == expected


def test_HP_7_the_hook_is_asked_about_expansion_actions_only():
    """HP-7: Barrage's greedy bot asks ``barrage_bot_value`` about ``Ext`` actions; its own
    actions keep Barrage's scores (a skip −1) without a call."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    bot = GreedyBot(g.rules, seat, seed=0)
    asked = []
    hook = g.rules.h_bot_value

    def recording(**kwargs):
        asked.append(kwargs["action"])
        return hook(**kwargs)

    g.rules.h_bot_value = recording
    view = g.rules.view(g.state, seat)
    assert bot._score(view, Skip()) == -1
    assert bot._score(view, Ext("build", "PB-01")) == 42 + 3 / 2
    assert asked == [Ext("build", "PB-01")]


def test_HP_7_the_greedy_bot_takes_the_action_the_expansion_values_most():
    """HP-7 with Barrage's greedy bot: a building (42+) before Leslie's wheel work (31+),
    before an external work (30+), before the architect (10)."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    bot = GreedyBot(g.rules, seat, seed=0)
    offered = [Ext("architect", "x"), Ext("work", "EW-T1"), Ext("work_wheel", "EW-T1"), Ext("build", "PB-01")]
    view = g.rules.view(g.state, seat)  # what the seat sees, as at a table
    assert bot.choose(view, offered) == Ext("build", "PB-01")
    assert bot.choose(view, offered[:3]) == Ext("work_wheel", "EW-T1")
    assert bot.choose(view, offered[:2]) == Ext("work", "EW-T1")
