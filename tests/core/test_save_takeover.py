"""Who played each move: a seat handed over mid-game (:meth:`Game.hand_over`), the
log entry's ``by`` and the seat's ``played_by``, and the saves that predate them."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import msgspec
import pytest
from turbine.core import BadOptions, Game, SaveFileError, Seat, savefile
from turbine.core.bots import seat_bot
from turbine.core.state import canonical_bytes

GOLDEN = Path(__file__).parents[1] / "golden"


def _play(game: Game, moves: int) -> None:
    bots = {seat: game.make_bot(seat) for seat in range(game.players)}
    for _ in range(moves):
        game.play(bots[game.to_move].choose(game.state, game.legal()))


@pytest.fixture
def handed(registry) -> Game:
    """A sparks game whose first seat, a person's, a bot took over after four moves."""
    game = Game(registry, "sparks", players=2, seed=5, seats=[Seat("Ann"), Seat("Bot", "random")])
    ann = seat_bot(registry.bot("random", "sparks"), game.rules, 0, seed=5)  # Ann's moves, as she chose
    bots = {0: ann, **game.make_bots()}
    for _ in range(4):
        game.play(bots[game.to_move].choose(game.state, game.legal()))
    assert game.hand_over(0, "thrifty")
    _play(game, 6)
    return game


def test_moves_record_who_played_them_only_after_a_handover(handed):
    before, after = handed.log[:4], handed.log[4:]
    assert all(entry.by is None for entry in before)
    assert {entry.by for entry in after if entry.seat == 0} == {"thrifty"}
    assert all(entry.by is None for entry in after if entry.seat == 1)  # the random bot's own seat
    assert [handed.played_by(e) for e in before if e.seat == 0] == ["human"] * sum(
        e.seat == 0 for e in before
    )
    assert handed.seats[0] == Seat("Ann", "human", played_by="thrifty")


def test_a_handover_round_trips_and_verifies(tmp_path, registry, handed):
    path = tmp_path / "g.json"
    handed.save(str(path))
    data = json.loads(path.read_text())
    assert data["seats"] == [
        {"name": "Ann", "kind": "human", "played_by": "thrifty"},
        {"name": "Bot", "kind": "random"},
    ]
    assert all(
        ("by" in entry) == (index >= 4 and entry["seat"] == 0) for index, entry in enumerate(data["log"])
    )
    again = Game.load(registry, str(path))
    assert again.log == handed.log and again.seats == handed.seats
    assert again.make_bots().keys() == {0, 1}  # seat 1 is still a bot's after loading
    save = savefile.load(path)
    savefile.check_digests_present(save)
    savefile.check_log_digest(save)


def test_who_played_a_move_is_in_the_log_digest(handed):
    save = handed.to_save()
    entry = save.log[5] if save.log[5].by else save.log[4]
    assert entry.by == "thrifty"
    entry.by = None  # "a person played it": an edit the digest must show
    with pytest.raises(SaveFileError, match="has been changed since it was saved"):
        savefile.check_log_digest(save)


def test_a_log_without_handovers_hashes_as_it_always_did(registry):
    game = Game(registry, "sparks", players=2, seed=3, seats=[Seat("a", "random"), Seat("b", "random")])
    _play(game, 12)
    save = game.to_save()
    link = hashlib.blake2b(
        b"turbine-log-digest-1\x00"
        + canonical_bytes(
            {
                "variant": save.variant,
                "expansions": save.expansions,
                "rules_versions": save.rules_versions,
                "options": save.options,
                "players": save.players,
                "seed": save.seed,
                "seats": [[s.name, s.kind] for s in save.seats],
            }
        ),
        digest_size=16,
    ).digest()
    for entry in save.log:  # the chain docs/save-format.md describes, untouched by the new field
        link = hashlib.blake2b(
            link + canonical_bytes([entry.seat, entry.action, entry.notation]), digest_size=16
        ).digest()
    assert save.log_digest == link.hex()
    text = savefile.encode(save).decode()
    assert '"by"' not in text and '"played_by"' not in text


