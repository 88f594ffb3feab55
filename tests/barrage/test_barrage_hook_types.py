"""Barrage's hooks are typed against its public API, and every implementation of them
in this repository (Barrage's own, Leeghwater's, the examples') declares the types its
spec declares: the spec is the contract a plugin author reads, so an implementation
that says less (``Any``) or something else would be a second, diverging contract."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from turbine.plugins.barrage import base_plugin
from turbine.plugins.barrage.hookspecs import BarrageSpecs
from turbine.plugins.leeghwater import plugin as leeghwater
from turbine_barrage_grants import plugin as grants  # installed with the tests, as the README says

SPECS = {name: f for name, f in vars(BarrageSpecs).items() if name.startswith("barrage_")}


def _implementations() -> Iterator[tuple[str, Callable[..., Any]]]:
    for owner in (leeghwater, base_plugin.BarrageBase, grants):
        for name, f in vars(owner).items():
            if name in SPECS:
                yield f"{owner.__name__}.{name}", f


IMPLEMENTATIONS = sorted(_implementations(), key=lambda item: item[0])


def _annotations(f: Callable[..., Any]) -> dict[str, str]:
    """Parameter annotations as written (the modules use postponed annotations, so
    these are the source text; ``""`` for none), ``self`` left out."""
    return {
        name: "" if p.annotation is inspect.Parameter.empty else str(p.annotation)
        for name, p in inspect.signature(f).parameters.items()
        if name != "self"
    }


def test_no_spec_parameter_is_untyped():
    for name, spec in SPECS.items():
        loose = [p for p, text in _annotations(spec).items() if text in ("Any", "")]
        assert not loose, f"{name}: {loose} untyped or typed Any"


def test_the_implementations_were_found():
    owners = {name.rsplit(".", 1)[0] for name, _ in IMPLEMENTATIONS}
    assert owners == {"turbine.plugins.leeghwater.plugin", "BarrageBase", "turbine_barrage_grants.plugin"}
    assert len(IMPLEMENTATIONS) >= 25


@pytest.mark.parametrize(("name", "impl"), IMPLEMENTATIONS, ids=[name for name, _ in IMPLEMENTATIONS])
def test_an_implementation_declares_its_specs_types(name, impl):
    spec = _annotations(SPECS[impl.__name__])
    own = _annotations(impl)
    assert set(own) <= set(spec), f"{name} takes arguments its spec does not give: {set(own) - set(spec)}"
    for argument, text in own.items():
        assert text == spec[argument], f"{name}({argument}: {text}), spec says {spec[argument]}"
    # the spec's return type, or that type without its ``None`` (an implementation that always answers)
    returns, promised = _returns(impl), _returns(SPECS[impl.__name__])
    assert returns in (promised, promised.removesuffix(" | None")), (
        f"{name} -> {returns}, spec says {promised}"
    )


def _returns(f: Callable[..., Any]) -> str:
    return str(inspect.signature(f).return_annotation)
