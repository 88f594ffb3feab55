"""Saves that last: rules versions, outcome digests, the log digest and verify.

See docs/save-format.md for the promise these tests hold the code to.
"""

from __future__ import annotations

import json
import re

import msgspec
import pytest
from turbine.core import BadOptions, Game, SaveFileError, Seat, default_registry, savefile
from turbine.core.session import verify_save
from turbine.plugins.power_grid.rules import PowerGridRules
from turbine.plugins.power_grid.state import State as PowerGridState


@pytest.fixture(scope="module")
def pg_save() -> savefile.SaveFile:
    """A finished 3-player Power Grid game between greedy bots (format 2)."""
    game = Game(
        default_registry(),
        "power_grid",
        players=3,
        seed=5,
        seats=[Seat(f"g{i}", "greedy") for i in range(3)],
    )
    bots = game.make_bots()
    while not game.is_over:
        game.play(bots[game.to_move].choose(game.state, game.legal()))
    return game.to_save()


def edited(save: savefile.SaveFile, change) -> savefile.SaveFile:
    """A copy of ``save`` with ``change(data)`` applied to its JSON, decoded again."""
    data = json.loads(savefile.encode(save))
    change(data)
    return savefile.decode(json.dumps(data).encode())


def _final_digest_after(data: dict, actions: int) -> str:
    """The final digest a save cut after ``actions`` actions would hold."""
    save = savefile.decode(json.dumps(data).encode())
    return Game.from_save(default_registry(), save, upto=actions).checkpoint_digest(final=True)


def test_a_save_records_rules_versions_scores_and_digests(pg_save):
    assert pg_save.format_version == 2
    assert pg_save.rules_versions == {"power_grid": 2}
    assert pg_save.final_scores is not None and len(pg_save.final_scores) == 3
    assert pg_save.log_digest == savefile.log_digest(pg_save)
    assert [c.actions for c in pg_save.checkpoints] == list(range(25, len(pg_save.log) + 1, 25))
    game, summary = verify_save(default_registry(), pg_save)
    assert game.load_report.same_rules
    assert game.load_report.digests_compared == len(pg_save.checkpoints) + 1
    assert game.load_report.scores_match is True
    assert "Verified" in summary and "final scores" in summary


def test_a_new_state_field_leaves_saves_valid(pg_save, monkeypatch):
    """Adding a defaulted field to a game's state changes no outcome, so old saves load
    and verify (their digests are of what the players saw, not of the state's layout)."""

    class Extended(PowerGridState, kw_only=True):
        added_later: int = 0

    original = PowerGridRules.initial_state

    def extended_initial_state(self, seed):
        return msgspec.convert(msgspec.to_builtins(original(self, seed)), type=Extended)

    before = Game.from_save(default_registry(), pg_save, upto=0).state
    monkeypatch.setattr(PowerGridRules, "initial_state", extended_initial_state)
    monkeypatch.setattr(PowerGridRules, "state_type", Extended)
    game, _ = verify_save(default_registry(), pg_save)
    assert type(game.state) is Extended
    assert game.load_report.digests_compared == len(pg_save.checkpoints) + 1
    after = Game.from_save(default_registry(), pg_save, upto=0).state
    # the full-state digest, which saves of format 1 stored, does change
    assert game.rules.digest(after) != game.rules.digest(before)


def test_another_rules_version_replays_by_the_log_without_digests(pg_save):
    other = edited(pg_save, lambda d: d["rules_versions"].update(power_grid=0))
    for checkpoint in other.checkpoints:  # digests of other rules would not match: not compared
        checkpoint.digest = "0" * 32
    other.log_digest = savefile.log_digest(other)  # as rules version 0 saved it
    warnings: list[str] = []
    game = Game.from_save(default_registry(), other, warnings=warnings)
    assert game.is_over and game.load_report.digests_compared == 0
    assert not game.load_report.edited and not game.load_report.newer_rules
    assert game.load_report.why_not_play_on() is None  # older rules: played on under the new ones
    assert not game.load_report.same_rules and game.load_report.scores_match is True
    assert warnings == [
        "saved under rules versions power_grid 0, installed are power_grid 2: "
        "replayed by its log; digests were not compared"
    ]


