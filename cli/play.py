"""``turbine play``: the interactive loop.

At each human decision the turn screen (:mod:`.screen`) is shown: the game's
compact panel for that seat, the question in words and the numbered legal moves
with their costs; a further step of the same action asks only the new question.
The whole board and the game's own views are commands.  A move is typed as its
number, its notation or a unique prefix of it.  Bots move by themselves; every
move is announced with what the automatic steps after it did.
The game is saved (atomically) after every move, so it can be resumed any time
with ``turbine play FILE``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from turbine.core import Game, ParseError, TurbineError

from . import output, screen
from .common import CliError, play_move, run_bots, save_game

HELP = """\
Type a move: its number, its notation, or the start of its notation.
Commands:
  moves [TEXT]   list the legal moves again (those starting with TEXT)
  board          show the whole board and the scores
  view NAME      one of the game's views (also typed as NAME alone):{views}
  log [N]        the last N actions (default 20; 'log all' for every one)
  undo           take back your last move (and the bot moves after it)
  save [FILE]    save now (the game is also saved after every move);
                 with FILE, write a copy there and keep playing here
  help           this text
  quit           save and leave (resume with: turbine play FILE)"""


class PlaySession:
    """One interactive session on the game saved at ``path``."""

    def __init__(self, path: Path, game: Game) -> None:
        self.path = path
        self.game = game
        self.bots: dict[int, Any] = game.make_bots(seed_offset=len(game.log))
        self.console = output.out
        self.announcer = screen.Announcer(game, self.console)
        self.shown_for: int | None = None
        """The seat whose turn screen is on display (``None``: none, or it was scrolled away)."""

    # -- the loop -----------------------------------------------------------------

    def run(self) -> None:
        game = self.game
        self.say(f"{game.spec.name} · {self.path} · type 'help' for commands", "bold")
        if game.is_over:
            self.finish()
            return
        if len(self.bots) == game.players:
            self.say("Every seat is a bot: watching the game.", "dim")
        shown = False
        while True:
            if self.run_bots():
                shown = False
                self.shown_for = None  # the bots' moves scrolled the panel away
            if game.is_over:
                self.finish()
                return
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

    def read(self, prompt: str) -> str | None:
        try:
            return self.console.input(Text(prompt, style="bold cyan"))
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C: leave, saved
            return None

    def handle(self, line: str) -> str:
        """Act on one line of input; returns ``quit``, ``moved`` or ``stay``."""
        words = line.strip().split(maxsplit=1)
        if not words:
            return "stay"
        command, rest = words[0].lower(), (words[1].strip() if len(words) > 1 else "")
        if command in {"quit", "exit", "q"} and not rest:
            self.quit()
            return "quit"
        if command in {"help", "?"} and not rest:
            self.console.print(Text(self.help_text()))
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
        views = self.game.rules.views()
        if command == "view" and rest.split(maxsplit=1)[0].lower() in views:
            command, _, rest = rest.partition(" ")
        if command in views:
            self.view(command, rest.strip())
            return "stay"
        if command == "undo" and not rest:
            return "moved" if self.undo() else "stay"
        if command == "save":
            self.save_as(rest)
            return "stay"
        return "moved" if self.move(line) else "stay"

    # -- moves ----------------------------------------------------------------------

    def move(self, text: str) -> bool:
        game = self.game
        try:
            moved = play_move(game, game.find(text))
        except ParseError as exc:
            self.say(f"{exc}; type 'moves' to list them", "red")
            return False
        except TurbineError as exc:  # an illegal move: the game's reason
            self.say(str(exc), "red")
            return False
        self.save()
        self.announcer.moved(moved)
        return True

    def run_bots(self) -> bool:
        """Let bots move until a human is to move; True if any moved."""
        moved = False
        for bot_move in run_bots(self.game, self.bots):
            self.save()
            self.announcer.moved(bot_move, style="magenta")
            moved = True
        return moved

    def undo(self) -> bool:
        """Back to the previous decision of a human seat."""
        game = self.game
        humans = [i for i, entry in enumerate(game.log) if game.seats[entry.seat].kind == "human"]
        if not humans:
            self.say("Nothing to undo.", "yellow")
            return False
        last = humans[-1]
        undone = len(game.log) - last
        game.rewind(last)
        self.save()
        self.say(f"Undone {undone} action{'s' if undone != 1 else ''}; back to {game.where()}.", "yellow")
        return True

    # -- saving and leaving -----------------------------------------------------------

    def save(self) -> bool:
        """Save to the game's file; on failure say so and keep playing (``save FILE`` may help)."""
        try:
            save_game(self.game, self.path)
        except CliError as exc:
            self.say(f"{exc} (the game goes on; try 'save OTHERFILE')", "red")
            return False
        return True

    def save_as(self, other: str) -> None:
        if not other:
            if self.save():
                self.say(f"Saved to {self.path}.")
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
            screen.question(game, self.console)
        else:
            self.announcer.flush()  # the actions that led here, each complete
            screen.decision(game, self.console)
        self.shown_for = game.to_move

    def view(self, name: str, arg: str) -> None:
        """One of the game's own views (``map``, ``market``, ``company 2`` …)."""
        game = self.game
        try:
            text = game.rules.render_view(game.state, game.to_move, name, arg)
        except ParseError as exc:
            self.say(str(exc), "red")
            return
        output.rule(self.console, Text(f"{game.spec.name} · {name} {arg}".rstrip(), style="bold"))
        output.print_wrapped(self.console, output.game_text(text))
        self.shown_for = None

    def help_text(self) -> str:
        views = self.game.rules.views()
        listed = "".join(f"\n                   {name:<10} {what}" for name, what in views.items())
        return HELP.format(views=listed or " (this game has none)")

    def finish(self) -> None:
        game = self.game
        self.announcer.flush()
        self.save()
        output.board(game, None, title=f"{game.spec.name} · game over", with_scores=False)
        output.scores(game, final=True)
        self.say(output.winners_line(game), "bold green")

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))
