"""``turbine demo``: a bot-versus-bot game that ends with a result and a save.

The quick start's first command.  Without a variant it plays the installed
variant with the highest ``VariantSpec.demo_priority`` (ties: alphabetical).
Seats are the variant's ``greedy`` bot when it has one, else the first of the game's own
bots, else ``random``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from pathlib import Path

from rich.text import Text
from turbine.core import Game, Registry, Seat
from turbine.core.botopts import parse_bot_options, with_bot_options
from turbine.core.bots import default_seat_name
from turbine.core.session import options_model

from . import output, scoreboard
from .common import HINT_BOT, CliError, Interrupted, own_bots, parse_options, player_count, save_game


def pick_variant(registry: Registry, variant: str | None) -> str:
    if variant is not None:
        return registry.variant(variant).id
    if not registry.variants:
        raise CliError("no variant is installed; `turbine plugins` shows what failed to load")
    specs = sorted(registry.variants.values(), key=lambda s: (-s.demo_priority, s.id))
    return specs[0].id


@contextlib.contextmanager
def _saved_if_stopped(game: Game, out: Path) -> Iterator[None]:
    """Ctrl-C while the bots play: the game so far is saved and said to be (a demo's game is
    otherwise saved once it ends)."""
    try:
        yield
    except KeyboardInterrupt:
        save_game(game, out)
        raise Interrupted(
            f"stopped after {len(game.log)} moves; {out} holds the game so far: turbine replay {out} shows it"
        ) from None


def run_demo(
    registry: Registry,
    variant: str | None,
    players: int | None,
    seed: int,
    bots: str | None,
    out: Path,
    expansions: Sequence[str] = (),
    options: Sequence[str] = (),
    bot_options: Sequence[str] = (),
) -> Game:
    """Play the demo; ``options`` are the variant's as ``KEY=VALUE`` (``--option``),
    ``bot_options`` the bots' as ``BOT.KEY=VALUE`` (``--bot-option``)."""
    variant_id = pick_variant(registry, variant)
    spec = registry.variant(variant_id)
    chosen = parse_options(options_model(registry, variant_id, expansions), options)
    registry = with_bot_options(registry, parse_bot_options(registry, variant_id, bot_options))
    playing = registry.bots_for(variant_id)
    kind = bots or next((b for b in (HINT_BOT, *own_bots(registry, variant_id)) if b in playing), "random")
    if kind == "human":
        raise CliError("demo plays bots in every seat; to play yourself: `turbine new`, then `turbine play`")
    count = player_count(spec, players, min(max(4, spec.min_players), spec.max_players))
    seats = [Seat(default_seat_name(i, kind), kind) for i in range(count)]
    game = Game(
        registry, variant_id, players=count, seed=seed, seats=seats, options=chosen, expansions=expansions
    )
    with_text = "".join(f" with {registry.expansion(e, variant_id).name}" for e in expansions)
    given = f" ({', '.join(f'{k}={_typed(v)}' for k, v in chosen.items())})" if chosen else ""
    output.out.print(Text(f"{spec.name}{with_text}{given}: {count} {kind} bots, seed {seed}", style="bold"))
    rules = game.rules
    players_bots = game.make_bots()
    bound = rules.decision_bound()
    shown_round = rules.round_number(game.state)
    with output.waiting("the bots are playing…") as status, _saved_if_stopped(game, out):
        while not game.is_over and len(game.log) < bound:
            seat = game.to_move
            assert seat is not None
            if status is not None:
                status.update(
                    Text(
                        f"round {shown_round} · {output.seat_label(game, seat)} is thinking…", style="magenta"
                    )
                )
            game.play(players_bots[seat].choose(game.state, game.legal()))
            if rules.round_number(game.state) != shown_round or game.is_over:
                said = ", ".join(  # the count first: a name may end in a number (Greedy bot 2)
                    f"{score} ({rules.player_name(s)})" for s, score in enumerate(rules.scores(game.state))
                )
                output.say(output.out, f"  after round {shown_round}, {rules.score_name()}: {said}", "dim")
                shown_round = rules.round_number(game.state)
    save_game(game, out)
    output.board(game, None, title=f"{spec.name} · final position", with_scores=not game.is_over)
    if not game.is_over:
        raise CliError(
            f"the game did not end within {bound} decisions, the bound its rules give "
            f"({type(rules).__name__}.decision_bound()); saved to {out}"
        )
    output.out.print()
    scoreboard.print_scores(game, final=True)
    output.out.print(Text(output.winners_line(game), style="bold green"))
    output.say(
        output.out, f"{len(game.log)} moves saved to {out}; replay it with `turbine replay {out} --verify`"
    )
    return game


def _typed(value: object) -> str:
    """An option's value as it is typed after ``-o KEY=``: ``false``, not ``False``."""
    return str(value).lower() if isinstance(value, bool) else str(value)