def test_an_edit_and_later_rules_are_noted_and_refuse_playing_on(pg_save):
    """Loading still works (to look at the game), but the report says what is wrong and
    why the game must not be played on and saved again."""
    renamed = edited(pg_save, lambda d: d["seats"][0].update(name="Mallory"))
    warnings: list[str] = []
    report = Game.from_save(default_registry(), renamed, warnings=warnings).load_report
    assert report.edited and report.same_rules
    assert warnings == [
        "the setup or log has been changed since it was saved: it does not match its log digest"
    ]
    assert report.why_not_play_on("g.json") == (
        "g.json has been changed since it was saved (its setup or log does not match its log digest); "
        "playing on would seal the change into a new digest, so it is refused"
    )
    later = edited(pg_save, lambda d: d["rules_versions"].update(power_grid=7))
    later.log_digest = savefile.log_digest(later)
    warnings = []
    report = Game.from_save(default_registry(), later, warnings=warnings).load_report
    assert not report.edited and report.newer_rules == {"power_grid": (7, 2)}
    assert warnings == [
        "saved under rules versions power_grid 7, installed are power_grid 2: replayed by its log under "
        "the installed rules, older than those it was played under; digests were not compared"
    ]
    assert report.why_not_play_on("g.json", "upgrading it") == (
        "g.json was saved under power_grid rules version 7, newer than the installed 2; "
        "upgrading it needs the newer version installed"
    )
    assert Game.from_save(default_registry(), pg_save).load_report.why_not_play_on() is None


def test_only_a_later_version_refuses_playing_on(pg_save):
    """Of a game and its expansion, one saved under an older rules version is replayed
    under the installed one; the other, saved under the installed version, is no reason
    to refuse playing on; only a version above the installed one is."""
    from turbine.core.session import _report_for

    installed = {"power_grid": 2, "subsidy": 1}
    for saved, newer in [
        ({"power_grid": 1, "subsidy": 1}, {}),
        ({"power_grid": 2, "subsidy": 0}, {}),
        ({"power_grid": 3, "subsidy": 1}, {"power_grid": (3, 2)}),
    ]:
        save = edited(pg_save, lambda d, saved=saved: d.update(rules_versions=saved))
        save.log_digest = savefile.log_digest(save)
        report = _report_for(save, installed, installed)  # replayed under the installed versions
        assert not report.same_rules and report.newer_rules == newer
        assert (report.why_not_play_on() is None) == (not newer)


def test_changed_final_scores_fail_under_the_same_rules_and_warn_under_others(pg_save):
    def change_scores(data):
        data["final_scores"][0] += 1

    with pytest.raises(SaveFileError, match=r"the final scores were \[.*\] when saved and are \[.*\] now"):
        Game.from_save(default_registry(), edited(pg_save, change_scores))
    other = edited(pg_save, lambda d: (change_scores(d), d["rules_versions"].update(power_grid=0)))
    warnings: list[str] = []
    game = Game.from_save(default_registry(), other, warnings=warnings)
    assert game.load_report.scores_match is False
    assert warnings[-1].endswith("now (the rules changed)")
    with pytest.raises(SaveFileError, match="not verified: the final scores were"):
        verify_save(default_registry(), other)


