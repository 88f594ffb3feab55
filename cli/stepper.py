"""``turbine replay``'s stepper: a saved game, one move at a time.

The stepping logic (states, what changed, search) is :mod:`turbine.core.replay`;
this module only reads commands and draws.  Each step shows the board as it was
after the move, then the move (with its seat, round and phase when it was
played) and what the automatic steps after it changed, and last the prompt, so
that the question stays on screen under a board that may be taller than it.
"""

from __future__ import annotations

import copy
from pathlib import Path

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from turbine.core import Game, ParseError, savefile
from turbine.core.botopts import parse_bot_options, with_bot_options
from turbine.core.layout import plural
from turbine.core.replay import Replay
from turbine.core.session import verify_save

from . import output, scoreboard, screen
from .common import CliError, about, ask, ask_hint, did_you_mean, line_editing, registry

HELP = """\
Commands (one a line):
  Enter, n, next     the next move
  p, prev            the move before
  N, g N, go N       the position after N moves (0: the start)
  first, last        the start, the end
  round N            the start of round N (before its first move)
  /TEXT, find TEXT   the next move whose notation contains TEXT ('/' alone: search again)
  log [N]            N moves around this one (default 10), with what the rules said
  scores [COUNT]     each seat's score by source at this step, and the score (or another of
                     the players' counts: 'scores money') at the end of each round so far
  as N, as all       draw the board as seat N sees it, or everything
  board              show this step again
  brief              the panel of the seat that moved, as the table showed it, instead of
                     the whole board (again: the whole board)
  view NAME [ARG]    a view of the game at this step ('view' lists them; NAME alone works)
  hint [BOT]         the move a bot (greedy unless named) would have made instead of this one
  help, ?            this text
  q, quit            leave"""

COMMAND_WORDS = (
    "next", "prev", "go", "first", "last", "round", "find", "log", "scores",
    "as", "board", "brief", "view", "hint", "help", "quit",
)  # fmt: skip
"""The commands of :data:`HELP` by their full names, for an unknown one to be put right
(``sores 2`` → ``scores 2``)."""

LOG_AROUND = 10
"""Moves listed by ``log`` without a number."""

BELOW_BOARD = 6
"""Rows a step takes under the board: its heading, what the move changed, the prompt."""


