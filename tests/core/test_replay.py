"""``turbine.core.replay``: what changed between two states, and stepping through a save.

The Power Grid checks use a golden save (a finished 4-player game on Russia),
so they run on states real play reaches; the expectations are recomputed from
those states, not copied from the output.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from turbine.core import Game, Rules, default_registry, savefile
from turbine.core.replay import Replay, changes

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "format2"
PG_SAVE = GOLDEN / "power_grid-russia-4p.json"


@pytest.fixture(scope="module")
def pg_replay() -> Replay:
    return Replay(default_registry(), savefile.load(PG_SAVE))


def test_an_income_step_reports_each_seats_money_rising(pg_replay: Replay) -> None:
    rules = pg_replay.rules
    bureaucracy = [
        step
        for step in range(1, len(pg_replay) + 1)
        if pg_replay.where_before(step)[:2] == (1, "bureaucracy")
    ]
    assert bureaucracy, "round 1 has a bureaucracy phase"
    paid = set()
    for step in bureaucracy:
        before = rules.tallies(pg_replay.state(step - 1))["money"]
        after = rules.tallies(pg_replay.state(step))["money"]
        lines = pg_replay.changes(step)
        for seat, (old, new) in enumerate(zip(before, after, strict=True)):
            seat_lines = [line for line in lines if line.startswith(f"seat {seat + 1} (")]
            if new > old:
                paid.add(seat)
                assert len(seat_lines) == 1, lines
                assert f"money {old} → {new} (+{new - old})" in seat_lines[0], lines
            elif new == old:
                assert all("money" not in line for line in seat_lines), lines
    assert paid == {0, 1, 2, 3}, "every seat earns its income in round 1"


def test_a_round_change_and_a_phase_change_are_reported(pg_replay: Replay) -> None:
    rules = pg_replay.rules
    step = next(
        s
        for s in range(1, len(pg_replay) + 1)
        if rules.round_number(pg_replay.state(s)) != rules.round_number(pg_replay.state(s - 1))
    )
    old, new = rules.round_number(pg_replay.state(step - 1)), rules.round_number(pg_replay.state(step))
    lines = pg_replay.changes(step)
    assert lines[0] == f"round {old} → {new}"
    old_phase, new_phase = (rules.phase_name(pg_replay.state(s)) for s in (step - 1, step))
    assert old_phase != new_phase
    assert f"phase {old_phase} → {new_phase}" in lines


def test_nothing_changed_says_nothing(pg_replay: Replay) -> None:
    state = pg_replay.state(10)
    assert changes(pg_replay.rules, state, pg_replay.rules.clone(state)) == []


def test_the_end_of_the_game_is_reported(pg_replay: Replay) -> None:
    last = len(pg_replay)
    assert pg_replay.changes(last)[-1] == "the game is over"
    assert "the game is over" not in pg_replay.changes(last - 1)


def test_a_payment_names_the_seat_and_shows_a_minus(registry) -> None:
    game = Game(registry, "sparks", players=2, seed=0)
    before = game.rules.clone(game.state)
    for move in ("open 3", "drop"):  # seat 1 opens at 3, seat 2 drops out: seat 1 pays 3
        game.play(game.find(move))
    assert changes(game.rules, before, game.state, ["Ann", "Bob"]) == ["seat 1 (Ann): coins 10 → 7 (−3)"]
    assert changes(game.rules, before, game.state) == ["seat 1: coins 10 → 7 (−3)"]


def test_the_default_tallies_are_the_scores(registry) -> None:
    game = Game(registry, "sparks", players=3, seed=1)
    rules = game.rules
    assert Rules.tallies(rules, game.state) == {"score": rules.scores(game.state)}
    assert set(rules.tallies(game.state)) == {"points", "coins"}  # a game names its own


def test_the_replay_keeps_every_state(pg_replay: Replay) -> None:
    save = pg_replay.save
    registry = default_registry()
    assert len(pg_replay) == len(save.log)
    rules = pg_replay.rules
    for step in (0, 1, 57, len(save.log)):
        rebuilt = Game.from_save(registry, save, upto=step)
        assert rules.digest(pg_replay.state(step)) == rules.digest(rebuilt.state), step
        assert pg_replay.scores(step) == rules.scores(rebuilt.state)
    for step in (1, 57, len(save.log)):
        before = pg_replay.state(step - 1)
        where = pg_replay.where_before(step)
        assert where == (rules.round_number(before), rules.phase_name(before), rules.to_move(before))
        assert where.seat == pg_replay.entry(step).seat
        assert pg_replay.entry(step) == save.log[step - 1]
        assert pg_replay.changes(step) == changes(
            rules, before, pg_replay.state(step), [s.name for s in save.seats]
        )
    for bad in (-1, len(save.log) + 1):
        with pytest.raises(IndexError):
            pg_replay.state(bad)
    with pytest.raises(IndexError):
        pg_replay.entry(0)


def test_find_looks_forward_ignores_case_and_wraps(pg_replay: Replay) -> None:
    notations = [entry.notation for entry in pg_replay.save.log]
    builds = [i for i, n in enumerate(notations, start=1) if "build" in n.lower()]
    assert len(builds) > 2
    first, second, last = builds[0], builds[1], builds[-1]
    assert pg_replay.find("build", 1) == first
    assert pg_replay.find("BUILD", first + 1) == second
    assert pg_replay.find("Build", last + 1) == first  # past the last one: from the start again
    assert pg_replay.find("build", last) == last
    assert pg_replay.find("no such move", 1) is None
    assert pg_replay.find("  ", 1) is None


def _damaged(**change: object) -> savefile.SaveFile:
    """The golden Power Grid save with one field of a log entry or a checkpoint changed."""
    import msgspec

    save = savefile.load(PG_SAVE)
    if "checkpoint" in change:
        index = int(str(change["checkpoint"]))
        kept = save.checkpoints[index]
        save.checkpoints[index] = msgspec.structs.replace(kept, digest="0" * len(kept.digest))
    if "seat_of" in change:
        step = int(str(change["seat_of"]))
        entry = save.log[step - 1]
        save.log[step - 1] = msgspec.structs.replace(entry, seat=(entry.seat + 1) % save.players)
    return save


@pytest.mark.parametrize(
    ("change", "replayed", "said"),
    [
        ({"checkpoint": 1}, 49, "the game after action 50 differs from the one saved"),
        ({"seat_of": 30}, 29, "action 30 ("),
    ],
)
def test_a_log_that_stops_part_way_says_how_far_it_replayed(change, replayed, said) -> None:
    """The actions before the failing one rebuild: ``replayed`` says how many, and a replay
    up to there holds them, each state the same as the intact save's."""
    save = _damaged(**change)
    with pytest.raises(savefile.SaveFileError) as failed:
        Replay(default_registry(), save)
    assert failed.value.replayed == replayed
    assert said in str(failed.value)
    part = Replay(default_registry(), save, upto=replayed)
    whole = Replay(default_registry(), savefile.load(PG_SAVE))
    assert len(part) == replayed
    rules = whole.rules
    assert rules.digest(part.state(replayed)) == rules.digest(whole.state(replayed))


