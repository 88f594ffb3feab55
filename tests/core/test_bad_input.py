"""Every bad input is a typed error with one line, and nothing is lost."""

from __future__ import annotations

import json
import os

import pytest
from turbine.core import BadOptions, Game, SaveFileError, Seat, default_registry, savefile


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"format":"turbine-save","x":"\xff"}', "not valid UTF-8 text (byte 0xff at offset 30)"),
        (b'{"format":"turbine-save","seats":[{"name":"\xc3"}]}', "not valid UTF-8"),
        (b"[" * 2000 + b"]" * 2000, "nested too deeply"),
        (b'{"format":"turbine-save","format_version":2,"x":' + b"[" * 5000 + b"]" * 5000 + b"}", "nested"),
    ],
)
def test_undecodable_bytes_are_one_line_errors(data, message):
    with pytest.raises(SaveFileError, match=message.replace("(", r"\(").replace(")", r"\)")) as info:
        savefile.decode(data)
    assert "\n" not in str(info.value)


def test_a_killed_writes_leftovers_are_removed_by_the_next_save(tmp_path):
    path = tmp_path / "game.json"
    savefile.write_atomic(path, b"one")
    for n in range(3):  # what a write killed between mkstemp and rename leaves
        (tmp_path / f".game.json.leftover{n}.tmp").write_bytes(b"half")
    (tmp_path / ".other.json.x.tmp").write_bytes(b"another save's")
    savefile.write_atomic(path, b"two")
    assert path.read_bytes() == b"two"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.json.x.tmp", "game.json"]


def test_leeghwater_with_the_introductory_game_is_bad_options():
    with pytest.raises(BadOptions, match="needs Barrage's full game"):
        Game(
            default_registry(),
            "barrage",
            players=2,
            seed=1,
            options={"mode": "intro"},
            expansions=["leeghwater"],
        )


def test_a_leeghwater_save_edited_to_the_introductory_game_cannot_be_set_up():
    game = Game(default_registry(), "barrage", players=2, seed=1, expansions=["leeghwater"])
    data = json.loads(savefile.encode(game.to_save()))
    data["options"]["mode"] = "intro"
    with pytest.raises(SaveFileError, match=r"cannot be set up: .*needs Barrage's full game"):
        Game.from_save(default_registry(), savefile.decode(json.dumps(data).encode()))


def test_a_huge_file_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 1000)
    monkeypatch.setattr(savefile, "MAX_FILE_BYTES", 999)
    with pytest.raises(SaveFileError, match="1,000 bytes, too large"):
        savefile.load(path)


def test_an_unreadable_path_is_a_save_file_error(tmp_path):
    with pytest.raises(SaveFileError, match="cannot read"):
        savefile.load(tmp_path)  # a folder
    if os.geteuid() != 0:  # root reads anything
        locked = tmp_path / "locked.json"
        locked.write_bytes(b"{}")
        locked.chmod(0)
        with pytest.raises(SaveFileError, match="cannot read"):
            savefile.load(locked)


def test_a_save_with_wrong_seat_count_or_seat_numbers_is_damaged():
    game = Game(default_registry(), "power_grid", players=2, seed=1, seats=[Seat("a"), Seat("b")])
    game.play(game.legal()[0])
    data = json.loads(savefile.encode(game.to_save()))
    with pytest.raises(SaveFileError, match="3 seats for 2 players"):
        savefile.decode(json.dumps({**data, "seats": [*data["seats"], {"name": "c"}]}).encode())
    data["log"][0]["seat"] = 2  # seats are stored from 0: the third seat
    with pytest.raises(SaveFileError, match="recorded for seat 3, but seats are numbered 1–2"):
        savefile.decode(json.dumps(data).encode())
    data["log"][0]["seat"] = -1  # said as the number it is, not as "seat 0"
    below = r"is damaged: Expected `int` >= 0 - in action 1 \(`\$\.log\[0\]\.seat`\)$"
    with pytest.raises(SaveFileError, match=below):
        savefile.decode(json.dumps(data).encode())


