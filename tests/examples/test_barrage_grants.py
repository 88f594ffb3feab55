"""The Grant Office (examples/turbine-barrage-grants): a second Barrage expansion on
Barrage's published hooks only.  Rule IDs GR-… are in the package's README."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "turbine_barrage_grants",
    reason="the example expansion is not installed: pip install ./examples/turbine-barrage-grants",
)

from turbine.core import BadOptions, Game, Seat, default_registry
from turbine.core.errors import IllegalAction
from turbine.core.testing import assert_refused, check_variant, make_game
from turbine.plugins.barrage.actions import Ext
from turbine_barrage_grants import office

OFFICE = Ext("grant_office")


def grant(name: str) -> Ext:
    return Ext("grant", name)


def new_game(players: int = 3, seed: int = 0, options: dict | None = None, bots: str = "greedy") -> Game:
    return make_game("barrage", players=players, seed=seed, expansions=["grants"], options=options, bots=bots)


def to_office(game: Game, avoid: bool = True) -> int:
    """Let the bots play until the seat to move may place on the Grant Office; it is
    returned.  ``avoid``: the bots never use the office meanwhile."""
    bots = game.make_bots()
    while not (OFFICE in game.legal() and not game.state.flow.pending):
        legal = [a for a in game.legal() if not avoid or a != OFFICE]
        game.play(bots[game.to_move].choose(game.state, legal))
    seat = game.to_move
    assert seat is not None
    return seat


def resources(game: Game, seat: int) -> tuple[int, ...]:
    p = game.state.players[seat]
    return (p.engineers, p.credits, p.excavators, p.mixers, p.vp, p.wheel_open)


# -- the plugin is present only where chosen ------------------------------------------------------


def test_only_games_that_choose_it_hold_the_plugin_and_offer_the_office():
    registry = default_registry()
    plain = {name for name, _ in registry.game_plugin_manager("barrage").list_name_plugin()}
    chosen = {name for name, _ in registry.game_plugin_manager("barrage", ["grants"]).list_name_plugin()}
    assert "barrage_grants" not in plain
    assert chosen - plain == {"barrage_grants"}
    game = Game(registry, "barrage", players=3, seed=0, seats=[Seat(f"b{i}", "greedy") for i in range(3)])
    bots = game.make_bots()
    while not game.is_over:
        assert not any(type(a) is Ext for a in game.legal())  # Barrage alone never offers Ext
        game.play(bots[game.to_move].choose(game.state, game.legal()))


ALLOWED = {
    "turbine.plugins.barrage.actions",  # Ext, the expansion's placements and answers (G-4)
    "turbine.plugins.barrage.decisions",  # Decision, the base of its decision kind
    "turbine.plugins.barrage.action_spaces",  # ActionSpaces, the base of its action space
    "turbine.plugins.barrage.state",  # StatePart, how its records join the state; State and Player, its types
    "turbine.plugins.barrage.api",  # BarrageGame, the type of every call into Barrage (TYPE_CHECKING)
    "turbine.plugins.barrage.hookspecs",  # the hooks' value types (TYPE_CHECKING)
    "turbine.core.drawing",  # Canvas, the type of the board picture it draws on (TYPE_CHECKING)
    "turbine.core.layout",  # plural, for its counts in words
    "msgspec",  # its records are msgspec Structs
    "turbine.core",
    "turbine.core.errors",
    "__future__",
    "typing",
    "pydantic",
}


def test_the_plugin_uses_only_barrages_public_api():
    """The point of the example: a second expansion needs no Barrage internals."""
    import turbine_barrage_grants

    folder = Path(turbine_barrage_grants.__file__).parent
    files = sorted(folder.glob("*.py"))
    assert {f.name for f in files} == {"__init__.py", "office.py", "options.py", "plugin.py"}
    assert (folder / "py.typed").exists()
    for f in files:
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name in ALLOWED, f"{f.name} imports {name}"


# -- GR-1, GR-2, GR-3: the placement and its decision --------------------------------------------------


def test_the_office_costs_engineers_and_credits_and_asks_for_a_grant():
    """GR-2: 2 engineers and 2 credits; GR-3: the grant's effect at once, the tile kept."""
    game = new_game()
    seat = to_office(game)
    engineers, credits, exc, mix, vp, wheel = resources(game, seat)
    shown = game.rules.choice_text(game.state, OFFICE)  # the menu says the price and the display
    assert shown == "x grant_office  (2 eng + 2 cr: a grant of MACHINERY, FUNDING, WHEEL, PRESTIGE)"
    game.play(OFFICE)
    top = game.state.flow.pending[-1]
    assert isinstance(top, office.GrantChoice)
    assert top.kind == "grants_choice" and top.seat == seat and top.paid == 2
    assert resources(game, seat) == (engineers - 2, credits - 2, exc, mix, vp, wheel)
    assert not office.wheel_loaded(game.state.players[seat])  # GR-4: nothing built yet
    assert game.legal() == [grant("MACHINERY"), grant("FUNDING"), grant("PRESTIGE")]
    assert game.rules.asked(game.state).endswith(
        "must choose which grant to take from the Grant Office (paid 2 credits) "
        "(x grant MACHINERY, x grant FUNDING, x grant PRESTIGE)"
    )
    game.play(grant("FUNDING"))
    assert resources(game, seat) == (engineers - 2, credits - 2 + 4, exc, mix, vp, wheel)
    assert game.state.ext.grants.taken_by["FUNDING"] == seat
    assert game.state.players[seat].ext.grants == office.Holder(taken=["FUNDING"], used=1)
    assert office.turn_actions(game.rules, game.state, seat) == []  # GR-2: once per round
    assert not game.state.players[seat].fulfilled
    company = game.render_view(seat, "company", str(seat + 1)).splitlines()
    # under the company (barrage_company_lines), with what the audit would cost now
    assert "    grants: FUNDING (1 beyond the contracts fulfilled: −2 VP at the audit, GR-6)" in company
    game.state.players[seat].fulfilled.append("SC-1")  # one fulfilled contract backs the grant
    company = game.render_view(seat, "company", str(seat + 1)).splitlines()
    assert "    grants: FUNDING (all backed, GR-6)" in company