def test_an_action_that_no_longer_decodes_is_read_from_its_notation_across_versions(pg_save):
    def garble(data):
        data["log"][3]["action"] = {"type": "renamed_in_a_later_version"}

    with pytest.raises(SaveFileError, match=r"action 4 .* is not an action of this game"):
        Game.from_save(default_registry(), edited(pg_save, garble))
    other = edited(pg_save, lambda d: (garble(d), d["rules_versions"].update(power_grid=0)))
    game = Game.from_save(default_registry(), other)
    assert game.is_over and game.rules.scores(game.state) == pg_save.final_scores

    def garble_both(data):
        garble(data)
        data["log"][3]["notation"] = "no such move"
        data["rules_versions"]["power_grid"] = 0

    with pytest.raises(SaveFileError, match=r"action 4 .* cannot be read by today's rules"):
        Game.from_save(default_registry(), edited(pg_save, garble_both))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(log=d["log"][:100], checkpoints=[], final_digest=""), "lacks checkpoint"),
        (
            # truncated by someone who also made every other digest fit the shorter log
            lambda d: d.update(
                log=d["log"][:100],
                checkpoints=d["checkpoints"][:4],
                final_digest=_final_digest_after(d, 100),
                final_scores=None,
            ),
            "changed since it was saved",
        ),
        (lambda d: d.update(log_digest=""), "no log digest"),
        (lambda d: d.update(final_digest=""), "no final digest"),
        (lambda d: d["checkpoints"].pop(1), "lacks checkpoint digests (after action 50)"),
        (lambda d: d["seats"][1].update(name="Mallory"), "changed since it was saved"),
        (lambda d: d.update(format_version=1), "says save format 1 but holds the rules versions"),
    ],
)
def test_verify_refuses_missing_digests_and_any_edit(pg_save, change, message):
    with pytest.raises(SaveFileError, match=message.replace("(", r"\(").replace(")", r"\)")):
        verify_save(default_registry(), edited(pg_save, change))


def test_the_log_digest_depends_on_the_order_of_entries(pg_save):
    """Entries that reach the same states when swapped would pass every replay check;
    the log digest, chained entry by entry, still tells them apart."""
    swapped = edited(pg_save, lambda d: d["log"].__setitem__(slice(0, 2), d["log"][1::-1]))
    assert swapped.log[0] == pg_save.log[1] and swapped.log[1] == pg_save.log[0]
    assert savefile.log_digest(swapped) != pg_save.log_digest


@pytest.mark.parametrize("pair", [(0, 1), (10, 40), (57, 58), (100, 160), (200, 201)])
def test_verify_refuses_any_swap_of_two_entries(pg_save, pair):
    first, second = pair
    assert pg_save.log[first] != pg_save.log[second], "swapping equal entries would change nothing"

    def swap(data):
        log = data["log"]
        log[first], log[second] = log[second], log[first]

    with pytest.raises(SaveFileError):
        verify_save(default_registry(), edited(pg_save, swap))


@pytest.mark.parametrize("at", [0, -3, 10_000])
def test_checkpoints_outside_the_log_are_damage(pg_save, at):
    def change(data):
        data["checkpoints"][0]["actions"] = at

    with pytest.raises(SaveFileError, match=f"checkpoint digest is for action {at}, outside the log"):
        edited(pg_save, change)


def test_a_save_is_written_one_log_entry_per_line(pg_save):
    text = savefile.encode(pg_save).decode()
    lines = text.splitlines()
    assert lines[0] == "{" and lines[1] == ' "format": "turbine-save",' and lines[-1] == "}"
    entries = [line for line in lines if line.startswith('  {"seat":')]
    assert len(entries) == len(pg_save.log)
    assert json.loads(entries[0].rstrip(",")) == msgspec.to_builtins(pg_save.log[0])
    assert savefile.encode(savefile.decode(text.encode())) == text.encode()


def test_on_step_sees_every_step_from_the_start(pg_save):
    steps: list[int] = []
    Game.from_save(default_registry(), pg_save, upto=30, on_step=lambda step, game: steps.append(step))
    assert steps == list(range(31))


