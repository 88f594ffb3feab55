"""turbine.cli: the ``turbine`` command line (typer + rich).

The command line knows no game: it uses the core API (:class:`turbine.core.Game`,
the save file module) and the plugin registry only.  ``python -m turbine.cli``
is the same as ``turbine``.

Commands
========

``turbine variants [VARIANT] [--json]``
    Installed variants, a short table: name, player range, expansions, bots and how
    many options; with VARIANT, that one's options in full (name, type, default,
    allowed values or bounds, description, from the variant's pydantic model).
``turbine plugins [--json]``
    Every plugin with its status (``ok``, or ``broken`` and why it is left out),
    version, requirements and source.
``turbine new VARIANT --out FILE [--players N] [--seed S] [--option K=V]… [--with EXP]…``
``[--seats human,random,…] [--force]``
    Writes a new game.  Seats default to all human; the player count to the
    number of seats listed, else the variant's minimum (one kind with
    ``--players`` fills every seat).  The seed defaults to **0**, so the same
    command always makes the same game.  Option values are read as JSON when
    that fits the option's type (``rounds=3``, ``fast=true``) and as text
    otherwise (``map=japan``).  An existing FILE is kept unless ``--force``.
    If bots are first to move they move at once, up to the first human turn.
``turbine play FILE``
    Interactive: the turn screen (:mod:`.screen`: the game's compact panel, who
    decides what, the numbered legal moves with their costs; a further step of
    the same action asks only the new question).  A move is its number, its
    notation or a unique prefix.  Commands: ``help``, ``moves [TEXT]``,
    ``board``, the game's views (``map``, ``company 2`` …), ``log [N|all]`` (one
    line per action), ``undo`` (back to the previous human decision), ``save
    [OTHERFILE]``, ``quit``; end of input acts as ``quit``.  Bots move by
    themselves; every action is announced on one line with what the automatic
    steps after it did; the file is saved atomically after every move.  It refuses (exit 2) when stdin is not
    a terminal, unless ``TURBINE_NO_TTY_CHECK=1`` is set or the hidden flag
    ``--no-tty-check`` is given (how the tests drive it through a pipe).
``turbine legal FILE [--json]``
    The moves of the seat to move; JSON: ``{"seat", "kind", "where", "over",
    "moves": [{"index", "notation", "choice", "action"}]}``, seats and indexes
    from 1; ``choice`` is the menu's text (with the cost), ``action`` the move as
    data in the notation's terms (``Rules.action_terms``).
``turbine move FILE "NOTATION" [--as SEAT]``
    Applies one move (number, notation or unique prefix) for the seat to move,
    then lets bot seats move until a human is to move or the game ends, and
    saves.  An illegal or unparsable move exits 2 and leaves FILE unchanged.
    ``--as`` refuses the move unless that seat is to move (play by mail).
``turbine show FILE [--as SEAT] [--view NAME] [--json]``
    The state as a seat sees it (``rules.view``); default the seat to move,
    and everything once the game is over.  ``--view`` shows one of the game's
    views instead of the whole board (``--view list`` names them).
``turbine replay FILE [--to N] [--verify]``
    Rebuilds from seed and log, prints the log with step numbers and the state
    after N actions (default all).  ``--verify`` replays the whole log, checks
    every stored digest and every notation, and exits 2 on any mismatch.
``turbine simulate VARIANT --games N [--players N] [--seed S] [--bots KIND[,KIND…]]``
``[--option K=V]… [--with EXP]… [--out DIR] [--json]``
    Bot-only games; game i uses seed S+i.  A game that reaches
    ``rules.decision_bound()`` counts as not finished and is listed; a game
    whose rules raise is listed as an error (exit 1).  ``--out`` writes
    ``game-NNNN-seedS.json`` per game.
``turbine bench VARIANT [--players N] [--seconds T] [--option K=V]… [--with EXP]… [--json]``
    Decisions, full games, replayed actions and save+load cycles per second,
    and ms per game, measured for about T seconds in all (default 3).
``turbine schema``
    The JSON Schema of the save file.

Plugins add commands through the ``turbine_cli_commands`` hook (never over a
built-in name); a plugin that declares its commands (``turbine.commands`` entry
points) is imported only for a command line that can reach one (``--help``, a
plugin's command, ``plugins``).  A command imports only the game it plays: the
``turbine.variants`` and ``turbine.expansions`` entry points name each game's
plugin before it is imported (docs/writing-plugins.md, "How turbine finds a
plugin"); ``variants``, ``plugins`` and completion import every plugin.
``turbine --version`` is answered by :mod:`.launch` before the app is imported at all.

Shell completion (``turbine --install-completion``, or ``--show-completion
SHELL`` to see the script) completes variant ids, bot names, expansion ids and
option keys (``NAME=``, ``EXPANSION.NAME=``) from the installed plugins
(:mod:`.completion`).

Exit codes: 0 success; 2 bad input (a :class:`~turbine.core.TurbineError`
such as an unreadable save, an illegal move, bad options, a missing plugin; or
a usage error), reported as one line ``turbine: error: …`` on stderr; 1 an
internal error, with its traceback (its first line names the installed plugin
whose code raised, when it was one's, so that the report goes to its authors).
A plugin whose version differs from the one a save was made with gives a
``turbine: warning: …`` line on stderr.
"""
