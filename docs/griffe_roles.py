"""A griffe extension for the API pages: the Sphinx roles of turbine's docstrings
(:class:`~turbine.core.rules.Rules`, :meth:`apply`) shown as the code they name
(``Rules``, ``apply()``), not as raw role markup.

The docstrings keep their roles, which read well in the source and in ``help()``;
mkdocstrings renders docstrings as Markdown, which has no roles."""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(\w+):`(~?)([^`<]*?)\s*(?:<([^`>]+)>)?`")
"""``:kind:`target``` or ``:kind:`title <target>```, ``~`` for the target's last part."""

CALLED = {"meth", "func"}
"""Roles whose name is shown with ``()``, as Sphinx shows them."""


def shown(match: re.Match[str]) -> str:
    kind, last, text, target = match.groups()
    if target:  # an explicit title
        return f"`{text}`"
    name = text.lstrip("!.")
    if last:
        name = name.rpartition(".")[2]
    return f"`{name}()`" if kind in CALLED else f"`{name}`"


def plain(docstring: str) -> str:
    """``docstring`` with each role replaced by the code it names."""
    return ROLE.sub(shown, docstring)


class SphinxRoles(griffe.Extension):
    """Rewrites every object's docstring as it is loaded."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain(obj.docstring.value)
