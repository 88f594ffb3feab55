"""Golden saves: finished games written by earlier turbines load and replay today.

Each file under ``tests/golden/format*/`` is a save as a user would have it; its
outcome (actions, final scores, winners) is recorded in ``MANIFEST.json``.  A
change that breaks one of these tests changes the outcome of a logged game: it
must bump the rules version of that game (docs/save-format.md) and say why in
its commit, and the file is kept, never regenerated.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from turbine.core import Game, SaveFileError, default_registry, savefile
from turbine.core.session import kept_rules_versions, verify_save

HERE = Path(__file__).parent
MANIFEST: dict[str, dict] = json.loads((HERE / "MANIFEST.json").read_text())

# Every variant, map, mode and expansion at 2 and 4 players (issue: saves that last).
REQUIRED = {
    f"{game}-{players}p"
    for game in (
        "power_grid-russia",
        "power_grid-japan",
        "power_grid-subsidy",
        "barrage-intro",
        "barrage-full",
        "barrage-leeghwater",
        "sparks",
    )
    for players in (2, 4)
}


def installed_versions(entry: dict) -> dict[str, int]:
    registry = default_registry()
    versions = {entry["variant"]: registry.variant(entry["variant"]).rules_version}
    return versions | {e: registry.expansions[e].rules_version for e in entry["expansions"]}


def test_every_game_has_a_golden_save_under_todays_rules() -> None:
    """A rules version bump must come with new golden saves (tests/golden/make_golden.py
    adds them), so each version of each game keeps a logged game to hold it to."""
    current = {
        Path(key).name.split(".")[0]
        for key, entry in MANIFEST.items()
        if entry["rules_versions"] == installed_versions(entry)
        and key.startswith(f"format{savefile.FORMAT_VERSION}/")
    }
    assert current >= REQUIRED, f"missing golden saves: {sorted(REQUIRED - current)}"
    on_disk = {f"{p.parent.name}/{p.name}" for p in HERE.glob("format*/*.json")}
    assert on_disk == set(MANIFEST), "every golden save is in MANIFEST.json and the other way round"


@pytest.mark.parametrize("key", sorted(MANIFEST))
def test_golden_save_replays_to_its_recorded_outcome(key: str) -> None:
    expected = MANIFEST[key]
    save = savefile.load(HERE / key)
    assert save.variant == expected["variant"]
    assert save.expansions == expected["expansions"]
    game = Game.from_save(default_registry(), save)
    assert game.rules_versions == kept_rules_versions(default_registry(), save)
    if game.rules_versions != expected["rules_versions"]:
        # a version its game no longer plays: the save still loads, replayed by its log
        # under today's rules for that game
        assert not game.load_report.same_rules
        return
    # today's versions, or older ones still played: replayed exactly as it was played
    assert game.is_over
    assert len(game.log) == expected["actions"]
    assert game.rules.scores(game.state) == expected["scores"]
    assert [s + 1 for s in game.rules.winner(game.state)] == expected["winners"]
    if save.format_version >= 2:  # saves that carry every digest verify in full
        verified, _ = verify_save(default_registry(), save)
        assert verified.load_report.same_rules
        assert verified.load_report.digests_compared == len(save.checkpoints) + 1


KEPT = sorted(key for key, entry in MANIFEST.items() if entry.get("kept"))


def test_every_kept_rules_version_has_a_golden_game_it_decides():
    """Each older version a game still plays holds a golden game (make_golden.py ``KEPT``)."""
    kept = {name for key in KEPT for name in MANIFEST[key]["rules_versions"] if name != "subsidy"}
    assert kept >= {"power_grid", "barrage", "leeghwater"}


@pytest.mark.parametrize("key", KEPT)
def test_a_kept_version_golden_game_ends_otherwise_under_todays_rules(key: str) -> None:
    """The game replays to its outcome under its own versions (the test above); under the
    installed ones it goes otherwise, so it really holds the older rules to their outcome."""
    expected = MANIFEST[key]
    save = savefile.load(HERE / key)
    try:
        today = Game.from_save(default_registry(), save, installed_rules=True)
    except SaveFileError:
        return  # a logged move is refused or comes at another seat's turn today
    assert (len(today.log), today.is_over and today.rules.scores(today.state)) != (
        expected["actions"],
        expected["scores"],
    )