@pytest.mark.parametrize(
    "path", sorted(GOLDEN.glob("format*/*.json")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_golden_saves_read_without_handovers_and_write_back_the_same_seats_and_log(path):
    save = savefile.load(path)
    assert all(entry.by is None for entry in save.log)
    assert all(seat.played_by is None for seat in save.seats)
    original = json.loads(path.read_bytes())
    rewritten = json.loads(savefile.encode(save))
    assert rewritten["seats"] == original["seats"] and rewritten["log"] == original["log"]
    if save.format_version >= 2:
        assert savefile.log_digest(save) == save.log_digest


def test_a_bot_that_does_not_play_the_game_is_refused_and_nothing_changes(registry):
    game = Game(registry, "sparks", players=2, seed=1)
    with pytest.raises(BadOptions, match=r"no bot 'greedy' for sparks; bots: mcts, random, thrifty"):
        game.hand_over(1, "greedy")
    with pytest.raises(BadOptions, match="there is no seat 3"):
        game.hand_over(2, "random")
    assert game.seats == [Seat("Player 1"), Seat("Player 2")] and game.make_bots() == {}


def test_handing_a_seat_back_to_its_own_player_clears_the_record(registry):
    game = Game(registry, "sparks", players=2, seed=1, seats=[Seat("A", "random"), Seat("B")])
    assert not game.hand_over(0, "random")  # already its player
    assert game.hand_over(0, "human") and game.seats[0].played_by == "human"
    assert game.make_bots() == {}
    assert game.hand_over(0, "random") and game.seats[0].played_by is None
    assert set(game.make_bots()) == {0}


def test_the_game_copies_the_seats_it_is_given(registry):
    seats = [Seat("A"), Seat("B")]
    game = Game(registry, "sparks", players=2, seed=1, seats=seats)
    game.hand_over(0, "random")
    assert seats[0].played_by is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["log"][0].update(by=""), "has an empty 'by'"),
        (lambda d: d["seats"][0].update(played_by=" "), "seat 1 has an empty 'played_by'"),
        (lambda d: d["seats"][0].update(played_by="nobody"), "no bot 'nobody' for sparks"),
        (lambda d: d["log"][0].update(by=3), "Expected `str | null`"),
    ],
)
def test_bad_who_played_fields_are_one_line_reasons(registry, change, message):
    game = Game(registry, "sparks", players=2, seed=1)
    game.play(game.find("open 2"))
    data = msgspec.json.decode(savefile.encode(game.to_save()))
    change(data)
    with pytest.raises((SaveFileError, BadOptions), match=message):
        Game.from_save(registry, savefile.decode(msgspec.json.encode(data)))


def test_the_schema_describes_who_played(registry):
    defs = savefile.json_schema()["$defs"]
    assert "by" in defs["LogEntry"]["properties"] and "by" not in defs["LogEntry"].get("required", [])
    assert "played_by" in defs["Seat"]["properties"] and "played_by" not in defs["Seat"].get("required", [])


def test_a_move_chosen_by_someone_else_than_the_seats_player_is_recorded_as_theirs(registry):
    """A person types a move for a seat a bot plays (after the bot failed, say): the log
    says the person made it; the bot's own moves stay unmarked."""
    game = Game(registry, "sparks", players=2, seed=5, seats=[Seat("Bot", "random"), Seat("Ann")])
    typed = game.play(game.legal()[0], by="human")
    assert typed.by == "human" and game.played_by(typed) == "human"
    game.play(game.legal()[0])  # Ann's own move: she is the seat's kind
    while game.to_move != 0:
        game.play(game.legal()[0])
    own = game.play(game.legal()[0])  # the bot seat's move, made as its player
    assert game.log[1].by is None and own.by is None and game.played_by(own) == "random"
    again = Game.from_save(registry, game.to_save())
    assert [entry.by for entry in again.log] == [entry.by for entry in game.log]
