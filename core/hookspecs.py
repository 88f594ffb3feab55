"""Turbine's hook specifications, all in one place.

A plugin is a module (or object) registered under the entry-point group
``turbine.plugins``.  It exposes ``PLUGIN_INFO`` (:class:`~turbine.core.specs.PluginInfo`)
and implements any of the hooks below with ``@turbine.core.hookimpl``.

Two kinds of hooks:

* **Registry hooks** (:class:`RegistrySpecs`) are called once when turbine
  starts, on every installed plugin: they say what a plugin provides.
* **Game hooks** (:class:`GameSpecs`) are called inside one game, on a plugin
  manager that holds only the plugins active in that game (the variant's plugin,
  the plugins it requires and the chosen expansions).  A variant adds its own
  game hooks (``VariantSpec.hookspecs``) the same way, for its expansions.
  Hook callers are looked up once per game, never per candidate move.

Every hook here is called by the core itself (the registry, the phase
machine, :class:`~turbine.core.session.Game`), never left to each game to
remember; ``tests/test_hooks_called.py`` plays games of every installed
variant and names any hook that is never called.  A game plugin manager
refuses an implementation whose name is no hook of that game (a typo, or a
hook of another game), unless it is marked ``@hookimpl(optionalhook=True)``.
"""

from __future__ import annotations

from typing import Any

import pluggy

PROJECT = "turbine"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


class RegistrySpecs:
    """What an installed plugin provides."""

    @hookspec
    def turbine_variants(self) -> list[Any]:
        """Return the :class:`~turbine.core.specs.VariantSpec` s this plugin provides."""

    @hookspec
    def turbine_expansions(self) -> list[Any]:
        """Return the :class:`~turbine.core.specs.ExpansionSpec` s this plugin provides.

        The plugin that returns an expansion is the one activated in a game that
        chooses it, so it should ``require`` its base variant's plugin.
        """

    @hookspec
    def turbine_bots(self) -> list[Any]:
        """Return the :class:`~turbine.core.specs.BotSpec` s this plugin provides."""

    @hookspec
    def turbine_cli_commands(self) -> list[Any]:
        """Return ``(name, function)`` pairs to add as ``turbine NAME`` commands.

        Each function is registered with ``typer.Typer.command(name)``, so its
        parameters become the command's arguments and options.
        """


class GameSpecs:
    """Hooks inside one game (only the game's active plugins are called)."""

    @hookspec
    def turbine_setup(self, rules: Any, state: Any) -> None:
        """Called once after a new game's initial state is built, before round 1.

        May change ``state`` (add components, adjust markets).  The core calls it
        from :meth:`~turbine.core.flow.PhaseMachine.start`, which every game's
        ``initial_state`` ends with, so the hook sees the game's complete setup
        and runs before the first phase begins.
        """

    @hookspec
    def turbine_state_parts(self) -> list[Any] | None:
        """Return the :class:`~turbine.core.state.StatePart` s the plugin keeps in the game's state.

        The core calls it once per game, when the rules are made
        (:class:`~turbine.core.rules.Rules`' constructor), and types the game's
        ``ext`` records with the answers (:attr:`~turbine.core.rules.Rules.shared_ext`,
        :attr:`~turbine.core.rules.Rules.seat_ext`): an expansion's data then lives
        in the state, so a save's replay, undo, clones and digests keep it.  Put the
        records there in ``turbine_setup``; they are ``None`` until then.
        """

    @hookspec
    def turbine_view(self, rules: Any, state: Any, seat: int | None) -> None:
        """Hide, in ``state``, what ``seat`` may not see of this plugin's own records (its
        ``turbine_state_parts``: a face-down stack, a hidden hand); ``None`` is a spectator.

        The core calls every active plugin from :meth:`~turbine.core.rules.Rules.view`,
        after the game's own :meth:`~turbine.core.rules.Rules.hide`, on a copy that only
        the view owns, so bots, the table's screens and pictures all see the records as
        the seat does.  Hiding must be idempotent (a view of a view is the same view):
        overwrite what is hidden with placeholders, keep what shows (sizes, counts).
        """

    @hookspec
    def turbine_determinise(self, rules: Any, state: Any, seat: int, rng: Any) -> None:
        """Deal again, in ``state``, what this plugin's ``turbine_view`` hid from ``seat``:
        from the items seen nowhere in it, at random from ``rng`` (a
        :class:`~turbine.core.rng.Rng`), each once.

        The core calls every active plugin from
        :meth:`~turbine.core.rules.Rules.determinise`, after the game's own
        :meth:`~turbine.core.rules.Rules.redeal`, on the copy searching bots play on.
        """

    @hookspec
    def turbine_phase_begin(self, rules: Any, state: Any, phase: str) -> None:
        """Called when ``phase`` starts, after the game's own ``begin`` step."""

    @hookspec
    def turbine_phase_end(self, rules: Any, state: Any, phase: str) -> None:
        """Called when every seat is done with ``phase``, after the game's ``end`` step."""

    @hookspec
    def turbine_round_end(self, rules: Any, state: Any) -> None:
        """Called after the last phase of a round and the game's end-of-round step."""

    @hookspec
    def turbine_render_extra(self, rules: Any, state: Any, seat: int | None) -> str | None:
        """Return extra text for the board view (an expansion's own components).

        The core calls it whenever a game's board is shown
        (:meth:`~turbine.core.session.Game.render`) and puts each non-empty
        answer on its own line under the game's own rendering; ``None`` or
        ``""`` adds nothing.
        """

    @hookspec
    def turbine_views(self, rules: Any) -> dict[str, str] | None:
        """Return the views this plugin adds beside the game's own (:meth:`Rules.views`),
        by name, each with a line saying what it shows (an expansion's own board).

        The core lists them with the game's views (:meth:`~turbine.core.session.Game.views`),
        so ``help`` names them and ``view NAME`` or ``turbine show --view NAME`` shows
        one; a name the game itself uses stays the game's.
        """

    @hookspec(firstresult=True)
    def turbine_render_view(
        self, rules: Any, state: Any, seat: int | None, name: str, arg: str
    ) -> str | None:
        """Return the text of view ``name`` for ``seat`` (``None``: everything) if this
        plugin added it in :meth:`turbine_views`, else ``None``; ``arg`` narrows it, and
        an argument the plugin cannot read raises :class:`~turbine.core.errors.ParseError`.
        The core calls it when the view is asked for
        (:meth:`~turbine.core.session.Game.render_view`)."""

    @hookspec
    def turbine_draw(self, rules: Any, state: Any, seat: int | None, canvas: Any) -> None:
        """Draw this plugin's part of the board picture on ``canvas``.

        ``canvas`` is a :class:`~turbine.core.drawing.Canvas`; ask it for a panel
        (``canvas.panel(key, title, width, height)``) and put shapes in it.  The
        core calls every active plugin (:func:`turbine.core.drawing.draw`, used by
        ``turbine show --svg`` and ``turbine replay --html``), so the game draws its
        board and each expansion adds its own components.  ``state`` is already
        what ``seat`` may see (``None``: everything).
        """
