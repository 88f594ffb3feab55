"""Save files: atomic writes and one clear reason for every bad file."""

from __future__ import annotations

import json

import msgspec
import pytest
from turbine.core import Game, SaveFileError, Seat, savefile


@pytest.fixture
def played(registry):
    game = Game(registry, "sparks", players=2, seed=3, seats=[Seat("a", "random"), Seat("b", "random")])
    bots = game.make_bots()
    for _ in range(30):
        if game.is_over:
            break
        game.play(bots[game.to_move].choose(game.state, game.legal()))
    return game


def test_round_trip_through_file(tmp_path, registry, played):
    path = tmp_path / "g.json"
    played.save(str(path))
    again = Game.load(registry, str(path))
    assert again.state == played.state and again.log == played.log
    assert [c.actions for c in again.checkpoints] == [25]


def test_atomic_write_keeps_permissions(tmp_path):
    path = tmp_path / "x.json"
    savefile.write_atomic(path, b"one")
    path.chmod(0o640)
    savefile.write_atomic(path, b"two")
    assert path.stat().st_mode & 0o777 == 0o640


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "x.json"
    savefile.write_atomic(path, b"one")
    savefile.write_atomic(path, b"two")
    assert path.read_bytes() == b"two" and [p.name for p in tmp_path.iterdir()] == ["x.json"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "is empty"),
        (b"not json", "is not valid JSON"),
        (b'{"format": "turbine-save", "format_version": 1, "variant": ', "is not valid JSON"),
        (b"[1, 2]", "expected a JSON object"),
        (b'{"format": "other"}', "is not a turbine save"),
        (b'{"format": "turbine-save", "format_version": 99}', "uses save format 99, newer than"),
        (b'{"format": "turbine-save", "format_version": "1"}', "no valid format_version"),
        (b'{"format": "turbine-save", "format_version": 1, "variant": "sparks"}', "is damaged"),
    ],
)
def test_bad_files_give_one_line_reasons(data, message):
    with pytest.raises(SaveFileError, match=message) as info:
        savefile.decode(data)
    assert "\n" not in str(info.value)


def test_missing_plugin_is_named(registry, played):
    data = json.loads(savefile.encode(played.to_save()))
    data["variant"] = "barrage"
    with pytest.raises(SaveFileError, match="needs the plugin for 'barrage', which is not installed"):
        Game.from_save(registry, savefile.decode(json.dumps(data).encode()))


def test_illegal_action_in_log_names_the_step(registry, played):
    data = json.loads(savefile.encode(played.to_save()))
    data["log"][2]["action"] = {"type": "bid", "amount": 999}
    illegal = r"action 3 .*round 1, auction, seat \d \(\w+\) to move.*is illegal"
    with pytest.raises(SaveFileError, match=illegal):
        Game.from_save(registry, savefile.decode(json.dumps(data).encode()))


def test_digest_mismatch_is_detected(registry, played):
    data = json.loads(savefile.encode(played.to_save()))
    data["checkpoints"][0]["digest"] = "0" * 32
    with pytest.raises(SaveFileError, match="after action 25 differs"):
        Game.from_save(registry, savefile.decode(json.dumps(data).encode()))


def test_plugin_version_difference_alone_is_silent(registry, played):
    data = json.loads(savefile.encode(played.to_save()))
    data["plugins"]["sparks"] = "0.0.1"
    warnings: list[str] = []
    game = Game.from_save(registry, savefile.decode(json.dumps(data).encode()), warnings=warnings)
    assert warnings == []
    assert game.state == played.state
    assert game.load_report.same_rules and game.load_report.digests_compared == 2


def test_schema_describes_the_format():
    schema = savefile.json_schema()
    assert schema["$ref"].endswith("SaveFile")
    fields = schema["$defs"]["SaveFile"]["properties"]
    assert {"format_version", "variant", "seed", "log", "checkpoints"} <= set(fields)


def test_an_edited_move_whose_notation_was_left_is_named_where_the_replay_fails(registry, played):
    """A move's data changed to another legal move, its notation left as it was: the replay
    fails later (a move it makes illegal, or a checkpoint), and the message names the move
    that was edited, not only the one where the replay stopped."""
    save = played.to_save()
    game = Game(registry, "sparks", players=2, seed=3, seats=[Seat("a", "random"), Seat("b", "random")])
    for index, entry in enumerate(save.log):
        rules = game.rules
        other = next(
            (a for a in game.legal() if rules.describe(a) != entry.notation and rules.describe(a) != "pass"),
            None,
        )
        if other is not None:
            data = json.loads(savefile.encode(save))
            data["log"][index]["action"] = json.loads(msgspec.json.encode(other))
            try:
                Game.from_save(registry, savefile.decode(json.dumps(data).encode()))
            except SaveFileError as exc:
                written = rules.describe(other)
                assert f"action {index + 1} is written {entry.notation!r} but its data is {written!r}" in str(
                    exc
                )
                return
        game.play(rules.action_from_data(entry.action))
    pytest.fail("no edit made the replay fail")