@pytest.mark.parametrize(
    ("name", "change"),
    [("MACHINERY", (0, 0, 1, 1, 0)), ("PRESTIGE", (0, 0, 0, 0, 3)), ("FUNDING", (0, 4, 0, 0, 0))],
)
def test_each_grant_has_its_effect(name, change):
    """GR-1, GR-3: MACHINERY 1 excavator + 1 mixer, FUNDING 4 credits, PRESTIGE 3 VP."""
    game = new_game(seed=1)
    seat = to_office(game)
    game.play(OFFICE)
    before = resources(game, seat)[:5]
    game.play(grant(name))
    after = resources(game, seat)[:5]
    assert tuple(a - b for a, b in zip(after, before, strict=True)) == change


def test_the_wheel_grant_turns_the_wheel_and_returns_the_sector():
    """GR-1, GR-4: with machinery on the wheel, WHEEL turns it 1 sector (B-8.4.1)."""
    game = new_game(seed=2)
    seat = to_office(game)
    player = game.state.players[seat]
    sector = (player.wheel_open + 1) % 6
    player.excavators -= 2
    player.wheel_exc[sector] += 2  # as if a construction had loaded it
    game.play(OFFICE)
    assert grant("WHEEL") in game.legal()
    excavators = player.excavators
    game.play(grant("WHEEL"))
    assert player.wheel_open == sector
    assert player.wheel_exc[sector] == 0
    assert player.excavators == excavators + 2


