"""``turbine play``: the interactive loop.

At each human decision the turn screen (:mod:`.screen`) is shown: the game's
compact panel for that seat, the question in words and the numbered legal moves
with their costs; a further step of the same action asks only the new question.
The whole board and the game's own views are commands.  A move is typed as its
number, its notation or a unique prefix of it; where the game takes one, a standing
order (``bid up to 25``, :meth:`Rules.standing_order`) plays the seat's moves for it
until it is done, each one an ordinary move of the log.  Bots move by themselves;
every move is announced with what the automatic steps after it did.
A seat changes hands mid-game: ``bot greedy`` gives the seat being asked to a
bot (a player who leaves), ``human 3`` gives seat 3 back to a person
(:meth:`Game.hand_over`); the save records who played each move.  When every
seat is a bot the game plays on to its end (after the last person handed theirs to a
bot, stopping at each round's start, where a seat may be taken back); Ctrl-C stops it,
saved.
The game is saved (atomically) after every move, so it can be resumed any time
with ``turbine play FILE``.
"""

from __future__ import annotations

import contextlib
import re
import shlex
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.text import Text
from turbine.core import Game, ParseError, StandingOrder, TurbineError
from turbine.core.layout import plural

from . import output, scoreboard, screen
from .common import (
    CliError,
    ask,
    ask_hint,
    did_you_mean,
    hint_bot,
    line_editing,
    play_move,
    replaceable,
    run_bots,
    save_game,
    saved_game,
)

HELP = """\
Type a move: its number, its notation, or the start of its notation.
Commands:
  moves [TEXT]   list the legal moves again (those starting with TEXT)
  board          show the whole board and the scores
  view NAME      one of the game's views (also typed as NAME alone):{views}
  ORDER          a standing order, where the game takes one, as listed under
                 the moves: it plays your moves until it is done, then you are
                 asked again{orders}
  log [N]        the last N actions and what followed each (incomes, scoring;
                 default 20; 'log all' for every one)
  undo           take back your last move (and the bot moves after it), unless
                 it showed something hidden (a card drawn); ends orders; another
                 person's move (friends at one terminal) only when typed twice
  hint [BOT]     the move a bot would make for you, from what your seat sees
                 (default: {hint}); nothing is played
  bot [N] NAME   hand seat N (default: yours) to a bot from now on, e.g. when a
                 player leaves; bots for this game: {bots}
  human N        hand seat N back to a person
  save [FILE]    save now (the game is also saved after every move);
                 with FILE, write a copy there and keep playing here
                 (over another saved game: 'save FILE --force')
  help [NAME]    this text ('help NAME': one command whole; 'help all': every
                 one whole, where a short terminal shows them a line each)
  quit           save and leave (resume with: turbine play FILE)"""

BRIEF = {
    "moves": "list the legal moves again",
    "board": "show the whole board and the scores",
    "view": "one of the game's views: {names}",
    "order": "a standing order, as listed under the moves",
    "log": "the last N actions and what followed each",
    "undo": "take back your last move",
    "hint": "the move a bot would make for you (nothing is played)",
    "bot": "hand seat N (default: yours) to a bot: {bots}",
    "human": "hand seat N back to a person",
    "save": "save now; with FILE, a copy there",
    "help": "this text; 'help NAME': one command whole; 'help all': all",
    "quit": "save and leave",
}
"""Each command in a line, for a terminal too short for :data:`HELP` (80 × 24): ``help
NAME`` shows its whole text."""


WATCHING = {"human", "log", "board", "quit", "exit", "q", "help", "?", "view", "save"}
WATCHING_HINT = "Every seat is a bot: Enter watches on; 'human N', 'log', 'board' or 'quit'."
"""What may be typed where the bots stop at a round's start (:meth:`PlaySession.watch_on`):
no move, since every seat is a bot's."""


def help_entries(text: str) -> dict[str, str]:
    """:data:`HELP`'s entries (formatted) by the command's name in lower case (``order`` for
    ``ORDER``), each with its continuation lines."""
    entries: dict[str, str] = {}
    name = ""
    for line in text.split("\n"):
        if re.match(r"  \S", line):
            name = line.split()[0].lower()
            entries[name] = line
        elif name and line.startswith("   "):
            entries[name] += "\n" + line
    return entries