def test_a_move_recorded_for_the_wrong_seat_names_both_seats(pg_save):
    step = next(i for i, e in enumerate(pg_save.log) if e.seat == 1)  # seat 2 moves here

    def wrong_seat(data):
        data["log"][step]["seat"] = 2

    with pytest.raises(SaveFileError) as info:
        Game.from_save(default_registry(), edited(pg_save, wrong_seat))
    assert f"action {step + 1} " in str(info.value)
    assert "is recorded for seat 3, but seat 2 is to move" in str(info.value)
    later = next(i for i, e in enumerate(pg_save.log) if e.seat == 2)  # seat 3 moves here

    def lower_seat(data):
        data["log"][later]["seat"] = 0

    with pytest.raises(SaveFileError, match="is recorded for seat 1, but seat 3 is to move"):
        Game.from_save(default_registry(), edited(pg_save, lower_seat))


def test_an_illegal_move_under_other_rules_says_which_rules(pg_save):
    def illegal_under_other_rules(data):
        data["rules_versions"]["power_grid"] = 0
        data["log"][1] = dict(data["log"][1], action={"type": "bid", "amount": 999}, notation="bid 999")

    save = edited(pg_save, illegal_under_other_rules)
    with pytest.raises(SaveFileError) as info:  # an edit, too: the log digest no longer matches
        Game.from_save(default_registry(), save)
    assert str(info.value).endswith(
        "(the file has been changed since it was saved; "
        "saved under rules versions power_grid 0, installed are power_grid 2)"
    )
    save.log_digest = savefile.log_digest(save)  # as rules version 0 would have saved it
    with pytest.raises(SaveFileError) as info:
        Game.from_save(default_registry(), save)
    assert str(info.value).endswith("(saved under rules versions power_grid 0, installed are power_grid 2)")


def test_verify_names_the_score_difference_among_other_notes(pg_save):
    def change(data):
        data["final_scores"][0] += 1
        data["rules_versions"]["power_grid"] = 0
        data["plugins"]["retired_plugin"] = "1.0"  # a second note before the scores'

    with pytest.raises(
        SaveFileError, match=r"^not verified: the final scores were \[.*\] when saved and are"
    ):
        verify_save(default_registry(), edited(pg_save, change))


def test_a_changed_final_digest_is_refused(pg_save):
    with pytest.raises(SaveFileError, match="at the end of the log differs from the one saved"):
        Game.from_save(default_registry(), edited(pg_save, lambda d: d.update(final_digest="0" * 32)))


@pytest.mark.parametrize(("actions", "checkpoints"), [(24, []), (49, [25]), (50, [25, 50])])
def test_a_save_cut_at_any_length_verifies(pg_save, actions, checkpoints):
    """Checkpoints sit after every 25th action, the last one included when the log
    length is a multiple of 25, and never past the end."""
    cut = Game.from_save(default_registry(), pg_save, upto=actions).to_save()
    assert [c.actions for c in cut.checkpoints] == checkpoints
    verify_save(default_registry(), cut)


def test_verify_under_other_rules_names_both_versions(pg_save):
    other = edited(pg_save, lambda d: d["rules_versions"].update(power_grid=0))
    other.log_digest = savefile.log_digest(other)  # as if saved under rules version 0
    _, summary = verify_save(default_registry(), other)
    assert "replayed under other rules versions (saved under power_grid 0, installed power_grid 2)" in summary
    assert summary.endswith("so digests and notations were not compared; the final scores match.")
    renamed = edited(other, lambda d: d["seats"][0].update(name="Mallory"))  # and then edited
    with pytest.raises(SaveFileError, match="has been changed since it was saved"):
        verify_save(default_registry(), renamed)


def test_unknown_fields_are_damage_at_every_level(pg_save):
    for where in ("top", "seat", "entry", "checkpoint"):

        def add_field(data, where=where):
            target = {
                "top": data,
                "seat": data["seats"][0],
                "entry": data["log"][0],
                "checkpoint": data["checkpoints"][0],
            }[where]
            target["added_by_hand"] = 1

        with pytest.raises(SaveFileError, match="unknown field `added_by_hand`"):
            edited(pg_save, add_field)