def test_a_single_legal_grant_is_taken_without_asking():
    """GR-3: only PRESTIGE left (the others taken, the wheel empty): taken at once."""
    game = new_game(seed=3)
    seat = to_office(game)
    taken_by = game.state.ext.grants.taken_by
    other = (seat + 1) % 3
    taken_by["MACHINERY"] = taken_by["FUNDING"] = other
    assert not office.wheel_loaded(game.state.players[seat])
    vp = game.state.players[seat].vp
    game.play(OFFICE)
    assert not any(isinstance(p, office.GrantChoice) for p in game.state.flow.pending)
    assert game.state.players[seat].vp == vp + 3
    assert taken_by["PRESTIGE"] == seat


def test_the_office_is_on_the_management_board_with_who_used_it():
    """GR-1, GR-2: the ``actions`` view lists the office among the action spaces, before the
    Bank: its price, each grant and who took it this round (it was only a line under the board)."""
    game = new_game(seed=4)
    seat = to_office(game)
    game.play(OFFICE)
    game.play(grant("FUNDING"))
    lines = game.render_view(None, "actions").splitlines()
    at = lines.index("  Grant Office (2 eng + 2 cr, once a round each; used by: Germany)")
    grants = "    MACHINERY (1 excavator and 1 mixer): free · FUNDING (4 credits): Germany ·"
    assert lines[at + 1].startswith(grants)
    assert game.rules.seat_name(game.state, seat) == "Germany"
    assert any(line.startswith("  Bank") for line in lines[at:])


# -- refusals ---------------------------------------------------------------------------------------


def test_refusals_cite_the_grant_rules():
    game = new_game(seed=4)
    seat = to_office(game)
    other = (seat + 1) % 3
    game.state.ext.grants.taken_by["FUNDING"] = other
    game.play(OFFICE)
    assert not office.wheel_loaded(game.state.players[seat])
    taken = assert_refused(game, grant("FUNDING"))
    assert taken.rule == "GR-5"
    assert taken.reason == (  # the seat named by its company, as Barrage names it
        "grant FUNDING was taken this round by USA; it returns to the display at the end of the round"
    )
    wheel = assert_refused(game, grant("WHEEL"))
    assert wheel.rule == "GR-4"
    assert (
        wheel.reason == "the WHEEL grant needs a tile or machinery on your construction wheel; yours is empty"
    )
    unknown = assert_refused(game, grant("LOTTERY"))
    assert unknown.rule == "GR-1"
    assert unknown.reason == (
        "'x grant LOTTERY' is no grant: answer x grant <GRANT>, one of MACHINERY, FUNDING, WHEEL, PRESTIGE"
    )
    with pytest.raises(IllegalAction, match=r"\[GR-1\]"):  # through the notation, as a player types it
        game.find("x grant lottery")


def test_the_office_is_not_offered_without_engineers_credits_or_a_grant():
    """GR-2 (B-7.4): offered only when it can be carried out in full."""
    game = new_game(seed=5, options={"grants": {"credits": 3, "engineers": 3}})
    seat = to_office(game)
    rules, state = game.rules, game.state
    player = state.players[seat]
    assert office.turn_actions(rules, state, seat) == [OFFICE]
    for field, short in (("credits", 2), ("engineers", 2)):
        poorer = rules.clone(state)
        setattr(poorer.players[seat], field, short)
        assert office.turn_actions(rules, poorer, seat) == []
    drained = rules.clone(state)
    for name in ("MACHINERY", "FUNDING", "PRESTIGE"):  # WHEEL is not takeable: the wheel is empty
        drained.ext.grants.taken_by[name] = (seat + 1) % 3
    assert not office.wheel_loaded(player)
    assert office.turn_actions(rules, drained, seat) == []
    engineers, credits = player.engineers, player.credits
    game.play(OFFICE)
    assert (player.engineers, player.credits) == (engineers - 3, credits - 3)