def _saved_game(*names: str) -> dict:
    game = Game(default_registry(), "power_grid", players=2, seed=1, seats=[Seat(n) for n in names])
    game.play(game.legal()[0])
    return json.loads(savefile.encode(game.to_save()))


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (lambda d: d["seats"][1].update(name="Ben\x1b[2J"), "seats[1].name holds U+001B"),
        (lambda d: d["log"][0].update(notation="open\n3"), "log[0].notation holds U+000A"),
        (lambda d: d["options"].update({"map\x07": "russia"}), "a key in options holds U+0007"),
        (lambda d: d["seats"][0].update(kind="human\x85"), "seats[0].kind holds U+0085"),
        (lambda d: d["seats"][0].update(name="\x7fAnna"), "seats[0].name holds U+007F"),
        (lambda d: d["log"][0].update(notation="open 3\x9f"), "log[0].notation holds U+009F"),
        (lambda d: d["seats"][1].update(name="Ben\u202egnp.exe"), "seats[1].name holds U+202E"),
        (lambda d: d["seats"][1].update(name="Ben\u2028Ann"), "seats[1].name holds U+2028"),
        (lambda d: d["seats"][1].update(name="\u2066Ben"), "seats[1].name holds U+2066"),
    ],
)
def test_a_control_character_anywhere_in_a_save_is_damage(edit, where):
    """Every text of a save is printed to a terminal, where a control character could
    move the cursor or clear the screen."""
    data = _saved_game("Anna", "Ben")
    edit(data)
    with pytest.raises(SaveFileError) as info:
        savefile.decode(json.dumps(data).encode())
    assert str(info.value) == f"save file is damaged: {where}, a control character no turbine writes"


def test_a_backslash_or_any_printable_text_in_a_save_is_kept():
    kept = ["C:\\new", "Zoë 🙂\xa0~\u2027\u202f\u2065\u206a\u200d"]  # each range's neighbours; a joiner
    save = savefile.decode(json.dumps(_saved_game(*kept)).encode())
    assert [s.name for s in save.seats] == kept


def test_a_seat_name_with_a_control_character_is_bad_options():
    with pytest.raises(BadOptions, match=r"seat 2's name 'B\\x1bn' holds a control character \(U\+001B\)"):
        Game(default_registry(), "power_grid", players=2, seed=1, seats=[Seat("a"), Seat("B\x1bn")])


def test_a_file_just_over_256_mib_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:  # sparse: no disk space used
        handle.truncate(256 * 1024 * 1024 + 1)
    with pytest.raises(SaveFileError, match="268,435,457 bytes, too large"):
        savefile.load(path)


def test_a_new_save_gets_the_usual_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        savefile.write_atomic(tmp_path / "new.json", b"{}")
    finally:
        os.umask(old)
    assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o644  # 0o666 less the umask


@pytest.mark.parametrize("options", [{"max_rounds": True}, {"max_rounds": False}])
def test_true_or_false_is_no_number_of_rounds(options):
    # pydantic reads true as 1: the game would have ended after one round
    with pytest.raises(BadOptions, match=r"^option max_rounds: give a number, not (true|false)$"):
        Game(default_registry(), "power_grid", players=2, seed=0, options=options)


def test_true_is_no_number_for_an_expansion_s_option_either():
    with pytest.raises(BadOptions, match=r"^option subsidy\.amount: give a number, not true$"):
        Game(
            default_registry(),
            "power_grid",
            players=2,
            seed=0,
            expansions=["subsidy"],
            options={"subsidy": {"amount": True}},
        )


def test_a_log_entry_of_the_wrong_type_is_named_as_its_action():
    """``$.log[5]`` is action 6: the actions are numbered from 1 in every other message."""
    save = json.loads(savefile.encode(Game(default_registry(), "power_grid", players=2, seed=0).to_save()))
    save["log"] = [{"seat": "1", "action": {"type": "pass"}, "notation": "pass"}]
    with pytest.raises(
        SaveFileError, match=r"is damaged: Expected `int`, got `str` - in action 1 \(`\$\.log\[0\]\.seat`\)$"
    ):
        savefile.decode(json.dumps(save).encode())
    save["seed"] = "1"
    with pytest.raises(SaveFileError, match=r"- at `\$\.seed`$"):
        savefile.decode(json.dumps(save).encode())


def test_an_option_with_no_default_says_to_give_it():
    """pydantic's 'Field required (got {})' named neither what to do nor how."""
    from pydantic import BaseModel
    from turbine.core.session import validate_options

    class Needs(BaseModel):
        max_step: int

    with pytest.raises(
        BadOptions, match=r"^option max_step has no default: give it \(--option max_step=VALUE\)$"
    ):
        validate_options(Needs, {})