def test_only_files_over_the_limit_are_refused_as_too_large(pg_save, tmp_path, monkeypatch):
    data = savefile.encode(pg_save)
    padded = tmp_path / "padded.json"
    padded.write_bytes(data + b" " * (2_000_000 - len(data)))  # 2 MB: far below 256 MiB
    assert savefile.load(padded).log == savefile.decode(data).log
    monkeypatch.setattr(savefile, "MAX_FILE_BYTES", 2_000_000)
    assert savefile.load(padded).seed == pg_save.seed  # exactly at the limit: read
    padded.write_bytes(padded.read_bytes() + b" ")
    with pytest.raises(SaveFileError, match="2,000,001 bytes, too large"):
        savefile.load(padded)


# -- older rules versions a game still plays ----------------------------------------------


@pytest.fixture(scope="module")
def pg_v1_save() -> savefile.SaveFile:
    """The golden 4-player game that meets P-4.9's correction of Power Grid rules version 2:
    a token of a kind the discarded plant could not hold returned (action 282)."""
    from pathlib import Path

    golden = Path(__file__).parents[1] / "golden" / "format1" / "power_grid-subsidy-4p.json"
    return savefile.load(golden)


def test_a_save_under_an_older_version_still_played_replays_exactly(pg_v1_save):
    """Power Grid still plays its rules version 1 (``oldest_rules_version``): a save made
    under it is replayed under it, every move as it was played."""
    game = Game.from_save(default_registry(), pg_v1_save)
    assert game.rules_versions == {"power_grid": 1, "subsidy": 1}
    assert game.rules.rules_versions == {"power_grid": 1}  # the rules ask plays_under
    assert not game.rules.plays_under("power_grid", 2) and game.rules.plays_under("power_grid", 1)
    assert game.is_over and game.load_report.scores_match is not False
    assert (
        "played under the rules it was saved with: power_grid 1 (installed power_grid 2); "
        "`turbine upgrade --latest-rules` moves it to today's"
    ) in game.load_report.notes  # said to whoever looks at it or plays on
    # under today's rules the same log goes wrong where version 2 changed the outcome
    with pytest.raises(SaveFileError, match=r"action 282 \('return coal'"):
        Game.from_save(default_registry(), pg_v1_save, installed_rules=True)


def test_a_game_made_under_an_older_version_saves_verifies_and_plays_on_under_it():
    seats = [Seat(f"g{i}", "greedy") for i in range(3)]
    game = Game(
        default_registry(), "power_grid", players=3, seed=5, seats=seats, rules_versions={"power_grid": 1}
    )
    bots = game.make_bots()
    for _ in range(40):
        game.play(bots[game.to_move].choose(game.state, game.legal()))
    save = game.to_save()
    assert save.rules_versions == {"power_grid": 1}
    loaded = Game.from_save(default_registry(), save)
    assert loaded.load_report.same_rules and loaded.load_report.digests_compared == len(save.checkpoints) + 1
    loaded.play(loaded.legal()[0])
    assert loaded.to_save().rules_versions == {"power_grid": 1}  # played on under its own rules
    _, summary = verify_save(default_registry(), save)
    assert summary.endswith(
        "match the replay (replayed under the rules it was played with: power_grid 1 "
        "(installed power_grid 2))."
    )
    assert not Game(default_registry(), "power_grid", players=3, seed=5).rules.rules_versions  # new: today's