def test_a_log_that_stops_at_a_rounds_first_move_keeps_only_the_rounds_before() -> None:
    """The failing action opens round 3: the replay up to it knows rounds 1 and 2 only."""
    whole = Replay(default_registry(), savefile.load(PG_SAVE))
    before = whole.round_start(3)
    assert before is not None
    save = _damaged(seat_of=before + 1)
    with pytest.raises(savefile.SaveFileError) as failed:
        Replay(default_registry(), save)
    assert failed.value.replayed == before
    part = Replay(default_registry(), save, upto=before)
    assert part.rounds() == [1, 2]
    assert part.round_start(3) is None


def test_a_game_that_ends_elsewhere_replays_all_but_its_last_action() -> None:
    """Every action replays but the final digest differs: the actions before the last one
    are what a replay can still show."""
    import msgspec

    intact = savefile.load(PG_SAVE)
    save = msgspec.structs.replace(intact, final_digest="0" * len(intact.final_digest))
    with pytest.raises(savefile.SaveFileError) as failed:
        Game.from_save(default_registry(), save)
    assert "the game at the end of the log differs from the one saved" in str(failed.value)
    assert failed.value.replayed == len(save.log) - 1


def test_a_file_that_cannot_be_set_up_replays_nothing() -> None:
    """A save whose game cannot be set up has no actions to show: ``replayed`` is ``None``."""
    import msgspec

    save = msgspec.structs.replace(savefile.load(PG_SAVE), variant="no_such_game")
    with pytest.raises(savefile.SaveFileError) as failed:
        Game.from_save(default_registry(), save)
    assert failed.value.replayed is None


def test_as_far_as_it_goes_keeps_the_part_before_the_damage_and_says_why() -> None:
    """A whole log gives the whole replay with nothing stopped; a damaged one the actions
    before the damage, why it stops, and each note of the load once (not once per try)."""
    whole = Replay.as_far_as_it_goes(default_registry(), savefile.load(PG_SAVE))
    assert whole.stopped is None and len(whole) == len(whole.save.log)
    notes = ["kept"]
    part = Replay.as_far_as_it_goes(default_registry(), _damaged(seat_of=30), warnings=notes)
    assert len(part) == 29
    assert part.stopped is not None and part.stopped.startswith("action 30 (")
    assert notes[0] == "kept"
    assert len(notes) == len(set(notes)) > 1  # the edit is said, once