def test_a_second_use_in_the_round_is_refused():
    """GR-2: once per round; the refusal is the expansion's own (its ``ActionSpaces.refuse``)."""
    game = new_game(seed=6, players=2)
    seat = to_office(game)
    game.play(OFFICE)
    bots = game.make_bots()
    while game.state.flow.pending or game.to_move != seat:
        game.play(bots[game.to_move].choose(game.state, game.legal()))
    assert game.state.flow.round == 1 and game.state.players[seat].engineers > 0
    assert OFFICE not in game.legal()
    refused = assert_refused(game, OFFICE)
    assert refused.rule == "GR-2"
    assert refused.reason == "the Grant Office is used once per player per round"


# -- GR-5: the end of the round ----------------------------------------------------------------------


def test_the_grants_return_at_the_end_of_the_round():
    game = new_game(seed=7)
    seat = to_office(game)
    game.play(OFFICE)
    game.play(grant("PRESTIGE"))
    assert game.state.ext.grants.taken_by["PRESTIGE"] == seat
    bots = game.make_bots()
    round_no = game.state.flow.round
    while game.state.flow.round == round_no:
        legal = [a for a in game.legal() if a != OFFICE]
        game.play(bots[game.to_move].choose(game.state, legal))
    assert game.state.ext.grants.taken_by == dict.fromkeys(("MACHINERY", "FUNDING", "WHEEL", "PRESTIGE"), -1)
    assert game.state.players[seat].ext.grants == office.Holder(taken=["PRESTIGE"], used=0)


# -- GR-6: the audit in the final scoring ----------------------------------------------------------------


def play_out(game: Game) -> Game:
    bots = game.make_bots()
    while not game.is_over:
        game.play(bots[game.to_move].choose(game.state, game.legal()))
    return game


@pytest.mark.parametrize("audit_vp", [2, 5])
def test_the_audit_charges_each_grant_beyond_the_fulfilled_contracts(audit_vp):
    """GR-6: the same moves with the audit off and on differ by audit_vp per unbacked grant."""
    base = play_out(new_game(players=3, seed=0, options={"grants": {"audit_vp": 0}}))
    audited = new_game(players=3, seed=0, options={"grants": {"audit_vp": audit_vp}})
    for entry in base.log:
        audited.play(audited.rules.action_from_data(entry.action))
    assert audited.is_over
    charged = 0
    for seat in range(3):
        player = base.state.players[seat]
        unbacked = max(0, len(player.ext.grants.taken) - len(player.fulfilled))
        assert office.unbacked(audited.state, seat) == unbacked
        expected = max(0, player.vp - audit_vp * unbacked)  # U-16: never below 0
        assert audited.state.players[seat].vp == expected
        charged += unbacked
    assert charged > 0  # the seed is one where somebody is audited


def test_the_audit_lines():
    """GR-6: a score line per audited seat, nothing for a seat whose contracts cover its grants."""
    game = new_game(players=3, seed=8)
    state = game.state
    state.players[0].ext.grants.taken = ["FUNDING", "PRESTIGE", "FUNDING"]
    state.players[0].fulfilled = ["C-X"]
    state.players[1].ext.grants.taken = ["MACHINERY"]
    state.players[1].fulfilled = ["C-Y", "C-Z"]
    state.players[2].ext.grants.taken = ["WHEEL"]
    state.players[2].fulfilled = []
    assert office.final_scoring(game.rules, state) == [
        (0, -4, "2 grants not backed by a fulfilled contract (GR-6)"),
        (2, -2, "1 grant not backed by a fulfilled contract (GR-6)"),
    ]