class Stepper:
    """Reads commands and shows the steps of one :class:`Replay`."""

    def __init__(self, replay: Replay, *, seat: int | None = None, start: int = 0) -> None:
        self.replay = replay
        self.seat = seat
        """The seat whose view is drawn (0-based), ``None``: everything the game shows."""
        self.step = start
        self.last_search = ""
        self.console = output.out
        self._told: list[list[str]] | None = None
        """What the automatic steps after each move said, read when the log is first shown."""
        self.brief = False
        """Draw the mover's panel (:meth:`Rules.turn_view`) rather than the whole board."""
        self._told_at: dict[int, list[str]] = {}
        """What the automatic steps after one move said, for the steps shown so far."""

    # -- the loop -----------------------------------------------------------------

    def run(self) -> None:
        line_editing()
        self.brief = self.console.is_terminal and not self.board_fits()
        self.show()  # the board is tall: the keys come under it, just above the prompt
        shown = "the whole board" if self.brief else "the mover's panel"
        self.say(
            f"{self.replay.game.spec.name} · {len(self.replay)} moves · Enter: next move, a number: "
            f"that step, 'round N', 'scores', 'brief': {shown}, 'help': the commands, 'q': quit",
            "bold",
        )
        while True:
            line = self.read()
            if line is None or not self.handle(line):
                return

    def read(self) -> str | None:
        """One line of input; ``None`` at end of input or Ctrl-C (both leave)."""
        try:
            return ask(self.console, Text(f"[{self.step}/{len(self.replay)}] > ", style="bold cyan"))
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            return None

    def handle(self, line: str) -> bool:
        """Act on one command; ``False`` to leave."""
        text = line.strip()
        words = text.split(maxsplit=1)
        command = words[0].lower() if words else ""
        rest = words[1].strip() if len(words) > 1 else ""
        total = len(self.replay)
        if command in {"q", "quit", "exit"} and not rest:
            return False
        if command in {"", "n", "next"} and not rest:
            if self.step >= total:
                self.say(f"This is the last step ({total}); 'first' or a number goes back.", "yellow")
            else:
                self.go(self.step + 1)
        elif command in {"p", "prev", "previous"} and not rest:
            if self.step <= 0:
                self.say("This is the start; there is no move before it.", "yellow")
            else:
                self.go(self.step - 1)
        elif command.isascii() and command.isdigit() and not rest:
            self.jump(command)
        elif command in {"g", "go", "goto"}:
            self.jump(rest)
        elif command == "first" and not rest:
            self.go(0)
        elif command == "round":
            self.to_round(rest)
        elif command == "scores":
            self.scores(rest)
        elif command == "as":
            self.look_as(rest)
        elif command == "last" and not rest:
            self.go(total)
        elif text.startswith("/"):
            self.find(text[1:])
        elif command == "find":
            self.find(rest)
        elif command == "log" and (not rest or (rest.isascii() and rest.isdigit())):
            self.log(int(rest) if rest else LOG_AROUND)
        elif command == "board" and not rest:
            self.show()
        elif command == "brief" and not rest:
            self.brief = not self.brief
            self.show()
        elif command == "hint":
            self.hint(rest)
        elif command in {"help", "?", "h"} and not rest:
            output.say(self.console, _reflowed(HELP), hang=" " * 19)  # each text under its column
        elif command == "view" or command in self.game_at(self.step).views():
            self.view(*(rest.split(maxsplit=1) if command == "view" else (command, rest)))
        else:
            meant = did_you_mean(text, [*COMMAND_WORDS, *self.game_at(self.step).views()])
            also = f"did you mean {meant!r}?" if meant else "type 'help' for the commands."
            self.say(f"Unknown command {text!r}; {also}", "yellow")
        return True

    # -- moving -------------------------------------------------------------------

    def go(self, step: int) -> None:
        self.step = step
        self.show()

    def jump(self, number: str) -> None:
        total = len(self.replay)
        if not (number.isascii() and number.isdigit()):
            self.say("Go where? Give a step number, e.g. 'go 12' or just '12'.", "yellow")
        elif int(number) > total:
            self.say(f"There is no step {int(number)}: steps go from 0 to {total}.", "yellow")
        else:
            self.go(int(number))

    def to_round(self, number: str) -> None:
        """The position before the first move of round ``number``."""
        first = self.replay.round_start(int(number)) if number.isascii() and number.isdigit() else None
        if not number:
            self.say("Which round? e.g. 'round 3'.", "yellow")
        elif first is None:
            rounds = self.replay.rounds()
            known = f"rounds {rounds[0]}–{rounds[-1]}" if rounds else "no rounds"
            self.say(f"No move of the log is in round {number}: it has {known}.", "yellow")
        else:
            self.go(first)

    def look_as(self, who: str) -> None:
        """Draw from now on as seat ``who`` (from 1) sees the game, or everything (``all``)."""
        players = self.replay.game.players
        if who.lower() in {"all", "everything", "everyone"}:
            self.seat = None
        elif who.isascii() and who.isdigit() and 1 <= int(who) <= players:
            self.seat = int(who) - 1
        else:
            self.say(f"As whom? 'as N' for a seat from 1 to {players}, or 'as all'.", "yellow")
            return
        self.show()

    def find(self, text: str) -> None:
        wanted = text.strip() or self.last_search
        if not wanted:
            self.say("Find what? e.g. '/build' or 'find bid 16'.", "yellow")
            return
        self.last_search = wanted
        found = self.replay.find(wanted, self.step + 1)
        if found is None:
            self.say(f"No move contains {wanted!r}.", "yellow")
        elif found == self.step:
            self.say(f"This is the only move that contains {wanted!r}.", "yellow")
        else:
            wrapped = found <= self.step
            self.go(found)
            if wrapped:  # under the board, where it is read: said above it, it scrolled away
                self.say(f"Searched past the last move: back to move {found}.", "yellow")

    def hint(self, asked: str) -> None:
        """What a bot (:func:`.common.ask_hint`) would have played instead of the move on
        show: from the position before it, deciding from its seat's view, as ``turbine
        play``'s ``hint`` would have said then."""
        if self.step == 0:
            self.say("Step 0 is the start, before any move: go to a move first (Enter).", "yellow")
            return
        before = self.game_at(self.step - 1)
        try:
            name, action = ask_hint(before, asked, self.console)
        except CliError as exc:
            self.say(str(exc), "yellow")
            return
        entry = self.replay.entry(self.step)
        rules = before.rules
        same = rules.action_from_data(entry.action) == action
        played = f"Move {self.step}, {output.seat_label(before, entry.seat)}: {entry.notation}."
        if same:
            self.say(f"{played} {name} would have played the same move.", "cyan")
        else:
            self.say(f"{played} {name} would have played {rules.choice_text(before.state, action)}.", "cyan")

    # -- display ------------------------------------------------------------------

    def view(self, name: str = "", arg: str = "") -> None:
        """View ``name`` of the game as it stood at this step, or the list of views."""
        game = self.game_at(self.step)
        views = game.views()
        if name.lower() not in views:
            listed = ", ".join(views) or "none in this game"
            self.say(f"views: {listed}" if not name else f"{name!r} is no view; views: {listed}", "yellow")
            return
        try:
            output.lay_out(game, self.console)
            text = game.render_view(self.seat, name.lower(), arg.strip())
        except ParseError as exc:
            self.say(str(exc), "yellow")
            return
        output.rule(
            self.console, Text(f"{game.spec.name} · step {self.step} · {name} {arg}".rstrip(), style="bold")
        )
        output.print_wrapped(self.console, output.game_text(text))

    def board_fits(self) -> bool:
        """The whole board at the start, with the move under it, fits the terminal: else a
        terminal's steps draw the mover's panel (``brief``), or the step's heading and the
        board's top would scroll away at every step (a Barrage board is 180 lines at 80
        columns); output to a file or a pipe has no rows to fit, and gets the board."""
        with self.console.capture() as drawn:
            output.board(self.game_at(self.step), self.seat, title=self.title(self.game_at(self.step)))
        return drawn.get().count("\n") + BELOW_BOARD <= self.console.height

    def game_at(self, step: int) -> Game:
        """The replayed game as it stood at ``step``, for output's helpers (they draw a Game)."""
        game = copy.copy(self.replay.game)
        game.state = self.replay.state(step)
        game.log = self.replay.game.log[:step]
        game._legal = None  # a cached legal list belongs to the last step
        return game

    def show(self) -> None:
        """The board, then the move and what it changed, just above the prompt."""
        step = self.step
        game = self.game_at(step)
        panel_of = self.panel_seat(step)
        if panel_of is None:
            output.board(game, self.seat, title=self.title(game))
        else:  # the panel the table showed: a screen of 80 × 24 holds it with the move
            output.rule(self.console, Text(self.title(game), style="bold"))
            output.lay_out(game, self.console)
            if screen.screen_lines(self.console) < screen.SCREEN_LINES:  # the rows the move leaves it
                with self.console.capture() as below:
                    self.say_move(step, game)
                game.rules.table_rows = max(0, self.console.height - 2 - below.get().count("\n"))
            try:
                panel = game.rules.turn_view(game.state, panel_of)
            finally:
                game.rules.table_rows = None
            output.print_fitted(self.console, output.game_text(_nobody_you(panel)))
        self.say_move(step, game)

    def say_move(self, step: int, game: Game) -> None:
        """The move, what it changed and, at the log's end, how the game stands."""
        replay = self.replay
        header = self.header(step)
        if cell_len(header) <= self.console.width:
            self.say(header, "bold")
        else:  # where on one line, the move under it: a name is not broken in two
            where, *move = self.header_parts(step)
            self.say(where, "bold")
            for part in move:
                self.say(f"  {part}", "bold")
        if step:
            said = output.forced_answers(game, replay.entry(step).seat, self.told_at(step))[1]
            lines = replay.changes(step)
            if said or lines:
                self.say("After it:")
                for line in said:  # the rules' own words: an income, the water, a round's scoring
                    self.say(f"  {line}")
                for line in lines:  # and the counts that changed
                    self.say(f"  {line}", "dim" if said else "")
            else:
                self.say("After it: the round, the phase and the players' counts are as they were.", "dim")
        if step == len(replay):
            if game.is_over:
                self.say(output.winners_line(game), "bold green")
            elif replay.stopped is None:
                self.say("The end of the log: the game goes on from here.", "dim")
            if replay.stopped is not None:
                self.say(f"The log replays no further: {replay.stopped}", "yellow")

    def panel_seat(self, step: int) -> int | None:
        """Whose panel a brief step draws: the seat drawn for, else the seat that made the
        move (at the start, the seat to move); ``None``: the whole board (not brief, or
        the game is over)."""
        if not self.brief or self.replay.rules.is_over(self.replay.state(step)):
            return None
        if self.seat is not None:
            return self.seat
        if step:
            return self.replay.entry(step).seat
        return self.replay.rules.to_move(self.replay.state(0))

    def title(self, game: Game) -> str:
        """The board's heading: the game, the step, where it stands and whose view, the
        game's name left out where the rest would not fit the line (whose view never is)."""
        seen = "everything shown" if self.seat is None else f"as seen by {output.seat_label(game, self.seat)}"
        parts = [f"after {self.step} of {len(self.replay)} moves", output.place(game), seen]
        if self.replay.game.load_report.edited:  # the warning above has scrolled away by now
            parts.append("changed since it was saved")
        title = " · ".join(part for part in [game.spec.name, *parts] if part)
        if cell_len(title) + 3 > self.console.width:  # the rule's own characters need some room
            title = " · ".join(part for part in parts if part)
            title = title[:1].upper() + title[1:]
        return title

    def header(self, step: int) -> str:
        """``Step 12/340 · round 2 · auction · Seat 3 · Greedy bot 3: bid 16  (…)``: the move
        as its menu showed it, what it cost and did (:meth:`Rules.choice_text`, on the
        position it was played in), then the answers the rules gave for it, the only ones.
        Drawn as another seat sees the game, that seat's private move is what the others may
        know of it (:meth:`Rules.public_text`)."""
        return " · ".join(self.header_parts(step))

    def header_parts(self, step: int) -> tuple[str, ...]:
        """:meth:`header` in two parts, where (``Step 12/340 · round 2 · auction``) and
        the move (``Seat 3 · Greedy bot 3: bid 16  (…)``), so that a header too long for a
        line breaks between them rather than inside a player's name; one at the start."""
        replay = self.replay
        if step == 0:
            return (f"Step 0/{len(replay)} · the start, before any move",)
        where = replay.where_before(step)
        entry = replay.entry(step)
        rules = replay.rules
        action = rules.action_from_data(entry.action)
        if self.seat is None or self.seat == entry.seat:
            move = rules.choice_text(replay.state(step - 1), action)
        else:
            move = rules.public_text(action)
        forced, _ = output.forced_answers(replay.game, entry.seat, self.told_at(step))
        if forced:
            move += " · " + output.forced_text(forced, notation_only=True)
        parts = [f"Step {step}/{len(replay)}"]
        if where.round:
            parts.append(f"round {where.round}")
        if where.phase:
            parts.append(where.phase)
        mover = output.seat_label(replay.game, entry.seat)
        return " · ".join(parts), f"{mover}: {move}{output.played_by_note(entry)}"

    def told_at(self, step: int) -> list[str]:
        """What the automatic steps after move ``step`` said: the move played again, the
        rules narrating, on a copy of the position it was played in."""
        if self._told is not None:
            return self._told[step - 1]
        if step not in self._told_at:
            rules = self.replay.rules
            state = rules.clone(self.replay.state(step - 1))
            with rules.narrating() as told:
                rules.perform(state, rules.action_from_data(self.replay.entry(step).action))
            self._told_at[step] = list(told)
        return self._told_at[step]

    def scores(self, measure: str = "") -> None:
        """The score table by source at this step, then a count at the end of each round:
        when who pulled ahead.  The count is ``measure`` (one of the game's tallies), or the
        score; where the score tells nobody apart at any round's end, the first count that
        does."""
        game = self.game_at(self.step)
        rules = game.rules
        counts = list(rules.tallies(game.state))
        named = {count.lower(): count for count in counts}  # 'scores vp' for Barrage's VP
        wanted = named.get(" ".join(measure.lower().split()), "") if measure.strip() else ""
        if measure.strip() and not wanted:
            self.say(f"{measure!r} is no count of this game; its counts: {', '.join(counts)}.", "yellow")
            return
        scoreboard.print_scores(game, final=game.is_over and self.step == len(self.replay))
        name = wanted or rules.score_name()
        rounds = self.replay.by_round(wanted or None, self.step)
        if not wanted and not _varies(rounds):
            for count in counts:
                tried = self.replay.by_round(count, self.step)
                if _varies(tried):
                    name, rounds = count, tried
                    break
        if not rounds:
            return
        self.say(f"{name[:1].upper()}{name[1:]} at the end of each round so far:", "bold")
        table = Table(box=None, pad_edge=False, header_style="dim")
        table.add_column("round", justify="right")
        for seat in range(game.players):
            table.add_column(f"seat {seat + 1}", justify="right")
        for number, values in rounds:
            table.add_row(str(number), *map(str, values))
        self.console.print(table)
        others = [count for count in counts if count != name]
        if others:
            self.say(f"by round too: {', '.join(f'scores {count}' for count in others)}", "dim")

    def log(self, count: int) -> None:
        """``count`` moves around the current one, the current one marked."""
        replay, total = self.replay, len(self.replay)
        if not total:
            self.say("(no moves)", "dim")
            return
        count = max(1, count)
        first = max(1, min(self.step - count // 2, total - count + 1))
        last = min(total, first + count - 1)
        if self._told is None:  # what was said after each move: its forced answers join it
            self._told = replay.game.told_by_entry()
        for step in range(first, last + 1):
            entry = output.log_entry_line(replay.game, step, replay.entry(step), self._told[step - 1])
            line = Text("▶" if step == self.step else " ") + entry
            for part in output.wrap_line(line, self.console.width, hang="      "):
                self.console.print(part, style="bold" if step == self.step else "", no_wrap=True)
            for said in output.forced_answers(replay.game, replay.entry(step).seat, self._told[step - 1])[1]:
                for piece in output.wrap(said, self.console.width, indent="         "):
                    self.console.print(Text(piece, style="dim"), no_wrap=True)

    def say(self, text: str, style: str = "") -> None:
        output.say(self.console, text, style)


def run_stepper(
    path: Path,
    *,
    as_seat: int | None = None,
    start: int | None = None,
    verify: bool = False,
    bot_options: list[str] | None = None,
) -> None:
    """Replay the save at ``path`` and step through it (``as_seat`` from 1; ``start``: a
    step; ``verify``: first check it as ``replay --verify`` does, and say so;
    ``bot_options``: ``BOT.KEY=VALUE`` settings of the bots ``hint`` asks)."""
    save, twice = savefile.load_checked(path, strict=verify)
    total = len(save.log)
    if start is not None and not 0 <= start <= total:
        raise CliError(f"--to must be between 0 and {total} (the log has {plural(total, 'action')})")
    if as_seat is not None and not 1 <= as_seat <= save.players:  # before the replay: fail fast
        raise CliError(f"there is no seat {as_seat}; seats are numbered 1–{save.players}")
    if verify:
        _, summary = verify_save(registry(), save, str(path))
        output.say(output.out, summary, "bold green")
    reg = registry()
    reg = with_bot_options(reg, parse_bot_options(reg, save.variant, bot_options or []))
    warnings = savefile.twice_notes(twice)  # as `show` warns
    with about(path):  # a damaged log: the moves before the damage, and why they stop there
        replay = Replay.as_far_as_it_goes(reg, save, warnings=warnings)
    for warning in warnings:
        output.warn(warning)
    if replay.stopped is not None:
        output.warn(output.stopped_note(path, replay))
    first = min(start or 0, len(replay))
    Stepper(replay, seat=None if as_seat is None else as_seat - 1, start=first).run()


YOU = " (you)"
"""How a game's panel (:meth:`Rules.turn_view`) marks the seat it is drawn for, the reader
at the table (``Anna (you): 50 Elektro``)."""


def _nobody_you(panel: str) -> str:
    """The mover's panel without :data:`YOU`: in a replay the reader is no seat's player,
    and the panel is drawn for whoever moved, step after step."""
    return panel.replace(YOU, "")


def _varies(rounds: list[tuple[int, list[int]]]) -> bool:
    """Whether a count by round differs anywhere (all alike says nothing of who leads)."""
    return len({value for _, values in rounds for value in values}) > 1


def _reflowed(text: str) -> str:
    """The help with each command's text on one line (a line 21 spaces in goes on the line
    before it), for :func:`output.say` to wrap at the console's width under the texts."""
    lines: list[str] = []
    for line in text.split("\n"):
        if lines and line.startswith(" " * 21):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return "\n".join(lines)