@pytest.mark.parametrize(
    ("versions", "message"),
    [
        (
            {"power_grid": 0},
            "power_grid rules version 0 is not played by the installed power_grid (versions 1–2)",
        ),
        (
            {"power_grid": 3},
            "power_grid rules version 3 is not played by the installed power_grid (versions 1–2)",
        ),
        ({"barrage": 1}, "rules versions: 'barrage' is neither the variant nor one of its expansions"),
    ],
)
def test_rules_versions_a_game_does_not_play_are_refused(versions, message):
    with pytest.raises(BadOptions, match=re.escape(message)):
        Game(default_registry(), "power_grid", players=3, seed=5, rules_versions=versions)


def test_a_save_under_a_version_no_longer_played_replays_under_todays_rules(pg_save, monkeypatch):
    """A game that drops its old version (``oldest_rules_version`` raised) replays such a
    save by its log, as before there were kept versions."""
    from dataclasses import replace

    registry = default_registry()
    old = edited(pg_save, lambda d: d["rules_versions"].update(power_grid=1))
    old.log_digest = savefile.log_digest(old)
    spec = registry.variant("power_grid")
    monkeypatch.setitem(registry.variants, "power_grid", replace(spec, oldest_rules_version=2))
    game = Game.from_save(registry, old)
    assert game.rules_versions == {"power_grid": 2} and not game.load_report.same_rules


def _pg1_format2() -> savefile.SaveFile:
    """The format-1 golden game meeting P-4.9's correction, in format 2 under version 1."""
    from pathlib import Path

    golden = Path(__file__).parents[1] / "golden" / "format1" / "power_grid-subsidy-4p.json"
    return Game.from_save(default_registry(), savefile.load(golden)).to_save()


def test_versions_are_kept_game_by_game():
    """A save whose expansion comes from a later rules version still plays its base game
    under the version it was saved with: it loads, and playing on is refused for the
    expansion's sake only."""
    save = _pg1_format2()
    assert save.rules_versions == {"power_grid": 1, "subsidy": 1}
    later = edited(save, lambda d: d["rules_versions"].update(subsidy=2))
    later.log_digest = savefile.log_digest(later)
    game = Game.from_save(default_registry(), later)
    assert game.rules_versions == {"power_grid": 1, "subsidy": 1} and game.is_over
    assert game.load_report.newer_rules == {"subsidy": (2, 1)}
    assert "subsidy rules version 2, newer than the installed 1" in game.load_report.why_not_play_on()


@pytest.mark.parametrize(
    ("change", "odd"),
    [
        (lambda d: d["rules_versions"].update(foo=1), "foo is not of this game"),
        (lambda d: d["rules_versions"].pop("subsidy"), "subsidy is missing"),
    ],
)
def test_rules_versions_naming_other_games_are_refused(change, odd):
    save = edited(_pg1_format2(), change)
    save.log_digest = savefile.log_digest(save)
    wrong = rf"must name exactly the game and its expansions .*: {odd}$"
    with pytest.raises(SaveFileError, match=wrong):
        Game.from_save(default_registry(), save)


def test_a_format_2_save_without_a_log_digest_counts_as_edited(pg_save):
    """Every turbine that writes format 2 writes a log digest: a blank one hides an edit."""
    blank = edited(pg_save, lambda d: d.update(log_digest="", final_digest=""))
    report = Game.from_save(default_registry(), blank).load_report
    assert report.edited
    assert "it has no log digest" in report.notes[0]
    assert report.why_not_play_on("g.json") is not None


@pytest.mark.parametrize("version", [True, "1", 1.0])
def test_rules_versions_must_be_whole_numbers(version):
    with pytest.raises(BadOptions, match="must be a whole number"):
        Game(default_registry(), "power_grid", players=3, seed=5, rules_versions={"power_grid": version})


def test_the_test_kit_plays_an_older_version():
    from turbine.core.testing import make_game

    game = make_game("power_grid", players=3, rules_versions={"power_grid": 1})
    assert game.rules_versions == {"power_grid": 1} and not game.rules.plays_under("power_grid", 2)
    assert make_game("power_grid", players=3).rules.plays_under("power_grid", 2)