def test_grants_have_their_own_row_in_the_score_breakdown():
    """GR-3's VP and GR-6's audit both count as ``grants``, after Barrage's own sources."""
    from turbine.core import Ledger

    game = new_game(players=3, seed=8)
    state = game.state
    rules = game.rules
    state.players[0].ext.grants.taken = ["FUNDING", "PRESTIGE", "FUNDING"]
    state.players[0].fulfilled = ["C-X"]
    ledger = Ledger()
    with rules.keeping_score(ledger):
        office.take(rules, state, 1, office.BY_ID["PRESTIGE"])
        for lines in rules.h_final_scoring(game=rules, state=state):
            for line in lines or ():
                rules.add_vp(state, line[0], line[1], line[3])
    assert ledger.points(0, "grants") == -4  # 2 grants not backed (GR-6)
    # PRESTIGE's 3 VP (GR-3), then 2 lost at the audit: it backs no contract (GR-6)
    assert ledger.points(1, "grants") == office.BY_ID["PRESTIGE"].vp - 2 == 1
    breakdown = rules.score_breakdown(state, ledger)
    assert breakdown.sources[-1] == "grants"
    assert breakdown.totals() == rules.scores(state)


# -- whole games: the conformance kit, random and greedy, 2–4 players -------------------------------------


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_with_the_expansion(players, bot):
    report = check_variant("barrage", players=[players], seeds=range(2), expansions=["grants"], bot=bot)
    assert report.games == 2


def test_conformance_in_the_introductory_game_and_beside_leeghwater():
    intro = check_variant("barrage", players=[3], seeds=[0], options={"mode": "intro"}, expansions=["grants"])
    both = check_variant("barrage", players=[3], seeds=[0], expansions=["leeghwater", "grants"], bot="greedy")
    assert intro.games == both.games == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_use_the_office(players):
    used = 0
    for seed in range(2):
        game = new_game(players=players, seed=seed)
        bots = game.make_bots()
        while not game.is_over:
            action = bots[game.to_move].choose(game.state, game.legal())
            used += action == OFFICE
            game.play(action)
        taken = sum(len(p.ext.grants.taken) for p in game.state.players)
        assert taken > 0
    assert used > 0


# -- options and the command line ----------------------------------------------------------------------


def test_options_are_checked():
    with pytest.raises(BadOptions, match=r"option grants.engineers: Input should be greater than or equal"):
        new_game(options={"grants": {"engineers": 0}})
    with pytest.raises(BadOptions, match="unknown option grants"):
        Game(default_registry(), "barrage", players=3, seed=1, options={"grants": {"credits": 1}})


def test_the_cli_plays_and_shows_the_office(tmp_path):
    save = tmp_path / "g.json"
    cli = [sys.executable, "-m", "turbine.cli"]
    subprocess.run(
        [
            *cli,
            "new",
            "barrage",
            "--with",
            "grants",
            "--option",
            "grants.credits=1",
            "--players",
            "3",
            "--seats",
            "human,greedy,greedy",
            "--out",
            str(save),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    shown = subprocess.run(
        [*cli, "show", str(save), "--width", "200"], check=True, capture_output=True, text=True
    )
    assert (
        "Grant Office (2 engineers, 1 credit): MACHINERY, FUNDING, WHEEL, PRESTIGE "
        "· grants taken: Player 1 0 · Greedy bot 2 0 · Greedy bot 3 0" in shown.stdout
    )
    simulated = subprocess.run(
        [
            *cli,
            "simulate",
            "barrage",
            "--with",
            "grants",
            "--games",
            "3",
            "--bots",
            "greedy",
            "--players",
            "3",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    assert "3 of 3 games finished" in simulated.stdout


def test_the_kit_checks_each_kind_of_ext_move_of_the_expansion(monkeypatch):
    """The office and the grant are both ``Ext`` actions: the kit tells them apart by their
    words, so a grant's menu line without its notation is found, however seldom the table
    is drawn."""
    from turbine.core import testing
    from turbine.core.testing import ConformanceError

    monkeypatch.setattr(testing, "SCREEN_EVERY", 10**9)
    monkeypatch.setattr(office.GrantChoice, "show", lambda self, game, state, action: f"({action.arg})")
    with pytest.raises(ConformanceError, match=r"choice_text shows '\(\w+\)', which does not start"):
        check_variant("barrage", players=[2], seeds=[0], expansions=["grants"], all_bots=False)
