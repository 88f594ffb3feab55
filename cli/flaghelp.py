"""Flags shown as flags in ``--help``: without the ``<bool>`` of a value they do not take.

typer (0.29) draws its rich help's type column from ``TyperOption.display_type_rich``,
which gives every option's type, flags included: ``--json <bool>``, ``--help -h <bool>``,
``--install-completion <bool>``.  A flag takes no value, so a metavar beside it reads as
if it wanted one (``--json true``), while typer's own plain help
(``TyperOption.get_help_record``) already leaves it out.  ``metavar=""`` on turbine's
flags would not reach the options typer makes itself (``--help``, the completion
options) nor a plugin's commands, so this one override covers them all, and an option
that takes a value keeps its metavar (``<int>``, ``KEY=VALUE``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from typer.core import TyperOption

_MARK = "_turbine_flags_without_metavar"
"""Set on the override, so that applying it twice wraps typer's method once."""


def show_flags_without_metavar() -> None:
    """Make the help show no type beside a flag (an on/off option or a counted one).

    Does nothing on a typer that does not draw the type column from
    ``display_type_rich`` (the method is then absent), and when already applied."""
    original: Callable[..., str | None] | None = getattr(TyperOption, "display_type_rich", None)
    if original is None or getattr(original, _MARK, False):
        return

    @functools.wraps(original)
    def display_type_rich(self: TyperOption, ctx: Any) -> str | None:
        if self.is_flag or self.count:  # `--json`, `-vvv`: nothing follows the name
            return None
        return original(self, ctx)

    setattr(display_type_rich, _MARK, True)
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]