def _reflowed(text: str) -> str:
    """The help with each command's text on one line, for :func:`output.say` to wrap at
    the terminal's width under the texts (a line of 17 spaces and text goes on the line
    before it; the views' lines, 19 spaces in, are wrapped already)."""
    lines: list[str] = []
    for line in text.split("\n"):
        if lines and line.startswith(" " * 17) and not line.startswith(" " * 19):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return "\n".join(lines)


class PlaySession:
    """One interactive session on the game saved at ``path``."""

    def __init__(self, path: Path, game: Game, handovers: Sequence[tuple[int, str]] = ()) -> None:
        self.path = path
        self.game = game
        self.handovers = list(handovers)
        """Seats to hand over when the session starts (``turbine play FILE --seat 3=human``)."""
        self.bots: dict[int, Any] = game.make_bots(seed_offset=len(game.log))
        self.console = output.out
        self.announcer = screen.Announcer(game, self.console)
        self.undo_asked = False
        """'undo' was asked to take back another person's move: the next line confirms it
        if it is 'undo' again."""
        self.shown_for: int | None = None
        """The seat whose turn screen is on display (``None``: none, or it was scrolled away)."""
        self.orders: dict[int, StandingOrder[Any, Any]] = {}
        """The standing orders in force, by seat (this session's only: saves keep the moves)."""
        self.saved = self.fingerprint()
        """What the file holds (:meth:`fingerprint`): a session that changes nothing writes nothing."""
        self.shown_round: int | None = None
        """The round of the last turn screen: a round that ended since is named above the next."""
        self.watching = False
        """Every seat was handed to a bot during this session: the bots stop at each round's
        start, so that a person can take a seat back (they played a round in a second)."""
        self.paused = False
        """The bots stopped at a round's start (:attr:`watching`)."""

    # -- the loop -----------------------------------------------------------------

    def run(self) -> None:
        game = self.game
        line_editing()
        self.say(f"{game.spec.name} · {self.path} · type 'help' for commands", "bold", kept=True)
        if self.console.width < screen.NARROWEST_SCREEN:
            self.say(
                f"The table needs {screen.NARROWEST_SCREEN} columns and this terminal has "
                f"{self.console.width}: a line too long is cut with …, and 'board', the views "
                "and 'moves' show it whole.",
                "dim",
            )
        if game.is_over:
            self.finish()
            return
        for seat, player in self.handovers:
            self.hand_over(seat, player)
        if len(self.bots) == game.players:
            self.say("Every seat is a bot: watching the game (Ctrl-C stops it, saved).", "dim")
        shown = False
        while True:
            try:
                advanced = self.advance()
            except KeyboardInterrupt:  # Ctrl-C while the bots play: leave, saved after the last move
                self.stopped()
                return
            if advanced:
                shown = False
                self.shown_for = None  # the bots' moves scrolled the panel away
            if game.is_over:
                self.finish()
                return
            if self.paused:  # every seat a bot: a round starts
                self.paused = False
                if self.watch_on() == "quit":
                    return
                continue
            if game.to_move in self.bots:  # the bot bound was hit
                self.say(f"The bots did not finish within {game.rules.decision_bound()} decisions.", "red")
                return
            if not shown:
                self.show_decision()
                shown = True
            line = self.read(f"{output.seat_label(game, game.to_move)} > ")
            if line is None:  # end of input: as quit
                self.console.print()
                self.quit()
                return
            result = self.handle(line)
            if result == "quit":
                return
            if result == "moved":
                shown = False

    def watch_on(self) -> str:
        """At a round's start with every seat a bot (:attr:`watching`): Enter plays on,
        ``human N`` takes a seat back, ``quit`` leaves; ``quit`` or ``stay``."""
        self.announcer.flush()
        game = self.game
        round_no = game.rules.round_number(game.state)
        while True:
            line = self.read(f"Round {round_no} starts · Enter: watch on, 'human N': take seat N, 'quit' > ")
            if line is None:
                self.console.print()
                self.quit()
                return "quit"
            if not line.strip():
                return "stay"
            if line.split()[0].lower() not in WATCHING:  # no one's move to type: the bots play
                meant = did_you_mean(line, sorted(WATCHING - {"?", "q"}))
                also = f" Did you mean {meant!r}?" if meant else ""
                self.say(f"{WATCHING_HINT}{also}", "yellow")
                continue
            if self.handle(line) == "quit":
                return "quit"
            if len(self.bots) < game.players:  # a seat taken back
                return "stay"

    def read(self, prompt: str) -> str | None:
        try:
            return ask(self.console, Text(prompt, style="bold cyan"))
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C: leave, saved
            return None

    def handle(self, line: str) -> str:
        """Act on one line of input; returns ``quit``, ``moved`` or ``stay``."""
        asked, self.undo_asked = self.undo_asked, False  # an undo asked is confirmed by the next line
        words = line.strip().split(maxsplit=1)
        if not words:
            return "stay"
        command, rest = words[0].lower(), (words[1].strip() if len(words) > 1 else "")
        if command in {"quit", "exit", "q"} and not rest:
            self.quit()
            return "quit"
        if command in {"help", "?"}:
            self.help(rest)
            return "stay"
        if command == "moves":
            screen.moves(self.game, prefix="" if rest == "all" else rest)
            return "stay"
        if command == "board" and not rest:
            output.board(self.game, self.game.to_move)
            self.shown_for = None
            return "stay"
        if command == "log" and (not rest or rest == "all" or (rest.isascii() and rest.isdigit())):
            output.action_log(self.game, last=None if rest == "all" else int(rest or 20))
            return "stay"
        if command == "log" and not any(  # unless a move of this game starts with it: the log was meant
            self.game.rules.describe(a).startswith("log") for a in self.game.legal()
        ):
            self.say(f"'log {rest}': give a number of actions or 'all' (log 20, log all)", "red")
            return "stay"
        views = self.game.views()
        if command == "view":
            if not rest or rest.split(maxsplit=1)[0].lower() not in views:
                unknown = f"{rest.split(maxsplit=1)[0]!r} is no view; " if rest else ""
                self.say(
                    f"{unknown}views: {', '.join(views)} ('help' says what each shows)"
                    if views
                    else "this game has no views",
                    "red",
                )
                return "stay"
            command, _, rest = rest.partition(" ")
            command = command.lower()
        if command in views:
            self.view(command, rest.strip())
            return "stay"
        if command == "undo" and not rest:
            return "moved" if self.undo(confirmed=asked) else "stay"
        if command == "undo" and not any(
            self.game.rules.describe(a).startswith("undo") for a in self.game.legal()
        ):
            self.say("'undo' takes nothing after it: it takes back your last move, one at a time", "yellow")
            return "stay"
        if command == "save":
            self.save_as(rest)
            return "stay"
        if command == "hint":
            self.hint(rest)
            return "stay"
        if command == "bot":
            return self.bot_command(rest)
        if command == "human":
            return self.human_command(rest)
        taken = self.give_order(line)
        if taken is not None:
            return "moved" if taken else "stay"
        return "moved" if self.move(line) else "stay"

    # -- moves ----------------------------------------------------------------------

    def move(self, text: str) -> bool:
        game = self.game
        try:
            moved = play_move(game, game.find(text), by="human")
        except ParseError as exc:
            said = str(exc)  # a suggestion ends the line
            meant = None if said.endswith("?") else self.meant(text)
            if meant is not None:
                said = f"{said}; did you mean {meant!r}?"
            self.say(said if said.endswith("?") else f"{said}; type 'moves' to list them", "red")
            return False
        except TurbineError as exc:  # an illegal move: the game's reason
            self.say(str(exc), "red")
            return False
        self.save()
        self.announcer.moved(moved)
        self.check_orders()
        return True

    def command_words(self) -> list[str]:
        """The words a line at the prompt may start with: the commands, the game's views,
        the first words of the legal moves and of the standing orders the game takes now."""
        game = self.game
        words = [name for name in help_entries(HELP) if name != "order"]
        words += game.views()
        if not game.is_over:
            words += [game.rules.describe(action).split(maxsplit=1)[0] for action in game.legal()]
            words += [form.split(maxsplit=1)[0] for form in game.rules.standing_orders(game.state)]
        return list(dict.fromkeys(word for word in words if word))

    def meant(self, text: str) -> str | None:
        """``text`` with its first word, which starts no command nor move, put right where it
        is a slip of one of :meth:`command_words` (``plase WM1L``: ``place WM1L``; ``hlep``:
        ``help``), for the refusal to suggest; ``None`` when no word is close."""
        return did_you_mean(text, self.command_words())

    def advance(self) -> bool:
        """Let bots and standing orders move until a human must decide; True if any moved."""
        moved = False
        while True:
            moved = self.run_bots() or moved
            if self.game.is_over or self.game.to_move in self.bots:  # over, or the bot bound was hit
                return moved
            if not self.run_order():
                return moved
            moved = True

    def run_bots(self) -> bool:
        """Let bots move until a human is to move (or, :attr:`watching`, a round starts);
        True if any moved."""
        moved = False
        game = self.game
        for bot_move in run_bots(game, self.bots, thinking=self.thinking):
            self.save()
            self.announcer.moved(bot_move, style="magenta")
            self.check_orders()
            moved = True
            if self.watching and bot_move.ended_round and not game.is_over and len(self.bots) == game.players:
                self.paused = True
                break
        return moved

    def thinking(self, seat: int) -> contextlib.AbstractContextManager[Any]:
        """While a bot chooses, a terminal shows who is thinking on a line of its own,
        which goes when the move is announced: a search bot may take seconds.  The action
        before, another seat's, is complete: it is said first."""
        if self.announcer.seat != seat:
            self.announcer.flush()
        return output.waiting(f"{output.seat_label(self.game, seat)} is thinking…", self.console)

    def hint(self, rest: str) -> None:
        """``hint [BOT]``: the move ``BOT`` would make for the seat to move (:func:`.common.ask_hint`);
        nothing is played or saved."""
        game = self.game
        if game.to_move is None:
            return
        try:
            name, action = ask_hint(game, rest, self.console)
        except CliError as exc:
            self.say(str(exc), "red")
            return
        number = game.legal().index(action) + 1
        self.say(f"{name} would play {number}. {game.rules.choice_text(game.state, action)}", "cyan")

    # -- standing orders --------------------------------------------------------------

    def give_order(self, text: str) -> bool | None:
        """Take ``text`` as a standing order of the seat to move: True once taken, False
        when refused (the reason is said, nothing changes), ``None`` if it is no order."""
        game = self.game
        seat = game.to_move
        if seat is None:
            return None
        try:
            order = game.rules.standing_order(game.state, seat, text)
        except TurbineError as exc:
            self.say(str(exc), "red")
            return False
        if order is None:
            return None
        self.orders[seat] = order
        return True

    def run_order(self) -> bool:
        """Play the move of the standing order of the seat to move, if it has one; an
        order that no longer applies, or whose move is not legal, ends and the seat is
        asked (True: a move was played)."""
        game = self.game
        seat = game.to_move
        order = self.orders.get(seat) if seat is not None else None
        if seat is None or order is None:
            return False
        reason = order.finished(game.state)
        action = None if reason else order.next_action(game.state)
        if action is None or action not in game.legal():
            self.end_order(seat, reason or f"'{order.text}' does not answer this decision: it ends")
            return False
        moved = play_move(game, action)
        self.save()
        self.announcer.moved(moved._replace(notation=f"{moved.notation} (order: {order.text})"))
        self.check_orders()
        return True

    def check_orders(self) -> None:
        """End the orders whose occasion is over (after every move), saying why."""
        for seat, order in list(self.orders.items()):
            reason = order.finished(self.game.state)
            if reason:
                self.end_order(seat, reason)

    def end_order(self, seat: int, reason: str) -> None:
        del self.orders[seat]
        self.announcer.flush()  # the moves that ended it come first
        self.say(f"{output.seat_label(self.game, seat)}: {reason}", "yellow")

    def undo(self, confirmed: bool = False) -> bool:
        """Back to the previous decision of a human seat.  Another person's move (two
        friends at one terminal) is taken back only when 'undo' is typed twice: the first
        says whose move it would take back."""
        game = self.game
        humans = [i for i, entry in enumerate(game.log) if game.played_by(entry) == "human"]
        if not humans:
            self.say("Nothing to undo.", "yellow")
            return False
        last = humans[-1]
        mine = game.to_move is None or game.log[last].seat == game.to_move
        people = [seat for seat, held in enumerate(game.seats) if held.player == "human"]
        shown = game.first_reveal(last, people)
        if shown is not None:  # taking it back would let a player choose again, knowing
            entry = game.log[shown]
            mover = output.seat_label(game, entry.seat)
            whose = (
                ("your move" if mine else f"the move of {mover}")
                if shown == last
                else f"the move after it ({mover})"
            )
            self.say(
                f"Cannot undo: {whose} '{entry.notation}' brought hidden information to light "
                "(what it drew is known now), which no undo takes back.",
                "yellow",
            )
            return False
        if not mine and not confirmed:
            entry = game.log[last]
            self.undo_asked = True
            self.say(
                f"'undo' would take back the move of {output.seat_label(game, entry.seat)} "
                f"('{entry.notation}'), not one of yours: type 'undo' again to take it back.",
                "yellow",
            )
            return False
        taken = [entry.notation for entry in game.log[last:]]
        self.orders.clear()  # given for the position that is taken back
        game.rewind(last)
        self.announcer.taken_back(last)  # the steps of an action under way that stay are said with it
        self.save()
        said = (
            " · ".join(taken)
            if len(taken) <= 3
            else f"{taken[0]} and {plural(len(taken) - 1, 'move')} after it"
        )
        self.say(f"Taken back: {said}; back to {game.where()}.", "yellow", kept=True)
        return True

    # -- who plays --------------------------------------------------------------------

    def bot_command(self, rest: str) -> str:
        """``bot NAME`` (the seat being asked) or ``bot N NAME``: a bot plays the seat from
        now on.  A bad seat or a bot that does not play this game: one line, no change."""
        game = self.game
        words = rest.split()
        if len(words) not in (1, 2):
            self.say(
                "bot takes a bot's name, after a seat number or not: 'bot greedy', 'bot 3 random'", "red"
            )
            return "stay"
        seat = game.to_move if len(words) == 1 else self.seat_from(words[0])
        name = words[-1].lower()
        if seat is None:
            return "stay"
        bots = game.registry.bots_for(game.spec.id)
        if name == "human":
            self.say(f"a person takes a seat with 'human {seat + 1}'", "red")
            return "stay"
        if name not in bots:
            seat_given = len(words) == 1 and name.isascii() and name.isdigit()  # 'bot 2': which bot?
            also = f" ('bot {name} {bots[0]}' hands seat {name} to one)" if seat_given and bots else ""
            self.say(
                f"no bot {words[-1]!r} plays {game.spec.name}; bots: {', '.join(bots) or 'none'}{also}", "red"
            )
            return "stay"
        changed = self.hand_over(seat, name)
        return "moved" if changed and seat == game.to_move else "stay"

    def human_command(self, rest: str) -> str:
        """``human N``: seat N is played by a person again (its moves are asked at the prompt)."""
        words = rest.split()
        if len(words) != 1:
            self.say(f"human takes a seat number: 'human {self.game.players}'", "red")
            return "stay"
        seat = self.seat_from(words[0])
        if seat is not None:
            self.hand_over(seat, "human")
        return "stay"

    def seat_from(self, text: str) -> int | None:
        """A seat number typed by the user, 0-based; ``None`` when there is no such seat
        (said)."""
        players = self.game.players
        if text.isascii() and text.isdigit() and 1 <= int(text) <= players:
            return int(text) - 1
        self.say(f"there is no seat {text!r}; seats are numbered 1–{players}", "red")
        return None

    def hand_over(self, seat: int, player: str) -> bool:
        """``seat`` is played by ``player`` (``human`` or a checked bot kind) from now on;
        said, and saved at once.  True if that changed who plays it."""
        game = self.game
        label = output.seat_label(game, seat)
        who = "a person" if player == "human" else f"the {player} bot"
        if not game.hand_over(seat, player):
            self.say(f"{label} is already played by {who}.", "yellow")
            return False
        if seat in self.orders:  # given by the seat's former player
            self.end_order(seat, f"'{self.orders[seat].text}' ends with the handover")
        if player == "human":
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = game.make_bot(seat, seed_offset=len(game.log))
        self.announcer.flush()
        self.say(f"{label} is now played by {who}.", "bold yellow", kept=True)
        if len(self.bots) == game.players and not game.is_over:
            self.watching = True  # the people left for a while: a pause at each round's start
            self.say(
                "Every seat is a bot now: the game plays on, and stops at the start of each round "
                "for you to watch on (Enter), take a seat back ('human N') or leave ('quit').",
                "dim",
            )
        self.save()
        return True

    def stopped(self) -> None:
        """Ctrl-C while bots played.  The move being made may be half done in memory, so
        nothing is saved now: the file holds the game after the last whole move (it is
        saved after every one)."""
        self.console.print()
        self.announcer.flush()
        seats = self.game.seats
        gone = [i + 1 for i, seat in enumerate(seats) if seat.kind == "human" and seat.player != "human"]
        number = str(gone[0]) if gone else "N"
        self.say(
            f"Stopped; {self.path} holds the game as it was after the last whole move. Resume with: "
            f"turbine play {self.path} (add --seat {number}=human to play a seat yourself)",
            "yellow",
        )

    # -- saving and leaving -----------------------------------------------------------

    def fingerprint(self) -> tuple[Any, ...]:
        """What a save of the game now would change in its file: the moves (their number and
        the last one) and who plays each seat."""
        log = self.game.log
        return len(log), log[-1] if log else None, tuple(seat.played_by for seat in self.game.seats)

    def save(self) -> bool:
        """Save to the game's file when the game changed since it was last written (opening
        a finished game, or quitting at once, leaves the file as it was); on failure say so
        and keep playing (``save FILE`` may help)."""
        now = self.fingerprint()
        if now == self.saved:
            return True
        try:
            save_game(self.game, self.path)
        except CliError as exc:
            self.say(f"{exc} (the game goes on; try 'save OTHERFILE')", "red")
            return False
        self.saved = now
        return True

    def save_as(self, text: str) -> None:
        """``save``, ``save FILE`` (a copy; not over another game without ``--force``); FILE
        read as a shell reads it (``save "my game.json"``)."""
        try:
            words = shlex.split(text)
        except ValueError as exc:  # a quote not closed
            self.say(f"save {text}: {exc}; write the file's name as in a shell", "red")
            return
        force = "--force" in words
        other = " ".join(word for word in words if word != "--force")
        if not other or Path(other).resolve() == self.path.resolve():
            if self.save():
                self.say(f"Saved to {self.path}.")
            return
        head = saved_game(Path(other))
        # another game, this one further on, or a later turbine's save
        kept = head is not None and (head.later or not head.earlier_copy_of(self.game))
        if kept and not force and not replaceable(Path(other), bots_may_go=True):
            holds = (
                head.said()
                if head is not None and head.later
                else "holds another saved game (or this one further on)"
            )
            self.say(f"{other} {holds}; save to another file, or 'save FILE --force' to replace it", "red")
            return
        if head is None and Path(other).exists() and not force:  # notes, another program's file
            self.say(
                f"{other} exists and is no saved game; save to another file, or 'save FILE --force' "
                "to replace it",
                "red",
            )
            return
        try:
            save_game(self.game, other)
        except CliError as exc:
            self.say(str(exc), "red")
            return
        self.say(f"Saved a copy to {other}; still playing in {self.path}.")

    def quit(self) -> None:
        self.announcer.flush()
        if self.save():
            self.say(f"Saved to {self.path}. Resume with: turbine play {self.path}")

    # -- display ----------------------------------------------------------------------

    def show_decision(self) -> None:
        """The turn screen; only the question when the same seat goes on with the
        action it started (the panel above it still holds)."""
        game = self.game
        if self.shown_for == game.to_move and game.rules.continues_turn(game.state):
            screen.question(game, self.console, rows=screen.question_rows(game, self.console))
        else:
            self.announcer.flush()  # the actions that led here, each complete
            now = game.rules.round_number(game.state)
            ended = self.shown_round if self.shown_round is not None and now != self.shown_round else None
            screen.decision(game, self.console, said=self.announcer.said(), ended=ended)
            self.shown_round = now
        self.shown_for = game.to_move

    def view(self, name: str, arg: str) -> None:
        """One of the game's own views (``map``, ``market``, ``company 2`` …)."""
        game = self.game
        try:
            output.lay_out(game, self.console)
            text = game.render_view(game.to_move, name, arg)
        except ParseError as exc:
            self.say(str(exc), "red")
            return
        output.rule(self.console, Text(f"{game.spec.name} · {name} {arg}".rstrip(), style="bold"))
        output.print_wrapped(self.console, output.game_text(text))
        self.shown_for = None

    def help_text(self) -> str:
        views = self.game.views()
        width = max([10, *(len(name) + 1 for name in views)])  # a space at least after the longest
        columns = max(40, self.console.width)
        listed = "".join(  # a long description wraps under itself, not under the commands
            "\n"
            + textwrap.fill(
                f"{name:<{width}} {what}",
                columns,
                initial_indent=" " * 19,
                subsequent_indent=" " * (20 + width),
                break_on_hyphens=False,
            )
            for name, what in views.items()
        )
        game = self.game
        forms = game.rules.standing_orders(game.state) if not game.is_over else []
        now = "".join(f"\n                   {form}" for form in forms)
        bots = ", ".join(game.registry.bots_for(game.spec.id))
        return HELP.format(
            views=listed or " (this game has none)",
            orders=now and "; now:" + now,
            bots=bots or "none",
            hint=self.default_hint(),
        )

    def help(self, about: str = "") -> None:
        """The commands: all of them whole where the terminal has the rows, else each in a
        line (:data:`BRIEF`); ``about`` names one to show whole, or ``all``."""
        text = _reflowed(self.help_text())
        hang = " " * 15  # under the commands' texts
        wanted = about.strip().lower()
        if wanted in {"", "all"}:
            width = self.console.width
            rows = sum(len(output.wrap(line, width, hang=hang)) for line in text.split("\n"))
            if wanted or rows < screen.screen_lines(self.console):  # the prompt takes a row
                output.say(self.console, text, hang=hang)
                return
            output.say(self.console, self.brief_help(), hang=hang)
            return
        entries = help_entries(text)
        entry = entries.get(wanted)
        if entry is None:
            self.say(f"{about!r} is no command; commands: {', '.join(entries)}", "yellow")
            return
        output.say(self.console, entry, hang=hang)

    def brief_help(self) -> str:
        """:data:`BRIEF`: each command in a line, under the same first line as the whole help."""
        full = self.help_text()
        names = ", ".join(self.game.views()) or "none"
        bots = ", ".join(self.game.registry.bots_for(self.game.spec.id)) or "none"
        lines = [full.split("\n")[0] + " Commands:"]
        for name, entry in help_entries(full).items():
            usage = entry.split("\n")[0][:17].rstrip()
            lines.append(f"{usage:<17}{BRIEF[name].format(names=names, bots=bots)}")
        return "\n".join(lines)

    def default_hint(self) -> str:
        """The bot ``hint`` asks unless told another, for the help text."""
        try:
            return hint_bot(self.game)
        except CliError:
            return "none in this game"

    def finish(self) -> None:
        game = self.game
        self.announcer.flush()
        self.save()
        output.board(game, None, title=f"{game.spec.name} · game over", with_scores=False)
        scoreboard.print_scores(game, final=True)
        self.say(output.winners_line(game), "bold green")

    def say(self, text: str, style: str = "", kept: bool = False) -> None:
        """A message of the session (a hint, a refusal, a handover), each line wrapped as the
        announcements are: its continuations indented under its start; ``kept``: a short
        terminal keeps it in view above the screen that follows (what ``undo`` took back),
        as it keeps what was just said."""
        output.say(self.console, text, style)
        if kept:
            self.announcer.lines += len(output.wrap(text, self.console.width))
